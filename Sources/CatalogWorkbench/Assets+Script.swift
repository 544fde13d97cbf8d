extension Assets {
    /// The whole script: its two halves, one literal each (a file holds at most 400 lines).
    static let script = scriptPage + scriptForm
    static let scriptPage = #"""
// The workbench's one script (served from the binary as /static/app.js). It never builds markup
// from strings: every value goes into the page as textContent or a form value.
"use strict";
(function () {
  const body = document.body;
  const page = body.dataset.page;
  const $ = (s, r) => (r || document).querySelector(s);
  const $$ = (s, r) => Array.from((r || document).querySelectorAll(s));
  const text = (el, s) => { if (el) el.textContent = s; };
  const keys = {};

  const editorInput = $("#editor");
  if (editorInput) {
    editorInput.value = localStorage.getItem("catalog-editor") || "";
    editorInput.addEventListener("input", () => localStorage.setItem("catalog-editor", editorInput.value.trim()));
  }
  // The name a write goes under: the page's, else the server's; shown before any save.
  const editor = () => (editorInput ? editorInput.value.trim() : "") || body.dataset.defaultEditor || "";
  const showEditor = () => text($("#saving-as"), editor() ? " · saving as " + editor() : " · no name: set yours (top right) to save");
  if (editorInput) editorInput.addEventListener("input", showEditor);

  async function call(method, url, payload, headers) {
    const h = Object.assign({ "Content-Type": "application/json" }, headers || {});
    const r = await fetch(url, { method, headers: h, credentials: "same-origin", body: payload === undefined ? undefined : JSON.stringify(payload) });
    let data = null;
    try { data = await r.json(); } catch (e) { data = null; }
    return { status: r.status, data, etag: r.headers.get("ETag") };
  }
  const errorText = (r) => "error " + r.status + (r.data && r.data.error ? ": " + r.data.error : "");

  const help = $("#help");
  const toggleHelp = () => { if (help.open) help.close(); else help.showModal(); };
  const helpLink = $("#help-link");
  if (helpLink) helpLink.addEventListener("click", (e) => { e.preventDefault(); toggleHelp(); });
  const helpClose = $("#help-close");
  if (helpClose) helpClose.addEventListener("click", () => help.close());

  // Shortcuts are off while typing into a text field.
  const typing = (t) => t && (t.tagName === "TEXTAREA" || (t.tagName === "INPUT" && ["text", "number", "search"].includes(t.type)));
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
    if (e.key === "?") { e.preventDefault(); toggleHelp(); return; }
    const f = keys[e.key];
    if (f) { e.preventDefault(); f(e); }
  });

  if (page === "queue") {
    const rows = $$("tr.item");
    let at = -1;
    const select = (i) => {
      if (!rows.length) return;
      at = Math.max(0, Math.min(rows.length - 1, i));
      rows.forEach((r, j) => r.classList.toggle("selected", j === at));
      rows[at].scrollIntoView({ block: "nearest" });
    };
    keys.j = () => select(at + 1);
    keys.k = () => select(at - 1);
    keys.Enter = () => { if (at >= 0) location.href = rows[at].dataset.href; };
    keys["/"] = () => $("#search").focus();
    rows.forEach((r, i) => r.addEventListener("click", (e) => { if (e.target.tagName !== "A") select(i); }));
    // The order this page's filter gives is the order the editor walks: kept for the session.
    const params = new URLSearchParams(location.search);
    params.set("offset", "0");
    params.set("limit", "1000000");
    call("GET", "/api/queue?" + params.toString()).then((r) => { if (r.status === 200) keepQueue(r.data.items); });
  }

  // The session's queue: record names in the order the editor started with. Save-and-next, j, k
  // and n walk it, so a record saved (and so leaving the filter) never reorders what is left.
  const SESSION = "catalog-session-queue";
  function keepQueue(items) { sessionStorage.setItem(SESSION, JSON.stringify(items.map((i) => i.source + ":" + i.id))); }
  function sessionQueue() { try { return JSON.parse(sessionStorage.getItem(SESSION)) || []; } catch (e) { return []; } }
  async function queueWith(name) {
    let names = sessionQueue();
    if (!names.includes(name)) {
      const r = await call("GET", "/api/queue?limit=1000000");
      if (r.status !== 200) return [name];
      keepQueue(r.data.items);
      names = sessionQueue();
      if (!names.includes(name)) { names = [name].concat(names); sessionStorage.setItem(SESSION, JSON.stringify(names)); }
    }
    return names;
  }


  // The record page: the form as the API's review body, saved with the ETag it was loaded with.
  const list = (el, items) => el.replaceChildren(...items.map((s) => { const li = document.createElement("li"); li.textContent = s; return li; }));
  const findingText = (f) => "[" + f.rule + "] " + (f.field ? f.field + ": " : "") + f.message + (f.excepted ? " (excepted)" : "") + (f.severity === "soft" ? " (soft)" : "");

  function formFields(form) {
    const out = {};
    $$("select[name]", form).forEach((s) => {
      if (s.name === "planning") return;
      const picked = $$("option", s).filter((o) => o.selected).map((o) => o.value);
      out[s.name] = s.dataset.list ? (picked.length === 0 && s.dataset.empty === "null" ? null : picked) : (s.value === "" ? null : s.value);
    });
    const seconds = $("#f-setupSeconds").value;
    out.setupSeconds = seconds === "" ? null : Number(seconds);
    const variant = $("#f-variantOf");
    if (variant) out.variantOf = variant.value.trim() === "" ? null : variant.value.trim();
    return out;
  }

  // Everything the form says: the fields, then confidence, planning, note and exceptions.
  function snapshot(form) {
    const d = { fields: formFields(form) };
    const c = $("#f-confidence").value;
    d.confidence = c === "" ? null : Number(c);
    d.planning = $("#f-planning").value === "manual-only" ? { mode: "manual-only", reason: $("#f-planningReason").value } : "auto";
    d.note = $("#f-note").value;
    d.exceptions = {};
    $$("input.exception").forEach((i) => { if (i.value.trim()) d.exceptions[i.dataset.rule] = i.value.trim(); });
    return d;
  }

  // The review body: only what the editor changed since the page loaded (`initial`) or took from
  // a suggestion, so every other key of the file stays as it is.
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  function draft(form, confirmed, initial) {
    const now = snapshot(form);
    const d = { fields: {}, editor: editor(), confirmedSuggestions: Array.from(confirmed).filter((f) => f !== "planning") };
    for (const [field, value] of Object.entries(now.fields)) {
      if (confirmed.has(field) || !same(value, initial.fields[field])) d.fields[field] = value;
    }
    for (const key of ["confidence", "planning", "note", "exceptions"]) {
      if (confirmed.has(key) || !same(now[key], initial[key])) d[key] = now[key];
    }
    return d;
  }

  function showState(data) {
    const badge = $("#state");
    badge.className = "badge state-" + data.state;
    text(badge, data.state);
    text($("#autoplan"), data.autoPlan ? " cleared for automatic planning" : " not planned automatically");
    list($("#reasons"), data.reasonTexts || []);
  }

  // What a save's answer means for the page: saved, changed meanwhile, or refused by the rules.
  function showSaved(r) {
    const status = $("#save-status");
    if (r.status === 200) {
      body.dataset.etag = r.data.etag;
      showState(r.data);
      $("#conflict").hidden = true;
      list($("#findings"), r.data.findings.map(findingText));
      text(status, r.data.written ? "saved" : "no change");
    } else if (r.status === 409 && r.data && r.data.current) {
      body.dataset.etag = r.data.current.etag;
      $("#conflict").hidden = false;
      const upstream = r.data.changed === "upstream";
      text($("#conflict-title"), upstream ? "The upstream text changed since you opened this record" : "Someone else saved this review meanwhile");
      text($("#conflict-current"), upstream ? r.data.current.canonicalText + (r.data.current.stale ? "\n" + JSON.stringify(r.data.current.stale.diff, null, 2) : "")
                                            : JSON.stringify(r.data.current.review, null, 2));
      text(status, upstream ? "not saved: the upstream text changed (see below)" : "not saved: changed meanwhile (see below)");
    } else if (r.status === 422 && r.data) {
      const findings = (r.data.findings || []).map(findingText);
      list($("#findings"), findings.length ? findings : [r.data.error || "refused"]);
      text(status, "not saved: " + (findings.length ? "the review breaks rules" : r.data.error || "refused") + "; nothing written");
    } else {
      text(status, errorText(r));
    }
  }

  // Puts a suggested value into its picker (adding an option the vocabulary lacks).
  function apply(field, value) {
    if (field === "planning") {
      const manual = value !== null && typeof value === "object" && value.mode === "manual-only";
      $("#f-planning").value = manual ? "manual-only" : "auto";
      $("#f-planningReason").value = manual ? value.reason : "";
      return;
    }
    const select = $("#f-" + field);
    if (!select) return;
    if (select.tagName === "INPUT") { select.value = value === null ? "" : String(value); return; }
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (!$$("option", select).some((o) => o.value === v)) {
        const o = document.createElement("option");
        o.value = v;
        o.textContent = v + " (not in the vocabulary)";
        select.append(o);
      }
    }
    $$("option", select).forEach((o) => { o.selected = values.includes(o.value); });
    if (chipRenderers[select.id]) chipRenderers[select.id]();
  }

  async function neighbour(name, step) {
    const names = await queueWith(name);
    const next = names[names.indexOf(name) + step];
    if (next) location.href = "/records/" + encodeURIComponent(next);
    else text($("#save-status"), step > 0 ? "end of the queue: every record of this session's queue visited" : "start of the queue");
  }

  // The header's progress, as status says it now.
  async function refreshProgress() {
    const r = await call("GET", "/api/status");
    if (r.status !== 200 || !r.data) return;
    const states = r.data.states || {};
    text($("#cleared"), r.data.autoPlan + " cleared");
    text($("#reviewed"), ((states.current || 0) + (states.stale || 0)) + " reviewed");
    const bar = $("#progress progress");
    if (bar) bar.value = r.data.autoPlan;
  }


"""#
}

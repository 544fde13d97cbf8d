extension Assets {
    static let script = #"""
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

  // A list field's chips: its select holds the value, each selected option shows as a chip (a
  // click removes it), and the text box adds an item by its id or name on Enter.
  function chips(select) {
    const box = $(".chips[data-for='" + select.id + "']");
    if (!box) return () => {};
    const listEl = $(".chip-list", box), input = $(".chip-input", box);
    const render = () => {
      listEl.replaceChildren(...$$("option", select).filter((o) => o.selected).map((o) => {
        const chip = document.createElement("button");
        chip.type = "button";
        chip.className = "chip";
        chip.dataset.value = o.value;
        chip.textContent = o.value + " ×";
        chip.addEventListener("click", () => { o.selected = false; render(); select.dispatchEvent(new Event("change", { bubbles: true })); });
        return chip;
      }));
    };
    const add = () => {
      const typed = input.value.trim();
      if (!typed) return;
      let option = $$("option", select).find((o) => o.value === typed || o.textContent.trim() === typed);
      if (!option) {
        option = document.createElement("option");
        option.value = typed;
        option.textContent = typed + " (not in the vocabulary)";
        select.append(option);
      }
      option.selected = true;
      input.value = "";
      render();
      select.dispatchEvent(new Event("change", { bubbles: true }));
    };
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); add(); } });
    input.addEventListener("change", add);
    render();
    return render;
  }
  const chipRenderers = {};

  // Marks the fields the findings name (`equipment[2]` names equipment).
  function markInvalid(findings) {
    $$(".field.invalid").forEach((f) => { f.classList.remove("invalid"); f.removeAttribute("aria-invalid"); });
    for (const f of findings) {
      if (!f.field || f.severity !== "hard" && !(f.severity === "soft" && !f.excepted)) continue;
      const key = f.field.split(/[.\[]/)[0];
      const field = $(".field[data-field='" + key + "']");
      if (field) { field.classList.add("invalid"); field.setAttribute("aria-invalid", "true"); }
    }
  }

  function record() {
    const name = body.dataset.record;
    const url = "/api/records/" + encodeURIComponent(name);
    const form = $("#review-form");
    const confirmed = new Set();
    // The standard weeks of the catalog as it is now: asked for when the page came before they
    // were planned for this state, and again after a save here. The section comes as the server
    // renders pages (its escaping writer), parsed into an inert document and moved in whole.
    const loadWeeks = () => {
      const weeks = $("#weeks");
      if (!weeks) return;
      // Never the weeks of the state before: gone while the new ones are planned.
      $$("p, ul", weeks).forEach((el) => el.remove());
      const note = weeks.appendChild(document.createElement("p"));
      note.className = "muted";
      text(note, "Planning the standard weeks of the catalog as it is now…");
      fetch(weeks.dataset.src, { credentials: "same-origin" })
        .then((r) => (r.ok ? r.text() : Promise.reject(new Error("HTTP " + r.status))))
        .then((html) => {
          const section = new DOMParser().parseFromString(html, "text/html").getElementById("weeks");
          if (section) weeks.replaceWith(document.adoptNode(section));
        })
        .catch((e) => text(note, "The standard weeks could not be planned (" + e.message + ")."));
    };
    if ($("#weeks[data-pending]")) loadWeeks();
    $$("select[data-list]", form).forEach((s) => { chipRenderers[s.id] = chips(s); });
    let initial = snapshot(form);
    queueWith(name).then((names) => {
      const at = names.indexOf(name);
      if (at >= 0) text($("#queue-position"), " · " + (at + 1) + " of " + names.length + " in this session's queue");
    });
    let timer = null;
    const check = () => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        const r = await call("POST", url + "/findings", draft(form, confirmed, initial));
        if (r.status !== 200) { list($("#findings"), [errorText(r)]); return; }
        markInvalid(r.data.findings);
        list($("#findings"), r.data.findings.length ? r.data.findings.map(findingText) : ["no findings: would be " + r.data.state + (r.data.autoPlan ? ", cleared" : ", not cleared")]);
      }, 250);
    };
    form.addEventListener("change", (e) => {
      const name = e.target.name === "planningReason" ? "planning" : e.target.name;
      if (name) confirmed.delete(name);
      check();
    });
    form.addEventListener("input", check);
    showEditor();
    const save = async (next) => {
      if (!editor()) { text($("#save-status"), "not saved: who is reviewing? set your name (top right)"); $("#editor").focus(); return; }
      text($("#save-status"), "saving…");
      const r = await call("PUT", url + "/review", draft(form, confirmed, initial), { "If-Match": body.dataset.etag });
      if (r.status === 200) { confirmed.clear(); initial = snapshot(form); }
      showSaved(r);
      if (r.status === 422 && r.data && r.data.findings) markInvalid(r.data.findings);
      // Save and next: the progress moves, then the session queue's next record opens.
      if (r.status === 200) { await refreshProgress(); if (next) neighbour(name, 1); else if (r.data.written) loadWeeks(); }
    };
    $("#skip").addEventListener("click", () => neighbour(name, 1));
    keys.n = () => neighbour(name, 1);
    form.addEventListener("submit", (e) => { e.preventDefault(); save(true); });
    keys.s = () => save(true);
    keys.S = () => save(false);
    $("#save-stay").addEventListener("click", () => save(false));
    const use = (row) => { apply(row.dataset.field, JSON.parse(row.dataset.value)); confirmed.add(row.dataset.field); };
    $$("#suggestions tr").forEach((row) => $(".use-suggestion", row).addEventListener("click", () => { use(row); check(); }));
    const acceptAll = () => { $$("#suggestions tr[data-field]").forEach(use); check(); };
    $("#accept-all").addEventListener("click", acceptAll);
    keys.a = acceptAll;
    for (let n = 1; n <= 9; n++) keys[String(n)] = () => { $("#f-confidence").value = (n / 10).toFixed(1); check(); };
    const stale = $("#accept-stale");
    if (stale) stale.addEventListener("click", async () => {
      const r = await call("POST", "/api/accept", { ids: [name], editor: editor() });
      if (r.status === 200) location.reload(); else text($("#save-status"), errorText(r));
    });
    const undo = $("#undo");
    if (undo) {
      const run = async () => {
        const r = await call("POST", url + "/undo", { editor: editor() }, { "If-Match": body.dataset.etag });
        if (r.status === 200) location.reload(); else text($("#save-status"), "not undone: " + errorText(r));
      };
      undo.addEventListener("click", run);
      keys.u = run;
    }
    keys.j = () => neighbour(name, 1);
    keys.k = () => neighbour(name, -1);
    frames();
    check();
  }

  // Frame stepping: the browser's ImageDecoder gives each frame of the GIF; without it the
  // animation just plays.
  function frames() {
    const img = $("#animation");
    const canvas = $("#frame-canvas");
    if (!img) return;
    const label = $("#frame-label");
    const play = $("#frame-play");
    if (!("ImageDecoder" in window)) {
      $$("#frame-prev, #frame-next, #frame-play").forEach((b) => { b.disabled = true; });
      return;
    }
    let decoder = null;
    let frame = 0;
    let count = Number(img.dataset.frames) || 1;
    let stepping = false;
    async function show(i) {
      if (!decoder) {
        const response = await fetch(img.src, { credentials: "same-origin" });
        decoder = new ImageDecoder({ data: response.body, type: "image/gif" });
        await decoder.tracks.ready;
        count = decoder.tracks.selectedTrack.frameCount || count;
      }
      frame = ((i % count) + count) % count;
      const result = await decoder.decode({ frameIndex: frame });
      canvas.width = result.image.displayWidth;
      canvas.height = result.image.displayHeight;
      canvas.getContext("2d").drawImage(result.image, 0, 0);
      result.image.close();
      img.hidden = true;
      canvas.hidden = false;
      stepping = true;
      text(play, "play");
      text(label, "frame " + (frame + 1) + " of " + count);
    }
    function resume() {
      stepping = false;
      canvas.hidden = true;
      img.hidden = false;
      text(play, "pause");
      text(label, count + " frames");
    }
    const toggle = () => (stepping ? resume() : show(frame));
    $("#frame-prev").addEventListener("click", () => show(frame - 1));
    $("#frame-next").addEventListener("click", () => show(frame + 1));
    play.addEventListener("click", toggle);
    keys[","] = () => show(frame - 1);
    keys["."] = () => show(frame + 1);
    keys[" "] = toggle;
  }

  function group() {
    const status = $("#group-status");
    $("#tick-sure").addEventListener("click", () => {
      $$("li.card").forEach((card) => { if (Number(card.dataset.confidence) >= 0.8) $("input.pick", card).checked = true; });
      text(status, $$("input.pick").filter((c) => c.checked).length + " ticked");
    });
    $("#confirm-group").addEventListener("click", async () => {
      const ids = $$("input.pick").filter((c) => c.checked).map((c) => c.value);
      if (!ids.length) { text(status, "nothing ticked"); return; }
      const payload = { ids, editor: editor() };
      const c = $("#group-confidence").value;
      if (c !== "") payload.confidence = Number(c);
      text(status, "confirming " + ids.length + "…");
      const r = await call("POST", "/api/confirm", payload);
      if (r.status === 200) { text(status, "confirmed " + ids.length); location.reload(); } else text(status, errorText(r));
    });
  }

  function revalidate() {
    $$("button.accept-ids").forEach((b) => b.addEventListener("click", async () => {
      const r = await call("POST", "/api/accept", { ids: JSON.parse(b.dataset.ids), editor: editor() });
      if (r.status === 200) location.reload(); else text(b, errorText(r));
    }));
  }
  // Each page's script starts once every declaration above it is made.
  if (page === "record") record();
  if (page === "group") group();
  if (page === "revalidate") revalidate();
})();
"""#
}

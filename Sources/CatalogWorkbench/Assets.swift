import CatalogServer

/// The workbench's own stylesheet and script, compiled into the binary: nothing is fetched from
/// elsewhere, and the Content-Security-Policy allows exactly these (`script-src 'self'`).
enum Assets {
    static func serve(_ request: Request) -> Response {
        switch request.parameters["file"] {
        case "app.js": return Response(status: 200, headers: [("Content-Type", "text/javascript; charset=utf-8"), ("Cache-Control", "no-cache")], body: Array(script.utf8))
        case "app.css": return Response(status: 200, headers: [("Content-Type", "text/css; charset=utf-8"), ("Cache-Control", "no-cache")], body: Array(stylesheet.utf8))
        default: return .error(404, "not found")
        }
    }

    static let stylesheet = #"""
/* The workbench's stylesheet (served from the binary as /static/app.css). */
:root { --fg: #1d232a; --muted: #66707a; --line: #d7dce1; --accent: #0b62c4; --bg: #f7f8fa; font-family: system-ui, sans-serif; }
body { margin: 0; color: var(--fg); background: var(--bg); }
header.top { display: flex; gap: 1.5rem; align-items: center; padding: .5rem 1rem; background: #fff; border-bottom: 1px solid var(--line); position: sticky; top: 0; z-index: 2; }
header.top nav a { margin-right: 1rem; color: var(--accent); text-decoration: none; font-weight: 600; }
.progress { display: flex; gap: .4rem; align-items: center; color: var(--muted); }
.editor { margin-left: auto; }
main { padding: 1rem 1.5rem; }
h1 small { color: var(--muted); font-weight: normal; font-size: .6em; }
.badge { display: inline-block; padding: .1rem .5rem; border-radius: 1rem; font-size: .85em; background: #e7eaee; }
.state-current { background: #d8f3dc; } .state-stale { background: #ffe8b3; } .state-unreviewed { background: #e7eaee; } .state-removed { background: #f8d0d0; }
table.queue { border-collapse: collapse; width: 100%; background: #fff; }
table.queue td, table.queue th { padding: .3rem .6rem; border-bottom: 1px solid var(--line); text-align: left; }
tr.item.selected { outline: 2px solid var(--accent); background: #eef5ff; }
.filters { display: flex; gap: 1rem; flex-wrap: wrap; margin-bottom: .5rem; }
.pager a { margin-right: 1rem; }
.columns { display: grid; grid-template-columns: minmax(320px, 1fr) minmax(360px, 1fr); gap: 1.5rem; }
.animation img, .animation canvas { width: 100%; max-width: 540px; height: auto; image-rendering: pixelated; border: 1px solid var(--line); background: #fff; }
figcaption { display: flex; gap: .5rem; align-items: center; margin-top: .3rem; }
pre { white-space: pre-wrap; word-break: break-word; background: #fff; border: 1px solid var(--line); padding: .5rem; max-height: 24rem; overflow: auto; }
.diff del { background: #fdd; } .diff ins { background: #dfd; text-decoration: none; } .diff .move { background: #e5e0ff; }
table.suggestions { border-collapse: collapse; background: #fff; width: 100%; }
table.suggestions th, table.suggestions td { border-bottom: 1px solid var(--line); padding: .25rem .4rem; vertical-align: top; text-align: left; }
.evidence-list { margin: 0; padding-left: 1rem; color: var(--muted); font-size: .9em; }
form.review .field { display: grid; grid-template-columns: 10rem 1fr; gap: .5rem; margin: .4rem 0; align-items: start; }
form.review select, form.review input, form.review textarea { font: inherit; }
fieldset.exceptions label { display: block; margin: .2rem 0; font-size: .9em; }
.actions { display: flex; gap: 1rem; align-items: center; margin: .7rem 0; }
.findings li { color: #8a3b00; }
.conflict { border: 2px solid #c0392b; background: #fff4f2; padding: .5rem 1rem; }
ul.grid { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 1rem; }
.card { background: #fff; border: 1px solid var(--line); padding: .5rem; }
.card img { width: 100%; height: auto; }
.card dl { display: grid; grid-template-columns: auto 1fr; gap: 0 .5rem; font-size: .85em; margin: .3rem 0 0; }
.card dd { margin: 0; } .card dd.drafted { color: var(--muted); font-style: italic; }
.no-media { height: 180px; display: grid; place-items: center; color: var(--muted); background: #eef0f3; }
.muted { color: var(--muted); }
table.stale-fields { border-collapse: collapse; width: 100%; background: #fff; } table.stale-fields th, table.stale-fields td { border-bottom: 1px solid var(--line); padding: .3rem; vertical-align: top; text-align: left; }
ol.steps { margin: 0; padding-left: 1.4rem; } td.review-values ul { margin: 0; padding-left: 1rem; font-size: .9em; }
.statusbar { position: sticky; top: 2.6rem; z-index: 1; background: var(--bg); padding: .2rem 0; border-bottom: 1px solid var(--line); display: flex; flex-wrap: wrap; gap: .2rem 1.5rem; align-items: baseline; }
.statusbar p, .statusbar ul { margin: 0; } .statusbar ul { padding-left: 1rem; font-size: .9em; }
.animation img, .animation canvas { max-height: 420px; object-fit: contain; }
.field.invalid { outline: 2px solid #c0392b; background: #fff4f2; }
.chips { display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; border: 1px solid var(--line); background: #fff; padding: .15rem; }
.chip { border: 1px solid var(--accent); border-radius: 1rem; background: #eef5ff; padding: 0 .5rem; font: inherit; font-size: .9em; cursor: pointer; }
.chip-input { border: none; flex: 1; min-width: 8rem; outline: none; }
details.exceptions label { display: block; margin: .2rem 0; font-size: .9em; }
form.review .field { margin: .25rem 0; }
ol.history { font-size: .9em; padding-left: 1.5rem; } ol.history li.undone > span.when { text-decoration: line-through; } ol.history ul { margin: 0; color: var(--muted); }
.error { color: #c0392b; }
dialog dl { display: grid; grid-template-columns: auto 1fr; gap: .2rem 1rem; }
"""#

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
    // were planned for this state, and again after a save here.
    const loadWeeks = () => {
      const weeks = $("#weeks");
      if (!weeks) return;
      // Never the weeks of the state before: gone while the new ones are planned.
      $$("p, ul", weeks).forEach((el) => el.remove());
      weeks.insertAdjacentHTML("beforeend", "<p class=\"muted\">Planning the standard weeks of the catalog as it is now…</p>");
      fetch(weeks.dataset.src, { credentials: "same-origin" })
        .then((r) => (r.ok ? r.text() : Promise.reject(new Error("HTTP " + r.status))))
        .then((html) => { weeks.outerHTML = html; })
        .catch((e) => text($("p", weeks), "The standard weeks could not be planned (" + e.message + ")."));
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

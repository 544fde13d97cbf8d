extension Assets {
    /// The second half of `script`: the review form (chips, findings, saving) and its start.
    static let scriptForm = #"""
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

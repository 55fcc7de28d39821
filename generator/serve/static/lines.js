// Lines: collect the table, ask the server for a draft after each change, show its problems
// on the fields and the card as it prints; move, add, remove lines; save.
"use strict";
(() => {
  const form = document.getElementById("lines-form");
  if (!form) return;
  const {post, say, debounce, latestOnly, el, showFaces} = havenprint;
  const table = form.querySelector("table.lines");
  const facesBox = document.getElementById("preview-faces");
  const preview = facesBox.closest(".preview");
  const note = document.getElementById("preview-note");
  let newCount = 0;
  const editor = havenprint.editor({
    form, button: document.getElementById("save"), url: "/lines/save",
    body: () => ({table: collect(), base: form.dataset.base, base_text: form.dataset.baseText}),
    after() {
      const {format, lang} = choices();
      return `/lines?format=${encodeURIComponent(format)}&lang=${encodeURIComponent(lang)}`;
    },
    showRemarks: remarks => showRemarks(remarks, {}), savedText: "Saved resources.yaml.",
    key: "lines", snapshot: collect, restore: table => { restoreTable(table); refresh(); },
    extra: () => ({base_text: form.dataset.baseText})});

  // The table as a draft had it: rows filled, added, removed and put in its order.
  function restoreTable(table) {
    const bodies = new Map(rows().map(body => [body.dataset.row, body]));
    for (const id of table.order) {
      let body = bodies.get(id);
      if (!body) {
        body = newRow(id);
        const number = Number(id.slice(1));
        if (id.startsWith("n") && number > newCount) newCount = number;
      }
      for (const [field, value] of Object.entries(table.lines[id] || {})) {
        const input = body.querySelector(`[data-field="${CSS.escape(field)}"]`);
        if (!input) continue;
        if (input.type === "checkbox") input.checked = value === true; else input.value = value;
      }
      form.querySelector("table.lines").append(body);
    }
    for (const [id, body] of bodies) if (!table.order.includes(id)) body.remove();
    renumber();
  }

  function newRow(id) {
    const html = document.getElementById("new-line").innerHTML.replaceAll("__ROW__", id);
    const holder = document.createElement("table");
    holder.innerHTML = html;
    return holder.querySelector("tbody");
  }

  function rows() { return Array.from(table.querySelectorAll("tbody.line")); }

  function collect() {
    const lines = {};
    for (const body of rows()) {
      const fields = {};
      for (const input of body.querySelectorAll("[data-field]")) {
        fields[input.dataset.field] = input.type === "checkbox" ? input.checked : input.value;
      }
      lines[body.dataset.row] = fields;
    }
    return {order: rows().map(body => body.dataset.row), lines};
  }

  function choices() {
    return {format: document.getElementById("preview-format").value,
            lang: document.getElementById("preview-lang").value};
  }

  function renumber() {
    rows().forEach((body, index) => {
      for (const span of body.querySelectorAll(".pos")) span.textContent = index + 1;
    });
  }

  function clearRemarks() {
    for (const input of form.querySelectorAll("[aria-invalid]")) {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    }
    for (const old of form.querySelectorAll(".field-problem, .field-note.display")) old.remove();
    for (const list of form.querySelectorAll(".row-problems")) list.replaceChildren();
    for (const body of rows()) body.classList.remove("problem");
    document.getElementById("file-problems").replaceChildren();
  }

  function fieldInput(body, field) {
    if (!field) return null;
    const exact = body.querySelector(`[data-field="${CSS.escape(field)}"]`);
    if (exact) return exact;
    const base = field.split("@")[0];
    return body.querySelector(`[data-field="${CSS.escape(base)}"]`);
  }

  // In one column (a phone, or a window zoomed to 400 %) a message goes right under its
  // field; across a table of lines, under the line, across the table.
  const narrow = window.matchMedia("(max-width: 900px)");
  let problemCount = 0, shownRemarks = [];
  function showRemarks(remarks, displays) {
    clearRemarks();
    shownRemarks = remarks;
    for (const remark of remarks) {
      const body = remark.row && table.querySelector(`tbody[data-row="${CSS.escape(remark.row)}"]`);
      if (!body) {
        document.getElementById("file-problems").append(havenprint.problemItem(remark));
        continue;
      }
      if (remark.severity === "error") body.classList.add("problem");
      // The field the message is about is marked and described by it.
      const id = `problem-${++problemCount}`;
      const input = fieldInput(body, remark.field);
      if (input && narrow.matches) {
        const after = input.closest(".checked") || input;
        after.insertAdjacentElement("afterend", el("p", {class: `field-problem ${remark.severity}`, id}, remark.message));
      } else {
        body.querySelector(".row-problems").append(el("li", {class: remark.severity, id}, remark.message));
      }
      if (input) {
        if (remark.severity === "error") input.setAttribute("aria-invalid", "true");
        const described = input.getAttribute("aria-describedby");
        input.setAttribute("aria-describedby", described ? `${described} ${id}` : id);
        const details = input.closest("details");
        if (details) details.open = true;
      }
    }
    for (const [row, shown] of Object.entries(displays || {})) {
      const body = table.querySelector(`tbody[data-row="${CSS.escape(row)}"]`);
      if (!body) continue;
      for (const [field, display] of Object.entries(shown)) {
        const input = fieldInput(body, field);
        if (input && input.value.trim() && input.value.trim() !== display && !input.hasAttribute("aria-invalid")) {
          input.insertAdjacentElement("afterend", el("p", {class: "field-note display"}, "prints as " + display));
        }
      }
    }
  }

  narrow.addEventListener("change", () => showRemarks(shownRemarks, lastDisplays));

  // After each change the card is drawn again at once (one request at a time: the latest
  // table goes when the one on its way is answered). When typing pauses, every other format
  // and language is laid out too, for the checks `check` would make: a request of its own,
  // given up at the next edit, which the server runs behind any preview.
  let edits = 0, lastDisplays = {};
  const refresh = latestOnly(async () => {
    preview.classList.add("stale");
    const started = performance.now();
    const {ok, data} = await post("/lines/draft", {
      table: collect(), base: form.dataset.base, base_text: form.dataset.baseText,
      ...choices()});
    if (!ok) {
      if (data.where && data.where.length) havenprint.markWhere(data.where, data.message);
      say(data.message || "The preview could not be made.", "error");
      return;
    }
    lastDisplays = data.displays || {};
    showRemarks(data.remarks, lastDisplays);
    if (data.faces && data.faces.length) {
      showFaces(facesBox, data.faces);
      preview.classList.remove("stale");
    }
    note.textContent = data.note || `Updated in ${Math.round(performance.now() - started)} ms.`;
    if (data.changed_on_disk) editor.changedOnDisk("resources.yaml changed on disk since this page loaded it (another program, or another tab).", data.current);
  });
  let checking = null;
  async function checkEverything() {
    if (checking) checking.abort();
    const controller = checking = new AbortController();
    const version = edits;
    const {ok, data, aborted} = await post("/lines/check", {
      table: collect(), base: form.dataset.base, base_text: form.dataset.baseText},
      controller.signal);
    if (checking === controller) checking = null;
    if (aborted || !ok || data.superseded || version !== edits) return;
    showRemarks(data.remarks, lastDisplays);
  }
  const checkAll = debounce(checkEverything, 1500);

  // An edit: kept as a draft, the card drawn again, a check under way given up and another
  // one after the next pause.
  function changedHere() {
    edits += 1;
    if (checking) { checking.abort(); checking = null; }
    editor.changed();
    refresh();
    checkAll();
  }
  form.addEventListener("input", event => {
    if (event.target.closest(".preview")) return;
    changedHere();
  });
  form.addEventListener("change", event => {
    if (event.target.closest(".preview")) { refresh(); return; }
    editor.changed();
  });

  // On a phone the preview sits just below the field being edited, not at the end of the
  // table (havenprint.previewFollows puts it after the table cell holding the focus).
  havenprint.previewFollows(preview, "table.lines tbody.line td", true);

  function today(body) {
    const input = body.querySelector('[data-field="verified"]');
    input.value = form.dataset.today;
    changedHere();
    say("Marked as checked today (not saved yet).");
  }

  function move(body, button, step) {
    const list = rows();
    const index = list.indexOf(body);
    const target = list[index + step];
    if (!target) return;
    if (step < 0) table.insertBefore(body, target); else table.insertBefore(target, body);
    renumber();
    button.focus();
    changedHere();
    say(`Line moved to position ${rows().indexOf(body) + 1} (not saved yet).`);
  }

  function remove(body) {
    const list = rows();
    if (list.length <= 1) { say("A kit needs at least one line.", "error"); return; }
    const index = list.indexOf(body);
    const name = body.querySelector('[data-field="name"]').value || "the line";
    body.remove();
    renumber();
    const next = rows()[Math.min(index, rows().length - 1)];
    next.querySelector('[data-action="remove"]').focus();
    changedHere();
    say(`Removed ${name} (not saved yet; "Discard changes" brings it back).`);
  }

  table.addEventListener("click", event => {
    const button = event.target.closest("button[data-action]");
    if (!button) return;
    const body = button.closest("tbody.line");
    const action = button.dataset.action;
    if (action === "today") today(body);
    else if (action === "up") move(body, button, -1);
    else if (action === "down") move(body, button, 1);
    else if (action === "remove") remove(body);
  });

  document.getElementById("add-line").addEventListener("click", () => {
    const id = `n${++newCount}`;
    const body = newRow(id);
    table.append(body);
    renumber();
    body.querySelector('[data-field="name"]').focus();
    editor.changed();
    say("Added a line at the end: give it a name and a number.");
  });
})();

// Import: upload, show the report, choose "Add to my lines" or "Replace my lines", see what
// that changes, give a date the lines were checked if they need one, accept.
"use strict";
(() => {
  const form = document.getElementById("import-form");
  if (!form) return;
  const {post, say, el} = havenprint;
  const report = document.getElementById("import-report");
  const accept = document.getElementById("import-accept");
  const checked = document.getElementById("import-checked");
  let pending = null;

  function fill(id, items, render) {
    const list = document.getElementById(id);
    list.replaceChildren(...(items.length ? items.map(render) : [el("li", {}, "none")]));
  }

  const mode = () => document.querySelector('input[name="mode"]:checked').value;
  const line = item => el("li", {}, item.number ? `${item.name} (${item.number})` : item.name);

  function showPreview(preview) {
    fill("preview-added", preview.added, line);
    fill("preview-changed", preview.changed, item => {
      const entry = line(item);
      if (item.details.length) entry.append(el("span", {class: "field-note"}, `: ${item.details.join("; ")}`));
      return entry;
    });
    fill("preview-removed", preview.removed, line);
    const kept = preview.unchanged ? `, ${preview.unchanged} already there as they are` : "";
    document.getElementById("preview-summary").textContent = preview.mode === "add"
      ? `Adds ${preview.added.length} line(s) and updates ${preview.changed.length}${kept}; every line you have stays.`
      : `Your lines are replaced: ${preview.removed.length} removed, ${preview.added.length} added, ${preview.changed.length} changed${kept}.`;
    const problems = document.getElementById("preview-problems");
    problems.replaceChildren(...preview.problems.map(message => havenprint.problemItem({severity: "error", message})));
    document.getElementById("date-box").hidden = !(preview.undated > 0 || checked.value);
    accept.disabled = preview.blocking;
    accept.textContent = preview.mode === "add" ? `Accept: add to my lines` : `Accept: replace my lines`;
  }

  async function again() {
    if (!pending) return;
    const {ok, data} = await post("/import/preview", {id: pending, mode: mode(), verified: checked.value});
    if (!ok) { say(data.message || "The import could not be checked.", "error"); return; }
    showPreview(data);
  }

  form.addEventListener("submit", async event => {
    event.preventDefault();
    const button = document.getElementById("import-read");
    button.disabled = true;
    const fromApi = document.getElementById("import-api").value.trim() !== "";
    say(fromApi ? "Reading every page of the directory's API… (this can take a minute)" : "Reading the file…");
    try {
      const {ok, data} = await post("/import/upload", new FormData(form));
      if (!ok) { report.hidden = true; say(data.message || "The data could not be read.", "error"); return; }
      pending = data.id;
      const refused = data.refused.length ? `, ${data.refused.length} refused (see why below; every other line is imported)` : "";
      document.getElementById("report-summary").textContent =
        `${data.name}: ${data.kept.length} line(s) read${refused}, ${data.skipped.length} skipped.`;
      const kept = document.getElementById("report-kept");
      kept.replaceChildren(...data.kept.map(entry => {
        const row = el("tr");
        for (const value of [entry.name, entry.phone, entry.text, entry.verified || "not given"]) row.append(el("td", {}, value));
        return row;
      }));
      fill("report-refused", data.refused, item => el("li", {class: "error"},
        `${item.number ? "A number of " : ""}${item.label}${item.where ? ` (${item.where})` : ""}: ${item.reason}`));
      fill("report-skipped", data.skipped, item => el("li", {}, `${item.label}: ${item.reason}`));
      fill("report-notes", data.notes, note => el("li", {}, note));
      document.getElementById("mode-add").checked = true;
      checked.value = "";
      showPreview(data.previews.add);
      report.hidden = false;
      say(data.kept.length ? "Read. Choose what to do with the lines, check what changes, then accept." : "Nothing to import: see why below.",
          data.kept.length ? "" : "error");
      document.getElementById("report-heading").focus();
    } finally {
      button.disabled = false;
    }
  });

  for (const radio of document.querySelectorAll('input[name="mode"]')) radio.addEventListener("change", again);
  checked.addEventListener("change", again);

  accept.addEventListener("click", async () => {
    accept.disabled = true;
    const send = extra => post("/import/accept", {id: pending, mode: mode(), verified: checked.value, base: form.dataset.base, ...extra});
    let answer = await send({});
    if (!answer.ok && answer.data.conflict) {
      if (confirm(`${answer.data.message}\n\nWrite the import over it anyway? (History keeps the version it replaces.)`)) {
        answer = await send({keep: true, current: answer.data.current});
      }
    }
    const {ok, data} = answer;
    if (ok) {
      form.dataset.base = data.digest;
      say(data.message + (data.remarks.length ? " " + data.remarks.join(" ") : ""), "ok");
      report.hidden = true;
      pending = null;
      return;
    }
    if (data.preview) showPreview(data.preview); else accept.disabled = false;
    say(data.message, "error");
  });
})();

// Import: upload, show the report, accept.
"use strict";
(() => {
  const form = document.getElementById("import-form");
  if (!form) return;
  const {post, say, el} = havenprint;
  const report = document.getElementById("import-report");
  let pending = null;

  function fill(id, items, render) {
    const list = document.getElementById(id);
    list.replaceChildren(...(items.length ? items.map(render) : [el("li", {}, "none")]));
  }

  form.addEventListener("submit", async event => {
    event.preventDefault();
    const button = document.getElementById("import-read");
    button.disabled = true;
    say("Reading the file…");
    try {
      const {ok, data} = await post("/import/upload", new FormData(form));
      if (!ok) { report.hidden = true; say(data.message || "The file could not be read.", "error"); return; }
      pending = data.id;
      document.getElementById("report-summary").textContent =
        `${data.name}: ${data.kept.length} line(s) kept, ${data.skipped.length} skipped.`;
      const kept = document.getElementById("report-kept");
      kept.replaceChildren(...data.kept.map(line => {
        const row = el("tr");
        for (const value of [line.name, line.phone, line.text, line.verified]) row.append(el("td", {}, value));
        return row;
      }));
      fill("report-skipped", data.skipped, item => el("li", {}, `${item.label}: ${item.reason}`));
      fill("report-dropped", data.dropped, item => el("li", {}, `${item.label}: ${item.reason}`));
      fill("report-notes", data.notes, note => el("li", {}, note));
      document.getElementById("force-box").hidden = true;
      document.getElementById("import-accept").disabled = data.kept.length === 0;
      report.hidden = false;
      say(data.kept.length ? "Read. Check the report, then accept it." : "Nothing to import: see why below.",
          data.kept.length ? "" : "error");
      document.getElementById("report-heading").focus();
    } finally {
      button.disabled = false;
    }
  });

  document.getElementById("import-accept").addEventListener("click", async () => {
    const force = document.getElementById("import-force").checked;
    const {ok, data} = await post("/import/accept", {id: pending, base: form.dataset.base, force});
    if (ok) {
      form.dataset.base = data.digest;
      say(data.message + (data.remarks.length ? " " + data.remarks.join("; ") : ""), "ok");
      report.hidden = true;
      return;
    }
    if (data.needs_force) document.getElementById("force-box").hidden = false;
    say(data.message, "error");
  });
  document.getElementById("report-heading").setAttribute("tabindex", "-1");
})();

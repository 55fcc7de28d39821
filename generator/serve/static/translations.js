// Translations: save the strings; problems (a placeholder changed) shown on their string.
"use strict";
(() => {
  const {post, say, el} = havenprint;
  const picker = document.getElementById("strings-lang");
  if (picker) picker.addEventListener("change", () => location.assign(`/translations?lang=${encodeURIComponent(picker.value)}`));
  const form = document.getElementById("strings-form");
  if (!form) return;
  let dirty = false;
  form.addEventListener("input", () => { dirty = true; });

  function showRemarks(remarks) {
    for (const old of form.querySelectorAll(".field-problem")) old.remove();
    for (const input of form.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
    const list = document.getElementById("strings-problems");
    list.replaceChildren();
    remarks.forEach((remark, index) => {
      const input = remark.field && form.querySelector(`[data-key="${CSS.escape(remark.field)}"]:is(input, textarea)`);
      if (input) {
        const id = `string-problem-${index}`;
        input.insertAdjacentElement("afterend", el("p", {class: "field-problem", id}, remark.message));
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", id);
      } else {
        list.append(havenprint.problemItem(remark));
      }
    });
  }

  document.getElementById("save-strings").addEventListener("click", async event => {
    const button = event.currentTarget;
    button.disabled = true;
    const strings = {};
    for (const input of form.querySelectorAll("[data-key]:is(input, textarea)")) strings[input.dataset.key] = input.value;
    try {
      const {status, ok, data} = await post("/translations/save", {
        lang: form.dataset.lang, base: form.dataset.base, strings,
        reviewed: document.getElementById("reviewed").checked});
      if (ok) {
        dirty = false;
        location.assign(`/translations?lang=${encodeURIComponent(form.dataset.lang)}&saved=1`);
        return;
      }
      if (data.remarks) showRemarks(data.remarks);
      say(data.message || `Not saved (${status}).`, "error");
    } finally {
      button.disabled = form.dataset.editable !== "yes";
    }
  });
  window.addEventListener("beforeunload", event => {
    if (dirty) { event.preventDefault(); event.returnValue = ""; }
  });
  if (new URLSearchParams(location.search).get("saved") === "1") say("Saved. The Overview shows the pages with these strings.", "ok");
})();

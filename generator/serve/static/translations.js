// Translations: save the strings; problems (a placeholder changed) shown on their string.
"use strict";
(() => {
  const {el} = havenprint;
  const picker = document.getElementById("strings-lang");
  if (picker) picker.addEventListener("change", () => location.assign(`/translations?lang=${encodeURIComponent(picker.value)}`));
  const form = document.getElementById("strings-form");
  if (!form) return;

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

  const edits = havenprint.editor({
    form, button: document.getElementById("save-strings"), url: "/translations/save",
    body() {
      const strings = {};
      for (const input of form.querySelectorAll("[data-key]:is(input, textarea)")) strings[input.dataset.key] = input.value;
      return {lang: form.dataset.lang, base: form.dataset.base, strings,
              reviewed: document.getElementById("reviewed").checked};
    },
    after: () => `/translations?lang=${encodeURIComponent(form.dataset.lang)}`,
    showRemarks, savedText: "Saved. The Overview shows the pages with these strings."});
  form.addEventListener("input", () => edits.changed());
})();

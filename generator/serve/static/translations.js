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
    for (const input of form.querySelectorAll("[aria-invalid]")) {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    }
    const list = document.getElementById("strings-problems");
    list.replaceChildren();
    remarks.forEach((remark, index) => {
      const input = remark.field && form.querySelector(`[data-key="${CSS.escape(remark.field)}"]:is(input, textarea)`);
      if (input && input.hasAttribute("aria-invalid")) {
        input.nextElementSibling.insertAdjacentElement("afterend", el("p", {class: "field-problem"}, remark.message));
      } else if (input) {
        const id = `string-problem-${index}`;
        input.insertAdjacentElement("afterend", el("p", {class: "field-problem", id}, remark.message));
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", id);
      } else {
        list.append(havenprint.problemItem(remark));
      }
    });
  }

  function strings() {
    const found = {};
    for (const input of form.querySelectorAll("[data-key]:is(input, textarea)")) found[input.dataset.key] = input.value;
    return found;
  }
  const snapshot = () => ({strings: strings(), reviewed: document.getElementById("reviewed").checked});
  function restore(value) {
    for (const [key, text] of Object.entries(value.strings || {})) {
      const input = form.querySelector(`[data-key="${CSS.escape(key)}"]:is(input, textarea)`);
      if (input) input.value = text;
    }
    document.getElementById("reviewed").checked = value.reviewed === true;
    check();
  }
  const body = () => ({lang: form.dataset.lang, base: form.dataset.base, ...snapshot()});

  // As the strings are typed: a placeholder changed, or a word on the outside of a piece
  // that would give it away, is said on its string.
  const check = havenprint.latestOnly(async () => {
    const {ok, data} = await havenprint.post("/translations/draft", body());
    if (!ok) {
      if (data.where && data.where.length) havenprint.markWhere(data.where, data.message);
      havenprint.say(data.message || "The strings could not be checked.", "error");
      return;
    }
    showRemarks(data.remarks);
    if (data.changed_on_disk) edits.changedOnDisk("The strings changed on disk since this page loaded them (another program, or another tab).", data.current);
  });
  const soon = havenprint.debounce(check, 600);

  const edits = havenprint.editor({
    form, button: document.getElementById("save-strings"), url: "/translations/save", body,
    after: () => `/translations?lang=${encodeURIComponent(form.dataset.lang)}`,
    showRemarks, savedText: "Saved. The Overview shows the pages with these strings.",
    key: `translations:${form.dataset.lang}`, snapshot, restore});
  form.addEventListener("input", () => { edits.changed(); soon(); });
})();

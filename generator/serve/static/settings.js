// Settings: check the settings as they are typed (each problem beside its field), draw the
// pocket card with them, save site.yaml; add a language, or remove one.
"use strict";
(() => {
  const form = document.getElementById("settings-form");
  if (!form) return;
  const {post, say, debounce, latestOnly, el, showFaces} = havenprint;
  const facesBox = document.getElementById("preview-faces");
  const preview = facesBox.closest(".preview");
  const note = document.getElementById("preview-note");
  const adder = document.getElementById("add-language");
  const language = () => document.getElementById("preview-lang").value;
  havenprint.previewFollows(preview, "#settings-form fieldset:not(.language-settings), .language-settings");

  function collect() {
    const settings = {};
    for (const input of form.querySelectorAll("[data-setting]")) {
      settings[input.dataset.setting] = input.type === "checkbox" ? input.checked : input.value;
    }
    return settings;
  }

  // Only what the volunteer changed is sent, and written: a setting site.yaml leaves out
  // stays out (its default may follow another: the poster's size, the paper).
  const initial = collect();
  const defaulted = new Set(Object.keys(JSON.parse(form.dataset.defaulted || "{}")));
  function changed() {
    return Object.fromEntries(Object.entries(collect()).filter(([name, value]) => value !== initial[name]));
  }

  // A setting left out and not touched shows what it takes with the settings as they are
  // now: choosing A4 paper moves the poster's size to A4 too.
  function follow(defaults) {
    for (const [name, value] of Object.entries(defaults || {})) {
      const input = form.querySelector(`[data-setting="${CSS.escape(name)}"]`);
      if (!input || !defaulted.has(name)) continue;
      const now = input.type === "checkbox" ? input.checked : input.value;
      if (now !== initial[name]) continue;  // changed here: the volunteer's own
      const shown = input.type === "checkbox" ? value === true : String(value);
      if (shown === now) continue;
      if (input.type === "checkbox") input.checked = shown; else input.value = shown;
      initial[name] = shown;
    }
  }

  function restore(settings) {
    for (const [name, value] of Object.entries(settings)) {
      const input = form.querySelector(`[data-setting="${CSS.escape(name)}"]`);
      if (!input) continue;
      if (input.type === "checkbox") input.checked = value === true; else input.value = value;
    }
    refresh();
  }

  let count = 0;
  function showRemarks(remarks) {
    for (const old of form.querySelectorAll(".field-problem")) old.remove();
    for (const input of form.querySelectorAll("[data-setting][aria-invalid], [data-setting][aria-describedby]")) {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    }
    const list = document.getElementById("settings-problems");
    list.replaceChildren();
    for (const remark of remarks) {
      const input = remark.field && form.querySelector(`[data-setting="${CSS.escape(remark.field)}"]`);
      if (!input) { list.append(havenprint.problemItem(remark)); continue; }
      const id = `setting-problem-${++count}`;
      const after = input.type === "checkbox" ? input.closest("label") : input;
      after.insertAdjacentElement("afterend", el("p", {class: `field-problem ${remark.severity}`, id}, remark.message));
      const described = input.getAttribute("aria-describedby");
      input.setAttribute("aria-describedby", described ? `${described} ${id}` : id);
      if (remark.severity === "error") input.setAttribute("aria-invalid", "true");
    }
  }

  const refresh = latestOnly(async () => {
    preview.classList.add("stale");
    const started = performance.now();
    const {ok, data} = await post("/settings/draft", {settings: changed(), base: form.dataset.base, lang: language()});
    if (!ok) { say(data.message || "The settings could not be checked.", "error"); return; }
    follow(data.defaults);
    showRemarks(data.remarks);
    if (data.faces && data.faces.length) {
      showFaces(facesBox, data.faces);
      preview.classList.remove("stale");
      note.textContent = `Updated in ${Math.round(performance.now() - started)} ms.`;
    } else {
      note.textContent = "No preview until the settings marked are fixed.";
    }
    if (data.changed_on_disk) edits.changedOnDisk("site.yaml changed on disk since this page loaded it (another program, or another tab).", data.current);
  });
  const soon = debounce(refresh, 300);

  // The card is drawn in the language whose settings are being edited.
  form.addEventListener("focusin", event => {
    const section = event.target.closest(".language-settings[data-lang]");
    const picker = document.getElementById("preview-lang");
    if (section && picker.value !== section.dataset.lang) {
      picker.value = section.dataset.lang;
      refresh();
    }
  });

  const edits = havenprint.editor({
    form, button: document.getElementById("save-settings"), url: "/settings/save",
    body: () => ({settings: changed(), base: form.dataset.base}),
    after: () => `/settings?lang=${encodeURIComponent(language())}`,
    showRemarks, savedText: "Saved the settings.", key: "settings", snapshot: changed, restore});

  form.addEventListener("input", event => {
    if (event.target.closest(".preview, .add-language, .language-font")) return;
    edits.changed();
    soon();
  });
  form.addEventListener("change", event => {
    if (event.target.id === "preview-lang") { refresh(); return; }
    if (event.target.closest(".add-language, .language-font")) return;
    edits.changed();
    soon();
  });

  async function languageAction(action, code, button) {
    button.disabled = true;
    button.classList.add("busy");
    try {
      const {ok, data} = await post("/settings/language", {
        action, language: code, base: form.dataset.base, settings: changed()});
      if (ok) {
        edits.done();
        location.assign(data.redirect);
        return;
      }
      if (data.conflict) say(`${data.message} Reload the page, then try again.`, "error");
      else say(data.message || "Not changed.", "error");
      if (action === "add") {
        adder.setAttribute("aria-invalid", "true");
        adder.focus();
      }
    } finally {
      button.disabled = false;
      button.classList.remove("busy");
    }
  }

  // A font for a language havenprint has none for: one installed here, or a file uploaded.
  async function useFont(button, send) {
    button.disabled = true;
    button.classList.add("busy");
    say("Copying the font into the content folder…");
    try {
      const {ok, data} = await send();
      if (ok) {
        edits.done();
        location.assign(data.redirect);
        return;
      }
      say(data.conflict ? `${data.message} Reload the page, then try again.` : data.message || "The font was not used.", "error");
      const field = data.field && document.getElementById(data.field);
      if (field) { field.setAttribute("aria-invalid", "true"); field.focus(); }
    } finally {
      button.disabled = false;
      button.classList.remove("busy");
    }
  }
  for (const button of form.querySelectorAll("button[data-use-font]")) {
    const lang = button.dataset.useFont;
    button.addEventListener("click", () => useFont(button, () => post("/settings/font", {
      lang, font: document.getElementById(`font-choice-${lang}`).value, base: form.dataset.base,
      settings: changed()})));
  }
  for (const button of form.querySelectorAll("button[data-upload-font]")) {
    const lang = button.dataset.uploadFont;
    button.addEventListener("click", () => {
      const file = document.getElementById(`font-file-${lang}`);
      if (!file.files.length) { say("Choose the font file first.", "error"); file.focus(); return; }
      const sent = new FormData();
      sent.append("lang", lang);
      sent.append("base", form.dataset.base);
      sent.append("settings", JSON.stringify(changed()));
      sent.append("file", file.files[0]);
      useFont(button, () => post("/settings/font-upload", sent));
    });
  }
  if (new URLSearchParams(location.search).get("font") === "1") {
    say("The font is in the content folder and named in site.yaml: the pieces print with it.", "ok");
  }

  const addButton = document.getElementById("add-language-button");
  addButton.addEventListener("click", () => {
    if (!adder.value.trim()) { say("Type the language to add: its name (Somali) or its code (so).", "error"); adder.focus(); return; }
    languageAction("add", adder.value, addButton);
  });
  adder.addEventListener("keydown", event => {
    if (event.key === "Enter") { event.preventDefault(); addButton.click(); }
  });
  adder.addEventListener("input", () => adder.removeAttribute("aria-invalid"));
  for (const button of form.querySelectorAll("button[data-remove]")) {
    button.addEventListener("click", () => {
      const name = button.closest("fieldset").querySelector("legend").textContent.split(" · ")[0];
      if (!confirm(`Remove ${name} from the kit? Its article and translations stay in the content folder.`)) return;
      languageAction("remove", button.dataset.remove, button);
    });
  }
})();

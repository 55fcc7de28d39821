// Translations: save the strings; problems (a placeholder changed, too long for its room)
// shown on their string; a live count against each string's room, which says in words when
// a text is past it; a translated XLIFF or PO file uploaded, its problems on their strings.
"use strict";
(() => {
  const {el} = havenprint;
  const picker = document.getElementById("strings-lang");
  if (picker) picker.addEventListener("change", () => location.assign(`/translations?lang=${encodeURIComponent(picker.value)}`));
  const form = document.getElementById("strings-form");
  if (!form) return;
  const inputOf = key => form.querySelector(`[data-key="${CSS.escape(key)}"]:is(input, textarea)`);

  // The box's description: its count, then the problems said on it (the page's checks and
  // the uploaded file's).
  function describe(input) {
    const cell = input.closest("td");
    const ids = [];
    const count = cell.querySelector(".room-count");
    if (count) ids.push(count.id);
    const problems = cell.querySelectorAll(".string-problems p, .import-problems p");
    for (const problem of problems) ids.push(problem.id);
    if (ids.length) input.setAttribute("aria-describedby", ids.join(" "));
    else input.removeAttribute("aria-describedby");
    if (problems.length) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  }

  // Problems in `remarks` on their strings (in the boxes of `selector`), the others in `list`.
  function placeRemarks(remarks, selector, list, prefix) {
    for (const box of form.querySelectorAll(selector)) box.replaceChildren();
    list.replaceChildren();
    remarks.forEach((remark, index) => {
      const input = remark.field && inputOf(remark.field);
      const box = input && input.closest("td").querySelector(selector);
      if (box) {
        const kind = remark.severity === "warning" ? " warning" : "";
        box.append(el("p", {class: "field-problem" + kind, id: `${prefix}-${index}`}, remark.message));
      } else {
        list.append(havenprint.problemItem(remark));
      }
    });
    for (const input of form.querySelectorAll("[data-key]:is(input, textarea)")) describe(input);
  }
  const showRemarks = remarks => placeRemarks(remarks, ".string-problems",
                                              document.getElementById("strings-problems"), "string-problem");

  // Characters as the import and the room count them: spaces run together, ends trimmed,
  // each character once (an emoji is one, not two halves).
  const written = text => Array.from(text.trim().split(/\s+/).join(" ")).length;
  const live = document.getElementById("room-live");
  function count(input) {
    const shown = input.closest("td").querySelector(".room-count");
    if (!shown) return;
    const limit = Number(input.dataset.limit);
    const length = written(input.value);
    const wasOver = shown.classList.contains("over");
    // Measured on the server as laid out, this very text fits: the count was only about.
    const fits = input.dataset.fitsAs !== undefined && input.dataset.fitsAs === input.value;
    let text, over = false;
    if (length === 0) text = "Empty: the English text prints here.";
    else if (length > limit && fits) {
      text = `${length} characters: more than the about ${limit} that fit on the ${input.dataset.limitWhere}, but this text fits there as laid out.`;
    } else if (length > limit) {
      over = true;
      text = `Too long: ${length} characters, and about ${limit} fit on the ${input.dataset.limitWhere}. Shorten it by ${length - limit}.`;
    } else text = `${length} of about ${limit} characters.`;
    shown.textContent = text;
    shown.classList.toggle("over", over);
    shown.classList.toggle("fits-anyway", length > limit && fits);
    input.classList.toggle("over", over);
    if (over !== wasOver) live.textContent = over || length > limit ? text : `${length} of about ${limit} characters: it fits.`;
  }

  function strings() {
    const found = {};
    for (const input of form.querySelectorAll("[data-key]:is(input, textarea)")) found[input.dataset.key] = input.value;
    return found;
  }
  const signer = document.getElementById("reviewed-by");
  const snapshot = () => ({strings: strings(), reviewed: document.getElementById("reviewed").checked,
                           reviewed_by: signer.value});
  function restore(value) {
    for (const [key, text] of Object.entries(value.strings || {})) {
      const input = inputOf(key);
      if (input) { input.value = text; count(input); }
    }
    document.getElementById("reviewed").checked = value.reviewed === true;
    signer.value = typeof value.reviewed_by === "string" ? value.reviewed_by : "";
    check();
  }
  // A sign-off names who checked the strings (the server adds the date): never inferred.
  const body = () => {
    const {strings: texts, reviewed} = snapshot();
    return {lang: form.dataset.lang, base: form.dataset.base, strings: texts,
            signed_off_by: reviewed ? signer.value : null};
  };

  // As the strings are typed: a placeholder changed, a word on the outside of a piece that
  // would give it away, or a text that does not fit where it prints, said on its string.
  const check = havenprint.latestOnly(async () => {
    const sent = body();
    const {ok, data} = await havenprint.post("/translations/draft", sent);
    if (!ok) {
      if (data.where && data.where.length) havenprint.markWhere(data.where, data.message);
      havenprint.say(data.message || "The strings could not be checked.", "error");
      return;
    }
    showRemarks(data.remarks);
    const fitting = new Set(data.fitting || []);
    for (const input of form.querySelectorAll("[data-limit]")) {
      if (fitting.has(input.dataset.key)) input.dataset.fitsAs = sent.strings[input.dataset.key];
      else delete input.dataset.fitsAs;
      count(input);
    }
    if (data.changed_on_disk) edits.changedOnDisk("The strings changed on disk since this page loaded them (another program, or another tab).", data.current);
  });
  const soon = havenprint.debounce(check, 600);

  const edits = havenprint.editor({
    form, button: document.getElementById("save-strings"), url: "/translations/save", body,
    after: () => `/translations?lang=${encodeURIComponent(form.dataset.lang)}`,
    showRemarks, savedText: "Saved. The Overview shows the pages with these strings.",
    key: `translations:${form.dataset.lang}`, snapshot, restore});
  form.addEventListener("input", event => {
    if (event.target.dataset.key) count(event.target);
    edits.changed();
    soon();
  });

  // A translated file: checked on the server as `havenprint locale import` checks it;
  // written only when nothing is wrong, then the page shows the strings as they are now.
  const upload = document.getElementById("import-form");
  const importedKey = `havenprint:imported:${form.dataset.lang}`;
  if (upload) {
    const file = document.getElementById("import-file");
    const button = document.getElementById("import-button");
    const problems = document.getElementById("import-problems");
    button.addEventListener("click", async () => {
      if (!file.files.length) {
        havenprint.say("Choose the translated file first (the box “Upload a translated file”).", "error");
        file.focus();
        return;
      }
      const sent = new FormData();
      sent.append("lang", upload.dataset.lang);
      sent.append("file", file.files[0]);
      button.disabled = true;
      button.classList.add("busy");
      havenprint.say(`Checking ${file.files[0].name}…`, "");
      try {
        const {ok, data} = await havenprint.post("/translations/import", sent);
        placeRemarks(data.remarks || [], ".import-problems", problems, "import-problem");
        if (!ok) {
          havenprint.say(data.message || "The file was not imported.", "error");
          const first = form.querySelector('[aria-invalid="true"]');
          if (first) first.focus(); else problems.scrollIntoView({block: "nearest"});
          return;
        }
        try {
          sessionStorage.setItem(importedKey, JSON.stringify({message: data.message, notes: data.notes || []}));
        } catch (error) { /* private mode: the page still shows the strings */ }
        location.assign(`/translations?lang=${encodeURIComponent(upload.dataset.lang)}&imported=1`);
      } finally {
        button.disabled = false;
        button.classList.remove("busy");
      }
    });
  }
  if (new URLSearchParams(location.search).get("imported") === "1") {
    let done = null;
    try { done = JSON.parse(sessionStorage.getItem(importedKey)); sessionStorage.removeItem(importedKey); } catch (error) { done = null; }
    if (done && done.message) {
      havenprint.say(done.message, "ok");
      const problems = document.getElementById("import-problems");
      for (const note of done.notes) problems.append(havenprint.problemItem({severity: "info", message: note}));
    }
  }
})();

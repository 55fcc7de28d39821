// Article: redraw the chosen format when typing pauses; problems under the text, each with a
// button that selects its line; save.
"use strict";
(() => {
  const form = document.getElementById("article-form");
  if (!form) return;
  const {post, say, debounce, latestOnly, el, showFaces} = havenprint;
  const text = document.getElementById("article-text");
  const list = document.getElementById("article-problems");
  const facesBox = document.getElementById("preview-faces");
  const preview = facesBox.closest(".preview");
  const note = document.getElementById("preview-note");
  havenprint.previewFollows(preview, "#article-form .side-by-side");
  const lang = () => document.getElementById("article-lang").value;
  const format = () => document.getElementById("preview-format").value;
  const picker = document.getElementById("article-slug");
  const article = () => (picker ? picker.value : "");
  const here = () => `/article?lang=${encodeURIComponent(lang())}&format=${encodeURIComponent(format())}&article=${encodeURIComponent(article())}`;

  function goToLine(line) {
    const lines = text.value.split("\n");
    const start = lines.slice(0, line - 1).reduce((sum, row) => sum + row.length + 1, 0);
    text.focus();
    text.setSelectionRange(start, start + (lines[line - 1] || "").length);
  }

  function showRemarks(remarks) {
    list.replaceChildren(...remarks.map(remark => {
      const item = havenprint.problemItem({...remark, line: null});
      if (remark.line && remark.field === "text") {
        const button = el("button", {type: "button", class: "small", "data-line": remark.line},
                          `go to line ${remark.line}`);
        item.append(" ", button);
      }
      return item;
    }));
    const invalid = remarks.some(r => r.field === "text" && r.severity === "error");
    if (invalid) text.setAttribute("aria-invalid", "true"); else text.removeAttribute("aria-invalid");
  }

  list.addEventListener("click", event => {
    const button = event.target.closest("button[data-line]");
    if (button) goToLine(Number(button.dataset.line));
  });

  const refresh = latestOnly(async () => {
    preview.classList.add("stale");
    const started = performance.now();
    const {ok, data} = await post("/article/draft", {text: text.value, lang: lang(), format: format(), article: article(), base: form.dataset.base});
    if (!ok) { say(data.message || "The preview could not be made.", "error"); return; }
    showRemarks(data.remarks);
    if (data.faces && data.faces.length) {
      showFaces(facesBox, data.faces);
      preview.classList.remove("stale");
      note.textContent = `Updated in ${Math.round(performance.now() - started)} ms.`;
    } else {
      note.textContent = "No preview until the problems listed under the text are fixed.";
    }
    if (data.changed_on_disk) edits.changedOnDisk("The article changed on disk since this page loaded it (another program, or another tab).", data.current);
  });
  const pause = debounce(refresh, 600);
  document.getElementById("preview-format").addEventListener("change", refresh);
  // The chosen language or article opens its own page; the menu shows the text's own again at
  // once, so that if leaving is cancelled (edits not saved) the text is not drafted or saved
  // as the other language's file.
  function open(select) {
    const target = here();
    for (const option of select.options) option.selected = option.defaultSelected;
    location.assign(target);
  }
  const langPicker = document.getElementById("article-lang");
  langPicker.addEventListener("change", () => open(langPicker));
  if (picker) picker.addEventListener("change", () => open(picker));

  // The text to translate from scrolls with the translation.
  const reference = document.getElementById("article-reference");
  if (reference) {
    let leading = null;
    const follow = (from, to) => () => {
      if (leading && leading !== from) return;
      leading = from;
      const share = from.scrollTop / Math.max(1, from.scrollHeight - from.clientHeight);
      to.scrollTop = share * (to.scrollHeight - to.clientHeight);
      requestAnimationFrame(() => { leading = null; });
    };
    text.addEventListener("scroll", follow(text, reference));
    reference.addEventListener("scroll", follow(reference, text));
  }

  const edits = havenprint.editor({
    form, button: document.getElementById("save-article"), url: "/article/save",
    body: () => ({text: text.value, lang: lang(), article: article(), base: form.dataset.base}),
    after: here, showRemarks, savedText: "Saved the article.", key: form.dataset.draftKey,
    snapshot: () => text.value, restore: value => { text.value = value; refresh(); }});
  text.addEventListener("input", () => { edits.changed(); pause(); });
})();

// Shared by every page: requests that carry the CSRF token, a status line, field problems.
"use strict";
const havenprint = (() => {
  const csrf = document.querySelector('meta[name="csrf-token"]').content;

  const unreachable = "havenprint does not answer: is `havenprint serve` still running? " +
    "Your changes are still on this page: start it again, then try once more.";

  async function post(url, body) {
    const isForm = body instanceof FormData;
    let response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: isForm ? {"X-CSRF-Token": csrf}
                        : {"X-CSRF-Token": csrf, "Content-Type": "application/json"},
        body: isForm ? body : JSON.stringify(body),
        credentials: "same-origin",
      });
    } catch (error) {
      return {status: 0, ok: false, data: {message: unreachable}};
    }
    let data = null;
    const type = response.headers.get("content-type") || "";
    if (type.includes("application/json")) data = await response.json();
    else data = {message: await response.text()};
    return {status: response.status, ok: response.ok, data};
  }

  function say(text, kind) {
    const status = document.getElementById("status");
    status.className = "status" + (kind ? " " + kind : "");
    status.textContent = text;
  }

  function debounce(work, wait) {
    let timer = null;
    return (...args) => {
      clearTimeout(timer);
      timer = setTimeout(() => work(...args), wait);
    };
  }

  // One request at a time; the latest call waits for the one running, older ones are dropped.
  function latestOnly(work) {
    let running = false, queued = null;
    async function run(...args) {
      if (running) { queued = args; return; }
      running = true;
      try { await work(...args); } finally {
        running = false;
        if (queued) { const next = queued; queued = null; run(...next); }
      }
    }
    return run;
  }

  function el(tag, attributes, text) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  const words = {error: "Error", warning: "Warning", info: "Note"};

  function problemItem(remark) {
    const item = el("li", {class: remark.severity});
    item.append(el("span", {class: "severity"}, words[remark.severity] || ""), " " + remark.message);
    if (remark.line) item.append(" ", el("span", {class: "where"}, "line " + remark.line));
    return item;
  }

  function showFaces(container, faces) {
    container.replaceChildren(...faces.map(face => el("img", {
      src: face.url, width: face.width, height: face.height, alt: face.label})));
  }

  // A page that edits one file: its Save button posts `body()` to `url`; once saved the page
  // reloads at `after()` and says `savedText`; refused, it shows the remarks and the reason.
  // Leaving the page with changes not saved asks first. Call `changed()` on every edit.
  function editor({form, button, url, body, after, showRemarks, savedText}) {
    let dirty = false;
    button.addEventListener("click", async () => {
      button.disabled = true;
      button.classList.add("busy");
      let refused = false;
      try {
        const {status, ok, data} = await post(url, body());
        if (ok) {
          dirty = false;
          const target = new URL(after(), location.href);
          target.searchParams.set("saved", "1");
          location.assign(target);
          return;
        }
        if (data.remarks) showRemarks(data.remarks);
        say(status === 0 ? `Not saved: ${data.message}` : data.message || `Not saved (${status}).`,
            "error");
        refused = true;
      } finally {
        button.disabled = form.dataset.editable !== "yes";
        button.classList.remove("busy");
      }
      // Disabling the button dropped the keyboard focus to the top of the page: it goes to
      // the first field marked, else back to the button.
      if (refused) (form.querySelector('[aria-invalid="true"]') || button).focus();
    });
    window.addEventListener("beforeunload", event => {
      if (dirty) { event.preventDefault(); event.returnValue = ""; }
    });
    if (new URLSearchParams(location.search).get("saved") === "1") say(savedText, "ok");
    return {changed() { dirty = true; }};
  }

  return {post, say, debounce, latestOnly, el, problemItem, showFaces, editor};
})();

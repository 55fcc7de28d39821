// Shared by every page: requests that carry the CSRF token (a fresh one fetched when the
// server restarted), a status line, field problems, previews that enlarge, and editors that
// never lose an edit (drafts kept in the browser and on the server, a conflict answered
// with "Keep my changes" or "Reload").
"use strict";
const havenprint = (() => {
  let csrf = document.querySelector('meta[name="csrf-token"]').content;
  const folder = document.querySelector('meta[name="content-folder"]').content;

  const unreachable = "havenprint does not answer: is havenprint serve still running (its window " +
    "open)? " +
    "Your changes are kept in this browser: start it again, then press Save once more.";

  async function send(url, body, signal) {
    const isForm = body instanceof FormData;
    return fetch(url, {
      method: "POST",
      headers: isForm ? {"X-CSRF-Token": csrf}
                      : {"X-CSRF-Token": csrf, "Content-Type": "application/json"},
      body: isForm ? body : JSON.stringify(body),
      credentials: "same-origin",
      signal,
    });
  }

  // The server's token changes when it starts again: a change refused for its token gets a
  // fresh one, then is sent once more.
  async function freshToken() {
    try {
      const response = await fetch("/csrf", {credentials: "same-origin"});
      if (!response.ok) return false;
      const data = await response.json();
      if (!data.token) return false;
      csrf = data.token;
      document.querySelector('meta[name="csrf-token"]').content = csrf;
      return true;
    } catch (error) {
      return false;
    }
  }

  // `signal`: an AbortController's, for a request the page may give up (a check that a
  // new edit makes stale); given up, it answers {aborted: true}.
  async function post(url, body, signal) {
    let response;
    try {
      response = await send(url, body, signal);
      if (response.status === 403 && /CSRF/.test(await response.clone().text()) && await freshToken()) {
        response = await send(url, body, signal);
      }
    } catch (error) {
      if (signal && signal.aborted) return {status: 0, ok: false, aborted: true, data: {}};
      return {status: 0, ok: false, data: {message: unreachable}};
    }
    let data = null;
    const type = response.headers.get("content-type") || "";
    if (type.includes("application/json")) data = await response.json();
    else data = {message: await response.text()};
    return {status: response.status, ok: response.ok, data};
  }

  function say(text, kind, ...actions) {
    const status = document.getElementById("status");
    status.className = "status" + (kind ? " " + kind : "");
    status.replaceChildren(el("span", {}, text), ...actions.map(action => {
      const button = el("button", {type: "button", class: "small"}, action.label);
      button.addEventListener("click", action.run);
      return button;
    }));
    if (kind === "error") status.scrollIntoView({block: "nearest"});
  }

  function debounce(work, wait) {
    let timer = null;
    const later = (...args) => {
      clearTimeout(timer);
      timer = setTimeout(() => work(...args), wait);
    };
    later.cancel = () => clearTimeout(timer);
    return later;
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

  // A face of a preview: the picture (a button that enlarges it) and its text.
  function faceFigure(face) {
    const figure = el("figure", {class: "face"});
    const button = el("button", {type: "button", class: "enlarge", "data-src": face.url,
                                 "data-label": face.label, "aria-label": `Enlarge ${face.label}`});
    button.append(el("img", {src: face.url, width: face.width, height: face.height, alt: face.label}));
    figure.append(button);
    if (face.text && face.text.length) {
      const details = el("details", {class: "face-text"});
      details.append(el("summary", {}, `Text of ${face.label}`));
      const list = el("ul");
      for (const line of face.text) list.append(el("li", {}, line));
      details.append(list);
      figure.append(details);
    }
    return figure;
  }

  function showFaces(container, faces) {
    const open = new Set(Array.from(container.querySelectorAll("details[open] summary"), s => s.textContent));
    container.replaceChildren(...faces.map(faceFigure));
    for (const summary of container.querySelectorAll("details summary")) {
      if (open.has(summary.textContent)) summary.parentElement.open = true;
    }
  }

  // Enlarge: the picture at its own size in a dialog, with its text.
  document.addEventListener("click", event => {
    const button = event.target.closest("button.enlarge");
    if (!button) return;
    const dialog = document.getElementById("enlarged");
    const image = dialog.querySelector("img");
    const fit = () => {  // twice its size on the page at most, as wide as the window allows
      const shown = button.querySelector("img").getBoundingClientRect().width;
      image.style.width = `${Math.round(Math.min(window.innerWidth * 0.9 - 40,
                                                 Math.max(image.naturalWidth, shown * 2)))}px`;
    };
    image.onload = fit;
    image.src = button.dataset.src;
    image.alt = button.dataset.label;
    if (image.complete) fit();
    dialog.querySelector("h2").textContent = button.dataset.label;
    const text = button.closest("figure").querySelector(".face-text ul");
    dialog.querySelector(".enlarged-text").replaceChildren(...(text ? [text.cloneNode(true)] : []));
    dialog.showModal();
    dialog.returnTo = button;
  });
  const dialog = document.getElementById("enlarged");
  dialog.querySelector("button.close").addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => { if (dialog.returnTo) dialog.returnTo.focus(); });

  // "Read the directory again" (a kit whose lines come from an HSDS API): the page opens
  // again with the lines as the directory gives them today.
  const refreshApi = document.getElementById("refresh-api");
  if (refreshApi) {
    refreshApi.addEventListener("click", async () => {
      refreshApi.disabled = true;
      refreshApi.classList.add("busy");
      say("Reading the directory again: every page of its services…");
      try {
        const {ok, data} = await post("/download/refresh", {});
        if (ok) {
          const target = new URL(location.href);
          target.searchParams.set("refreshed", "1");
          location.assign(target);
          return;
        }
        say(data.message || "The directory was not read.", "error");
      } finally {
        refreshApi.disabled = false;
        refreshApi.classList.remove("busy");
      }
    });
    if (new URLSearchParams(location.search).get("refreshed") === "1") {
      say("Read the directory again: the lines are its services as they are today.", "ok");
    }
  }

  // Drafts: what an editor holds, kept in this browser and on the server until it is saved
  // or discarded, and brought back when the page opens again (after a reload, a crash or the
  // server's restart).
  function draftStore(key) {
    const name = `havenprint:${folder}:${key}`;
    let holding = false, held = null;
    const send = value => { if (holding) held = value; else post("/drafts/keep", {key, ...value}); };
    const keepOnServer = debounce(value => send(value), 800);
    return {
      name,
      hold() { holding = true; },
      release(saved) {
        holding = false;
        if (held && !saved) post("/drafts/keep", {key, ...held});
        held = null;
      },
      read() {
        try { return JSON.parse(localStorage.getItem(name)); } catch (error) { return null; }
      },
      write(value) {
        const stamped = {...value, at: Date.now()};
        try { localStorage.setItem(name, JSON.stringify(stamped)); } catch (error) { /* full */ }
        keepOnServer(stamped);
      },
      clear() {  // saved: a draft still on its way to the server must not follow
        keepOnServer.cancel();
        try { localStorage.removeItem(name); } catch (error) { /* private mode */ }
      },
      async drop() {
        this.clear();
        await post("/drafts/drop", {key});
      },
    };
  }

  function serverDraft(form) {
    if (!form.dataset.serverDraft) return null;
    try { return JSON.parse(form.dataset.serverDraft); } catch (error) { return null; }
  }

  function clock(at) {
    return new Date(at).toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"});
  }

  // A page that edits one file: its Save button posts `body()` to `url`; once saved the page
  // reloads at `after()` and says `savedText`; refused, it shows the remarks and the reason;
  // changed on disk meanwhile, it offers "Keep my changes" (saved over the other version,
  // which History keeps) and "Reload". `snapshot()` and `restore(state)` give and take what
  // the editor holds, for its draft under `key`. Call `changed()` on every edit.
  function editor({form, button, url, body, after, showRemarks, savedText, key, snapshot,
                   restore, extra}) {
    let dirty = false;
    const drafts = key ? draftStore(key) : null;
    const base = () => form.dataset.base;
    const kept = value => ({base: base(), data: value, ...(extra ? extra() : {})});

    async function save(keep) {
      button.disabled = true;
      button.classList.add("busy");
      let refused = false, marked = null;
      try {
        const sent = {...body(), ...(keep || {})};
        if (drafts) drafts.hold();  // none sent while saving: the save drops it
        const {status, ok, data} = await post(url, sent);
        if (drafts) drafts.release(ok);
        if (ok) {
          dirty = false;
          if (drafts) drafts.clear();
          const target = new URL(after(), location.href);
          target.searchParams.set("saved", "1");
          location.assign(target);
          return;
        }
        if (data.remarks) showRemarks(data.remarks);
        if (data.where && data.where.length) marked = markWhere(data.where, data.message);
        if (data.conflict) {
          conflict(data.message, data.current);
        } else {
          say(status === 0 ? `Not saved: ${data.message}` : data.message || `Not saved (${status}).`,
              "error");
        }
        refused = true;
      } finally {
        button.disabled = form.dataset.editable !== "yes";
        button.classList.remove("busy");
      }
      // Disabling the button dropped the keyboard focus to the top of the page: it goes to
      // the first field marked, else back to the button.
      if (refused) (marked || form.querySelector('[aria-invalid="true"]') || button).focus();
    }

    let conflicted = false, toldOfDisk = false;
    function conflict(message, current) {
      conflicted = true;
      say(message + " Keep my changes saves what this page shows in those places and keeps " +
          "every other change of the other version (History keeps it whole); Reload shows " +
          "the file as it is now.", "error",
          {label: "Keep my changes", run: () => save({keep: true, current})},
          {label: "Reload", run: async () => {
            if (!dropTypedWork("Reload")) return;
            dirty = false;
            if (drafts) await drafts.drop();
            location.assign(after());
          }});
    }

    // Typed work is never dropped without asking (Reload, Discard).
    function dropTypedWork(what) {
      return !dirty || window.confirm(`${what}: your changes on this page, not saved yet, ` +
                                      "will be lost. Drop them?");
    }

    // The same page open in another tab: the second save merges both tabs' edits (the
    // server keeps every change made elsewhere, and stops where both changed the same
    // thing), so the other tab's typing is only said here.
    if (drafts) {
      window.addEventListener("storage", event => {
        if (event.key !== drafts.name || event.newValue === null) return;
        say("This page is open in another tab too, where it is being changed. Saving in " +
            "both keeps the changes of both; where both tabs changed the same thing, the " +
            "second save shows the other tab's and asks which to keep.", "error");
      });
    }

    button.addEventListener("click", () => save(null));
    window.addEventListener("beforeunload", event => {
      if (dirty) { event.preventDefault(); event.returnValue = ""; }
    });
    for (const link of document.querySelectorAll("a[data-discard]")) {
      link.addEventListener("click", async event => {
        event.preventDefault();
        if (!dropTypedWork("Discard changes")) return;
        dirty = false;
        if (drafts) await drafts.drop();
        location.assign(link.href);
      });
    }
    if (new URLSearchParams(location.search).get("saved") === "1") say(savedText, "ok");
    if (drafts && snapshot && restore) {  // edits made since, then the page reloaded
      setTimeout(bringBack, 0);  // once the page's own script has set itself up
    }

    function bringBack() {
      const local = drafts.read();
      const remote = serverDraft(form);
      const found = [local, remote].filter(d => d && d.data).sort((a, b) => (b.at || 0) - (a.at || 0))[0];
      if (!found || JSON.stringify(found.data) === JSON.stringify(snapshot())) return;
      const current = base();
      const moved = found.base && found.base !== current;
      if (moved) {
        form.dataset.base = found.base;  // the version the edits were made to
        if (typeof found.base_text === "string") form.dataset.baseText = found.base_text;
      }
      restore(found.data, found);
      dirty = true;
      if (moved) {
        conflict(`Your unsaved changes of ${clock(found.at)} are back, but the file changed ` +
                 "since they were made.", current);
      } else {
        say(`Your unsaved changes of ${clock(found.at)} are back (not saved yet): save them, ` +
            "or discard them.", "",
            {label: "Discard them", run: async () => {
              if (!dropTypedWork("Discard them")) return;
              dirty = false;
              await drafts.drop();
              location.reload();
            }});
      }
    }

    return {
      changed() {
        dirty = true;
        if (drafts && snapshot) drafts.write(kept(snapshot()));
      },
      // A draft's answer says the file changed on disk: said once (not redrawn under the
      // pointer at every answer). Saving merges that version's changes with these; only
      // where both changed the same thing does the save stop and ask.
      changedOnDisk(message) {
        if (conflicted || toldOfDisk) return;
        toldOfDisk = true;
        say(message + " Saving keeps its changes and yours; where both changed the same " +
            "thing, Save shows both and asks which to keep.", "");
      },
      done() {  // saved some other way (a language added with the settings)
        dirty = false;
        if (drafts) drafts.clear();
      },
      save,
    };
  }

  // A value the server refused wherever it is in what was sent (`where`: its path).
  function markWhere(where, message) {
    const field = where[where.length - 1];
    const row = where.length >= 2 ? where[where.length - 2] : null;
    const scope = row && document.querySelector(`[data-row="${CSS.escape(String(row))}"]`);
    const input = (scope || document).querySelector(
      `[data-field="${CSS.escape(String(field))}"], [data-setting="${CSS.escape(String(field))}"], [data-key="${CSS.escape(String(field))}"]`);
    if (input) {
      input.setAttribute("aria-invalid", "true");
      input.focus();
    }
    return input;
  }

  // On a phone the page is one column: the preview, at its end, is far from the field being
  // edited. It moves to just after the part of the page (`within`) holding the focus, and
  // back to its place on a wider screen.
  function previewFollows(preview, within, inside = false) {
    const narrow = window.matchMedia("(max-width: 900px)");
    const mark = document.createComment("preview");
    preview.parentNode.insertBefore(mark, preview);
    document.addEventListener("focusin", event => {
      const part = event.target.closest(within);
      if (!narrow.matches || !part || preview.contains(event.target)) return;
      if (inside) {
        if (preview.parentElement !== part) part.append(preview);  // a table cell
      } else if (preview.previousElementSibling !== part) {
        part.insertAdjacentElement("afterend", preview);
      }
    });
    narrow.addEventListener("change", () => {
      if (!narrow.matches) mark.parentNode.insertBefore(preview, mark.nextSibling);
    });
  }

  return {post, say, debounce, latestOnly, el, problemItem, showFaces, editor, markWhere,
          previewFollows};
})();

// History: restore a version of a file (checked first by the server).
"use strict";
(() => {
  const {post, say} = havenprint;
  for (const button of document.querySelectorAll("button[data-version]")) {
    button.addEventListener("click", async () => {
      const section = button.closest("section.history");
      button.disabled = true;
      try {
        const {ok, data} = await post("/history/restore", {
          file: section.dataset.file, version: button.dataset.version, base: section.dataset.base});
        if (ok) { location.assign(`/history?restored=${encodeURIComponent(section.dataset.file)}`); return; }
        say(data.message || "Not restored.", "error");
      } finally {
        button.disabled = false;
      }
    });
  }
  const restored = new URLSearchParams(location.search).get("restored");
  if (restored) say(`Restored ${restored}. The version it replaced is at the top of its list.`, "ok");
})();

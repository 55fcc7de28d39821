// Download: build the kit, then show the new list of files.
"use strict";
(() => {
  const {post, say} = havenprint;
  const button = document.getElementById("build-kit");
  button.addEventListener("click", async () => {
    button.disabled = true;
    button.classList.add("busy");
    say("Building the kit: every format and language, for the office and the print shop…");
    try {
      const {ok, data} = await post("/download/build", {});
      if (ok) { location.assign("/download?built=1"); return; }
      say(data.message || "The kit could not be built.", "error");
    } finally {
      button.disabled = false;
      button.classList.remove("busy");
    }
  });
  if (new URLSearchParams(location.search).get("built") === "1") {
    if (document.getElementById("not-built-heading")) {
      say("The kit is built, but without the pieces listed under “Not built”: see why there.", "error");
    } else if (document.getElementById("print-again-heading")) {
      say("The kit is built. Print again the pieces marked “new: print it again”: their lines changed.", "ok");
    } else {
      say("The kit is built: print each piece below, or download the whole kit.", "ok");
    }
  }
})();

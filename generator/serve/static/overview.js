// Overview: laid out again when a file of the content folder changes (saved from another
// page, or another program), as the page says: it asks the server every few seconds while
// it is shown, and opens again with the new state.
"use strict";
(() => {
  const state = document.getElementById("overview-state");
  if (!state) return;
  const every = 3000;
  let asking = false;
  async function changed() {
    if (asking || document.visibilityState !== "visible") return;
    asking = true;
    try {
      const response = await fetch("/fingerprint", {credentials: "same-origin", cache: "no-store"});
      if (!response.ok) return;
      const {fingerprint} = await response.json();
      if (fingerprint && fingerprint !== state.dataset.fingerprint) {
        havenprint.say("A file of the content folder changed: laying the pages out again…");
        location.reload();
      }
    } catch (error) {
      // the server is not answering (stopped): the page stays as it is
    } finally {
      asking = false;
    }
  }
  setInterval(changed, every);
  document.addEventListener("visibilitychange", changed);
})();

/**
 * The Embed page: fills the copy-paste snippet with this site's address, shows the game in a frame as a host page
 * would, and lists the events the game posts (as text).
 */

/**
 * The frame's size: the whole width of the host's column (up to 960 px) and most of the screen's height (up to
 * 720 px). The table inside sizes its cards from that box, so the frame is landscape on a desktop and portrait on a
 * phone, and always fits on one screen (`svh`: the height with the phone's address bar shown; `vh` for older
 * browsers, which ignore the second declaration).
 */
export const FRAME_STYLE =
  "display: block; width: 100%; max-width: 960px; height: min(88vh, 720px); height: min(88svh, 720px); border: 0";

/** The iframe snippet for a site whose game page is `gameUrl`. */
export function snippet(/** @type {string} */ gameUrl) {
  const src = new URL(gameUrl);
  src.search = "?embed=1&lang=sr-Latn&level=club";
  return `<iframe src="${src.href}" title="Otvoreni 66"
        style="${FRAME_STYLE}" loading="lazy"></iframe>
<script>
  // Optional: hear when a deal or the match ends.
  window.addEventListener("message", (event) => {
    if (event.origin !== "${src.origin}" || event.data?.source !== "otv66") return;
    console.log(event.data.type, event.data.game_points);
  });
</script>`;
}

/** Fill in the page (embed-info.html): the snippet, its Copy button, the preview frame and its event log. */
function start() {
  const gameUrl = new URL("index.html", location.href);
  const code = snippet(gameUrl.href);
  const byId = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
  byId("snippet").textContent = code;
  byId("copy-snippet").addEventListener("click", async (event) => {
    try {
      await navigator.clipboard.writeText(code);
      /** @type {HTMLElement} */ (event.target).textContent = "Copied";
    } catch {
      // No clipboard permission: the code is on the page to select by hand.
    }
  });
  const preview = /** @type {HTMLIFrameElement} */ (byId("preview"));
  preview.style.cssText = FRAME_STYLE;
  const log = byId("event-log");
  window.addEventListener("message", (event) => {
    if (event.source !== preview.contentWindow || event.data?.source !== "otv66") return;
    const item = document.createElement("li");
    item.textContent = JSON.stringify(event.data);
    log.append(item);
  });
  preview.src = `${gameUrl.href}?embed=1&lang=en&preview=1`; // its own storage: never the player's save
}

start();

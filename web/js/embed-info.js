/**
 * The Embed page: fills the copy-paste snippet with this site's address, shows the game in a frame as a host page
 * would, and lists the events the game posts (as text). Its texts are in the game's language (`?lang=` or the saved
 * settings), from ship-text.js.
 */

import { wireCopy } from "./copy-field.js";
import { FRAME_STYLE, frameSnippet } from "./embed.js";
import { setLanguage } from "./i18n.js";
import { applyOverrides, loadSettings } from "./settings.js";
import { st } from "./ship-text.js";

/**
 * The address the snippet frames: the game page `gameUrl` embedded, in `lang` (the language the webmaster reads
 * this page in), at the club level. The preview on this page frames the same.
 * @param {string} gameUrl
 * @param {string} lang
 */
function frameSource(gameUrl, lang) {
  const src = new URL(gameUrl);
  src.search = new URLSearchParams({ embed: "1", lang, level: "club" }).toString();
  return src;
}

/**
 * Put `text` into `element` as plain text, each `backticked` part as a `<code>` element.
 * @param {HTMLElement} element
 * @param {string} text
 */
export function fillWithCode(element, text) {
  element.replaceChildren(
    ...text.split("`").map((part, index) => {
      if (index % 2 === 0) return part;
      const code = document.createElement("code");
      code.textContent = part;
      return code;
    }),
  );
}

/** The page's texts in the game's language: each `data-st` element gets the text of its key. */
function translate() {
  const settings = applyOverrides(loadSettings(), new URLSearchParams(location.search)).settings;
  setLanguage(settings.lang);
  document.title = st("embedTitle");
  for (const element of document.querySelectorAll("[data-st]")) {
    fillWithCode(/** @type {HTMLElement} */ (element), st(/** @type {HTMLElement} */ (element).dataset.st ?? ""));
  }
  return settings.lang;
}

/** Fill in the page (embed-info.html): the snippet, its Copy button, the preview frame and its event log. */
function start() {
  const lang = translate();
  const gameUrl = new URL("index.html", location.href);
  const code = frameSnippet(frameSource(gameUrl.href, lang), "Otvoreni 66");
  const byId = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
  const field = /** @type {HTMLTextAreaElement} */ (byId("snippet"));
  field.value = code;
  field.rows = code.split("\n").length;
  wireCopy(field, /** @type {HTMLButtonElement} */ (byId("copy-snippet")), undefined, "embedCopy");
  const preview = /** @type {HTMLIFrameElement} */ (byId("preview"));
  preview.style.cssText = FRAME_STYLE;
  const log = byId("event-log");
  window.addEventListener("message", (event) => {
    if (event.source !== preview.contentWindow || event.data?.source !== "otv66") return;
    if (event.data.type === "resize") preview.style.height = `${Math.min(event.data.height, innerHeight)}px`;
    const item = document.createElement("li");
    item.textContent = JSON.stringify(event.data);
    log.append(item);
  });
  const previewSource = frameSource(gameUrl.href, lang);
  previewSource.searchParams.set("preview", "1"); // its own storage: never the player's save
  preview.src = previewSource.href;
}

start();

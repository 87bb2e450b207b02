/**
 * Embed mode (`index.html?embed=1`): the game tells the page that embeds it when a deal or the match ends.
 *
 * Events are posted to `window.parent` (only when the page is really inside a frame) as plain objects:
 *
 *   {source: "otv66", version: 1, type: "deal-finished", deal: <number, 1-based>, winner: 0 | 1 | null,
 *    reason: "reached_66" | "played_out" | "false_claim" | "draw", scores: [a, b], game_points: [a, b],
 *    awarded: [a, b], target}
 *   {source: "otv66", version: 1, type: "match-finished", winner: 0 | 1, game_points: [a, b], deals: n, target}
 *   {source: "otv66", version: 1, type: "challenge-finished", result: <the result link's address>}  (club.html: a
 *    member finished a club challenge; the link proves his result when opened on the standings view)
 *   {source: "otv66", version: 1, type: "resize", height: <CSS px>}  (the frame height the game would like: its
 *    cards as large as the frame's width allows; posted when it changes, at most every HEIGHT_INTERVAL_MS; the
 *    snippet, frameSnippet below (the Embed page's and a club challenge's), has an optional script that applies it,
 *    up to the host window's height)
 *
 * Player 0 is the person at the bottom of the table, player 1 the computer (or the second person).
 * `version` goes up only when a field changes meaning or disappears; new fields may be added.
 * The target origin is "*": the events hold only scores, nothing private. The game listens to nothing from the
 * host: no message can move a card, start a match or change a rule (options come only from the iframe's URL).
 */

import { defaultSettings, settingsQuery } from "./settings.js";
import { st } from "./ship-text.js";

/** @import { BridgeState, DealResult, MatchState, Pair, Player, ResultReason, Settings } from "./types.js" */

/**
 * @typedef {object} DealFinishedEvent
 * @property {"otv66"} source
 * @property {number} version
 * @property {"deal-finished"} type
 * @property {number} deal  1-based
 * @property {Player | null} winner
 * @property {ResultReason} reason
 * @property {Pair} scores
 * @property {Pair} awarded
 * @property {Pair} game_points  after this deal
 * @property {number} target
 */

/**
 * @typedef {object} MatchFinishedEvent
 * @property {"otv66"} source
 * @property {number} version
 * @property {"match-finished"} type
 * @property {Player | null} winner
 * @property {Pair} game_points
 * @property {number} deals
 * @property {number} target
 */

/**
 * @typedef {object} ChallengeFinishedEvent
 * @property {"otv66"} source
 * @property {number} version
 * @property {"challenge-finished"} type
 * @property {string} result  the result link (club.html#result=r1.…)
 */

/**
 * @typedef {object} ResizeEvent
 * @property {"otv66"} source
 * @property {number} version
 * @property {"resize"} type
 * @property {number} height  the frame height the game would like, in CSS pixels (a whole number)
 */

/** @typedef {DealFinishedEvent | MatchFinishedEvent | ResizeEvent} HostEvent */
/** @typedef {{postMessage(message: HostEvent, targetOrigin: string): void}} HostWindow */

export const EVENT_VERSION = 1;
const SOURCE = /** @type {const} */ ("otv66");

/**
 * The event for finished deal number `index` (0-based) of a bridge `match` state.
 * @param {MatchState} match
 * @param {number} index
 * @returns {DealFinishedEvent}
 */
export function dealFinished(match, index) {
  const deal = match.deals[index];
  const result = /** @type {DealResult} */ (deal.result);
  const upToHere = match.deals.slice(0, index + 1);
  const gamePoints = [0, 1].map((p) => upToHere.reduce((sum, d) => sum + d.awarded[p], 0));
  return {
    source: SOURCE,
    version: EVENT_VERSION,
    type: "deal-finished",
    deal: index + 1,
    winner: result.winner,
    reason: result.reason,
    scores: [...result.scores],
    awarded: [...deal.awarded],
    game_points: gamePoints,
    target: match.target,
  };
}

/**
 * The event for a finished match.
 * @param {MatchState} match
 * @returns {MatchFinishedEvent}
 */
export function matchFinished(match) {
  return {
    source: SOURCE,
    version: EVENT_VERSION,
    type: "match-finished",
    winner: match.winner,
    game_points: [...match.game_points],
    deals: match.deals.length,
    target: match.target,
  };
}

/**
 * The event for a finished club challenge: the member's result link, for a club site that collects results itself.
 * @param {string} resultUrl
 * @returns {ChallengeFinishedEvent}
 */
export function challengeFinished(resultUrl) {
  return { source: SOURCE, version: EVENT_VERSION, type: "challenge-finished", result: resultUrl };
}

/**
 * A function to call with every new bridge state: in an embedded page it posts each deal's end and the match's
 * end to the host, once. What was already over when the page opened (a resumed match) is not posted again.
 * @param {boolean} embedded  the page was opened with `?embed=1`
 * @param {HostWindow | null} [target]  the host page's window
 * @returns {(state: BridgeState | null) => void}
 */
export function hostNotifier(embedded, target = window.parent) {
  const inFrame = Boolean(embedded && target && target !== window);
  /** @type {{deals: number, over: boolean} | null} */
  let posted = null; // {deals: finished deals already told, over: match end told}
  return (state) => {
    const match = state?.match;
    if (!inFrame || !match || !target) return;
    const finished = match.deals.filter((deal) => deal.result).length;
    if (posted === null) posted = { deals: finished, over: match.is_over };
    if (finished < posted.deals) posted = { deals: 0, over: false }; // a new match
    for (; posted.deals < finished; posted.deals++) target.postMessage(dealFinished(match, posted.deals), "*");
    if (match.is_over && !posted.over) {
      posted.over = true;
      target.postMessage(matchFinished(match), "*");
    }
  };
}

/**
 * The frame's size: the whole width of the host's column (up to 960 px) and most of the screen's height (up to
 * 720 px). The table inside sizes its cards from that box, so the frame is landscape on a desktop and portrait on a
 * phone, and always fits on one screen (`svh`: the height with the phone's address bar shown; `vh` for older
 * browsers, which ignore the second declaration).
 */
export const FRAME_STYLE =
  "display: block; width: 100%; max-width: 960px; height: min(88vh, 720px); height: min(88svh, 720px); border: 0";

/**
 * The address that frames the game page `game` (index.html) with `settings`, as the Embed page's snippet gives it:
 * `embed=1`, the language and the computer's level always (a club's frame speaks the club's language, whatever its
 * visitor's browser does), and of the other options only those that differ from a first visit's (`base`), which a
 * frame has (its storage is its own): the snippet stays short. In the names and values settings.js reads; without
 * `help`, `help=0` (no Hint and Undo on the table).
 * @param {string | URL} game
 * @param {Settings} settings
 * @param {Settings} [base]
 * @param {boolean} [help]
 */
export function embedAddress(game, settings, base = defaultSettings(), help = true) {
  const src = new URL(game);
  src.search = `embed=1&${settingsQuery(settings, base, ["lang", "level"])}${help ? "" : "&help=0"}`;
  return src;
}

/**
 * The iframe snippet a host page pastes to show `src` (the game, or a club challenge: embed-info.js, club.js) in
 * the frame of FRAME_STYLE, with the optional script that hears the events and applies `resize` (its comment in the
 * page's language: a Serbian club's webmaster reads it). The frame may
 * write to the clipboard and open the share sheet (`allow`): the pages' Copy and Send buttons, blocked in a frame
 * by default.
 * @param {URL} src
 * @param {string} title  the frame's name for a screen reader (a challenge's name: any text)
 */
export function frameSnippet(src, title) {
  return `<iframe src="${htmlAttribute(src.href)}" title="${htmlAttribute(title)}"
        style="${FRAME_STYLE}" allow="clipboard-write; web-share" loading="lazy"></iframe>
<script>
${st("embedScriptNote")
  .split("\n")
  .map((line) => `  // ${line}`)
  .join("\n")}
  window.addEventListener("message", (event) => {
    if (event.origin !== "${src.origin}" || event.data?.source !== "otv66") return;
    if (event.data.type !== "resize") return console.log(event.data);
    for (const frame of document.querySelectorAll("iframe"))
      if (frame.contentWindow === event.source) frame.style.height = Math.min(event.data.height, innerHeight) + "px";
  });
</script>`;
}

/**
 * `text` as the value of a double-quoted HTML attribute.
 * @param {string} text
 */
function htmlAttribute(text) {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The shortest time between two `resize` events (the last height is always posted, after the wait). */
export const HEIGHT_INTERVAL_MS = 150;

/**
 * The event asking the host page for a frame `height` CSS pixels tall.
 * @param {number} height
 * @returns {ResizeEvent}
 */
export function resizeEvent(height) {
  return { source: SOURCE, version: EVENT_VERSION, type: "resize", height };
}

/**
 * A function to call with the preferred height whenever it may have changed: it posts a `resize` event when the
 * height (rounded up to a whole pixel) differs from the last one posted, at most once per `interval` ms; a height
 * given during the wait is posted when the wait ends, so the host always gets the last one.
 * @param {HostWindow} target
 * @param {number} [interval]
 * @param {(run: () => void, ms: number) => unknown} [wait]
 * @returns {(height: number) => void}
 */
export function heightPoster(target, interval = HEIGHT_INTERVAL_MS, wait = setTimeout) {
  let latest = 0;
  let posted = 0;
  let waiting = false;
  const flush = () => {
    waiting = latest !== posted;
    if (!waiting) return;
    posted = latest;
    target.postMessage(resizeEvent(posted), "*");
    wait(flush, interval);
  };
  return (height) => {
    latest = Math.ceil(height);
    if (!waiting) flush();
  };
}

/**
 * The page's preferred height: its content's height now, with the table at the height that gives it cards as large
 * as its width allows (the height of the table's `.height-probe`, by table.css) instead of the height it has.
 * @param {HTMLElement} table
 * @param {HTMLElement} probe
 */
function preferredHeight(table, probe) {
  const page = document.documentElement;
  return page.scrollHeight - table.clientHeight + probe.getBoundingClientRect().height;
}

/**
 * In an embedded page inside a frame: tell the host the preferred height now and whenever the page or its table
 * changes size (ResizeObserver), as `resize` events. While the table is hidden (the club page's forms and
 * standings, which scroll in whatever box they get) nothing is asked: the frame keeps the size the host gave it.
 * @param {boolean} embedded  the page was opened with `?embed=1`
 * @param {HTMLElement} table  the table (`main.table`)
 * @param {HostWindow | null} [target]  the host page's window
 */
export function reportPreferredHeight(embedded, table, target = window.parent) {
  if (!embedded || !target || target === window || typeof ResizeObserver === "undefined") return;
  const probe = document.createElement("div");
  probe.className = "height-probe";
  probe.setAttribute("aria-hidden", "true");
  table.append(probe);
  const post = heightPoster(target);
  const observer = new ResizeObserver(() => {
    if (!table.hidden) post(preferredHeight(table, probe));
  });
  for (const element of [document.documentElement, table, probe]) observer.observe(element);
}

/**
 * Whether the page is a frame in another page (a club's) that its visitor is not using now: he has not touched it
 * yet, or has gone on in the host page. A panel opened now would take his keyboard's focus from there.
 */
export function outOfFocusFrame() {
  return window.top !== window && !document.hasFocus();
}

/** Settles once the frame's visitor uses it (clicks or tabs into it): at once where it is no frame, or in use. */
export function frameInUse() {
  if (!outOfFocusFrame()) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("focus", () => resolve(undefined), { once: true }));
}

/**
 * The replay's list of a deal's moves (replay.html): the deal's start, then each trick with its cards, who played
 * them and who took it, a claim of 66 on a line of its own; each move a button that goes to the table after it, the
 * position shown marked. It opens from the position line ("Deljenje 2 od 5 · Potez 12 od 32"): a player studying a
 * deal goes to its ninth trick at once, not by seventeen presses of Forward.
 */

import { t } from "./i18n.js";
import { escapeHtml, playedText, showPanel, trickTakerText } from "./panels.js";
import { st } from "./ship-text.js";

/** @import { Deck, Player, ReplayMove } from "./types.js" */
/** @import { PanelDialog } from "./panels.js" */

/**
 * A move in words, as the game page says it when it is played: "Vi: as herc", a marriage lead with its points, or
 * "Računar: prijava 66".
 * @param {ReplayMove} entry
 * @param {string[]} names
 * @param {Deck} deck
 */
function moveText({ player, move, marriage }, names, deck) {
  const name = names[player ?? 0];
  if (move === "66") return `${name}: ${t("reviewClaim")}`;
  return playedText(name, move.slice(0, 2), deck, marriage === null ? null : { points: marriage });
}

/**
 * The list's markup: the deal's start, then a line per trick (its number, its moves, its taker), a claim of 66 on a
 * line of its own. The button of the position shown (`shown`, the moves made) is `aria-current`.
 * @param {ReplayMove[]} moves  the deal's moves (bridge `replay_moves`)
 * @param {string[]} names  the players' names as the replay shows them
 * @param {Player | null} you  the seat the replay calls "Vi" (its watcher's own match), or null
 * @param {Deck} deck
 * @param {number} shown
 */
export function movesMarkup(moves, names, you, deck, shown) {
  const button = (/** @type {number} */ ply, /** @type {string} */ text) =>
    `<button type="button" class="replay-move" id="replay-move-${ply}" data-ply="${ply}"${ply === shown ? ' aria-current="step"' : ""}>${escapeHtml(text)}</button>`;
  /** @type {string[]} */
  const lines = [];
  /** @type {string[]} */
  let trick = [];
  let tricks = 0;
  const line = (/** @type {string} */ label, /** @type {string[]} */ parts) =>
    lines.push(`<li><span class="replay-trick">${escapeHtml(label)}</span>${parts.join("")}</li>`);
  moves.forEach((entry, index) => {
    if (entry.move === "66") {
      if (trick.length) line(st("replayTrick", { n: ++tricks }), trick); // a marriage lead the claim left unanswered
      trick = [];
      line(st("replayClaim"), [button(index + 1, moveText(entry, names, deck))]);
      return;
    }
    trick.push(button(index + 1, moveText(entry, names, deck)));
    if (entry.took === null) return;
    trick.push(`<span class="replay-taker">${escapeHtml(trickTakerText(entry.took, names, you))}</span>`);
    line(st("replayTrick", { n: ++tricks }), trick);
    trick = [];
  });
  if (trick.length) line(st("replayTrick", { n: ++tricks }), trick); // the deal ended on a marriage's lead
  return `<p class="replay-start-line">${button(0, st("replayDealStart"))}</p><ol class="replay-moves">${lines.join("")}</ol>`;
}

/** The keys that walk the list of moves, and where each goes from the move at `index` of `count`. */
const WALK = {
  ArrowDown: (/** @type {number} */ index) => index + 1,
  ArrowRight: (/** @type {number} */ index) => index + 1,
  ArrowUp: (/** @type {number} */ index) => index - 1,
  ArrowLeft: (/** @type {number} */ index) => index - 1,
  Home: () => 0,
  End: (/** @type {number} */ _index, /** @type {number} */ count) => count - 1,
};

/**
 * The arrows walk the list a move at a time (Home and End to its ends), as they walk the review's: Tab alone took
 * two stops a trick, and a long deal's end was some thirty presses away.
 * @param {HTMLFormElement} panel
 * @param {KeyboardEvent} event
 */
function walkMoves(panel, event) {
  const step = WALK[/** @type {keyof typeof WALK} */ (event.key)];
  const moves = [.../** @type {NodeListOf<HTMLButtonElement>} */ (panel.querySelectorAll(".replay-move"))];
  const index = moves.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
  if (!step || index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
  event.preventDefault();
  moves[Math.max(0, Math.min(moves.length - 1, step(index, moves.length)))].focus();
}

/**
 * The list of deal number `deal` (0-based) in the panel, on the position shown (in sight, with the focus): the moves
 * made at the position chosen, or null when it is closed.
 * @param {PanelDialog} dialog
 * @param {ReplayMove[]} moves
 * @param {{deal: number, shown: number, names: string[], you: Player | null, deck: Deck}} at
 * @returns {Promise<number | null>}
 */
export function showMovesList(dialog, moves, { deal, shown, names, you, deck }) {
  return showPanel(dialog, {
    kind: "replay-moves-panel",
    title: st("replayMovesTitle", { n: deal + 1 }),
    body: movesMarkup(moves, names, you, deck, shown),
    buttons: [
      { label: t("close"), value: /** @type {number | null} */ (null), primary: true, id: "replay-moves-close" },
    ],
    cancelValue: null,
    startAt: `replay-move-${shown}`,
    setup: (panel, finish) => {
      panel.addEventListener("click", (event) => {
        const ply = /** @type {HTMLElement} */ (event.target).closest("button")?.dataset.ply;
        if (ply !== undefined) finish(Number(ply));
      });
      panel.addEventListener("keydown", (event) => walkMoves(panel, event));
      // The focus is put on the position shown without scrolling to it: a late trick's is brought into sight.
      requestAnimationFrame(() => panel.querySelector(`#replay-move-${shown}`)?.scrollIntoView({ block: "center" }));
    },
  });
}

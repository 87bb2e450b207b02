/**
 * The replay's list of a deal's moves (replay.html): the deal's start, then each trick with its cards, who played
 * them and who took it, a claim of 66 on a line of its own; each move a button that goes to the table after it, the
 * position shown marked. It opens from the position line ("Deljenje 2 od 5 · Potez 12 od 32"): a player studying a
 * deal goes to its ninth trick at once, not by seventeen presses of Forward.
 *
 * A trick takes one line of a phone's width: its number, then each card as its corner shows it ("10♥") under its
 * player's name at the list's head (which stays in sight as the list scrolls), the lead marked "▸", the taker's card
 * "✓". Each move's button says it in words to whoever reads the page ("Vi: devetka herc", "Računar: desetka herc,
 * štih nosi Računar"), and the moves stand in the order played. Said in words on the screen, a trick took two or three
 * lines, and a deal three screens.
 */

import { cardIndexHtml } from "./cards.js";
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
 * A card played as its button shows it, in its player's column: the card's corner ("10♥"), a marriage lead's points
 * ("10♥ (40)"), the lead marked "▸" (the columns do not say who played first), the taker's card "✓". Who reads the
 * page hears it in words, with its player and the taker (the moves stand in the order played).
 * @param {ReplayMove} entry
 * @param {boolean} led  the trick's first card
 * @param {Player | null} taker  who took the trick of this move (null: none took it, the deal ended first)
 * @param {{names: string[], you: Player | null, deck: Deck}} seats
 */
function cardHtml(entry, led, taker, { names, you, deck }) {
  const said = moveText(entry, names, deck);
  const { player, move, marriage } = entry;
  const took = player !== null && player === taker;
  const card = `${cardIndexHtml(move.slice(0, 2), deck)}${marriage === null ? "" : ` (${marriage})`}`;
  const shown = `${led ? "\u25b8\u2009" : ""}${card}${took ? "\u00a0\u2713" : ""}`;
  const heard = took ? `${said}, ${trickTakerText(taker, names, you)}` : said;
  return `<span aria-hidden="true">${shown}</span><span class="sr-only">${escapeHtml(heard)}</span>`;
}

/**
 * The list's markup: the deal's start and what "▸" and "✓" mark, the players' names over their columns, then a line
 * per trick (its number, its cards in the order played, each in its player's column, the lead and the taker's
 * marked), a claim of 66 on a line of its own, in words. The button of the position shown (`shown`, the moves made)
 * is `aria-current`.
 * @param {ReplayMove[]} moves  the deal's moves (bridge `replay_moves`)
 * @param {{names: string[], shortNames: string[], you: Player | null, deck: Deck}} seats  the players' names as the
 *   replay shows them (in full, said with each move; short, over the columns), the seat it calls "Vi" (its watcher's
 *   own match) or null
 * @param {number} shown
 */
export function movesMarkup(moves, seats, shown) {
  const button = (/** @type {number} */ ply, /** @type {string} */ html, column = "") =>
    `<button type="button" class="replay-move${column}" id="replay-move-${ply}" data-ply="${ply}"${ply === shown ? ' aria-current="step"' : ""}>${html}</button>`;
  /** @type {string[]} */
  const lines = [];
  /** @type {number[]} the plies of the trick being listed */
  let trick = [];
  let tricks = 0;
  /** The trick's line, its lead marked and its taker's card (none when the deal ended on its lead). */
  const trickLine = (/** @type {Player | null} */ taker) => {
    const cards = trick.map((ply, index) => {
      const entry = moves[ply - 1];
      return button(ply, cardHtml(entry, index === 0, taker, seats), ` seat-${entry.player}`);
    });
    const n = ++tricks;
    const said = escapeHtml(st("replayTrick", { n }));
    const label = `<span aria-hidden="true">${n}.</span><span class="sr-only">${said}</span>`;
    lines.push(`<li><span class="replay-trick">${label}</span>${cards.join("")}</li>`);
    trick = [];
  };
  moves.forEach((entry, index) => {
    if (entry.move === "66") {
      if (trick.length) trickLine(null); // a marriage lead the claim left unanswered
      const claim = button(index + 1, escapeHtml(moveText(entry, seats.names, seats.deck)));
      lines.push(
        `<li class="replay-claim"><span class="replay-trick">${escapeHtml(st("replayClaim"))}</span>${claim}</li>`,
      );
      return;
    }
    trick.push(index + 1);
    if (entry.took !== null) trickLine(entry.took);
  });
  if (trick.length) trickLine(null); // the deal ended on a marriage's lead
  const start = button(0, escapeHtml(st("replayDealStart")));
  const legend = `<span class="replay-legend" aria-hidden="true">${escapeHtml(st("replayMarks"))}</span>`;
  const heads = seats.shortNames.map((name) => `<span>${escapeHtml(name)}</span>`).join("");
  const head = `<p class="replay-seats" aria-hidden="true"><span></span>${heads}</p>`;
  return `<p class="replay-start-line">${start}${legend}</p>${head}<ol class="replay-moves">${lines.join("")}</ol>`;
}

/**
 * Where Up or Down goes from `move`: the same player's card in the line above or below (his column), else that
 * line's first move (the deal's start, a claim, a trick the deal ended before its answer), or null past the list's
 * ends.
 * @param {HTMLFormElement} panel
 * @param {HTMLButtonElement} move
 * @param {boolean} down
 * @returns {HTMLButtonElement | null}
 */
function moveAcross(panel, move, down) {
  const lines = [...panel.querySelectorAll(".replay-start-line, .replay-moves li")];
  const line = lines[lines.indexOf(/** @type {Element} */ (move.closest(".replay-start-line, li"))) + (down ? 1 : -1)];
  const seat = [...move.classList].find((name) => name.startsWith("seat-"));
  return line?.querySelector(`.replay-move.${seat}`) ?? line?.querySelector(".replay-move") ?? null;
}

/**
 * The arrows walk the list, as they walk the review's (Tab alone took two stops a trick, and a long deal's end was
 * some thirty presses away): Left and Right a move at a time in the order played, Up and Down a trick at a time in a
 * player's column, as the list is drawn; Home and End to its ends.
 * @param {HTMLFormElement} panel
 * @param {KeyboardEvent} event
 */
function walkMoves(panel, event) {
  const moves = [.../** @type {NodeListOf<HTMLButtonElement>} */ (panel.querySelectorAll(".replay-move"))];
  const move = /** @type {HTMLButtonElement} */ (document.activeElement);
  const index = moves.indexOf(move);
  if (index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
  /** @type {Record<string, () => HTMLButtonElement | null | undefined>} */
  const targets = {
    ArrowRight: () => moves[index + 1],
    ArrowLeft: () => moves[index - 1],
    ArrowDown: () => moveAcross(panel, move, true),
    ArrowUp: () => moveAcross(panel, move, false),
    Home: () => moves[0],
    End: () => moves.at(-1),
  };
  if (!(event.key in targets)) return;
  event.preventDefault();
  targets[event.key]()?.focus();
}

/**
 * The list of deal number `deal` (0-based) in the panel, on the position shown (in sight, with the focus): the moves
 * made at the position chosen, "play" when the person chose to play the deal's cards himself (offered when it
 * `playable`: replay.js opens its deal link), or null when it is closed.
 * @param {PanelDialog} dialog
 * @param {ReplayMove[]} moves
 * @param {{deal: number, shown: number, playable: boolean, names: string[], shortNames: string[], you: Player | null,
 *   deck: Deck}} at
 * @returns {Promise<number | "play" | null>}
 */
export function showMovesList(dialog, moves, { deal, shown, playable, ...seats }) {
  /** @type {import("./panels.js").PanelButton<number | "play" | null>[]} */
  const buttons = [{ label: t("close"), value: null, primary: true, id: "replay-moves-close" }];
  if (playable) buttons.push({ label: st("replayPlayDeal"), value: "play", id: "replay-play-deal" });
  return showPanel(dialog, {
    kind: "replay-moves-panel",
    title: st("replayMovesTitle", { n: deal + 1 }),
    body: movesMarkup(moves, seats, shown),
    buttons,
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

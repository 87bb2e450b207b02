/**
 * The moves between two views of one deal, in words for a screen reader: each card in the order it was played, with
 * a marriage announced with it and the card turned up under it, and who took a trick it finished ("Računar: as tref.
 * Okrenuta je karta: kralj herc. Štih nosi Računar. Računar: desetka pik.").
 *
 * The game page says each move as its card flies (table-motion.js). The club page and the friend page get several
 * moves at once (a move and the computer's answer, a friend's link), and drew them in silence: a player who does not
 * see the table heard neither the other's card nor who took the trick. They say these words instead.
 */

import { asSentences, cardName, suitName, t } from "./i18n.js";
import { playedText, trickTakerText } from "./panels.js";

/** @import { Deck, LastTrick, Player, PublicView, TrickCard } from "./types.js" */

/**
 * A view of a deal: the public view with the last trick, its piles' tops null where nobody may know them yet (a
 * friend's card not yet opened by the protocol).
 * @typedef {Omit<PublicView, "piles"> & {piles: {top: string | null, hidden: boolean}[][], last_trick: LastTrick | null}} SaidView
 */

/**
 * The cards played from `before` to `after`, in playing order, and how many of them finished a trick (0 or the index
 * after the card that did). More than one trick apart, only the last trick and the one begun are told.
 * @param {SaidView} before
 * @param {SaidView} after
 * @returns {{cards: TrickCard[], finished: number}}
 */
function cardsBetween(before, after) {
  const tricks = after.tricks_played - before.tricks_played;
  const last = after.last_trick?.cards ?? [];
  if (tricks <= 0) return { cards: after.trick.slice(before.trick.length), finished: 0 };
  const ended = tricks === 1 ? last.slice(before.trick.length) : last;
  return { cards: [...ended, ...after.trick], finished: ended.length };
}

/**
 * The marriage `player` announced leading `card` in `view` (its move is the card's code with "m"), or null.
 * @param {SaidView} view
 * @param {Player} player
 * @param {string} card
 */
function marriageLed(view, player, card) {
  if (!view.moves.includes(`${card}m`)) return null;
  return view.marriages.find((married) => married.player === player && married.suit === card[1]) ?? null;
}

/**
 * What was played from `before` to `after` (two views of the same deal), as sentences; "" when nothing was.
 * @param {SaidView} before
 * @param {SaidView} after
 * @param {string[]} names  the players' names by seat, as the page says them
 * @param {Player | null} you  the seat the page calls "you" (its trick is "štih nosite Vi"), or null
 * @param {Deck} deck
 * @returns {string}
 */
export function movesSaid(before, after, names, you, deck) {
  const { cards, finished } = cardsBetween(before, after);
  // A pile's top changes only when a card turns up on it: under the card played from it, or later, once the friend
  // protocol opens it (said first: it came with the link, before the moves in it).
  /** @type {Map<string, string>} */
  const turned = new Map();
  after.piles.forEach((row, player) => {
    row.forEach(({ top }, pile) => {
      if (top && top !== before.piles[player][pile].top) turned.set(`${player}:${pile}`, top);
    });
  });
  const turnedUnder = cards.map(({ player, card }) => {
    const key = `${player}:${before.piles[player].findIndex((shown) => shown.top === card)}`;
    const up = turned.get(key);
    turned.delete(key);
    return up;
  });
  const turnedText = (/** @type {string} */ card) => t("turnedUp", { card: cardName(card, deck) });
  // Opened apart from a card played from its pile: whose it is, said too.
  /** @type {string[]} */
  const lines = [...turned].map(([key, card]) => {
    const player = Number(key.split(":")[0]);
    const values = { name: names[player], card: cardName(card, deck) };
    return player === you ? t("turnedUpYours", values) : t("turnedUpOf", values);
  });
  cards.forEach(({ player, card }, index) => {
    lines.push(playedText(names[player], card, deck, marriageLed(after, player, card)));
    const under = turnedUnder[index];
    if (under) lines.push(turnedText(under));
    if (index + 1 === finished && after.last_trick) lines.push(trickTakerText(after.last_trick.winner, names, you));
  });
  const result = after.moves.length > before.moves.length && after.moves.at(-1) === "66" ? after.result : null;
  if (result) {
    const winner = /** @type {Player} */ (result.winner);
    lines.push(t("claimed", { name: names[result.reason === "false_claim" ? 1 - winner : winner] }));
  }
  return asSentences(lines);
}

/**
 * The trump suit in words ("Adut: herc"): the eye reads it beside the trick, a card's name says it only for the
 * dealer's last card.
 * @param {string} trump  S, H, D or C
 * @param {Deck} deck
 */
export function trumpSaid(trump, deck) {
  return t("trumpIs", { suit: suitName(trump, deck) });
}

/**
 * A deal's beginning in words: its number, the trump suit (which the eye reads beside the trick) and a card already
 * led in it ("Deljenje 2. Adut: herc. Računar: as pik.").
 * @param {SaidView & {trump: string}} view  the deal as first shown
 * @param {number} number  the deal's number in the match or challenge
 * @param {string[]} names
 * @param {Player | null} you
 * @param {Deck} deck
 */
export function dealBeginningSaid(view, number, names, you, deck) {
  const begun = view.tricks_played === 0 ? trickSaid(view, names, you, deck) : "";
  return asSentences([t("dealN", { n: number }), trumpSaid(view.trump, deck), begun].filter(Boolean));
}

/**
 * The cards on the trick under way in `view`, in words, as they were said when played ("Računar: as pik."), with a
 * claim of 66 that ended the deal there; "" when the trick is empty. The eye sees them in the middle of a table shown
 * anew (a deal's beginning, a match put back by a reload).
 * @param {SaidView} view
 * @param {string[]} names
 * @param {Player | null} you
 * @param {Deck} deck
 */
export function trickSaid(view, names, you, deck) {
  return movesSaid({ ...view, trick: [], moves: [] }, view, names, you, deck);
}

/**
 * The moves an undo took back, from `before` to `after` (two views of one deal), in words: the cards back on their
 * piles, by whose they are ("Vraćeno: Vi: kralj herc; Računar: as herc, desetka tref"). A marriage led with a card
 * is taken back with it: that card is said apart, as its lead was ("Vraćeno: Vi: marijaž (20), dama pik; Računar: as
 * pik"). Only "Potez je vraćen" where the views are of different deals or no card came back.
 * @param {SaidView & {number?: number}} before
 * @param {SaidView & {number?: number}} after
 * @param {string[]} names
 * @param {Deck} deck
 */
export function movesTakenBackSaid(before, after, names, deck) {
  const sameDeal = before.number === after.number && after.moves.every((move, index) => before.moves[index] === move);
  const cards = sameDeal ? before.moves.slice(after.moves.length).filter((move) => move !== "66") : [];
  /** @type {{player: Player, codes: string[], marriage: {points: number} | null}[]} */
  const back = [];
  for (const move of cards) {
    const card = move.slice(0, 2);
    const seat = after.piles.findIndex((row) => row.some((pile) => pile.top === card));
    if (seat < 0) continue;
    const player = /** @type {Player} */ (seat);
    const marriage = marriageLed(before, player, card);
    const plain = marriage ? undefined : back.find((cardsOf) => cardsOf.player === player && !cardsOf.marriage);
    if (plain) plain.codes.push(card);
    else back.push({ player, codes: [card], marriage });
  }
  const moves = back.map(({ player, codes, marriage }) =>
    marriage
      ? playedText(names[player], codes[0], deck, marriage)
      : t("played", { name: names[player], card: codes.map((code) => cardName(code, deck)).join(", ") }),
  );
  return moves.length ? t("undoneMoves", { moves: moves.join("; ") }) : t("undone");
}

/**
 * The guided first deal: which rule to explain, decided from the engine's state as the deal goes on.
 *
 * The page holds no rules: a tip is chosen only from what the engine says (its legal moves, the piles it shows,
 * its pending marriage points, its result). `Tutorial.tipsFor(before, after)` compares two engine states (the
 * bridge's `deal` views) and returns the tips that became true, each at most once per guided deal.
 */

/** @import { DealView } from "./types.js" */
/** @typedef {{key: string, values: Record<string, string | number>}} Tip  a text key of texts-learn.js, its values */

/** The suit letter of a move code ("QHm" → "H"). */
const suitOf = (/** @type {string} */ move) => move[1];

/**
 * How many cards are left on the table, both players' piles together (a pile's face-up card and the one under it).
 * @param {DealView} deal
 */
const cardsLeft = (deal) =>
  deal.piles.flat().reduce((count, pile) => count + (pile.top ? 1 : 0) + (pile.hidden ? 1 : 0), 0);

/**
 * The tips for the position `after`, for the player `me` (0 or 1), given the position `before` it (or null).
 * @param {DealView | null} before
 * @param {DealView} after
 * @param {number} me
 * @returns {Tip[]}
 */
export function tipsOf(before, after, me) {
  /** @type {Tip[]} */
  const tips = [];
  const cards = after.legal_moves.filter((move) => move !== "66");
  if (after.turn === me && after.trick.length === 1 && cards.length > 0) {
    const led = suitOf(after.trick[0].card);
    const follow = after.rules.must_beat ? "tip_follow_beat" : "tip_follow"; // must_beat: the engine's rule
    if (cards.every((move) => suitOf(move) === led)) tips.push({ key: follow, values: { suit: led } });
    else if (led !== after.trump && cards.every((move) => suitOf(move) === after.trump))
      tips.push({ key: "tip_trump", values: { trump: after.trump } });
  }
  const leading = after.turn === me && after.trick.length === 0;
  if (leading && cards.length > 0) tips.push({ key: "tip_lead", values: {} }); // the first lead of his: once
  if (leading && cards.some((move) => move.endsWith("m"))) tips.push({ key: "tip_marriage", values: {} });
  // The first trick taken: the card that took it and why (a trump on another suit, else the suit led's highest: the
  // rule said of this trick, not both cases in general), who took it, and that he leads the next.
  if (before && before.tricks_played === 0 && after.tricks_played === 1 && after.last_winner !== null) {
    const winner = after.last_winner;
    const cards = after.last_trick?.cards ?? [];
    const card = cards.find((played) => played.player === winner)?.card;
    const trumped = card !== undefined && suitOf(card) === after.trump && suitOf(cards[0].card) !== after.trump;
    const key = trumped ? "tip_trick_trump" : "tip_trick";
    if (card)
      tips.push(winner === me ? { key: `${key}_you`, values: { card } } : { key, values: { player: winner, card } });
  }
  // The last trick begins (one card left on each side, when the deal goes that far): the 10 it earns.
  if (!after.result && after.trick.length === 0 && cardsLeft(after) === 2)
    tips.push({ key: "tip_last_trick", values: {} });
  if (before) {
    after.piles[me].forEach((pile, index) => {
      const earlier = before.piles[me][index];
      if (earlier.hidden && !pile.hidden && pile.top) tips.push({ key: "tip_turnup", values: { card: pile.top } });
    });
    if (after.pending_marriage_points[me] > before.pending_marriage_points[me])
      tips.push({ key: "tip_marriage_wait", values: {} });
  }
  // Under manual claim: the 66 button, when the engine first lets him claim.
  if (!after.result && after.claimant === me && after.legal_moves.includes("66"))
    tips.push({ key: "tip_claim", values: {} });
  if (after.result && !before?.result) {
    const { winner, reason } = after.result;
    const reached = after.rules.claim === "manual" ? "tip_claimed" : "tip_66"; // claimed, or announced for him
    if (reason === "reached_66" && winner === me) tips.push({ key: `${reached}_you`, values: {} });
    else if (reason === "reached_66" && winner !== null) tips.push({ key: reached, values: { player: winner } });
    // A false claim is scored by its own rule: the 1-2-3 table does not say what it gave.
    tips.push({ key: reason === "false_claim" ? "tip_false_claim" : "tip_game_points", values: {} });
  }
  return tips;
}

/**
 * Whether `me` (0 or 1) made a move between two positions: it was his turn and the deal has more moves (an undone
 * move makes fewer). A tip speaks of the moment it was given: it goes once the player has moved on from it.
 * @param {DealView} before
 * @param {DealView} after
 * @param {number} me
 */
export function movedSince(before, after, me) {
  return before.turn === me && after.moves.length > before.moves.length;
}

/**
 * Whether a finished guided deal's last tip goes, the page now at `deal`: once another deal is being dealt or played
 * (a new match's dealing panel has no deal yet), not while the finished deal is still on the table.
 * @param {DealView | null} finished  the guided deal, over
 * @param {DealView | null | undefined} deal  the page's deal now
 */
export function guidedDealLeft(finished, deal) {
  return deal !== finished && !deal?.result;
}

/** A guided deal: each kind of tip is given once. */
export class Tutorial {
  /** @param {number} me  the player being taught */
  constructor(me = 0) {
    this.me = me;
    /** @type {Set<string>} */
    this.given = new Set();
  }

  /**
   * The new tips between two positions (a tip already given is not repeated).
   * @param {DealView | null} before
   * @param {DealView} after
   */
  tipsFor(before, after) {
    const fresh = tipsOf(before, after, this.me).filter((tip) => !this.given.has(tip.key));
    for (const tip of fresh) this.given.add(tip.key);
    return fresh;
  }
}

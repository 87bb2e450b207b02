/**
 * A friend match on the card table: the bridge's friend state as render.js draws it.
 *
 * render.js draws player 0 at the bottom; here the bottom is always this device's player, so for seat 1 the two
 * players are swapped (every per-player field of the view). A pile whose turned-up card the protocol has not
 * opened yet (`unopened`) is drawn as a face-down card: its card is not known to anyone yet.
 */

import { shownPlayers } from "./friend-status.js";
import { trickCounts } from "./render.js";

/** @import { DealResult, DrawnState, LastTrick, Pair, Player, PublicView } from "./types.js" */
/** @import { Settings, TableView, TrickCard } from "./types.js" */
/** @import { TrickCounts } from "./page-types.js" */
/** @import { FriendDealView, FriendState } from "./friend-types.js" */

/**
 * @template {Player | null} P
 * @param {P} player
 * @param {boolean} swap
 * @returns {P}
 */
function seatOf(player, swap) {
  return /** @type {P} */ (swap && player !== null ? 1 - player : player);
}

/**
 * @template T
 * @param {T[]} pair
 * @param {boolean} swap
 * @returns {T[]}
 */
function pairOf(pair, swap) {
  return swap ? [pair[1], pair[0]] : [...pair];
}

/** A deal's result seen from the other seat when `swap`. */
function resultOf(/** @type {DealResult | null} */ result, /** @type {boolean} */ swap) {
  if (!result) return null;
  return {
    ...result,
    winner: seatOf(result.winner, swap),
    scores: pairOf(result.scores, swap),
    tricks: pairOf(result.tricks, swap),
  };
}

/**
 * The deal as this device's player sees it on the table: him as player 0, unopened cards face down.
 * @param {FriendDealView} deal
 * @param {boolean} swap
 * @returns {PublicView & {last_trick: LastTrick | null}}
 */
export function dealSeenFrom(deal, swap) {
  const piles = deal.piles.map((row) => row.map((pile) => (pile.unopened ? { top: null, hidden: true } : pile)));
  return {
    ...deal,
    dealer: seatOf(deal.dealer, swap),
    turn: seatOf(deal.turn, swap),
    leader: seatOf(deal.leader, swap),
    claimant: seatOf(deal.claimant, swap),
    last_winner: seatOf(deal.last_winner, swap),
    piles: /** @type {PublicView["piles"]} */ (pairOf(piles, swap)),
    trick: deal.trick.map((entry) => ({ ...entry, player: seatOf(entry.player, swap) })),
    marriages: deal.marriages.map((marriage) => ({ ...marriage, player: seatOf(marriage.player, swap) })),
    tricks_won: pairOf(deal.tricks_won, swap),
    card_points: pairOf(deal.card_points, swap),
    marriage_points: pairOf(deal.marriage_points, swap),
    pending_marriage_points: pairOf(deal.pending_marriage_points, swap),
    scores: pairOf(deal.scores, swap),
    result: resultOf(deal.result, swap),
    last_trick: deal.last_trick && {
      winner: seatOf(deal.last_trick.winner, swap),
      cards: deal.last_trick.cards.map((entry) => ({ ...entry, player: seatOf(entry.player, swap) })),
    },
  };
}

/**
 * The deal on the table: the one in play; while the next one's cards are not open yet (the links of its shuffle go
 * back and forth), the last one as it ended, its scores, piles and last trick in sight.
 * @param {FriendState} state
 * @param {boolean} swap
 */
function drawnDeal(state, swap) {
  if (state.deal) return { ...dealSeenFrom(state.deal, swap), number: state.deal_number };
  const last = state.last_deal;
  return last?.view ? { ...dealSeenFrom(last.view, swap), number: last.number } : null;
}

/**
 * The last trick of the deal on the table (drawnDeal), from this device's seat; null before its first trick.
 * @param {FriendState} state
 * @returns {LastTrick | null}
 */
export function lastTrickShown(state) {
  return drawnDeal(state, state.seat === 1)?.last_trick ?? null;
}

/**
 * The friend match as render.js draws it (`DrawnState`), from this device's seat; the top bar names the friend of a
 * rematch invitation not answered yet by `meantFor` (friend-status.js).
 * @param {FriendState} state
 * @param {string | null} [meantFor]
 * @returns {DrawnState}
 */
export function drawnState(state, meantFor = null) {
  const swap = state.seat === 1;
  const rules = state.rules;
  return {
    match: {
      players: pairOf(shownPlayers(state, meantFor), swap),
      rules,
      game_points: /** @type {Pair} */ (pairOf(state.game_points, swap)),
      target: rules.target,
      winner: seatOf(/** @type {Player | null} */ (state.winner), swap),
      is_over: state.status === "over",
      deals: [],
    },
    deal: drawnDeal(state, swap),
    undo_count: 0,
    can_undo: false,
  };
}

/**
 * A finished trick still shown on the table, and the seats' scores and trick counts from before it: the table
 * counts the trick once it has flown to its winner.
 * @typedef {{cards: TrickCard[], counts: TrickCounts}} ShownTrick
 */

/**
 * The trick that the change from `before` to `after` finished, seen from this device's seat: shown a moment before
 * the table goes on (a trick the friend's move finished is otherwise never seen). Null when no trick was finished in
 * the same deal of the same match (or in the deal that ended with it).
 * @param {FriendState | null} before  the match as this device last had it
 * @param {FriendState} after
 * @returns {ShownTrick | null}
 */
export function finishedTrick(before, after) {
  if (!before?.deal || before.id !== after.id) return null;
  // The deal's last trick: the deal ended with it, and the table shows the deal as it ended (drawnDeal).
  const ended = !after.deal && after.last_deal?.number === before.deal_number ? after.last_deal.view : null;
  const deal = ended ?? (before.deal_number === after.deal_number ? after.deal : null);
  const last = deal?.last_trick;
  if (!deal || !last || deal.tricks_played <= before.deal.tricks_played) return null;
  const swap = after.seat === 1;
  return {
    cards: last.cards.map((entry) => ({ ...entry, player: seatOf(entry.player, swap) })),
    counts: trickCounts(dealSeenFrom(before.deal, swap)),
  };
}

/**
 * What render.js needs besides the state: this device's player is the person (at the bottom), the friend is not
 * moved from here; `busy` while the engine works. The names are those of drawnState (`meantFor` the same).
 * @param {FriendState} state
 * @param {Settings} settings
 * @param {boolean} busy
 * @param {ShownTrick | null} [shown]  a finished trick still shown (finishedTrick)
 * @param {string | null} [meantFor]  whom a rematch invitation not answered yet is for
 * @returns {TableView}
 */
export function tableView(state, settings, busy, shown = null, meantFor = null) {
  const players = shownPlayers(state, meantFor);
  return {
    settings,
    humans: [true, false],
    names: [players[state.seat], players[1 - state.seat]],
    busy,
    hint: null,
    shownTrick: shown?.cards ?? null,
    beforeTrick: shown?.counts ?? null,
    undealt: null,
    undealtUnder: null,
  };
}

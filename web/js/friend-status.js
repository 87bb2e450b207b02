/**
 * What the friend page says about a match: whose turn it is (the banner over the table, the list of matches) and
 * who plays it.
 *
 * Until the friend's answer to the invitation has been read, the engine does not know his name and gives null in
 * its place (otv66/friend/match.py `FriendMatch.players`); the page then speaks of "your friend" with texts of their
 * own (`_invited`), since a name cannot simply be swapped for a noun in Serbian (the sentence wants "prijatelju"). A
 * name stands where it keeps its own form, the subject of its sentence ("Ana čeka Vaš link", "Vi i Ana ste…"): a
 * name declined by rule would go wrong for many (Ana: Ani, Marko: Marku, Jelena: Jeleni), and a verb in the past
 * would want the friend's gender, which the page does not know. A rematch
 * invitation is meant for the friend of the finished match (`meantFor`, kept by this page: friend-store.js): until
 * the answer is read it is said to be for him by that name, with texts of their own (`_rematch`).
 */

import { t } from "./i18n.js";
import { explainResult, marriageEndText } from "./panels.js";

/** @import { FriendState } from "./friend-types.js" */
/** @import { Deck, Player } from "./types.js" */

/**
 * The friend's name, or null while the invitation is unanswered.
 * @param {FriendState} state
 * @returns {string | null}
 */
function friendName(state) {
  return state.players[1 - state.seat];
}

/**
 * Both players' names as the page shows them: the friend not named yet is the one a rematch invitation is meant for,
 * else "your friend" ("prijatelj").
 * @param {FriendState} state
 * @param {string | null} [meantFor]
 * @returns {[string, string]}
 */
export function shownPlayers(state, meantFor = null) {
  const [first, second] = state.players;
  return [first, second ?? meantFor ?? t("friendUnknown")];
}

/**
 * The key suffix of the texts for the state, and the friend's name they say: its status and his name; while his
 * name is not known, `rematch` and the name of the one the rematch invitation is meant for, or `invited`.
 * @param {FriendState} state
 * @param {string | null} meantFor
 * @returns {[string, string]}
 */
function textStatus(state, meantFor) {
  const name = friendName(state);
  if (name !== null) return [state.status, name];
  return meantFor === null ? ["invited", ""] : ["rematch", meantFor];
}

/**
 * Whose turn it is, in a few words (the list of matches).
 * @param {FriendState} state
 * @param {string | null} [meantFor]  whom a rematch invitation is for
 */
export function statusText(state, meantFor = null) {
  const [status, name] = textStatus(state, meantFor);
  return t(`friendStatus_${status}`, { name });
}

/**
 * Whose turn it is, as the banner over the table says it; at the match's end, who won it (this player: "you won it",
 * not his own name as for a stranger) with the game points, winner's first, and the last link to send if this player
 * made the move that ended it (nothing of the friend's came after his link: the friend's page waits for it to learn
 * the end; the page offers it, renderMatch).
 * @param {FriendState} state
 * @param {string | null} [meantFor]  whom a rematch invitation is for
 */
export function turnText(state, meantFor = null) {
  if (state.status === "over") {
    const players = shownPlayers(state);
    const winner = state.winner ?? state.seat;
    const score = `${state.game_points[winner]}\u00a0:\u00a0${state.game_points[1 - winner]}`; // never broken apart
    const said = `friendTurn_${winner === state.seat ? "won" : "over"}${state.link_answered ? "" : "Send"}`;
    return t(said, { name: players[winner], friend: players[1 - state.seat], score });
  }
  const [status, name] = textStatus(state, meantFor);
  return t(`friendTurn_${status}`, { name });
}

/**
 * Who plays the match and its game points, as the list of matches shows it ("Ana – Bo 2:1").
 * @param {FriendState} state
 * @param {string | null} [meantFor]  whom a rematch invitation is for
 */
export function playersText(state, meantFor = null) {
  return `${shownPlayers(state, meantFor).join(" – ")} ${state.game_points.join(":")}`;
}

/**
 * How the last finished deal ended (the engine's `last_deal`), in one sentence for this device's player: who won it
 * and with how many game points (a draw bonus carried into it included), or that it was drawn or resigned. The score
 * alone does not say why it moved: the sentence stands until the next deal's first card is played. Null when no deal
 * has ended, or once that card is played.
 * @param {FriendState} state
 * @returns {string | null}
 */
export function dealEndText(state) {
  const last = state.last_deal;
  const next = state.deal;
  if (!last || (next && (next.tricks_played > 0 || next.trick.length > 0))) return null;
  const { number, winner, awards, resigned } = last;
  if (winner === null) return t("friendDealEnd_drawn", { number });
  const outcome = winner === state.seat ? "won" : "lost";
  const how = resigned === null ? "" : "Resigned";
  return t(`friendDealEnd_${outcome}${how}`, { number, points: awards[winner], name: shownPlayers(state)[winner] });
}

/**
 * How the last finished deal ended, with why (dealEndText, then the result's reasons as the game page's result gives
 * them: the winner's points, the loser's and what they made the deal worth, a marriage that ended it): the page shows
 * the deal's table as it ended beside it. Empty when dealEndText is null.
 * @param {FriendState} state
 * @param {Deck} deck
 * @returns {string[]}
 */
export function dealEndLines(state, deck) {
  const ended = dealEndText(state);
  const last = state.last_deal;
  if (!ended || !last) return [];
  const table = last.view;
  if (!table?.result || last.winner === null) return [ended];
  const names = shownPlayers(state);
  names[state.seat] = t("you");
  const you = /** @type {Player} */ (state.seat);
  const why = explainResult(table.result, names, last.awards[last.winner], you).slice(1); // who won: said already
  const marriage = marriageEndText(table, deck);
  if (marriage) why.splice(1, 0, marriage);
  return [ended, ...why];
}

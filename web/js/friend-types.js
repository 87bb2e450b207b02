/**
 * Shapes of the bridge's friend_* answers (otv66/friend/desk.py, otv66/friend/match.py `to_state`).
 *
 * @import { FalseClaimRisk, LastTrick, PublicView, Rules } from "./types.js"
 *
 * @typedef {object} FriendState
 * @property {string} id
 * @property {number} seat
 * @property {[string, string | null]} players  the friend's name null until his answer to the invitation is read
 *   (only the inviter, seat 0, has a friend not named yet)
 * @property {Rules} rules
 * @property {boolean} forfeit  option forfeit (docs/rules.md 6.5): a player may resign a deal
 * @property {boolean} can_resign  this player may resign the deal now
 * @property {FriendResignation | null} [resignation]  what resigning now gives the friend (null when he may not); not
 *   in a state stored by an earlier page
 * @property {boolean} [can_replay]  the match is over and its game link replays it (bridge friend_game_link); not in
 *   a state stored by an earlier page
 * @property {[number, number]} game_points
 * @property {FalseClaimRisk} [false_claim]  what a claim below 66 would give the friend now; not in a state stored by
 *   an earlier page
 * @property {FriendLastDeal | null} last_deal  how the last finished deal ended; null before one has
 * @property {number | null} winner
 * @property {number} deal_number
 * @property {"play" | "send" | "wait" | "over"} status
 * @property {boolean} link_answered  a link of the friend's came after this player's last one: at the match's end,
 *   that one is not offered for sending again (the friend's last move answered it)
 * @property {FriendDealView | null} deal
 *
 * The deal as this player sees it: the public view (otv66/view.py), with a pile whose turned-up card is not
 * open yet as `{top: null, hidden: false, unopened: true}`, `legal_moves` this player's own and the last trick.
 * @typedef {Omit<PublicView, "piles"> & {piles: FriendPile[][], last_trick: LastTrick | null}} FriendDealView
 *
 * @typedef {{top: string | null, hidden: boolean, unopened?: boolean}} FriendPile
 *
 * @typedef {object} FriendResignation
 * @property {number} award  the game points the friend wins the deal with (docs/rules.md 6.5, a draw bonus included)
 * @property {boolean} ends_match  they bring him to the match's target
 *
 * @typedef {object} FriendLastDeal
 * @property {number} number  the deal's number, from 1
 * @property {number | null} winner  null: drawn
 * @property {[number, number]} awards  the game points it gave each player (a draw bonus carried into it included)
 * @property {number | null} resigned  the seat that resigned it; null: it was played out
 * @property {FriendDealView} [view]  its table as it ended (no moves to make); not in a state stored by an earlier page
 *
 * @typedef {object} FriendAnswer
 * @property {FriendState} state
 * @property {string} saved
 * @property {string} [link]
 *
 * @typedef {object} FriendPeek
 * @property {string} id
 * @property {boolean} invitation
 * @property {boolean} known
 * @property {FriendOffer | null} offer  an unknown invitation's offer, checked (its signature and key proof)
 */

/**
 * What an invitation offers, shown before it is accepted (bridge `friend_peek`).
 * @typedef {object} FriendOffer
 * @property {string} name  who invites
 * @property {import("./types.js").Rules} rules
 * @property {boolean} forfeit  whether a deal may be resigned (docs/rules.md 6.5)
 */

export {};

/**
 * Shapes of the bridge's friend_* answers (otv66/friend/desk.py, otv66/friend/match.py `to_state`).
 *
 * @typedef {object} FriendState
 * @property {string} id
 * @property {number} seat
 * @property {[string, string]} players
 * @property {Record<string, unknown>} rules
 * @property {[number, number]} game_points
 * @property {number | null} winner
 * @property {number} deal_number
 * @property {"play" | "send" | "wait" | "over"} status
 * @property {FriendDealView | null} deal
 *
 * @typedef {object} FriendDealView
 * @property {string} trump_card
 * @property {{top: string | null, hidden: boolean, unopened?: boolean}[][]} piles
 * @property {number | null} turn
 * @property {{player: number, card: string}[]} trick
 * @property {[number, number]} scores
 * @property {string[]} legal_moves
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
 */

export {};

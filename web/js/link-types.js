/**
 * Types only (JSDoc, nothing at run time): what the bridge answers for share links (`open_link`) and the replay
 * (`replay_view`). types.js names them too, beside the engine's other JSON shapes.
 */

/** @import { MatchDeal, Move, Pair, Player, PublicView, Rules } from "./types.js" */

/**
 * A deal link opened (`open_link`): start it with `new_match {rules, first_dealer: dealer}` and
 * `new_deal {seed, packets}`.
 * @typedef {object} DealLink
 * @property {"deal"} kind
 * @property {number} seed
 * @property {Player} dealer
 * @property {number[]} packets
 * @property {Rules} rules
 */

/**
 * A deal of a game opened from a game link: every move of it, the player who gave it up after them (`resigned`,
 * docs/rules.md 6.5; null: it was played out, or goes on), the draw bonus waiting after it (`bonus_after`) and its
 * own link, to play its cards again (`deal_token`; null for a deal not played out, one with cards nobody saw, or one
 * given by its layout).
 * @typedef {MatchDeal & {moves: Move[], resigned: Player | null, bonus_after: number, deal_token: string | null}} GameDeal
 */

/**
 * A game link opened (`open_link`): the whole match, kept by the engine for `replay_view`.
 * @typedef {object} GameLink
 * @property {"game"} kind
 * @property {string[]} players
 * @property {Rules} rules
 * @property {Pair} game_points
 * @property {Player | null} winner
 * @property {GameDeal[]} deals
 */

/**
 * The bridge's `replay_view`: deal `deal` (0-based) of the opened game after its first `ply` moves.
 * @typedef {object} ReplayView
 * @property {number} deal
 * @property {number} ply
 * @property {Move[]} moves
 * @property {PublicView} view
 */

/**
 * A move of a replayed deal (bridge `replay_moves`): who made it, the trick's taker where it completed one, a marriage
 * lead's points.
 * @typedef {object} ReplayMove
 * @property {Player | null} player
 * @property {Move} move
 * @property {Player | null} took
 * @property {number | null} marriage
 */
export {};

/**
 * Types only (JSDoc, nothing at run time): the JSON shapes the engine sends the page, and (from page-types.js)
 * the page's own records.
 *
 * The engine's shapes follow otv66/bridge.py (the state and the methods' results), otv66/view.py
 * (`PublicView.to_dict`), otv66/deal.py (`Deal.result`) and otv66/rules.py (`Rules.to_dict`); the record is
 * docs/record-format.md. Other modules name them with `@import`, e.g.
 *
 *   /** @import { BridgeState, Card } from "./types.js" *\/
 *
 * When the bridge changes a shape, this file changes with it (the strict type check then shows every use).
 */

// ------------------------------------------------------------------------------------------------ cards and moves

/**
 * A card code: rank then suit, e.g. `"TH"` (ten of hearts); ranks A T K Q J 9 8 7, suits S H D C (docs/rules.md).
 * @typedef {string} Card
 */

/**
 * A move: a card code, a card code + `"m"` for a marriage lead (`"KHm"`), or `"66"` for a claim.
 * @typedef {string} Move
 */

/**
 * A seat: 0 is the person at the bottom of the table, 1 the computer (or a second person).
 * @typedef {0 | 1} Player
 */

/** @typedef {number[]} Pair  Two numbers, one per player, player 0 first. */

// ------------------------------------------------------------------------------------------------ rules and results

/**
 * The rule options (otv66/rules.py `Rules.to_dict`, the record's `rules`).
 * @typedef {object} Rules
 * @property {boolean} must_beat  the follower must beat the led card when he follows suit
 * @property {"auto" | "manual"} claim  66 ends the deal at once, or must be claimed with the move "66"
 * @property {"winner" | "alternate"} dealer  who deals next
 * @property {boolean} draw_bonus  +1 game point to the winner of the deal after a draw
 * @property {number} target  game points that win the match
 */

/** @typedef {"reached_66" | "played_out" | "false_claim" | "draw"} ResultReason */

/**
 * How a deal ended (otv66/deal.py `Deal.result`).
 * @typedef {object} DealResult
 * @property {Player | null} winner  null for a draw
 * @property {number} game_points  0..3 (0 for a draw; without a draw bonus)
 * @property {Pair} scores
 * @property {Pair} tricks
 * @property {ResultReason} reason
 */

// ------------------------------------------------------------------------------------------------ the public view

/**
 * One pile: its top card (null when empty) and whether a face-down card lies under it.
 * @typedef {object} Pile
 * @property {Card | null} top
 * @property {boolean} hidden
 */

/**
 * A card in the trick, and who played it.
 * @typedef {object} TrickCard
 * @property {Player} player
 * @property {Card} card
 */

/**
 * A marriage announced in the deal; `counted` once its player has won a trick.
 * @typedef {object} Marriage
 * @property {Player} player
 * @property {string} suit  S, H, D or C
 * @property {number} points  20, or 40 in trumps
 * @property {boolean} counted
 */

/**
 * What both players see of a deal (otv66/view.py `PublicView.to_dict`): no face-down card is named.
 * @typedef {object} PublicView
 * @property {Rules} rules
 * @property {Player} dealer
 * @property {string} trump  the trump suit
 * @property {Card} trump_card  the dealer's last card, which set the trump
 * @property {[Pile[], Pile[]]} piles  `piles[player][pile]`, 8 piles each
 * @property {Player | null} turn  null once the deal is over
 * @property {Player | null} leader
 * @property {Player | null} claimant  under manual claim, who may claim 66 now
 * @property {TrickCard[]} trick  the trick in progress (0 or 1 card)
 * @property {boolean} marriage_lead
 * @property {number} tricks_played
 * @property {Player | null} last_winner
 * @property {Pair} tricks_won
 * @property {Pair} card_points
 * @property {Pair} marriage_points
 * @property {Pair} pending_marriage_points
 * @property {Pair} scores
 * @property {Marriage[]} marriages
 * @property {Record<string, number>} marriage_worth  what a marriage in each suit (S, H, D, C) is worth in this deal
 * @property {Move[]} moves
 * @property {number} unseen_count  how many cards lie face down
 * @property {Move[]} legal_moves
 * @property {DealResult | null} result
 */

/**
 * The last complete trick of a deal in the bridge state: who won it, and its cards in playing order.
 * @typedef {object} LastTrick
 * @property {Player} winner
 * @property {TrickCard[]} cards
 */

/**
 * The deal in play in the bridge state: the public view, its number in the match (1-based), its packet plan and
 * its last complete trick (null before the first).
 * @typedef {PublicView & {number: number, packets: number[], last_trick: LastTrick | null}} DealView
 */

// ------------------------------------------------------------------------------------------------ the bridge state

/**
 * A deal of the match so far, with the game points it awarded (draw bonus included).
 * @typedef {object} MatchDeal
 * @property {Player} dealer
 * @property {DealResult | null} result
 * @property {Pair} awarded
 */

/**
 * The match in the bridge state.
 * @typedef {object} MatchState
 * @property {string[]} players
 * @property {Rules} rules
 * @property {Pair} game_points
 * @property {number} target
 * @property {Player | null} winner
 * @property {boolean} is_over
 * @property {Player} next_dealer  who deals the next deal
 * @property {number} draw_bonus_pending  game points the next deal's winner gets on top (after a draw)
 * @property {FalseClaimRisk} false_claim  what a claim below 66 would give the other player now
 * @property {MatchDeal[]} deals
 */

/**
 * What a claim below 66 would give the other player now (otv66.match.Match.false_claim_risk).
 * @typedef {object} FalseClaimRisk
 * @property {number} award  game points (docs/rules.md 6), a draw bonus waiting for the deal's winner included
 * @property {[boolean, boolean]} ends_match  for each player claiming: they bring the other to the match's target
 */

/**
 * What the table waits for now (otv66/table.py `Phase`): a person or the computer to deal or to move, or nothing.
 * @typedef {"human_deals" | "computer_deals" | "human_moves" | "computer_moves" | "match_over"} Phase
 */

/**
 * One side of the table (otv66/table.py `Seat.to_dict`).
 * @typedef {object} Seat
 * @property {string} name  the name in the record
 * @property {boolean} human
 * @property {string | null} level  the computer's level, null for a person
 */

/**
 * The bridge state while a match is on (otv66/bridge.py `Session.state`): what every state-changing bridge method
 * returns. `deal` is null before the match's first deal.
 * @typedef {object} PlayingState
 * @property {MatchState} match
 * @property {DealView | null} deal
 * @property {number} undo_count  how often a person took moves back in this match
 * @property {number} hint_count  how often a person asked for a hint in this match
 * @property {boolean} can_undo  a person's move of the deal in play can be taken back
 * @property {Phase} phase
 * @property {[Seat, Seat]} seats
 * @property {Player | null} claim_offer  a person who may claim 66 before the answer to his marriage lead
 */

/**
 * The bridge state with a deal on the table (after a deal is dealt, and after every move or undo).
 * @typedef {PlayingState & {deal: DealView}} DealtState
 */

/**
 * The bridge state before any match: nothing to show.
 * @typedef {object} NoMatchState
 * @property {null} match
 * @property {null} deal
 * @property {number} undo_count
 * @property {number} hint_count
 * @property {false} can_undo
 * @property {null} phase
 * @property {null} seats
 * @property {null} claim_offer
 */

/**
 * The bridge's `state`: with a match on, or before any.
 * @typedef {PlayingState | NoMatchState} BridgeState
 */

/**
 * What render.js draws: the bridge state, or a replayed position in its shape (replay.js), which has no seats,
 * phase, packet plan or last trick.
 * @typedef {object} DrawnState
 * @property {(Omit<MatchState, "next_dealer" | "draw_bonus_pending" | "false_claim"> & {draw_bonus_pending?: number}) | null} match
 *   (a replayed position has no draw bonus pending; nothing drawn says what a false claim would give)
 * @property {(PublicView & {number: number}) | null} deal
 * @property {number} undo_count
 * @property {number} [hint_count]  (none in a replayed position)
 * @property {boolean} can_undo
 */

// ------------------------------------------------------------------------------------------------ bridge results

/**
 * The bridge's `version`.
 * @typedef {object} VersionInfo
 * @property {string} engine
 * @property {string} record_format  e.g. "otv66-record/1"
 * @property {number} record_max_bytes  the longest record text the engine reads (a file opened is refused above it)
 * @property {number} shuffle
 * @property {string[]} levels  the computer's levels, weakest first
 * @property {string} default_level
 * @property {PacketRule} packets
 */

/**
 * The engine's packet rule (otv66/dealing.py): the sizes a packet plan may use and the cards they add up to.
 * @typedef {object} PacketRule
 * @property {number[]} sizes  e.g. [1, 2, 4]
 * @property {number} total  e.g. 8
 */

/**
 * One move of the bridge's `review`, rated by the expected game points it lost.
 * @typedef {object} ReviewMove
 * @property {number} index
 * @property {Player} player
 * @property {Move} move
 * @property {Move | null} best  null for a false claim made while the other was to answer: playing on was better
 * @property {number | null} value  null for a move the engine did not rate (a forced one)
 * @property {number | null} best_value
 * @property {number} loss
 * @property {boolean} exact
 * @property {"inaccuracy" | "mistake" | "blunder" | null} mark
 * @property {Analysis | null} analysis  the rating of every choice before the move (what `review_view` shows there)
 */

/** @typedef {{moves: ReviewMove[]}} Review  The bridge's `review`. */

/**
 * The bridge's `review_view`: a deal of the match as it was after its first `ply` moves, with the engine's rating
 * of every legal move there (null once the deal is over).
 * @typedef {object} ReviewView
 * @property {number} deal
 * @property {number} ply
 * @property {Move[]} moves
 * @property {PublicView} view
 * @property {Analysis | null} analysis
 */

/**
 * The bridge's `computer_move`: the computer's move (or its claim of 66), already made, and the state after it.
 * @typedef {object} ComputerMove
 * @property {Player} player
 * @property {Move} move
 * @property {DealtState} state
 */

/**
 * The bridge's `analyse`: every legal move, best first, with its expected game points for the mover.
 * @typedef {object} Analysis
 * @property {{move: Move, value: number, win_probability: number, exact: boolean}[]} moves
 * @property {Move} best
 */

/** @typedef {import("./link-types.js").DealLink} DealLink */
/** @typedef {import("./link-types.js").GameDeal} GameDeal */
/** @typedef {import("./link-types.js").GameLink} GameLink */
/** @typedef {import("./link-types.js").ReplayView} ReplayView */
/** @typedef {import("./link-types.js").ReplayMove} ReplayMove */

/**
 * A docs/record-format.md match record: made and checked by the engine (`record`, `load_record`); the page only
 * stores it.
 * @typedef {{[key: string]: unknown}} MatchRecord
 */

/**
 * The record the bridge's `record` makes: it names its seats (`opponent`, and `level` when the computer plays).
 * @typedef {MatchRecord & {opponent: "computer" | "human", level?: string}} EngineRecord
 */

/**
 * What each bridge method resolves with (otv66/bridge.py), for `Engine.call`.
 * @typedef {object} BridgeResults
 * @property {VersionInfo} version
 * @property {PlayingState} new_match
 * @property {DealtState} new_deal
 * @property {DealtState} next_deal
 * @property {BridgeState} state
 * @property {DealtState} play
 * @property {ComputerMove} computer_move
 * @property {DealtState} undo
 * @property {{move: Move, state: PlayingState}} hint
 * @property {PlayingState} set_level
 * @property {{move: Move | null}} ai_move
 * @property {{pondering: boolean, solved: boolean}} ponder
 * @property {Analysis} analyse
 * @property {Review} review
 * @property {ReviewView} review_view
 * @property {EngineRecord} record
 * @property {PlayingState} load_record
 * @property {{token: string}} deal_link
 * @property {{token: string}} game_link
 * @property {DealLink | GameLink} open_link
 * @property {EngineRecord} game_record
 * @property {{token: string}} record_game_link
 * @property {ReplayView} replay_view
 * @property {{deal: number, moves: ReplayMove[]}} replay_moves
 * @property {Review} replay_review
 * @property {ReviewView} replay_review_view
 * @property {import("./friend-types.js").FriendAnswer} friend_invite
 * @property {import("./friend-types.js").FriendAnswer} friend_accept
 * @property {import("./friend-types.js").FriendPeek} friend_peek
 * @property {import("./friend-types.js").FriendAnswer} friend_load
 * @property {import("./friend-types.js").FriendAnswer} friend_receive
 * @property {import("./friend-types.js").FriendAnswer} friend_play
 * @property {import("./friend-types.js").FriendAnswer} friend_link
 * @property {import("./friend-types.js").FriendAnswer} friend_state
 * @property {import("./friend-types.js").FriendAnswer} friend_resign
 * @property {BridgeFailure | null} friend_why_illegal
 * @property {{token: string}} friend_game_link
 * @property {BridgeFailure | null} why_illegal
 */

/**
 * An engine error as the bridge sends it (otv66/bridge.py `error_payload`): kind, English text, reason, params.
 * @typedef {object} BridgeFailure
 * @property {string} type
 * @property {string} message
 * @property {string} reason
 * @property {Record<string, string | number>} params
 */

/** @typedef {keyof BridgeResults} BridgeMethod */

// ------------------------------------------------------------------------------------------------ the page's own

// The page's own types are page-types.js; they are named here too, so every module imports its types from here.
/** @typedef {import("./page-types.js").Language} Language */
/** @typedef {import("./page-types.js").Deck} Deck */
/** @typedef {import("./page-types.js").Speed} Speed */
/** @typedef {import("./page-types.js").Settings} Settings */
/** @typedef {import("./page-types.js").TableView} TableView */
/** @typedef {import("./page-types.js").HistoryEntry} HistoryEntry */
/** @typedef {import("./page-types.js").SaveMeta} SaveMeta */
/** @typedef {import("./page-types.js").SavedMatch} SavedMatch */

export {};

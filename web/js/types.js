/**
 * Types only (JSDoc, nothing at run time): the JSON shapes the engine sends the page, and the page's own records.
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
 * @property {Move[]} moves
 * @property {number} unseen_count  how many cards lie face down
 * @property {Move[]} legal_moves
 * @property {DealResult | null} result
 */

/**
 * The deal in play in the bridge state: the public view, its number in the match (1-based) and its packet plan.
 * @typedef {PublicView & {number: number, packets: number[]}} DealView
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
 * @property {Player} [next_dealer]
 * @property {number} [draw_bonus_pending]
 * @property {MatchDeal[]} deals
 */

/**
 * What every state-changing bridge method returns (otv66/bridge.py `Session.state`).
 * @typedef {object} BridgeState
 * @property {MatchState | null} match
 * @property {DealView | null} deal
 * @property {number} undo_count
 */

// ------------------------------------------------------------------------------------------------ bridge results

/**
 * The bridge's `version`.
 * @typedef {object} VersionInfo
 * @property {string} engine
 * @property {string} record_format  e.g. "otv66-record/1"
 * @property {number} shuffle
 * @property {string[]} levels  the computer's levels, weakest first
 * @property {string} default_level
 */

/**
 * One move of the bridge's `review`, rated by the expected game points it lost.
 * @typedef {object} ReviewMove
 * @property {number} index
 * @property {Player} player
 * @property {Move} move
 * @property {Move | null} best
 * @property {number} value
 * @property {number} best_value
 * @property {number} loss
 * @property {boolean} exact
 * @property {"inaccuracy" | "mistake" | "blunder" | null} mark
 */

/** @typedef {{moves: ReviewMove[]}} Review  The bridge's `review`. */

/**
 * The bridge's `analyse`: every legal move, best first, with its expected game points for the mover.
 * @typedef {object} Analysis
 * @property {{move: Move, value: number, win_probability: number, exact: boolean}[]} moves
 * @property {Move} best
 */

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
 * A deal of a game opened from a game link: every move of it.
 * @typedef {MatchDeal & {moves: Move[]}} GameDeal
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
 * A docs/record-format.md match record: made and checked by the engine (`record`, `load_record`); the page only
 * stores it.
 * @typedef {{[key: string]: unknown}} MatchRecord
 */

/**
 * What each bridge method resolves with (otv66/bridge.py), for `Engine.call`.
 * @typedef {object} BridgeResults
 * @property {VersionInfo} version
 * @property {BridgeState} new_match
 * @property {BridgeState} new_deal
 * @property {BridgeState} state
 * @property {BridgeState} play
 * @property {BridgeState} undo
 * @property {{move: Move | null}} ai_move
 * @property {{pondering: boolean, solved: boolean}} ponder
 * @property {Analysis} analyse
 * @property {Review} review
 * @property {MatchRecord} record
 * @property {BridgeState} load_record
 * @property {{token: string}} deal_link
 * @property {{token: string}} game_link
 * @property {DealLink | GameLink} open_link
 * @property {ReplayView} replay_view
 */

/** @typedef {keyof BridgeResults} BridgeMethod */

// ------------------------------------------------------------------------------------------------ the page's own

/** @typedef {"sr-Latn" | "sr-Cyrl" | "en"} Language */

/** @typedef {"french" | "german"} Deck */

/** @typedef {"off" | "fast" | "normal" | "slow"} Speed */

/**
 * The page's settings (settings.js): remembered between visits, overridden for one visit by the URL.
 * @typedef {object} Settings
 * @property {"computer" | "human"} opponent  "human": two people on one device
 * @property {string | null} level  the computer's level; null for the engine's default
 * @property {Rules} rules
 * @property {Language} lang
 * @property {Deck} deck
 * @property {Speed} speed
 * @property {boolean} sound
 */

/**
 * What render.js draws besides the bridge state: who plays, and what the page shows for the moment.
 * @typedef {object} TableView
 * @property {Settings} settings
 * @property {boolean[]} humans  per player: a person (true) or the computer
 * @property {string[]} names  the players' names on screen
 * @property {boolean} busy  a move, a deal or loading is in progress: no card can be played
 * @property {Card | null} hint  the card the hint points at
 * @property {TrickCard[] | null} shownTrick  a finished trick still shown on the table
 * @property {Set<string> | null} undealt  piles ("player:pile") whose face-up card the deal animation has not brought
 * @property {Set<string> | null} undealtUnder  piles whose face-down card it has not brought yet
 * @property {Language} lang
 */

/**
 * A finished match in the history (storage.js).
 * @typedef {object} HistoryEntry
 * @property {number} date  milliseconds since 1970
 * @property {"computer" | "human"} opponent
 * @property {string | null} level
 * @property {Player | null} winner
 * @property {Pair} gamePoints
 * @property {number} deals
 */

/**
 * How a saved match is played here (storage.js `saveMatch`), stored beside its record.
 * @typedef {object} SaveMeta
 * @property {"computer" | "human"} opponent
 * @property {string | null} level
 * @property {boolean} finished  the match is over and already in the history
 */

/**
 * The saved match as stored: the wrapper's `version` (storage.js `SAVE_VERSION`), when it was saved, how it is
 * played and the engine's record (checked by the engine's `load_record` on resume).
 * @typedef {SaveMeta & {version: number, savedAt: number, record: MatchRecord}} SavedMatch
 */

export {};

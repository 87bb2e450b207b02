/**
 * Types only (JSDoc, nothing at run time): the page's own records (settings, what the table draws, the history and
 * the saved match). types.js names them too, beside the engine's JSON shapes.
 */

/** @import { Card, MatchRecord, Pair, Player, Rules, TrickCard } from "./types.js" */

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
 * The numbers a seat shows for the tricks it took: its score and its trick count, per player.
 * @typedef {{scores: number[], tricks_won: number[]}} TrickCounts
 */

/**
 * What render.js draws besides the bridge state: who plays, and what the page shows for the moment.
 * @typedef {object} TableView
 * @property {Settings} settings
 * @property {boolean[]} humans  per player: a person (true) or the computer
 * @property {string[]} names  the players' names on screen
 * @property {string[]} [shortNames]  their names where room is short (the top bar's score); else `names`
 * @property {boolean} busy  a move, a deal or loading is in progress: no card can be played
 * @property {Card | null} hint  the card the hint points at
 * @property {Card | null} [held]  the card chosen before the engine had the match, to be played once it has
 * @property {boolean} [early]  the engine does not have the match yet: only a card can be chosen (and is held)
 * @property {TrickCard[] | null} shownTrick  a finished trick still shown on the table
 * @property {TrickCounts | null} [beforeTrick]  the seats' scores and trick counts before the shown trick: the table
 *   counts a trick once it has flown to its winner (the numbers changed while it still lay in the middle)
 * @property {Set<string> | null} undealt  piles ("player:pile") whose face-up card the deal animation has not brought
 * @property {Set<string> | null} undealtUnder  piles whose face-down card it has not brought yet
 * @property {boolean} [dealAside]  the finished deal's result was put aside: the table shows the deal, and its buttons
 *   lead on or back to that result
 * @property {boolean} [dealingAside]  the person to deal put the dealing panel aside: the table's Deal button opens
 *   it again
 * @property {boolean} [scoresOpen]  the deal is watched after it was played (a replay): its scores are shown even
 *   where a manual claim keeps them to the players' own count while it is played
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
 * @property {number} undos  how often the person took moves back (bridge state `undo_count`; 0 in entries from before)
 * @property {number} hints  how often he asked for a hint (`hint_count`; 0 in entries from before)
 * @property {Rules | null} rules  the match's rules (its target and options); null in entries from before they were
 *   kept
 * @property {string | null} token  the match's game link token (share.js `linkToken`), for its replay; null when
 *   the engine gave none or the entry is from before there were tokens
 */

/**
 * How a saved match is played here (storage.js `saveMatch`), stored beside its record.
 * @typedef {object} SaveMeta
 * @property {"computer" | "human"} opponent
 * @property {string | null} level
 * @property {boolean} finished  the match is over and already in the history
 * @property {string[]} [levelsPlayed]  the levels the computer has made a move at (store.js `levelsPlayed`); none
 *   in saves from before they were kept
 * @property {number | null} [resultAside]  the number of the finished deal whose result the player put aside to look
 *   at the table (store.js `dealAside`): a reload shows that table again, not the result; none in saves from before
 * @property {number | null} [resultRead]  the number of the finished deal whose result the player read and went on
 *   from (store.js `shownResultFor`): a reload goes on to the next deal's dealing, not that result again; none in saves
 *   from before
 * @property {{deals: number, packets: number[]} | null} [packetsChosen]  the packets a person has chosen for the next
 *   deal and not dealt yet (store.js `packetsChosen`), with how many deals the match had then: a reload opens the
 *   dealing panel with them; none in saves from before
 */

/**
 * The saved match as stored: the wrapper's `version` (storage.js `SAVE_VERSION`), when it was saved, how it is
 * played and the engine's record (checked by the engine's `load_record` on resume).
 * @typedef {SaveMeta & {version: number, savedAt: number, record: MatchRecord}} SavedMatch
 */

export {};

/**
 * The shapes of the club challenge's bridge methods (otv66/bridge.py, otv66/challenge.py) and of its page.
 * Types only: nothing here runs.
 */

/** @import { FalseClaimRisk, LastTrick, PublicView, Rules } from "./types.js" */
/** @import { EngineFailure } from "./engine-text.js" */

/** @typedef {"challenge" | "result" | "standings"} ClubLinkKind */
/** @typedef {{kind: ClubLinkKind, token: string}} ClubLink */

/**
 * @typedef {object} ChallengeInfo
 * @property {string} name
 * @property {number} deals
 * @property {string} level
 * @property {string} closes  YYYY-MM-DD
 * @property {number} seed
 * @property {Rules} rules
 */

/** @typedef {{game_points: number, won: boolean, card_points: number}} DealScore */
/** @typedef {{game_points: number, deals_won: number, card_points: number}} Totals */

/**
 * @typedef {object} Attempt
 * @property {string} name
 * @property {number} number  deals dealt so far
 * @property {number} deals  deals in the challenge
 * @property {(PublicView & {last_trick: LastTrick | null}) | null} deal  the deal in play, or the last one
 * @property {string[]} legal_moves  what the member may play now
 * @property {DealScore[]} scores
 * @property {Totals} totals
 * @property {boolean} finished
 * @property {string[][]} moves  every move so far, per deal (the progress kept on the device)
 * @property {FalseClaimRisk} false_claim  what a claim below 66 gives the computer (the member is player 0)
 */

/**
 * An attempt as kept on the device: when finished, its result link token, the totals shown with it and the day the
 * device said it was finished (`YYYY-MM-DD`; none in attempts kept before it was): a result finished after the
 * challenge's close is said not to count at every visit.
 * @typedef {{name: string, moves: string[][], result: string | null, totals: Totals | null, finished?: string | null}}
 *   SavedAttempt
 */
/** @typedef {Totals & {name: string, deals: DealScore[]}} VerifiedResult */
/**
 * A challenge made on this device, as kept to show its links again: its token, its name, its closing day (YYYY-MM-DD)
 * and when it was made (ms since the epoch: two of one name and day are told apart).
 * @typedef {{token: string, name: string, closes: string, made: number}} MadeChallenge
 */
/** @typedef {VerifiedResult & {rank: number}} StandingRow */

/**
 * What an organiser pasted into a challenge's standings, by the box's lines (club-model.js pastedResults).
 * @typedef {object} PastedResults
 * @property {{token: string, line: number}[]} results  each result token once, with the line it is first on
 * @property {number[]} unread  the lines with text but no link of this site on them
 * @property {{kind: Exclude<import("./friend-paste.js").SiteLinkKind, "result"> | "friend", line: number}[]}
 *   otherLinks  the lines holding another page's link (a challenge's, a friend's…) and no result
 * @property {{line: number, first: number}[]} repeated  the lines holding a result already on a line above (`first`)
 */

/**
 * @typedef {object} Standings
 * @property {ChallengeInfo} challenge
 * @property {StandingRow[]} rows
 * @property {{name: string, ranks: number[]}[]} repeated  the names that stand in the table more than once, with the
 *   ranks they hold
 * @property {string} tie_break
 * @property {string} csv
 * @property {string} token
 */

/**
 * What each club bridge method resolves with.
 * @typedef {object} ClubResults
 * @property {{token: string, challenge: ChallengeInfo}} challenge_new
 * @property {{problems: EngineFailure[]}} challenge_check  what is wrong with each of the organiser's fields
 * @property {{levels: string[]}} challenge_levels
 * @property {{challenge: ChallengeInfo, levels: string[], closed: boolean}} challenge_open  closed: by the day given
 * @property {Attempt} challenge_start
 * @property {{computer_moves: string[], attempt: Attempt, trick_taken?: undefined}} challenge_next_deal
 * @property {{computer_moves: string[], attempt: Attempt, trick_taken: Attempt["deal"]}} challenge_play
 * @property {{token: string}} challenge_result
 * @property {{challenge?: ChallengeInfo, challenge_token?: string, result?: VerifiedResult, deal?: number,
 *   deals?: number, score?: DealScore}} result_check  the whole result verified (its challenge, and that
 *   challenge's link token), or (given `deal`) that deal re-played
 * @property {{name: string | null}} result_name  the member's name in a result link, unverified (null: unreadable)
 * @property {Standings} standings
 * @property {Standings} standings_open
 * @property {{challenge: string, results: string[]}} standings_read  a standings link's challenge and result tokens
 */

export {};

/**
 * The statistics of the match history, for the History panel: per computer level and overall, how many matches,
 * how many the person (player 0) won, and the game points he scored per deal on average. Hot-seat matches count
 * in a row of their own (no one of the two is "you").
 */

/** @import { HistoryEntry } from "./types.js" */

/**
 * One row of the statistics.
 * @typedef {object} StatsRow
 * @property {string} group  a level name, "all" (every match against the computer) or "human" (two people)
 * @property {number} matches
 * @property {number | null} wins  matches player 0 won (null for two people)
 * @property {number | null} pointsPerDeal  player 0's mean game points per deal (null without deals)
 */

/**
 * The row of `entries` under the name `group`.
 * @param {string} group
 * @param {HistoryEntry[]} entries
 * @param {boolean} counted whether wins and points are player 0's
 * @returns {StatsRow}
 */
function row(group, entries, counted) {
  const deals = entries.reduce((sum, entry) => sum + (entry.deals || 0), 0);
  const points = entries.reduce((sum, entry) => sum + entry.gamePoints[0], 0);
  return {
    group,
    matches: entries.length,
    wins: counted ? entries.filter((entry) => entry.winner === 0).length : null,
    pointsPerDeal: counted && deals ? points / deals : null,
  };
}

/**
 * The rows: each computer level played (in `levels` order, unknown levels after them, an unnamed level as
 * `defaultLevel`), then "all" for every match against the computer, then "human" if two people played.
 * @param {HistoryEntry[]} history
 * @param {string[]} levels the engine's level names, weakest first
 * @param {string} defaultLevel the level a match without one was played at
 * @returns {StatsRow[]}
 */
export function historyStats(history, levels, defaultLevel) {
  const computer = history.filter((entry) => entry.opponent === "computer");
  /** @type {Map<string, HistoryEntry[]>} */
  const byLevel = new Map();
  for (const entry of computer) {
    const level = entry.level ?? defaultLevel;
    byLevel.set(level, [...(byLevel.get(level) ?? []), entry]);
  }
  const order = (/** @type {string} */ level) => (levels.includes(level) ? levels.indexOf(level) : levels.length);
  const rows = [...byLevel.keys()]
    .sort((a, b) => order(a) - order(b) || a.localeCompare(b))
    .map((level) => row(level, /** @type {HistoryEntry[]} */ (byLevel.get(level)), true));
  if (computer.length) rows.push(row("all", computer, true));
  const people = history.filter((entry) => entry.opponent === "human");
  if (people.length) rows.push(row("human", people, false));
  return rows;
}

/**
 * The level History credits a match against the computer to: the weakest of those it made a move at (`played`,
 * ordered by the engine's `levels`, weakest first), so that a match begun against the beginner and won after a
 * switch to the master does not count as a win against the master; `current` (its level now) when it made no move
 * at a level the engine knows.
 * @param {string[]} played
 * @param {string[]} levels the engine's level names, weakest first
 * @param {string | null} current
 * @returns {string | null}
 */
export function creditedLevel(played, levels, current) {
  return levels.find((level) => played.includes(level)) ?? current;
}

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
 * The sums a row of the statistics is made of: matches, player 0's wins and game points, and the deals.
 * @typedef {{matches: number, wins: number, points: number, deals: number}} Tally
 */

/** @type {Tally} */
const NONE = { matches: 0, wins: 0, points: 0, deals: 0 };

/**
 * The sums of `entries`.
 * @param {HistoryEntry[]} entries
 * @returns {Tally}
 */
export function tallyOf(entries) {
  return entries.reduce(
    (sum, entry) => ({
      matches: sum.matches + 1,
      wins: sum.wins + (entry.winner === 0 ? 1 : 0),
      points: sum.points + entry.gamePoints[0],
      deals: sum.deals + (entry.deals || 0),
    }),
    NONE,
  );
}

/**
 * Two tallies added.
 * @param {Tally} a
 * @param {Tally} b
 * @returns {Tally}
 */
export function added(a, b) {
  return {
    matches: a.matches + b.matches,
    wins: a.wins + b.wins,
    points: a.points + b.points,
    deals: a.deals + b.deals,
  };
}

/**
 * The group a finished match counts in, as the tally of earlier matches keeps it (storage.js): its level against the
 * computer (`level:` and its name, none for a match played before levels were kept), or `human` between two people.
 * @param {HistoryEntry} entry
 */
export function groupOf(entry) {
  return entry.opponent === "human" ? "human" : `level:${entry.level ?? ""}`;
}

/**
 * The row of a tally under the name `group`.
 * @param {string} group
 * @param {Tally} tally
 * @param {boolean} counted whether wins and points are player 0's
 * @returns {StatsRow}
 */
function row(group, tally, counted) {
  return {
    group,
    matches: tally.matches,
    wins: counted ? tally.wins : null,
    pointsPerDeal: counted && tally.deals ? tally.points / tally.deals : null,
  };
}

/**
 * The rows: each computer level played (in `levels` order, unknown levels after them, an unnamed level as
 * `defaultLevel`), then "all" for every match against the computer, then "human" if two people played. The matches
 * the history no longer lists (`earlier`: by groupOf, storage.js keeps them as sums) count too: the statistics are
 * of every match, not only of the last ones listed.
 * @param {HistoryEntry[]} history
 * @param {string[]} levels the engine's level names, weakest first
 * @param {string} defaultLevel the level a match without one was played at
 * @param {Record<string, Tally>} [earlier]
 * @returns {StatsRow[]}
 */
export function historyStats(history, levels, defaultLevel, earlier = {}) {
  /** @type {Map<string, Tally>} */
  const byGroup = new Map(Object.entries(earlier));
  for (const entry of history)
    byGroup.set(groupOf(entry), added(byGroup.get(groupOf(entry)) ?? NONE, tallyOf([entry])));
  /** @type {Map<string, Tally>} */
  const byLevel = new Map();
  for (const [group, tally] of byGroup) {
    if (!group.startsWith("level:")) continue;
    const level = group.slice("level:".length) || defaultLevel;
    byLevel.set(level, added(byLevel.get(level) ?? NONE, tally));
  }
  const order = (/** @type {string} */ level) => (levels.includes(level) ? levels.indexOf(level) : levels.length);
  const rows = [...byLevel.keys()]
    .sort((a, b) => order(a) - order(b) || a.localeCompare(b))
    .map((level) => row(level, /** @type {Tally} */ (byLevel.get(level)), true));
  const computer = [...byLevel.values()].reduce(added, NONE);
  if (computer.matches) rows.push(row("all", computer, true));
  const people = byGroup.get("human");
  if (people?.matches) rows.push(row("human", people, false));
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

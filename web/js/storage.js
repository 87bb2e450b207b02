/**
 * What the browser keeps between visits: the match in play (a docs/record-format.md record, saved
 * after every move) and the history of finished matches with simple statistics.
 *
 * Every function takes the storage as its last argument (localStorage by default), and none throws: a browser
 * that refuses storage (private mode, a full quota) loses what it cannot keep, never the game in play.
 */

/** @import { HistoryEntry, MatchRecord, SavedMatch, SaveMeta } from "./types.js" */

const SAVE_KEY = "otv66.match";
const HISTORY_KEY = "otv66.history";
/** Version of the saved wrapper around the record; a higher one comes from a newer page. */
export const SAVE_VERSION = 1;
const HISTORY_LIMIT = 200;

/**
 * Save the match: the engine's record plus how it is played here (opponent and level). False if it could not.
 * @param {MatchRecord} record
 * @param {SaveMeta} meta
 * @param {Storage} [storage]
 */
export function saveMatch(record, meta, storage = localStorage) {
  try {
    storage.setItem(SAVE_KEY, JSON.stringify({ version: SAVE_VERSION, savedAt: Date.now(), ...meta, record }));
    return true;
  } catch {
    return false;
  }
}

/**
 * Read the saved match. Returns `{status: "none"}`, `{status: "ok", save}`,
 * `{status: "newer"}` or `{status: "corrupt", message}`. The record itself is
 * checked by the engine (`load_record`) when it is resumed.
 * @param {Storage} [storage]
 * @returns {{status: "none"} | {status: "ok", save: SavedMatch} | {status: "newer"} | {status: "corrupt", message: string}}
 */
export function readSavedMatch(storage = localStorage) {
  let text;
  try {
    text = storage.getItem(SAVE_KEY);
  } catch {
    return { status: "none" };
  }
  if (text === null) return { status: "none" };
  let save;
  try {
    save = JSON.parse(text);
  } catch (error) {
    return { status: "corrupt", message: /** @type {Error} */ (error).message };
  }
  if (!save || typeof save !== "object" || typeof save.record !== "object" || save.record === null) {
    return { status: "corrupt", message: "no record in the save" };
  }
  if (!Number.isInteger(save.version) || save.version > SAVE_VERSION) return { status: "newer" };
  return { status: "ok", save };
}

/** Forget the saved match. */
export function clearSavedMatch(/** @type {Storage} */ storage = localStorage) {
  try {
    storage.removeItem(SAVE_KEY);
  } catch {
    // nothing to clear
  }
}

/**
 * The finished matches, newest first (entries without game points are dropped).
 * @param {Storage} [storage]
 * @returns {HistoryEntry[]}
 */
export function readHistory(storage = localStorage) {
  try {
    const list = JSON.parse(storage.getItem(HISTORY_KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((entry) => entry && Array.isArray(entry.gamePoints)) : [];
  } catch {
    return [];
  }
}

/**
 * Add a finished match: `{date, opponent, level, winner, gamePoints: [a, b], deals}`. The oldest entries beyond
 * the last 200 are dropped.
 * @param {HistoryEntry} entry
 * @param {Storage} [storage]
 */
export function addToHistory(entry, storage = localStorage) {
  const list = [entry, ...readHistory(storage)].slice(0, HISTORY_LIMIT);
  try {
    storage.setItem(HISTORY_KEY, JSON.stringify(list));
  } catch {
    // a full quota loses the history entry, never the game
  }
}

/** Forget every finished match. */
export function clearHistory(/** @type {Storage} */ storage = localStorage) {
  try {
    storage.removeItem(HISTORY_KEY);
  } catch {
    // nothing to clear
  }
}

/**
 * Matches, deals, win rate against the computer (a whole percentage, null before the first such match) and game
 * points against it (player 0 is "you").
 * @param {HistoryEntry[]} history
 */
export function statistics(history) {
  const computer = history.filter((entry) => entry.opponent === "computer");
  const wins = computer.filter((entry) => entry.winner === 0).length;
  return {
    matches: history.length,
    deals: history.reduce((sum, entry) => sum + (entry.deals || 0), 0),
    winRate: computer.length ? Math.round((100 * wins) / computer.length) : null,
    gamePointsFor: computer.reduce((sum, entry) => sum + entry.gamePoints[0], 0),
    gamePointsAgainst: computer.reduce((sum, entry) => sum + entry.gamePoints[1], 0),
  };
}

/**
 * Friend matches kept on this device: each match's saved text (its secret key and transcript) by match id.
 *
 * One versioned localStorage entry. A match is only ever replaced by a newer save of itself, never
 * dropped: a stored entry of an unknown version is left alone (and nothing is written over it).
 */

/** @import { FriendState } from "./friend-types.js" */

const KEY = "otv66.friend";
const VERSION = 1;

/**
 * What the store refuses, with a `reason` the page words in the player's language (engine-text.js `err_<reason>`)
 * like the engine's refusals; the message is the English for logs and tests.
 */
export class FriendStoreError extends Error {
  /**
   * @param {"friend_store_version" | "friend_backup"} reason
   * @param {string} message
   */
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
}

/**
 * @typedef {object} StoredMatch
 * @property {string} saved  FriendMatch.to_text()
 * @property {FriendState} state  the state when saved (for the list before the engine is loaded)
 * @property {number} updated  ms since the epoch
 */

/**
 * The name an earlier engine gave the friend in the state until his answer to the invitation was read (it gives
 * null now). A state stored then still holds it, until the engine loads the match and its state is stored again.
 */
const EARLIER_UNKNOWN_NAME = "?";

/**
 * A stored state as the engine gives it now: the inviter's friend (seat 1) that an earlier engine held as "?" is not
 * named yet (null). One who calls himself "?" is "your friend" in the list only until the engine loads his match.
 * @param {FriendState} state
 * @returns {FriendState}
 */
function upToDate(state) {
  if (state.seat !== 0 || !Array.isArray(state.players) || state.players[1] !== EARLIER_UNKNOWN_NAME) return state;
  return { ...state, players: [state.players[0], null] };
}

/** @returns {{version: number, matches: Record<string, StoredMatch>} | null} null when unreadable */
function read() {
  const text = localStorage.getItem(KEY);
  if (text === null) return { version: VERSION, matches: {} };
  try {
    const data = JSON.parse(text);
    if (data?.version !== VERSION || typeof data.matches !== "object") return null;
    for (const match of Object.values(data.matches)) if (match?.state) match.state = upToDate(match.state);
    return data;
  } catch {
    return null;
  }
}

/** Every stored match, newest first. */
export function storedMatches() {
  const data = read();
  return data ? Object.values(data.matches).sort((a, b) => b.updated - a.updated) : [];
}

/**
 * Keep a match's newest save. Throws when the storage holds something this page does not know.
 * @param {FriendState} state
 * @param {string} saved
 */
export function storeMatch(state, saved) {
  const data = read();
  if (!data)
    throw new FriendStoreError(
      "friend_store_version",
      "the stored friend matches are of another version: export them first",
    );
  data.matches[state.id] = { saved, state, updated: Date.now() };
  localStorage.setItem(KEY, JSON.stringify(data));
}

/** Every stored match as one text (a backup the player keeps). */
export function exportText() {
  return JSON.stringify({ version: VERSION, matches: storedMatches().map((m) => m.saved) });
}

/**
 * The saved texts of a backup.
 * @param {string} text
 * @returns {string[]}
 */
export function importedSaves(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    data = null;
  }
  if (data?.version !== VERSION || !Array.isArray(data.matches))
    throw new FriendStoreError("friend_backup", "not a friend match backup");
  return data.matches.filter((/** @type {unknown} */ m) => typeof m === "string");
}

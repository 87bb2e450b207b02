/**
 * Friend matches kept on this device: each match's saved text (its secret key and transcript) by match id, and what
 * only this page knows of it: whom a rematch invitation made here is for, and whether it was withdrawn.
 *
 * One versioned localStorage entry (kept for the visit only where the browser blocks the page's storage:
 * deviceStorage). A match is only ever replaced by a newer save of itself, never
 * dropped: a stored entry of an unknown version is left alone (and nothing is written over it). The version changes
 * only for what an earlier page would misread: a field an entry may hold or not (`rematch`, `withdrawn`) is read by
 * an earlier page of the same version as nothing, and an entry without it reads here as one that never had it.
 */

import { deviceStorage, keepAside, keepStorage } from "./device-storage.js";

/** @import { FriendState } from "./friend-types.js" */

/** The one localStorage entry of every friend match (another tab's change of it is heard as a storage event). */
export const FRIEND_STORE_KEY = "otv66.friend";
const VERSION = 1;

/**
 * What the store refuses, with a `reason` the page words in the player's language (engine-text.js `err_<reason>`)
 * like the engine's refusals; the message is the English for logs and tests.
 */
class FriendStoreError extends Error {
  /**
   * @param {"friend_store_version" | "friend_store_full" | "friend_backup"} reason
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
 * @property {Rematch} [rematch]  this match is a rematch (an invitation made with Rematch, or the friend's one
 *   accepted in its place when the two crossed); none in entries from before rematches were kept
 * @property {boolean} [withdrawn]  an invitation of this player's, withdrawn unanswered for the friend's one that
 *   crossed it (friend-rematch.js): not listed, but kept, in case its answer comes all the same
 *
 * What a rematch is of. The engine's invitation names only who invites: whom it is for is known here only.
 * @typedef {object} Rematch
 * @property {string} of  the finished match's id
 * @property {string} friend  the friend's name in it (the one the rematch invitation is for)
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
  const text = deviceStorage().getItem(FRIEND_STORE_KEY);
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
 * Whether `state` is an invitation of this player's that no answer has come to yet (the friend is not named).
 * @param {FriendState} state
 */
export function unanswered(state) {
  return state.seat === 0 && state.players[1] === null;
}

/** The stored matches to change; throws when the storage holds something this page does not know. */
function writable() {
  const data = read();
  if (!data)
    throw new FriendStoreError(
      "friend_store_version",
      "the stored friend matches are of another version: export them first",
    );
  return data;
}

/**
 * Keep a match's newest save, with what this page knows of it: `rematch` when given, else the one stored before;
 * a withdrawn invitation stays withdrawn while it is unanswered (an answer that comes all the same makes it a
 * match to play, listed again), and the browser asked to keep the site's storage (`keepStorage`). Throws when the
 * storage holds something this page does not know.
 * @param {FriendState} state
 * @param {string} saved
 * @param {Rematch} [rematch]
 */
export function storeMatch(state, saved, rematch) {
  const data = writable();
  const before = data.matches[state.id];
  /** @type {StoredMatch} */
  const entry = { saved, state, updated: Date.now() };
  const note = rematch ?? before?.rematch;
  if (note) entry.rematch = note;
  if (before?.withdrawn && unanswered(state)) entry.withdrawn = true;
  data.matches[state.id] = entry;
  write(data);
  keepStorage(); // a friend match's keys exist only here: the browser is asked not to clear them
}

/**
 * Write the stored matches; throws `friend_store_full` when the storage refuses (a full quota).
 * @param {{version: number, matches: Record<string, StoredMatch>}} data
 */
function write(data) {
  try {
    deviceStorage().setItem(FRIEND_STORE_KEY, JSON.stringify(data));
  } catch {
    throw new FriendStoreError("friend_store_full", "the browser's storage is full: the match was not kept");
  }
}

/**
 * Withdraw this player's unanswered invitation `id`: the friend's invitation that crossed it is played instead.
 * @param {string} id
 */
export function withdrawInvitation(id) {
  const data = writable();
  const match = data.matches[id];
  if (!match || !unanswered(match.state)) return;
  match.withdrawn = true;
  write(data);
}

/**
 * Every stored match as one text (a backup the player keeps). From a store this page cannot read (damaged, or of a
 * newer version) the saves still legible in it: Export must never give an empty backup of matches still there.
 */
export function exportText() {
  const data = read();
  const saves = data ? storedMatches().map((m) => m.saved) : savesIn(deviceStorage().getItem(FRIEND_STORE_KEY) ?? "");
  return JSON.stringify({ version: VERSION, matches: saves });
}

/**
 * The saved matches' texts still legible in a store's text that does not read as a whole (cut short, or of another
 * version): each entry's `"saved"` string.
 * @param {string} text
 * @returns {string[]}
 */
function savesIn(text) {
  return [...text.matchAll(/"saved"\s*:\s*("(?:[^"\\]|\\.)*")/g)].flatMap((found) => {
    try {
      return [JSON.parse(found[1])];
    } catch {
      return [];
    }
  });
}

/**
 * Why the store's entry does not read, or null when it does (or there is none): `newer` when a later version of the
 * page wrote it (left as it is: that page reads it), `unreadable` when it is damaged.
 * @returns {"newer" | "unreadable" | null}
 */
export function storeTrouble() {
  const text = deviceStorage().getItem(FRIEND_STORE_KEY);
  if (text === null || read()) return null;
  try {
    const version = JSON.parse(text)?.version;
    if (Number.isInteger(version) && version > VERSION) return "newer";
  } catch {
    // cut short, or not JSON
  }
  return "unreadable";
}

/**
 * Put a damaged store aside (under its key + ".unreadable", device-storage.js keepAside) and begin an empty one, to
 * which the page brings back the matches still legible in it (returned as their saved texts). Where the storage
 * refuses to keep it aside, nothing is written over it and none is returned: the store stays as it is.
 * @returns {string[]}
 */
export function setAsideDamagedStore() {
  const storage = deviceStorage();
  const text = storage.getItem(FRIEND_STORE_KEY) ?? "";
  if (!keepAside(storage, FRIEND_STORE_KEY, text)) return [];
  try {
    storage.setItem(FRIEND_STORE_KEY, JSON.stringify({ version: VERSION, matches: {} }));
  } catch {
    return []; // the damaged store stays where it was (and kept aside)
  }
  return savesIn(text);
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

/**
 * What the browser keeps between visits: every match the player started, each in a slot of its own until he
 * deletes it (a docs/record-format.md record, saved after every move, with the last public state), and the
 * history of finished matches.
 *
 * Every function takes the storage as its last argument (the device's, device-storage.js, by default), and none throws: a browser
 * that refuses storage (private mode, a full quota) loses what it cannot keep, never the game in play.
 */

import { deviceStorage, keepAside } from "./device-storage.js";
import { added, groupOf, tallyOf } from "./history-stats.js";

/** @import { HistoryEntry, MatchRecord, Rules, SaveMeta } from "./types.js" */
/** @import { Tally } from "./history-stats.js" */

/**
 * A saved match as stored in its slot: the wrapper's `version` (`SAVE_VERSION`), the slot's `id`, when it was
 * saved, how it is played, the engine's record (checked by `load_record` on resume) and the last public state the
 * engine produced (drawn while the engine boots; null in saves from before version 2).
 * @typedef {SaveMeta & {version: number, id: string, savedAt: number, record: MatchRecord, state: any}} SlotSave
 */

/**
 * What reading one save gives: nothing, the save (migrated to this version), one from a newer page (kept as it
 * is) or one that cannot be read (kept aside, with the reason).
 * @typedef {{status: "none"} | {status: "ok", save: SlotSave} | {status: "newer"} | {status: "corrupt", message: string}} SaveReading
 */

/** Version of the saved wrapper around the record; a higher one comes from a newer page and is never touched. */
export const SAVE_VERSION = 2;
/**
 * How many finished matches the history keeps. An entry is about 200 characters (its rules about 90 of them) plus its
 * game link token (the engine's zlib-compressed record: about 700 characters for a match of five deals, some 1.5 kB
 * for a long one), so the whole history stays under about 400 kB of the browser's 5 MB.
 */
const HISTORY_LIMIT = 200;

/**
 * What a stored game link token may hold: it goes into a link's address, so only the characters the engine's tokens
 * are written in (URL-safe base64 and dots). A stored one with any other is dropped; whether it is a game the
 * replay page's engine reads is the engine's to say (otv66/links.py), as for any link.
 */
const TOKEN_CHARACTERS = /^[\w.-]+$/;

/** The prefix of every key: the game's own, or another one for a page that must not touch the player's saves. */
let namespace = "otv66.";

/**
 * Keep this page's saves and history under `prefix` (the Embed page's preview uses its own).
 * @param {string} prefix
 */
export function setStorageNamespace(prefix) {
  namespace = prefix;
}

const key = {
  legacy: () => `${namespace}match`, // the single save of version 1 pages
  slots: () => `${namespace}slots`, // the ids of every slot, oldest first
  current: () => `${namespace}current`, // the id of the match on the table
  slot: (/** @type {string} */ id) => `${namespace}slot.${id}`,
  history: () => `${namespace}history`,
  earlier: () => `${namespace}history.earlier`, // the sums of the finished matches the history no longer lists
  tab: () => `${namespace}tab-slot`, // in the tab's own memory: the id of the match this tab plays
};

/**
 * The browser tab's own storage (sessionStorage: it lasts as long as the tab, across reloads), or null where the
 * browser refuses it.
 * @returns {Storage | null}
 */
function tabMemory() {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Remember in this tab's own memory that it plays the match of slot `id`: a reload of the tab resumes that match,
 * not the one another tab saved last (readSavedMatch).
 * @param {string} id
 * @param {Storage | null} [memory]
 */
export function rememberTabSlot(id, memory = tabMemory()) {
  if (memory) writeItem(memory, key.tab(), id);
}

/**
 * `storage.getItem`, or null when the storage refuses to be read.
 * @param {Storage} storage
 * @param {string} name
 */
function readItem(storage, name) {
  try {
    return storage.getItem(name);
  } catch {
    return null;
  }
}

/**
 * `storage.setItem`; false when the storage refuses (private mode, a full quota).
 * @param {Storage} storage
 * @param {string} name
 * @param {string} value
 */
function writeItem(storage, name, value) {
  try {
    storage.setItem(name, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * `storage.removeItem`, silent when the storage refuses.
 * @param {Storage} storage
 * @param {string} name
 */
function removeItem(storage, name) {
  try {
    storage.removeItem(name);
  } catch {
    // nothing to remove
  }
}

/**
 * Check a parsed save and bring it to this version: versions 0 and 1 (one save, no slot id, no public state)
 * become version 2 with `state: null`. A save without a whole version number or with a higher one is "newer":
 * never guessed at, never rewritten.
 * @param {any} data  the parsed JSON of a save
 * @param {string} id  the slot it is (or will be) kept in
 * @returns {SaveReading}
 */
export function upgradeSave(data, id) {
  if (!data || typeof data !== "object" || typeof data.record !== "object" || data.record === null) {
    return { status: "corrupt", message: "no record in the save" };
  }
  if (typeof data.refused === "string") return { status: "corrupt", message: data.refused }; // markRefused
  if (!Number.isInteger(data.version) || data.version > SAVE_VERSION) return { status: "newer" };
  if (data.version < 2) return { status: "ok", save: { ...data, version: SAVE_VERSION, id, state: null } };
  return { status: "ok", save: { ...data, id } };
}

/**
 * Parse and upgrade the text of a save.
 * @param {string | null} text
 * @param {string} id
 * @returns {SaveReading}
 */
function parseSave(text, id) {
  if (text === null) return { status: "none" };
  try {
    return upgradeSave(JSON.parse(text), id);
  } catch (error) {
    return { status: "corrupt", message: /** @type {Error} */ (error).message };
  }
}

/**
 * The ids of every slot, oldest first. A list that does not read is made again from the slots in the storage (their
 * ids begin with the time they were made): an unreadable list must not hide the saved matches, nor be written over
 * by a list that leaves them out.
 * @param {Storage} storage
 * @returns {string[]}
 */
function slotIds(storage) {
  try {
    const ids = JSON.parse(readItem(storage, key.slots()) ?? "[]");
    if (Array.isArray(ids)) return ids.filter((id) => typeof id === "string");
  } catch {
    // made again below
  }
  return storedSlotIds(storage);
}

/**
 * The ids of the slots the storage holds, oldest first (none when the storage cannot be read).
 * @param {Storage} storage
 * @returns {string[]}
 */
function storedSlotIds(storage) {
  const prefix = key.slot("");
  try {
    const names = Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? "");
    // An id begins with the time it was made in base 36 (`newId`), so the ids sort oldest first.
    return names
      .filter((name) => name.startsWith(prefix))
      .map((name) => name.slice(prefix.length))
      .sort();
  } catch {
    return [];
  }
}

/** A new slot id: the time and a random part, so two tabs never pick the same. */
function newId() {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Move a version 1 save (one key, no slots) into a slot of its own and make it the current match. A legacy save
 * that is newer or unreadable stays where it is, untouched; its reading is returned so the page can say so.
 * @param {Storage} storage
 * @returns {SaveReading}
 */
function adoptLegacySave(storage) {
  const id = newId();
  const reading = parseSave(readItem(storage, key.legacy()), id);
  if (reading.status !== "ok") return reading;
  const moved =
    writeItem(storage, key.slot(id), JSON.stringify(reading.save)) &&
    writeItem(storage, key.slots(), JSON.stringify([...slotIds(storage), id])) &&
    writeItem(storage, key.current(), id);
  if (moved) removeItem(storage, key.legacy()); // only once the slot holds it
  return reading;
}

/**
 * Read the save in slot `id`.
 * @param {string} id
 * @param {Storage} [storage]
 * @returns {SaveReading}
 */
export function readSave(id, storage = deviceStorage()) {
  return parseSave(readItem(storage, key.slot(id)), id);
}

/**
 * The current match's save (the one on the table last); a version 1 save is moved into a slot first. A tab that
 * played a match of its own gets that one back, unfinished, made the current match again (two tabs each playing
 * their own: a reload of one resumed the match the other saved last). A pointer to the current match that names no
 * slot (written over, its slot lost) does not start a new match over the saved ones: the latest save that reads is
 * the current match again.
 * @param {Storage} [storage]
 * @param {Storage | null} [memory]  the tab's own memory (rememberTabSlot)
 * @returns {SaveReading}
 */
export function readSavedMatch(storage = deviceStorage(), memory = tabMemory()) {
  const mine = memory ? readItem(memory, key.tab()) : null;
  const ownReading = mine === null ? null : readSave(mine, storage);
  if (mine !== null && ownReading?.status === "ok" && !ownReading.save.finished) {
    writeItem(storage, key.current(), mine);
    return ownReading;
  }
  const current = readItem(storage, key.current());
  if (current === null) return adoptLegacySave(storage);
  const reading = readSave(current, storage);
  const latest = reading.status === "none" ? listSaves(storage).find((slot) => slot.reading.status === "ok") : null;
  if (!latest) return reading;
  writeItem(storage, key.current(), latest.id);
  return latest.reading;
}

/**
 * Whether `save`'s record is of a newer format than the engine's (`recordFormat`, "otv66-record/2"): a newer page
 * made it, and only a newer page continues it.
 * @param {SlotSave} save
 * @param {string | null} recordFormat
 */
export function recordIsNewer(save, recordFormat) {
  const formatNumber = (/** @type {unknown} */ format) => Number(/\/(\d+)$/.exec(String(format ?? ""))?.[1] ?? 0);
  return formatNumber(save.record.format) > formatNumber(recordFormat);
}

/**
 * Save the match of slot `id` (each tab names its own: two tabs never write into each other's match) and make it
 * the one the next visit resumes: the engine's record, how it is played here and its last public state. False if
 * the storage refused (a full quota): the page says so.
 * @param {string} id
 * @param {MatchRecord} record
 * @param {SaveMeta & {state?: any}} meta
 * @param {Storage} [storage]
 */
export function saveMatch(id, record, meta, storage = deviceStorage()) {
  const save = { version: SAVE_VERSION, id, savedAt: Date.now(), state: null, ...meta, record };
  if (!writeItem(storage, key.slot(id), JSON.stringify(save))) return false;
  writeItem(storage, key.current(), id);
  const ids = slotIds(storage);
  return ids.includes(id) || writeItem(storage, key.slots(), JSON.stringify([...ids, id]));
}

/**
 * Whether a saved match holds no card played: its first deal only dealt, or not even that (the match a first visit
 * deals at once, left for "New match with these settings"). store.js `matchUnderway`'s measure, read from a save.
 * Only of a record this page reads (the engine's `recordFormat`): a newer page's save, or one damaged, is never
 * taken for an empty one.
 * @param {SlotSave} save
 * @param {string | null} recordFormat
 */
export function noCardPlayed(save, recordFormat) {
  /** @type {{format?: unknown, deals?: unknown}} */
  const { format, deals } = save.record;
  if (typeof format !== "string" || !format.startsWith("otv66-record/") || recordIsNewer(save, recordFormat))
    return false;
  if (!Array.isArray(deals)) return false;
  const moves = deals[0]?.moves;
  return deals.length === 0 || (deals.length === 1 && Array.isArray(moves) && moves.length === 0);
}

/**
 * Give the next match a slot of its own and make it current. The previous match keeps its slot (resumable from
 * the history) unless it is finished, when the history already holds it, or no card was played in it (noCardPlayed):
 * History listed such a match among the saved ones, to delete by hand.
 * @param {Storage} [storage]
 * @param {string | null} [recordFormat]  the engine's record format (noCardPlayed); none: every match is kept
 * @returns {string} the new slot's id
 */
export function startSlot(storage = deviceStorage(), recordFormat = null) {
  const current = readItem(storage, key.current());
  if (current !== null) {
    const reading = readSave(current, storage);
    const empty = reading.status === "ok" && noCardPlayed(reading.save, recordFormat);
    if (reading.status === "ok" && (reading.save.finished || empty)) deleteSave(current, storage);
  }
  const id = newId();
  writeItem(storage, key.current(), id);
  return id;
}

/**
 * Mark the save in slot `id` as one the engine refused to resume (its record is damaged): kept as it is, with the
 * reason, and read as unreadable from then on, so History offers to delete it, not to continue it again and again.
 * @param {string} id
 * @param {string} reason  the engine's refusal
 * @param {Storage} [storage]
 */
export function markRefused(id, reason, storage = deviceStorage()) {
  const text = readItem(storage, key.slot(id));
  try {
    if (text !== null) writeItem(storage, key.slot(id), JSON.stringify({ ...JSON.parse(text), refused: reason }));
  } catch {
    // a slot that does not parse is read as unreadable already
  }
}

/**
 * Make slot `id` the current match (History's "Continue").
 * @param {string} id
 * @param {Storage} [storage]
 */
export function useSlot(id, storage = deviceStorage()) {
  return writeItem(storage, key.current(), id);
}

/**
 * Every slot with its reading, the most recently saved first (unreadable and newer ones last).
 * @param {Storage} [storage]
 * @returns {{id: string, reading: SaveReading}[]}
 */
export function listSaves(storage = deviceStorage()) {
  const when = (/** @type {SaveReading} */ reading) => (reading.status === "ok" ? reading.save.savedAt : 0);
  return slotIds(storage)
    .map((id) => ({ id, reading: readSave(id, storage) }))
    .filter((slot) => slot.reading.status !== "none")
    .sort((a, b) => when(b.reading) - when(a.reading));
}

/**
 * The id of the current match's slot, or null.
 * @param {Storage} [storage]
 */
export function currentSlot(storage = deviceStorage()) {
  return readItem(storage, key.current());
}

/**
 * Delete the save in slot `id` (the player's choice, or a finished match that is in the history).
 * @param {string} id
 * @param {Storage} [storage]
 */
export function deleteSave(id, storage = deviceStorage()) {
  removeItem(storage, key.slot(id));
  writeItem(storage, key.slots(), JSON.stringify(slotIds(storage).filter((other) => other !== id)));
  if (readItem(storage, key.current()) === id) removeItem(storage, key.current());
}

/**
 * A history entry's rules as the page may show them, or null (an entry from before they were kept, or one holding
 * values of the wrong kind): a whole target from 1, the two options on or off, the two choices text (rule-fields.js
 * words a choice it does not know by its value).
 * @param {any} rules
 * @returns {Rules | null}
 */
function historyRules(rules) {
  const { must_beat, claim, dealer, draw_bonus, target } = Object(rules);
  const switches = [must_beat, draw_bonus].every((value) => typeof value === "boolean");
  const choices = [claim, dealer].every((value) => typeof value === "string");
  if (!switches || !choices || !Number.isInteger(target) || target < 1) return null;
  return { must_beat, claim, dealer, draw_bonus, target };
}

/**
 * A stored history entry as the page may use it, or null: game points a pair of numbers, the counts numbers (0
 * when missing), the opponent one of the two seats, the game link token written in a link's characters (else the
 * entry is kept without it: an entry from before there were tokens has none), the rules as historyRules() reads
 * them. Storage is input like any other: it may hold anything.
 * @param {any} entry
 * @returns {HistoryEntry | null}
 */
function historyEntry(entry) {
  const points = entry?.gamePoints;
  if (!Array.isArray(points) || points.length !== 2 || !points.every(Number.isFinite)) return null;
  const count = (/** @type {unknown} */ value) => (Number.isFinite(value) ? /** @type {number} */ (value) : 0);
  return {
    date: count(entry.date),
    opponent: entry.opponent === "human" ? "human" : "computer",
    level: typeof entry.level === "string" ? entry.level : null,
    winner: entry.winner === 0 || entry.winner === 1 ? entry.winner : null,
    gamePoints: [points[0], points[1]],
    deals: count(entry.deals),
    undos: count(entry.undos),
    hints: count(entry.hints),
    rules: historyRules(entry.rules),
    token: typeof entry.token === "string" && TOKEN_CHARACTERS.test(entry.token) ? entry.token : null,
  };
}

/**
 * The finished matches, newest first (entries without a pair of game points are dropped, the rest cleaned).
 * @param {Storage} [storage]
 * @returns {HistoryEntry[]}
 */
export function readHistory(storage = deviceStorage()) {
  return historyEntries(storedHistory(readItem(storage, key.history())) ?? []);
}

/**
 * The entries of a stored history's list that read, cleaned (historyEntry).
 * @param {unknown[]} list
 * @returns {HistoryEntry[]}
 */
function historyEntries(list) {
  return list.map(historyEntry).filter((entry) => entry !== null);
}

/**
 * The stored history's list, or null when it does not read (no history at all is an empty list).
 * @param {string | null} text
 * @returns {unknown[] | null}
 */
function storedHistory(text) {
  try {
    const list = JSON.parse(text ?? "[]");
    return Array.isArray(list) ? list : null;
  } catch {
    return null;
  }
}

/**
 * Move a stored history that does not read, whole or in part (entries with no pair of game points), aside under its
 * key + ".unreadable", keeping the entries that read: true when there was such a history, so the page tells the
 * player (History then lists fewer matches, or none, and its statistics change). A history the storage will not
 * keep aside stays where it is (the next finished match keeps it aside before writing: addToHistory).
 * @param {Storage} [storage]
 */
export function setAsideUnreadableHistory(storage = deviceStorage()) {
  const text = readItem(storage, key.history());
  const stored = storedHistory(text);
  const readable = (stored ?? []).filter((entry) => historyEntry(entry) !== null);
  if (text === null || (stored !== null && readable.length === stored.length)) return false;
  if (!keepAside(storage, key.history(), text)) return false;
  writeItem(storage, key.history(), JSON.stringify(readable));
  return true;
}

/**
 * Add a finished match: `{date, opponent, level, winner, gamePoints: [a, b], deals, undos, hints, rules, token}`. The
 * oldest entries beyond the last `HISTORY_LIMIT` are dropped. False when the storage refused it (full).
 * @param {HistoryEntry} entry
 * @param {Storage} [storage]
 * @returns {boolean}
 */
export function addToHistory(entry, storage = deviceStorage()) {
  const text = readItem(storage, key.history());
  const stored = storedHistory(text);
  // A history that does not read is kept aside, never written over: the finished matches in it stay on the device.
  if (stored === null) keepAside(storage, key.history(), /** @type {string} */ (text));
  const all = [entry, ...historyEntries(stored ?? [])];
  // The matches dropped from the list count on in the statistics (after 200 matches they stood still, without a
  // word), once the list without them is written.
  if (!writeItem(storage, key.history(), JSON.stringify(all.slice(0, HISTORY_LIMIT)))) return false;
  const dropped = all.slice(HISTORY_LIMIT);
  if (!dropped.length) return true;
  const earlier = readEarlierMatches(storage);
  for (const match of dropped)
    earlier[groupOf(match)] = added(earlier[groupOf(match)] ?? tallyOf([]), tallyOf([match]));
  if (writeItem(storage, key.earlier(), JSON.stringify(earlier))) return true;
  // Sums the storage refuses: the list goes back to what it was, so that no match leaves the statistics, and the entry
  // is not taken (the page keeps the finished match and tries again, as with a full list).
  writeItem(storage, key.history(), /** @type {string} */ (text));
  return false;
}

/**
 * The sums of the finished matches the history no longer lists, by group (history-stats.js groupOf); a group whose
 * name or sums do not read is left out.
 * @param {Storage} [storage]
 * @returns {Record<string, Tally>}
 */
export function readEarlierMatches(storage = deviceStorage()) {
  /** @type {unknown} */
  let stored = null;
  try {
    stored = JSON.parse(readItem(storage, key.earlier()) ?? "{}");
  } catch {
    return {};
  }
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return {};
  const count = (/** @type {unknown} */ value) => Number.isSafeInteger(value) && Number(value) >= 0;
  /** @type {Record<string, Tally>} */
  const earlier = {};
  for (const [group, tally] of Object.entries(stored)) {
    // Only a group groupOf names: a key such as "__proto__" would not be a group of the record.
    if (!/^(level:[\w-]*|human)$/.test(group) || typeof tally !== "object" || tally === null) continue;
    const { matches, wins, points, deals } = /** @type {Record<string, unknown>} */ (tally);
    if ([matches, wins, points, deals].every(count) && Number(wins) <= Number(matches))
      earlier[group] = /** @type {Tally} */ ({ matches, wins, points, deals });
  }
  return earlier;
}

/** Forget every finished match, the ones no longer listed with them. */
export function clearHistory(/** @type {Storage} */ storage = deviceStorage()) {
  try {
    storage.removeItem(key.history());
    storage.removeItem(key.earlier());
  } catch {
    // nothing to clear
  }
}

/**
 * The browser's localStorage, or a stand-in kept in memory when the page may not use it.
 *
 * A game embedded on a club's site is a third-party frame, and a browser that blocks third-party storage
 * throws on the mere read of `window.localStorage` ("Access is denied"). The game must still play then: it
 * keeps its saves in memory for that visit, and `isPersistent()` lets the page say so.
 */

/** A `Storage` that lives as long as the page. */
export class MemoryStorage {
  constructor() {
    /** @type {Map<string, string>} */
    this.items = new Map();
  }

  get length() {
    return this.items.size;
  }

  /** @param {number} index */
  key(index) {
    return [...this.items.keys()][index] ?? null;
  }

  /** @param {string} key */
  getItem(key) {
    return this.items.get(String(key)) ?? null;
  }

  /**
   * @param {string} key
   * @param {string} value
   */
  setItem(key, value) {
    this.items.set(String(key), String(value));
  }

  /** @param {string} key */
  removeItem(key) {
    this.items.delete(String(key));
  }

  clear() {
    this.items.clear();
  }
}

/** @type {Storage | null} */
let chosen = null;
let persistent = true;
/** @type {Promise<boolean> | null} */
let keepAnswer = null;

/**
 * The storage the page keeps its settings, saves and history in.
 * @param {() => Storage} [browserStorage] how to reach the browser's storage (a test passes its own)
 * @returns {Storage}
 */
export function deviceStorage(browserStorage = () => globalThis.localStorage) {
  if (chosen) return chosen;
  try {
    const storage = browserStorage();
    storage.getItem("otv66.probe"); // some browsers hand out the object and refuse its first use
    chosen = storage;
  } catch {
    chosen = /** @type {Storage} */ (/** @type {unknown} */ (new MemoryStorage()));
    persistent = false;
  }
  return chosen;
}

/**
 * Keep `text`, found under `key` but unreadable, aside under `key` + ".unreadable" before the key is written over:
 * what it held (finished matches, a result link) stays on the device. A text already kept aside before stays too:
 * the next one goes under ".unreadable.2", ".unreadable.3" and so on (the same text is not kept twice). False when
 * the storage refuses the write.
 * @param {Storage} storage
 * @param {string} key
 * @param {string} text
 * @returns {boolean}
 */
export function keepAside(storage, key, text) {
  try {
    for (let n = 1; ; n++) {
      const aside = n === 1 ? `${key}.unreadable` : `${key}.unreadable.${n}`;
      const kept = storage.getItem(aside);
      if (kept === text) return true;
      if (kept === null) {
        storage.setItem(aside, text);
        return true;
      }
    }
  } catch {
    return false;
  }
}

/**
 * Call `heard` when another tab of this browser writes `key`, or clears the storage: a page that shows what it saved
 * there learns at once that what it shows is no longer what the device keeps. (A tab never hears its own writes, and
 * a stand-in kept in memory is no other tab's.)
 * @param {string} key
 * @param {() => void} heard
 * @param {Pick<EventTarget, "addEventListener">} [tabs]  where the browser reports another tab's writes (`window`)
 */
export function onSavedElsewhere(key, heard, tabs = globalThis) {
  tabs.addEventListener("storage", (event) => {
    const written = /** @type {StorageEvent} */ (event).key;
    if (written === null || written === key) heard();
  });
}

/** Whether what the page stores outlives the visit (false in a frame whose storage the browser blocks). */
export function isPersistent() {
  deviceStorage();
  return persistent;
}

/**
 * The browser's storage manager as far as keeping the site's storage goes (`navigator.storage`).
 * @typedef {{persisted(): Promise<boolean>, persist(): Promise<boolean>}} KeepingManager
 */

/**
 * Ask the browser, once a visit, to keep this site's storage when the device runs short of space: it otherwise
 * clears the storage of the sites used least, all of it at once (the saved matches, the history, a friend match's
 * keys, which exist nowhere else, with the offline copy). The page asks when it has kept something a player would
 * miss (a finished deal, a friend match, a club attempt's deal), never on a mere visit, never from a frame (the page
 * around it, a club's, did not ask for it) and not with storage in memory. Chrome and Safari answer without asking
 * the player; Firefox asks him once. Whatever the answer, the game goes on as before.
 * @param {{manager?: KeepingManager, framed?: boolean}} [where] the browser's manager, whether the page is in a frame
 * @returns {Promise<boolean>} whether the browser says it keeps the storage (false: refused, or not asked)
 */
export function keepStorage({
  manager = globalThis.navigator?.storage,
  framed = globalThis.top !== globalThis.window,
} = {}) {
  keepAnswer ??= askToKeep(manager, framed);
  return keepAnswer;
}

/**
 * The question itself (keepStorage): whether the storage is kept already, else the browser's answer to keeping it.
 * @param {KeepingManager | undefined} manager
 * @param {boolean} framed
 * @returns {Promise<boolean>}
 */
async function askToKeep(manager, framed) {
  if (framed || !isPersistent() || typeof manager?.persist !== "function") return false;
  try {
    return (await manager.persisted()) || (await manager.persist());
  } catch {
    return false; // an opaque origin, storage turned off: nothing to keep
  }
}

/** Forget the choice and the answer (tests only). */
export function resetDeviceStorage() {
  chosen = null;
  persistent = true;
  keepAnswer = null;
}

/**
 * Stand-ins for the browser objects the page's pure modules take as arguments or read from the global scope.
 */

import { setLanguage } from "../web/js/i18n.js";

/** An in-memory `localStorage`; `failing: true` makes every call throw, as a browser in private mode may. */
export class FakeStorage {
  constructor({ failing = false, items = {} } = {}) {
    this.failing = failing;
    this.items = new Map(Object.entries(items));
  }

  getItem(key) {
    this.check();
    return this.items.has(key) ? this.items.get(key) : null;
  }

  setItem(key, value) {
    this.check();
    this.items.set(key, String(value));
  }

  removeItem(key) {
    this.check();
    this.items.delete(key);
  }

  get length() {
    this.check();
    return this.items.size;
  }

  key(index) {
    this.check();
    return [...this.items.keys()][index] ?? null;
  }

  check() {
    if (this.failing) throw new DOMException("storage is not available", "SecurityError");
  }
}

/** Set a global the module reads (`navigator`, `document`, `window`) for one test; returns a function to undo it. */
export function withGlobal(name, value) {
  const before = Object.getOwnPropertyDescriptor(globalThis, name);
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  return () => {
    if (before) Object.defineProperty(globalThis, name, before);
    else delete globalThis[name];
  };
}

/**
 * The page's language for a test: a stand-in `document` (setLanguage writes its `lang`), then `lang` if given.
 * Returns the undo: the default language back and the real `document` restored.
 * @param {string | null} [lang]
 */
export function pageLanguage(lang = null) {
  const restoreDocument = withGlobal("document", { documentElement: { lang: "" } });
  if (lang) setLanguage(lang);
  return () => {
    setLanguage("sr-Latn");
    restoreDocument();
  };
}

/**
 * A slow piece of work (a boot, a form's step): `run()` starts it and waits until `finish()` is called; `runs` counts
 * how often it was started.
 */
export function slowWork() {
  const work = { runs: 0, finish: () => {}, run: () => Promise.resolve() };
  work.run = () => {
    work.runs += 1;
    return new Promise((resolve) => {
      work.finish = () => resolve(undefined);
    });
  };
  return work;
}

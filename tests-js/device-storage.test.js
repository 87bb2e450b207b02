import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";

import {
  deviceStorage,
  isPersistent,
  keepStorage,
  MemoryStorage,
  onSavedElsewhere,
  resetDeviceStorage,
} from "../web/js/device-storage.js";
import { FakeStorage } from "./fakes.js";

afterEach(() => resetDeviceStorage());

describe("the device's storage", () => {
  test("the browser's storage when the page may use it", () => {
    const browser = new FakeStorage();
    assert.equal(
      deviceStorage(() => /** @type {Storage} */ (/** @type {unknown} */ (browser))),
      browser,
    );
    assert.equal(isPersistent(), true);
  });

  test("a frame whose storage the browser blocks plays on with storage in memory, and says so", () => {
    const blocked = () => {
      throw new DOMException("Access is denied for this document.", "SecurityError");
    };
    const storage = deviceStorage(blocked);
    assert.ok(storage instanceof MemoryStorage);
    assert.equal(isPersistent(), false);
    storage.setItem("otv66.settings", "{}");
    assert.equal(deviceStorage(blocked).getItem("otv66.settings"), "{}");
  });

  test("storage in memory behaves like Storage", () => {
    const storage = new MemoryStorage();
    storage.setItem("a", "1");
    storage.setItem("b", "2");
    assert.equal(storage.length, 2);
    assert.equal(storage.key(1), "b");
    storage.removeItem("a");
    assert.equal(storage.getItem("a"), null);
    storage.clear();
    assert.equal(storage.length, 0);
  });
});

describe("another tab's write", () => {
  /** A write reported by the browser: `key` null when another tab cleared the storage. */
  const written = (key) => Object.assign(new Event("storage"), { key });

  test("of the key, or a cleared storage, is heard; another key's is not", () => {
    const tabs = new EventTarget();
    let heard = 0;
    onSavedElsewhere("otv66.friend", () => heard++, tabs);
    tabs.dispatchEvent(written("otv66.settings"));
    assert.equal(heard, 0);
    tabs.dispatchEvent(written("otv66.friend"));
    tabs.dispatchEvent(written(null));
    assert.equal(heard, 2);
  });
});

describe("asking the browser to keep the site's storage", () => {
  /**
   * A browser's storage manager that answers `grants` and counts what it was asked.
   * @param {{kept?: boolean, grants?: boolean, fails?: boolean}} [how]
   */
  function manager({ kept = false, grants = true, fails = false } = {}) {
    const asked = { persisted: 0, persist: 0 };
    return {
      asked,
      persisted: async () => {
        asked.persisted++;
        if (fails) throw new TypeError("no storage shelf");
        return kept;
      },
      persist: async () => {
        asked.persist++;
        return grants;
      },
    };
  }
  const browserStorage = () => /** @type {Storage} */ (/** @type {unknown} */ (new FakeStorage()));

  test("is done once a visit, however often the page keeps something", async () => {
    deviceStorage(browserStorage);
    const browser = manager();
    assert.equal(await keepStorage({ manager: browser, framed: false }), true);
    assert.equal(await keepStorage({ manager: browser, framed: false }), true);
    assert.deepEqual(browser.asked, { persisted: 1, persist: 1 });
  });

  test("asks nothing more when the storage is kept already", async () => {
    deviceStorage(browserStorage);
    const browser = manager({ kept: true });
    assert.equal(await keepStorage({ manager: browser, framed: false }), true);
    assert.equal(browser.asked.persist, 0);
  });

  test("a refusal or a failure leaves the storage as the browser keeps it, and the game going", async () => {
    deviceStorage(browserStorage);
    assert.equal(await keepStorage({ manager: manager({ grants: false }), framed: false }), false);
    resetDeviceStorage();
    deviceStorage(browserStorage);
    assert.equal(await keepStorage({ manager: manager({ fails: true }), framed: false }), false);
  });

  test("is never done from a frame, with storage in memory, or where the browser has no such question", async () => {
    deviceStorage(browserStorage);
    const framed = manager();
    assert.equal(await keepStorage({ manager: framed, framed: true }), false);
    assert.deepEqual(framed.asked, { persisted: 0, persist: 0 });
    resetDeviceStorage();
    deviceStorage(() => {
      throw new DOMException("Access is denied for this document.", "SecurityError");
    });
    const inMemory = manager();
    assert.equal(await keepStorage({ manager: inMemory, framed: false }), false);
    assert.deepEqual(inMemory.asked, { persisted: 0, persist: 0 });
    resetDeviceStorage();
    deviceStorage(browserStorage);
    assert.equal(await keepStorage({ manager: undefined, framed: false }), false);
  });
});

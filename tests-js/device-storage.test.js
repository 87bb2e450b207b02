import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";

import {
  deviceStorage,
  isPersistent,
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

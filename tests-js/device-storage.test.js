import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";

import { deviceStorage, isPersistent, MemoryStorage, resetDeviceStorage } from "../web/js/device-storage.js";
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

import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";

import { hasShareSheet, sendThroughShareSheet } from "../web/js/share-sheet.js";
import { withGlobal } from "./fakes.js";

let restore = () => {};
afterEach(() => {
  restore();
  restore = () => {};
});

/** A device whose share sheet is `share` (none when it is undefined). */
const device = (share) => {
  restore();
  restore = withGlobal("navigator", share ? { share } : {});
};

describe("the device's share sheet", () => {
  test("is offered only where the device has one", () => {
    device(undefined);
    assert.equal(hasShareSheet(), false);
    device(async () => {});
    assert.equal(hasShareSheet(), true);
  });

  test("gets the link and its title", async () => {
    let sent = null;
    device(async (data) => {
      sent = data;
    });
    await sendThroughShareSheet("Otvoreni 66", "https://example.org/#deal=d1.x");
    assert.deepEqual(sent, { title: "Otvoreni 66", url: "https://example.org/#deal=d1.x" });
    await sendThroughShareSheet("Otvoreni 66", "https://example.org/#deal=d1.x", "Odigrajte ovo deljenje");
    assert.deepEqual(sent, {
      title: "Otvoreni 66",
      text: "Odigrajte ovo deljenje",
      url: "https://example.org/#deal=d1.x",
    });
  });

  test("closed without sending is no failure; a sheet that fails still says so", async () => {
    device(async () => {
      throw new DOMException("Share canceled", "AbortError");
    });
    await sendThroughShareSheet("t", "u");
    device(async () => {
      throw new DOMException("Permission denied", "NotAllowedError");
    });
    await assert.rejects(sendThroughShareSheet("t", "u"), { name: "NotAllowedError" });
  });
});

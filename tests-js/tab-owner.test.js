import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { TabOwner } from "../web/js/tab-owner.js";

/** Channels of tabs of one browser: what one posts, every other one receives (synchronously, for the tests). */
function browserTabs(count) {
  const channels = Array.from({ length: count }, () => ({ onmessage: null, postMessage: null }));
  for (const channel of channels) {
    channel.postMessage = (message) => {
      for (const other of channels) if (other !== channel) other.onmessage?.({ data: structuredClone(message) });
    };
  }
  return channels.map((channel, index) => new TabOwner(channel, `tab${index}`));
}

describe("one tab owns a match at a time", () => {
  test("a tab that claims a match owns it", () => {
    const [first] = browserTabs(1);
    first.claim("m1");
    assert.equal(first.owns("m1"), true);
    assert.equal(first.owns("m2"), false);
  });

  test("another tab claiming the same match takes it: the first stops owning it and is told once", () => {
    const [first, second] = browserTabs(2);
    const taken = [];
    first.onTaken = (slot) => taken.push(slot);
    first.claim("m1");
    second.claim("m1");
    second.claim("m1");
    assert.equal(first.owns("m1"), false);
    assert.equal(second.owns("m1"), true);
    assert.deepEqual(taken, ["m1"]);
  });

  test("'play here' claims it back: now the other tab has lost it", () => {
    const [first, second] = browserTabs(2);
    first.claim("m1");
    second.claim("m1");
    first.claim("m1");
    assert.equal(first.owns("m1"), true);
    assert.equal(second.owns("m1"), false);
  });

  test("tabs playing different matches leave each other alone", () => {
    const [first, second] = browserTabs(2);
    first.claim("m1");
    second.claim("m2");
    assert.equal(first.owns("m1"), true);
    assert.equal(second.owns("m2"), true);
  });

  test("without BroadcastChannel a tab always owns what it claims", () => {
    const alone = new TabOwner(null);
    alone.claim("m1");
    assert.equal(alone.owns("m1"), true);
  });
});

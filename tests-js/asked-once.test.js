import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { askedOnce } from "../web/js/asked-once.js";

describe("an answer asked for once in a visit", () => {
  test("is the same answer for the same key, even asked twice at once", async () => {
    let asked = 0;
    const answerOf = askedOnce(async (/** @type {number} */ deal) => ({ deal, asked: ++asked }));
    const [first, again] = await Promise.all([answerOf(1), answerOf(1)]);
    assert.equal(first, again);
    assert.equal(await answerOf(1), first);
    assert.deepEqual(await answerOf(2), { deal: 2, asked: 2 }, "another key is another answer");
  });

  test("is kept by the key its argument gives (a match's slot and its deal)", async () => {
    let slot = "a";
    let asked = 0;
    const answerOf = askedOnce(
      async (/** @type {number} */ deal) => `${deal}:${++asked}`,
      (deal) => `${slot}:${deal}`,
    );
    assert.equal(await answerOf(1), "1:1");
    slot = "b"; // a rematch: deal 1 of another match
    assert.equal(await answerOf(1), "1:2");
    slot = "a";
    assert.equal(await answerOf(1), "1:1");
  });

  test("that failed is asked again at the next look", async () => {
    let asked = 0;
    const answerOf = askedOnce(async () => {
      asked += 1;
      if (asked === 1) throw new Error("the engine stopped");
      return asked;
    });
    await assert.rejects(answerOf("x"), /the engine stopped/);
    assert.equal(await answerOf("x"), 2);
    assert.equal(await answerOf("x"), 2);
  });
});

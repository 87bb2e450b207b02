import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";

import {
  animating,
  dealCards,
  dealing,
  finished,
  pause,
  setSpeedFactor,
  skipAnimations,
  waitFor,
} from "../web/js/animate.js";

/** An animation as the Web Animations API gives it: `finished` settles when `finish()` is called. */
class FakeAnimation {
  constructor() {
    this.finishedCalls = 0;
    this.finished = new Promise((resolve) => {
      this.resolve = resolve;
    });
  }
  finish() {
    this.finishedCalls += 1;
    this.resolve(this);
  }
}

afterEach(() => {
  skipAnimations();
  setSpeedFactor(1);
});

describe("skipping what the table is doing", () => {
  test("a long pause ends at once when skipped", async () => {
    const started = Date.now();
    const waiting = pause(60_000);
    assert.equal(animating(), true);
    assert.equal(skipAnimations(), true);
    await waiting;
    assert.ok(Date.now() - started < 1000);
    assert.equal(animating(), false);
  });

  test("an animation in progress jumps to its end and its waiter goes on", async () => {
    const animation = new FakeAnimation();
    const done = finished(animation);
    assert.equal(animating(), true);
    skipAnimations();
    await done;
    assert.equal(animation.finishedCalls, 1);
    assert.equal(animating(), false);
  });

  test("an animation that ends by itself is no longer running", async () => {
    const animation = new FakeAnimation();
    const done = finished(animation);
    animation.finish();
    await done;
    assert.equal(animating(), false);
    assert.equal(skipAnimations(), false, "nothing left to skip");
  });

  test("a pause of nothing, or with animations off, does not wait", async () => {
    await waitFor(0);
    setSpeedFactor(0);
    const waiting = pause(60_000);
    assert.equal(animating(), false);
    await waiting;
  });

  test("a pause that runs out stops counting as running", async () => {
    await waitFor(5);
    assert.equal(animating(), false);
  });
});

describe("dealing the cards", () => {
  /** Two packets of two cards, each noting whether the cards were being dealt when it was shown. */
  const packetsNoting = (/** @type {boolean[]} */ seen, failOn = -1) =>
    [0, 1].map((packet) =>
      [0, 1].map((card) => ({
        target: /** @type {Element} */ ({}),
        reveal: () => {
          if (packet * 2 + card === failOn) throw new Error("no table");
          seen.push(dealing());
        },
      })),
    );

  test("counts as dealing until its last card is shown, and not after (a press then chooses no card)", async () => {
    setSpeedFactor(0); // no flights: each card shown at once, as with animations off
    const seen = [];
    assert.equal(dealing(), false);
    await dealCards(/** @type {HTMLElement} */ ({}), /** @type {DOMRect} */ ({}), packetsNoting(seen), "");
    assert.deepEqual(seen, [true, true, true, true]);
    assert.equal(dealing(), false);
  });

  test("a deal that fails part way is no longer dealing", async () => {
    setSpeedFactor(0);
    const dealt = dealCards(/** @type {HTMLElement} */ ({}), /** @type {DOMRect} */ ({}), packetsNoting([], 2), "");
    await assert.rejects(dealt, /no table/);
    assert.equal(dealing(), false);
  });
});

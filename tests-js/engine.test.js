import assert from "node:assert/strict";
import { describe, mock, test } from "node:test";

import {
  CRYPTO_DEADLINE_MS,
  deadlineFor,
  Engine,
  EngineError,
  isEngineLost,
  QUICK_DEADLINE_MS,
  REPLAY_DEADLINE_MS,
  THINKING_MARGIN_MS,
} from "../web/js/engine.js";

/** A worker that records what it is sent and answers only when told to. */
class SilentWorker {
  constructor() {
    this.sent = [];
    this.terminated = false;
  }

  postMessage(message) {
    this.sent.push(message);
  }

  terminate() {
    this.terminated = true;
  }
}

/** An engine whose booted worker is `worker` (start() needs a real Worker). */
function engineWith(worker) {
  const engine = new Engine();
  engine.worker = /** @type {any} */ (worker);
  engine.ready = true;
  return engine;
}

describe("deadlines of engine calls", () => {
  test("a quick call has the short deadline", () => {
    for (const method of ["play", "state", "record", "load_record", "undo", "new_match"]) {
      assert.equal(deadlineFor(method, {}), QUICK_DEADLINE_MS, method);
    }
  });

  test("a thinking call gets its thinking time plus the margin, one second when it names none", () => {
    assert.equal(deadlineFor("hint", { seconds: 2 }), 2000 + THINKING_MARGIN_MS);
    assert.equal(deadlineFor("computer_move", {}), 1000 + THINKING_MARGIN_MS);
  });

  test("a friend-match call that proves or checks a shuffle or shares gets the long deadline", () => {
    for (const method of ["friend_peek", "friend_accept", "friend_receive", "friend_resign"]) {
      assert.equal(deadlineFor(method, {}), CRYPTO_DEADLINE_MS, method);
    }
    assert.ok(CRYPTO_DEADLINE_MS > QUICK_DEADLINE_MS);
    assert.equal(deadlineFor("friend_state", {}), QUICK_DEADLINE_MS);
  });

  test("a club call that re-plays a challenge's deals gets the re-play deadline; reading a link is quick", () => {
    for (const method of ["challenge_play", "challenge_next_deal", "result_check", "standings"]) {
      assert.equal(deadlineFor(method, {}), REPLAY_DEADLINE_MS, method);
    }
    assert.ok(REPLAY_DEADLINE_MS > CRYPTO_DEADLINE_MS);
    for (const method of ["standings_read", "challenge_open", "challenge_result"]) {
      assert.equal(deadlineFor(method, {}), QUICK_DEADLINE_MS, method);
    }
  });

  test("a review thinks once per ply", () => {
    assert.ok(deadlineFor("review", { seconds: 0.1 }) > 24 * 100 + THINKING_MARGIN_MS);
  });

  test("a nonsense thinking time does not make the deadline nonsense", () => {
    for (const seconds of [Number.NaN, -1, "5", null]) {
      assert.equal(deadlineFor("hint", { seconds }), 1000 + THINKING_MARGIN_MS, String(seconds));
    }
  });
});

describe("a worker that stops answering", () => {
  test("a call past its deadline fails as lost, the worker is ended and onLost is told", async (t) => {
    t.mock.timers.enable({ apis: ["setTimeout"] });
    const worker = new SilentWorker();
    const engine = engineWith(worker);
    const lost = [];
    engine.onLost = (error) => lost.push(error);
    const call = engine.call("play", { move: "AH" });
    t.mock.timers.tick(QUICK_DEADLINE_MS + 1);
    await assert.rejects(call, (error) => isEngineLost(error) && error.type === "timeout");
    assert.equal(worker.terminated, true);
    assert.equal(engine.worker, null);
    assert.equal(lost.length, 1);
  });

  test("a call answered in time settles and leaves no deadline behind", async (t) => {
    t.mock.timers.enable({ apis: ["setTimeout"] });
    const worker = new SilentWorker();
    const engine = engineWith(worker);
    engine.onLost = mock.fn();
    const call = engine.call("state");
    engine.receive({ id: worker.sent[0].id, type: "result", result: { phase: "human_moves" } });
    assert.deepEqual(await call, { phase: "human_moves" });
    t.mock.timers.tick(QUICK_DEADLINE_MS * 10);
    assert.equal(engine.onLost.mock.callCount(), 0);
    assert.equal(worker.terminated, false);
  });

  test("every call waiting on a lost worker fails, and the engine is told once", async (t) => {
    t.mock.timers.enable({ apis: ["setTimeout"] });
    const engine = engineWith(new SilentWorker());
    engine.onLost = mock.fn();
    const calls = [engine.call("play"), engine.call("hint")];
    t.mock.timers.tick(QUICK_DEADLINE_MS + 1);
    for (const call of calls) await assert.rejects(call, isEngineLost);
    t.mock.timers.tick(THINKING_MARGIN_MS * 10);
    assert.equal(engine.onLost.mock.callCount(), 1);
  });

  test("a call sent behind a long one has its deadline from when that one is due, not from its sending", async (t) => {
    t.mock.timers.enable({ apis: ["setTimeout", "Date"] });
    const worker = new SilentWorker();
    const engine = engineWith(worker);
    engine.onLost = mock.fn();
    const review = engine.call("replay_review", { deal: 0, seconds: 0.1 });
    const step = engine.call("replay_view", { deal: 0, ply: 3 }); // pressed while the review runs
    const reviewDeadline = deadlineFor("replay_review", { seconds: 0.1 });
    t.mock.timers.tick(reviewDeadline - 1000); // the review takes long, but within its own deadline
    assert.equal(engine.onLost.mock.callCount(), 0, "the step waits for the review: no worker is stuck");
    engine.receive({ id: worker.sent[0].id, type: "result", result: { moves: [] } });
    assert.deepEqual(await review, { moves: [] });
    t.mock.timers.tick(1000 + QUICK_DEADLINE_MS - 1);
    assert.equal(engine.onLost.mock.callCount(), 0);
    t.mock.timers.tick(2); // the step unanswered past both deadlines: the worker is stuck
    await assert.rejects(step, (error) => error.type === "timeout");
    assert.equal(engine.onLost.mock.callCount(), 1);
  });

  test("once every call is answered, the next one's deadline runs from its sending again", async (t) => {
    t.mock.timers.enable({ apis: ["setTimeout", "Date"] });
    const worker = new SilentWorker();
    const engine = engineWith(worker);
    engine.onLost = mock.fn();
    const review = engine.call("replay_review", { deal: 0, seconds: 0.1 });
    engine.receive({ id: worker.sent[0].id, type: "result", result: { moves: [] } });
    await review;
    const step = engine.call("replay_view", { deal: 0, ply: 3 });
    t.mock.timers.tick(QUICK_DEADLINE_MS + 1);
    await assert.rejects(step, (error) => error.type === "timeout");
  });

  test("an engine refusing a move is not a lost engine", () => {
    assert.equal(isEngineLost(new EngineError("illegal_move", "no")), false);
    assert.equal(isEngineLost(new Error("timeout")), false);
  });

  test("a call without a worker is refused at once", async () => {
    await assert.rejects(new Engine().call("state"), (error) => error.type === "not_ready");
  });
});

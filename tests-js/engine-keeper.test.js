import assert from "node:assert/strict";
import { describe, mock, test } from "node:test";

import { EngineError } from "../web/js/engine.js";
import { EngineKeeper } from "../web/js/engine-start.js";
import { slowWork } from "./fakes.js";

/** A stand-in for the Engine: only what the keeper uses (its `onLost`). */
function fakeEngine() {
  return { onLost: (/** @type {EngineError} */ _error) => {} };
}

const lost = () => new EngineError("timeout", "the engine did not answer in time");

describe("a page's lost engine is replaced", () => {
  test("a new engine is booted and the page's state read into it; steps wait until then", async (t) => {
    t.mock.method(console, "warn", () => {});
    const engine = fakeEngine();
    const boot = slowWork();
    const keeper = new EngineKeeper(/** @type {any} */ (engine), () => assert.fail("nothing failed"), boot.run);
    const order = [];
    keeper.onLost = () => order.push("idle");
    keeper.restore = async () => order.push("restored");
    engine.onLost(lost());
    assert.deepEqual(order, ["idle"]); // at once: the table takes no step
    const step = keeper.whenBack().then(() => order.push("step"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.equal(boot.runs, 1);
    assert.deepEqual(order, ["idle"]); // the step waits for the new engine
    boot.finish();
    await step;
    assert.deepEqual(order, ["idle", "restored", "step"]);
  });

  test("an engine lost again while it is restored is replaced once more, and only the last failure is said", async (t) => {
    t.mock.method(console, "warn", () => {});
    const engine = fakeEngine();
    const failed = mock.fn();
    let restores = 0;
    const keeper = new EngineKeeper(/** @type {any} */ (engine), failed, async () => {});
    keeper.restore = async () => {
      restores += 1;
      if (restores === 1) {
        engine.onLost(lost()); // the engine is lost during the restore: its call fails with it
        throw lost();
      }
    };
    engine.onLost(lost());
    await keeper.whenBack();
    await keeper.whenBack(); // the second replacement was chained during the first
    assert.equal(restores, 2);
    assert.equal(failed.mock.callCount(), 0);
  });

  test("a new engine that does not load is said, and steps go on (to fail as they will)", async (t) => {
    t.mock.method(console, "warn", () => {});
    const engine = fakeEngine();
    const failed = mock.fn();
    const keeper = new EngineKeeper(/** @type {any} */ (engine), failed, async () => {
      throw new Error("Failed to fetch");
    });
    keeper.restore = async () => assert.fail("nothing to restore into");
    engine.onLost(lost());
    await keeper.whenBack();
    assert.equal(failed.mock.callCount(), 1);
    assert.equal(failed.mock.calls[0].arguments[0].message, "Failed to fetch");
  });

  test("a read is asked again of the new engine once, when the engine was lost on the way", async (t) => {
    t.mock.method(console, "warn", () => {});
    const engine = fakeEngine();
    const keeper = new EngineKeeper(
      /** @type {any} */ (engine),
      () => {},
      async () => {},
    );
    let asked = 0;
    const answer = await keeper.askAgainIfLost(async () => {
      asked += 1;
      if (asked === 1) {
        engine.onLost(lost());
        throw lost();
      }
      return "checked";
    });
    assert.equal(answer, "checked");
    assert.equal(asked, 2);
  });

  test("a read asked while a lost engine is being replaced waits for the new one", async (t) => {
    t.mock.method(console, "warn", () => {});
    const engine = fakeEngine();
    const boot = slowWork();
    const keeper = new EngineKeeper(/** @type {any} */ (engine), () => {}, boot.run);
    let booted = false;
    keeper.restore = async () => {
      booted = true;
    };
    engine.onLost(lost());
    const answer = keeper.askAgainIfLost(async () => (booted ? "checked by the new engine" : "no engine to ask"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    boot.finish();
    assert.equal(await answer, "checked by the new engine");
  });

  test("a read refused for what it is, or lost twice, fails to its caller", async (t) => {
    t.mock.method(console, "warn", () => {});
    const engine = fakeEngine();
    const keeper = new EngineKeeper(
      /** @type {any} */ (engine),
      () => {},
      async () => {},
    );
    const refused = new EngineError("refused_forged", "a forged result");
    let asked = 0;
    await assert.rejects(
      keeper.askAgainIfLost(async () => {
        asked += 1;
        throw refused;
      }),
      refused,
    );
    assert.equal(asked, 1);
    asked = 0;
    await assert.rejects(
      keeper.askAgainIfLost(async () => {
        asked += 1;
        engine.onLost(lost());
        throw lost();
      }),
      (error) => error instanceof EngineError && error.type === "timeout",
    );
    assert.equal(asked, 2);
  });
});

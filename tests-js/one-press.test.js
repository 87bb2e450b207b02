import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { isUnderWay, onePress } from "../web/js/one-press.js";
import { slowWork } from "./fakes.js";

describe("a form's step is taken once for a press", () => {
  test("a press again while the step is under way does nothing", async () => {
    const invite = slowWork();
    const first = onePress("invite", invite.run);
    await onePress("invite", invite.run); // the double click's second press: done at once, nothing taken
    assert.equal(invite.runs, 1);
    invite.finish();
    await first;
  });

  test("once the step is done, the next press takes it again", async () => {
    const open = slowWork();
    const first = onePress("open", open.run);
    open.finish();
    await first;
    const second = onePress("open", open.run);
    assert.equal(open.runs, 2);
    open.finish();
    await second;
  });

  test("a step that fails frees its control too", async () => {
    await assert.rejects(
      onePress("claim", async () => {
        throw new Error("refused");
      }),
      /refused/,
    );
    let taken = false;
    await onePress("claim", () => {
      taken = true;
    });
    assert.equal(taken, true);
  });

  test("a press is under way until its step is done, failed or not", async () => {
    const create = slowWork();
    assert.equal(isUnderWay("create"), false);
    const first = onePress("create", create.run);
    assert.equal(isUnderWay("create"), true, "its answer still to come");
    assert.equal(isUnderWay("invite"), false, "another control's is not");
    create.finish();
    await first;
    assert.equal(isUnderWay("create"), false);
    await assert.rejects(
      onePress("create", async () => {
        throw new Error("refused");
      }),
    );
    assert.equal(isUnderWay("create"), false);
  });

  test("other controls are not held by it", async () => {
    const invite = slowWork();
    const first = onePress("invite", invite.run);
    let opened = false;
    await onePress("open", () => {
      opened = true;
    });
    assert.equal(opened, true);
    invite.finish();
    await first;
  });
});

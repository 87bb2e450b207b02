import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  canAddPacket,
  cardsLeft,
  FIRST_PLAN,
  isCompletePlan,
  loadDealPlan,
  planText,
  presetPlans,
  saveDealPlan,
} from "../web/js/deal-plan.js";
import { resetDeviceStorage } from "../web/js/device-storage.js";
import { FakeStorage } from "./fakes.js";

describe("the remembered packet plan", () => {
  test("a first visit offers 4-4 and asks", () => {
    assert.deepEqual(loadDealPlan(new FakeStorage()), { plan: FIRST_PLAN, always: false });
  });

  test("the plan last dealt comes back, with the choice to always deal it", () => {
    const storage = new FakeStorage();
    saveDealPlan({ plan: [2, 2, 2, 2], always: true }, storage);
    assert.deepEqual(loadDealPlan(storage), { plan: [2, 2, 2, 2], always: true });
    saveDealPlan({ plan: [4, 2, 2], always: false }, storage);
    assert.deepEqual(loadDealPlan(storage), { plan: [4, 2, 2], always: false });
  });

  test("what cannot be a plan is forgotten", () => {
    for (const stored of ["{", '{"plan": []}', '{"plan": "4-4"}', '{"plan": [4.5, 3.5]}', "null"]) {
      const storage = new FakeStorage({ items: { "otv66.dealPlan": stored } });
      assert.deepEqual(loadDealPlan(storage), { plan: FIRST_PLAN, always: false }, stored);
    }
  });

  test("in a frame whose storage the browser blocks, the plan is remembered for the visit", () => {
    // The mere read of `localStorage` throws there ("Access is denied"): it stopped a club's embedded game at its deal.
    Object.defineProperty(globalThis, "localStorage", {
      configurable: true,
      get() {
        throw new Error("SecurityError: Access is denied for this document.");
      },
    });
    resetDeviceStorage();
    try {
      saveDealPlan({ plan: [2, 2, 2, 2], always: false });
      assert.deepEqual(loadDealPlan(), { plan: [2, 2, 2, 2], always: false });
    } finally {
      delete globalThis.localStorage;
      resetDeviceStorage();
    }
  });

  test("a browser without storage forgets and never fails", () => {
    const storage = new FakeStorage({ failing: true });
    saveDealPlan({ plan: [2, 2, 2, 2], always: true }, storage);
    assert.deepEqual(loadDealPlan(storage), { plan: FIRST_PLAN, always: false });
  });

  test("a plan is written with dashes", () => {
    assert.equal(planText([1, 1, 2, 4]), "1-1-2-4");
  });
});

describe("a plan checked against the engine's packet rule (the bridge's version: packets)", () => {
  const rule = { sizes: [1, 2, 4], total: 8 };

  test("only a plan of the rule's sizes adding up to its total can be dealt", () => {
    assert.equal(isCompletePlan([4, 4], rule), true);
    assert.equal(isCompletePlan([1, 2, 1, 4], rule), true);
    assert.equal(isCompletePlan([4, 2], rule), false, "short");
    assert.equal(isCompletePlan([1, 4, 4], rule), false, "9 cards");
    assert.equal(isCompletePlan([3, 5], rule), false, "8 cards, sizes the rule lacks");
    assert.equal(isCompletePlan([], rule), false);
  });

  test("what a plan still lacks", () => {
    assert.equal(cardsLeft([], rule), 8);
    assert.equal(cardsLeft([4, 2], rule), 2);
    assert.equal(cardsLeft([4, 4], rule), 0);
    assert.equal(cardsLeft([4, 4, 1], rule), 0, "never below none");
  });

  test("a packet is offered only while it fits: 1-4 cannot take another 4", () => {
    assert.equal(canAddPacket([1, 4], 4, rule), false);
    assert.equal(canAddPacket([1, 4], 2, rule), true);
    assert.equal(canAddPacket([4, 4], 1, rule), false);
    assert.equal(canAddPacket([], 3, rule), false, "a size the rule lacks");
  });

  test("the one-tap plans are one size all through, largest first, from the rule itself", () => {
    assert.deepEqual(presetPlans(rule), [
      [4, 4],
      [2, 2, 2, 2],
      [1, 1, 1, 1, 1, 1, 1, 1],
    ]);
    assert.deepEqual(presetPlans({ sizes: [2, 3], total: 6 }), [
      [3, 3],
      [2, 2, 2],
    ]);
  });
});

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { FIRST_PLAN, loadDealPlan, planText, saveDealPlan } from "../web/js/deal-plan.js";
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

  test("a browser without storage forgets and never fails", () => {
    const storage = new FakeStorage({ failing: true });
    saveDealPlan({ plan: [2, 2, 2, 2], always: true }, storage);
    assert.deepEqual(loadDealPlan(storage), { plan: FIRST_PLAN, always: false });
  });

  test("a plan is written with dashes", () => {
    assert.equal(planText([1, 1, 2, 4]), "1-1-2-4");
  });
});

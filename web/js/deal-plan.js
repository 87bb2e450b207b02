/**
 * The packet plan a person last dealt with, remembered in this browser: offered as the default the next time he
 * deals (Enter deals it), or used at once when he chose "always deal like this". Whether a plan is valid is the
 * engine's decision (otv66/dealing.py); this module only keeps what was dealt. No function throws: a browser
 * without storage simply forgets.
 */

const KEY = "otv66.dealPlan";

/** The plan offered before anything was dealt. */
export const FIRST_PLAN = [4, 4];

/**
 * @typedef {object} DealPlanChoice
 * @property {number[]} plan  the packet sizes last dealt, e.g. [4, 4]
 * @property {boolean} always  deal this plan without asking
 */

/**
 * The remembered choice (the first plan, asking, when nothing usable is stored).
 * @param {Storage} [storage]
 * @returns {DealPlanChoice}
 */
export function loadDealPlan(storage = globalThis.localStorage) {
  try {
    const data = JSON.parse(storage.getItem(KEY) ?? "null");
    const plan = data?.plan;
    const sizes = Array.isArray(plan) && plan.length > 0 && plan.length <= 8 && plan.every(Number.isInteger);
    if (sizes) return { plan: [...plan], always: data.always === true };
  } catch {
    // unreadable: forget it
  }
  return { plan: [...FIRST_PLAN], always: false };
}

/**
 * Remember a choice (the plan the engine accepted).
 * @param {DealPlanChoice} choice
 * @param {Storage} [storage]
 */
export function saveDealPlan(choice, storage = globalThis.localStorage) {
  try {
    storage.setItem(KEY, JSON.stringify({ plan: choice.plan, always: choice.always }));
  } catch {
    // a full quota or no storage: the next deal asks again
  }
}

/** A plan as people write it: "4-4", "2-2-2-2". */
export function planText(/** @type {number[]} */ plan) {
  return plan.join("-");
}

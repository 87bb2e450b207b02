/**
 * The packet plan a person last dealt with, remembered in this browser: offered as the default the next time he
 * deals (Enter deals it), or used at once when he chose "always deal like this"; and a plan being built, checked
 * against the engine's packet rule (otv66/dealing.py, given by the bridge's `version`), so the dealing panel offers
 * only what can be dealt. The engine still checks every plan it deals. No function throws: in a frame whose storage
 * the browser blocks, the plan is remembered for the visit (deviceStorage), and a full storage simply forgets.
 */

import { deviceStorage } from "./device-storage.js";

/** @import { PacketRule } from "./types.js" */

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
export function loadDealPlan(storage = deviceStorage()) {
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
export function saveDealPlan(choice, storage = deviceStorage()) {
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

/** How many cards a plan deals to each player in each round. */
function planCards(/** @type {number[]} */ plan) {
  return plan.reduce((sum, size) => sum + size, 0);
}

/**
 * How many cards a plan still lacks under the engine's rule (0 once complete).
 * @param {number[]} plan
 * @param {PacketRule} rule
 */
export function cardsLeft(plan, rule) {
  return Math.max(0, rule.total - planCards(plan));
}

/**
 * Whether the engine's rule allows dealing `plan`: packets of its sizes, adding up to its total.
 * @param {number[]} plan
 * @param {PacketRule} rule
 */
export function isCompletePlan(plan, rule) {
  return plan.every((size) => rule.sizes.includes(size)) && planCards(plan) === rule.total;
}

/**
 * Whether a packet of `size` may still go on `plan` (it must not pass the rule's total).
 * @param {number[]} plan
 * @param {number} size
 * @param {PacketRule} rule
 */
export function canAddPacket(plan, size, rule) {
  return rule.sizes.includes(size) && size <= cardsLeft(plan, rule);
}

/**
 * The one-tap plans: one packet size all through, largest first ("4-4", "2-2-2-2", "1-1-1-1-1-1-1-1").
 * @param {PacketRule} rule
 * @returns {number[][]}
 */
export function presetPlans(rule) {
  return [...rule.sizes]
    .sort((a, b) => b - a)
    .filter((size) => rule.total % size === 0)
    .map((size) => Array.from({ length: rule.total / size }, () => size));
}

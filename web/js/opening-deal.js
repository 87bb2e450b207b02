/**
 * A first visit's table before the engine is ready: one of the first deals the engine dealt at build time
 * (tools/opening_deals.py writes them into opening-deals.json, next to this folder), each the bridge state after the
 * computer dealt the first deal of a seeded match with the default settings.
 *
 * It is drawn like a saved table (app.js): the page decides nothing from it. When the engine is ready, the match is
 * started from the same seed (persistence.js `openMatch`): the engine deals the same cards, and it checks the
 * player's first click, made on the drawn table, as it checks every move.
 */

import { linkInLocation } from "./share.js";
import { readSavedMatch } from "./storage.js";

/** @import { PlayingState, Settings } from "./types.js" */
/** @typedef {{seed: number, state: PlayingState}} OpeningDeal */

/** Where the build writes the opening deals (the versioned assets folder, which holds js/). */
const OPENING_DEALS_URL = new URL("../opening-deals.json", import.meta.url);

/**
 * Whether an opening deal is the match these settings start: the computer at their level (none: the engine's
 * default, which the build dealt with) and the same rules.
 * @param {Settings} settings
 * @param {PlayingState} state
 * @returns {boolean}
 */
export function fitsSettings(settings, state) {
  if (settings.opponent !== "computer") return false;
  if (settings.level !== null && state.seats[1]?.level !== settings.level) return false;
  const rules = /** @type {Record<string, unknown>} */ (state.match.rules);
  return Object.entries(settings.rules).every(([key, value]) => rules[key] === value);
}

/**
 * The opening deal to draw on this visit: on a first visit (no save, no link, no `?seed=`), one of those that fit
 * the settings, drawn at random; else null (also when the file cannot be read: the engine deals as usual).
 * @param {Settings} settings the settings in force (with the address's options)
 * @param {number | null} seed the address's `?seed=`
 * @returns {Promise<OpeningDeal | null>}
 */
export async function openingDeal(settings, seed) {
  if (seed !== null || readSavedMatch().status !== "none" || linkInLocation(location)) return null;
  try {
    const response = await fetch(OPENING_DEALS_URL);
    if (!response.ok) return null;
    /** @type {{deals: OpeningDeal[]}} */
    const { deals } = await response.json();
    const fitting = deals.filter((deal) => fitsSettings(settings, deal.state));
    return fitting.length ? fitting[Math.floor(Math.random() * fitting.length)] : null;
  } catch (error) {
    console.warn("otv66: no opening deal:", error);
    return null;
  }
}

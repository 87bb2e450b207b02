/**
 * The club page's bridge calls, typed by club-types.js (the engine is started by engine-start.js), and their
 * refusals in the page's language.
 */

import { engineText } from "./engine-text.js";
import { applyOverrides, loadSettings } from "./settings.js";

/** @import { Engine } from "./engine.js" */

/** @import { ClubResults } from "./club-types.js" */

/**
 * One club bridge call (otv66/bridge.py): resolves with its result, rejects with an EngineError.
 * @template {keyof ClubResults} M
 * @param {Engine} engine
 * @param {M} method
 * @param {Record<string, unknown>} [params]
 * @returns {Promise<ClubResults[M]>}
 */
export function clubCall(engine, method, params = {}) {
  // engine.call knows the game's methods (types.js); the club's are typed here, and get the same deadlines.
  return engine.call(/** @type {any} */ (method), params);
}

/**
 * Why a club call was refused, in the page's language (engine-text.js; card names in the player's deck style),
 * never the engine's English.
 * @param {unknown} error  what the call rejected with
 */
export function refusalText(error) {
  const { deck } = applyOverrides(loadSettings(), new URLSearchParams(location.search)).settings;
  return engineText(error, deck);
}

/** An element of club.html by id. */
export function byId(/** @type {string} */ id) {
  return /** @type {HTMLElement} */ (document.getElementById(id));
}

/** An input (or textarea) of club.html by id. */
export function inputById(/** @type {string} */ id) {
  return /** @type {HTMLInputElement} */ (document.getElementById(id));
}

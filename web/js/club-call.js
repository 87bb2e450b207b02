/**
 * The club page's bridge calls, typed by club-types.js (the engine is started by engine-start.js), their refusals
 * in the page's language, the visit's options and the page's elements.
 */

import { inputById } from "./dom.js";
import { engineText } from "./engine-text.js";
import { refuseField, sayAtField } from "./field-note.js";
import { applyOverrides, loadSettings } from "./settings.js";

/** @import { Engine, EngineError } from "./engine.js" */

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
  return engineText(error, pageOptions().settings.deck);
}

/**
 * Say the engine's refusal `error` under the form field it is about (field-note.js): `fields` maps a refusal's reason
 * to its field's id. The note goes when the field is typed in. False for a refusal of none of them (the caller says
 * it elsewhere).
 * @param {unknown} error  what the call rejected with
 * @param {Record<string, string>} fields
 */
export function refuseAtField(error, fields) {
  const { reason } = /** @type {EngineError} */ (error);
  if (!Object.hasOwn(fields, reason)) return false;
  const input = inputById(fields[reason]);
  refuseField(input, refusalText(error));
  input.addEventListener("input", () => sayAtField(input, ""), { once: true });
  return true;
}

/**
 * This visit's settings with its address's overrides (deck, speed, …; settings.js), and whether the page is
 * embedded in a club's site (`embed=1`).
 */
export function pageOptions() {
  return applyOverrides(loadSettings(), new URLSearchParams(location.search));
}

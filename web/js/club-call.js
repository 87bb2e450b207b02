/**
 * The club page's engine: started like the replay page's, and its bridge calls typed by club-types.js.
 */

import { Engine } from "./engine.js";

/** @import { ClubResults } from "./club-types.js" */

/**
 * Start the engine from this build's build-info.json.
 * @param {Engine} engine
 */
export async function startClubEngine(engine) {
  const infoUrl = new URL("build-info.json", location.href);
  const response = await fetch(infoUrl, { cache: "no-cache" });
  if (!response.ok) throw new Error(`build-info.json: HTTP ${response.status}`);
  const info = await response.json();
  await engine.start({ pyodideUrl: new URL(info.pyodide, infoUrl).href, wheelUrl: new URL(info.wheel, infoUrl).href });
}

/**
 * One club bridge call (otv66/bridge.py): resolves with its result, rejects with an EngineError.
 * @template {keyof ClubResults} M
 * @param {Engine} engine
 * @param {M} method
 * @param {Record<string, unknown>} [params]
 * @returns {Promise<ClubResults[M]>}
 */
export function clubCall(engine, method, params = {}) {
  if (!engine.worker) return Promise.reject(new Error("the engine is not loaded"));
  return engine.send({ type: "call", method, params });
}

/** An element of club.html by id. */
export function byId(/** @type {string} */ id) {
  return /** @type {HTMLElement} */ (document.getElementById(id));
}

/** An input (or textarea) of club.html by id. */
export function inputById(/** @type {string} */ id) {
  return /** @type {HTMLInputElement} */ (document.getElementById(id));
}

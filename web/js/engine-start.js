/**
 * Starting the engine: the worker (engine.js) loads Pyodide and the engine's wheel (build-info.js finds them). The
 * game page shows progress on its loading screen and gives up a load that stops making progress; the other pages
 * (replay, club, friend) just wait for it.
 */

import { locateEngine } from "./build-info.js";
import { EngineError } from "./engine.js";
import { t } from "./i18n.js";

/** @import { BridgeMethod, VersionInfo } from "./types.js" */

/** Loading gives up (with Retry) when the worker reports no progress for this long. */
const LOAD_STALL_MS = 90_000;

/**
 * Load the engine into `engine`'s worker for a page with no loading screen (replay, club, friend).
 * @param {import("./engine.js").Engine} engine
 */
export async function startPageEngine(engine) {
  await engine.start(await locateEngine());
}

/**
 * Load the engine into `engine`'s worker, reporting progress to `loading`.
 * @param {import("./engine.js").Engine} engine
 * @param {import("./loading.js").LoadingScreen} loading
 * @param {import("./engine-early.js").EarlyBoot | null} early the boot begun with the page (engine-early.js), or null
 *   to start afresh (Retry, a lost worker)
 * @returns {Promise<{version: VersionInfo, reviewAvailable: boolean}>} the bridge's `version`, and whether it can review
 */
export async function startEngine(engine, loading, early) {
  loading.show(t("stepConfig"), 0.02);
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let stalled;
  const watch = () => {
    clearTimeout(stalled);
    stalled = setTimeout(() => engine.stop(new EngineError("stalled", t("loadStalled"))), LOAD_STALL_MS);
  };
  /** @type {import("./engine.js").ProgressListener} */
  const onProgress = (step, loaded, total) => {
    watch();
    loading.progress(step, loaded, total);
  };
  watch();
  const booting = early ? early.follow(onProgress) : locateEngine().then((urls) => engine.start(urls, onProgress));
  const version = await booting.finally(() => clearTimeout(stalled));
  return { version, reviewAvailable: await hasMethod(engine, "review") };
}

/**
 * Whether the engine's bridge knows `method` (an unknown one is a bad_request naming it).
 * @param {import("./engine.js").Engine} engine
 * @param {BridgeMethod} method
 * @returns {Promise<boolean>}
 */
async function hasMethod(engine, method) {
  try {
    await engine.call(method, {});
    return true;
  } catch (error) {
    const failure = /** @type {EngineError} */ (error);
    return !(failure.type === "bad_request" && failure.message.includes("unknown method"));
  }
}

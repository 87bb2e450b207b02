/**
 * Starting the engine: build-info.json names Pyodide and the engine's wheel, the worker loads them (engine.js). The
 * game page shows progress on its loading screen and gives up a load that stops making progress; the other pages
 * (replay, club, friend) just wait for it.
 */

import { EngineError } from "./engine.js";
import { t } from "./i18n.js";

/** @import { BridgeMethod, VersionInfo } from "./types.js" */

/** Loading gives up (with Retry) when the worker reports no progress for this long. */
const LOAD_STALL_MS = 90_000;

/**
 * @typedef {object} BuildInfo
 * @property {URL} url where build-info.json was read (the files it names are relative to it)
 * @property {{pyodide: string, wheel: string}} info
 */

/**
 * Ask for build-info.json, which names the engine's files.
 * @returns {Promise<BuildInfo>}
 */
export async function requestBuildInfo() {
  const url = new URL("build-info.json", location.href);
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`build-info.json: HTTP ${response.status}`);
  return { url, info: await response.json() };
}

/**
 * The worker's files, from build-info.json (their paths are relative to it).
 * @param {BuildInfo} buildInfo
 */
function engineUrls({ url, info }) {
  return { pyodideUrl: new URL(info.pyodide, url).href, wheelUrl: new URL(info.wheel, url).href };
}

/**
 * Load the engine into `engine`'s worker for a page with no loading screen (replay, club, friend).
 * @param {import("./engine.js").Engine} engine
 */
export async function startPageEngine(engine) {
  await engine.start(engineUrls(await requestBuildInfo()));
}

/**
 * Load the engine into `engine`'s worker, reporting progress to `loading`.
 * @param {import("./engine.js").Engine} engine
 * @param {import("./loading.js").LoadingScreen} loading
 * @param {Promise<BuildInfo> | null} pendingInfo a build-info request already under way (a Retry asks again)
 * @returns {Promise<{version: VersionInfo, reviewAvailable: boolean}>} the bridge's `version`, and whether it can review
 */
export async function startEngine(engine, loading, pendingInfo) {
  loading.show(t("stepConfig"), 0.02);
  const buildInfo = await (pendingInfo ?? requestBuildInfo());
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let stalled;
  const watch = () => {
    clearTimeout(stalled);
    stalled = setTimeout(() => engine.stop(new EngineError("stalled", t("loadStalled"))), LOAD_STALL_MS);
  };
  watch();
  const version = await engine
    .start(
      engineUrls(buildInfo),
      (/** @type {string} */ step, /** @type {number} */ loaded, /** @type {number} */ total) => {
        watch();
        loading.progress(step, loaded, total);
      },
    )
    .finally(() => clearTimeout(stalled));
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

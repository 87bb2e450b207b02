/**
 * Starting the engine: the worker (engine.js) loads Pyodide and the engine's wheel (build-info.js finds them). The
 * game page shows progress on its loading screen and gives up a load that stops making progress; the other pages
 * (replay, club, friend) just wait for it.
 */

import { locateEngine } from "./build-info.js";
import { EngineError, isEngineLost } from "./engine.js";
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
 * A page's engine kept going (replay, club, friend): a worker lost (engine.js `onLost`: dead, or stuck past a call's
 * deadline) is replaced by a new one, into which the page reads again what it had given the old one (a game link, the
 * friend matches, a challenge attempt: `restore`). Until then its steps wait (`whenBack`) rather than fail. One
 * replacement at a time: a loss during one is replaced once it has ended. (The game page has its own, with its
 * loading screen: app.js.)
 */
export class EngineKeeper {
  /**
   * @param {import("./engine.js").Engine} engine
   * @param {(error: unknown) => void} failed  the new engine did not load, or `restore` failed (the page says so)
   * @param {(engine: import("./engine.js").Engine) => Promise<unknown>} [boot]  starts the new worker
   */
  constructor(engine, failed, boot = startPageEngine) {
    this.failed = failed;
    /** Called as soon as the engine is lost: the page takes no step (its table idle) until `restore` has run. */
    this.onLost = () => {};
    /** Reads into the new engine what the page had read into the lost one, and shows the page as it was. */
    this.restore = async () => {};
    /** @type {Promise<void>} */
    this.back = Promise.resolve();
    this.losses = 0;
    engine.onLost = (error) => {
      console.warn("otv66: engine lost:", error.message);
      const loss = ++this.losses;
      this.onLost();
      this.back = this.back.then(async () => {
        if (loss !== this.losses) return; // lost again meanwhile: the later loss replaces it
        try {
          await boot(engine);
          await this.restore();
        } catch (failure) {
          if (loss === this.losses) this.failed(failure); // else the restore's engine was lost too: replaced next
        }
      });
    };
  }

  /** Settles once no lost engine is being replaced (at once when none is): a step waits for it, then goes on. */
  whenBack() {
    return this.back;
  }

  /**
   * Ask the engine something that changes nothing (a check, a read), once a lost engine has been replaced: asked
   * again, once, of the new engine when the engine is lost on the way. Lost twice, the failure is the caller's.
   * @template T
   * @param {() => Promise<T>} ask
   * @returns {Promise<T>}
   */
  async askAgainIfLost(ask) {
    await this.whenBack();
    try {
      return await ask();
    } catch (error) {
      if (!isEngineLost(error)) throw error;
      await this.whenBack();
      return ask();
    }
  }
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

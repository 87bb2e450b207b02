/**
 * The game page's engine, started before the rest of the page has loaded.
 *
 * The worker itself was started by engine-boot.js, the page's first script, before any module arrived; this
 * module's engine takes it over as soon as app.js imports it, and keeps what the boot reports for whoever follows
 * it (app.js, once its loading screen is there).
 */

import { Engine, missingSupport, takeEarlyWorker } from "./engine.js";

/** @import { ProgressListener } from "./engine.js" */
/** @import { VersionInfo } from "./types.js" */

/**
 * A boot under way whose progress is told to whoever follows it, from the last step reported before it listened.
 */
export class EarlyBoot {
  /** @param {Engine} engine */
  constructor(engine) {
    /** @type {ProgressListener | null} */
    this.listener = null;
    /** @type {[string, number, number] | null} */
    this.last = null;
    /** @type {Promise<VersionInfo>} */
    this.version = engine.start((step, loaded, total) => {
      this.last = [step, loaded, total];
      this.listener?.(step, loaded, total);
    });
    this.version.catch(() => {}); // a failure is shown by whoever follows the boot, not reported as unhandled
  }

  /**
   * Take the boot's progress from now on (with the last step already reported); resolves with the bridge's `version`.
   * @param {ProgressListener} listener
   */
  follow(listener) {
    this.listener = listener;
    if (this.last) listener(...this.last);
    return this.version;
  }
}

/** The game page's engine (app.js drives it; a lost worker is replaced inside it). */
export const engine = new Engine();

/** The first boot, begun with the page; null where the browser cannot run the engine (app.js says why). */
export const earlyBoot = missingSupport() ? null : new EarlyBoot(engine);
if (!earlyBoot) takeEarlyWorker()?.worker.terminate();

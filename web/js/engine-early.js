/**
 * The game page's engine, started before the rest of the page has loaded.
 *
 * index.html loads this module on its own (`async`, ahead of app.js), so the worker is created, and Pyodide
 * downloads and boots, while the browser is still fetching the page's other modules; app.js imports the same
 * module for the engine it started. Its small import graph (no texts, no drawing) is what makes it early.
 */

import { locateEngine } from "./build-info.js";
import { Engine, missingSupport } from "./engine.js";

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
    this.version = locateEngine().then((urls) =>
      engine.start(urls, (step, loaded, total) => {
        this.last = [step, loaded, total];
        this.listener?.(step, loaded, total);
      }),
    );
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

/** The first boot, begun at once; null where the browser cannot run the engine (app.js says why). */
export const earlyBoot = missingSupport() ? null : new EarlyBoot(engine);

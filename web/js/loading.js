/**
 * The loading screen over the table shell: the step in progress with a progress bar (bytes while the
 * runtime downloads), or what went wrong with a Retry button. Never a blank page or an endless spinner.
 */

import { decimal, t } from "./i18n.js";

/** Where the download's bar runs, as fractions of the whole: from its first byte to its last. */
const DOWNLOAD_FROM = 0.05;
const DOWNLOAD_TO = 0.85;

/**
 * Each loading step of the worker (worker.js) besides the download: the text it shows, and where it puts the bar
 * (a fraction of the whole). Python starting from the downloaded files ("runtime") takes seconds, more than the
 * download itself when the files come from the cache.
 * @type {Record<string, [string, number]>}
 */
const STEPS = { start: ["stepStart", 0.02], runtime: ["stepStart", DOWNLOAD_TO], engine: ["stepEngine", 0.9] };

/**
 * Why the engine did not load, in the page's language: a download the network broke off is said as one (the
 * browser's own words, "Failed to fetch dynamically imported module: …", are English and name a file), anything
 * else with its message.
 * @param {unknown} error
 */
export function loadFailureText(error) {
  const message = error instanceof Error ? error.message : String(error);
  const network = /failed to fetch|networkerror|load failed|importing a module script failed|network error/i;
  if (network.test(message)) console.warn("otv66: the engine's download failed:", message);
  return t("loadFailed", { message: network.test(message) ? t("loadNetwork") : message });
}

/**
 * The loading box of the page (index.html `#loading`) and what it shows. A screen reader hears the failure (its
 * text is an alert), not every step of the download: the bar carries the step, its value the bytes.
 */
export class LoadingScreen {
  /** @param {HTMLElement} box */
  constructor(box) {
    this.box = box;
    this.title = /** @type {HTMLElement} */ (box.querySelector("#loading-title"));
    this.step = /** @type {HTMLElement} */ (box.querySelector("#loading-step"));
    this.bar = /** @type {HTMLProgressElement} */ (box.querySelector("progress"));
    this.error = /** @type {HTMLElement} */ (box.querySelector("#loading-error"));
    this.retry = /** @type {HTMLButtonElement} */ (box.querySelector("#retry-button"));
  }

  /**
   * Show a step by name and how far loading has come (0..1).
   * @param {string} text
   * @param {number} fraction
   */
  show(text, fraction) {
    this.box.hidden = false;
    this.title.textContent = t("loadingTitle");
    this.step.textContent = text;
    this.error.hidden = true;
    this.retry.hidden = true;
    this.bar.hidden = false;
    this.bar.value = Math.round(fraction * 100);
    this.bar.setAttribute("aria-label", t("loadingTitle"));
    this.bar.setAttribute("aria-valuetext", text);
  }

  /**
   * A progress message of the worker: the download in bytes, or the name of the next step.
   * @param {string} step
   * @param {number} loaded
   * @param {number} total
   */
  progress(step, loaded, total) {
    if (step === "download") {
      const mb = (/** @type {number} */ bytes) => decimal(bytes / 1e6, 1);
      const text = t("stepDownload", { loaded: mb(loaded), total: total ? mb(total) : "?" });
      this.show(text, DOWNLOAD_FROM + (DOWNLOAD_TO - DOWNLOAD_FROM) * (total ? loaded / total : 0));
    } else if (step in STEPS) {
      const [text, at] = STEPS[step];
      this.show(t(text), at);
    }
  }

  /** Loading failed: say why, and offer Retry (its click handler is the page's). */
  fail(/** @type {string} */ message) {
    this.box.hidden = false;
    this.title.textContent = t("loadErrorTitle");
    this.bar.hidden = true;
    this.step.textContent = "";
    this.error.textContent = message;
    this.error.hidden = false;
    this.retry.hidden = false;
    this.retry.focus();
  }

  /** Take the loading box away (the table is ready). */
  hide() {
    this.box.hidden = true;
  }
}

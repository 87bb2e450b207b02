/**
 * The page's side of the worker protocol (see worker.js): requests with ids, promises for replies.
 *
 *   const engine = new Engine();
 *   const version = await engine.start(urls, (step, loaded, total) => ...);
 *   const state = await engine.call("play", { move: "AH" });   // rejects with an EngineError
 */

/** @import { BridgeMethod, BridgeResults } from "./types.js" */

/**
 * Progress of the worker's start: `step` is "start", "download" (with bytes so far and in all), "runtime" (downloaded,
 * Python starting) or "engine".
 * @typedef {(step: string, loaded: number, total: number) => void} ProgressListener
 */

/**
 * Where the engine is: Pyodide's folder, the engine wheel, and the size in bytes of Pyodide's files by name.
 * @typedef {{pyodideUrl: string, wheelUrl: string, sizes: Record<string, number>}} EngineFiles
 */

/**
 * A request waiting for its reply.
 * @typedef {object} PendingRequest
 * @property {(value: any) => void} resolve
 * @property {(error: EngineError) => void} reject
 * @property {ProgressListener | null} onProgress
 * @property {ReturnType<typeof setTimeout> | undefined} timer  its deadline (none while the worker boots)
 */

/** Bridge calls that think: their deadline is their thinking time plus a margin. */
const THINKING_CALLS = new Set(["computer_move", "ai_move", "hint", "analyse"]);
/** A quick call (state, play, record, load_record...) answers in milliseconds: longer than this, it is stuck. */
export const QUICK_DEADLINE_MS = 5_000;
/** What a thinking call may take beyond its thinking time (the AI's first import, a busy machine). */
export const THINKING_MARGIN_MS = 6_000;
/**
 * Friend-match calls that prove or check keys, shuffles and decryption shares (otv66/friend): about a second each
 * in Pyodide, several on a busy machine, and the first one loads the cryptography (`friend_peek` checks an
 * invitation's key proof and signature).
 */
const CRYPTO_CALLS = new Set([
  "friend_peek",
  "friend_invite",
  "friend_accept",
  "friend_receive",
  "friend_load",
  "friend_play",
  "friend_resign",
  "friend_link",
]);
export const CRYPTO_DEADLINE_MS = 30_000;
/**
 * Club calls that re-play a challenge's deals (otv66/challenge.py): the computer's fixed-budget moves, a deal of a
 * result being checked (seconds each at the master level in Pyodide), a whole result when its deals were not.
 */
const REPLAY_CALLS = new Set([
  "challenge_start",
  "challenge_next_deal",
  "challenge_play",
  "result_check",
  "standings",
  "standings_open",
]);
export const REPLAY_DEADLINE_MS = 120_000;
/** The thinking time assumed when a call names none (the strongest level's budget is below it). */
const DEFAULT_THINKING_SECONDS = 1;
/** The most plies a review analyses (a deal has at most 24 card plays plus marriages and a claim). */
const REVIEW_PLIES = 30;
/**
 * The search time a review may spend on one ply, in its thinking times: one search, and one five times as long for a
 * move the first would mark on a guess (otv66/ai/review.py `RECHECK_FACTOR`).
 */
const REVIEW_SEARCHES_PER_PLY = 6;

/**
 * How long one bridge call may take before its worker is taken for dead or stuck.
 * @param {string} method
 * @param {Record<string, unknown>} params
 * @returns {number} milliseconds
 */
export function deadlineFor(method, params) {
  const given = typeof params.seconds === "number" && params.seconds > 0 ? params.seconds : null;
  if (method === "review" || method === "replay_review")
    return REVIEW_PLIES * REVIEW_SEARCHES_PER_PLY * (given ?? DEFAULT_THINKING_SECONDS) * 1000 + THINKING_MARGIN_MS;
  if (THINKING_CALLS.has(method)) return (given ?? DEFAULT_THINKING_SECONDS) * 1000 + THINKING_MARGIN_MS;
  if (CRYPTO_CALLS.has(method)) return CRYPTO_DEADLINE_MS;
  if (REPLAY_CALLS.has(method)) return REPLAY_DEADLINE_MS;
  return QUICK_DEADLINE_MS;
}

/**
 * Whether `error` says the worker was lost (dead, crashed or stuck) rather than that the engine refused a request:
 * the page then restarts the engine and puts the match back, it does not show the error.
 * @param {unknown} error
 */
export function isEngineLost(error) {
  return error instanceof EngineError && (error.type === "timeout" || error.type === "crashed");
}

/** A failure reported by the worker or the engine: `type` is the bridge's error kind. */
export class EngineError extends Error {
  /**
   * @param {string} type  the bridge's error kind (otv66.errors), or the worker's: "worker", "load_failed", …
   * @param {string} message  the engine's English text (the page shows engine-text.js's translation instead)
   * @param {string} [reason]  what exactly was wrong (otv66.errors: e.g. "packet_sum"); the kind when not given
   * @param {Record<string, string | number>} [params]  the values the message names (card and suit codes, numbers)
   */
  constructor(type, message, reason = type, params = {}) {
    super(message);
    this.type = type;
    this.reason = reason;
    this.params = params;
  }
}

/** Find what the browser lacks to run the engine; returns a message key, or null. */
export function missingSupport() {
  if (typeof WebAssembly !== "object") return "noWasm";
  if (typeof Worker !== "function") return "noWorker";
  return null;
}

/**
 * The engine in its worker: one request at a time or many, each answered by id, each with a deadline. A worker
 * that misses one, or crashes, is ended and `onLost` is told (the page starts a new one).
 */
export class Engine {
  constructor() {
    /** @type {Worker | null} */
    this.worker = null;
    this.nextId = 1;
    /** @type {Map<number, PendingRequest>} */
    this.pending = new Map();
    /** Whether the worker has booted (a failure before that is a failed start, not a lost engine). */
    this.ready = false;
    /**
     * When every call sent and not answered is due, at the latest (ms since the epoch; 0 with none waiting). The
     * worker answers one call at a time: a call sent behind others may wait for all of them first.
     */
    this.queueDue = 0;
    /** @type {(error: EngineError) => void} */
    this.onLost = () => {};
  }

  /**
   * Start a fresh worker and load Pyodide and the engine wheel. Resolves with the bridge's `version`.
   * @param {EngineFiles} files  the runtime's folder, the engine wheel, the runtime's sizes
   * @param {ProgressListener} [onProgress]
   * @returns {Promise<BridgeResults["version"]>}
   */
  start({ pyodideUrl, wheelUrl, sizes }, onProgress) {
    this.stop();
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault?.();
      if (this.ready) this.lose(new EngineError("crashed", event.message || "the engine worker crashed"));
      else this.failAll(new EngineError("worker", event.message || "the engine worker failed to start"));
    };
    return this.send({ type: "init", pyodideUrl, wheelUrl, sizes }, onProgress).then((version) => {
      this.ready = true;
      return version;
    });
  }

  /**
   * One bridge call (otv66/bridge.py): resolves with its result, rejects with an EngineError.
   * @template {BridgeMethod} M
   * @param {M} method
   * @param {Record<string, unknown>} [params]
   * @returns {Promise<BridgeResults[M]>}
   */
  call(method, params = {}) {
    if (!this.worker) return Promise.reject(new EngineError("not_ready", "the engine is not loaded"));
    return this.send({ type: "call", method, params }, null, deadlineFor(method, params));
  }

  /** End the worker; whatever waits for it fails with `error`. */
  stop(error = new EngineError("stopped", "the engine was stopped")) {
    this.worker?.terminate();
    this.worker = null;
    this.ready = false;
    this.failAll(error);
  }

  /**
   * The worker is dead or stuck: end it, fail what waits for it with `error` and tell `onLost`.
   * @param {EngineError} error
   */
  lose(error) {
    this.stop(error);
    this.onLost(error);
  }

  /**
   * Post `message` with a new id; the promise settles with the worker's reply to it.
   * @param {Record<string, unknown>} message
   * @param {ProgressListener | null} [onProgress]
   * @param {number | null} [deadline]  milliseconds the worker may spend on it before it is taken for stuck, counted
   *   from when the calls sent before it are due (null: no deadline): a step pressed while a review ran was given 5 s
   *   from its press, spent waiting for the review, and the engine was ended as stuck (the review with it)
   * @returns {Promise<any>}
   */
  send(message, onProgress = null, deadline = null) {
    const id = this.nextId++;
    const worker = /** @type {Worker} */ (this.worker);
    return new Promise((resolve, reject) => {
      let timer;
      if (deadline !== null) {
        const now = Date.now();
        this.queueDue = Math.max(now, this.queueDue) + deadline;
        timer = setTimeout(() => {
          if (this.worker === worker) this.lose(new EngineError("timeout", "the engine did not answer in time"));
        }, this.queueDue - now);
      }
      this.pending.set(id, { resolve, reject, onProgress, timer });
      worker.postMessage({ id, ...message });
    });
  }

  /**
   * A message from the worker (its protocol: worker.js): progress, or the reply that settles a request.
   * @param {any} message
   */
  receive(message) {
    const request = this.pending.get(message?.id);
    if (!request) return;
    if (message.type === "progress") {
      request.onProgress?.(message.step, message.loaded, message.total);
      return;
    }
    this.pending.delete(message.id);
    clearTimeout(request.timer);
    if (this.pending.size === 0) this.queueDue = 0; // none waiting: the next call's deadline runs from its sending
    if (message.type !== "error") {
      request.resolve(message.type === "ready" ? message.version : message.result);
      return;
    }
    const { type, message: text, reason, params } = message.error;
    request.reject(new EngineError(type, text, reason, params));
  }

  /** Reject every request still waiting. */
  failAll(/** @type {EngineError} */ error) {
    for (const request of this.pending.values()) {
      clearTimeout(request.timer);
      request.reject(error);
    }
    this.pending.clear();
    this.queueDue = 0;
  }
}

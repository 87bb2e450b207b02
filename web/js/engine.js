/**
 * The page's side of the worker protocol (see worker.js): requests with ids, promises for replies.
 *
 *   const engine = new Engine();
 *   const version = await engine.start(urls, (step, loaded, total) => ...);
 *   const state = await engine.call("play", { move: "AH" });   // rejects with an EngineError
 */

/** @import { BridgeMethod, BridgeResults } from "./types.js" */

/**
 * Progress of the worker's start: `step` is "start", "engine" or "download" (with bytes so far and in all).
 * @typedef {(step: string, loaded: number, total: number) => void} ProgressListener
 */

/**
 * A request waiting for its reply.
 * @typedef {object} PendingRequest
 * @property {(value: any) => void} resolve
 * @property {(error: EngineError) => void} reject
 * @property {ProgressListener | null} onProgress
 */

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

/** The engine in its worker: one request at a time or many, each answered by id. */
export class Engine {
  constructor() {
    /** @type {Worker | null} */
    this.worker = null;
    this.nextId = 1;
    /** @type {Map<number, PendingRequest>} */
    this.pending = new Map();
  }

  /**
   * Start a fresh worker and load Pyodide and the engine wheel. Resolves with the bridge's `version`.
   * @param {{pyodideUrl: string, wheelUrl: string}} urls  the runtime's folder and the engine wheel
   * @param {ProgressListener} [onProgress]
   * @returns {Promise<BridgeResults["version"]>}
   */
  start({ pyodideUrl, wheelUrl }, onProgress) {
    this.stop();
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault?.();
      this.failAll(new EngineError("worker", event.message || "the engine worker failed to start"));
    };
    return this.send({ type: "init", pyodideUrl, wheelUrl }, onProgress);
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
    return this.send({ type: "call", method, params });
  }

  /** End the worker; whatever waits for it fails with `error`. */
  stop(error = new EngineError("stopped", "the engine was stopped")) {
    this.worker?.terminate();
    this.worker = null;
    this.failAll(error);
  }

  /**
   * Post `message` with a new id; the promise settles with the worker's reply to it.
   * @param {Record<string, unknown>} message
   * @param {ProgressListener | null} [onProgress]
   * @returns {Promise<any>}
   */
  send(message, onProgress = null) {
    const id = this.nextId++;
    const worker = /** @type {Worker} */ (this.worker);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
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
    if (message.type !== "error") {
      request.resolve(message.type === "ready" ? message.version : message.result);
      return;
    }
    const { type, message: text, reason, params } = message.error;
    request.reject(new EngineError(type, text, reason, params));
  }

  /** Reject every request still waiting. */
  failAll(/** @type {EngineError} */ error) {
    for (const request of this.pending.values()) request.reject(error);
    this.pending.clear();
  }
}

/**
 * The page's side of the worker protocol (see worker.js): requests with ids, promises for replies.
 *
 *   const engine = new Engine();
 *   const version = await engine.start(urls, (step, loaded, total) => ...);
 *   const state = await engine.call("play", { move: "AH" });   // rejects with an EngineError
 */

/** A failure reported by the worker or the engine: `type` is the bridge's error kind. */
export class EngineError extends Error {
  constructor(type, message) {
    super(message);
    this.type = type;
  }
}

/** Find what the browser lacks to run the engine; returns a message key, or null. */
export function missingSupport() {
  if (typeof WebAssembly !== "object") return "noWasm";
  if (typeof Worker !== "function") return "noWorker";
  return null;
}

export class Engine {
  constructor() {
    this.worker = null;
    this.nextId = 1;
    this.pending = new Map();
  }

  /** Start a fresh worker and load Pyodide and the engine wheel. Resolves with the bridge's `version`. */
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

  /** One bridge call (otv66/bridge.py): resolves with its result, rejects with an EngineError. */
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

  send(message, onProgress = null) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ id, ...message });
    });
  }

  receive(message) {
    const request = this.pending.get(message?.id);
    if (!request) return;
    if (message.type === "progress") {
      request.onProgress?.(message.step, message.loaded, message.total);
      return;
    }
    this.pending.delete(message.id);
    if (message.type === "error") request.reject(new EngineError(message.error.type, message.error.message));
    else request.resolve(message.type === "ready" ? message.version : message.result);
  }

  failAll(error) {
    for (const request of this.pending.values()) request.reject(error);
    this.pending.clear();
  }
}

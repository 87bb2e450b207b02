/**
 * The game page's first script: it starts the engine's worker, and the worker's boot, before any of the page's
 * modules has arrived.
 *
 * index.html loads it at the top of its <head> as a classic `async` script: a classic script runs as soon as it
 * is downloaded, where a module would first wait for its whole import graph, and the page's other requests would
 * keep it waiting. The worker finds the engine's files itself (build-info.js), so Pyodide downloads and starts while
 * the page is still loading its styles and modules. The page's engine (engine.js, `Engine.start`) then takes the
 * worker over: what the worker said until then (its progress, its readiness, or its failure to start) is kept here
 * in order and heard by the engine when it takes over.
 */
(() => {
  if (typeof Worker !== "function") return; // engine.js's missingSupport() tells the player
  const script = /** @type {HTMLScriptElement} */ (document.currentScript);
  const worker = new Worker(new URL("./worker.js", script.src), { type: "module" });
  /** @type {import("./engine.js").EarlyWorker} */
  const early = { worker, id: 0, heard: [], failure: null };
  worker.onmessage = (event) => early.heard.push(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    early.failure = event.message || "the engine worker failed to start";
  };
  worker.postMessage({ id: early.id, type: "init", page: location.href });
  /** @type {{otv66EarlyWorker?: import("./engine.js").EarlyWorker}} */ (globalThis).otv66EarlyWorker = early;
})();

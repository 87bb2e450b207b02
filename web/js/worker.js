/**
 * The engine worker: Pyodide + the otv66 wheel in a module Web Worker.
 *
 * Protocol (every message is a plain object; `id` pairs a reply with its request):
 *
 *   page -> worker
 *     {id, type: "init", pyodideUrl, wheelUrl}   load the runtime and unpack the engine wheel (once)
 *     {id, type: "call", method, params}         one JSON-bridge call (otv66/bridge.py)
 *
 *   worker -> page
 *     {id, type: "progress", step, loaded, total}  during init: step name and bytes so far
 *     {id, type: "ready", version}                 init done; `version` is the bridge's `version`
 *     {id, type: "result", result}                 a bridge call answered
 *     {id, type: "error", error: {type, message}}  anything that failed (init or call)
 *
 * The worker holds no game logic: it forwards calls to `otv66.bridge.call` and
 * passes the answers back. Pyodide 314 runs only in a module worker.
 */

/** Runtime files fetched with byte progress before Pyodide starts (the HTTP cache then serves them). */
const RUNTIME_FILES = ["pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];

let bridgeCall = null;

function post(message) {
  self.postMessage(message);
}

function errorMessage(error, type = "worker") {
  return { type: error?.type ?? type, message: String(error?.message ?? error) };
}

/** Read a response body to the end, calling `onChunk(bytes)` for each chunk. */
async function drain(response, onChunk) {
  if (!response.body) {
    onChunk((await response.arrayBuffer()).byteLength);
    return;
  }
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    onChunk(value.byteLength);
  }
}

/** Download the runtime files in parallel, reporting the bytes so far and the total from the headers. */
async function downloadRuntime(pyodideUrl, progress) {
  const responses = await Promise.all(RUNTIME_FILES.map((name) => fetch(pyodideUrl + name)));
  responses.forEach((response, i) => {
    if (!response.ok) throw { type: "load_failed", message: `${RUNTIME_FILES[i]}: HTTP ${response.status}` };
  });
  const total = responses.reduce((sum, r) => sum + (Number(r.headers.get("Content-Length")) || 0), 0);
  let loaded = 0;
  await Promise.all(
    responses.map((response) =>
      drain(response, (bytes) => {
        loaded += bytes;
        progress("download", loaded, Math.max(total, loaded));
      }),
    ),
  );
}

async function init(id, pyodideUrl, wheelUrl) {
  const progress = (step, loaded = 0, total = 0) => post({ id, type: "progress", step, loaded, total });
  if (typeof WebAssembly !== "object") throw { type: "unsupported", message: "WebAssembly is not available" };

  // 1. Download the runtime with byte progress (the HTTP cache then serves Pyodide's own fetches).
  await downloadRuntime(pyodideUrl, progress);

  // 2. Start Python.
  progress("start");
  const { loadPyodide } = await import(pyodideUrl + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: pyodideUrl });

  // 3. Install the engine wheel: unpack it into site-packages (a pure-Python wheel needs nothing more).
  progress("engine");
  const wheel = await fetch(wheelUrl);
  if (!wheel.ok) throw { type: "load_failed", message: `${wheelUrl}: HTTP ${wheel.status}` };
  const sitePackages = pyodide.runPython("import sys; next(p for p in sys.path if p.endswith('site-packages'))");
  pyodide.unpackArchive(new Uint8Array(await wheel.arrayBuffer()), "wheel", { extractDir: sitePackages });
  const bridge = pyodide.pyimport("otv66.bridge");
  bridgeCall = bridge.call;
  const version = JSON.parse(bridgeCall(JSON.stringify({ id: 0, method: "version", params: {} }))).result;
  post({ id, type: "ready", version });
}

function call(id, method, params) {
  if (!bridgeCall) throw { type: "not_ready", message: "the engine is not loaded yet" };
  const reply = JSON.parse(bridgeCall(JSON.stringify({ id, method, params: params ?? {} })));
  if (reply.error) post({ id, type: "error", error: reply.error });
  else post({ id, type: "result", result: reply.result });
}

self.onmessage = async (event) => {
  const { id, type } = event.data ?? {};
  try {
    if (type === "init") await init(id, event.data.pyodideUrl, event.data.wheelUrl);
    else if (type === "call") call(id, event.data.method, event.data.params);
    else throw { type: "bad_request", message: `unknown message type ${type}` };
  } catch (error) {
    post({ id, type: "error", error: errorMessage(error, type === "init" ? "load_failed" : "worker") });
  }
};

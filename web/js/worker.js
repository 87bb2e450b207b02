/**
 * The engine worker: Pyodide + the otv66 wheel in a module Web Worker.
 *
 * Protocol (every message is a plain object; `id` pairs a reply with its request):
 *
 *   page -> worker
 *     {id, type: "init", pyodideUrl, wheelUrl, sizes}
 *                                                load the runtime and put the engine wheel on sys.path (once);
 *                                                `sizes`: the runtime's files' sizes in bytes by name, as built
 *     {id, type: "call", method, params}         one JSON-bridge call (otv66/bridge.py)
 *
 *   worker -> page
 *     {id, type: "progress", step, loaded, total}  during init: step name ("start", "runtime" once the runtime's
 *                                                  files are in, "engine"), or "download" with bytes so far
 *     {id, type: "ready", version, marks}          init done; `version` is the bridge's `version`; `marks` are the
 *                                                  milliseconds from the worker's start to each boot step
 *                                                  ({python, engine, bridge}), for the load benchmark
 *     {id, type: "result", result}                 a bridge call answered
 *     {id, type: "error", error: {type, message}}  anything that failed (init or call)
 *
 * The worker holds no game logic: it forwards calls to `otv66.bridge.call` and
 * passes the answers back. Pyodide 314 runs only in a module worker.
 */

/** @typedef {(loaded: number, total: number) => void} BytesListener */

/** `otv66.bridge.call` once the engine is loaded: JSON request text in, JSON reply text out. */
/** @type {((request: string) => string) | null} */
let bridgeCall = null;

/**
 * The standard library the build wrote next to the runtime: byte-compiled by Pyodide at build time
 * (tools/pyodide_compile.py), so booting runs bytecode instead of compiling each module from source.
 */
const STDLIB = "python_stdlib.zip";
/** The rest of the runtime Pyodide fetches as it starts (its WebAssembly and its lock file), asked for at once. */
const RUNTIME_FILES = ["pyodide.asm.wasm", "pyodide-lock.json"];

/** Send a message to the page. */
function post(/** @type {Record<string, unknown>} */ message) {
  self.postMessage(message);
}

/** What went wrong, as the protocol's `error` (`type` falls back to the given kind). */
function errorMessage(/** @type {any} */ error, type = "worker") {
  return { type: error?.type ?? type, message: String(error?.message ?? error) };
}

/** The address a request is for. */
function requestUrl(/** @type {RequestInfo | URL} */ input) {
  return input instanceof Request ? input.url : String(input);
}

/**
 * A `fetch` that reports the bytes of every response body as they stream in, so Pyodide's own downloads show
 * as progress: each file is fetched once, and the WebAssembly module compiles while it downloads.
 * `onBytes(loaded, total)`. `expected` maps the address of each file the start downloads to its size in bytes, as
 * the build knows it: `total` is their sum from the first byte, whatever a response says (a host that compresses
 * sends the compressed size as Content-Length, while the body streams in unpacked); a file it does not name adds its
 * Content-Length. Once every file it names has streamed in whole, `onDownloaded()`: nothing is left to download.
 * A file that fails, or whose body breaks off part way, goes to `onFailure(message)` and its fetch never settles:
 * Pyodide does not pass such failures on (it would wait forever, or throw where nobody catches), so the worker
 * reports them itself.
 * @param {typeof fetch} plainFetch
 * @param {Map<string, number>} expected
 * @param {{onBytes: BytesListener, onDownloaded: () => void, onFailure: (message: string) => void}} listeners
 * @returns {typeof fetch}
 */
function countingFetch(plainFetch, expected, { onBytes, onDownloaded, onFailure }) {
  let loaded = 0;
  let total = [...expected.values()].reduce((sum, size) => sum + size, 0);
  const waiting = new Set(expected.keys());
  const never = () => new Promise(() => {});
  /** @type {(input: RequestInfo | URL, options?: RequestInit) => Promise<Response>} */
  return async (input, options) => {
    const url = requestUrl(input);
    let response;
    try {
      response = await plainFetch(input, options);
    } catch (error) {
      onFailure(`${input}: ${/** @type {any} */ (error)?.message ?? error}`);
      return never();
    }
    if (!response.ok) {
      onFailure(`${response.url || input}: HTTP ${response.status}`);
      return never();
    }
    if (!response.body) return response;
    if (!expected.has(url)) total += Number(response.headers.get("Content-Length")) || 0;
    // Count a copy; Pyodide gets the original response, which the browser may serve compiled code for.
    const reader = /** @type {ReadableStream<Uint8Array>} */ (response.clone().body).getReader();
    const count = async () => {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        loaded += chunk.value.byteLength;
        onBytes(loaded, Math.max(total, loaded));
      }
      if (waiting.delete(url) && waiting.size === 0) onDownloaded();
    };
    // A body the network broke off part way (its copy's too) is a failure at once: it was swallowed, and the bar
    // stood still at the bytes come in until the page's 90 s stall timer spoke.
    count().catch((error) => onFailure(`${url}: ${error?.message ?? error}`));
    return response;
  };
}

/**
 * A `fetch` that has already asked for `urls`: the first request for each gets that response, so files Pyodide
 * would ask for only once its own script has loaded and run are on their way from the start.
 * @param {typeof fetch} plainFetch
 * @param {string[]} urls
 * @returns {typeof fetch}
 */
function prefetching(plainFetch, urls) {
  const started = new Map(urls.map((url) => [url, plainFetch(url)]));
  for (const response of started.values()) response.catch(() => {}); // Pyodide's own request reports a failure
  /** @type {(input: RequestInfo | URL, options?: RequestInit) => Promise<Response>} */
  return (input, options) => {
    const url = requestUrl(input);
    const early = started.get(url);
    started.delete(url);
    return early ?? plainFetch(input, options);
  };
}

/**
 * Load Pyodide from `pyodideUrl`, with byte progress against the runtime's `sizes` by file name (see countingFetch);
 * rejects as soon as one of its files fails.
 */
async function startPython(
  /** @type {string} */ pyodideUrl,
  /** @type {Record<string, number>} */ sizes,
  /** @type {(step: string, loaded?: number, total?: number) => void} */ progress,
) {
  const plainFetch = self.fetch.bind(self);
  const stdLibURL = new URL(STDLIB, pyodideUrl).href;
  const files = [STDLIB, ...RUNTIME_FILES].map((name) => ({ url: new URL(name, pyodideUrl).href, size: sizes[name] }));
  const runtimeFiles = files.map(({ url }) => url);
  const expected = new Map(files.filter(({ size }) => size > 0).map(({ url, size }) => [url, size]));
  /** @type {(message: string) => void} */
  let fail = () => {}; // replaced at once by the promise below
  /** @type {Promise<never>} */
  const failed = new Promise((_, reject) => {
    fail = (message) => {
      // Pyodide's own reading of the file that failed then rejects where nobody catches: the failure is said once.
      self.addEventListener("unhandledrejection", (event) => event.preventDefault());
      reject({ type: "load_failed", message });
    };
  });
  const earlyFetch = prefetching(plainFetch, runtimeFiles);
  self.fetch = countingFetch(earlyFetch, expected, {
    onBytes: (loaded, total) => progress("download", loaded, total),
    onDownloaded: () => progress("runtime"),
    onFailure: fail,
  });
  // Pyodide imports this script by the same URL once its own has run: the browser loads the module once.
  import(`${pyodideUrl}pyodide.asm.mjs`).catch(() => {});
  try {
    const { loadPyodide } = await import(`${pyodideUrl}pyodide.mjs`);
    return await Promise.race([loadPyodide({ indexURL: pyodideUrl, stdLibURL }), failed]);
  } finally {
    self.fetch = plainFetch;
  }
}

/**
 * The `init` request: start Python, install the engine wheel, answer `ready` with the bridge's version.
 * @param {number} id
 * @param {{pyodideUrl: string, wheelUrl: string, sizes?: Record<string, number>}} files
 */
async function init(id, { pyodideUrl, wheelUrl, sizes = {} }) {
  /** @type {(step: string, loaded?: number, total?: number) => void} */
  const progress = (step, loaded = 0, total = 0) => post({ id, type: "progress", step, loaded, total });
  if (typeof WebAssembly !== "object") throw { type: "unsupported", message: "WebAssembly is not available" };

  // performance.now() in a worker counts from the worker's creation.
  const marks = {};
  // The engine wheel downloads while Python starts.
  const wheel = fetch(wheelUrl).then((response) => {
    if (!response.ok) throw { type: "load_failed", message: `${wheelUrl}: HTTP ${response.status}` };
    return response.arrayBuffer();
  });
  wheel.catch(() => {}); // awaited below, unless Python fails first
  // 1. Start Python; its downloads are counted as they stream in (see countingFetch).
  progress("start");
  const pyodide = await startPython(pyodideUrl, sizes, progress);
  marks.python = performance.now();

  // 2. Install the engine wheel: written into site-packages and put on sys.path as it is (Python imports a pure-Python
  //    wheel from the zip, and the build put each module's bytecode beside it: nothing is unpacked).
  progress("engine");
  const sitePackages = pyodide.runPython("import sys; next(p for p in sys.path if p.endswith('site-packages'))");
  const wheelPath = `${sitePackages}/${new URL(wheelUrl).pathname.split("/").pop()}`;
  pyodide.FS.writeFile(wheelPath, new Uint8Array(await wheel));
  pyodide.pyimport("sys").path.insert(0, wheelPath);
  marks.engine = performance.now();
  /** @type {{call: (request: string) => string}} */
  const bridge = pyodide.pyimport("otv66.bridge");
  bridgeCall = bridge.call;
  const version = JSON.parse(bridgeCall(JSON.stringify({ id: 0, method: "version", params: {} }))).result;
  marks.bridge = performance.now();
  post({ id, type: "ready", version, marks });
}

/** A `call` request: one bridge call, answered with its result or its error. */
function call(/** @type {number} */ id, /** @type {string} */ method, /** @type {unknown} */ params) {
  if (!bridgeCall) throw { type: "not_ready", message: "the engine is not loaded yet" };
  const reply = JSON.parse(bridgeCall(JSON.stringify({ id, method, params: params ?? {} })));
  if (reply.error) post({ id, type: "error", error: reply.error });
  else post({ id, type: "result", result: reply.result });
}

self.onmessage = async (event) => {
  const { id, type } = event.data ?? {};
  try {
    if (type === "init") await init(id, event.data);
    else if (type === "call") call(id, event.data.method, event.data.params);
    else throw { type: "bad_request", message: `unknown message type ${type}` };
  } catch (error) {
    post({ id, type: "error", error: errorMessage(error, type === "init" ? "load_failed" : "worker") });
  }
};

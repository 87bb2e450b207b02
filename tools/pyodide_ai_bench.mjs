// The engine's benchmarks inside real Pyodide (Node.js + the npm `pyodide` package): the computer opponent's
// decision times, pondering slices and play-a-friend messages.
//
// Usage: node tools/pyodide_ai_bench.mjs [options of `python -m otv66.bench ai`]
//        (default: --a master --b expert --deals 5)
//        node tools/pyodide_ai_bench.mjs ponder [options of `python -m otv66.bench ponder`]
//        (how long a pondering slice holds the worker: the page's replies wait for it)
//        node tools/pyodide_ai_bench.mjs friend [options of `python -m otv66.bench friend`]
//        (play-a-friend messages: the time to make and check each one, the heaviest link)
//
// It loads Pyodide offline from node_modules, mounts this repo's `otv66/` package read-only
// in spirit (no bytecode is written) and runs the same duplicate-deal benchmark as CPython's
// `python -m otv66.bench ai`, so the decision times it prints (p50 / p95 / max per searching
// level) are what the browser's worker spends on one machine core. Pyodide has no threads:
// this is the figure the "<= 1 s per decision" budget is about.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MOUNT = "/otv66-repo";

async function main() {
  const args = process.argv.slice(2);
  const bench = ["ponder", "friend"].includes(args[0]) ? args.shift() : "ai";
  const benchArgs = args.length || bench !== "ai" ? args : ["--a", "master", "--b", "expert", "--deals", "5"];
  const py = await loadPyodide();
  py.setStdout({ write: (buffer) => fs.writeSync(1, buffer) });
  py.setStderr({ write: (buffer) => fs.writeSync(2, buffer) });
  py.FS.mkdirTree(`${MOUNT}/otv66`);
  py.mountNodeFS(`${MOUNT}/otv66`, path.join(REPO, "otv66"));
  py.globals.set("bench_args", py.toPy(benchArgs));
  py.globals.set("bench_name", bench);
  return py.runPython(`
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, "${MOUNT}")
import pyodide
import importlib
bench = importlib.import_module(f"otv66.bench.{bench_name}")
print(f"Pyodide {pyodide.__version__}, Python {sys.version.split()[0]}: python -m otv66.bench {bench_name} {' '.join(bench_args)}")
try:
    code = bench.main(list(bench_args))
except SystemExit as stop:  # argparse's --help and usage errors end the run as they would in CPython
    code = stop.code if stop.code is None or isinstance(stop.code, int) else 2
code
`);
}

main().then(
  (code) => process.exit(code ?? 0),
  (error) => {
    console.error(error);
    process.exit(3);
  },
);

// Run the engine's pytest suite inside real Pyodide (Node.js + the npm `pyodide` package).
//
// Usage: node tools/pyodide/run_pytest.mjs <wheel dir> <repo dir> <outcomes json> <crashed json> [pytest args...]
//
// It loads Pyodide offline from node_modules, installs every *.whl of <wheel dir> into
// site-packages (the engine wheel and the pure-Python test dependencies: Pyodide ships no
// package wheels and no micropip), mounts the repo's tests/ and this folder, copies the
// repo's pyproject.toml (pytest reads its options there), runs pytest (inside_pyodide.py)
// and exits with pytest's exit code. The per-test outcomes are written to <outcomes json>
// so that tools/pyodide_tests.py can compare them with a CPython run.
// <crashed json>, if it exists, lists tests to leave out because they crashed Pyodide itself
// before; if Pyodide crashes now, the running test is added to it and the exit code is 3.
// tools/pyodide_tests.py is the normal entry point; it prepares the arguments.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = "/otv66"; // the repo as Python sees it: pyproject.toml + tests/ (mounted)
const TOOLS = "/otv66-tools"; // this folder (mounted): inside_pyodide.py and outcomes_plugin.py

const [wheelDir, repoDir, outcomesPath, crashedPath, ...pytestArgs] = process.argv.slice(2);
const crashedBefore = crashedPath && fs.existsSync(crashedPath) ? JSON.parse(fs.readFileSync(crashedPath, "utf8")) : [];

/** Write Python's output straight to our own stdout/stderr, unbuffered and unchanged. */
function passThrough(fd) {
  return { write: (buffer) => fs.writeSync(fd, buffer) };
}

/** Unpack every wheel of `wheelDir` into Pyodide's site-packages; return their file names. */
function installWheels(py) {
  const sitePackages = py.runPython('import sysconfig; sysconfig.get_paths()["purelib"]');
  const wheels = fs.readdirSync(wheelDir).filter((name) => name.endsWith(".whl")).sort();
  for (const name of wheels) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(wheelDir, name)));
    py.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
  }
  return wheels;
}

async function main() {
  if (!crashedPath) {
    throw new Error("usage: run_pytest.mjs <wheel dir> <repo dir> <outcomes json> <crashed json> [pytest args...]");
  }
  const py = await loadPyodide();
  py.setStdout(passThrough(1));
  py.setStderr(passThrough(2));

  const wheels = installWheels(py);
  py.FS.mkdirTree(ROOT);
  py.FS.writeFile(`${ROOT}/pyproject.toml`, fs.readFileSync(path.join(repoDir, "pyproject.toml")));
  py.mountNodeFS(`${ROOT}/tests`, path.resolve(repoDir, "tests"));
  py.mountNodeFS(TOOLS, path.dirname(fileURLToPath(import.meta.url)));

  const run = py.runPython(`
import sys
sys.dont_write_bytecode = True  # never write __pycache__ into the mounted host folders
sys.path.insert(0, "${TOOLS}")
import inside_pyodide
inside_pyodide.main
`);
  const code = run(py.toPy(pytestArgs), py.toPy(wheels), py.toPy(crashedBefore), ROOT);
  fs.writeFileSync(outcomesPath, py.runPython("import outcomes_plugin; outcomes_plugin.as_json()"));
  return code;
}

/**
 * Any error here means Pyodide itself broke (pytest reports test failures), e.g. a fatal
 * "Maximum call stack size exceeded". Python's state is lost, so no outcomes: add the running
 * test to <crashed json> (tools/pyodide_tests.py then runs the suite again without it), exit 3.
 */
function crashed(error) {
  console.error(error);
  const test = globalThis.otv66CurrentTest;
  if (test) fs.writeFileSync(crashedPath, JSON.stringify([...crashedBefore, test]));
  const shown = test && test.length > 120 ? `${test.slice(0, 120)}...` : test;
  console.error(`\nPYODIDE CRASHED${test ? ` while running ${shown}` : ""}; no outcomes were written.`);
  process.exit(3);
}

process.on("unhandledRejection", crashed); // a fatal error can surface outside main()'s promise
main().then((code) => process.exit(code), crashed);

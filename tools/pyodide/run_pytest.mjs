// Run the engine's pytest suite inside real Pyodide (Node.js + the npm `pyodide` package).
//
// Usage: node tools/pyodide/run_pytest.mjs <wheel dir> <repo dir> <outcomes json> [pytest args...]
//
// It loads Pyodide offline from node_modules, installs every *.whl of <wheel dir> into
// site-packages (the engine wheel and the pure-Python test dependencies: Pyodide ships no
// package wheels and no micropip), mounts the repo's tests/ and this folder, copies the
// repo's pyproject.toml (pytest reads its options there), runs pytest.main(args) and exits
// with pytest's exit code. The per-test outcomes are written to <outcomes json> so that
// tools/pyodide_tests.py can compare them with a CPython run.
// tools/pyodide_tests.py is the normal entry point; it prepares the arguments.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = "/otv66"; // the repo as Python sees it: pyproject.toml + tests/ (mounted)
const PLUGIN_DIR = "/otv66-tools"; // this folder, for the outcomes plugin

/** Write Python's output straight to our own stdout/stderr, unbuffered and unchanged. */
function passThrough(fd) {
  return { write: (buffer) => fs.writeSync(fd, buffer) };
}

/** Unpack every wheel of `wheelDir` into Pyodide's site-packages; return their file names. */
function installWheels(py, wheelDir) {
  const sitePackages = py.runPython('import sysconfig; sysconfig.get_paths()["purelib"]');
  const wheels = fs.readdirSync(wheelDir).filter((name) => name.endsWith(".whl")).sort();
  for (const name of wheels) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(wheelDir, name)));
    py.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
  }
  return wheels;
}

async function main() {
  const [wheelDir, repoDir, outcomesPath, ...pytestArgs] = process.argv.slice(2);
  if (!outcomesPath) {
    throw new Error("usage: run_pytest.mjs <wheel dir> <repo dir> <outcomes json> [pytest args...]");
  }
  const py = await loadPyodide();
  py.setStdout(passThrough(1));
  py.setStderr(passThrough(2));

  const wheels = installWheels(py, wheelDir);
  py.FS.mkdirTree(ROOT);
  py.FS.writeFile(`${ROOT}/pyproject.toml`, fs.readFileSync(path.join(repoDir, "pyproject.toml")));
  py.mountNodeFS(`${ROOT}/tests`, path.resolve(repoDir, "tests"));
  py.mountNodeFS(PLUGIN_DIR, path.dirname(fileURLToPath(import.meta.url)));

  py.globals.set("pytest_args", py.toPy(pytestArgs));
  py.globals.set("wheels", py.toPy(wheels));
  const code = await py.runPythonAsync(`
import os, sys
sys.dont_write_bytecode = True  # never write __pycache__ into the mounted host folders
sys.path.insert(0, "${PLUGIN_DIR}")
os.chdir("${ROOT}")
import pyodide, pytest, otv66, outcomes_plugin
print(f"Python {sys.version.split()[0]} on {sys.platform}, Pyodide {pyodide.__version__}")
print(f"otv66 {otv66.__version__} from {os.path.dirname(otv66.__file__)}")
print("installed wheels:", ", ".join(wheels))
exit_code = int(pytest.main(list(pytest_args), plugins=[outcomes_plugin]))
exit_code
`);
  fs.writeFileSync(outcomesPath, py.runPython("import outcomes_plugin; outcomes_plugin.as_json()"));
  return code;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(3);
  },
);

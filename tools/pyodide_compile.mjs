// Byte-compile the standard library zip and the engine wheel with Pyodide's own Python (build step).
//
// Usage: node tools/pyodide_compile.mjs <pyodide dir> <folder> <stdlib in> <stdlib out> <wheel in> <wheel out>
//
// Loads the npm `pyodide` package in <pyodide dir> (node_modules/pyodide: the runtime the site ships) offline,
// puts the engine wheel on sys.path from its site-packages (as web/js/worker.js does), mounts <folder> (which holds the four
// files, given as names relative to it) and this tools/ folder, and runs tools/pyodide_compile.py there.
// tools/build_site.py calls it. Exits with the script's exit code, or 1 if Python raised.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const WORK = "/build"; // <folder> as Python sees it
const TOOLS = "/build-tools"; // this folder

const [pyodideDir, folder, ...files] = process.argv.slice(2);
if (files.length !== 4) {
  console.error("usage: pyodide_compile.mjs <pyodide dir> <folder> <stdlib in> <stdlib out> <wheel in> <wheel out>");
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(path.join(path.resolve(pyodideDir), "pyodide.mjs")).href);
const py = await loadPyodide();
py.setStdout({ write: (buffer) => fs.writeSync(1, buffer) });
py.setStderr({ write: (buffer) => fs.writeSync(2, buffer) });
py.FS.mkdirTree(WORK);
py.mountNodeFS(WORK, path.resolve(folder));
// The engine installed as the browser installs it (web/js/worker.js), for the census of what it imports.
const sitePackages = py.runPython('import sysconfig; sysconfig.get_paths()["purelib"]');
const wheelPath = `${sitePackages}/${path.basename(files[2])}`;
py.FS.writeFile(wheelPath, fs.readFileSync(path.join(folder, files[2])));
py.pyimport("sys").path.insert(0, wheelPath);
py.FS.mkdirTree(TOOLS);
py.mountNodeFS(TOOLS, path.dirname(fileURLToPath(import.meta.url)));
const main = py.runPython(`
import sys
sys.path.insert(0, "${TOOLS}")
import pyodide_compile
pyodide_compile.main
`);
try {
  process.exit(main(py.toPy(files.map((name) => `${WORK}/${name}`))));
} catch (error) {
  console.error(String(error));
  process.exit(1);
}

/**
 * Where the engine's files are: written into engine-files.js by the build, or else read from build-info.json (what
 * the build wrote about itself, tools/build_site.py; read with no cache).
 */

import { ENGINE_FILES } from "./engine-files.js";

/**
 * @typedef {object} BuildInfo
 * @property {URL} url where build-info.json was read (the files it names are relative to it)
 * @property {{pyodide: string, wheel: string, sizes?: Record<string, number>}} info
 */

/**
 * Ask for build-info.json.
 * @returns {Promise<BuildInfo>}
 */
async function requestBuildInfo() {
  const url = new URL("build-info.json", location.href);
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`build-info.json: HTTP ${response.status}`);
  return { url, info: await response.json() };
}

/**
 * The worker's files: Pyodide's folder and the engine wheel, as absolute URLs, and the sizes of Pyodide's files by
 * name (none from build-info.json: the worker then counts the download against each response's Content-Length).
 * @returns {Promise<import("./engine.js").EngineFiles>}
 */
export async function locateEngine() {
  const { url, info } = ENGINE_FILES ? { url: new URL(import.meta.url), info: ENGINE_FILES } : await requestBuildInfo();
  const pyodideUrl = new URL(info.pyodide, url).href;
  return { pyodideUrl, wheelUrl: new URL(info.wheel, url).href, sizes: info.sizes ?? {} };
}

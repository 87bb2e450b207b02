/**
 * Where the engine's files are: written into engine-files.js by the build, or else read from build-info.json (what
 * the build wrote about itself, tools/build_site.py; read with no cache).
 */

import { ENGINE_FILES } from "./engine-files.js";

/**
 * @typedef {object} BuildInfo
 * @property {URL} url where build-info.json was read (the files it names are relative to it)
 * @property {{pyodide: string, wheel: string}} info
 */

/**
 * Ask for build-info.json, next to `page`.
 * @param {string} page
 * @returns {Promise<BuildInfo>}
 */
async function requestBuildInfo(page) {
  const url = new URL("build-info.json", page);
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`build-info.json: HTTP ${response.status}`);
  return { url, info: await response.json() };
}

/**
 * The worker's files: Pyodide's folder and the engine wheel, as absolute URLs, for the page at `page` (the worker
 * asks, with the address of the page that started it).
 * @param {string} page
 * @returns {Promise<{pyodideUrl: string, wheelUrl: string}>}
 */
export async function locateEngine(page) {
  const { url, info } = ENGINE_FILES
    ? { url: new URL(import.meta.url), info: ENGINE_FILES }
    : await requestBuildInfo(page);
  return { pyodideUrl: new URL(info.pyodide, url).href, wheelUrl: new URL(info.wheel, url).href };
}

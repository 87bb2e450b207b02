/**
 * Where this build's engine is: Pyodide's folder and the engine wheel, relative to this module, and the size in bytes
 * of each of Pyodide's files (the download's progress is counted against them). The build
 * (tools/build_site.py) writes them into the marked line, so the page starts its worker without first asking
 * build-info.json (a round trip before the longest step of the page's start), and the page's code always boots
 * the engine of its own build. null in the unbuilt `web/` folder: the page then reads build-info.json.
 */

/** @type {{pyodide: string, wheel: string, sizes: Record<string, number>} | null} */
export const ENGINE_FILES = null; // build:engine-files

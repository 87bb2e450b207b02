/**
 * A match kept as a file, and opened again: a finished match of History saved as its docs/record-format.md record
 * (bridge `game_record`), and a record file opened as a game link token for the replay page (bridge
 * `record_game_link`).
 * The file is the record the terminal front and the library read and write, so a match moves between them.
 */

import { EngineError } from "./engine.js";
import { localDay } from "./local-day.js";

/** @import { Engine } from "./engine.js" */
/** @import { HistoryEntry } from "./types.js" */

/**
 * The name a finished match's record file is saved under: "otv66-", the match's local date and time, the computer's
 * level (the engine's name, as the record has it) and the game points, the person's first
 * ("otv66-2026-12-05-1830-expert-7-3.json"; two people at one device: "otv66-2026-12-05-1830-7-5.json"). Two matches
 * of a day are two files, in the order they were played, and a folder of them tells which was won and against whom.
 * @param {Pick<HistoryEntry, "date" | "opponent" | "level" | "gamePoints">} entry
 */
export function recordFileName({ date, opponent, level, gamePoints }) {
  const when = new Date(date);
  const computer = opponent === "computer" && level && /^\w+$/.test(level) ? `-${level}` : "";
  const time = when.toTimeString().slice(0, 5).replace(":", "");
  return `otv66-${localDay(when)}-${time}${computer}-${gamePoints.join("-")}.json`;
}

/**
 * The record of the match a game link token holds, as a file's text: JSON a person can read (readableJson).
 * @param {Engine} engine
 * @param {string} token
 * @returns {Promise<string>}
 */
export async function recordText(engine, token) {
  return `${readableJson(await engine.call("game_record", { token }))}\n`;
}

/**
 * `value` as JSON indented by two spaces a level, but a list of plain values (a deal's moves, its layout of 32 cards)
 * on one line: indented throughout, a deal took some 150 lines, a card each.
 * @param {unknown} value
 * @param {string} [indent]  the indent of the line `value` starts on
 * @returns {string}
 */
export function readableJson(value, indent = "") {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.every((item) => item === null || typeof item !== "object")) return JSON.stringify(value);
    return `[\n${value.map((item) => inner + readableJson(item, inner)).join(",\n")}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (!entries.length) return "{}";
  const lines = entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${readableJson(item, inner)}`);
  return `{\n${lines.join(",\n")}\n${indent}}`;
}

/**
 * Hand `text` to the browser as a download named `name` (where it goes is the browser's: its downloads, or a dialog).
 * @param {string} text
 * @param {string} name
 */
export function download(text, name) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000); // the browser has begun to save it long before
}

/**
 * The game link token of a record file a person chose: read, re-played and made a game link by the engine (the
 * replay page opens it; a match of this device's History has that match's token). A file longer than the engine
 * reads (its `version`'s `record_max_bytes`, asked first: a file chosen while the engine loads waits for it) is
 * refused before it is read, as the engine would: whatever was chosen by mistake (a photo, a video) is not loaded
 * into the page.
 * @param {Engine} engine
 * @param {Blob} file
 * @returns {Promise<string>}
 */
export async function recordFileToken(engine, file) {
  const { record_max_bytes: maxBytes } = await engine.call("version");
  if (file.size > maxBytes) throw new EngineError("invalid_record", "not a record: too long", "record_too_large");
  const { token } = await engine.call("record_game_link", { text: await file.text() });
  return token;
}

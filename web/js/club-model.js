/**
 * The club challenge page's pure parts (club.html, issue 13): its links, saved progress, result links found in
 * pasted text (and kept, by challenge), the per-deal comparison of the standings and how their CSV is written, and how
 * a deal's end is told to the member. (The iframe snippet is the Embed page's, embed.js.)
 *
 * Addresses: `club.html#challenge=c1.…` plays a challenge, `club.html#result=r1.…` opens a result on the
 * standings view, `club.html#standings=s1.…` reopens a standings table read-only. The token sits in the
 * fragment, which is never sent to a server. A full stop or bracket after it (the link copied from the end of a
 * sentence) is no part of it (pasted-link.js).
 */

import { keepAside } from "./device-storage.js";
import { friendLinkIn, siteLinkIn } from "./friend-paste.js";
import { t } from "./i18n.js";
import { linkParams, percentDecoded, trimLinkEnd } from "./pasted-link.js";
import { gamePointsReason } from "./score-lines.js";

/** @import { ClubLink, ClubLinkKind, DealScore, MadeChallenge, PastedResults, SavedAttempt, StandingRow, Totals } from "./club-types.js" */
/** @import { DealResult } from "./types.js" */

/** @type {ClubLinkKind[]} */
const CLUB_LINK_KINDS = ["challenge", "result", "standings"];

/** The key under which this device keeps its attempt at a challenge (one attempt per challenge and device). */
export const PROGRESS_PREFIX = "otv66.club.";

/**
 * The club link in a page address's fragment, or null.
 * @param {{hash: string}} location
 * @returns {ClubLink | null}
 */
export function clubLinkIn(location) {
  const params = fragmentParams(location);
  // A key with nothing after it (`#challenge=`, a link cut right there) is a link all the same: the page says it
  // cannot be opened, not showing the organiser's form as if no link had been followed.
  for (const kind of CLUB_LINK_KINDS) {
    if (params.has(kind)) return { kind, token: params.get(kind) ?? "" };
  }
  return null;
}

/**
 * Whether a challenge closing on `closes` would be closed already on `today` (both `YYYY-MM-DD`, which compare as
 * text): the organiser's form refuses such a day, since every member would be turned away. Today itself is fine
 * (a challenge is played through its closing day).
 * @param {string} closes
 * @param {string} today  localDay()
 */
export function closesBeforeToday(closes, today) {
  return closes < today;
}

/**
 * Whether the address asks for a challenge's standings view (`#challenge=…&view=standings`) rather than play.
 * @param {{hash: string}} location
 */
export function wantsStandings(location) {
  return fragmentParams(location).get("view") === "standings";
}

/**
 * The parameters in an address's fragment, percent-encoded or not (linkParams), each value without the punctuation
 * a sentence put after the link.
 * @param {{hash: string}} location
 */
function fragmentParams(location) {
  const params = linkParams(location.hash);
  for (const [name, value] of [...params]) params.set(name, trimLinkEnd(value));
  return params;
}

/**
 * The address of club.html for a token of `kind`.
 * @param {ClubLinkKind} kind
 * @param {string} token
 * @param {string} base  the current page's address
 * @param {{embed?: boolean, standings?: boolean, lang?: string}} [options]  the embeddable form (`?embed=1`); a
 *   challenge's standings view rather than its play; the page's language for every visitor (`lang=`: a club's
 *   site shows its challenge in the club's language, whatever the member's browser prefers)
 */
export function clubUrl(kind, token, base, { embed = false, standings = false, lang = "" } = {}) {
  const url = new URL("club.html", base);
  const query = new URLSearchParams();
  if (embed) query.set("embed", "1");
  if (lang) query.set("lang", lang);
  url.search = query.toString();
  url.hash = `${kind}=${token}${standings ? "&view=standings" : ""}`;
  return url.href;
}

/** A result token (otv66/challenge links' `r` prefix, then base64url), alone or in a link. */
const RESULT_TOKEN = /(?<![A-Za-z0-9_-])r[0-9]{1,3}\.[A-Za-z0-9_-]+/g;

/**
 * Every result token in pasted text (links or bare tokens, one per line or run together), each once.
 * @param {string} text
 * @returns {string[]}
 */
export function resultTokensIn(text) {
  return pastedResults(text).results.map((result) => result.token);
}

/**
 * What an organiser pasted into a challenge's standings, line by line (1-based, as he sees them in the box): each
 * result token once, with the line it is first on; the lines that hold a result already pasted above, with the line
 * it is first on (once per line and first line); the lines holding another page's link of this site (the
 * challenge's own, a friend's, a deal's), with its kind; and the lines with other text but no result link on them (a
 * name, a chat message's words). The page names those lines rather than skip them without a word.
 * @param {string} text
 * @returns {PastedResults}
 */
export function pastedResults(text) {
  /** @type {PastedResults} */
  const pasted = { results: [], unread: [], otherLinks: [], repeated: [] };
  /** @type {Map<string, number>} */
  const firstLine = new Map();
  for (const [index, content] of text.split(/\r\n|\r|\n/).entries()) {
    const line = index + 1;
    const decoded = percentDecoded(content);
    const tokens = decoded.match(RESULT_TOKEN) ?? [];
    if (!tokens.length && content.trim()) {
      const kind = friendLinkIn(decoded) ? "friend" : siteLinkIn(decoded)?.kind;
      if (kind && kind !== "result") pasted.otherLinks.push({ kind, line });
      else pasted.unread.push(line);
    }
    for (const token of tokens) {
      const first = firstLine.get(token);
      if (first === undefined) pasted.results.push({ token, line });
      else if (first !== line && !pasted.repeated.some((seen) => seen.line === line && seen.first === first))
        pasted.repeated.push({ line, first });
      firstLine.set(token, first ?? line);
    }
  }
  return pasted;
}

/**
 * The saved attempt at the challenge `token`, or null (nothing saved, or unreadable).
 * @param {string} token
 * @param {Storage} storage
 * @returns {SavedAttempt | null}
 */
export function readAttempt(token, storage) {
  try {
    const saved = JSON.parse(storage.getItem(PROGRESS_PREFIX + token) ?? "null");
    if (!saved || typeof saved.name !== "string" || !Array.isArray(saved.moves)) return null;
    const moves = saved.moves.filter((/** @type {unknown} */ deal) => Array.isArray(deal));
    const result = typeof saved.result === "string" ? saved.result : null;
    const finished =
      typeof saved.finished === "string" && /^\d{4}-\d{2}-\d{2}$/.test(saved.finished) ? saved.finished : null;
    return { name: saved.name, moves, result, totals: totalsIn(saved.totals), finished };
  } catch {
    return null;
  }
}

/**
 * When something is kept at the challenge `token` but does not read as an attempt (damaged text, a wrong shape),
 * keep that text aside under the key + `.unreadable` and return it; else null. A new attempt is saved under the
 * same key, and the text it writes over may have held the member's finished result link.
 * @param {string} token
 * @param {Storage} storage
 * @returns {string | null}
 */
export function keepUnreadableAttempt(token, storage) {
  return readAttempt(token, storage) ? null : keepAttemptAside(token, storage);
}

/**
 * Keep the text kept at the challenge `token` aside under the key + `.unreadable` (an attempt that does not read, or
 * whose moves the engine refuses to re-play) and return it; null when there is none, or nowhere to keep it.
 * @param {string} token
 * @param {Storage} storage
 * @returns {string | null}
 */
export function keepAttemptAside(token, storage) {
  try {
    const text = storage.getItem(PROGRESS_PREFIX + token);
    return text !== null && keepAside(storage, PROGRESS_PREFIX + token, text) ? text : null; // refused: nowhere
  } catch {
    return null; // a storage that cannot be read: nothing to keep aside
  }
}

/**
 * The totals kept with a finished attempt, or null (an attempt finished before totals were kept with it, or a
 * damaged save).
 * @param {unknown} saved
 * @returns {Totals | null}
 */
function totalsIn(saved) {
  const { game_points, deals_won, card_points } = /** @type {Record<string, unknown>} */ (saved ?? {});
  return typeof game_points === "number" && typeof deals_won === "number" && typeof card_points === "number"
    ? { game_points, deals_won, card_points }
    : null;
}

/**
 * Keep the attempt at the challenge `token` on this device.
 * @param {string} token
 * @param {SavedAttempt} attempt
 * @param {Storage} storage
 */
export function saveAttempt(token, attempt, storage) {
  try {
    storage.setItem(PROGRESS_PREFIX + token, JSON.stringify(attempt));
  } catch {
    // Private mode or a full storage: the attempt goes on, it is only not kept.
  }
}

/** The key under which this device keeps the result links pasted into a challenge's standings (one list a challenge). */
const PASTED_PREFIX = "otv66.clubResults.";

/**
 * The result tokens last pasted into the standings of the challenge `challenge` on this device (none: nothing kept,
 * or unreadable).
 * @param {string} challenge  the challenge's token
 * @param {Storage} storage
 * @returns {string[]}
 */
export function readPasted(challenge, storage) {
  try {
    const saved = JSON.parse(storage.getItem(PASTED_PREFIX + challenge) ?? "[]");
    return Array.isArray(saved) ? saved.filter((token) => typeof token === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Keep the result tokens pasted into the standings of the challenge `challenge` on this device: the organiser who
 * reopens his link to the standings (or reloads the page) finds them there again, not an empty box to fill anew.
 * @param {string} challenge  the challenge's token
 * @param {string[]} tokens
 * @param {Storage} storage
 */
export function savePasted(challenge, tokens, storage) {
  try {
    storage.setItem(PASTED_PREFIX + challenge, JSON.stringify(tokens));
  } catch {
    // Private mode or a full storage: the table is ranked all the same, the links only not kept.
  }
}

/** The key under which this device keeps the challenges its organiser made (their links, to show them again). */
const MADE_KEY = "otv66.clubMade";
/** How many made challenges are kept: a club's season and more, the latest first. */
export const MADE_KEPT = 30;

/**
 * The challenges made on this device, the latest first: their tokens, names, closing days and when they were made
 * (none: nothing kept, or unreadable; an entry that does not read as one, a damaged token or day, is left out).
 * @param {Storage} storage
 * @returns {MadeChallenge[]}
 */
export function readMade(storage) {
  try {
    const saved = JSON.parse(storage.getItem(MADE_KEY) ?? "[]");
    if (!Array.isArray(saved)) return [];
    return saved.filter(
      (made) =>
        typeof made?.token === "string" &&
        /^c\d+\.[\w-]+$/.test(made.token) &&
        typeof made.name === "string" &&
        typeof made.closes === "string" &&
        /^\d{4}-\d{2}-\d{2}$/.test(made.closes) &&
        Number.isFinite(made.made),
    );
  } catch {
    return [];
  }
}

/**
 * Keep the challenge just made on this device, first in the list: a reload, or the next week's visit, finds its links
 * again (the organiser who did not copy them had nothing left to send, and a second press of the button made another
 * challenge, with other deals).
 * @param {MadeChallenge} made
 * @param {Storage} storage
 */
export function addMade(made, storage) {
  const list = [made, ...readMade(storage).filter((kept) => kept.token !== made.token)].slice(0, MADE_KEPT);
  try {
    storage.setItem(MADE_KEY, JSON.stringify(list));
  } catch {
    // Private mode or a full storage: the links are shown all the same, only not kept.
  }
}

/**
 * Deal `index` (0-based) across the standings: each member's game points and card points in it, best first.
 * @param {StandingRow[]} rows
 * @param {number} index
 */
export function dealComparison(rows, index) {
  return rows
    .map((row) => ({ name: row.name, ...row.deals[index] }))
    .sort((a, b) => b.game_points - a.game_points || b.card_points - a.card_points || a.name.localeCompare(b.name));
}

/**
 * The separator of the standings' CSV for a page in `lang`: a spreadsheet set to Serbian (Excel's list separator)
 * splits columns at `;` and reads `,` as the decimal comma; an English one splits at `,`.
 * @param {string} lang
 */
export function csvSeparator(lang) {
  return lang === "en" ? "," : ";";
}

/** The longest challenge name kept in the CSV's file name (before the day). */
const FILE_NAME_LENGTH = 40;

/**
 * The CSV's file name: the challenge's name as letters and digits joined by `-` (nothing a file system refuses),
 * then the day (`YYYY-MM-DD`), e.g. `Petak-u-klubu-2026-11-30.csv` (the game's name for a name with no letter or
 * digit).
 * @param {string} name
 * @param {string} day
 */
export function csvFileName(name, day) {
  const words = name.normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? [];
  const stem = words.join("-").slice(0, FILE_NAME_LENGTH).replace(/-$/, "") || "Otvoreni-66";
  return `${stem}-${day}.csv`;
}

/**
 * The address that downloads `csv`: UTF-8 with its byte order mark first, without which Excel reads the file in
 * the system's old code page and garbles every č, ć, đ, š, ž (and all of Cyrillic).
 * @param {string} csv
 */
export function csvDataUrl(csv) {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${csv}`)}`;
}

/**
 * How a challenge deal ended, as the member is told it (the status line, the screen reader, the challenge's end): won
 * with its game points, or lost with the computer's game points and his own card points (the standings' two
 * columns), then both players' points (the computer's were only on the table). A drawn deal is no win of the
 * computer's. A deal worth 2 or 3 game points says why, as the game page's result does (the loser under 33, or
 * without a trick): a member saw 2 where he expected 1 and was told nothing of it.
 * @param {DealScore} score  the member's, the attempt's `scores` entry of the deal
 * @param {DealResult} result  the engine's result of the deal (the member is player 0)
 */
export function challengeDealText(score, result) {
  const key = score.won ? "clubDealWon" : result.winner === null ? "clubDealDrawn" : "clubDealLost";
  const [ours, theirs] = result.scores;
  const told = t(key, { points: score.game_points, won: result.game_points, cards: score.card_points });
  const winner = result.winner;
  const why =
    winner !== null && result.reason !== "false_claim" && result.game_points > 1
      ? ` ${gamePointsReason({ ...result, winner }, [t("you"), t("computer")])}`
      : "";
  return `${told}${why} ${t("clubDealScores", { ours, theirs })}`;
}

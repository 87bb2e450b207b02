/**
 * A challenge's standings (club.html#result=r1.…, #challenge=c1.…&view=standings, #standings=s1.…): result links
 * pasted or opened, each re-played in the engine deal by deal with the progress shown, then ranked (the tie-break
 * the engine states). A refused result (forged, late, of another challenge) is listed with the reason and the line of
 * the box it is on (its place among a standings link's, whose box is hidden), the others ranked; so is a line of text
 * that holds no result link. The table exports as CSV (for a spreadsheet in the page's language: UTF-8 with its byte
 * order mark, `;` in Serbian, named after the challenge and the day) and as a standings link, which reopens it
 * read-only (every result in it verified again, deal by deal with the progress shown, a refused one listed) and
 * embeds on a club's site. An empty table offers neither. The result links pasted are kept on the device, by
 * challenge: the organiser's view of its standings opens with them again (a reload, his link followed next week).
 */

import { clubCall, refusalText } from "./club-call.js";
import {
  clubUrl,
  csvDataUrl,
  csvFileName,
  csvSeparator,
  dealComparison,
  pastedResults,
  readPasted,
  savePasted,
} from "./club-model.js";
import { wireCopy } from "./copy-field.js";
import { deviceStorage } from "./device-storage.js";
import { byId, inputById } from "./dom.js";
import { frameSnippet } from "./embed.js";
import { language, t } from "./i18n.js";
import { localDay } from "./local-day.js";
import { escapeHtml, showPanel } from "./panels.js";

/** @import { Engine } from "./engine.js" */
/** @import { EngineKeeper } from "./engine-start.js" */

/**
 * What checks the results: the engine, its keeper (a lost engine's replacement is asked again), and whether a check
 * begun since has taken over.
 * @typedef {{engine: Engine, keeper: EngineKeeper, stale: () => boolean}} Checker
 */
/** @import { Standings } from "./club-types.js" */

/**
 * Open the standings view. A standings link that cannot be read rejects (the page says why in place of the view).
 * @param {Engine} engine
 * @param {EngineKeeper} keeper  a lost engine's replacement: a check under way is asked again of the new one
 * @param {{challenge: string | null, results: string[], standings: string | null}} start  the challenge token and
 *   results to start from, or a standings token (read-only)
 * @param {(status: string, text: string) => void} setStatus
 */
export async function openStandings(engine, keeper, start, setStatus) {
  let { challenge, results } = start;
  if (start.standings) {
    // A standings link: its results are checked like pasted ones (progress, refusals), but nothing is added.
    byId("club-paste").hidden = true;
    setStatus("verifying", t("clubVerifying"));
    ({ challenge, results } = await keeper.askAgainIfLost(() =>
      clubCall(engine, "standings_read", { token: start.standings }),
    ));
  }
  byId("club-standings").hidden = false;
  byId("club-standings-title").textContent = t("clubOpenStandings"); // named after the challenge once it is known
  wireCopy(inputById("club-standings-link"), /** @type {HTMLButtonElement} */ (byId("club-standings-copy")));
  wireCopy(inputById("club-standings-snippet"), /** @type {HTMLButtonElement} */ (byId("club-standings-snippet-copy")));
  let checks = 0; // the checks begun: a check begun after another ends that one (a double click, a paste meanwhile)
  /**
   * Check and rank the results in the box, one by one; its lines without one are named among the refusals. A check
   * begun meanwhile takes over: this one lists and shows nothing more (two listed each refusal twice).
   * @param {import("./club-types.js").PastedResults} pasted  what the box holds, read
   */
  const verifyAll = async (pasted = pastedResults(inputById("club-results").value)) => {
    const check = ++checks;
    /** @type {Checker} */
    const checker = { engine, keeper, stale: () => check !== checks };
    startOver(pasted);
    const found = pasted.results;
    /** @type {string[]} */
    const accepted = [];
    for (const [index, { token, line }] of found.entries()) {
      setStatus("verifying", t("clubVerifying"));
      const itsChallenge = await verifyOne(checker, token, challenge, { position: index + 1, line }, found.length);
      if (checker.stale()) return;
      if (itsChallenge === null) continue;
      accepted.push(token);
      challenge ??= itsChallenge; // opened on a result link: the first result that proves itself names the challenge
    }
    // Opened on a result link that was refused: which challenge is unknown, so there is no table to show.
    if (!challenge)
      return setStatus(found.length ? "error" : "ready", t(found.length ? "clubNoneAccepted" : "clubPasteResults"));
    try {
      const table = await keeper.askAgainIfLost(() =>
        clubCall(engine, "standings", { challenge, results: accepted, csv_format: csvFormat() }),
      );
      if (checker.stale()) return;
      showTable(table);
      if (accepted.length) setStatus("standings", t("clubRanked", { count: table.rows.length }));
      else if (found.length) setStatus("error", t("clubNoneAccepted"));
      else setStatus("ready", t("clubPasteResults")); // nothing pasted yet: what to do, not "0 results"
    } catch (error) {
      if (!checker.stale()) setStatus("error", refusalText(error));
    }
  };
  byId("club-verify").onclick = async () => {
    const box = inputById("club-results");
    let pasted = pastedResults(box.value);
    let tokens = pasted.results.map((result) => result.token);
    if (!tokens.length) {
      startOver(pasted); // a challenge's link pasted: say so
      return setStatus("error", t("clubNoResultLink"));
    }
    // Kept before they are checked (re-playing many results takes a while): a reload meanwhile loses none.
    // Pasted on a member's result link, they are kept once the first that proves itself has named the challenge.
    const known = challenge;
    if (known) {
      // One new link pasted over the box's kept ones (select all, paste) dropped them all without a word.
      const dropped = readPasted(known, deviceStorage()).filter((token) => !tokens.includes(token));
      const keep = dropped.length ? await askToKeep(engine, dropped) : false;
      if (keep === null) return;
      if (keep) {
        box.value = [...dropped, box.value].join("\n");
        pasted = pastedResults(box.value);
        tokens = pasted.results.map((result) => result.token);
      }
      savePasted(known, tokens, deviceStorage());
    }
    await verifyAll(pasted);
    if (!known && challenge) savePasted(challenge, tokens, deviceStorage());
  };
  // The organiser's own view of a challenge's standings: the results he pasted into it before, on this device.
  if (challenge && !start.standings && !results.length) results = readPasted(challenge, deviceStorage());
  inputById("club-results").value = results.join("\n");
  await verifyAll();
  // A member's result link that the organiser opened: ranked with the results he keeps for its challenge here, and
  // kept with them (a member's device keeps none: he sees his result alone).
  const kept = start.results.length && challenge ? readPasted(challenge, deviceStorage()) : [];
  if (kept.length && !results.every((token) => kept.includes(token))) {
    const together = [...kept, ...results.filter((token) => !kept.includes(token))];
    inputById("club-results").value = together.join("\n");
    await verifyAll();
    savePasted(/** @type {string} */ (challenge), together, deviceStorage());
  }
}

/**
 * Ask whether the results kept from the last check that the box no longer holds (`dropped`) stay in the standings,
 * naming their members where their links read: true to keep them, false to leave them out, null when the panel was
 * closed (nothing is checked then).
 * @param {Engine} engine
 * @param {string[]} dropped  their tokens
 * @returns {Promise<boolean | null>}
 */
async function askToKeep(engine, dropped) {
  const names = await Promise.all(
    dropped.map((token) =>
      clubCall(engine, "result_name", { token }).then(
        ({ name }) => name,
        () => null,
      ),
    ),
  );
  const count = dropped.length;
  const named = names.filter((name) => name !== null).join(", ");
  return showPanel(/** @type {HTMLDialogElement} */ (byId("panel")), {
    title: t("clubDroppedTitle"),
    body: `<p>${escapeHtml(t(named ? "clubDroppedNamed" : "clubDropped", { count, names: named }))}</p>`,
    buttons: [
      { label: t("clubKeepDropped", { count }), value: true, primary: true, id: "club-keep-dropped" },
      { label: t("clubRemoveDropped", { count }), value: false, id: "club-remove-dropped" },
    ],
    cancelValue: null,
    describedByBody: true,
  });
}

/**
 * Re-play one result deal by deal (progress shown), then as a whole (its totals). A result of another challenge than
 * the standings' (`challenge`, when known) is refused by the engine before anything is re-played.
 * @param {Checker} checker  the engine, and whether a newer check has taken over (this one then lists nothing)
 * @param {string} token
 * @param {string | null} challenge  the standings' challenge token
 * @param {{position: number, line: number}} at  its place: 1-based among the results being checked, and the line of
 *   the box it is on
 * @param {number} count
 * @returns {Promise<string | null>} the token of the result's challenge if it proves itself; null if it is refused
 *   (it is listed with the reason)
 */
async function verifyOne({ engine, keeper, stale }, token, challenge, { position, line }, count) {
  const progress = byId("club-progress");
  const of = challenge ? { challenge } : {};
  try {
    let deals = 1;
    for (let deal = 1; deal <= deals; deal++) {
      if (stale()) return null;
      progress.textContent = t("clubProgress", { position, count, deal, deals });
      const check = await keeper.askAgainIfLost(() => clubCall(engine, "result_check", { token, deal, ...of }));
      deals = check.deals ?? deals;
    }
    const whole = await keeper.askAgainIfLost(() => clubCall(engine, "result_check", { token, ...of }));
    return whole.challenge_token ?? null;
  } catch (error) {
    const reason = refusalText(error);
    // Whose result it was, when its link still reads: the line alone is hard to find among long wrapped links.
    const { name } = await clubCall(engine, "result_name", { token }).catch(() => ({ name: null }));
    if (stale()) return null;
    // A standings link's results are not in sight (its box is hidden): they are named by their place among them.
    const byPlace = byId("club-paste").hidden;
    const key = `${byPlace ? "clubRefused" : "clubRefusedLine"}${name === null ? "" : "Of"}`;
    listRefusal(t(key, { position, line, name: name ?? "", reason }), line).dataset.refused = String(position);
    return null;
  } finally {
    if (!stale()) progress.textContent = ""; // a newer check's progress stays
  }
}

/**
 * Begin the standings again from what the box holds now: the table and refusals of what it held before go (a table
 * of other results must not linger), and its lines that add no result are named.
 * @param {import("./club-types.js").PastedResults} pasted
 */
function startOver(pasted) {
  byId("club-refused").replaceChildren();
  hideTable();
  listLineNotes(pasted);
}

/** What each kind of another page's link is called in a line's note ("Red 2: link izazova, a ne rezultat."). */
const OTHER_LINK_NAMES = {
  challenge: "clubLinkOfChallenge",
  standings: "clubLinkOfStandings",
  deal: "clubLinkOfDeal",
  game: "clubLinkOfGame",
  friend: "clubLinkOfFriend",
};

/**
 * Name, among the refusals, the box's lines that add no result: those with only words (a chat's words around the
 * links), said once, together; those with another page's link, together by its kind; those with a result already
 * pasted above, each with the line it is on (it counts once).
 * @param {import("./club-types.js").PastedResults} pasted
 */
function listLineNotes({ unread, otherLinks, repeated }) {
  if (unread.length) listRefusal(t("clubUnreadLines", { count: unread.length, lines: listed(unread) }), unread[0]);
  for (const [kind, key] of Object.entries(OTHER_LINK_NAMES)) {
    const lines = otherLinks.filter((other) => other.kind === kind).map((other) => other.line);
    if (lines.length) {
      listRefusal(t("clubOtherLinkLines", { count: lines.length, lines: listed(lines), link: t(key) }), lines[0]);
    }
  }
  for (const { line, first } of repeated) listRefusal(t("clubRepeatedLine", { line, first }), line);
}

/**
 * List `text` among the refusals, in the order of the box's lines (`line`); the item listed.
 * @param {string} text
 * @param {number} line
 */
function listRefusal(text, line) {
  const list = byId("club-refused");
  const item = document.createElement("li");
  item.dataset.line = String(line);
  item.textContent = text;
  const after = [...list.children].find((other) => Number(/** @type {HTMLElement} */ (other).dataset.line) > line);
  list.insertBefore(item, after ?? null);
  return item;
}

/**
 * How the engine writes the CSV: for a spreadsheet in the page's language (its list separator; the table's column
 * names, each deal's column numbered).
 */
function csvFormat() {
  return {
    separator: csvSeparator(language()),
    header: ["clubRank", "clubMember", "clubGamePoints", "clubDealsWon", "clubCardPoints"].map((key) => t(key)),
    deal_column: t("clubCsvDeal"),
  };
}

/** Hide the table and what goes with it, while results are checked (a table of other results must not linger). */
function hideTable() {
  for (const id of ["club-table", "club-repeated", "club-deal-pick", "club-deal-table", "club-exports"]) {
    byId(id).hidden = true;
  }
}

/**
 * Show the ranked table, the per-deal comparison, and (when it has a row) the CSV and the standings link.
 * @param {Standings} table
 */
function showTable(table) {
  byId("club-standings-title").textContent = t("clubStandingsOf", { name: table.challenge.name });
  const body = /** @type {HTMLTableSectionElement} */ (byId("club-table").querySelector("tbody"));
  body.replaceChildren(
    ...table.rows.map((row) =>
      tableRow([row.rank, row.name, row.game_points, row.deals_won, row.card_points], { member: row.name }),
    ),
  );
  byId("club-table").hidden = table.rows.length === 0;
  showRepeated(table.repeated);
  byId("club-tie-break").textContent = t("clubTieBreak");
  showComparison(table);
  const csv = /** @type {HTMLAnchorElement} */ (byId("club-csv"));
  csv.href = csvDataUrl(table.csv);
  csv.download = csvFileName(table.challenge.name, localDay());
  // In the language the organiser reads it in, as his challenge links are (club.js): the club reads it so too.
  const lang = language();
  inputById("club-standings-link").value = clubUrl("standings", table.token, location.href, { lang });
  // The same standings in a frame on the club's site, as the challenge's own snippet frames the challenge (club.js).
  const framed = new URL(clubUrl("standings", table.token, location.href, { lang, embed: true }));
  inputById("club-standings-snippet").value = frameSnippet(
    framed,
    t("clubStandingsOf", { name: table.challenge.name }),
  );
  byId("club-exports").hidden = table.rows.length === 0; // an empty table: nothing to download or to send
}

/**
 * A table row of plain text cells (numbers aligned right, under their headers, so their digits line up).
 * @param {(string | number)[]} cells
 * @param {Record<string, string>} [data]  data-* attributes
 */
function tableRow(cells, data = {}) {
  const row = document.createElement("tr");
  Object.assign(row.dataset, data);
  for (const cell of cells) {
    const td = document.createElement("td");
    td.textContent = String(cell);
    if (typeof cell === "number") td.className = "number";
    row.append(td);
  }
  return row;
}

/**
 * Say which names stand in the table more than once, and where: a member who played again on another device has
 * two valid results, and which counts is the organiser's call (with the box in sight, he is told how to make it).
 * @param {Standings["repeated"]} repeated
 */
function showRepeated(repeated) {
  const note = byId("club-repeated");
  const lines = repeated.map(({ name, ranks }) =>
    t("clubRepeated", { name, count: ranks.length, ranks: listed([...new Set(ranks)]) }),
  );
  if (lines.length && !byId("club-paste").hidden) lines.push(t("clubRepeatedAdvice"));
  note.textContent = lines.join(" ");
  note.hidden = lines.length === 0;
}

/**
 * Numbers as the page's language lists them ("1, 4 i 9", "1, 4 and 9").
 * @param {number[]} numbers
 */
function listed(numbers) {
  return new Intl.ListFormat(language(), { type: "conjunction" }).format(numbers.map(String));
}

/**
 * The per-deal comparison: pick a deal, see how each member did in it.
 * @param {Standings} table
 */
function showComparison(table) {
  const select = /** @type {HTMLSelectElement} */ (byId("club-deal-select"));
  select.replaceChildren(
    ...Array.from(
      { length: table.challenge.deals },
      (_, index) => new Option(t("clubDealOption", { number: index + 1 }), String(index)),
    ),
  );
  const draw = () => {
    const rows = dealComparison(table.rows, Number(select.value));
    const body = /** @type {HTMLTableSectionElement} */ (byId("club-deal-table").querySelector("tbody"));
    body.replaceChildren(...rows.map((row) => tableRow([row.name, row.game_points, row.card_points])));
    byId("club-deal-table").hidden = rows.length === 0;
  };
  select.onchange = draw;
  byId("club-deal-pick").hidden = table.rows.length === 0;
  draw();
}

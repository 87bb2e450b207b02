/**
 * The settings and history panels (forms over settings.js and storage.js).
 */

import { loadDealPlan, planText, saveDealPlan } from "./deal-plan.js";
import { engineText } from "./engine-text.js";
import { historyStats } from "./history-stats.js";
import { dateText, decimal, LANGUAGE_NAMES, t, unbroken } from "./i18n.js";
import { LEVEL_RATINGS } from "./level-ratings.js";
import { escapeHtml, showPanel } from "./panels.js";
import { seatNames } from "./player-names.js";
import { checkbox, checkTarget, readRules, ruleFields, rulesApart, select } from "./rule-fields.js";
import { SPEEDS } from "./settings.js";
import { linkUrl } from "./share.js";
import { announce } from "./shell.js";
import {
  clearHistory,
  currentSlot,
  deleteSave,
  listSaves,
  readEarlierMatches,
  readHistory,
  recordIsNewer,
} from "./storage.js";

/** @import { PanelDialog } from "./panels.js" */
/** @import { HistoryEntry, Settings } from "./types.js" */

/**
 * What History does with record files (record-files.js, by the engine): a finished match's record saved as a file,
 * and a record file read as its game link token (the page goes on to its replay). Each rejects with the engine's
 * error when it cannot.
 * @typedef {object} RecordFiles
 * @property {(entry: HistoryEntry & {token: string}) => Promise<void>} save
 * @property {(file: File) => Promise<string>} open
 */

/** How many finished matches History lists, the newest first (its statistics count every stored one). */
const HISTORY_ROWS = 30;

/** A level's name in the player's language (the engine's name where there is no translation). */
function levelName(/** @type {string} */ name) {
  const text = t(`level_${name}`);
  return text === `level_${name}` ? name : text;
}

/**
 * Whom the person played, as History names it: the computer's level (the engine's default level where none was
 * stored), or "two players".
 * @param {"computer" | "human"} opponent
 * @param {string | null | undefined} level
 * @param {string | null} defaultLevel
 */
function opponentName(opponent, level, defaultLevel) {
  return opponent === "human" ? t("historyHotseat") : levelName(level ?? defaultLevel ?? "");
}

/**
 * A level's name with its rating from the benchmark (web/js/level-ratings.js), when it has one: as Settings and the
 * Embed page's form offer it.
 * @param {string} name
 */
export function ratedLevelName(name) {
  const level = levelName(name);
  const rating = /** @type {Record<string, number>} */ (LEVEL_RATINGS)[name];
  return rating === undefined ? level : t("levelRated", { level, rating });
}

/**
 * The languages as `[code, name]` options, as Settings and the Embed page's form offer them.
 * @returns {[string, string][]}
 */
export function languageOptions() {
  return LANGUAGE_NAMES.map(({ code, long }) => [code, long]);
}

/**
 * The decks as `[value, text]` options, as Settings and the Embed page's form offer them.
 * @returns {[string, string][]}
 */
export function deckOptions() {
  return [
    ["french", t("deckFrench")],
    ["german", t("deckGerman")],
  ];
}

/**
 * Show the settings form. Resolves with `{settings, action}` where action is
 * "save", "new-match" or null (closed without saving).
 * @param {PanelDialog} dialog
 * @param {Settings} settings
 * @param {{list: string[], default: string | null}} levels  the engine's computer levels
 * @returns {Promise<{action: string | null, settings: Settings}>}
 */
export function showSettings(dialog, settings, levels) {
  const rules = settings.rules;
  const dealing = loadDealPlan(); // the packet plan's "always" is switched off here too, not only where it is set
  const level = settings.level ?? levels.default;
  const body = `
    <fieldset><legend>${escapeHtml(t("settingsPlay"))}</legend>
      ${select(
        "opponent",
        t("opponent"),
        [
          ["computer", t("opponentComputer")],
          ["human", t("opponentHuman")],
        ],
        settings.opponent,
      )}
      ${select(
        "level",
        t("level"),
        levels.list.map((name) => [name, ratedLevelName(name)]),
        level,
        t("levelHistoryNote"),
      )}
      ${checkbox("deal-always", t("dealAlwaysPlan", { plan: planText(dealing.plan) }), dealing.always)}
    </fieldset>
    <fieldset><legend>${escapeHtml(t("matchRules"))}</legend>
      <p class="field-note" id="match-rules-note">${escapeHtml(t("matchRulesNote"))}</p>
      ${ruleFields(rules)}
    </fieldset>
    <fieldset><legend>${escapeHtml(t("settingsLook"))}</legend>
      ${select("lang", t("language"), languageOptions(), settings.lang)}
      ${select("deck", t("deck"), deckOptions(), settings.deck)}
      ${select(
        "speed",
        t("speed"),
        Object.keys(SPEEDS).map((key) => [key, t(`speed${key[0].toUpperCase()}${key.slice(1)}`)]),
        settings.speed,
      )}
      ${checkbox("sound", t("sound"), settings.sound)}
    </fieldset>
    <p class="note">${escapeHtml(t("settingsNote"))}</p>`;
  let read = () => settings;
  let readAlways = () => dealing.always;
  let fieldsRight = () => true;
  return showPanel(dialog, {
    kind: "settings",
    startAtField: true,
    title: t("settings"),
    body,
    // Close before the long "New match with these settings": on an upright phone Save and Close share a row, and the
    // buttons take two rows of the panel, not three (140 of its 600 px).
    buttons: [
      { label: t("save"), value: "save", primary: true, id: "settings-save", check: () => fieldsRight() },
      { label: t("close"), value: null },
      { label: t("startNew"), value: "new-match", id: "settings-new-match", check: () => fieldsRight() },
    ],
    cancelValue: null,
    setup(form) {
      const fields = /** @type {Record<string, {value: string, checked: boolean}>} */ (
        /** @type {unknown} */ (form.elements)
      );
      read = () =>
        // The form offers only valid choices, so the values have the types of Settings.
        /** @type {Settings} */ ({
          ...settings,
          opponent: fields.opponent.value,
          level: fields.level.value === level ? settings.level : fields.level.value, // unchanged: still the default
          lang: fields.lang.value,
          deck: fields.deck.value,
          speed: fields.speed.value,
          sound: fields.sound.checked,
          rules: readRules(form, rules),
        });
      readAlways = () => fields["deal-always"].checked;
      fieldsRight = () => checkTarget(form, true);
      form.addEventListener("input", () => checkTarget(form));
      // The computer's level and "always deal like this" are for a match against the computer: two people sharing
      // the screen have no computer, and each deals his own (match-flow.js startDeal). Kept, greyed out, meanwhile.
      const computerOnly = ["setting-level", "setting-deal-always"].map(
        (id) => /** @type {HTMLInputElement | HTMLSelectElement} */ (form.querySelector(`#${id}`)),
      );
      const showComputerOnly = () => {
        for (const field of computerOnly) field.disabled = fields.opponent.value === "human";
      };
      form.querySelector("#setting-opponent")?.addEventListener("change", showComputerOnly);
      showComputerOnly();
    },
  }).then((action) => {
    if (action) saveDealPlan({ plan: dealing.plan, always: readAlways() });
    return { action, settings: action ? read() : settings };
  });
}

/**
 * Whether `value` is a pair of whole numbers (points read from storage, which anything may have written).
 * @param {unknown} value
 * @returns {value is [number, number]}
 */
function isIntegerPair(value) {
  return Array.isArray(value) && value.length === 2 && value.every(Number.isInteger);
}

/**
 * A saved match's game points and what it is played to, as the top bar writes them ("2 : 1 (do 7)"): the points
 * from its last public state ("–" in a save from before there was one), the target from its record's rules.
 * Storage is input like any other: a value of the wrong kind is not shown.
 * @param {import("./storage.js").SlotSave} save
 */
function savedScore(save) {
  const match = save.state?.match;
  const points = match?.game_points;
  const [a, b] = isIntegerPair(points) ? points : ["–", "–"];
  const target = Object(save.record.rules).target ?? match?.target;
  return Number.isInteger(target) ? t("gamePoints", { a, b, target }) : `${a} : ${b}`;
}

/**
 * How far a saved match has got in its deal ("deljenje 2, poeni 26 : 12"), from its last public state: matches
 * saved in the same minute at the same game points told apart. A match left between deals says which deal comes
 * next ("sledi deljenje 2"): the points of the deal it has finished are no longer in play; one under manual claim
 * says its deal alone ("deljenje 2"), its points the players' own to count. Empty before its first
 * deal and in a save from before there was a state (or one holding values of the wrong kind).
 * @param {import("./storage.js").SlotSave} save
 */
function savedProgress(save) {
  const deal = save.state?.deal;
  if (!Number.isInteger(deal?.number) || !isIntegerPair(deal?.scores)) return "";
  const phase = save.state.phase;
  if (phase === "human_deals" || phase === "computer_deals") return t("savedNextDeal", { n: deal.number + 1 });
  // Under manual claim the players count their own points (the table shows "?"): History does not count them either.
  if (Object(save.record.rules).claim === "manual") return t("savedDealOnly", { n: deal.number });
  return t("savedDeal", { n: deal.number, a: deal.scores[0], b: deal.scores[1] });
}

/**
 * The saved matches other than the one on the table, each with when it was saved (date and time), whom it is played
 * against, its score and target, how far its deal has got, Continue and Delete (a match from a newer page or one that
 * cannot be read is listed without Continue). A screen reader moving from button to button hears which match each
 * is for (the row's first three cells describe them). Its heading and table are one section, which the last Delete
 * removes (deleteOnSecondPress). Everything read from storage is escaped.
 * @param {string | null} onTable  the slot of the match on the table
 * @param {string | null} defaultLevel  the engine's default level (a save without one was played at it)
 * @param {string | null} recordFormat  the engine's record format
 */
function savedMatchesHtml(onTable, defaultLevel, recordFormat) {
  const rows = listSaves()
    .filter(({ id, reading }) => id !== onTable && !(reading.status === "ok" && reading.save.finished))
    .map(({ id, reading }, row) => {
      // A save whose record a newer page made is one only that page continues, as a save of a newer version.
      const newer =
        reading.status === "newer" || (reading.status === "ok" && recordIsNewer(reading.save, recordFormat));
      const readable = reading.status === "ok" ? reading.save : null; // told apart by its date, opponent and score
      const save = newer ? null : readable;
      const note = save ? null : t(newer ? "savedNewer" : "savedUnreadable");
      const when = readable ? [dateText(readable.savedAt, true), note].filter(Boolean).join(" · ") : (note ?? "");
      const opponent = readable ? opponentName(readable.opponent, readable.level, defaultLevel) : "";
      const score = readable ? savedScore(readable) : "";
      const progress = readable ? savedProgress(readable) : "";
      const progressLine = progress ? `<span class="saved-progress">${escapeHtml(progress)}</span>` : "";
      const slot = escapeHtml(id);
      const cell = (/** @type {number} */ n) => `saved-${row}-${n}`;
      const about = `aria-describedby="${[0, 1, 2].map(cell).join(" ")}"`;
      const resume = save
        ? `<button type="button" data-continue="${slot}" ${about}>${escapeHtml(t("continueMatch"))}</button>`
        : "";
      return `<tr><td id="${cell(0)}">${escapeHtml(when)}</td><td id="${cell(1)}">${escapeHtml(opponent)}</td><td id="${cell(2)}"><span class="score">${escapeHtml(score)}</span>${progressLine}</td><td>${resume}
        <button type="button" data-delete="${slot}" ${about}>${escapeHtml(t("deleteSave"))}</button></td></tr>`;
    });
  if (!rows.length) return "";
  return `<section class="saved-part"><h3>${escapeHtml(t("savedMatches"))}</h3><table class="history saved-matches"><tbody>${rows.join("")}</tbody></table></section>`;
}

/**
 * The result of a finished match as History's row says it: won or lost against the computer (the person is player
 * 0); between two people at one screen, the winner by the name the table gave him ("Igrač 2"). "—" for an entry
 * without a winner.
 * @param {import("./types.js").HistoryEntry} entry
 */
function verdictText(entry) {
  if (entry.winner === null) return "—";
  if (entry.opponent === "human") return t("historyWinner", { name: seatNames("human", null)[entry.winner] });
  return t(entry.winner === 0 ? "historyWon" : "historyLost");
}

/**
 * A finished match's game points as History's row shows them: "2 : 7 (do 7)", with what it was played to as the
 * top bar writes it ("2 : 5" in an entry from before the rules were kept). Under a column headed "(Vi : protivnik)"
 * that is all; where History also lists matches of two people at one screen, whom that header does not fit, the
 * column is headed "Poeni partije" alone and each row names its sides on a line under the points ("Vi : računar",
 * "Igrač 1 : Igrač 2").
 * @param {import("./types.js").HistoryEntry} entry
 * @param {boolean} sidesNamed  whether the row names its sides (the header does not)
 */
function gamePointsHtml(entry, sidesNamed) {
  const [a, b] = entry.gamePoints;
  const points = escapeHtml(entry.rules ? t("gamePoints", { a, b, target: entry.rules.target }) : `${a} : ${b}`);
  // The deals, under the points on a phone (table.css), where the column of its own does not fit.
  const deals = `<span class="history-deals">${escapeHtml(t("historyDeals", { n: entry.deals }))}</span>`;
  if (!sidesNamed) return points + deals;
  const [first, second] = seatNames(entry.opponent, null).map(unbroken);
  return `${points}<span class="history-sides">${escapeHtml(`${first} : ${second}`)}</span>${deals}`;
}

/**
 * The options a finished match was played with other than the game's defaults, as a row of their own under its row
 * (the whole table's width: a column of a phone's five is too narrow for the rules' labels), so that a player who
 * plays with different options tells his matches apart. Nothing for a match with the defaults, or an entry from
 * before the rules were kept.
 * @param {import("./types.js").HistoryEntry} entry
 */
function rulesRowHtml(entry) {
  const apart = entry.rules ? rulesApart(entry.rules) : [];
  if (!apart.length) return "";
  return `<tr class="history-rules"><td colspan="5">${escapeHtml(apart.join(" · "))}</td></tr>`;
}

/**
 * A match's replay, in this page's language; a match of History against the computer as the person's own (`you=0`: he
 * is "Vi" there, as at the table, not a stranger's "Igrač"). A match History does not hold (a record file someone
 * sent) is watched as another's.
 * @param {string} token  the match's game link token
 * @param {import("./types.js").HistoryEntry} [entry]  History's entry of the match
 */
function replayAddress(token, entry) {
  const address = new URL(linkUrl("game", token, location.href, ["lang"]));
  if (entry?.opponent === "computer") address.searchParams.set("you", "0");
  return address.href;
}

/**
 * The saved matches to continue, then the history of finished matches (statistics per level and overall, then the
 * matches, each table with headers).
 * @param {PanelDialog} dialog
 * @param {{list: string[], default: string | null}} [levels]  the engine's computer levels
 * @param {string | null} [recordFormat]  the engine's record format: a save of a newer one is not offered to continue
 * @param {RecordFiles | null} [files]  a finished match's record saved as a file, a record file opened
 * @returns {Promise<string | null>} the slot of a saved match to continue, or null
 */
export function showHistory(dialog, levels = { list: [], default: null }, recordFormat = null, files = null) {
  const history = readHistory();
  const stats = historyStats(history, levels.list, levels.default ?? "", readEarlierMatches());
  const counted = stats.reduce((sum, row) => sum + (row.group === "all" ? 0 : row.matches), 0); // "all" sums levels
  const cell = (/** @type {string | number} */ value) => `<td>${escapeHtml(value)}</td>`;
  const head = (/** @type {string[]} */ keys) =>
    `<thead><tr>${keys.map((key) => `<th scope="col">${escapeHtml(t(key))}</th>`).join("")}</tr></thead>`;
  const groupLabel = (/** @type {string} */ group) =>
    group === "all" ? t("statsAll") : group === "human" ? t("historyHotseat") : levelName(group);
  const statRows = stats
    .map(
      (row) =>
        `<tr data-group="${escapeHtml(row.group)}"><th scope="row">${escapeHtml(groupLabel(row.group))}</th>${cell(row.matches)}${cell(
          row.wins ?? "—",
        )}${cell(row.pointsPerDeal === null ? "—" : decimal(row.pointsPerDeal, 2))}</tr>`,
    )
    .join("");
  const listed = history.slice(0, HISTORY_ROWS);
  // "(Vi : protivnik)" over a match of two people at one screen was wrong: with one listed, each row names its sides.
  const sidesNamed = listed.some((entry) => entry.opponent === "human");
  const rows = listed
    .map((entry, index) => {
      const date = dateText(entry.date, true);
      const opponent = opponentName(entry.opponent, entry.level, levels.default);
      const verdict = verdictText(entry);
      // The finished match's save is gone once the next one starts: its replay link is what is left of it. Under
      // the result, as no sixth column fits a phone (nor the panel on a desktop).
      // Beside it, its record kept as a file (the page's history is this browser's alone, and can be cleared). Each
      // named by its match for a screen reader's list of links and buttons, which read "Replay, Replay, …".
      const which = { date, opponent };
      const kept = files
        ? `<button type="button" class="history-record" data-record="${index}" aria-label="${escapeHtml(t("historyRecordSave", which))}">${escapeHtml(t("historyRecord"))}</button>`
        : "";
      const replay = entry.token
        ? `<span class="history-links"><a class="history-replay" href="${escapeHtml(replayAddress(entry.token, entry))}" aria-label="${escapeHtml(t("historyReplayOf", which))}">${escapeHtml(t("historyReplay"))}</a>${kept}</span>`
        : "";
      // A win with hints and undos is told apart from one without: a line each, under the result.
      const help = [
        entry.hints ? t("historyHints", { n: entry.hints }) : "",
        entry.undos ? t("historyUndos", { n: entry.undos }) : "",
      ]
        .filter(Boolean)
        .map((text) => `<span class="history-help">${escapeHtml(text)}</span>`)
        .join("");
      return `<tr><td class="history-date">${escapeHtml(date)}</td>${cell(opponent)}<td>${escapeHtml(verdict)}${help}${replay}</td><td>${gamePointsHtml(entry, sidesNamed)}</td>${cell(entry.deals)}</tr>${rulesRowHtml(entry)}`;
    })
    .join("");
  // The statistics count more matches than the list shows: say so, or a player counting the rows finds some missing.
  const shownNote =
    counted > HISTORY_ROWS
      ? `<p class="note history-shown">${escapeHtml(t("historyShown", { shown: Math.min(HISTORY_ROWS, history.length), n: counted }))}</p>`
      : "";
  const body = history.length
    ? `<table class="stats">${head(["statsGroup", "statMatches", "statsWins", "statsPointsPerDeal"])}<tbody>${statRows}</tbody></table>
    <table class="history">${head(["historyDate", "historyOpponent", "historyResult", sidesNamed ? "historyGamePointsSides" : "historyGamePoints", "statDeals"])}<tbody>${rows}</tbody></table>${shownNote}`
    : `<p>${escapeHtml(t("historyEmpty"))}</p>`;
  // A record file opens here (kept from this History, or sent by someone, or written by the terminal front).
  const opening = files
    ? `<p class="history-files"><button type="button" id="record-open">${escapeHtml(t("recordOpen"))}</button><input type="file" id="record-file" accept=".json,application/json" hidden></p><p class="note history-files-note">${escapeHtml(t("recordNote"))}</p><p id="record-problem" class="history-record-problem" role="alert"></p>`
    : "";
  // The matches to continue come first: after up to HISTORY_ROWS finished ones, a phone showed them screens down.
  const saved = savedMatchesHtml(currentSlot(), levels.default, recordFormat);
  return showPanel(dialog, {
    kind: "history",
    startAtTitle: true,
    title: t("historyTitle"),
    body: `${saved ? `${saved}<h3 class="finished-heading">${escapeHtml(t("finishedMatches"))}</h3>${body}` : body}${opening}`,
    buttons: [
      { label: t("close"), value: null, primary: true, id: "history-close" },
      ...(history.length ? [{ label: t("clearHistory"), value: "clear" }] : []),
    ],
    cancelValue: null,
    setup: (panel, finish) => {
      panel.addEventListener("click", (event) => {
        const button = /** @type {HTMLElement} */ (event.target).closest("button");
        if (button?.dataset.continue) finish(`continue:${button.dataset.continue}`);
        if (button?.dataset.delete) deleteOnSecondPress(panel, button, button.dataset.delete);
        const entry = history[Number(button?.dataset.record)];
        if (files && entry?.token) keepRecord(panel, files, { ...entry, token: entry.token });
      });
      if (files) wireRecordOpening(panel, files, history);
    },
  }).then(async (action) => {
    if (action === "clear" && (await confirmClearHistory(dialog))) {
      clearHistory();
      announce(t("historyCleared")); // the panel is gone: a screen reader hears that the history went with it
    }
    return action?.startsWith("continue:") ? action.slice("continue:".length) : null;
  });
}

/**
 * Save a finished match's record as a file; said to a screen reader (the browser shows its download), or what went
 * wrong shown under the panel's Open button.
 * @param {HTMLFormElement} panel
 * @param {RecordFiles} files
 * @param {HistoryEntry & {token: string}} entry
 */
function keepRecord(panel, files, entry) {
  recordProblem(panel, "");
  files.save(entry).then(
    () => announce(t("recordSaved")),
    (error) => recordProblem(panel, engineText(error, "french")),
  );
}

/**
 * The Open button asks for a record file (the browser's file chooser); the one chosen is opened (the page goes on
 * to its replay: a match of `history`, kept as a file and opened again, as the person's own), or what is wrong with it
 * is shown under the button.
 * @param {HTMLFormElement} panel
 * @param {RecordFiles} files
 * @param {HistoryEntry[]} history
 */
function wireRecordOpening(panel, files, history) {
  const input = /** @type {HTMLInputElement} */ (panel.querySelector("#record-file"));
  panel.querySelector("#record-open")?.addEventListener("click", () => input.click());
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    input.value = ""; // the same file chosen again (mended meanwhile) is a change too
    if (!file) return;
    recordProblem(panel, "");
    files.open(file).then(
      (token) => {
        const kept = history.find((entry) => entry.token === token); // his own match, kept as a file
        location.assign(replayAddress(token, kept));
      },
      (error) => recordProblem(panel, engineText(error, "french")),
    );
  });
}

/**
 * Show `text` (empty: nothing) where History tells what went wrong with a record file, brought into sight: on a phone
 * on its side it came under the panel's buttons, which stay at its foot, and nothing seemed to happen.
 */
function recordProblem(/** @type {HTMLFormElement} */ panel, /** @type {string} */ text) {
  const problem = panel.querySelector("#record-problem");
  if (!problem) return;
  problem.textContent = text;
  if (text) problem.scrollIntoView({ block: "center" });
}

/**
 * A saved match goes only on a second press of its Delete button, which the first press turns into "Yes, delete":
 * one stray tap must not lose a match. Its row goes with it, and the focus (which was on the button going) moves to
 * the Delete button of the row that takes its place (the next, else the one before); with the last row go the
 * saved matches' heading and the finished matches' heading after it, as History shows it without saved matches,
 * and the focus moves to Close.
 * @param {HTMLFormElement} panel
 * @param {HTMLElement} button
 * @param {string} slot
 */
function deleteOnSecondPress(panel, button, slot) {
  if (!button.dataset.armed) {
    button.dataset.armed = "true";
    button.textContent = t("deleteSaveConfirm");
    return;
  }
  deleteSave(slot);
  const row = button.closest("tr");
  const neighbour = row?.nextElementSibling ?? row?.previousElementSibling;
  row?.remove();
  if (!neighbour) for (const part of panel.querySelectorAll(".saved-part, .finished-heading")) part.remove();
  /** @type {HTMLElement | null} */ (
    neighbour?.querySelector("[data-delete]") ?? panel.querySelector("#history-close")
  )?.focus();
}

/**
 * Whether the person really wants every finished match and its statistics gone (Enter and Escape keep them).
 * @param {PanelDialog} dialog
 * @returns {Promise<boolean>}
 */
async function confirmClearHistory(dialog) {
  const answer = await showPanel(dialog, {
    title: t("clearHistory"),
    body: `<p>${escapeHtml(t("clearHistoryConfirm"))}</p>`,
    buttons: [
      { label: t("cancel"), value: false, primary: true },
      { label: t("clearHistory"), value: true, id: "clear-history-confirm" },
    ],
    cancelValue: false,
    describedByBody: true,
  });
  return answer === true;
}

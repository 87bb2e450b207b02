/**
 * The game page: loads the engine, then runs the match loop (deal, moves, results),
 * wiring the table, the panels, the settings and the saved match together.
 *
 * Every step that talks to the engine goes through `run()`, one at a time, so a click
 * can never interleave with the computer's move.
 */

import { dealCards, dealingOrder, flyFrom, flyTo, pause, setSpeedFactor, speedFactor, turnUp } from "./animate.js";
import { cardBack, installSprite } from "./cards.js";
import { Engine, EngineError, missingSupport } from "./engine.js";
import { cardName, setLanguage, t } from "./i18n.js";
import { bindInput } from "./input.js";
import { LoadingScreen } from "./loading.js";
import {
  escapeHtml,
  showDealChoice,
  showDealResult,
  showLastTrick,
  showMarriageChoice,
  showMatchResult,
  showMessage,
  showPanel,
  showReview,
} from "./panels.js";
import { buildTable, pileSlot, playableCards, render, setStatus } from "./render.js";
import { showHistory, showSettings } from "./settings-panel.js";
import { applyOverrides, DEFAULT_RULES, loadSettings, saveSettings, SPEEDS } from "./settings.js";
import { playSound, setSoundEnabled } from "./sound.js";
import { addToHistory, clearSavedMatch, readSavedMatch, saveMatch } from "./storage.js";
import { createPageState, humansOf, namesOf, recordNamesOf, viewOf } from "./store.js";
import { registerServiceWorker } from "./sw-register.js";
import { addShareButtons, openLinkedDeal } from "./share.js";
import { hostNotifier } from "./embed.js";

/** Packet plans the computer chooses from when it deals (the engine validates every plan). */
const COMPUTER_PLANS = [[4, 4], [2, 2, 2, 2], [1, 1, 1, 1, 1, 1, 1, 1], [2, 2, 4], [4, 2, 2], [1, 1, 2, 4]];

/** Loading gives up (with Retry) when the worker reports no progress for this long. */
const LOAD_STALL_MS = 90_000;

/** Search time per move for the post-deal review (a deal has 32 moves; the page waits for all of them). */
const REVIEW_SECONDS_PER_MOVE = 0.1;

const root = document.getElementById("app");
const dialog = document.getElementById("panel");
const engine = new Engine();
const loading = new LoadingScreen(document.getElementById("loading"));
const params = new URLSearchParams(location.search);
const overrides = applyOverrides(loadSettings(), params);
const notifyHost = hostNotifier(overrides.embed); // embed mode: deal and match ends to the host page (embed.js)

const page = createPageState(overrides.settings, overrides.seed);
const humans = () => humansOf(page);
const names = () => namesOf(page);
const recordNames = () => recordNamesOf(page);
const view = () => viewOf(page);

function updateStatus() {
  const deal = page.state?.deal;
  const match = page.state?.match;
  if (!match) return;
  const who = names();
  if (page.dealResultOpen) setStatus(root, "deal-over", t("statusDealOver"));
  else if (match.is_over) setStatus(root, "match-over", t("statusMatchOver"));
  else if (deal?.result) setStatus(root, "deal-over", t("statusDealOver"));
  else if (page.busy || !deal) {
    const mover = deal ? deal.turn : match.next_dealer;
    setStatus(root, "thinking", humans()[mover] ? "…" : t("statusThinking", { name: who[mover] }));
  } else if (page.mode.opponent === "human") setStatus(root, "your-turn", t("statusTurnOf", { name: who[deal.turn] }));
  else setStatus(root, "your-turn", t("statusYourTurn"));
}

function renderAll() {
  render(root, page.state, view());
  updateStatus();
  notifyHost(page.state);
}

function announce(text) {
  const live = document.getElementById("announcer");
  live.textContent = "";
  requestAnimationFrame(() => {
    live.textContent = text;
  });
}

function setBusy(busy) {
  page.busy = busy;
  renderAll();
}

/** Texts of the page shell (menus, buttons) in the current language. */
function applyLanguage() {
  setLanguage(page.settings.lang);
  document.title = t("title");
  document.getElementById("brand-name").textContent = t("title");
  const labels = {
    "new-match-button": t("newMatch"),
    "history-button": t("history"),
    "settings-button": t("settings"),
    "hint-button": t("hint"),
    "last-trick-button": t("lastTrick"),
    "claim-button": t("claim66"),
    "retry-button": t("retry"),
  };
  document.getElementById("menu-toggle").setAttribute("aria-label", t("menu"));
  for (const [id, text] of Object.entries(labels)) document.getElementById(id).textContent = text;
  document.getElementById("claim-button").setAttribute("aria-label", t("claim66Label"));
}

/** Deck style, animation speed and sound take effect at once. */
function applyLook() {
  applyLanguage();
  setSpeedFactor(SPEEDS[page.settings.speed]);
  setSoundEnabled(page.settings.sound);
  document.body.classList.toggle("deck-german", page.settings.deck === "german");
  if (page.state) renderAll();
}

// ------------------------------------------------------------------ loading

/** Ask for build-info.json, which names the engine's files: resolves with `{url, info}`. */
async function requestBuildInfo() {
  const url = new URL("build-info.json", location.href);
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`build-info.json: HTTP ${response.status}`);
  return { url, info: await response.json() };
}

/** Load the engine; `pendingInfo` is a build-info request already under way (a Retry asks again). */
async function loadEngine(pendingInfo = null) {
  setStatus(root, "loading", t("statusLoading"));
  const loadFailed = (message) => {
    setStatus(root, "error", t("statusError"));
    loading.fail(message);
  };
  const missing = missingSupport();
  if (missing) return loadFailed(t(missing));
  try {
    loading.show(t("stepConfig"), 0.02);
    const { url: infoUrl, info } = await (pendingInfo ?? requestBuildInfo());
    let stalled = null;
    const watch = () => {
      clearTimeout(stalled);
      stalled = setTimeout(() => engine.stop(new EngineError("stalled", t("loadStalled"))), LOAD_STALL_MS);
    };
    watch();
    const version = await engine
      .start(
        { pyodideUrl: new URL(info.pyodide, infoUrl).href, wheelUrl: new URL(info.wheel, infoUrl).href },
        (step, loaded, total) => {
          watch();
          loading.progress(step, loaded, total);
        },
      )
      .finally(() => clearTimeout(stalled));
    page.levels = { list: version.levels ?? [], default: version.default_level ?? null };
    page.recordFormat = version.record_format;
    // A level the engine does not know (an old save, a mistyped ?level=) falls back to its default.
    if (!page.levels.list.includes(page.settings.level)) page.settings.level = page.levels.default;
    if (!page.levels.list.includes(page.mode.level)) page.mode.level = page.levels.default;
    page.reviewAvailable = await hasMethod("review");
    loading.show(t("stepMatch"), 0.96);
    await openMatch();
  } catch (error) {
    return loadFailed(t("loadFailed", { message: error.message }));
  }
  loading.hide();
  renderAll();
  run(advance);
}

/** Whether the engine's bridge knows `method` (an unknown one is a bad_request naming it). */
async function hasMethod(method) {
  try {
    await engine.call(method, {});
    return true;
  } catch (error) {
    return !(error.type === "bad_request" && error.message.includes("unknown method"));
  }
}

// ------------------------------------------------------------------ match, saves, history

function formatNumber(format) {
  const match = /\/(\d+)$/.exec(String(format ?? ""));
  return match ? Number(match[1]) : null;
}

/** Whether a save is the match this URL asks for (same seed and rule overrides, when given). */
function saveFitsRequest(save) {
  if (page.seed !== null && save.record.seed !== page.seed) return false;
  if (params.has("opponent") && save.opponent !== page.settings.opponent) return false;
  const rules = save.record.rules ?? {};
  return Object.keys(overrides.ruleOverrides).every((key) => rules[key] === page.settings.rules[key]);
}

/** Resume the saved match if there is a fitting one; otherwise start a new match. */
async function openMatch() {
  const linked = await openLinkedDeal(engine, recordNames()); // a "share this deal" link (share.js)
  if (linked?.problem) page.notice = linked.problem;
  if (linked?.state) {
    page.mode = { opponent: page.settings.opponent, level: page.settings.level ?? page.levels.default };
    page.state = linked.state;
    return save();
  }
  const saved = readSavedMatch();
  if (saved.status === "newer") page.notice = t("saveNewer");
  if (saved.status === "corrupt") page.notice = t("saveCorrupt", { message: saved.message });
  if (saved.status === "ok" && saveFitsRequest(saved.save)) {
    const save = saved.save;
    const newer = formatNumber(save.record.format) > formatNumber(page.recordFormat);
    if (newer) page.notice = t("saveNewer");
    else {
      try {
        page.mode = {
          opponent: save.opponent === "human" ? "human" : "computer",
          level: page.levels.list.includes(save.level) ? save.level : page.levels.default,
        };
        page.state = await engine.call("load_record", { record: save.record });
        page.historyAdded = Boolean(save.finished);
        page.lastTrick = null;
        announce(t("resumed"));
        return;
      } catch (error) {
        page.notice = t("saveCorrupt", { message: error.message });
      }
    }
  }
  if (saved.status !== "none") clearSavedMatch();
  await newMatch(page.seed);
}

async function newMatch(seed = null) {
  page.mode = { opponent: page.settings.opponent, level: page.settings.level ?? page.levels.default };
  const request = { rules: page.settings.rules, players: recordNames() };
  if (seed !== null) request.seed = seed;
  try {
    page.state = await engine.call("new_match", request);
  } catch (error) {
    if (error.type !== "invalid_rules") throw error;
    // Rule options the engine refuses (a hand-made address): say so and play by the default rules.
    page.notice = t("badRules", { message: error.message });
    page.settings = { ...page.settings, rules: { ...DEFAULT_RULES } };
    page.state = await engine.call("new_match", { ...request, rules: page.settings.rules });
  }
  page.historyAdded = false;
  page.shownResultFor = null;
  page.lastTrick = null;
  page.hint = null;
  page.shownTrick = null;
  await save();
}

async function save() {
  if (!page.state?.match) return;
  const record = await engine.call("record");
  saveMatch(record, { opponent: page.mode.opponent, level: page.mode.level, finished: page.historyAdded });
}

function recordInHistory() {
  if (page.historyAdded) return;
  const match = page.state.match;
  addToHistory({
    date: Date.now(),
    opponent: page.mode.opponent,
    level: page.mode.level,
    winner: match.winner,
    gamePoints: match.game_points,
    deals: match.deals.length,
  });
  page.historyAdded = true;
}

// ------------------------------------------------------------------ the match loop

let chain = Promise.resolve();

/** Run one engine-driven task after the ones before it; a failure is shown, never swallowed. */
function run(task) {
  chain = chain.then(task).catch(async (error) => {
    console.warn("otv66:", error);
    page.busy = false;
    setStatus(root, "error", t("statusError"));
    await showMessage(dialog, t("statusError"), error.message ?? String(error));
    renderAll();
  });
  return chain;
}

/** Play on until a person has to act (or the match is over). */
async function advance() {
  if (page.notice) {
    const notice = page.notice;
    page.notice = null;
    await showMessage(dialog, t("title"), notice);
  }
  for (;;) {
    const { match, deal } = page.state;
    if (deal?.result && page.shownResultFor !== deal.number) await dealOver();
    if (match.is_over) {
      if (!(await finishMatch())) return;
      continue;
    }
    if (!deal || deal.result) {
      await startDeal();
      continue;
    }
    if (humans()[deal.turn]) {
      if (await computerClaims(deal)) continue;
      setBusy(false);
      keepKeyboardFocus();
      return;
    }
    await computerMove();
  }
}

/** A keyboard player whose focused card has left the table continues from the first playable card. */
function keepKeyboardFocus() {
  if (!document.body.classList.contains("keyboard")) return;
  const focused = document.activeElement;
  if (focused && focused !== document.body && !focused.hidden && focused.isConnected) return;
  root.querySelector('button.card.top[aria-disabled="false"]')?.focus();
}

async function dealOver() {
  page.busy = true;
  page.dealResultOpen = true;
  renderAll();
  const deal = page.state.deal;
  if (page.mode.opponent === "computer" && deal.result.winner !== null) playSound(deal.result.winner === 0 ? "win" : "lose");
  for (;;) {
    const choice = await showDealResult(dialog, page.state, names(), { reviewAvailable: page.reviewAvailable });
    if (choice !== "review") break;
    setStatus(root, "thinking", t("reviewing"));
    const review = await engine.call("review", { deal: deal.number, seconds: REVIEW_SECONDS_PER_MOVE });
    updateStatus();
    await showReview(dialog, review, names(), page.settings.deck);
  }
  page.shownResultFor = deal.number;
  page.dealResultOpen = false;
}

/** The match is over: history, the result panel. Returns true when a rematch has started. */
async function finishMatch() {
  page.busy = true;
  recordInHistory();
  await save();
  renderAll();
  const choice = await showMatchResult(dialog, page.state, names());
  if (choice !== "rematch") return false;
  await newMatch(page.seed === null ? null : page.seed + page.state.match.deals.length);
  return true;
}

function computerPlan() {
  const number = page.state.match.deals.length;
  const index = page.seed === null ? Math.floor(Math.random() * COMPUTER_PLANS.length) : (page.seed + number) % COMPUTER_PLANS.length;
  return COMPUTER_PLANS[index];
}

async function startDeal() {
  const dealer = page.state.match.next_dealer;
  page.hint = null;
  page.lastTrick = null;
  page.shownTrick = null;
  if (humans()[dealer]) {
    page.busy = false;
    renderAll();
    const text = page.mode.opponent === "human" ? t("statusDealing", { name: names()[dealer] }) : t("dealTitle");
    setStatus(root, "your-turn", text);
    await showDealChoice(dialog, async (packets) => {
      try {
        page.state = await engine.call("new_deal", { packets });
        return null;
      } catch (error) {
        return error.message;
      }
    });
  } else {
    setBusy(true);
    setStatus(root, "thinking", t("statusDealing", { name: names()[dealer] }));
    const packets = computerPlan();
    await pause(350);
    page.state = await engine.call("new_deal", { packets });
    announce(t("dealsWith", { name: names()[dealer], plan: packets.join("-") }));
  }
  page.busy = true;
  await animateDeal();
  await save();
}

/** Cards fly from the deck to the piles in the dealing order of the packet plan (docs/rules.md 2). */
async function animateDeal() {
  const deal = page.state.deal;
  if (!speedFactor()) return renderAll();
  const keys = [0, 1].flatMap((player) => Array.from({ length: 8 }, (_, pile) => `${player}:${pile}`));
  page.undealt = new Set(keys);
  page.undealtUnder = new Set(keys);
  renderAll();
  const packets = dealingOrder(deal.dealer, deal.packets).map((packet) =>
    packet.map(({ player, pile, under }) => ({
      target: pileSlot(root, player, pile),
      reveal: () => {
        (under ? page.undealtUnder : page.undealt).delete(`${player}:${pile}`);
        renderAll();
      },
    })),
  );
  const origin = document.getElementById("deck-spot").getBoundingClientRect();
  await dealCards(document.getElementById("fly-layer"), origin, packets, cardBack());
  page.undealt = null;
  page.undealtUnder = null;
  renderAll();
}

/** Under manual claim the computer may claim 66 right after its marriage lead, before the person answers. */
async function computerClaims(deal) {
  const claimant = deal.claimant;
  if (claimant === null || claimant === deal.turn || humans()[claimant]) return false;
  const { move } = await engine.call("ai_move", { level: page.mode.level, player: claimant });
  if (move !== "66") return false;
  await playMove(move);
  return true;
}

async function computerMove() {
  setBusy(true);
  const deal = page.state.deal;
  const request = { level: page.mode.level };
  if (page.seed !== null) request.seed = page.seed * 1000 + deal.number * 64 + deal.moves.length;
  const started = performance.now();
  const { move } = await engine.call("ai_move", request);
  const thought = performance.now() - started;
  await pause(Math.max(0, 500 + Math.random() * 400 - thought)); // a natural pause, not the search time again
  await playMove(move);
}

/** The last complete trick, from the moves (two card moves a trick; claims are not cards). */
function lastTrickOf(deal) {
  if (!deal?.tricks_played) return null;
  const cards = deal.moves.filter((move) => move !== "66").map((move) => move.slice(0, 2));
  const first = 2 * (deal.tricks_played - 1);
  return { cards: cards.slice(first, first + 2), winner: deal.last_winner };
}

/** Send one move to the engine and show it: the card to the trick, a turn-up, the trick to its winner. */
async function playMove(move) {
  const before = page.state.deal;
  const player = before.turn;
  const who = names();
  page.hint = null;
  if (move === "66") {
    page.state = await engine.call("play", { move });
    announce(t("claimed", { name: who[player] }));
    renderAll();
    await save();
    return;
  }
  const code = move.slice(0, 2);
  const button = root.querySelector(`button.card.top[data-card="${code}"]`);
  const fromRect = button?.getBoundingClientRect();
  const pile = Number(button?.dataset.pile);
  const hadHidden = Boolean(before.piles[player][pile]?.hidden);
  page.state = await engine.call("play", { move });
  const after = page.state.deal;
  const completes = after.tricks_played > before.tricks_played;
  page.shownTrick = completes ? [...before.trick, { player, card: code }] : null;
  if (completes) page.lastTrick = { cards: [before.trick[0].card, code], winner: after.last_winner };
  renderAll();
  playSound("card");
  const deck = page.settings.deck;
  const marriage = after.marriages.length > before.marriages.length ? after.marriages.at(-1) : null;
  let text = marriage
    ? t("playedMarriage", { name: who[player], card: cardName(code, deck), points: marriage.points })
    : t("played", { name: who[player], card: cardName(code, deck) });
  const flights = [flyFrom(root.querySelector(`#trick [data-trick-card="${code}"]`), fromRect)];
  if (hadHidden) {
    const slot = pileSlot(root, player, pile);
    const turned = slot.querySelector(".top").dataset.card;
    if (turned) {
      text += `. ${t("turnedUp", { card: cardName(turned, deck) })}`;
      flights.push(turnUp(slot.querySelector(".face")));
    }
  }
  announce(text);
  await Promise.all(flights);
  if (completes) {
    await pause(700);
    const target = root.querySelector(`#won-${after.last_winner} .won-stack`).getBoundingClientRect();
    await Promise.all([...root.querySelectorAll("#trick .trick-card")].map((element) => flyTo(element, target)));
    page.shownTrick = null;
    renderAll();
    playSound("trick");
    announce(t("trickTo", { name: who[after.last_winner] }));
  }
  await save();
}

// ------------------------------------------------------------------ gestures

async function onCard(player, code) {
  const deal = page.state?.deal;
  if (!deal || page.busy) return;
  if (!playableCards(page.state, view()).has(code) || player !== deal.turn) {
    announce(t("notPlayable"));
    return;
  }
  const plain = deal.legal_moves.includes(code);
  const announced = deal.legal_moves.includes(`${code}m`);
  let move = plain ? code : `${code}m`;
  if (plain && announced) {
    const choice = await showMarriageChoice(dialog, code, page.settings.deck);
    if (!choice) return;
    move = choice === "announce" ? `${code}m` : code;
  }
  run(async () => {
    if (page.state.deal !== deal) return; // the position changed while the choice was open
    setBusy(true);
    await playMove(move);
    await advance();
  });
}

function undo() {
  run(async () => {
    const deal = page.state.deal;
    if (!deal || deal.result || !deal.moves.length) return;
    setBusy(true);
    do {
      page.state = await engine.call("undo");
    } while (page.state.deal.moves.length && !humans()[page.state.deal.turn]);
    page.shownTrick = null;
    page.hint = null;
    page.lastTrick = lastTrickOf(page.state.deal);
    announce(t("undone"));
    await save();
    await advance();
  });
}

function hint() {
  run(async () => {
    const deal = page.state.deal;
    if (!deal || deal.result || page.busy) return;
    const level = page.levels.list.at(-1) ?? page.levels.default;
    setBusy(true); // the strongest level searches for a moment: the table waits
    const { move } = await engine.call("ai_move", { level }).finally(() => setBusy(false));
    const deck = page.settings.deck;
    if (move === "66") {
      announce(t("hintClaim"));
      document.getElementById("claim-button").focus();
      return;
    }
    page.hint = move.slice(0, 2);
    renderAll();
    announce(t(move.endsWith("m") ? "hintMarriage" : "hintIs", { card: cardName(page.hint, deck) }));
    root.querySelector(`button.card.top[data-card="${page.hint}"]`)?.focus();
  });
}

function claim() {
  run(async () => {
    const deal = page.state.deal;
    if (!deal?.legal_moves.includes("66") || page.busy) return;
    setBusy(true);
    await playMove("66");
    await advance();
  });
}

async function openSettings() {
  const { action, settings } = await showSettings(dialog, { ...page.settings }, page.levels);
  if (!action) return;
  page.settings = settings;
  saveSettings(settings);
  if (page.mode.opponent === "computer" && settings.level) page.mode.level = settings.level;
  applyLook();
  if (action === "new-match") {
    run(async () => {
      await newMatch(null);
      await advance();
    });
  } else if (page.state) run(save);
}

/** On small screens the menu folds behind one button; choosing an item folds it again. */
function wireMenu() {
  const toggle = document.getElementById("menu-toggle");
  const menu = document.getElementById("menu");
  const setOpen = (open) => {
    toggle.setAttribute("aria-expanded", String(open));
    menu.classList.toggle("open", open);
  };
  toggle.addEventListener("click", () => setOpen(toggle.getAttribute("aria-expanded") !== "true"));
  menu.addEventListener("click", (event) => {
    if (event.target.closest("button")) setOpen(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") setOpen(false);
  });
}

function confirmNewMatch() {
  return showPanel(dialog, {
    title: t("newMatch"),
    body: `<p>${escapeHtml(t("confirmNewMatch"))}</p>`,
    buttons: [
      { label: t("newMatch"), value: true, primary: true, id: "confirm-new-match" },
      { label: t("cancel"), value: false },
    ],
    cancelValue: false,
  });
}

function wireButtons() {
  wireMenu();
  document.getElementById("retry-button").addEventListener("click", () => loadEngine());
  document.getElementById("new-match-button").addEventListener("click", async () => {
    if (!page.state) return;
    const inProgress = page.state.match && !page.state.match.is_over && page.state.match.deals.length > 0;
    if (inProgress && !(await confirmNewMatch())) return;
    run(async () => {
      await newMatch(null);
      await advance();
    });
  });
  document.getElementById("settings-button").addEventListener("click", openSettings);
  document.getElementById("history-button").addEventListener("click", () => showHistory(dialog));
  document.getElementById("hint-button").addEventListener("click", hint);
  document.getElementById("undo-button").addEventListener("click", undo);
  document.getElementById("claim-button").addEventListener("click", claim);
  document.getElementById("last-trick-button").addEventListener("click", () => {
    const deal = page.state?.deal;
    showLastTrick(dialog, page.lastTrick ?? lastTrickOf(deal), names(), page.settings.deck);
  });
}

// ------------------------------------------------------------------ start

// Asked for first, so its download overlaps drawing the table shell.
const buildInfo = requestBuildInfo();
buildInfo.catch(() => {}); // its failure is shown by loadEngine, not reported as unhandled
installSprite();
buildTable(root);
document.body.classList.toggle("embed", overrides.embed);
applyLook();
render(root, null, view());
wireButtons();
bindInput(root, { onCard });
registerServiceWorker();
addShareButtons(document.getElementById("menu"), engine, dialog, () => Boolean(page.state?.deal) && !page.busy);
loadEngine(buildInfo);

/**
 * The game page's boot: draw the table shell, load the engine, open the match, wire the buttons.
 *
 * The page's state lives in one store (store.js) whose every change redraws the table; the match is driven
 * by match-flow.js (which asks the engine what happens next), kept by persistence.js and shown by
 * table-motion.js.
 */

import { setSpeedFactor } from "./animate.js";
import { installSprite } from "./cards.js";
import { deviceStorage, isPersistent } from "./device-storage.js";
import { byId } from "./dom.js";
import { hostNotifier, reportPreferredHeight } from "./embed.js";
import { missingSupport } from "./engine.js";
import { earlyBoot, engine } from "./engine-early.js";
import { startEngine } from "./engine-start.js";
import { cardName, pageTitle, setLanguage, t } from "./i18n.js";
import { bindInput, wireSkipLink } from "./input.js";
import { Learning } from "./learn.js";
import { LoadingScreen, loadFailureText } from "./loading.js";
import { MatchFlow } from "./match-flow.js";
import { openingDeal } from "./opening-deal.js";
import { closePanel } from "./panels.js";
import { continueMatch, forgetAddressOptions, openMatch, savedTable, tabOwner } from "./persistence.js";
import { download, recordFileName, recordFileToken, recordText } from "./record-files.js";
import { buildTable, render, setStatus } from "./render.js";
import { offerRulesOnce } from "./rules-panel.js";
import {
  addressAfterChoice,
  applyOverrides,
  defaultSettings,
  loadSettings,
  SPEEDS,
  saveChosenSettings,
  setAsideUnreadableSettings,
} from "./settings.js";
import { showHistory, showSettings } from "./settings-panel.js";
import { addShareButton, labelShareButton, reloadOnPastedLink } from "./share.js";
import { announce, askToPlayHere, confirmNewMatch, labelShell, wireMenu } from "./shell.js";
import { setSoundEnabled } from "./sound.js";
import { setAsideUnreadableHistory, setStorageNamespace } from "./storage.js";
import {
  addNotice,
  clearNotes,
  createPageState,
  drawnOf,
  humansOf,
  matchUnderway,
  opponentOf,
  Store,
  statusOf,
  viewOf,
} from "./store.js";
import { registerServiceWorker } from "./sw-register.js";
import {
  afterDealAside,
  claim,
  dealResultAgain,
  hint,
  matchResultAgain,
  rematch,
  reopenDealing,
  setLevel,
  showLastTrick,
  undo,
} from "./table-actions.js";

const root = byId("app");
const loading = new LoadingScreen(byId("loading"));
const params = new URLSearchParams(location.search);
/**
 * The Embed page's live preview (embed-info.js): it plays in storage of its own, never over the player's saves, and
 * from a first visit's settings, as a club's visitors do (a frame on another site has storage of its own): with the
 * webmaster's own settings it showed a match to 3 where his snippet gives a match to 7. His settings stay as they are.
 */
const preview = params.get("preview") === "1";
if (preview) setStorageNamespace("otv66.preview.");
// Settings that do not read are kept aside (the defaults apply), and the player is told once the table is ready.
const settingsSetAside = !preview && setAsideUnreadableSettings();
const overrides = applyOverrides(preview ? defaultSettings() : loadSettings(), params);
const notifyHost = hostNotifier(overrides.embed); // embed mode: deal and match ends to the host page (embed.js)

/**
 * Whether the engine holds the page's match. Until it does the status line reads "getting ready": the engine is
 * ready a little earlier, while the match is still being opened (or put back after a Retry) under the loading box.
 */
let matchOpen = false;

const store = new Store(createPageState(overrides.settings, overrides.seed), redraw);
/** @type {import("./table-motion.js").PageContext} */
const ctx = {
  store,
  engine,
  root,
  dialog: /** @type {HTMLDialogElement} */ (byId("panel")),
  announce,
  params,
  overrides,
};
const flow = new MatchFlow(ctx);
const learning = new Learning({
  dialog: ctx.dialog,
  page: () => store.state,
  startMatch: (seed) => startNewMatch(seed),
  announce,
});

/**
 * Draw the table, the status line and tell an embedding page: after every change of the store.
 * @param {import("./store.js").PageState} page
 */
function redraw(page) {
  render(root, drawnOf(page), viewOf(page));
  const held = page.heldMove && cardName(page.heldMove.slice(0, 2), page.settings.deck, "accusative");
  const early = held ? t("statusHeldCard", { card: held }) : t("statusGettingReady");
  const status = matchOpen ? statusOf(page) : { status: "loading", text: early };
  if (status && page.game) setStatus(root, status.status, status.text);
  notifyHost(page.game);
  learning.update(page);
}

/** Texts of the page shell (menus, buttons) in the current language. */
function applyLanguage() {
  setLanguage(store.state.settings.lang);
  document.title = pageTitle();
  byId("brand-name").textContent = t("title");
  labelShell();
  labelShareButton();
  learning.relabel();
}

/** Language, deck style, animation speed and sound take effect at once. */
function applyLook() {
  const settings = store.state.settings;
  applyLanguage();
  setSpeedFactor(SPEEDS[/** @type {keyof typeof SPEEDS} */ (settings.speed)]);
  setSoundEnabled(settings.sound);
  document.body.classList.toggle("deck-german", settings.deck === "german");
  if (store.state.game) store.update(() => {});
}

/**
 * Load the engine, then open the match and play on.
 * @param {import("./engine-early.js").EarlyBoot | null} [early] the boot begun with the page (the first load only)
 * @param {boolean} [resumeOnly] the engine was lost: put the current match back, ask nothing
 */
async function loadEngine(early = null, resumeOnly = false) {
  matchOpen = false;
  setStatus(root, "loading", t("statusLoading"));
  const missing = missingSupport();
  try {
    if (missing) throw new Error(t(missing));
    const { version, reviewAvailable } = await startEngine(engine, loading, early);
    store.update((page) => {
      page.levels = { list: version.levels ?? [], default: version.default_level ?? null };
      page.packetRule = version.packets;
      page.recordFormat = version.record_format;
      page.reviewAvailable = reviewAvailable;
      // A level the engine does not know (an old save, a mistyped ?level=) falls back to its default; the address's
      // is named, as its other options the game does not take (applyOverrides).
      const level = page.settings.level;
      if (level === null || !page.levels.list.includes(level)) {
        if (level !== null && !resumeOnly && params.get("level") === level) noteRefusedOptions(page, `level=${level}`);
        page.settings = { ...page.settings, level: page.levels.default };
      }
    });
    loading.show(t("stepMatch"), 0.96);
    await openMatch(ctx, { resumeOnly, opening: resumeOnly ? null : await earlyTable });
  } catch (error) {
    await earlyTable; // drawn first, so its redraw does not cover the error
    const message = /** @type {Error} */ (error).message;
    byId("loading").classList.remove("beside");
    setStatus(root, "error", t("statusError"));
    loading.fail(missing ? message : loadFailureText(error));
    return;
  }
  loading.hide();
  matchOpen = true;
  store.update(() => {});
  engineOpened();
  flow.resumed(store.state.game);
  flow.run(() => flow.advance());
}

/** The address's options the game does not take: its values no setting takes, then a level the engine does not know. */
const refusedOptions = [...overrides.refused];

/**
 * Name the address's refused options in one notice ("target=0"): said, not silently played with the usual value. A
 * level the engine turns down once it has started (`more`) joins the notice already waiting, in its place.
 * @param {import("./store.js").PageState} page
 * @param {string} [more] one more refused option, as `name=value`
 */
function noteRefusedOptions(page, more) {
  const notice = () => t("addressOptionsRefused", { count: refusedOptions.length, options: refusedOptions.join(", ") });
  const before = refusedOptions.length ? notice() : null;
  if (more && !refusedOptions.includes(more)) refusedOptions.push(more);
  // For the webmaster trying his frame's address: the visitor's notice waits for the first panel. Before the engine
  // has started, the address's level is yet to be checked: said, so that the first line is not read as the whole list.
  const levelLater =
    !more && params.has("level") ? ` (level=${params.get("level")}: checked once the engine starts)` : "";
  console.warn(
    `otv66: address options not taken (the usual setting applies): ${refusedOptions.join(", ")}${levelLater}`,
  );
  const at = before === null ? -1 : page.notices.indexOf(before);
  if (at < 0) addNotice(page, notice());
  else page.notices = page.notices.map((text, index) => (index === at ? notice() : text));
}

/** Resolved once the engine holds the match: what is done on a table drawn before it waits for it. */
let engineOpened = () => {};

/**
 * Draw the table at once, the loading box beside it: the saved match, or on a first visit an opening deal (dealt
 * at build time, opening-deal.js). A click on it is queued behind the engine's boot (match-flow.js runs tasks in
 * order) and played when the engine has the match. Resolves to the opening deal drawn, if any (for openMatch).
 * @returns {Promise<import("./opening-deal.js").OpeningDeal | null>}
 */
async function drawEarlyTable() {
  const saved = savedTable(ctx);
  const opening = saved ? null : await openingDeal(store.state.settings, store.state.seed);
  const early = saved ?? (opening && { state: opening.state, finished: false, shownResultFor: null, dealAside: false });
  if (!early) return null;
  try {
    store.update((page) => {
      page.game = early.state;
      page.historyAdded = early.finished;
      page.shownResultFor = early.shownResultFor;
      page.dealAside = early.dealAside;
      page.busy = false; // its cards take a click, which waits for the engine
    });
  } catch (error) {
    // A save's table that does not draw (its state damaged, its record whole): the engine resumes the match from
    // the record as it would have anyway, and the table waits for it; the page must not stop at loading for good.
    console.warn("otv66: the saved table could not be drawn before the engine:", error);
    store.update((page) => {
      page.game = null;
      page.historyAdded = false;
      page.shownResultFor = null;
      page.dealAside = false;
    });
    return null;
  }
  byId("loading").classList.add("beside");
  const opened = new Promise((resolve) => {
    engineOpened = () => resolve(undefined);
  });
  flow.waitForEngine(opened);
  return opening;
}

/** The worker died or got stuck (engine.js): a new one, the match put back from its save, play on. */
engine.onLost = (/** @type {import("./engine.js").EngineError} */ error) => {
  console.warn("otv66: engine lost:", error.message);
  store.update((page) => {
    page.busy = true;
  });
  announce(t("engineRestarted"));
  loadEngine(null, true);
};

/**
 * Another tab took this tab's match: show it read-only (nothing saved, cards idle) until "Play here". A panel of the
 * match left open here (a deal's result, the match's, the dealing panel) is closed: its Next deal, Match result or
 * Rematch would deal, record in History or start a match from a tab that no longer plays it. The flow stops acting
 * (MatchFlow.advance), so "Play here" comes at once.
 */
tabOwner.onTaken = (slot) => {
  if (store.state.elsewhere) return; // asked already
  store.update((page) => {
    page.busy = true;
    page.elsewhere = true;
  });
  closePanel(ctx.dialog);
  flow.run(async () => {
    while (!(await askToPlayHere(ctx.dialog))) {
      // closed by another panel of this tab: ask again
    }
    store.update((page) => {
      page.elsewhere = false;
    });
    // The other tab's latest moves, from the save; a save the engine refuses now: the current match, or a new one.
    if (!(await continueMatch(ctx, slot))) await openMatch(ctx, { resumeOnly: true });
    await flow.advance();
  });
};

/**
 * Start a new match (from `seed`, for the guided deal) once the person agrees to leave the match in progress, if
 * there is one (it stays saved, to continue from History). Resolves whether the new match starts.
 * @param {number | null} [seed]
 * @returns {Promise<boolean>}
 */
async function startNewMatch(seed = null) {
  if (!store.state.game) return false;
  const underway = matchUnderway(store.state.game) || flow.cardOnItsWay; // a card clicked a moment ago counts
  if (underway && !(await confirmNewMatch(ctx.dialog))) return false;
  // The address's seed named the match just left, which a reload would resume (savedMatchFor finds the save the
  // address asks for) in place of the new one; its rematches no longer follow it either.
  forgetAddressOptions(ctx, ["seed"]);
  flow.restart(seed);
  return true;
}

async function openSettings() {
  const page = store.state;
  // The computer's level is the one it plays the match on the table at (a match resumed keeps its own, say one opened
  // with `?level=` in an earlier visit's address): what Settings shows, and changes at once.
  const onTable = opponentOf(page) === "computer" ? page.game?.seats?.[1].level : null;
  const shown = onTable ? { ...page.settings, level: onTable } : page.settings;
  const { action, settings } = await showSettings(ctx.dialog, { ...shown }, page.levels);
  if (!action) return;
  store.update((state) => {
    state.settings = settings;
    clearNotes(state); // written in the language (and with the cards) of before
  });
  const kept = preview || saveChosenSettings(shown, settings); // the preview's choices are for its visit only
  history.replaceState(history.state, "", addressAfterChoice(location.href, shown, settings));
  applyLook();
  // "New match" with the match under way left after all (its question's Cancel): the settings stay saved, as Save
  // would have left them, and the status line says when they apply.
  if (action === "new-match" && (await startNewMatch())) return;
  if (opponentOf(store.state) === "computer" && settings.level) setLevel(flow, settings.level);
  sayWhenSettingsApply(settings, kept);
}

/** How long "Settings saved" stays on the status line: on a phone in Cyrillic it took a second line until the next
 * move, and the table gave up its room for it. */
const SAVED_NOTE_MS = 5000;

/**
 * After Save: say that the settings are kept, and when a match under way keeps its own opponent and rules (they
 * apply from the next new match), so a changed rule that seems to do nothing is not a surprise. On the status line
 * (the plain "saved" for a few seconds, when the rules apply later until the next move), and to a screen reader.
 * A storage that refused them (full, or the site's data blocked) is said instead: "saved" was said, and a reload
 * brought back the settings of before.
 * @param {import("./page-types.js").Settings} settings
 * @param {boolean} kept  the device keeps them
 */
function sayWhenSettingsApply(settings, kept) {
  const page = store.state;
  const match = page.game?.match;
  const later =
    match &&
    !match.is_over &&
    (settings.opponent !== opponentOf(page) ||
      Object.entries(settings.rules).some(([key, value]) => value !== Object(match.rules)[key]));
  const note = t(kept ? (later ? "settingsSavedNextMatch" : "settingsSaved") : "settingsNotKept");
  store.update((state) => {
    state.moveNote = null; // of the position before the panel: the note on the settings takes its place
    state.pageNote = note;
  });
  announce(note);
  if (later) return;
  setTimeout(() => {
    if (store.state.pageNote !== note) return; // gone with a move, or another note took its place
    store.update((state) => {
      state.pageNote = null;
    });
  }, SAVED_NOTE_MS);
}

/**
 * History's record files (record-files.js): a finished match's record saved as a file, a record file opened on the
 * replay page (the match on this page is saved as it is played: it waits here for the way back).
 * @type {import("./settings-panel.js").RecordFiles}
 */
const recordFiles = {
  save: async (entry) => download(await recordText(engine, entry.token), recordFileName(entry)),
  open: (file) => recordFileToken(engine, file),
};

function wireButtons() {
  wireMenu();
  byId("retry-button").addEventListener("click", () => loadEngine());
  byId("new-match-button").addEventListener("click", () => startNewMatch());
  byId("settings-button").addEventListener("click", openSettings);
  byId("history-button").addEventListener("click", async () => {
    const { levels, recordFormat } = ctx.store.state;
    const slot = await showHistory(ctx.dialog, levels, recordFormat, recordFiles);
    if (slot) flow.openOther(async () => void (await continueMatch(ctx, slot))); // refused: the match stays
  });
  byId("rules-button").addEventListener("click", () => learning.openRules());
  byId("hint-button").addEventListener("click", () => hint(flow));
  byId("undo-button").addEventListener("click", () => undo(flow));
  byId("claim-button").addEventListener("click", () => claim(flow));
  byId("last-trick-button").addEventListener("click", () => showLastTrick(flow));
  byId("table-rematch-button").addEventListener("click", () => rematch(flow));
  byId("table-next-deal-button").addEventListener("click", () => afterDealAside(flow));
  byId("table-deal-button").addEventListener("click", () => reopenDealing(flow));
  byId("table-deal-result-button").addEventListener("click", () => dealResultAgain(flow));
  byId("table-match-result-button").addEventListener("click", () => matchResultAgain(flow));
}

// ------------------------------------------------------------------ start

installSprite();
buildTable(root);
document.body.classList.toggle("embed", overrides.embed);
// `help=0` (a club's frame for play without help): no Hint and no Undo on the table.
for (const id of ["hint-button", "undo-button"]) byId(id).hidden = !overrides.help;
reportPreferredHeight(overrides.embed, byId("table")); // embed mode: the frame height it would like, to the host
applyLook();
if (settingsSetAside) store.update((page) => addNotice(page, t("settingsUnreadable")));
// So is a history of finished matches that does not read (History would list none of them without a word).
if (setAsideUnreadableHistory()) store.update((page) => addNotice(page, t("historyUnreadable")));
// A page whose storage the browser blocks keeps the match for this visit only: the player is told before he plays.
// In a club's frame, where the game's own page is (the club's page may not say it); on that page itself, why (a
// private window, or the site's data blocked) and what keeps it.
const ownPage = `${location.origin}${location.pathname}`;
const notKept = window.top === window ? t("storageNotKeptHere") : t("storageNotKept", { address: ownPage });
if (!isPersistent()) store.update((page) => addNotice(page, notKept));
if (overrides.refused.length) store.update((page) => noteRefusedOptions(page));
render(root, null, viewOf(store.state));
const earlyTable = drawEarlyTable();
wireButtons();
bindInput(root, { onCard: (/** @type {number} */ player, /** @type {string} */ code) => flow.onCard(player, code) });
wireSkipLink(root, () => {
  const turn = store.state.game?.deal?.turn ?? null;
  return turn !== null && humansOf(store.state)[turn] ? turn : 0; // two at one screen: the one to move
});
registerServiceWorker();
reloadOnPastedLink();
addShareButton(byId("menu"), engine, ctx.dialog, () => ({
  busy: !matchOpen || store.state.busy,
  deal: store.state.game?.deal?.number ?? null,
}));
// A first visit is offered the rules in the bar under the table once the table waits for the player: after his first
// deal's packets when he deals it (offered a moment before that panel opened, the offer was gone with it, for good).
loadEngine(earlyBoot).then(() => {
  if (!overrides.embed && store.state.game)
    flow.run(async () => {
      offerRulesOnce(
        () => deviceStorage(),
        () => learning.openRules(),
        /** @type {Element} */ (root.querySelector(".controls")),
      );
    });
});

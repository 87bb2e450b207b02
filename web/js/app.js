/**
 * The game page's boot: draw the table shell, load the engine, open the match, wire the buttons.
 *
 * The page's state lives in one store (store.js) whose every change redraws the table; the match is driven
 * by match-flow.js (which asks the engine what happens next), kept by persistence.js and shown by
 * table-motion.js.
 */

import { setSpeedFactor } from "./animate.js";
import { installSprite } from "./cards.js";
import { hostNotifier } from "./embed.js";
import { Engine, missingSupport } from "./engine.js";
import { requestBuildInfo, startEngine } from "./engine-start.js";
import { setLanguage, t } from "./i18n.js";
import { bindInput } from "./input.js";
import { LoadingScreen } from "./loading.js";
import { MatchFlow } from "./match-flow.js";
import { escapeHtml, showPanel } from "./panels.js";
import { openMatch } from "./persistence.js";
import { buildTable, render, setStatus } from "./render.js";
import { applyOverrides, loadSettings, SPEEDS, saveSettings } from "./settings.js";
import { showHistory, showSettings } from "./settings-panel.js";
import { addShareButtons } from "./share.js";
import { setSoundEnabled } from "./sound.js";
import { createPageState, opponentOf, Store, statusOf, viewOf } from "./store.js";
import { registerServiceWorker } from "./sw-register.js";

/**
 * An element of the page shell (index.html), which is always there.
 * @param {string} id
 * @returns {HTMLElement}
 */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

const root = byId("app");
const engine = new Engine();
const loading = new LoadingScreen(byId("loading"));
const params = new URLSearchParams(location.search);
const overrides = applyOverrides(loadSettings(), params);
const notifyHost = hostNotifier(overrides.embed); // embed mode: deal and match ends to the host page (embed.js)

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

/**
 * Draw the table, the status line and tell an embedding page: after every change of the store.
 * @param {import("./store.js").PageState} page
 */
function redraw(page) {
  render(root, page.game, viewOf(page));
  const status = statusOf(page);
  if (status) setStatus(root, status.status, status.text);
  notifyHost(page.game);
}

/**
 * Say `text` to screen readers (the live region is emptied first, so the same words are said again).
 * @param {string} text
 */
function announce(text) {
  const live = byId("announcer");
  live.textContent = "";
  requestAnimationFrame(() => {
    live.textContent = text;
  });
}

/** Texts of the page shell (menus, buttons) in the current language. */
function applyLanguage() {
  setLanguage(store.state.settings.lang);
  document.title = t("title");
  byId("brand-name").textContent = t("title");
  /** @type {Record<string, string>} */
  const labels = {
    "new-match-button": t("newMatch"),
    "history-button": t("history"),
    "settings-button": t("settings"),
    "friend-menu-link": t("friendMenu"),
    "hint-button": t("hint"),
    "last-trick-button": t("lastTrick"),
    "claim-button": t("claim66"),
    "retry-button": t("retry"),
  };
  byId("menu-toggle").setAttribute("aria-label", t("menu"));
  for (const [id, text] of Object.entries(labels)) byId(id).textContent = text;
  byId("claim-button").setAttribute("aria-label", t("claim66Label"));
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
 * @param {Promise<import("./engine-start.js").BuildInfo> | null} [pendingInfo] a build-info request under way
 */
async function loadEngine(pendingInfo = null) {
  setStatus(root, "loading", t("statusLoading"));
  const missing = missingSupport();
  try {
    if (missing) throw new Error(t(missing));
    const { version, reviewAvailable } = await startEngine(engine, loading, pendingInfo);
    store.update((page) => {
      page.levels = { list: version.levels ?? [], default: version.default_level ?? null };
      page.recordFormat = version.record_format;
      page.reviewAvailable = reviewAvailable;
      // A level the engine does not know (an old save, a mistyped ?level=) falls back to its default.
      if (page.settings.level === null || !page.levels.list.includes(page.settings.level))
        page.settings = { ...page.settings, level: page.levels.default };
    });
    loading.show(t("stepMatch"), 0.96);
    await openMatch(ctx);
  } catch (error) {
    const message = /** @type {Error} */ (error).message;
    setStatus(root, "error", t("statusError"));
    loading.fail(missing ? message : t("loadFailed", { message }));
    return;
  }
  loading.hide();
  store.update(() => {});
  flow.run(() => flow.advance());
}

async function openSettings() {
  const page = store.state;
  const { action, settings } = await showSettings(ctx.dialog, { ...page.settings }, page.levels);
  if (!action) return;
  store.update((state) => {
    state.settings = settings;
  });
  saveSettings(settings);
  applyLook();
  if (action === "new-match") flow.restart();
  else if (opponentOf(store.state) === "computer" && settings.level) flow.setLevel(settings.level);
}

/** On small screens the menu folds behind one button; choosing an item folds it again. */
function wireMenu() {
  const toggle = byId("menu-toggle");
  const menu = byId("menu");
  /** @param {boolean} open */
  const setOpen = (open) => {
    toggle.setAttribute("aria-expanded", String(open));
    menu.classList.toggle("open", open);
  };
  toggle.addEventListener("click", () => setOpen(toggle.getAttribute("aria-expanded") !== "true"));
  menu.addEventListener("click", (event) => {
    if (/** @type {Element} */ (event.target).closest("button")) setOpen(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") setOpen(false);
  });
}

/** @returns {Promise<boolean | null>} whether the person really wants to leave the match in progress (null: the panel was closed) */
function confirmNewMatch() {
  return showPanel(ctx.dialog, {
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
  byId("retry-button").addEventListener("click", () => loadEngine());
  byId("new-match-button").addEventListener("click", async () => {
    const match = store.state.game?.match;
    if (!match) return;
    if (!match.is_over && match.deals.length > 0 && !(await confirmNewMatch())) return;
    flow.restart();
  });
  byId("settings-button").addEventListener("click", openSettings);
  byId("history-button").addEventListener("click", () => showHistory(ctx.dialog));
  byId("hint-button").addEventListener("click", () => flow.hint());
  byId("undo-button").addEventListener("click", () => flow.undo());
  byId("claim-button").addEventListener("click", () => flow.claim());
  byId("last-trick-button").addEventListener("click", () => flow.showLastTrick());
}

// ------------------------------------------------------------------ start

// Asked for first, so its download overlaps drawing the table shell.
const buildInfo = requestBuildInfo();
buildInfo.catch(() => {}); // its failure is shown by loadEngine, not reported as unhandled
installSprite();
buildTable(root);
document.body.classList.toggle("embed", overrides.embed);
applyLook();
render(root, null, viewOf(store.state));
wireButtons();
bindInput(root, { onCard: (/** @type {number} */ player, /** @type {string} */ code) => flow.onCard(player, code) });
registerServiceWorker();
addShareButtons(byId("menu"), engine, ctx.dialog, () => Boolean(store.state.game?.deal) && !store.state.busy);
loadEngine(buildInfo);

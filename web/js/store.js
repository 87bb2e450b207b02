/**
 * The page's state in one place: the engine's last answer (`state`, the bridge state) plus what
 * only the page knows (who plays, what is being shown, whether a move is in progress), and the
 * derived facts the table is drawn from. Changes go through app.js, which redraws after each.
 */

import { t } from "./i18n.js";

/** A fresh page state for these settings (`seed` fixes the match's shuffles, from `?seed=`). */
export function createPageState(settings, seed) {
  return {
    state: null, // the bridge state: {match, deal, undo_count}
    settings, // settings in force (saved ones with the URL's overrides)
    seed,
    mode: { opponent: settings.opponent, level: settings.level }, // of the match in play
    levels: { list: [], default: null }, // the engine's computer levels
    recordFormat: null,
    reviewAvailable: false,
    busy: true, // a move, a deal or loading is in progress: no card can be played
    hint: null, // the card the hint points at
    shownTrick: null, // a finished trick still shown on the table
    lastTrick: null, // {cards: [led, answer], winner}
    undealt: null, // piles whose face-up card the deal animation has not brought yet ("player:pile")
    undealtUnder: null, // piles whose face-down card it has not brought yet
    shownResultFor: null, // number of the deal whose result panel was closed
    dealResultOpen: false,
    historyAdded: false, // the finished match is in the history
    notice: null, // a message to show once the table is ready
  };
}

/** Which players are people: both in hot-seat, only player 0 against the computer. */
export function humansOf(page) {
  return page.mode.opponent === "human" ? [true, true] : [true, false];
}

function levelLabel(level) {
  const key = `level_${level}`;
  return t(key) === key ? level : t(key);
}

/** The players' names on screen, in the current language. */
export function namesOf(page) {
  if (page.mode.opponent === "human") return [t("playerN", { n: 1 }), t("playerN", { n: 2 })];
  const level = page.mode.level ?? page.levels.default;
  return [t("you"), level ? `${t("computer")} (${levelLabel(level)})` : t("computer")];
}

/** The players' names written into the record (language-neutral). */
export function recordNamesOf(page) {
  if (page.mode.opponent === "human") return ["Player 1", "Player 2"];
  return ["Player", `Computer (${page.mode.level})`];
}

/** What render.js needs besides the bridge state. */
export function viewOf(page) {
  return {
    settings: page.settings,
    humans: humansOf(page),
    names: namesOf(page),
    busy: page.busy,
    hint: page.hint,
    shownTrick: page.shownTrick,
    undealt: page.undealt,
    undealtUnder: page.undealtUnder,
    lang: page.settings.lang,
  };
}

/**
 * Which match is on the table, and keeping it: resume the saved match (or open a shared deal), start a new
 * one, save after every step, and put a finished match into the history.
 *
 * The save is the engine's record (docs/record-format.md, with the seats and the undo count in it) wrapped
 * by storage.js; the engine checks it again when it is resumed.
 */

import { engineText } from "./engine-text.js";
import { t } from "./i18n.js";
import { withoutRefusedOption } from "./rule-fallback.js";
import { openLinkedDeal } from "./share.js";
import { addToHistory, clearSavedMatch, readSavedMatch, saveMatch } from "./storage.js";
import { levelOf, opponentOf } from "./store.js";

/** @typedef {import("./table-motion.js").PageContext} PageContext */
/** @import { PlayingState, Rules, SavedMatch } from "./types.js" */

/** @type {(keyof Rules)[]} */
const RULE_KEYS = ["must_beat", "claim", "dealer", "draw_bonus", "target"];

/**
 * The number at the end of a format name ("otv66-record/1" -> 1), or null.
 * @param {unknown} format
 * @returns {number | null}
 */
function formatNumber(format) {
  const match = /\/(\d+)$/.exec(String(format ?? ""));
  return match ? Number(match[1]) : null;
}

/**
 * The seats a new match gets from the settings: `{opponent, level}` for the bridge's new_match.
 * @param {PageContext} ctx
 * @returns {{opponent: "computer" | "human", level?: string}}
 */
function seatsFromSettings(ctx) {
  const page = ctx.store.state;
  if (page.settings.opponent === "human") return { opponent: "human" };
  const level = page.settings.level ?? page.levels.default;
  return level ? { opponent: "computer", level } : { opponent: "computer" };
}

/**
 * Whether a save is the match this address asks for (same seed and rule overrides, when given).
 * @param {PageContext} ctx
 * @param {SavedMatch} candidate a save read by storage.js
 * @returns {boolean}
 */
function saveFitsRequest(ctx, candidate) {
  const page = ctx.store.state;
  if (page.seed !== null && candidate.record.seed !== page.seed) return false;
  if (ctx.params.has("opponent") && candidate.opponent !== page.settings.opponent) return false;
  const rules = candidate.record.rules;
  const saved = new Map(typeof rules === "object" && rules !== null ? Object.entries(rules) : []);
  const overridden = RULE_KEYS.filter((key) => key in ctx.overrides.ruleOverrides);
  return overridden.every((key) => saved.get(key) === page.settings.rules[key]);
}

/**
 * Resume the saved match if there is a fitting one; otherwise open a shared deal or start a new match.
 * @param {PageContext} ctx
 * @returns {Promise<void>}
 */
export async function openMatch(ctx) {
  const { store, engine } = ctx;
  /** @param {string} notice */
  const tell = (notice) =>
    store.update((page) => {
      page.notice = notice;
    });
  const linked = await openLinkedDeal(engine, seatsFromSettings(ctx)); // a "share this deal" link (share.js)
  if (linked && "problem" in linked) tell(linked.problem);
  if (linked && "state" in linked) {
    store.update((page) => {
      page.game = linked.state;
    });
    return save(ctx);
  }
  const saved = readSavedMatch();
  if (saved.status === "newer") tell(t("saveNewer"));
  if (saved.status === "corrupt") tell(t("saveCorrupt", { message: saved.message }));
  if (saved.status === "ok" && saveFitsRequest(ctx, saved.save)) {
    const kept = saved.save;
    if ((formatNumber(kept.record.format) ?? 0) > (formatNumber(store.state.recordFormat) ?? 0)) tell(t("saveNewer"));
    else {
      try {
        const levels = store.state.levels;
        const game = await engine.call("load_record", {
          record: kept.record,
          opponent: kept.opponent === "human" ? "human" : "computer",
          level: kept.level !== null && levels.list.includes(kept.level) ? kept.level : levels.default,
        });
        store.update((page) => {
          page.game = game;
          page.historyAdded = Boolean(kept.finished);
        });
        ctx.announce(t("resumed"));
        return;
      } catch (error) {
        tell(t("saveCorrupt", { message: /** @type {Error} */ (error).message }));
      }
    }
  }
  if (saved.status !== "none") clearSavedMatch();
  await newMatch(ctx, store.state.seed);
}

/**
 * Start a new match with the settings' rules and seats (`seed` fixes its shuffles and the computer's choices).
 * @param {PageContext} ctx
 * @param {number | null} [seed]
 * @returns {Promise<void>}
 */
export async function newMatch(ctx, seed = null) {
  const { store, engine } = ctx;
  /** @type {Record<string, unknown>} */
  const request = { rules: store.state.settings.rules, ...seatsFromSettings(ctx) };
  if (seed !== null) request.seed = seed;
  /** @type {PlayingState | null} */
  let game = null;
  /** @type {import("./engine.js").EngineError | null} */
  let refused = null;
  while (game === null) {
    try {
      game = await engine.call("new_match", request);
    } catch (error) {
      const failure = /** @type {import("./engine.js").EngineError} */ (error);
      if (failure.type !== "invalid_rules" || Object.keys(Object(request.rules)).length === 0) throw error;
      // A rule option the engine refuses (a hand-made address): say so; only that option takes its default.
      refused ??= failure;
      request.rules = withoutRefusedOption(
        /** @type {Record<string, unknown>} */ (request.rules),
        failure.params.option,
      );
    }
  }
  if (refused) {
    const notice = t("badRules", { message: engineText(refused, store.state.settings.deck) });
    const rules = { ...game.match.rules };
    store.update((page) => {
      page.notice = notice;
      page.settings = { ...page.settings, rules };
    });
  }
  store.update((page) => {
    page.game = game;
    page.historyAdded = false;
    page.shownResultFor = null;
    page.hint = null;
    page.shownTrick = null;
  });
  await save(ctx);
}

/**
 * Save the match in play (the engine's record, which names its seats).
 * @param {PageContext} ctx
 * @returns {Promise<void>}
 */
export async function save(ctx) {
  const page = ctx.store.state;
  if (!page.game?.match) return;
  const record = await ctx.engine.call("record");
  saveMatch(record, { opponent: record.opponent, level: record.level ?? null, finished: page.historyAdded });
}

/**
 * Put the finished match into the history, once.
 * @param {PageContext} ctx
 */
export function recordInHistory(ctx) {
  const page = ctx.store.state;
  const match = page.game?.match;
  if (page.historyAdded || !match) return;
  addToHistory({
    date: Date.now(),
    opponent: opponentOf(page),
    level: levelOf(page),
    winner: match.winner,
    gamePoints: match.game_points,
    deals: match.deals.length,
  });
  ctx.store.update((state) => {
    state.historyAdded = true;
  });
}

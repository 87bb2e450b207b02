/**
 * Which match is on the table, and keeping it: resume the saved match (or open a shared deal), start a new
 * one, save after every step, and put a finished match into the history.
 *
 * The save is the engine's record (docs/record-format.md, with the seats and the undo count in it) wrapped
 * by storage.js; the engine checks it again when it is resumed.
 */

import { isEngineLost } from "./engine.js";
import { engineText } from "./engine-text.js";
import { creditedLevel } from "./history-stats.js";
import { t } from "./i18n.js";
import { trickSaid, trumpSaid } from "./moves-said.js";
import { escapeHtml, showPanel } from "./panels.js";
import { withoutRefusedOption } from "./rule-fallback.js";
import { rulesApart } from "./rule-fields.js";
import { clearLinkFromAddress, dealLinkProblem, linkInLocation, linkToken, openLinkedDeal } from "./share.js";
import { st } from "./ship-text.js";
import {
  addToHistory,
  listSaves,
  markRefused,
  noCardPlayed,
  readSave,
  readSavedMatch,
  recordIsNewer,
  rememberTabSlot,
  saveMatch,
  startSlot,
  useSlot,
} from "./storage.js";
import { addNotice, clearNotes, levelOf, namesOf, opponentOf, youOf } from "./store.js";
import { TabOwner } from "./tab-owner.js";

/** @typedef {import("./table-motion.js").PageContext} PageContext */
/** @import { PlayingState, Rules, SavedMatch, SaveMeta } from "./types.js" */
/** @import { SlotSave } from "./storage.js" */

/** @type {(keyof Rules)[]} */
const RULE_KEYS = ["must_beat", "claim", "dealer", "draw_bonus", "target"];

/** Which match this tab plays, and whether another tab has taken it (tab-owner.js); only the owner saves. */
export const tabOwner = new TabOwner(
  typeof BroadcastChannel === "function" ? new BroadcastChannel("otv66.tabs") : null,
);

/**
 * This tab plays the match of slot `id` from now on: any other tab showing it stops (tab-owner.js), and a reload
 * of this tab resumes it.
 * @param {string} id
 */
function playHere(id) {
  tabOwner.claim(id);
  rememberTabSlot(id);
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
 * Whether a save is the match this address asks for (same seed, seats, level and rule overrides, when given).
 * @param {PageContext} ctx
 * @param {SavedMatch} candidate a save read by storage.js
 * @returns {boolean}
 */
function saveFitsRequest(ctx, candidate) {
  const page = ctx.store.state;
  if (page.seed !== null && candidate.record.seed !== page.seed) return false;
  if (ctx.params.has("opponent") && candidate.opponent !== page.settings.opponent) return false;
  const levelAsked = ctx.params.has("level") && candidate.opponent === "computer";
  if (levelAsked && candidate.level !== page.settings.level) return false;
  const rules = candidate.record.rules;
  const saved = new Map(typeof rules === "object" && rules !== null ? Object.entries(rules) : []);
  const overridden = RULE_KEYS.filter((key) => key in ctx.overrides.ruleOverrides);
  return overridden.every((key) => saved.get(key) === page.settings.rules[key]);
}

/**
 * The match this visit resumes when no link asks for another: the `current` save if it is the one the address asks
 * for, else the latest unfinished save that is (a page opened again with the options it was opened with before, as
 * a club's second embedded table with a level of its own, finds its own match again), else `current`.
 * @param {PageContext} ctx
 * @param {SlotSave} current
 * @returns {SlotSave}
 */
function savedMatchFor(ctx, current) {
  if (saveFitsRequest(ctx, current)) return current;
  for (const { reading } of listSaves()) {
    if (reading.status === "ok" && !reading.save.finished && saveFitsRequest(ctx, reading.save)) return reading.save;
  }
  return current;
}

/**
 * Take the options `keys` off the page's address (for this visit they hold as they were read): they named a match the
 * player has left, or declined, which a reload would ask for again. A `seed` goes from the page too: the next new
 * match is not dealt from it either.
 * @param {PageContext} ctx
 * @param {readonly string[]} keys
 */
export function forgetAddressOptions(ctx, keys) {
  const url = new URL(location.href);
  const named = keys.filter((key) => url.searchParams.has(key));
  if (!named.length) return;
  for (const key of named) url.searchParams.delete(key);
  history.replaceState(history.state, "", url.href);
  if (named.includes("seed"))
    ctx.store.update((page) => {
      page.seed = null;
    });
}

/**
 * The seed the match on the table was dealt from, in the address and the page, when the address names one: a rematch
 * goes on past the seed's deals played, and a reload of an address that still named the first seed asked to leave
 * the rematch for a new match from it (savedMatchFor found no save of that seed unfinished).
 * @param {PageContext} ctx
 * @param {number} seed
 */
export function followSeed(ctx, seed) {
  const url = new URL(location.href);
  if (!url.searchParams.has("seed")) return;
  url.searchParams.set("seed", String(seed));
  history.replaceState(history.state, "", url.href);
  ctx.store.update((page) => {
    page.seed = seed;
  });
}

/** The address's options that ask for a match of their own (savedMatchFor finds the save they fit). */
const MATCH_OPTIONS = ["seed", "opponent", "level", ...RULE_KEYS];

/**
 * Ask before a link or the address's options replace the match in progress (it stays saved either way). Embedded in
 * a club's page, which has no History to go back to it from, nothing is asked: the match keeps its slot, and that
 * page opened again with its own options finds it again (savedMatchFor).
 * @param {PageContext} ctx
 * @returns {Promise<boolean>} true to open what the address asks for, false to go on with the saved match
 */
async function confirmLeavingMatch(ctx, forDealLink = false) {
  if (ctx.overrides.embed) return true;
  // A deal's link says what it brings: asked only "Open another match?", the player did not know what he would get.
  const texts = forDealLink ? [t("linkOverMatchDeal"), t("linkOverMatch")] : [t("linkOverMatch")];
  const answer = await showPanel(ctx.dialog, {
    title: t("linkOverMatchTitle"),
    body: texts.map((text) => `<p>${escapeHtml(text)}</p>`).join(""),
    buttons: [
      { label: t("openLink"), value: true, primary: true, id: "open-link" },
      { label: t("keepPlaying"), value: false, id: "keep-playing" },
    ],
    cancelValue: false,
    describedByBody: true,
  });
  return answer === true;
}

/**
 * Open the match of this visit. A saved match is resumed (the latest one the address's options fit: savedMatchFor)
 * unless the address asks for another one (a deal link, or `?seed=`, `?opponent=`, rule options that no unfinished
 * save has): then the player is asked first, and the saved match keeps its slot (History's "Continue") whatever he
 * answers. A save from a newer page or one that fails to
 * load is kept untouched beside the new match, with a notice. A new match starts from `opening`'s seed and deals
 * its first deal at once, when the page drew that opening deal (opening-deal.js) while the engine booted.
 * @param {PageContext} ctx
 * @param {{resumeOnly?: boolean, opening?: import("./opening-deal.js").OpeningDeal | null}} [options]
 *   `resumeOnly`: put back the current match (the engine was restarted)
 * @returns {Promise<void>}
 */
export async function openMatch(ctx, { resumeOnly = false, opening = null } = {}) {
  const { store, engine } = ctx;
  /** @param {string} notice */
  const tell = (notice) => store.update((page) => addNotice(page, notice));
  const saved = readSavedMatch();
  if (saved.status === "newer") tell(t("saveNewer"));
  if (saved.status === "corrupt") {
    console.warn("otv66: the saved match cannot be read:", saved.message);
    tell(t("saveCorrupt", { reason: t("err_invalid_record") }));
  }
  let link = resumeOnly ? null : linkInLocation(location);
  const current = saved.status === "ok" ? saved.save : null;
  const kept = current && !link && !resumeOnly ? savedMatchFor(ctx, current) : current;
  if (kept && kept !== current) useSlot(kept.id);
  if (link?.kind === "game") return void (await openLinkedDeal(engine, seatsFromSettings(ctx))); // to the replay page
  if (link && kept && !kept.finished && saveFitsRequest(ctx, kept)) {
    // A deal link that does not open is said before anything is asked, and the match under way stays on the table.
    const problem = await dealLinkProblem(engine, link.token);
    if (problem !== null) {
      clearLinkFromAddress();
      tell(st("linkBrokenKeptText", { message: problem }));
      link = null;
    }
  }
  const asksForOther = link !== null || (kept !== null && !resumeOnly && !saveFitsRequest(ctx, kept));
  // A match in which no card was played holds nothing to leave: not asked about (as New match does not ask), and
  // its slot goes with the next match's (storage.js startSlot).
  const leave =
    asksForOther &&
    (kept === null ||
      kept.finished ||
      noCardPlayed(kept, store.state.recordFormat) ||
      (await confirmLeavingMatch(ctx, link !== null)));
  if (kept && !leave) {
    if (link) clearLinkFromAddress();
    // The options that asked for another match leave the address: a reload, or Back to it, would ask again.
    else if (asksForOther) forgetAddressOptions(ctx, MATCH_OPTIONS);
    if (await resume(ctx, kept)) return;
  } else if (link) {
    const linked = await openLinkedDeal(engine, seatsFromSettings(ctx)); // a "share this deal" link (share.js)
    if (linked && "problem" in linked) tell(linked.problem);
    if (linked && "state" in linked) {
      playHere(startSlot(undefined, store.state.recordFormat));
      store.update((page) => {
        page.game = linked.state;
        page.levelsPlayed = [];
      });
      tell(sharedDealText(store.state));
      return save(ctx);
    }
  }
  await newMatch(ctx, opening?.seed ?? store.state.seed, Boolean(opening));
}

/**
 * What a deal's link opened: the sender's cards and rules (the match's target with them, and each option other than
 * the game's defaults: a receiver found must beat out at the first card refused), and the computer at the receiver's
 * own level (a link carries no level). A receiver was dropped at a dealt table without a word.
 * @param {import("./store.js").PageState} page  with the link's match
 */
function sharedDealText(page) {
  const match = page.game?.match;
  const options = match ? rulesApart(match.rules) : [];
  const texts = [t("sharedDealOpened", { target: match?.target ?? 0 })];
  if (options.length) texts.push(t("sharedDealRules", { rules: options.join("; ") }));
  if (opponentOf(page) !== "human") texts.push(t("sharedDealLevel", { level: t(`level_${levelOf(page)}`) }));
  return texts.join(" ");
}

/**
 * The table to draw while the engine boots: the public state stored with the current match, when this visit will
 * resume it (no link, no address option asking for another match), else null. The page decides nothing from it:
 * a click on it waits for the engine, which re-checks it.
 * @param {PageContext} ctx
 * @returns {({state: any, finished: boolean} & ResultSeen) | null}  with how far the player got with the result of
 *   the finished deal on it (`resultSeenIn`)
 */
export function savedTable(ctx) {
  const saved = readSavedMatch();
  if (saved.status !== "ok" || linkInLocation(location)) return null;
  const save = savedMatchFor(ctx, saved.save); // the match openMatch will resume
  if (!save.state?.match || !saveFitsRequest(ctx, save)) return null;
  const { state, finished } = save;
  return { state, finished: Boolean(finished), ...resultSeenIn(save, state) };
}

/**
 * How far the player had got with the result of the finished deal on `state`'s table when `save` was made: put aside
 * to look at the table (it is put aside again), read and gone on from (on to the next deal's dealing: not that
 * result once more), or not yet shown (`shownResultFor` null).
 * @typedef {{shownResultFor: number | null, dealAside: boolean}} ResultSeen
 * @param {SaveMeta} save
 * @param {PlayingState | null | undefined} state
 * @returns {ResultSeen}
 */
function resultSeenIn(save, state) {
  const deal = state?.deal;
  if (deal?.result && deal.number === save.resultAside) return { shownResultFor: deal.number, dealAside: true };
  if (deal?.result && deal.number === save.resultRead) return { shownResultFor: deal.number, dealAside: false };
  return { shownResultFor: null, dealAside: false };
}

/**
 * Continue the saved match of slot `id` (History): the match on the table keeps its own slot. The status line
 * says that the table changed (another match's cards can look much like the ones before). One the engine refuses
 * leaves the match on the table where it is, and is listed as unreadable from then on (resume).
 * @param {PageContext} ctx
 * @param {string} id
 * @returns {Promise<boolean>} whether it is on the table now
 */
export async function continueMatch(ctx, id) {
  const reading = readSave(id);
  const resumed = reading.status === "ok" && (await resume(ctx, reading.save, { seen: true, continued: true }));
  if (!resumed) return false;
  useSlot(id);
  // Options that asked for another match leave the address: a reload would find that match again (savedMatchFor),
  // not this one, and without a word.
  forgetAddressOptions(ctx, MATCH_OPTIONS);
  return true;
}

/**
 * The engine's refusals of a save that a newer page may not make (rules or a record version this engine does not
 * know, from a newer page in another tab): such a save is not marked refused, only the refusal said.
 */
const NEWER_PAGES_MAY_READ = new Set(["invalid_rules", "unsupported_version"]);

/**
 * Put a saved match back into the engine; false (with a notice) if the engine refuses it: its save is kept as it is,
 * marked refused when it is damaged (History lists it as unreadable). A finished deal whose result was put aside to look at the table
 * is put aside again, one whose result was read goes on to the next deal (its result is not shown again:
 * resultSeenIn).
 * @param {PageContext} ctx
 * @param {import("./storage.js").SlotSave} save
 * @param {{seen?: boolean, continued?: boolean}} [options]  `seen`: the status line says it too (not only the screen
 *   reader); `continued`: from History, over the match on the table, which stays there if this one is refused (and
 *   whose result or dealing panel put aside is no concern of this one)
 * @returns {Promise<boolean>}
 */
async function resume(ctx, save, { seen = false, continued = false } = {}) {
  const { store, engine } = ctx;
  const refusedText = continued ? "continueRefused" : "saveCorrupt";
  if (recordIsNewer(save, store.state.recordFormat)) {
    store.update((page) => addNotice(page, t("saveNewer")));
    return false;
  }
  try {
    const levels = store.state.levels;
    const game = await engine.call("load_record", {
      record: save.record,
      opponent: save.opponent === "human" ? "human" : "computer",
      level: levels.list.includes(save.level ?? "") ? save.level : levels.default,
    });
    const played = Array.isArray(save.levelsPlayed) ? save.levelsPlayed : []; // none in saves from before
    const result = resultSeenIn(save, game);
    store.update((page) => {
      if (continued)
        Object.assign(page, { shownResultFor: null, dealAside: false, dealingAside: false, shownTrick: null });
      page.game = sameOrNew(game, page.game);
      // The notes and the hint were on the table left (a refusal, a marriage announced in the other match).
      clearNotes(page);
      page.hint = null;
      page.packetsChosen = packetsChosenIn(save, game);
      page.historyAdded = Boolean(save.finished);
      page.levelsPlayed = played.filter((level) => levels.list.includes(level));
      if (seen) page.pageNote = t("resumed");
      if (result.shownResultFor === null) return;
      page.shownResultFor = result.shownResultFor;
      page.dealAside = result.dealAside;
    });
    playHere(save.id);
    ctx.announce(t("resumed"));
    if (!game.deal?.result) {
      sayTrump(ctx, game);
      sayTrick(ctx, game);
    }
    return true;
  } catch (error) {
    const { type, message } = /** @type {{type?: string, message: string}} */ (error);
    if (!isEngineLost(error) && !NEWER_PAGES_MAY_READ.has(type ?? "")) markRefused(save.id, message);
    store.update((page) => addNotice(page, t(refusedText, { reason: engineText(error, page.settings.deck) })));
    return false;
  }
}

/**
 * The packets the person had chosen for the deal `state` waits for when `save` was made, or null (none chosen, a
 * save from before they were kept, or a state that waits for no deal of his: the save is of another moment).
 * @param {SaveMeta} save
 * @param {PlayingState} state
 * @returns {number[] | null}
 */
function packetsChosenIn(save, state) {
  const chosen = save.packetsChosen;
  const packets = Array.isArray(chosen?.packets) ? chosen.packets.filter(Number.isInteger) : [];
  const same = state.phase === "human_deals" && chosen?.deals === state.match.deals.length;
  return same && packets.length ? packets : null;
}

/**
 * The engine's state, or the one on the table when it is the same position: the table drawn before the engine was
 * ready (from the save, or an opening deal) keeps its objects, so a click made on it still counts.
 * @param {PlayingState} game the engine's answer
 * @param {PlayingState | null} shown the state on the table
 * @returns {PlayingState}
 */
function sameOrNew(game, shown) {
  return JSON.stringify(game) === JSON.stringify(shown) ? /** @type {PlayingState} */ (shown) : game;
}

/**
 * Start a new match with the settings' rules and seats (`seed` fixes its shuffles and the computer's choices), in
 * a slot of its own: the match before stays resumable. `dealFirst`: when the computer deals first, it deals at once
 * (the opening deal drawn before the engine was ready, opening-deal.js).
 * @param {PageContext} ctx
 * @param {number | null} [seed]
 * @param {boolean} [dealFirst]
 * @returns {Promise<void>}
 */
export async function newMatch(ctx, seed = null, dealFirst = false) {
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
      addNotice(page, notice);
      page.settings = { ...page.settings, rules };
    });
  }
  const dealt = dealFirst && game.phase === "computer_deals";
  if (dealt) game = await engine.call("next_deal");
  playHere(startSlot(undefined, store.state.recordFormat));
  store.update((page) => {
    page.game = sameOrNew(/** @type {PlayingState} */ (game), page.game);
    page.historyAdded = false;
    page.levelsPlayed = [];
    page.packetsChosen = null;
    page.shownResultFor = null;
    page.dealAside = false;
    page.dealingAside = false;
    page.hint = null;
    clearNotes(page);
    page.shownTrick = null;
  });
  if (dealt) sayTrump(ctx, game); // the opening deal drawn before the engine, dealt at once
  // A storage full already: this match is told too (it was never saved, and a reload would not bring it back).
  toldFull = false;
  savedThisMatch = false;
  await save(ctx);
}

/**
 * Say the trump of the deal on `state`'s table (a deal just dealt, a match resumed): the eye reads it beside the
 * trick, a card's name says it only for the dealer's last card.
 * @param {PageContext} ctx
 * @param {PlayingState} state
 */
export function sayTrump(ctx, state) {
  const trump = state.deal?.trump;
  if (trump) ctx.announce(trumpSaid(trump, ctx.store.state.settings.deck));
}

/**
 * Say the cards on the trick of the deal on `state`'s table, as they were said when played ("Računar: as herc"): a
 * match put back while a card is led shows it in the middle of the table, where the eye sees it at once.
 * @param {PageContext} ctx
 * @param {PlayingState} state
 */
function sayTrick(ctx, state) {
  const page = ctx.store.state;
  const said = state.deal ? trickSaid(state.deal, namesOf(page), youOf(page), page.settings.deck) : "";
  if (said) ctx.announce(said);
}

/** Whether the player has been told that the storage is full (once a match: a new one is told again). */
let toldFull = false;
/** Whether the match on the table has been saved since it began (a new match's first save may be refused). */
let savedThisMatch = true;

/** This tab's slot while it plays the match on its table (no other tab took it since it claimed it), else null. */
function heldSlot() {
  const slot = tabOwner.slot;
  return slot !== null && tabOwner.owns(slot) ? slot : null;
}

/**
 * Save the match in play (the engine's record, which names its seats, and `state`, the engine's last public state,
 * drawn first on the next visit, and the packets the person has chosen for the deal it waits for) into this tab's
 * slot, unless another tab has taken the match. A full storage is told to the player once.
 * @param {PageContext} ctx
 * @param {any} [state]  the state the engine just produced (the page shows it after its animation)
 * @returns {Promise<void>}
 */
export async function save(ctx, state = ctx.store.state.game) {
  const page = ctx.store.state;
  const slot = heldSlot();
  if (!page.game?.match || slot === null) return; // another tab plays this match now
  const record = await ctx.engine.call("record");
  const meta = {
    opponent: record.opponent,
    level: record.level ?? null,
    finished: page.historyAdded,
    levelsPlayed: page.levelsPlayed,
    resultAside: page.dealAside ? page.shownResultFor : null,
    resultRead: page.dealAside ? null : page.shownResultFor,
    packetsChosen:
      state?.phase === "human_deals" && page.packetsChosen
        ? { deals: state.match.deals.length, packets: page.packetsChosen }
        : null,
    state,
  };
  const saved = saveMatch(slot, record, meta);
  const unsaved = !savedThisMatch;
  if (saved) savedThisMatch = true;
  if (saved === !toldFull) return;
  // The storage refused, or takes the match again after it did (room was made): the player is told either way.
  toldFull = !saved;
  ctx.store.update((now) => addNotice(now, t(saved ? "savedAgain" : unsaved ? "saveFullNew" : "saveFull")));
}

/**
 * The computer has made a move at the level `state` names (the bridge state after its move): History credits the
 * match to the weakest level it played at.
 * @param {PageContext} ctx
 * @param {PlayingState} state
 */
export function notePlayedLevel(ctx, state) {
  const level = state.seats?.[1].level;
  if (!level || ctx.store.state.levelsPlayed.includes(level)) return;
  ctx.store.update((page) => {
    page.levelsPlayed = [...page.levelsPlayed, level];
  });
}

/**
 * Before another match takes the table (a new one, one continued from History, a rematch): a finished match the
 * history could not take yet (a full storage refused it, or another tab held the match when it ended) goes in now,
 * and its save is marked finished (it is no match to continue).
 * @param {PageContext} ctx
 * @returns {Promise<void>}
 */
export async function leaveFinishedMatch(ctx) {
  const page = ctx.store.state;
  if (!page.game?.match.is_over || page.historyAdded) return;
  await recordInHistory(ctx);
  await save(ctx);
}

/**
 * Put the finished match into the history, once, with its game link token: the match's save goes when the next
 * match starts, and the token keeps its replay (History's "Replay"). Without a token (the engine refused) the
 * match goes in all the same. Against the computer it counts for the weakest level it played at.
 * @param {PageContext} ctx
 * @returns {Promise<void>}
 */
export async function recordInHistory(ctx) {
  const page = ctx.store.state;
  const match = page.game?.match;
  if (page.historyAdded || !match || heldSlot() === null) return; // the tab that plays the match records it
  const opponent = opponentOf(page);
  const entry = {
    date: Date.now(),
    opponent,
    level: opponent === "computer" ? creditedLevel(page.levelsPlayed, page.levels.list, levelOf(page)) : levelOf(page),
    winner: match.winner,
    gamePoints: match.game_points,
    rules: match.rules,
    deals: match.deals.length,
    undos: page.game?.undo_count ?? 0,
    hints: page.game?.hint_count ?? 0,
  };
  const token = await linkToken(ctx.engine, "game").catch(() => null);
  if (ctx.store.state.historyAdded) return; // a second call got there while the engine made the token
  ctx.store.update((state) => {
    state.historyAdded = true;
  });
  if (addToHistory({ ...entry, token })) return;
  // A full storage refused the entry: the match is not marked finished, so its save stays (History lists it among the
  // saved matches; a new match's start deleted a finished one's) and it goes in when the next match starts or the
  // page opens it again, once there is room. The player is told each time: it vanished without a word. Where the
  // storage refuses the match's saves too, nothing stays among the saved matches but its last move saved: that is
  // said instead ("It stays among the saved matches" was said, and a reload brought back a deal in play).
  ctx.store.update((state) => {
    state.historyAdded = false;
    addNotice(state, t(toldFull ? "historyFullUnsaved" : "historyFull"));
  });
}

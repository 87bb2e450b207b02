/**
 * The replay page (replay.html#game=g1.…): a shared game, move by move, forward and back, both tables as they were.
 *
 * The engine reads and re-plays the link (bridge `open_link`, then `replay_view` for each position), and the
 * game page's renderer (render.js) draws the table. A link that does not read shows what is wrong (as text)
 * and the top bar's link to the game page; a deal's link goes on to the game page. Keys: ← → step, Home / End go
 * to the ends of the deal, PageUp / PageDown change deals; the position line opens the list of the deal's moves.
 */

import { askedOnce } from "./asked-once.js";
import { installSprite } from "./cards.js";
import { byId } from "./dom.js";
import { Engine, EngineError, isEngineLost } from "./engine.js";
import { EngineKeeper, startPageEngine } from "./engine-start.js";
import { engineText } from "./engine-text.js";
import { asSentences, pageTitle, setLanguage, t } from "./i18n.js";
import { focusLost } from "./input.js";
import { inVisitLanguage } from "./language-picker.js";
import { dealBeginningSaid, movesTakenBackSaid } from "./moves-said.js";
import { explainResult, marriageEndText, matchWinnerText, playedText, trickTakerText } from "./panels.js";
import { shortShownNames, shownNames } from "./player-names.js";
import { buildTable, cardTabStop, renderTable, setStatus } from "./render.js";
import { showMovesList } from "./replay-moves.js";
import { askReview, showReview } from "./review-panel.js";
import { applyOverrides, loadSettings } from "./settings.js";
import { linkInLocation, linkUrl } from "./share.js";
import { st } from "./ship-text.js";
import { readSavedMatch } from "./storage.js";
import { matchUnderway } from "./store.js";
import { registerServiceWorker } from "./sw-register.js";

/** @import { DrawnState, GameLink, Move, Player, PublicView, TableView, TrickCard } from "./types.js" */
/** @import { PanelDialog } from "./panels.js" */

/**
 * Where the replay is: the opened game, the position shown (deal `deal`, 0-based, after `ply` moves) and its state.
 * @typedef {object} ReplayPosition
 * @property {GameLink | null} game
 * @property {number} deal
 * @property {number} ply
 * @property {DrawnState | null} state
 * @property {TrickCard[] | null} shownTrick  a trick just completed, still shown
 * @property {boolean} busy  an engine request is under way
 * @property {ReplayTarget} target  where the presses so far lead: the position shown, or the one to show once the
 *   engine has read it
 */

/**
 * A position of the replay: deal `deal` (0-based) after `ply` moves.
 * @typedef {object} ReplayTarget
 * @property {number} deal
 * @property {number} ply
 */

/** A button of replay.html. */
function buttonById(/** @type {string} */ id) {
  return /** @type {HTMLButtonElement} */ (byId(id));
}

const root = byId("app");
const engine = new Engine();
/** A lost engine replaced by a new one, the game read into it again (restoreReplay). */
const keeper = new EngineKeeper(engine, loadFailed);
const dialog = /** @type {PanelDialog} */ (document.getElementById("panel"));
const settings = applyOverrides(loadSettings(), new URLSearchParams(location.search)).settings;

/** @type {ReplayPosition} */
const replay = { game: null, deal: 0, ply: 0, state: null, shownTrick: null, busy: false, target: { deal: 0, ply: 0 } };
/** The game link's token the engine read (start), read again by a new engine (restoreReplay). */
let gameToken = "";
/** Whether a new engine is booting in place of a lost one: presses meanwhile only move the target. */
let restarting = false;

/**
 * The seat of the person watching his own match, opened from his History (`?you=0`, settings-panel.js): the one who
 * played the computer (the record's "Player"), who is "Vi" there as at the table and hears the results said to him.
 * Null for a link someone sent: whoever opens it watches another's match (player-names.js).
 * @returns {Player | null}
 */
function watcherSeat() {
  const mine = new URLSearchParams(location.search).get("you") === "0";
  return mine && replay.game?.players[0] === "Player" ? 0 : null;
}

/**
 * The game's players' names in the page's language (`named`: player-names.js), the watcher's own seat "Vi".
 * @param {(players: string[]) => string[]} named
 */
function namesWith(named) {
  if (!replay.game) return ["", ""];
  const you = watcherSeat();
  return named(replay.game.players).map((name, seat) => (seat === you ? t("you") : name));
}

/**
 * What render.js needs besides the state: nobody may play, the players are the game's (in the page's language).
 * @returns {TableView}
 */
function view() {
  return {
    settings,
    humans: [false, false],
    names: namesWith(shownNames),
    shortNames: namesWith(shortShownNames),
    busy: true,
    hint: null,
    shownTrick: replay.shownTrick,
    undealt: null,
    undealtUnder: null,
    scoresOpen: true, // a manual claim's hidden count is what a replay studies: when could 66 have been claimed?
  };
}

/** Game points before deal `index` (what the score showed while it was played). */
function pointsBefore(/** @type {number} */ index) {
  const deals = /** @type {GameLink} */ (replay.game).deals;
  return [0, 1].map((p) => deals.slice(0, index).reduce((sum, d) => sum + d.awarded[p], 0));
}

/** The draw bonus waiting before deal `index` (what the score showed beside the target while it was played). */
function bonusBefore(/** @type {number} */ index) {
  return index > 0 ? /** @type {GameLink} */ (replay.game).deals[index - 1].bonus_after : 0;
}

function labelControls() {
  const labels = {
    "replay-prev-deal": st("replayPrevDeal"),
    "replay-start": st("replayStart"),
    "replay-back": st("replayBack"),
    "replay-forward": st("replayForward"),
    "replay-end": st("replayEnd"),
    "replay-next-deal": st("replayNextDeal"),
    "replay-review": t("review"),
    "new-game-link": wayBackLabel(),
  };
  for (const [id, text] of Object.entries(labels)) byId(id).textContent = text;
  // Back in the language the replay was opened in (History opens it so): a device that never saved one in Settings
  // would show the game in the browser's.
  byId("new-game-link").setAttribute("href", inVisitLanguage("index.html", location.search));
}

/**
 * The top bar's link to the game page, named for what that page shows, opened bare: it resumes the current save
 * (persistence.js `openMatch`), and a new match replaces one under way only with the player's word, given there. So
 * "My match" where that save holds one under way (History's replay opened in the middle of a match leads back to it)
 * or finished (its end, with its Rematch); "New match" where the page starts one (or resumes one only dealt).
 */
function wayBackLabel() {
  const saved = readSavedMatch();
  if (saved.status !== "ok") return st("newGame");
  const { state } = saved.save; // none in saves from before it was kept
  return !state || state.match?.is_over || matchUnderway(state) ? st("replayMyMatch") : st("newGame");
}

/**
 * The move that led to the position shown, in words, as the game page says it (table-motion.js): who played which
 * card (leading a marriage), and who took the trick it completed. The position line says only "Move 2 of 21": a
 * screen reader stepping through the match hears the moves from the announcer. A claim of 66 is told by the deal's
 * result (the summary).
 * @param {PublicView} dealView  the deal after the move
 * @param {Move} move
 * @param {TrickCard[] | null} shownTrick  the trick the move completed, if it did
 * @param {string[]} names
 */
function moveSaid(dealView, move, shownTrick, names) {
  const played = move === "66" ? undefined : (shownTrick ?? dealView.trick).at(-1);
  if (!played) return "";
  const marriage = move.endsWith("m") ? dealView.marriages.at(-1) : undefined;
  const lines = [playedText(names[played.player], played.card, settings.deck, marriage)];
  if (shownTrick && dealView.last_winner !== null)
    lines.push(trickTakerText(dealView.last_winner, names, watcherSeat()));
  return asSentences(lines);
}

/** The table after `ply` moves of deal `index`; a trick just completed stays shown, as it was at the table. */
async function show(/** @type {number} */ index, /** @type {number} */ ply) {
  const game = /** @type {GameLink} */ (replay.game);
  const deals = game.deals;
  const moves = deals[index].moves;
  const { view: dealView } = await engine.call("replay_view", { deal: index, ply });
  /** @type {TrickCard[] | null} */
  let shownTrick = null;
  if (ply > 0 && moves[ply - 1] !== "66" && dealView.trick.length === 0) {
    const { view: before } = await engine.call("replay_view", { deal: index, ply: ply - 1 });
    if (before.trick.length === 1)
      shownTrick = [...before.trick, { player: /** @type {Player} */ (before.turn), card: moves[ply - 1].slice(0, 2) }];
  }
  // What the table showed before: a step back is said as the move taken back.
  const before = replay.state?.deal;
  const back = before && replay.deal === index && replay.ply === ply + 1 ? before : null;
  // The deal's end, once it is shown: its result, or the player who gave it up after these moves.
  const result = ply === moves.length ? deals[index].result : null;
  const resigned = ply === moves.length ? deals[index].resigned : null;
  const finished = Boolean(result) || resigned !== null;
  const points = pointsBefore(index + (finished ? 1 : 0));
  replay.deal = index;
  replay.ply = ply;
  replay.shownTrick = shownTrick;
  replay.state = {
    // The shape of the bridge's `state` (what render.js draws), as it was at this point of the game.
    match: {
      players: game.players,
      rules: game.rules,
      game_points: points,
      target: game.rules.target,
      draw_bonus_pending: bonusBefore(index + (finished ? 1 : 0)),
      winner: null,
      is_over: false,
      deals: deals.slice(0, index + 1),
    },
    deal: { ...dealView, number: index + 1 },
    undo_count: 0,
    can_undo: false,
  };
  const shown = view();
  const piles = document.activeElement?.closest(".piles");
  renderTable(root, replay.state, shown);
  if (piles) keepFocusOnTable(piles);
  const position = byId("replay-position");
  position.dataset.deal = String(index);
  position.dataset.ply = String(ply);
  const where = [
    st("replayDeal", { n: index + 1, total: deals.length }),
    st("replayMove", { n: ply, total: moves.length }),
  ];
  const list = byId("replay-moves");
  list.replaceChildren(phrase(where[0]), " · ", phrase(where[1]));
  list.setAttribute("aria-label", `${where.join(" · ")}: ${st("replayMovesList")}`);
  // Said of the players, to none of them, unless he watches his own match (watcherSeat): whoever opened a link
  // watches the match (player-names.js), and a name typed "Vi" or "You" is a player's, not the watcher's.
  const { awarded, bonus_after: bonusAfter } = deals[index];
  const you = watcherSeat();
  const lines = result
    ? explainResult(result, shown.names, awarded[result.winner ?? 0], you, bonusAfter)
    : resigned !== null
      ? resignedLines(index, resigned, shown.names)
      : [];
  const marriageEnd = result
    ? marriageEndText({ ...dealView, moves: moves.slice(0, ply), result }, settings.deck)
    : null;
  if (marriageEnd) lines.splice(2, 0, marriageEnd);
  // The match's end, after its last deal's: who won it, with the game points.
  if (finished && index === deals.length - 1 && game.winner !== null)
    lines.push(matchWinnerText(game, shown.names, you));
  byId("replay-summary").textContent = asSentences(lines);
  byId("announcer").textContent = said(index, ply, back, shown.names, shownTrick);
  setStatus(root, "replay", `${st("replayTitle")}: ${shown.names.join(" – ")}`);
}

/**
 * What a screen reader hears of the position just shown (deal `index` after `ply` moves), as a sighted watcher sees
 * the table change: a step back, the move taken back ("Vraćeno: Igrač 2: devetka tref"); a deal's start, its number
 * and trump; else the move that led here (moveSaid).
 * @param {number} index
 * @param {number} ply
 * @param {PublicView & {number: number} | null} back  the table shown before, when this is one move back from it
 * @param {string[]} names
 * @param {TrickCard[] | null} shownTrick
 */
function said(index, ply, back, names, shownTrick) {
  const shown = /** @type {PublicView & {number: number}} */ (replay.state?.deal);
  const saidView = (/** @type {PublicView & {number: number}} */ view) => ({ ...view, last_trick: null });
  if (back) return movesTakenBackSaid(saidView(back), saidView(shown), names, settings.deck);
  if (ply === 0) return dealBeginningSaid(saidView(shown), index + 1, names, watcherSeat(), settings.deck);
  return moveSaid(shown, /** @type {GameLink} */ (replay.game).deals[index].moves[ply - 1], shownTrick, names);
}

/**
 * How deal `index` ended when `resigned` gave it up (docs/rules.md 6.5): what the other player won, and the draw bonus
 * carried into it, as a played-out deal's summary says it.
 * @param {number} index
 * @param {Player} resigned
 * @param {string[]} names
 */
function resignedLines(index, resigned, names) {
  const winner = 1 - resigned;
  const awarded = /** @type {GameLink} */ (replay.game).deals[index].awarded[winner];
  const bonus = bonusBefore(index);
  const lines = [st("replayResigned", { name: names[resigned], winner: names[winner], points: awarded - bonus })];
  if (bonus > 0) lines.push(t("drawBonus", { extra: bonus, award: awarded }));
  return lines;
}

/** A phrase of the position line, kept on one line ("Potez 26 od 26", not "Potez 26" over "od 26"). */
function phrase(/** @type {string} */ text) {
  const span = document.createElement("span");
  span.className = "replay-phrase";
  span.textContent = text;
  return span;
}

/**
 * Keep a keyboard player who looks at a player's cards among them: the card he had focused, played from a pile with
 * no card under it (or gone with the next deal's), leaves the focus with the page's body, where a screen reader loses
 * its place and Tab starts again from the top. It goes to the cards' Tab stop (render.js), or if none is left to
 * the controls, as keepFocus does.
 * @param {Element} piles  the player's piles that held the focus before the table was drawn
 */
function keepFocusOnTable(piles) {
  if (!focusLost()) return;
  (cardTabStop(piles) ?? wayOn(["replay-forward", "replay-next-deal", "replay-back"]))?.focus();
}

/**
 * The first of these buttons that goes somewhere.
 * @param {string[]} ids
 */
function wayOn(ids) {
  return ids.map(buttonById).find((button) => !button.disabled);
}

/**
 * The buttons for where the presses lead (the target, which the table shows once the engine has read it): those
 * that would go nowhere from there are disabled, at the press, so that the next press (a click or an Enter) is
 * made from there too, as if the table were already shown.
 * @param {ReplayTarget} target
 */
function updateControls({ deal, ply }) {
  const deals = /** @type {GameLink} */ (replay.game).deals;
  const focused = document.activeElement;
  buttonById("replay-prev-deal").disabled = deal === 0;
  buttonById("replay-next-deal").disabled = deal === deals.length - 1;
  buttonById("replay-start").disabled = buttonById("replay-back").disabled = ply === 0;
  const atEnd = ply === deals[deal].moves.length;
  buttonById("replay-end").disabled = buttonById("replay-forward").disabled = atEnd;
  // At a deal's end Forward goes nowhere: the deal's review takes its place.
  buttonById("replay-forward").hidden = atEnd;
  buttonById("replay-review").hidden = !atEnd;
  keepFocus(focused);
}

/** The reviews of this visit, by deal: a review's searches are timed, so a second look would give other numbers. */
const reviewOf = askedOnce((/** @type {number} */ deal) => askReview(engine, deal, true));
/** The moves of each deal (bridge `replay_moves`), by deal number. */
const movesOf = askedOnce((/** @type {number} */ deal) =>
  engine.call("replay_moves", { deal }).then((answer) => answer.moves),
);

/**
 * The list of the moves of the deal shown (replay-moves.js), from the position line: the position chosen in it is
 * shown, the focus back on the line. A deal played out can be played again from it: its deal link, on the game page
 * (which keeps the match in play for History, asking first), the same cards in the same places, against the computer.
 */
async function showMoves() {
  const { deal } = replay.target;
  try {
    const moves = await movesOf(deal);
    const shown = view();
    const { names, shortNames = names } = shown;
    const link = /** @type {GameLink} */ (replay.game).deals[deal].deal_token;
    const you = watcherSeat();
    const at = { deal, shown: replay.target.ply, playable: link !== null, names, shortNames, you, deck: settings.deck };
    const chosen = await showMovesList(dialog, moves, at);
    if (chosen === "play" && link !== null) location.assign(linkUrl("deal", link, location.href, ["lang"]));
    else if (typeof chosen === "number") go(deal, chosen);
  } catch (error) {
    byId("replay-summary").textContent = engineText(error, settings.deck);
  }
}

/** Whether a review is being asked for (showDealReview). */
let reviewing = false;

/**
 * The engine's review of the deal shown (its moves rated, the table at each with every choice rated), in the game
 * page's review panel: a deal of a match finished long ago, or of someone else's, studied as one just played.
 */
async function showDealReview() {
  if (reviewing) return; // pressed again while the engine reviews: one review
  reviewing = true;
  const deal = replay.target.deal; // the deal whose end the button stands at (shown, or being read to be shown)
  const button = buttonById("replay-review");
  button.setAttribute("aria-busy", "true"); // not disabled: the focus stays on it, never on the page's body
  setStatus(root, "thinking", t("reviewing"));
  byId("announcer").textContent = t("reviewing"); // the status line is not read aloud; a review takes seconds
  try {
    const { review, positionAt } = await reviewOf(deal);
    const shown = view();
    await showReview(dialog, review, deal + 1, shown.names, settings.deck, positionAt, shown.shortNames);
  } catch (error) {
    byId("replay-summary").textContent = engineText(error, settings.deck);
  } finally {
    reviewing = false;
    button.removeAttribute("aria-busy");
    if (!restarting) setStatus(root, "replay", `${st("replayTitle")}: ${view().names.join(" – ")}`);
    if (!button.hidden) button.focus();
  }
}

/**
 * Keep a keyboard player on the controls: the button he pressed, disabled by where it led (Forward or End at a
 * deal's end, Back or Start at its start, a deal button at the first or last deal), hands the focus to the one that
 * goes on from there: Next deal (else Back) at a deal's end, Forward elsewhere. His next Enter would otherwise fall
 * on the page's body and do nothing.
 * @param {Element | null} focused  what had the focus before the buttons were updated
 */
function keepFocus(focused) {
  if (!(focused instanceof HTMLButtonElement) || !focused.closest("#replay-controls")) return;
  // Review, gone from a deal's end (a key led back into the deal): Forward is in its place again.
  if (focused.id === "replay-review" && focused.hidden) return buttonById("replay-forward").focus();
  if (!focused.disabled) return;
  const atEnd = focused.id === "replay-forward" || focused.id === "replay-end";
  wayOn(atEnd ? ["replay-next-deal", "replay-back"] : ["replay-forward", "replay-back"])?.focus();
}

/**
 * Go to a position (clamped to the game): it becomes the target, and the buttons follow it at once. The engine reads
 * one position at a time; a press made meanwhile only moves the target, and the load under way goes on to the
 * latest target when it is done. So no press is lost (Forward twice is two moves, End right after Next deal the end
 * of the next deal), and a held-down key does not queue up a position per repeat.
 */
async function go(/** @type {number} */ index, /** @type {number} */ ply) {
  if (!replay.game) return;
  const deals = replay.game.deals;
  const deal = Math.max(0, Math.min(deals.length - 1, index));
  const step = Math.max(0, Math.min(deals[deal].moves.length, ply));
  if (deal === replay.target.deal && step === replay.target.ply && replay.state) return;
  replay.target = { deal, ply: step };
  updateControls(replay.target);
  if (replay.busy || restarting) return; // the load under way (or the new engine) goes on to it
  replay.busy = true;
  try {
    while (!shows(replay.target)) await show(replay.target.deal, replay.target.ply);
  } catch (error) {
    // A lost engine is replaced, which then shows the target (restoreReplay); another failure is said.
    if (!isEngineLost(error)) byId("replay-summary").textContent = engineText(error, settings.deck);
  } finally {
    replay.busy = false;
  }
}

/**
 * The worker died or got stuck (engine.js): a new one (keeper) reads the game again and the table comes back where the
 * presses lead, with a word that it happened. What the lost one was asked (a review, the list of moves) has failed
 * where it was asked, and can be asked again.
 */
async function restoreReplay() {
  await engine.call("open_link", { token: gameToken, kind: "game" });
  restarting = false;
  replay.state = null; // drawn again from the new engine
  await go(replay.target.deal, replay.target.ply);
  setStatus(root, "replay", st("replayRestarted"));
  const announcer = byId("announcer"); // the status line is not read aloud: said before the position shown
  announcer.textContent = asSentences([st("replayRestarted"), announcer.textContent ?? ""].filter(Boolean));
}

/** The engine did not load (at the start, or in place of a lost one): said under the table, the way on in focus. */
function loadFailed(/** @type {unknown} */ error) {
  restarting = false;
  // Said whole under the table (the status line of an upright phone holds two lines).
  const { message } = /** @type {Error} */ (error);
  showProblem(st("replayLoadFailedText", { message }), st("replayLoadFailed"));
}

/** Whether the table shows this position already. */
function shows(/** @type {ReplayTarget} */ { deal, ply }) {
  return replay.state !== null && replay.deal === deal && replay.ply === ply;
}

/**
 * A press of a button (or its key): it leads from the target, where the presses before it lead, not from the
 * position still shown while the engine reads that one.
 * @param {(from: ReplayTarget) => [number, number]} move  the position it goes to (unclamped) from a position
 */
function press(move) {
  go(...move(replay.target));
}

/** The buttons and their keys. */
function wireControls() {
  /** @type {Record<string, (from: ReplayTarget) => [number, number]>} */
  const moves = {
    "replay-prev-deal": ({ deal }) => [deal - 1, 0],
    "replay-start": ({ deal }) => [deal, 0],
    "replay-back": ({ deal, ply }) => [deal, ply - 1],
    "replay-forward": ({ deal, ply }) => [deal, ply + 1],
    "replay-end": ({ deal }) => [deal, Infinity],
    "replay-next-deal": ({ deal }) => [deal + 1, 0],
  };
  for (const [id, move] of Object.entries(moves)) byId(id).addEventListener("click", () => press(move));
  byId("replay-review").addEventListener("click", showDealReview);
  byId("replay-moves").addEventListener("click", showMoves);
  /** @type {Record<string, string>} */
  const keys = {
    ArrowLeft: "replay-back",
    ArrowRight: "replay-forward",
    Home: "replay-start",
    End: "replay-end",
    PageUp: "replay-prev-deal",
    PageDown: "replay-next-deal",
  };
  // Each button names its key, which a screen reader says with it: nothing else on the page tells of the keys.
  for (const [key, id] of Object.entries(keys)) byId(id).setAttribute("aria-keyshortcuts", key);
  document.addEventListener("keydown", (event) => {
    if (dialog.open) return; // the review's keys are its own: the table behind it stays where it is
    if (keys[event.key] && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      press(moves[keys[event.key]]);
    }
  });
}

/**
 * A link that does not read (or none: the page opened bare, or the engine that reads it did not load): the status
 * says so, the summary says why (as text, in the page's language), and a new game is offered. The table stays bare
 * felt: no seats of nobody, with their "0 tricks" and a match's score, on the screen or read out.
 * @param {string} reason  a sentence
 * @param {string} [title]  the status line
 */
function showProblem(reason, title = st("linkBroken")) {
  root.classList.add("replay-problem");
  setStatus(root, "error", title);
  byId("replay-summary").textContent = reason;
  byId("replay-controls").hidden = true;
  byId("new-game-link").classList.add("primary");
  byId("new-game-link").focus();
}

async function start() {
  setLanguage(settings.lang);
  document.title = pageTitle(st("replayTitle"));
  byId("brand-name").textContent = t("title");
  document.body.classList.toggle("deck-german", settings.deck === "german");
  labelControls();
  installSprite();
  buildTable(root);
  renderTable(root, null, view());
  setStatus(root, "loading", st("replayLoading"));
  registerServiceWorker();
  wireControls();
  window.addEventListener("hashchange", () => location.reload()); // another game link pasted into the address bar
  const link = linkInLocation(location);
  if (!link) return showProblem(st("replayNoLinkText", { share: st("share") }), st("replayNoLink"));
  // A deal's link (pasted into this page's address) opens on the game page, as a game's link opened there comes here.
  if (link.kind === "deal") return location.replace(linkUrl("deal", link.token, location.href, ["lang"]));
  try {
    await startPageEngine(engine);
  } catch (error) {
    return loadFailed(error);
  }
  try {
    const game = /** @type {GameLink} */ (await engine.call("open_link", { token: link.token, kind: "game" }));
    if (game.deals.length === 0) return showProblem(st("noGame"));
    replay.game = game;
    gameToken = link.token;
    keeper.onLost = () => {
      restarting = true;
      setStatus(root, "loading", st("replayLoading"));
    };
    keeper.restore = restoreReplay;
  } catch (error) {
    // A newer version's link is not a broken one: it opens once this page is updated.
    const newer = error instanceof EngineError && error.type === "unsupported_link";
    return showProblem(engineText(error, settings.deck), st(newer ? "linkNewer" : "linkBroken"));
  }
  byId("replay-controls").hidden = false;
  await go(0, 0);
  byId("replay-forward").focus();
}

start();

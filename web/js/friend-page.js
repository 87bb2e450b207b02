/**
 * The "Play a friend" page (friend.html): a match against a friend on another device, played by links.
 *
 * Every message is a link `friend.html#f1.…` (otv66/friend/links.py): the page shows the link to send
 * (Web Share on phones, else copy) and reads a link from its address or from the paste box (friend-paste.js: what else
 * was pasted is said, a link of the site's other pages offered). The match is drawn on
 * the main game's card table (render.js, from this player's seat: friend-table.js) and played by clicking its cards
 * or with the keyboard (input.js). The engine (bridge `friend_*` methods) holds the rules and checks every link;
 * this page only shows and stores. A reload (a language change, an update taken in another tab, a phone's browser
 * reloading a tab it put away) shows again what this tab showed: the match on the table (remembered for the tab) or
 * the invitation being read (kept in the address), and what was typed and not sent (friend-drafts.js). It is played
 * offline and updated as the other pages are (sw-register.js). A finished match's Rematch makes an invitation the
 * page keeps as meant for the same friend; two that cross (both pressed Rematch) end in one match (friend-rematch.js).
 * A finished match is watched again on the replay page, from the game link the engine makes of it (bridge
 * `friend_game_link`).
 */

import { installSprite } from "./cards.js";
import { wireCopy, wireSend } from "./copy-field.js";
import { isPersistent, onSavedElsewhere } from "./device-storage.js";
import { byId, inputById } from "./dom.js";
import { Engine, isEngineLost } from "./engine.js";
import { EngineKeeper, startPageEngine } from "./engine-start.js";
import { engineText } from "./engine-text.js";
import { keepDrafts } from "./friend-drafts.js";
import {
  checkRules,
  chosenForfeit,
  chosenRules,
  fillInvitation,
  showRuleFields,
  showRules,
  typedName,
  wireNameField,
} from "./friend-invite.js";
import { friendLinkInFragment, readPaste } from "./friend-paste.js";
import { acceptedRematch, crossing, ownNameWith, rematchOf } from "./friend-rematch.js";
import { dealEndLines, dealEndText, playersText, shownPlayers, statusText, turnText } from "./friend-status.js";
import {
  exportText,
  FRIEND_STORE_KEY,
  importedSaves,
  setAsideDamagedStore,
  storedMatches,
  storeMatch,
  storeTrouble,
  withdrawInvitation,
} from "./friend-store.js";
import { drawnState, finishedTrick, lastTrickShown, tableView } from "./friend-table.js";
import { asSentences, pageTitle, t } from "./i18n.js";
import { bindInput, firstPlayableCard, focusLost, usingKeyboard } from "./input.js";
import { addLanguagePicker, inVisitLanguage, startLanguage } from "./language-picker.js";
import { loadFailureText } from "./loading.js";
import { dealBeginningSaid, movesSaid } from "./moves-said.js";
import { onePress } from "./one-press.js";
import { askClaim, chooseLead, escapeHtml, showLastTrick, showPanel } from "./panels.js";
import { buildTable, renderTable } from "./render.js";
import { applyOverrides, loadSettings, SPEEDS, TRICK_SHOWN } from "./settings.js";
import { linkUrl } from "./share.js";
import { hasShareSheet } from "./share-sheet.js";
import { announce } from "./shell.js";
import { registerServiceWorker } from "./sw-register.js";

/** @import { FriendAnswer, FriendDealView, FriendOffer, FriendState } from "./friend-types.js" */
/** @import { Player } from "./types.js" */
/** @import { Rematch } from "./friend-store.js" */
/** @import { PanelDialog } from "./panels.js" */

const engine = new Engine();
/** A lost engine replaced by a new one, the matches kept here read into it again (restoreMatches). */
const keeper = new EngineKeeper(engine, (error) => {
  restarting = false;
  setStatus("error", loadFailureText(error));
  renderMatch();
});
const settings = applyOverrides(loadSettings(), new URLSearchParams(location.search)).settings;
/** @type {FriendState | null} */
let current = null;
/** The link this page last made (shown until the player has to move again). */
let lastLink = "";
/** The invitation link being read (its rules shown, checked by the engine), until accepted or declined. */
let invitation = "";
/** What the invitation being read crosses here: this player's own rematch invitation, or a rematch under way. */
/** @type {ReturnType<typeof crossing>} */
let crossed = null;
let busy = false;
/** Whether a new engine is taking the place of a lost one: the table is idle and steps wait (keeper). */
let restarting = false;
/** Whether the page takes no step now: one under way, or a lost engine being replaced. */
function waiting() {
  return busy || restarting;
}
/** Call `pageLoaded()` once the page has loaded (start): the engine started, the matches kept here read. */
let pageLoaded = () => {};
/** Settles when the page has loaded: a step a player takes before waits for it (act). */
const loaded = new Promise((resolve) => {
  pageLoaded = () => resolve(undefined);
});
/**
 * A trick the last answer finished, on the table for a moment (the friend's card that finished it included), the
 * seats' counts from before it.
 * @type {import("./friend-table.js").ShownTrick | null}
 */
let shownTrick = null;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let trickTimer;
/** What the page last brought into view (bringIntoView): a status line that sticks after it must not cover it. */
let broughtIntoView = /** @type {HTMLElement | null} */ (null);
/**
 * The saved text of each match as this tab last read it from the device or wrote it there, by match id: what this
 * tab's engine holds. Another tab of the browser that plays on writes a newer one, and this tab takes it before its
 * next step (syncFromDevice): a tab left open played on from its old position and wrote over the newer match, or
 * two tabs played one turn twice, and the friend's next link fitted neither (both waited for each other, for good).
 * @type {Map<string, string>}
 */
const heldSaves = new Map();
/** Whether start() has read the matches kept on the device into the engine (heldSaves holds them from then on). */
let deviceMatchesRead = false;
/** The replay address of each finished match shown here, by match id (its game link is made once). */
/** @type {Map<string, string>} */
const replays = new Map();

/**
 * Say what happened in the status line, with a link to follow after the text if given; empty when there is nothing
 * to say (the page's introduction says what it is, the banner over the table what comes next). `kind` is its
 * `data-status`, which says whether the page is at rest ("ready") whatever the text: "refused" and "hint" stay in
 * sight (friend.css).
 * @param {string} kind
 * @param {string} text
 * @param {{text: string, href: string}} [link]
 */
function setStatus(kind, text, link) {
  const status = byId("status");
  status.dataset.status = kind;
  delete status.dataset.kind;
  status.textContent = text;
  if (link) {
    const anchor = document.createElement("a");
    anchor.href = link.href;
    anchor.textContent = link.text;
    status.append(" ", anchor);
  }
  fitStatusBar();
}

/** Set a live line's text when it differs from what it says. */
function setText(/** @type {HTMLElement} */ element, /** @type {string} */ text) {
  if (element.textContent !== text) element.textContent = text;
}

/** Scroll `element` into view (`block` as scrollIntoView's), and remember it for fitStatusBar. */
function bringIntoView(/** @type {HTMLElement} */ element, /** @type {ScrollLogicalPosition} */ block) {
  broughtIntoView = element;
  element.scrollIntoView({ block });
}

/**
 * Keep what the page shows clear of the status line where it sticks at the top of the window (a refusal or a hint,
 * friend.css): its height is the room the page leaves above what it scrolls into view, or the keyboard focuses
 * (`--friend-status-bar`, scroll-padding), and what the page brought into view before it stuck there (the banner of a
 * match opened by a link read again) is brought out from under it.
 */
function fitStatusBar() {
  const status = byId("status");
  document.documentElement.style.setProperty("--friend-status-bar", `${status.offsetHeight}px`);
  const shown = broughtIntoView;
  // The line itself (openInvitation) is never under it.
  if (!shown || shown === status || getComputedStyle(status).position !== "sticky") return;
  const bar = status.getBoundingClientRect();
  const box = shown.getBoundingClientRect();
  if (box.top < bar.bottom && box.bottom > bar.top) shown.scrollIntoView({ block: "nearest" });
}

/** The page address that opens `link` (what the friend is sent). */
function addressOf(/** @type {string} */ link) {
  return `${location.origin}${location.pathname}#${link}`;
}

/**
 * Keep the answer's save (with `rematch`, what it is a rematch of, when it becomes one), show its state and the link
 * it carries (if any); a finished match that can be replayed is shown with the link to its replay. An answer read
 * from the device's save (`fromDevice`: another tab's) is only shown: written back, it could go over a newer one.
 * Resolves with what was played since the page last had the match (movesSince), said to a screen reader unless `quiet`
 * (the caller shows it on the status line, itself read out).
 * @param {FriendAnswer} answer
 * @param {{rematch?: Rematch, fromDevice?: boolean, quiet?: boolean}} [options]
 * @returns {Promise<string>}
 */
async function take(answer, { rematch, fromDevice = false, quiet = false } = {}) {
  const id = answer.state.id;
  const before = current?.id === id ? current : (storedMatches().find((match) => match.state.id === id)?.state ?? null);
  if (!fromDevice) {
    try {
      storeMatch(answer.state, answer.saved, rematch);
    } catch (error) {
      // The engine has taken the step, the device has not kept it (a full storage): the engine goes back to the save
      // kept, and nothing leaves this page (no link) that a reload would not know. The player makes room and plays
      // the step again.
      const kept = heldSaves.get(id);
      if (kept) await engine.call("friend_load", { saved: kept }).catch(() => null);
      throw error;
    }
    heldSaves.set(id, answer.saved);
  }
  showFinishedTrick(finishedTrick(before, answer.state));
  const moves = movesSince(before, answer.state);
  if (moves && !quiet) announce(moves);
  const turnCame = answer.state.status === "play" && (current?.id !== answer.state.id || current.status !== "play");
  current = answer.state;
  rememberOpenMatch(current.id);
  if (answer.link) {
    lastLink = answer.link;
    inputById("friend-link").value = addressOf(answer.link);
  }
  await findReplay(answer.state);
  renderMatch();
  renderList();
  if (turnCame) bringIntoView(byId("friend-turn"), "start");
  return moves;
}

/**
 * What was played from `before` to `after` (the friend's moves a link brought, this player's own), or how the deal
 * ended and the next begins, in words ("" when nothing was): the table changes in silence otherwise.
 * @param {FriendState | null} before  the match as this page last had it
 * @param {FriendState} after
 */
function movesSince(before, after) {
  const deal = after.deal;
  // A deal ended since: how (the news line says it to the eye), before the next deal's beginning if it has one.
  const newDeal = !deal || before?.deal_number !== after.deal_number;
  const ended = before?.id === after.id && before.deal && newDeal ? dealEndText(after) : null;
  const names = shownPlayers(after, meantFor(after.id));
  names[after.seat] = t("you");
  const sayers = /** @type {const} */ ([names, /** @type {Player} */ (after.seat), settings.deck]);
  // The moves that ended it (the friend's last card, his marriage that reached 66), from its table as it ended.
  const endTable = ended && after.last_deal?.number === before?.deal_number ? after.last_deal?.view : null;
  const lastMoves = endTable && before?.deal ? movesSaid(before.deal, endTable, ...sayers) : "";
  if (!deal) return asSentences([lastMoves, ended ?? ""].filter(Boolean));
  const sameDeal = before?.id === after.id && before.deal_number === after.deal_number && before.deal;
  return sameDeal
    ? movesSaid(/** @type {FriendDealView} */ (before.deal), deal, ...sayers)
    : asSentences([lastMoves, ended ?? "", dealBeginningSaid(deal, after.deal_number, ...sayers)].filter(Boolean));
}

/**
 * Ask the engine once for the game link of the finished match `state` if it can be replayed (the state says), and keep
 * the replay page's address (in the language asked for here). A link the engine cannot make only leaves the replay
 * out: the match is shown all the same.
 * @param {FriendState} state
 */
async function findReplay(state) {
  if (!state.can_replay || replays.has(state.id)) return;
  try {
    const { token } = await engine.call("friend_game_link", { id: state.id });
    replays.set(state.id, linkUrl("game", token, location.href, ["lang"]));
  } catch (error) {
    console.warn("otv66: no replay of this match:", error);
  }
}

/** Leave a finished trick on the table a moment (as long as the game's speed says), then the table goes on. */
function showFinishedTrick(/** @type {import("./friend-table.js").ShownTrick | null} */ trick) {
  clearTimeout(trickTimer);
  const pause = SPEEDS[settings.speed] * TRICK_SHOWN.byOther * 1000;
  shownTrick = pause ? trick : null;
  if (!shownTrick) return;
  trickTimer = setTimeout(() => {
    shownTrick = null;
    renderMatch();
  }, pause);
}

/**
 * Order the boxes under the table for who comes. A newcomer (no match kept on this device) needs the form that
 * starts a match first, the paste box (a link that a messenger's own browser would not open) under it; a returning
 * player needs his matches first, the paste box right under them, the form for another match after.
 */
function orderBoxes(/** @type {boolean} */ returning) {
  const list = byId("friend-list-box");
  list.hidden = !returning;
  const above = returning ? list : byId("friend-new");
  const paste = byId("friend-paste-box");
  if (above.nextElementSibling !== paste) above.after(paste); // moved, a box loses the focus its button had
}

/**
 * Whom the rematch invitation of match `id` is for, as this page keeps it (friend-store.js), or null: the engine's
 * invitation does not say, and until the answer is read the page names him by it (friend-status.js).
 * @param {string} id
 */
function meantFor(id) {
  return storedMatches().find(({ state }) => state.id === id)?.rematch?.friend ?? null;
}

/** The matches kept here, newest first; an invitation withdrawn for the friend's that crossed it is not listed. */
function renderList() {
  const list = byId("friend-list");
  const matches = storedMatches().filter(({ withdrawn }) => !withdrawn);
  list.replaceChildren();
  orderBoxes(matches.length > 0);
  for (const { state, rematch } of matches) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.match = state.id;
    button.dataset.status = state.status;
    button.classList.toggle("current", state.id === current?.id);
    const players = document.createElement("span");
    players.textContent = playersText(state, rematch?.friend);
    const turn = document.createElement("strong");
    turn.className = "friend-list-turn";
    turn.textContent = statusText(state, rematch?.friend);
    button.append(players, turn);
    button.addEventListener("click", () => run(() => openMatch(state.id)));
    item.append(button);
    list.append(item);
  }
}

function renderMatch() {
  const state = current;
  byId("friend-game").hidden = !state;
  // The introduction is for the page's start (a newcomer, an invitation to read); over a match the banner says what
  // to do, and a phone on its side needs the room for it and the link to send.
  byId("friend-intro").hidden = byId("friend-club").hidden = Boolean(state);
  if (!state) return;
  byId("friend-game").dataset.status = state.status;
  const friend = meantFor(state.id);
  const banner = byId("friend-turn");
  banner.dataset.turn = state.status;
  // Live: written only when its words change, or a screen reader says them again at every drawing. (The news of
  // a deal's end is said with the moves, movesSince.)
  setText(banner, turnText(state, friend));
  const news = byId("friend-news");
  setText(news, dealEndLines(state, settings.deck).join(" "));
  // How the deal ended waits for its last trick to go: the seats' counts beside it are still those from before it.
  news.hidden = !news.textContent || Boolean(shownTrick);
  const drawn = drawnState(state, friend);
  byId("table").hidden = !drawn.deal;
  renderTable(document, drawn, tableView(state, settings, waiting(), shownTrick, friend));
  byId("friend-last-trick").hidden = !drawn.deal?.tricks_played;
  byId("friend-claim").hidden = !state.deal?.legal_moves.includes("66");
  byId("friend-resign").hidden = !state.can_resign;
  byId("friend-rematch").hidden = state.status !== "over";
  const replay = byId("friend-replay");
  const address = replays.get(state.id);
  replay.hidden = !address; // only a finished match has one (findReplay)
  if (address) replay.setAttribute("href", address);
  const outgoing = byId("friend-outgoing");
  // At the match's end, the player who received the last move has nothing left to send. (While a match goes on, the
  // last link stays offered: it may not have arrived.)
  outgoing.hidden = !lastLink || state.status === "play" || (state.status === "over" && state.link_answered);
}

/**
 * Show a kept match, with the link this player last made unless it is his move: on another visit (or after a
 * reload) it may still wait to be sent, and it was gone from the page.
 * @param {string} id
 */
async function openMatch(id) {
  const answer = await engine.call("friend_state", { id });
  await take(answer);
  if (answer.state.status === "play") return;
  // The engine refuses only when this player has made no link yet (an invitation he has not accepted).
  const withLink = await engine.call("friend_link", { id }).catch(() => null);
  if (withLink) await take(withLink);
}

async function play(/** @type {string} */ move) {
  if (!current) return;
  const answer = await engine.call("friend_play", { id: current.id, move });
  await take(answer);
  if (answer.state.status !== "send") return;
  await take(await engine.call("friend_link", { id: answer.state.id }));
  showLinkToSend(); // the step players repeat most: on a phone the link box lies above the table
}

/**
 * Why the card `code` may not be played in match `id`, in the player's words ("You have no spades: you must play a
 * trump (clubs)"), as the game page says it; the plain refusal where the engine gives no rule.
 * @param {string} id
 * @param {string} code
 */
async function refusalText(id, code) {
  const refusal = await engine.call("friend_why_illegal", { id, move: code }).catch(() => null);
  return refusal ? engineText(refusal, settings.deck) : t("notPlayable");
}

/**
 * A card clicked (or chosen with the keyboard) on the table: this player's move, asking about a marriage lead.
 * @param {number} player  0 is this device's player (the bottom of the table)
 * @param {string} code
 */
async function onCard(player, code) {
  const deal = current?.deal;
  const moves = deal?.legal_moves ?? [];
  if (waiting() || player !== 0) return;
  if (!deal || (!moves.includes(code) && !moves.includes(`${code}m`))) {
    const state = /** @type {FriendState} */ (current);
    setStatus(
      "refused",
      state.status === "play" ? await refusalText(state.id, code) : turnText(state, meantFor(state.id)),
    );
    return;
  }
  const move = await chooseLead(/** @type {PanelDialog} */ (byId("panel")), code, settings.deck, deal);
  if (!move) return;
  await run(() => play(move), true);
}

/**
 * The reasons a link is refused for that leave nothing wrong (otv66/friend/errors.py): one opened before, one of the
 * player's own. The page says them as a hint over the match the link belongs to, not as a refusal.
 */
const HARMLESS = new Set(["friend_link_again", "friend_link_own"]);

/**
 * Read a link (from the address or the paste box): an invitation to read (showInvitation), or the friend's next
 * message. A link of a match not kept here (opened in another browser than the one the match is played in) is said
 * to be so. A link refused is said over its match, shown (one opened again from a chat lands on the match, not on
 * the list); this player's own last link, pasted back, is said to be his, to send; one opened again, or an older
 * one of his own, is said so as a hint (HARMLESS).
 */
async function openLink(/** @type {string} */ text) {
  const peek = await engine.call("friend_peek", { link: text });
  if (peek.offer) {
    await openInvitation(text, peek.id, peek.offer);
    return;
  }
  if (!peek.known) {
    setStatus("refused", t("friendNotHere"));
    return;
  }
  let answer;
  try {
    answer = await engine.call("friend_receive", { link: text });
  } catch (error) {
    await openMatch(peek.id);
    const own = text === lastLink;
    if (!own && !HARMLESS.has(/** @type {{reason?: string}} */ (error)?.reason ?? "")) throw error;
    inputById("friend-paste").value = ""; // nothing is to be done with it: left there, it would look like one to open
    setStatus("hint", own ? t("friendOwnLink") : engineText(error, settings.deck));
    // Opened from the address (a chat's link tapped again), what there is to do instead comes into sight: the link
    // still to send, else the banner (the page stood where the table was left, only the hint over the table's foot).
    // Pasted, the focus stays in the paste box, where the right link goes next.
    if (!byId("friend-paste-box").contains(document.activeElement)) {
      if (byId("friend-outgoing").hidden) bringIntoView(byId("friend-turn"), "nearest");
      else showLinkToSend();
    }
    return;
  }
  inputById("friend-paste").value = ""; // read: left there, it would look like a link still to open
  // What the friend did is said on the status line, to the eye too: hours later, the table alone does not tell it.
  const moves = await take(answer, { quiet: true });
  if (answer.state.status === "send") await take(await engine.call("friend_link", { id: answer.state.id }));
  setStatus("ready", moves ? t("friendReceivedMoves", { moves }) : t("friendReceived"));
  showLinkToSend(); // the box it was pasted into lies far below the banner that says what came of it
  // On a phone the banner brought to the top left the line with the friend's moves above the screen.
  if (moves) bringIntoView(byId("status"), "nearest");
}

/** Whether the engine reads `link` as a friend's link (its pieces joined again, when a mail broke it over lines). */
function readable(/** @type {string} */ link) {
  return engine.call("friend_peek", { link }).then(
    () => true,
    () => false,
  );
}

/**
 * Open what the player pasted: a friend's link; else say what the text holds instead (nothing, no link, a link of
 * another page of the site, offered to open) rather than that a link cannot be read.
 */
async function openPasted() {
  const pasted = readPaste(inputById("friend-paste").value, location.href);
  if (pasted.kind === "friend") {
    await openLink(pasted.joined && (await readable(pasted.joined)) ? pasted.joined : pasted.link);
    // An invitation read from here is shown above: left in the box, it would look like a link still to open. (One
    // read again from the address, on a reload, leaves what the box holds: a draft given back.)
    if (invitation) inputById("friend-paste").value = "";
  } else if (pasted.kind === "empty") setStatus("hint", t("friendPasteEmpty"));
  else if (pasted.kind === "none") setStatus("hint", t("friendPasteNoLink"));
  else if (pasted.kind === "foreign") setStatus("hint", t("friendPasteForeign"));
  else setStatus("hint", t(`friendPasteSite_${pasted.kind}`), { text: t("friendPasteOpenIt"), href: pasted.address });
}

/**
 * Bring into this tab's engine every match another tab of the browser has saved since this one read or wrote it
 * (heldSaves), the match on the table shown as it is now. Whether the match on the table changed.
 * @returns {Promise<boolean>}
 */
async function syncFromDevice() {
  let changed = false;
  if (!deviceMatchesRead) return changed; // start() reads them all first
  for (const { saved, state } of storedMatches()) {
    if (heldSaves.get(state.id) === saved) continue;
    heldSaves.set(state.id, saved); // one that does not load is not tried again at every step
    const loaded = await engine.call("friend_load", { saved }).catch((error) => {
      console.warn("otv66: a friend match saved in another tab did not load:", error);
      return null;
    });
    if (!loaded) continue;
    renderList();
    if (current?.id !== state.id) continue;
    await take(loaded, { fromDevice: true });
    // The link made there, to send from here too; never one of this tab's own for a move made there (its link may
    // still be in the making: it comes with that tab's next save).
    if (loaded.state.status !== "play") {
      const made = await engine.call("friend_link", { id: state.id, made_only: true }).catch(() => null);
      if (made) await take(made, { fromDevice: true });
    }
    changed = true;
  }
  return changed;
}

/** Another tab's save heard while a step was under way: shown once the step is done. */
let deviceChanged = false;

/** Show the matches as another tab of the browser has saved them (between steps: a step under way goes first). */
async function showDeviceChange() {
  if (!deviceMatchesRead || waiting()) {
    deviceChanged = true;
    return;
  }
  busy = true;
  try {
    do {
      deviceChanged = false;
      if (await syncFromDevice()) setStatus("hint", t("friendPlayedElsewhere"));
    } while (deviceChanged);
  } catch (error) {
    console.warn("otv66: a friend match changed in another tab could not be shown:", error);
  } finally {
    busy = false;
    renderMatch();
  }
}

/**
 * Run a step; a refused link or move is shown and nothing is lost (the engine kept the match as it was). A step
 * that says nothing leaves the status line empty. Another tab's newer saves are taken first: the step goes on from
 * where the match is, not from where this tab last saw it; a move or a resignation (`onPosition`) chosen on the
 * match's old position is not made on its new one (the player sees it first).
 * @param {() => Promise<void>} step
 * @param {boolean} [onPosition]
 */
async function run(step, onPosition = false) {
  const asked = document.activeElement;
  const playing = current?.status === "play" ? current.id : null;
  const status = byId("status");
  status.dataset.status = "busy";
  busy = true;
  try {
    await keeper.whenBack(); // a new engine in place of a lost one, the matches read into it
    if ((await syncFromDevice()) && onPosition) {
      setStatus("hint", t("friendPlayedElsewhere"));
      return;
    }
    await step();
    if (status.dataset.status === "busy") setStatus("ready", "");
  } catch (error) {
    if (restarting) return; // the engine was lost: the step was not taken, and the status line says what happens
    setStatus("refused", t("friendRefused", { message: engineText(error, settings.deck) }));
    byId("status").dataset.kind = /** @type {{type?: string}} */ (error)?.type ?? "error";
  } finally {
    busy = false;
    renderMatch();
    const turnCame = current?.status === "play" && current.id !== playing;
    if (focusLost() || (turnCame && document.activeElement === asked)) focusAtPlay();
    if (deviceChanged) void showDeviceChange();
  }
}

/**
 * A keyboard player whose move it is goes on from his first playable card: after a link read brought his move (he
 * pressed Open, the table is what he turns to now), or when the step lost his focus (the card he played left the
 * table), where on the page's body his next key would do nothing and Tab would start from the top of the page.
 */
function focusAtPlay() {
  if (!usingKeyboard() || current?.status !== "play") return;
  firstPlayableCard(byId("table"))?.focus({ preventScroll: true });
}

/**
 * Run a step of a form the page shows while it loads (a link pasted, an invitation made, a backup imported): one
 * taken before the engine is there waits for it, rather than being refused with "try again" (the status line says
 * the page is loading meanwhile).
 */
function act(/** @type {() => Promise<void>} */ step) {
  return run(async () => {
    await loaded;
    await step();
  });
}

/**
 * Bring a link this player has just made into view (the banner that says what to do with it above it), its send
 * button focused: on a phone the form he used lies far below it, and a link off screen looks as if nothing
 * happened. With no link to send (his move, the match over), the banner alone. Where both are in view already,
 * nothing moves.
 */
function showLinkToSend() {
  for (const id of ["friend-outgoing", "friend-turn"]) bringIntoView(byId(id), "nearest");
  byId(hasShareSheet() ? "friend-share" : "friend-copy").focus({ preventScroll: true });
}

/**
 * An invitation (`link`, of match `id`) opened: shown to accept or decline, said to cross this player's own rematch
 * invitation to the same friend or a rematch with him under way (friend-rematch.js). Where the own invitation is the
 * one played, the friend's is not offered: the own one is shown, its link to send, and the status line says why.
 * @param {string} link
 * @param {string} id
 * @param {FriendOffer} offer
 */
async function openInvitation(link, id, offer) {
  const found = crossing(offer.name, id, storedMatches());
  if (found?.kind === "keep") {
    inputById("friend-paste").value = ""; // read, and set aside: left there, it would look like a link still to open
    await openMatch(found.match.state.id);
    setStatus("hint", t("friendCrossedKeep", { name: offer.name }));
    return;
  }
  showInvitation(link, offer, found);
  setStatus("ready", ""); // the invitation's box says it
  bringIntoView(byId("status"), "nearest"); // the box under it, from a paste box or a page scrolled down
}

/**
 * Show an invitation to accept or decline: who invites, the rules, and what it crosses here (`found`); the answer's
 * name field holds the name this player went by against the inviter here before (a rematch). While it is read, the
 * form for a new match is hidden (its name field is not the one to fill in).
 * @param {string} link
 * @param {FriendOffer} offer
 * @param {ReturnType<typeof crossing>} found
 */
function showInvitation(link, offer, found) {
  invitation = link;
  crossed = found;
  showInAddress(link);
  byId("friend-invited-by").textContent = t("friendInvitedBy", { name: offer.name });
  showRules(byId("friend-invite-rules"), offer.rules, offer.forfeit);
  const ownName = ownNameWith(offer.name, storedMatches());
  if (ownName) inputById("friend-accept-name").value = ownName; // a rematch: the name he played that friend under
  const note = byId("friend-crossed");
  const said = found?.kind === "accept" ? "friendCrossedAccept" : "friendCrossedPlaying";
  note.textContent = found ? t(said, { name: offer.name }) : "";
  note.hidden = !found;
  byId("friend-accept").hidden = false;
  byId("friend-new").hidden = true;
}

/**
 * Accept the invitation being read with this player's `name`. One that crossed his own rematch invitation and is
 * played in its place becomes the rematch, and his own is withdrawn; any other is kept as the rematch of the newest
 * match with that friend here (friend-rematch.js `acceptedRematch`).
 * @param {string} name
 */
async function acceptInvitation(name) {
  const replaced = crossed?.kind === "accept" ? crossed.match : null;
  const answer = await engine.call("friend_accept", { link: invitation, name });
  if (replaced) withdrawInvitation(replaced.state.id);
  const { players, seat } = answer.state;
  const rematch = replaced?.rematch ?? acceptedRematch(/** @type {string} */ (players[1 - seat]), storedMatches());
  await take(answer, { rematch });
  closeInvitation();
  setStatus("ready", t(replaced ? "friendAcceptedCrossed" : "friendAccepted")); // the banner says what to do next
  showLinkToSend();
}

/** The invitation accepted or declined: its box goes, the address forgets it, the new-match form is back. */
function closeInvitation() {
  invitation = "";
  crossed = null;
  showInAddress("");
  byId("friend-accept").hidden = true;
  byId("friend-new").hidden = false;
}

/** Put a link being read in the page's address (or nothing, `""`), without loading the page again. */
function showInAddress(/** @type {string} */ link) {
  history.replaceState(null, "", `${location.pathname}${location.search}${link ? `#${link}` : ""}`);
}

/**
 * Make an invitation from what the new-match form holds (the name, the rules, the forfeit option) and offer its link
 * to send; `made` is what the status line then says, `rematch` what it is a rematch of (kept with it). A name or a
 * match length missing is asked for at its field, and nothing is sent.
 * @param {string} made
 * @param {Rematch} [rematch]
 */
function inviteFromForm(made, rematch) {
  if (!checkRules(true)) return;
  const name = typedName(inputById("friend-name"), "friendNameNeeded");
  if (name === null) return;
  // One invitation a press (a rematch's too: it is made here), however often the button is pressed while it is made.
  onePress("invite", () =>
    act(async () => {
      const rules = chosenRules(settings.rules);
      await take(await engine.call("friend_invite", { name, rules, forfeit: chosenForfeit() }), { rematch });
      setStatus("ready", made);
      showLinkToSend();
    }),
  );
}

/**
 * A rematch of the finished match on the table: the new-match form is filled with this player's name in it, its
 * rules and its forfeit option, and the invitation is made as the form makes one. The invitation names only who
 * invites (a new match's friend is unknown until he answers), so the status line says whom it is for, and the page
 * keeps it (the banner and the list say it after a reload too). The finished match stays in the list. A rematch of
 * it already made (or accepted) and not over is shown instead of a second invitation.
 */
function rematch() {
  if (current?.status !== "over") return;
  const made = rematchOf(current.id, storedMatches());
  if (made) {
    run(() => openMatch(made.state.id));
    return;
  }
  const players = shownPlayers(current);
  const friend = players[1 - current.seat];
  fillInvitation(players[current.seat], current.rules, current.forfeit);
  // The finished match's last link still to send leaves the box for the invitation's: the friend's page learns only
  // from it that the match is over.
  const said = current.link_answered ? "friendRematchMade" : "friendRematchMadeLastLink";
  inviteFromForm(t(said, { name: friend }), { of: current.id, friend });
}

/**
 * The invitation forms: make one (the rules chosen), or accept one whose rules are shown (nothing sent before).
 * Either needs the player's name: without it the name field says so (typedName) and nothing is sent.
 */
function wireInvitation() {
  wireNameField(inputById("friend-name"));
  wireNameField(inputById("friend-accept-name"));
  byId("friend-new").addEventListener("input", () => checkRules()); // the target's note follows what is typed
  byId("friend-new").addEventListener("submit", (event) => {
    event.preventDefault();
    inviteFromForm(t("friendInviteMade"));
  });
  byId("friend-rematch").addEventListener("click", rematch);
  byId("friend-accept").addEventListener("submit", (event) => {
    event.preventDefault(); // Enter in the name field accepts too, as in the form that makes an invitation
    const name = typedName(inputById("friend-accept-name"), "friendAnswerNameNeeded");
    if (name !== null) onePress("accept", () => run(() => acceptInvitation(name)));
  });
  // Declining sends nothing (there is nothing to send it with): the status line says so. From the keyboard the focus
  // goes on to the form that makes a match of one's own, shown in the invitation's place.
  byId("friend-decline-button").addEventListener("click", (event) => {
    const fromKeyboard = /** @type {HTMLElement} */ (event.currentTarget).matches(":focus-visible");
    closeInvitation();
    setStatus("ready", t("friendDeclined"));
    if (fromKeyboard) inputById("friend-name").focus();
  });
}

/**
 * Resign the deal? Asked in the page's own panel, in its language (the browser's confirm box spoke the browser's), with
 * what it gives the friend (his game points, and the match when they reach its target), the focus on playing on: a
 * resignation sent cannot be taken back.
 * @returns {Promise<boolean>}
 */
async function confirmResign() {
  const state = /** @type {FriendState} */ (current);
  const resignation = state.resignation;
  if (!resignation) return false;
  const name = shownPlayers(state)[1 - state.seat];
  const text = t(resignation.ends_match ? "friendResignEndsMatch" : "friendResignConfirm", {
    name,
    points: resignation.award,
  });
  const answer = await showPanel(/** @type {PanelDialog} */ (byId("panel")), {
    title: t("friendResignTitle"),
    body: `<p>${escapeHtml(text)}</p>`,
    buttons: [
      { label: t("friendResignYes"), value: true, id: "friend-resign-yes" },
      { label: t("friendResignNo"), value: false, primary: true, id: "friend-resign-no" },
    ],
    cancelValue: false,
    describedByBody: true,
  });
  return answer === true;
}

function wire() {
  wireInvitation();
  bindInput(document.body, { onCard: (player, code) => void onCard(player, code) });
  // A claim below 66 gives the friend 2 game points (the deal, perhaps the match): asked first, as the game page does.
  byId("friend-claim").addEventListener("click", () =>
    onePress("claim", async () => {
      const panel = /** @type {PanelDialog} */ (byId("panel"));
      if (current && (await askClaim(panel, t("claimConfirm"), current.false_claim, current.seat)))
        await run(() => play("66"), true);
    }),
  );
  byId("friend-last-trick").addEventListener("click", () => {
    if (!current) return;
    const { names } = tableView(current, settings, busy, null, meantFor(current.id));
    names[0] = t("you"); // as the status line says his cards
    void showLastTrick(/** @type {PanelDialog} */ (byId("panel")), lastTrickShown(current), names, 0, settings.deck);
  });
  byId("friend-resign").addEventListener("click", async () => {
    const id = current?.id;
    if (!id || !(await confirmResign())) return;
    run(async () => {
      await take(await engine.call("friend_resign", { id }));
      await take(await engine.call("friend_link", { id }));
    }, true);
  });
  byId("friend-open").addEventListener("click", () => onePress("open", () => act(openPasted)));
  new ResizeObserver(fitStatusBar).observe(byId("status")); // its lines rewrapped: a phone turned on its side
  wireCopy(inputById("friend-link"), /** @type {HTMLButtonElement} */ (byId("friend-copy")));
  wireSend(inputById("friend-link"), /** @type {HTMLButtonElement} */ (byId("friend-share")), () => t("friendTitle"));
  byId("friend-export").addEventListener("click", () => {
    inputById("friend-backup-text").value = exportText();
  });
  byId("friend-import").addEventListener("click", () =>
    onePress("import", () =>
      act(async () => {
        const text = inputById("friend-backup-text").value;
        if (!text.trim()) return setStatus("hint", t("friendBackupEmpty"));
        let imported = 0;
        let older = 0;
        for (const saved of importedSaves(text)) {
          // A backup taken before later links would take its match back where the friend's next link no longer fits.
          const answer = await engine.call("friend_load", { saved, newer_only: true }).catch((error) => {
            if (/** @type {{reason?: string}} */ (error)?.reason !== "friend_backup_older") throw error;
            older += 1;
            return null;
          });
          if (!answer) continue;
          await take(answer);
          imported += 1;
        }
        // The last match imported is on the table as a match picked from the list is: with the link it has to send.
        if (imported && current) await openMatch(current.id);
        const said = [
          imported || !older ? t("friendBackupImported", { count: imported }) : "",
          older ? t("friendBackupOlder", { count: older }) : "",
        ];
        setStatus("hint", said.filter(Boolean).join(" "));
      }),
    ),
  );
  // Another tab's save of the match on the table: shown here at once, not at this tab's next step (which would take
  // it all the same).
  onSavedElsewhere(FRIEND_STORE_KEY, () => void showDeviceChange());
}

/** Where the match on the table is remembered across a reload (this tab only: another tab shows its own). */
const OPEN_KEY = "otv66.friend.open";

/** Remember the match on the table, to show it again after a reload (no storage: the list shows it). */
function rememberOpenMatch(/** @type {string} */ id) {
  try {
    sessionStorage.setItem(OPEN_KEY, id);
  } catch {
    // the player picks his match from the list again
  }
}

/** The match this tab showed before it loaded again, or null. */
function matchToReopen() {
  try {
    return sessionStorage.getItem(OPEN_KEY);
  } catch {
    return null;
  }
}

function labelPage() {
  startLanguage();
  document.title = pageTitle(t("friendTitle"));
  byId("brand-name").textContent = t("title");
  byId("home-link").textContent = t("playComputer");
  byId("home-link").setAttribute("href", inVisitLanguage("index.html", location.search));
  byId("friend-club-link").textContent = t("friendClubLink");
  byId("friend-club-link").setAttribute("href", inVisitLanguage("club.html", location.search));
  for (const element of document.querySelectorAll("[data-text]")) {
    element.textContent = t(/** @type {HTMLElement} */ (element).dataset.text ?? "");
  }
  showRuleFields(settings.rules);
}

async function start() {
  // What a reload shows comes seconds later (the engine first): a scroll position the browser restored would land
  // anywhere on it. The page opens at its top, the banner and the link to send.
  history.scrollRestoration = "manual";
  labelPage();
  keepDrafts(); // what was typed here and not sent yet, back after a reload (the rules' fields are made)
  // Offline play once the engine is loaded (sw-register.js waits for the status line to leave "loading"), and the
  // updates: this tab reloads with the others when one takes an update (the matches are kept, the match on the
  // table and an invitation being read shown again, what was typed given back).
  registerServiceWorker();
  installSprite();
  buildTable(document);
  addLanguagePicker(byId("menu"), "friend-language"); // the page loads again: reopenShown() shows what it showed
  // A match kept in memory only (a private window, blocked site data) is lost with the tab, its secret key with it,
  // and the friend's answer can never be read: said before an invitation is made or accepted.
  byId("friend-not-kept").hidden = isPersistent();
  byId("friend-kept-here").hidden = !isPersistent(); // "kept on this device" is not true then
  wire();
  renderList();
  setStatus("loading", t("friendLoading"));
  try {
    await startPageEngine(engine);
  } catch (error) {
    setStatus("error", loadFailureText(error));
    return;
  }
  keeper.onLost = () => {
    restarting = true;
    setStatus("loading", t("friendLoading"));
    renderMatch();
  };
  keeper.restore = restoreMatches;
  const trouble = storeTrouble();
  const legible = trouble === "unreadable" ? setAsideDamagedStore() : [];
  for (const { saved, state } of storedMatches()) {
    heldSaves.set(state.id, saved);
    await run(async () => void (await engine.call("friend_load", { saved })));
  }
  const broughtBack = await bringBack(legible);
  deviceMatchesRead = true;
  deviceChanged = false; // what another tab saved meanwhile, the matches just read hold
  current = null;
  renderMatch();
  renderList();
  setStatus("ready", "");
  // A link pasted into the address bar of this tab, already open, changes only the address's fragment: read it too.
  window.addEventListener("hashchange", () => void openAddressLink());
  if (!(await openAddressLink())) await reopenShown();
  // Matches the page could not read are never hidden without a word (said once the match shown is, over its steps'
  // own words: a refusal of the link read stays).
  if (trouble && byId("status").dataset.status === "ready") {
    if (trouble === "newer") setStatus("hint", t("friendStoreNewer"));
    else if (storeTrouble() !== null) setStatus("refused", t("err_friend_store_version"));
    else setStatus("hint", broughtBack ? t("friendStoreDamaged", { count: broughtBack }) : t("friendStoreDamagedNone"));
  }
  pageLoaded(); // after what the address or the tab had to show: a link pasted meanwhile comes after it
}

/**
 * The engine was lost (keeper): read the matches kept here into the new one, as start() did, and show the match on
 * the table as it is kept. A step the lost engine took and the device had not kept (the move being made) is not
 * there: the player makes it again; nothing he had sent or received is lost (the device keeps it first).
 */
async function restoreMatches() {
  for (const { saved, state } of storedMatches()) {
    heldSaves.set(state.id, saved);
    await engine.call("friend_load", { saved }).catch((error) => {
      if (isEngineLost(error)) throw error; // lost again: replaced again
      console.warn("otv66: a friend match kept here did not load:", error); // nor did it at the start
    });
  }
  if (current) await openMatch(current.id);
  restarting = false;
  // "Your matches put back" to one who has none here yet (an invitation read, not accepted) would puzzle him.
  setStatus("hint", t(storedMatches().length ? "friendRestarted" : "engineRestartedPlain"));
  renderMatch();
  focusAtPlay();
  if (deviceChanged) void showDeviceChange();
}

/**
 * Keep again the matches of a damaged store that still read (`saves`, friend-store.js setAsideDamagedStore), each as
 * the engine loads it; how many it took.
 * @param {string[]} saves
 */
async function bringBack(saves) {
  let taken = 0;
  for (const saved of saves) {
    const answer = await engine.call("friend_load", { saved }).catch(() => null);
    if (!answer) continue;
    try {
      storeMatch(answer.state, answer.saved);
    } catch {
      break; // a full storage: the rest stay in the text kept aside
    }
    heldSaves.set(answer.state.id, answer.saved);
    taken += 1;
  }
  return taken;
}

/**
 * Read the friend's link in the page's address, if it holds one (an invitation, or his next message), and take it
 * out of the address (an invitation comes back into it while it is read). Whether there was one.
 * @returns {Promise<boolean>}
 */
async function openAddressLink() {
  const link = friendLinkInFragment(location.hash);
  if (!link) return false;
  showInAddress("");
  await run(() => openLink(link));
  return true;
}

/**
 * Show the match this tab showed before it loaded again (a reload, a language change, a return to a tab the browser
 * had put away).
 */
async function reopenShown() {
  const reopen = matchToReopen();
  if (reopen && storedMatches().some(({ state }) => state.id === reopen)) await run(() => openMatch(reopen));
}

start();

/**
 * The "Play a friend" page (friend.html): a match against a friend on another device, played by links.
 *
 * Every message is a link `friend.html#f1.…` (otv66/friend/links.py): the page shows the link to send
 * (Web Share on phones, else copy) and reads a link from its address or from the paste box. The engine
 * (bridge `friend_*` methods) holds the rules and checks every link; this page only shows and stores.
 */

import { Engine } from "./engine.js";
import { exportText, importedSaves, storedMatches, storeMatch } from "./friend-store.js";
import { language, setLanguage, t } from "./i18n.js";
import { applyOverrides, loadSettings } from "./settings.js";

/** @import { FriendAnswer, FriendState } from "./friend-types.js" */

const engine = new Engine();
const settings = applyOverrides(loadSettings(), new URLSearchParams(location.search)).settings;
/** @type {FriendState | null} */
let current = null;
/** @type {string} */
let pendingInvitation = "";

/** An element of friend.html. */
function byId(/** @type {string} */ id) {
  return /** @type {HTMLElement} */ (document.getElementById(id));
}

/** A form field of friend.html. */
function field(/** @type {string} */ id) {
  return /** @type {HTMLInputElement} */ (document.getElementById(id));
}

function setStatus(/** @type {string} */ kind, /** @type {string} */ text) {
  const status = byId("status");
  status.dataset.status = kind;
  status.textContent = text;
}

/** The page address that opens `link` (what the friend is sent). */
function addressOf(/** @type {string} */ link) {
  return `${location.origin}${location.pathname}#${link}`;
}

/** Keep the answer's save, show its state and the link it carries (if any). */
function take(/** @type {FriendAnswer} */ answer) {
  storeMatch(answer.state, answer.saved);
  current = answer.state;
  if (answer.link) showLink(answer.link);
  renderMatch();
  renderList();
}

function showLink(/** @type {string} */ link) {
  byId("friend-outgoing").hidden = false;
  const box = /** @type {HTMLTextAreaElement} */ (byId("friend-link"));
  box.value = addressOf(link);
  byId("friend-share").hidden = typeof navigator.share !== "function";
}

function statusText(/** @type {FriendState} */ state) {
  return t(`friendStatus_${state.status}`, { name: state.players[1 - state.seat] });
}

function renderList() {
  const list = byId("friend-list");
  list.replaceChildren();
  for (const { state } of storedMatches()) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.match = state.id;
    button.dataset.status = state.status;
    button.textContent = `${state.players[0]} – ${state.players[1]} ${state.game_points.join(":")}: ${statusText(state)}`;
    button.addEventListener("click", () => run(async () => take(await engine.call("friend_state", { id: state.id }))));
    item.append(button);
    list.append(item);
  }
  if (list.children.length) return;
  const none = document.createElement("li"); // a list holds only items, even the note that it is empty
  none.textContent = t("friendNone");
  list.append(none);
}

function renderMatch() {
  const state = current;
  byId("friend-game").hidden = !state;
  if (!state) return;
  byId("friend-game-title").textContent = `${state.players[0]} – ${state.players[1]}  ${state.game_points.join(":")}`;
  const deal = state.deal;
  byId("friend-game-info").textContent = deal
    ? `${t("friendDeal", { n: state.deal_number })} · ${t("friendTrump")} ${deal.trump_card} · ${deal.scores.join(":")} · ${statusText(state)}`
    : statusText(state);
  byId("friend-game").dataset.status = state.status;
  const tables = byId("friend-tables");
  tables.replaceChildren();
  for (const player of deal ? [1 - state.seat, state.seat] : []) {
    const row = document.createElement("p");
    row.dataset.player = String(player);
    const piles = /** @type {FriendDealView} */ (deal).piles[player].map((pile) =>
      pile.unopened ? "?" : (pile.top ?? "·") + (pile.hidden ? "*" : ""),
    );
    row.textContent = `${state.players[player]}: ${piles.join(" ")}`;
    tables.append(row);
  }
  if (deal?.trick.length) {
    const trick = document.createElement("p");
    trick.textContent = `${t("friendTrick")}: ${deal.trick.map((c) => c.card).join(" ")}`;
    tables.append(trick);
  }
  const moves = byId("friend-moves");
  moves.replaceChildren();
  for (const move of deal?.legal_moves ?? []) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.card = move;
    button.textContent = move;
    button.addEventListener("click", () => run(() => play(move)));
    moves.append(button);
  }
  byId("friend-send").hidden = state.status !== "send";
}

/** @import { FriendDealView } from "./friend-types.js" */

async function play(/** @type {string} */ move) {
  if (!current) return;
  const answer = await engine.call("friend_play", { id: current.id, move });
  take(answer);
  if (answer.state.status === "send") take(await engine.call("friend_link", { id: answer.state.id }));
}

/** Read a link (from the address or the paste box): an invitation to accept, or the friend's next message. */
async function openLink(/** @type {string} */ text) {
  const peek = await engine.call("friend_peek", { link: text });
  if (peek.invitation && !peek.known) {
    pendingInvitation = text;
    byId("friend-accept").hidden = false;
    byId("friend-invited-by").textContent = t("friendInvited");
    return;
  }
  const answer = await engine.call("friend_receive", { link: text });
  take(answer);
  if (answer.state.status === "send") take(await engine.call("friend_link", { id: answer.state.id }));
  setStatus("ready", t("friendReceived"));
}

/** Run a step; a refused link or move is shown and nothing is lost (the engine kept the match as it was). */
async function run(/** @type {() => Promise<void>} */ step) {
  const status = byId("status");
  status.dataset.status = "busy";
  try {
    await step();
    if (status.dataset.status === "busy") setStatus("ready", current ? statusText(current) : t("friendReady"));
  } catch (error) {
    const { type = "error", message = String(error) } = /** @type {{type?: string, message?: string}} */ (error);
    setStatus("refused", t("friendRefused", { message }));
    byId("status").dataset.kind = type;
  }
}

function wire() {
  byId("friend-invite").addEventListener("click", () =>
    run(async () => {
      const rules = { target: Number(field("friend-target").value) };
      take(await engine.call("friend_invite", { name: field("friend-name").value.trim(), rules }));
      setStatus("ready", t("friendInviteMade"));
    }),
  );
  byId("friend-accept-button").addEventListener("click", () =>
    run(async () => {
      take(
        await engine.call("friend_accept", { link: pendingInvitation, name: field("friend-accept-name").value.trim() }),
      );
      byId("friend-accept").hidden = true;
    }),
  );
  byId("friend-open").addEventListener("click", () => run(() => openLink(field("friend-paste").value.trim())));
  byId("friend-send").addEventListener("click", () =>
    run(async () => {
      if (current) take(await engine.call("friend_link", { id: current.id }));
    }),
  );
  byId("friend-copy").addEventListener("click", () =>
    run(async () => {
      await navigator.clipboard.writeText(field("friend-link").value);
      setStatus("ready", t("friendCopied"));
    }),
  );
  byId("friend-share").addEventListener("click", () =>
    run(() => navigator.share({ title: t("friendTitle"), url: field("friend-link").value })),
  );
  byId("friend-export").addEventListener("click", () => {
    field("friend-backup-text").value = exportText();
  });
  byId("friend-import").addEventListener("click", () =>
    run(async () => {
      for (const saved of importedSaves(field("friend-backup-text").value))
        take(await engine.call("friend_load", { saved }));
    }),
  );
}

function labelPage() {
  setLanguage(settings.lang);
  document.documentElement.lang = language();
  document.title = `${t("friendTitle")} · ${t("title")}`;
  byId("brand-name").textContent = t("title");
  byId("home-link").textContent = t("newMatch");
  for (const element of document.querySelectorAll("[data-text]")) {
    element.textContent = t(/** @type {HTMLElement} */ (element).dataset.text ?? "");
  }
}

async function start() {
  labelPage();
  wire();
  renderList();
  setStatus("loading", t("friendLoading"));
  try {
    const infoUrl = new URL("build-info.json", location.href);
    const response = await fetch(infoUrl, { cache: "no-cache" });
    if (!response.ok) throw new Error(`build-info.json: HTTP ${response.status}`);
    const info = await response.json();
    await engine.start({
      pyodideUrl: new URL(info.pyodide, infoUrl).href,
      wheelUrl: new URL(info.wheel, infoUrl).href,
    });
  } catch (error) {
    setStatus("error", t("loadFailed", { message: /** @type {Error} */ (error).message }));
    return;
  }
  for (const { saved } of storedMatches()) await run(async () => void (await engine.call("friend_load", { saved })));
  current = null;
  renderList();
  setStatus("ready", t("friendReady"));
  const link = location.hash.slice(1);
  if (link.startsWith("f1.")) {
    history.replaceState(null, "", location.pathname + location.search);
    await run(() => openLink(link));
  }
}

start();

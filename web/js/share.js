/**
 * Share links on the game page: the menu's Share panel (a link to the deal in play and one to the whole match), a
 * finished deal's link, and opening a deal link.
 *
 * Links carry a token made by the engine (otv66/links.py, bridge methods deal_link / game_link / open_link) in
 * the URL fragment, which browsers never send to a server:
 *
 *   index.html#deal=d1.…    the same cards, dealer and rules for anyone who opens it
 *   replay.html#game=g1.…   a replay of the whole game (js/replay.js)
 *
 * A link that does not read (cut short, damaged, tampered with, from a newer version) is answered with a message
 * (text only, never markup from the link) and a new game, or the match under way goes on.
 */

import { wireCopy, wireSend } from "./copy-field.js";
import { EngineError } from "./engine.js";
import { engineText } from "./engine-text.js";
import { t } from "./i18n.js";
import { escapeHtml, showMessage, showPanel } from "./panels.js";
import { linkParams, tokenIn } from "./pasted-link.js";
import { st } from "./ship-text.js";

/** @import { Engine } from "./engine.js" */
/** @import { PlayingState } from "./types.js" */
/** @typedef {"deal" | "game"} LinkKind */

/**
 * The share-link token in a location's fragment: `{kind: "deal" | "game", token}`, or null if there is none. What a
 * trip through chats and mail adds to a link (a full stop after it, a line break in it, an app's percent-encoding or
 * `?utm_source=…`) is no part of the token (pasted-link.js); the engine refuses a token that is really damaged.
 * @param {{hash: string}} location  the page's location (or any URL)
 * @returns {{kind: LinkKind, token: string} | null}
 */
export function linkInLocation(location) {
  const params = linkParams(location.hash);
  for (const kind of /** @type {LinkKind[]} */ (["deal", "game"])) {
    const value = params.get(kind);
    if (value !== null) return { kind, token: tokenIn(value) };
  }
  return null;
}

/**
 * The page address for a token: deals open on the game page, games on the replay page. The current page's query
 * stays behind (a shared link carries no one's own choices), but for the names in `keep`.
 * @param {LinkKind} kind
 * @param {string} token
 * @param {string} [base]  the current page's address
 * @param {string[]} [keep]  query parameters to carry over from `base`
 */
export function linkUrl(kind, token, base = location.href, keep = []) {
  const url = new URL(kind === "deal" ? "index.html" : "replay.html", base);
  const from = new URL(base).searchParams;
  url.search = "";
  for (const name of keep) {
    const value = from.get(name);
    if (value !== null) url.searchParams.set(name, value);
  }
  url.hash = `${kind}=${token}`;
  return url.href;
}

/** Forget the fragment (after a deal link was opened, a reload resumes the saved match instead). */
export function clearLinkFromAddress() {
  history.replaceState(history.state, "", location.pathname + location.search);
}

/**
 * Start the deal a deal link names, as the first deal of a new match under its rules, with these `seats`
 * (`{opponent, level}` of the bridge's new_match). Resolves with the bridge state; rejects with an EngineError
 * (`invalid_link`, `unsupported_link`) for a link that does not read.
 * @param {Engine} engine
 * @param {string} token
 * @param {Record<string, unknown>} seats  the seats of the new match, as new_match takes them
 * @returns {Promise<PlayingState>}
 */
export async function startSharedDeal(engine, token, seats) {
  const deal = await readDealLink(engine, token);
  await engine.call("new_match", { rules: deal.rules, first_dealer: deal.dealer, ...seats });
  return engine.call("new_deal", { seed: deal.seed, packets: deal.packets });
}

/**
 * The deal a deal link names (the engine's `open_link` of a deal only); rejects with an EngineError for a link that
 * does not read, or is a link of another kind (a match's: "This is a match link, not a deal link").
 * @param {Engine} engine
 * @param {string} token
 * @returns {Promise<import("./link-types.js").DealLink>}
 */
async function readDealLink(engine, token) {
  return /** @type {import("./link-types.js").DealLink} */ (await engine.call("open_link", { token, kind: "deal" }));
}

const LINK_ERRORS = new Set(["invalid_link", "unsupported_link"]);

/**
 * What is wrong with a link, said in the page's language; any error other than a link's refusal is thrown on.
 * @param {unknown} error
 * @returns {string}
 */
function linkProblem(error) {
  if (!(error instanceof EngineError) || !LINK_ERRORS.has(error.type)) throw error;
  return engineText(error, "french");
}

/**
 * What is wrong with the deal link `token`, said for the player, or null when it opens a deal. Asked before the
 * player is offered to leave his match for the link: a link that cannot open must not take his table's place.
 * @param {Engine} engine
 * @param {string} token
 * @returns {Promise<string | null>}
 */
export async function dealLinkProblem(engine, token) {
  try {
    await readDealLink(engine, token);
    return null;
  } catch (error) {
    return linkProblem(error);
  }
}

/** A link pasted into the address bar of the open game page reloads it, so that it is opened (once, at start-up). */
export function reloadOnPastedLink() {
  window.addEventListener("hashchange", () => {
    if (linkInLocation(location)) location.reload();
  });
}

/**
 * At start-up: if the address holds a deal link, start that deal as a new match (and take the link out of the
 * address, so a reload resumes the saved match instead). Resolves with `{state}`, with `{problem}` (a message for
 * the player) when the link does not read, or with null when there is no deal link. A game link opened on the
 * game page is sent on to the replay page.
 * @param {Engine} engine
 * @param {Record<string, unknown>} seats  the seats of the new match, as new_match takes them
 * @returns {Promise<{state: PlayingState} | {problem: string} | null>}
 */
export async function openLinkedDeal(engine, seats) {
  const link = linkInLocation(location);
  if (!link) return null;
  if (link.kind === "game") {
    location.replace(linkUrl("game", link.token, location.href, ["lang"])); // in the language asked for here
    return null;
  }
  clearLinkFromAddress();
  try {
    return { state: await startSharedDeal(engine, link.token, seats) };
  } catch (error) {
    return { problem: st("linkBrokenText", { message: linkProblem(error) }) };
  }
}

/**
 * What a link of `kind` is called (its heading): a deal's by its number, which
 * says which deal it is while the next one waits to be dealt.
 * @param {LinkKind} kind
 * @param {number} [deal]
 */
function linkName(kind, deal) {
  return st(LINK_TEXTS[kind].title, deal === undefined ? {} : { n: deal });
}

/** What a link of each kind is called (its heading), what it does, and what a share sheet sends with it. */
const LINK_TEXTS = {
  deal: { title: "shareDealTitle", text: "shareDealText", sent: "shareDealSent" },
  game: { title: "shareGameTitle", text: "shareGameText", sent: "shareGameSent" },
};

/**
 * The engine's token for the deal in play or the whole match (bridge `deal_link` / `game_link`); rejects with the
 * engine's error when there is none.
 * @param {Engine} engine
 * @param {LinkKind} kind
 * @returns {Promise<string>}
 */
export async function linkToken(engine, kind) {
  const { token } = await engine.call(kind === "deal" ? "deal_link" : "game_link");
  return token;
}

/**
 * One link's part of a share panel: what the link does, then the link with a Copy button, and a Send button where
 * the device has a share sheet (a phone: the link goes straight to a chat). A link the engine could not make is
 * said in its place. With `heading`, the part starts with the link's name (a panel of more than one link).
 * @param {LinkKind} kind
 * @param {{url: string} | {problem: unknown}} made
 * @param {boolean} heading
 * @param {number} [deal]  the number of the deal the deal's link is for
 */
function linkSection(kind, made, heading, deal) {
  const texts = LINK_TEXTS[kind];
  const name = linkName(kind, deal);
  const title = heading ? `<h3 class="share-title">${escapeHtml(name)}</h3>` : "";
  if ("problem" in made) {
    const reason = engineText(made.problem, "french");
    // A deal's link held back until the deal is over is no failure ("could not be made" read as one): when it comes.
    const later = /** @type {{reason?: string}} */ (made.problem)?.reason === "deal_in_progress";
    const said = later ? reason : st("shareFailed", { reason });
    return `<section class="share-link">${title}<p>${escapeHtml(said)}</p></section>`;
  }
  return `<section class="share-link">${title}<p>${escapeHtml(st(texts.text))}</p>
    <p class="share-buttons"><input class="share-url" id="share-url-${kind}" readonly value="${escapeHtml(made.url)}"
      aria-label="${escapeHtml(name)}"> <button type="button" id="share-copy-${kind}"></button>
      <button type="button" id="share-send-${kind}" hidden></button></p></section>`;
}

/**
 * Ask the engine for the links of `kinds` and show them in one panel, each with its Copy and Send buttons. One
 * link is shown under its own name as the panel's title (the result panel's deal link); several under the menu's
 * name ("Share"), each under its heading.
 * @param {Engine} engine
 * @param {HTMLDialogElement} dialog
 * @param {LinkKind[]} kinds
 * @param {number} [deal]  the number of the deal on the table, for its link (between deals, the one just played)
 */
export async function share(engine, dialog, kinds, deal) {
  const made = await Promise.all(
    kinds.map((kind) =>
      linkToken(engine, kind).then(
        (token) => ({ url: linkUrl(kind, token) }),
        (/** @type {unknown} */ problem) => ({ problem }),
      ),
    ),
  );
  const single = kinds.length === 1;
  await showPanel(dialog, {
    title: single ? linkName(kinds[0], deal) : st("share"),
    body: kinds.map((kind, index) => linkSection(kind, made[index], !single, deal)).join(""),
    buttons: [{ label: st("close"), value: "close", primary: true }],
    cancelValue: "close",
    kind: "share",
    setup(panel) {
      for (const kind of kinds) {
        const input = /** @type {HTMLInputElement | null} */ (panel.querySelector(`#share-url-${kind}`));
        if (!input) continue;
        wireCopy(input, /** @type {HTMLButtonElement} */ (panel.querySelector(`#share-copy-${kind}`)));
        const send = /** @type {HTMLButtonElement} */ (panel.querySelector(`#share-send-${kind}`));
        // Said to whoever gets the link: the sender's own heading ("Link za deljenje 1") told him nothing.
        wireSend(
          input,
          send,
          () => t("title"),
          () => st(LINK_TEXTS[kind].sent),
        );
      }
    },
  });
}

/**
 * Add the menu's Share button: one panel with the links to the deal in play and to the whole match. `table()` says
 * whether the table may be interrupted now (`busy`: not, the press is let go), and the number of the deal on it:
 * before the match's first deal is dealt (null) there is nothing to link to, and the panel says so rather than
 * nothing at all.
 * @param {Element} menu
 * @param {Engine} engine
 * @param {HTMLDialogElement} dialog
 * @param {() => {busy: boolean, deal: number | null}} table
 */
export function addShareButton(menu, engine, dialog, table) {
  const button = document.createElement("button");
  button.type = "button";
  button.id = "share-button";
  button.className = "menu-button ship-share";
  button.addEventListener("click", () => {
    const { busy, deal } = table();
    if (busy) return;
    if (deal === null) showMessage(dialog, st("share"), st("shareNoDealYet"));
    else share(engine, dialog, ["deal", "game"], deal);
  });
  menu.append(button);
  labelShareButton(menu);
}

/** The Share button's label in the current language (again after a language switch). */
export function labelShareButton(/** @type {ParentNode} */ root = document) {
  const button = root.querySelector("#share-button");
  if (button) button.textContent = st("share");
}

/**
 * The page shell around the table (index.html): its menu, the labels of its buttons, and the two questions the
 * shell asks (leave the match in progress? play the match here?). No game state lives here.
 */

import { byId } from "./dom.js";
import { frameInUse } from "./embed.js";
import { asSentences, language, t } from "./i18n.js";
import { escapeHtml, showPanel } from "./panels.js";

/** @import { PanelDialog } from "./panels.js" */

/** Texts said in this frame, to be added to the live region at the next one (null: none waiting). */
let waiting = /** @type {string[] | null} */ (null);

/** How long a text said stays in the live region: a screen reader reads it long before (Chromium passes the page's
 * accessibility tree on in batches, every 150 ms after load), a person in browse mode finds the last ones there. */
const SAID_FOR_MS = 7000;

/**
 * Say `text` to screen readers: it is added to the live region as a paragraph of its own (`aria-relevant="additions"`,
 * so the same words are said again) and taken out seconds later. A text replaced within the accessibility tree's batch
 * was never read: when the region held one text at a time, "Štih nosi Računar" lived 12–50 ms before the computer's
 * next lead replaced it. Texts said in one moment are said together, as sentences ("Računar: as tref. Štih nosi
 * Računar."), in the order they came.
 * @param {string} text
 */
export function announce(text) {
  if (waiting) {
    waiting.push(text);
    return;
  }
  const texts = [text];
  waiting = texts;
  requestAnimationFrame(() => {
    waiting = null;
    const said = document.createElement("p");
    said.textContent = texts.length > 1 ? asSentences(texts) : text;
    byId("announcer").append(said);
    setTimeout(() => said.remove(), SAID_FOR_MS);
  });
}

/** The shell's menu and buttons labelled in the current language. */
export function labelShell() {
  /** @type {Record<string, string>} */
  const labels = {
    "new-match-button": t("newMatch"),
    "history-button": t("history"),
    "settings-button": t("settings"),
    "rules-button": t("rulesButton"),
    "friend-menu-link": t("friendMenu"),
    "hint-button": t("hint"),
    "last-trick-button": t("lastTrick"),
    "retry-button": t("retry"),
    "skip-to-cards": t("skipToCards"),
  };
  byId("menu-toggle").setAttribute("aria-label", t("menu"));
  for (const [id, text] of Object.entries(labels)) byId(id).textContent = text;
  // A page opened in a language by its address sends the player on to the friend page in the language it shows (the
  // address's, or the one chosen since in Settings), not in the one remembered on the device (language-picker.js).
  const inAddress = new URLSearchParams(location.search).has("lang");
  byId("friend-menu-link").setAttribute("href", inAddress ? `friend.html?lang=${language()}` : "friend.html");
}

/** @typedef {(at: number, count: number) => number} MenuMove */

/** @type {MenuMove} */
const nextItem = (at, count) => (at + 1) % count;
/** @type {MenuMove} */
const previousItem = (at, count) => (at <= 0 ? count : at) - 1;

/**
 * The keys that move the focus through the menu's items: each gives the index of the item to focus from that of the
 * focused one (`at`, -1 on the menu's button) among `count`, wrapping round at the ends. Both pairs of arrows work,
 * the menu being a column when folded and a row when not.
 * @type {Record<string, MenuMove>}
 */
const MENU_KEYS = {
  ArrowDown: nextItem,
  ArrowRight: nextItem,
  ArrowUp: previousItem,
  ArrowLeft: previousItem,
  Home: () => 0,
  End: (_at, count) => count - 1,
};

/**
 * On small screens the menu folds behind one button; choosing an item folds it again. Focus that was in the folded
 * menu goes to its button, so the keyboard goes on from there (and a panel opened from the menu gives focus back
 * to it when it closes: the browser returns focus to what had it before). The arrow keys, Home and End move among
 * the shown items, from the open menu's button too; handled here, they do not go on to the cards (input.js).
 */
export function wireMenu() {
  const toggle = byId("menu-toggle");
  const menu = byId("menu");
  /** @param {boolean} open */
  const setOpen = (open) => {
    toggle.setAttribute("aria-expanded", String(open));
    menu.classList.toggle("open", open);
    if (!open && menu.contains(document.activeElement) && toggle.getClientRects().length > 0) toggle.focus();
  };
  toggle.addEventListener("click", () => setOpen(toggle.getAttribute("aria-expanded") !== "true"));
  // Capture: the menu folds before the item's own action opens its panel.
  menu.addEventListener(
    "click",
    (event) => {
      if (/** @type {Element} */ (event.target).closest("button")) setOpen(false);
    },
    true,
  );
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && toggle.getAttribute("aria-expanded") === "true") setOpen(false);
  });
  const moveFocus = (/** @type {KeyboardEvent} */ event) => {
    const move = MENU_KEYS[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.currentTarget === toggle && toggle.getAttribute("aria-expanded") !== "true") return;
    const all = /** @type {NodeListOf<HTMLElement>} */ (menu.querySelectorAll(".menu-button"));
    const items = [...all].filter((item) => item.getClientRects().length > 0);
    if (!items.length) return;
    items[move(items.indexOf(/** @type {HTMLElement} */ (event.target)), items.length)].focus();
    event.preventDefault();
  };
  menu.addEventListener("keydown", moveFocus);
  toggle.addEventListener("keydown", moveFocus);
  // Focus that leaves the open menu and its button (Tab, a number key to a card) folds it: focus must not go on
  // behind it, out of sight.
  const foldWhenLeft = (/** @type {FocusEvent} */ event) => {
    const next = /** @type {Node | null} */ (event.relatedTarget);
    if (next && !menu.contains(next) && next !== toggle) setOpen(false);
  };
  menu.addEventListener("focusout", foldWhenLeft);
  toggle.addEventListener("focusout", foldWhenLeft);
}

/**
 * Whether the person really wants to leave the match in progress (null: the panel was closed).
 * @param {PanelDialog} dialog
 * @returns {Promise<boolean | null>}
 */
export function confirmNewMatch(dialog) {
  return showPanel(dialog, {
    title: t("newMatch"),
    body: `<p>${escapeHtml(t("confirmNewMatch"))}</p>`,
    buttons: [
      { label: t("newMatch"), value: true, primary: true, id: "confirm-new-match" },
      { label: t("cancel"), value: false },
    ],
    cancelValue: false,
    describedByBody: true,
  });
}

/**
 * Another tab took this match (the game page's, or a club challenge's attempt): true once the person chooses to play
 * it in this tab, false when the panel was closed otherwise.
 * @param {PanelDialog} dialog
 * @param {string} [title]
 * @param {string} [text]  what becomes of this tab until then
 * @returns {Promise<boolean>}
 */
export async function askToPlayHere(dialog, title = t("otherTabTitle"), text = t("otherTab")) {
  // In a club's frame he is not using (another tab of the club's page took the match), the question waits for him:
  // its button took the club page's keyboard, and his next Enter took the match back.
  await frameInUse();
  const answer = await showPanel(dialog, {
    title,
    body: `<p>${escapeHtml(text)}</p>`,
    buttons: [{ label: t("playHere"), value: true, primary: true, id: "play-here" }],
    describedByBody: true,
  });
  return answer === true;
}

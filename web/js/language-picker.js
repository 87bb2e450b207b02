/**
 * The language picker of the pages outside the game (club.html, friend.html): which language the page reads in, and
 * the `<select>` in its header that changes it.
 *
 * One choice serves every page: it is remembered in the game's settings (settings.js), where the game page's
 * Settings keep it too, so a language chosen on one page is the one the others open in. The address's `lang` (a
 * club's iframe, the organiser's own standings link) overrules it for that visit only.
 */

import { deviceStorage } from "./device-storage.js";
import { browserLanguage, isLanguage, LANGUAGE_NAMES, language, setLanguage, t } from "./i18n.js";
import { savedLanguage, saveLanguage } from "./settings.js";

/** @import { Language } from "./types.js" */

/** Where the club page kept its language before it shared the game's settings (read once, then removed). */
export const FORMER_CLUB_KEY = "otv66.club.language";

/**
 * The page's language for this visit: the address's `lang` (an embedded challenge speaks its club's language),
 * else the one remembered on this device, else the browser's.
 * @param {string} search  the page address's query
 * @param {string | null} remembered  the language chosen on this device before (savedLanguage), or null
 * @param {Language} browser  the browser's language (i18n.js `browserLanguage`)
 * @returns {Language}
 */
export function visitLanguage(search, remembered, browser) {
  const asked = new URLSearchParams(search).get("lang");
  if (isLanguage(asked)) return asked;
  return isLanguage(remembered) ? remembered : browser;
}

/**
 * The address of another page of the site (`page`, with no query or fragment of its own), with the visit's `lang`
 * carried along where the address has one: a page opened in a language by its address sends the player on in that
 * language, not in the one remembered on this device.
 * @param {string} page
 * @param {string} search  the page address's query
 */
export function inVisitLanguage(page, search) {
  const asked = new URLSearchParams(search).get("lang");
  return isLanguage(asked) ? `${page}?lang=${asked}` : page;
}

/**
 * The language remembered on this device, or null: the one in the game's settings; where they have none, the one
 * the club page kept under its former key, moved into them. The former key goes either way.
 * @returns {Language | null}
 */
export function rememberedLanguage(/** @type {Storage} */ storage = deviceStorage()) {
  let former = null;
  try {
    former = storage.getItem(FORMER_CLUB_KEY);
    storage.removeItem(FORMER_CLUB_KEY);
  } catch {
    // no storage: nothing was remembered
  }
  const saved = savedLanguage(storage);
  if (saved || !isLanguage(former)) return saved;
  saveLanguage(former, storage);
  return former;
}

/** Set the page's language for this visit (visitLanguage); call it before the page writes any text. */
export function startLanguage() {
  setLanguage(visitLanguage(location.search, rememberedLanguage(), browserLanguage()));
}

/**
 * Put the language picker first in `menu` (the header's nav), showing the page's language. A choice is remembered
 * in the settings and the page loads again in it, the address's `lang` dropped (it would overrule the choice: the
 * page's later links open it without one); the fragment stays, and what else the page shows again it keeps itself
 * (friend.html: the match on the table, for the tab).
 * @param {HTMLElement} menu
 * @param {string} id  the picker's id
 * @returns {HTMLSelectElement}
 */
export function addLanguagePicker(menu, id) {
  const picker = document.createElement("select");
  picker.id = id;
  picker.setAttribute("aria-label", t("language"));
  picker.append(...LANGUAGE_NAMES.map(({ code, short }) => new Option(short, code))); // short: a phone's header
  picker.value = language();
  picker.addEventListener("change", () => {
    saveLanguage(/** @type {Language} */ (picker.value));
    const url = new URL(location.href);
    url.searchParams.delete("lang");
    history.replaceState(null, "", url.href); // no navigation (a new fragment would not load the page again)
    location.reload();
  });
  menu.prepend(picker);
  return picker;
}

/**
 * The Embed page: a club's webmaster sets up the game in a form (the computer's level, the game's language,
 * cards and sound, the club's rules: Settings' own fields and names), and the copy-paste snippet with this site's address and
 * the preview frame follow each choice; under them, every address option for those who write it themselves, and the
 * events the game posts (as text). The page reads in the language of the other pages outside the game (its header's
 * picker: language-picker.js); its texts are in ship-text.js.
 */

import { wireCopy } from "./copy-field.js";
import { byId } from "./dom.js";
import { embedAddress, FRAME_STYLE, frameSnippet } from "./embed.js";
import { isLanguage, language, TEXTS, t } from "./i18n.js";
import { addLanguagePicker, inVisitLanguage, startLanguage } from "./language-picker.js";
import { LEVEL_RATINGS } from "./level-ratings.js";
import { checkbox, checkTarget, readRules, ruleFields, select } from "./rule-fields.js";
import { applyOverrides, defaultSettings } from "./settings.js";
import { deckOptions, languageOptions, ratedLevelName } from "./settings-panel.js";
import { st } from "./ship-text.js";

/** @import { Settings } from "./types.js" */

/**
 * The computer's levels, the weakest first: those the benchmark rated (level-ratings.js, written from the engine's
 * list), as the page starts no engine to ask it.
 */
const LEVELS = Object.keys(LEVEL_RATINGS);
/** The level the form starts at: a club's visitor plays a club player. */
const START_LEVEL = "club";

/**
 * Put `text` into `element` as plain text, each `backticked` part as a `<code>` element.
 * @param {HTMLElement} element
 * @param {string} text
 */
function fillWithCode(element, text) {
  element.replaceChildren(
    ...text.split("`").map((part, index) => {
      if (index % 2 === 0) return part;
      const code = document.createElement("code");
      code.textContent = part;
      return code;
    }),
  );
}

/**
 * The page's texts in its language: each `data-st` element gets the text of its key; the header's brand, and its links
 * to the game and to the club challenge, which carry the address's `lang` along (inVisitLanguage), as the club and
 * friend pages' do.
 */
function translate() {
  document.title = st("embedTitle");
  for (const element of document.querySelectorAll("[data-st]")) {
    fillWithCode(/** @type {HTMLElement} */ (element), st(/** @type {HTMLElement} */ (element).dataset.st ?? ""));
  }
  byId("brand-name").textContent = t("title");
  const home = byId("home-link");
  home.textContent = t("playComputer");
  home.setAttribute("href", inVisitLanguage("index.html", location.search));
  byId("club-page-link").setAttribute("href", inVisitLanguage("club.html", location.search));
}

/**
 * The game the form starts with: the club level, in the page's language, the rest as a first visit has it, with
 * Hint and Undo; or what the webmaster chose before the page was loaded again (the address's fragment keeps it: a
 * change of the page's language reloads it).
 * @param {Settings} firstVisit
 * @returns {{game: Settings, help: boolean}}
 */
function startingGame(firstVisit) {
  const start = { ...firstVisit, lang: language(), level: START_LEVEL };
  const { settings: chosen, help } = applyOverrides(start, new URLSearchParams(location.hash.slice(1)));
  return { game: LEVELS.includes(chosen.level ?? "") ? chosen : { ...chosen, level: START_LEVEL }, help };
}

/**
 * Fill the form's fields with `game`: the computer's level, the game's language and cards, named as Settings names
 * them, and the rules, Settings' own fields (their defaults and the target's range are theirs), with a note under
 * the target for a number out of that range.
 * @param {Settings} game
 * @param {boolean} help  Hint and Undo on the table (the address's `help=0` takes them off)
 */
function showForm(game, help) {
  byId("embed-game").innerHTML = [
    select(
      "level",
      t("level"),
      LEVELS.map((name) => [name, ratedLevelName(name)]),
      game.level,
    ),
    select("lang", st("embedLanguage"), languageOptions(), game.lang),
    select("deck", t("deck"), deckOptions(), game.deck),
    checkbox("sound", t("sound"), game.sound),
    checkbox("help", st("embedHelp"), help),
  ].join("");
  const rules = byId("embed-rules");
  rules.innerHTML = ruleFields(game.rules);
  const legend = document.createElement("legend");
  legend.textContent = st("embedRules");
  rules.prepend(legend);
}

/**
 * The game chosen in the form; `shown`'s target while the target field holds no number of its range (its note says
 * which numbers it takes).
 * @param {HTMLFormElement} form
 * @param {Settings} shown  the game the snippet frames now
 * @returns {Settings}
 */
function chosenGame(form, shown) {
  const fields = /** @type {Record<string, HTMLInputElement>} */ (/** @type {unknown} */ (form.elements));
  checkTarget(form);
  // The form offers only valid choices (a wrong target keeps the one shown), so the values have the types of Settings.
  return /** @type {Settings} */ ({
    ...shown,
    level: fields.level.value,
    lang: fields.lang.value,
    deck: fields.deck.value,
    sound: fields.sound.checked,
    rules: readRules(form, shown.rules),
  });
}

/** Fill in the page (embed-info.html): the form, the snippet and its Copy button, the preview frame and its event log. */
function start() {
  startLanguage(); // the address's `lang`, else the one chosen on any of the game's pages, else the browser's
  addLanguagePicker(byId("menu"), "embed-language"); // the form's choices, in the fragment, stay across its reload
  translate();
  const gameUrl = new URL("index.html", location.href);
  const field = /** @type {HTMLTextAreaElement} */ (byId("snippet"));
  wireCopy(field, /** @type {HTMLButtonElement} */ (byId("copy-snippet")), undefined, "embedCopy");
  const preview = /** @type {HTMLIFrameElement} */ (byId("preview"));
  preview.style.cssText = FRAME_STYLE;
  const log = byId("event-log");
  window.addEventListener("message", (event) => {
    if (event.source !== preview.contentWindow || event.data?.source !== "otv66") return;
    if (event.data.type === "resize") preview.style.height = `${Math.min(event.data.height, innerHeight)}px`;
    const item = document.createElement("li");
    item.textContent = JSON.stringify(event.data);
    log.append(item);
  });
  const firstVisit = defaultSettings();
  /**
   * Frame the game `game`, with Hint and Undo or without (`help`): the snippet's address, and with `andPreview` the
   * preview's, which loads only a new address (a whole game). Returns the snippet's address.
   */
  const frame = (/** @type {Settings} */ game, /** @type {boolean} */ help, andPreview = true) => {
    const src = embedAddress(gameUrl, game, firstVisit, help);
    // The frame's title, which a screen reader says on entering it, in the game's language ("Отворени 66").
    const code = frameSnippet(src, TEXTS[isLanguage(game.lang) ? game.lang : "sr-Latn"].title);
    field.value = code;
    field.rows = code.split("\n").length;
    const shown = new URL(src);
    shown.searchParams.set("preview", "1"); // its own storage: never the player's save
    if (andPreview && preview.src !== shown.href) preview.src = shown.href;
    return src;
  };
  let { game, help } = startingGame(firstVisit);
  showForm(game, help);
  frame(game, help);
  const form = /** @type {HTMLFormElement} */ (byId("embed-form"));
  form.addEventListener("submit", (event) => event.preventDefault()); // Enter in the target field: nothing to send
  /** The snippet follows each keystroke; the preview, a whole game to load, a choice made (a target typed in full). */
  const follow = (/** @type {Event} */ event) => {
    game = chosenGame(form, game);
    help = /** @type {HTMLInputElement} */ (form.elements.namedItem("help")).checked;
    // The choice, kept in the page's fragment across a reload (a new language for the page: startingGame).
    history.replaceState(null, "", `#${frame(game, help, event.type === "change").searchParams}`);
  };
  form.addEventListener("input", follow);
  form.addEventListener("change", follow);
}

start();

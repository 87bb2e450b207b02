/**
 * Settings: defaults, remembered in localStorage, and one-off overrides from the page URL.
 *
 * Rule options are passed to the engine as they are (it validates them); the page only
 * checks that a value has the right shape before keeping it.
 */

import { deviceStorage, keepAside } from "./device-storage.js";
import { browserLanguage, isLanguage } from "./i18n.js";

/** @import { Language, Rules, Settings, Speed } from "./types.js" */

const KEY = "otv66.settings";

/**
 * Animation speeds: a factor on every animation and on the computer's "thinking" pause (0 = off). "normal" keeps the
 * wait from a click to the person's next turn near a second (tools/bench_pace.py); the others are scaled around it.
 */
/** @type {Record<Speed, number>} */
export const SPEEDS = { off: 0, fast: 0.3, normal: 0.5, slow: 0.9 };
/**
 * How long a finished trick stays in the middle before it goes to its winner, in seconds per unit of SPEEDS.
 * `byOther`: finished by the other player's card, at "normal" 0.8 s, long enough to read it (a tap or a key on the
 * game page ends the wait). `byOwnCard`: on the game page, finished by the person's own card (he has seen the other's
 * in it), at "normal" a fifth of a second, the game's brisk pace.
 */
export const TRICK_SHOWN = { byOther: 1.6, byOwnCard: 0.4 };

/** The most game points a match can be played to (the engine's MAX_TARGET: otv66/rules.py; a test pins it). */
export const MAX_TARGET = 99;

/** The fewest game points a match can be played to (the engine's MIN_TARGET; a test pins it). */
export const MIN_TARGET = 1;

/**
 * Each choice rule's values (the engine's ClaimMode and DealerRule: otv66/rules.py; a test pins them).
 * @type {{claim: readonly Rules["claim"][], dealer: readonly Rules["dealer"][]}}
 */
export const RULE_CHOICES = { claim: ["auto", "manual"], dealer: ["winner", "alternate"] };

/**
 * Whether `value` is a match length the engine takes: a whole number from MIN_TARGET to MAX_TARGET.
 * @param {unknown} value
 * @returns {value is number}
 */
export function isTarget(value) {
  return Number.isInteger(value) && Number(value) >= MIN_TARGET && Number(value) <= MAX_TARGET;
}

/** The page's default rules (the engine's defaults: otv66/rules.py; a test pins them). */
/** @type {Rules} */
export const DEFAULT_RULES = { must_beat: false, claim: "auto", dealer: "winner", draw_bonus: false, target: 7 };

/**
 * The settings of a first visit: the browser's language, no animation where the system asks for reduced motion.
 * @returns {Settings}
 */
export function defaultSettings() {
  return {
    opponent: "computer", // "computer" | "human" (hot-seat)
    level: null, // null = the engine's default level
    rules: { ...DEFAULT_RULES },
    lang: browserLanguage(),
    deck: "french", // "french" | "german"
    speed: globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ? "off" : "normal",
    sound: true,
  };
}

/**
 * `base` with the known keys of `data` whose values have the right type (anything else in `data` is ignored).
 * @param {any} data  parsed JSON from storage, or settings with overrides applied
 * @param {Settings} base
 * @returns {Settings}
 */
function sanitize(data, base) {
  const out = structuredClone(base);
  if (!data || typeof data !== "object") return out;
  if (data.opponent === "computer" || data.opponent === "human") out.opponent = data.opponent;
  if (typeof data.level === "string" && /^[a-z_]{1,30}$/.test(data.level)) out.level = data.level;
  if (isLanguage(data.lang)) out.lang = data.lang;
  if (data.deck === "french" || data.deck === "german") out.deck = data.deck;
  if (typeof data.speed === "string" && Object.hasOwn(SPEEDS, data.speed)) out.speed = data.speed;
  if (typeof data.sound === "boolean") out.sound = data.sound;
  const rules = data.rules && typeof data.rules === "object" ? data.rules : {};
  for (const key of /** @type {const} */ (["must_beat", "draw_bonus"])) {
    if (typeof rules[key] === "boolean") out.rules[key] = rules[key];
  }
  const claim = RULE_CHOICES.claim.find((value) => value === rules.claim);
  const dealer = RULE_CHOICES.dealer.find((value) => value === rules.dealer);
  if (claim) out.rules.claim = claim;
  if (dealer) out.rules.dealer = dealer;
  if (isTarget(rules.target)) out.rules.target = rules.target;
  return out;
}

/**
 * The stored settings as they were written (not checked, no defaults filled in), or null.
 * @param {Storage} storage
 * @returns {Record<string, unknown> | null}
 */
function storedData(storage) {
  try {
    const data = JSON.parse(storage.getItem(KEY) ?? "null");
    return data && typeof data === "object" && !Array.isArray(data) ? data : null;
  } catch {
    return null;
  }
}

/**
 * Keep the stored settings aside (device-storage.js keepAside) when they do not read as settings (damaged text, not
 * an object), so that no write over them loses them. True when they were kept aside: the page says so.
 * @param {Storage} storage
 */
function keepUnreadableAside(storage) {
  try {
    const text = storage.getItem(KEY);
    return text !== null && storedData(storage) === null && keepAside(storage, KEY, text);
  } catch {
    return false; // a storage that cannot be read holds nothing to keep
  }
}

/**
 * Move stored settings that do not read aside (the page then uses the defaults, and stores the player's next choice
 * in their place): true when there were such settings, so the page tells the player once (the next visit finds
 * none). Settings the storage will not keep aside stay where they are, and the page says nothing.
 */
export function setAsideUnreadableSettings(/** @type {Storage} */ storage = deviceStorage()) {
  if (!keepUnreadableAside(storage)) return false;
  try {
    storage.removeItem(KEY);
  } catch {
    // kept aside all the same
  }
  return true;
}

/** The remembered settings (defaults for what is missing or malformed). */
export function loadSettings(/** @type {Storage} */ storage = deviceStorage()) {
  return sanitize(storedData(storage), defaultSettings());
}

/**
 * Remember what the player chose in Settings for the next visits: the values he changed from those `shown` to him,
 * over the stored ones. What he left alone stays as stored, so a visit's URL options (`?speed=off`, shown in the
 * form because they apply to this visit) are never saved by a change of something else, and a setting never chosen
 * keeps following its default (the browser's language, the system's reduced motion).
 * @param {Settings} shown  the settings the form opened with (this visit's, URL options included)
 * @param {Settings} chosen  the settings the form closed with
 * @returns {boolean} whether they are kept (false: the storage refused them, they apply to this visit only)
 */
export function saveChosenSettings(shown, chosen, /** @type {Storage} */ storage = deviceStorage()) {
  const { changes, ruleChanges } = changedSettings(shown, chosen);
  return updateStored(storage, (stored) => {
    const storedRules = stored.rules && typeof stored.rules === "object" ? stored.rules : {};
    const rules = Object.keys(ruleChanges).length ? { rules: { ...storedRules, ...ruleChanges } } : {};
    return { ...stored, ...changes, ...rules };
  });
}

/**
 * Write the stored settings as `update` makes them of those stored now (an empty object where none read). Settings
 * that do not read are kept aside first (keepUnreadableAside), so that no write loses them. A storage that refuses
 * the write (private mode, a full quota) keeps what it had (false): the choice still applies to this visit.
 * @param {Storage} storage
 * @param {(stored: Record<string, unknown>) => Record<string, unknown>} update
 * @returns {boolean}
 */
function updateStored(storage, update) {
  keepUnreadableAside(storage);
  try {
    storage.setItem(KEY, JSON.stringify(update(storedData(storage) ?? {})));
    return true;
  } catch {
    return false;
  }
}

/**
 * The settings the player changed from those `shown` to him: the page settings and, apart, the rules.
 * @param {Settings} shown
 * @param {Settings} chosen
 */
function changedSettings(shown, chosen) {
  /** @type {Record<string, unknown>} */
  const changes = {};
  for (const [key, value] of Object.entries(chosen))
    if (key !== "rules" && value !== shown[/** @type {keyof Settings} */ (key)]) changes[key] = value;
  /** @type {Record<string, unknown>} */
  const ruleChanges = {};
  for (const [key, value] of Object.entries(chosen.rules))
    if (value !== shown.rules[/** @type {keyof Rules} */ (key)]) ruleChanges[key] = value;
  return { changes, ruleChanges };
}

/**
 * The page address `href` without the options (applyOverrides) that set what the player has just changed in Settings
 * (`shown` to `chosen`): an address option overrules the stored settings at every load, so after a reload a language
 * or a level chosen there would give way to the address's again. The other options, and the fragment, stay.
 * @param {string} href
 * @param {Settings} shown
 * @param {Settings} chosen
 * @returns {string}
 */
export function addressAfterChoice(href, shown, chosen) {
  const { changes, ruleChanges } = changedSettings(shown, chosen);
  const changed = new Set([...Object.keys(changes), ...Object.keys(ruleChanges)]);
  const url = new URL(href);
  for (const key of URL_OPTIONS) if (changed.has(key)) url.searchParams.delete(key);
  return url.href;
}

/**
 * The language remembered in the settings, or null where none was ever chosen (loadSettings would give the
 * browser's then, which is no choice of the player's).
 * @returns {Language | null}
 */
export function savedLanguage(/** @type {Storage} */ storage = deviceStorage()) {
  const lang = storedData(storage)?.lang;
  return isLanguage(lang) ? lang : null;
}

/**
 * Remember `lang` in the settings, and nothing else: the other settings stay as stored, and those never chosen
 * keep following their defaults (the browser's, the system's reduced motion).
 * @param {Language} lang
 */
export function saveLanguage(lang, /** @type {Storage} */ storage = deviceStorage()) {
  updateStored(storage, (stored) => ({ ...stored, lang }));
}

/**
 * A yes/no URL value: 1/true/yes or 0/false/no; undefined for anything else (or no value).
 * @param {string | null} text
 */
function parseBool(text) {
  if (text === "1" || text === "true" || text === "yes") return true;
  if (text === "0" || text === "false" || text === "no") return false;
  return undefined;
}

/**
 * The options of a page address that set settings (the rest: `seed`, `embed`), by their names there: the page
 * settings, those on or off (1 or 0), the yes/no rules (1 or 0), the rules with a choice, and `target`.
 * applyOverrides reads them and settingsQuery writes them.
 */
const URL_SETTINGS = /** @type {const} */ (["lang", "level", "deck", "speed", "opponent"]);
/** Page settings that are on or off (1 or 0): an embedded game has no Settings to turn its sounds off. */
const URL_SETTING_SWITCHES = /** @type {const} */ (["sound"]);
const URL_SWITCHES = /** @type {const} */ (["must_beat", "draw_bonus"]);
const URL_CHOICES = /** @type {const} */ (["claim", "dealer"]);
/** Every option name above, as applyOverrides reads them. */
const URL_OPTIONS = [...URL_SETTINGS, ...URL_SETTING_SWITCHES, ...URL_SWITCHES, ...URL_CHOICES, "target"];

/**
 * Apply URL overrides (URL_OPTIONS, and `seed`, `embed`, `help`) to a copy of `settings`. They are for this visit only
 * and are never saved. Returns `{settings, seed, embed, help, ruleOverrides, refused}`: `help` false where the address
 * says `help=0` (a club's frame for play without Hint and Undo), `ruleOverrides` the rule options the
 * address set, `refused` those of its options whose values no setting takes ("target=0", "claim=sometimes", "seed=abc")
 * and those whose names are misspelled ("levle=master (level?)"), which the page names (the usual value applies) rather
 * than ignore unsaid. A level is the engine's to know: one it does not is named once it has started (app.js).
 * @param {Settings} settings
 * @param {URLSearchParams} params  the page URL's query
 * @returns {{settings: Settings, seed: number | null, embed: boolean, help: boolean,
 *   ruleOverrides: Partial<Record<keyof Rules, unknown>>, refused: string[]}}
 */
export function applyOverrides(settings, params) {
  /** @type {Record<string, unknown> & {rules: Record<string, unknown>}} */
  const raw = { rules: { ...settings.rules } };
  /** @type {Partial<Record<keyof Rules, unknown>>} */
  const asked = {};
  for (const key of URL_SETTINGS) if (params.has(key)) raw[key] = params.get(key);
  for (const key of URL_SETTING_SWITCHES) if (params.has(key)) raw[key] = parseBool(params.get(key));
  if (params.get("opponent") === "hotseat") raw.opponent = "human";
  for (const key of URL_SWITCHES) if (params.has(key)) asked[key] = parseBool(params.get(key));
  for (const key of URL_CHOICES) if (params.has(key)) asked[key] = params.get(key);
  if (params.has("target")) asked.target = Number(params.get("target"));
  raw.rules = { ...raw.rules, ...asked };
  const merged = sanitize({ ...settings, ...raw, rules: raw.rules }, settings);
  const taken = (/** @type {string} */ key) =>
    key in asked
      ? merged.rules[/** @type {keyof Rules} */ (key)] === asked[/** @type {keyof Rules} */ (key)]
      : merged[/** @type {keyof Settings} */ (key)] === raw[key];
  const refused = URL_OPTIONS.filter((key) => params.has(key) && !taken(key)).map(
    (key) => `${key}=${shortened(params.get(key) ?? "")}`,
  );
  const ruleOverrides = Object.fromEntries(Object.entries(asked).filter(([key]) => taken(key)));
  const seedText = params.get("seed");
  const seed = seedText !== null && /^\d{1,15}$/.test(seedText) ? Number(seedText) : null;
  if (seedText !== null && seed === null) refused.push(`seed=${shortened(seedText)}`); // other deals than asked
  const helpText = params.get("help");
  if (helpText !== null && helpText !== "0" && helpText !== "1") refused.push(`help=${shortened(helpText)}`);
  for (const [name, value] of params) {
    const meant = misspelled(name);
    if (meant) refused.push(`${shortened(name)}=${shortened(value)} (${meant}?)`);
  }
  const embed = params.get("embed") === "1";
  return { settings: merged, seed, embed, help: helpText !== "0", ruleOverrides, refused };
}

/** Every option name a page address may carry: the settings', `seed`, `embed`, `help` and the Embed page's `preview`. */
const ADDRESS_NAMES = [...URL_OPTIONS, "seed", "embed", "help", "preview"];

/**
 * The option name `name` was likely meant as, when it is none itself: the same but for capitals, or one or two
 * letters off (`levle`, `mustbeat`, `Target`). A name further from all of them is another site's (`fbclid`,
 * `utm_source`, added when a link is shared) and is no mistake to name.
 * @param {string} name
 * @returns {string | null}
 */
function misspelled(name) {
  if (ADDRESS_NAMES.includes(name)) return null;
  const lower = name.toLowerCase();
  const near = (/** @type {string} */ known) =>
    editDistance(lower, known) <= (Math.min(lower.length, known.length) >= 5 ? 2 : 1);
  return ADDRESS_NAMES.find(near) ?? null;
}

/**
 * How many letters must be put in, taken out, changed or swapped with their neighbour to make `a` into `b`.
 * @param {string} a
 * @param {string} b
 */
function editDistance(a, b) {
  /** @type {number[][]} */
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const change = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + change);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

/** An address's value as a notice quotes it: a long one (pasted by mistake) cut, not filling the panel. */
function shortened(/** @type {string} */ value) {
  return value.length > 24 ? `${value.slice(0, 24)}…` : value;
}

/**
 * The address options that applyOverrides reads over `base` to give `settings` (a link that opens the game so, the
 * Embed page's snippet): those whose value differs from `base`'s, and the page settings named in `always` even where
 * they do not (a level of null, the engine's default, is none).
 * @param {Settings} settings
 * @param {Settings} base  the settings the page would have without them
 * @param {readonly (typeof URL_SETTINGS)[number][]} [always]
 * @returns {URLSearchParams}
 */
export function settingsQuery(settings, base, always = []) {
  const params = new URLSearchParams();
  for (const key of URL_SETTINGS) {
    const value = settings[key];
    if (value !== null && (value !== base[key] || always.includes(key)))
      params.set(key, key === "opponent" && value === "human" ? "hotseat" : value);
  }
  for (const key of URL_SETTING_SWITCHES) if (settings[key] !== base[key]) params.set(key, settings[key] ? "1" : "0");
  const { rules } = settings;
  for (const key of URL_SWITCHES) if (rules[key] !== base.rules[key]) params.set(key, rules[key] ? "1" : "0");
  for (const key of URL_CHOICES) if (rules[key] !== base.rules[key]) params.set(key, rules[key]);
  if (rules.target !== base.rules.target) params.set("target", String(rules.target));
  return params;
}

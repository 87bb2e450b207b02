/**
 * The rule options as form fields, and as one line of text: the main game's Settings (settings-panel.js) and the
 * friend match's invitation (friend.html) offer the same choices with the same labels, and the club challenge's
 * form (club.html) the same claim choice. The engine checks the rules it is given (otv66/rules.py); these fields
 * only offer valid choices.
 */

import { t } from "./i18n.js";
import { escapeHtml } from "./panels.js";
import { DEFAULT_RULES, isTarget, MAX_TARGET, MIN_TARGET, RULE_CHOICES } from "./settings.js";

/** @import { Rules } from "./types.js" */

/**
 * Each choice rule: its field's label and, where a choice has a cost, a note. Its options are the values of
 * RULE_CHOICES (the engine's), each labelled by the text whose key is the rule's name and the value ("claimAuto").
 */
const CHOICES = /** @type {const} */ ([
  { name: "claim", label: "claimMode", note: "claimManualNote" },
  { name: "dealer", label: "dealerRule", note: null },
]);

/**
 * A choice rule's options as `[value, text key]`.
 * @param {(typeof CHOICES)[number]["name"]} name
 * @returns {[string, string][]}
 */
function optionKeys(name) {
  return RULE_CHOICES[name].map((value) => [value, `${name}${value[0].toUpperCase()}${value.slice(1)}`]);
}

/**
 * A choice rule's options as `[value, text]` in the page's language ("auto", "automatic"), for a form that lays
 * out its own field (club.html) but words the choice as the other forms do.
 * @param {(typeof CHOICES)[number]["name"]} name
 * @returns {[string, string][]}
 */
export function ruleOptions(name) {
  return optionKeys(name).map(([value, key]) => [value, t(key)]);
}

/**
 * What a choice rule's costly option means, in the page's language ("" for a rule without one): said under the
 * choice on every form that offers it.
 * @param {(typeof CHOICES)[number]["name"]} name
 * @returns {string}
 */
export function ruleNote(name) {
  const note = CHOICES.find((each) => each.name === name)?.note;
  return note ? t(note) : "";
}

/**
 * A labelled <select> of `[value, text]` options, `value` selected; `note`, if given, is said under it (and read
 * with it by a screen reader).
 * @param {string} name
 * @param {string} label
 * @param {[string, string][]} options
 * @param {string | null} value
 * @param {string} [note]
 */
export function select(name, label, options, value, note) {
  const items = options
    .map(
      ([v, text]) => `<option value="${escapeHtml(v)}"${v === value ? " selected" : ""}>${escapeHtml(text)}</option>`,
    )
    .join("");
  const noteId = `setting-${name}-note`;
  const described = note ? ` aria-describedby="${noteId}"` : "";
  const field = `<label class="field"><span>${escapeHtml(label)}</span><select name="${name}" id="setting-${name}"${described}>${items}</select></label>`;
  return note ? `${field}<p class="field-note" id="${noteId}">${escapeHtml(note)}</p>` : field;
}

/** A labelled checkbox. */
export function checkbox(/** @type {string} */ name, /** @type {string} */ label, /** @type {boolean} */ checked) {
  return `<label class="field check"><input type="checkbox" name="${name}" id="setting-${name}"${checked ? " checked" : ""}/><span>${escapeHtml(label)}</span></label>`;
}

/**
 * The rule fields (must beat, claim, dealer, draw bonus, target), `rules` chosen; ids `setting-<rule>`.
 * @param {Rules} rules
 */
export function ruleFields(rules) {
  const choices = CHOICES.map((choice) =>
    select(
      choice.name,
      t(choice.label),
      ruleOptions(choice.name),
      rules[choice.name],
      ruleNote(choice.name) || undefined,
    ),
  );
  return `${checkbox("must_beat", t("mustBeat"), rules.must_beat)}
      ${choices.join("\n      ")}
      ${checkbox("draw_bonus", t("drawBonusOption"), rules.draw_bonus)}
      <label class="field"><span>${escapeHtml(t("target"))}</span><input type="number" name="target" id="setting-target" min="${MIN_TARGET}" max="${MAX_TARGET}" step="1" required aria-describedby="setting-target-note" value="${rules.target}"/></label>
      <p class="field-note field-error" id="setting-target-note" hidden></p>`;
}

/**
 * Whether the target field of a form holding ruleFields() holds a match length the engine takes (a whole number
 * from 1 to MAX_TARGET). If not, the note under it says what to type (the note goes once it is right); with
 * `focus`, the field gets the focus, for a form that is not sent.
 * @param {HTMLFormElement} form
 * @param {boolean} [focus]
 * @returns {boolean}
 */
export function checkTarget(form, focus = false) {
  const target = /** @type {HTMLInputElement} */ (form.querySelector("#setting-target"));
  const note = /** @type {HTMLElement} */ (form.querySelector("#setting-target-note"));
  const fine = target.checkValidity();
  target.setAttribute("aria-invalid", String(!fine));
  note.textContent = fine ? "" : t("targetRange", { min: target.min, max: target.max });
  note.hidden = fine;
  if (!fine && focus) {
    note.scrollIntoView({ block: "nearest" });
    target.focus({ preventScroll: true });
  }
  return fine;
}

/**
 * The rules chosen in a form holding ruleFields(); `fallback`'s target when the target field holds no length the
 * engine takes (checkTarget says so at the field).
 * @param {HTMLFormElement} form
 * @param {Rules} fallback
 * @returns {Rules}
 */
export function readRules(form, fallback) {
  const fields = /** @type {Record<string, {value: string, checked: boolean}>} */ (
    /** @type {unknown} */ (form.elements)
  );
  const target = Number(fields.target.value);
  // The form offers only valid choices, so the values have the types of Rules.
  return /** @type {Rules} */ ({
    must_beat: fields.must_beat.checked,
    claim: fields.claim.value,
    dealer: fields.dealer.value,
    draw_bonus: fields.draw_bonus.checked,
    target: isTarget(target) ? target : fallback.target,
  });
}

/**
 * Each rule of `rules`, in the Settings' order, with the Settings' label and its value in words ("Claiming 66",
 * "automatic"; an option "yes" or "no"; a choice this page does not know by its value).
 * @param {Rules} rules
 * @returns {{name: keyof Rules, label: string, value: string}[]}
 */
function ruleWords(rules) {
  const yesNo = (/** @type {boolean} */ on) => t(on ? "ruleOn" : "ruleOff");
  const choices = CHOICES.map(({ name, label }) => {
    const chosen = optionKeys(name).find(([value]) => value === rules[name]);
    return { name, label: t(label), value: chosen ? t(chosen[1]) : String(rules[name]) };
  });
  return [
    { name: "target", label: t("target"), value: String(rules.target) },
    { name: "must_beat", label: t("mustBeat"), value: yesNo(rules.must_beat) },
    ...choices,
    { name: "draw_bonus", label: t("drawBonusOption"), value: yesNo(rules.draw_bonus) },
  ];
}

/**
 * The rules as short lines, with the Settings' labels: "Match to: 7", "Claiming 66: automatic", ….
 * @param {Rules} rules
 * @returns {string[]}
 */
export function rulesSummary(rules) {
  return ruleWords(rules).map(({ label, value }) => `${label}: ${value}`);
}

/**
 * The options of `rules` other than the game's defaults (DEFAULT_RULES; the target aside, which is said with the
 * score), as short lines with the Settings' labels: an option switched on by its label alone ("Following suit, beat
 * the led card if you can"), any other as rulesSummary says it ("Claiming 66: manual (66 button)"). History tells
 * apart by them the matches a player played with different options.
 * @param {Rules} rules
 * @returns {string[]}
 */
export function rulesApart(rules) {
  return ruleWords(rules)
    .filter(({ name }) => name !== "target" && rules[name] !== DEFAULT_RULES[name])
    .map(({ name, label, value }) => (rules[name] === true ? label : `${label}: ${value}`));
}

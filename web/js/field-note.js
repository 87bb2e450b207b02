/**
 * A form field's refusal said under it, in the page's language: its note (`<id>-note`, which the field names in
 * `aria-describedby`), the field marked invalid, brought into view and focused. The club's and the friend's forms
 * say their refusals so (the browser's own checks would speak the browser's language, not the page's, and a
 * refusal in the status line alone lies far from the field on a phone).
 */

/**
 * Say `text` under the field `input`, marking it invalid, or take the note away (`""`).
 * @param {HTMLInputElement} input
 * @param {string} text
 */
export function sayAtField(input, text) {
  const note = /** @type {HTMLElement} */ (document.getElementById(`${input.id}-note`));
  note.textContent = text;
  note.hidden = !text;
  input.setAttribute("aria-invalid", String(Boolean(text)));
}

/**
 * Say the refusal `text` under `input` (sayAtField), bring the two into view and give the field the focus.
 * @param {HTMLInputElement} input
 * @param {string} text
 */
export function refuseField(input, text) {
  sayAtField(input, text);
  const note = /** @type {HTMLElement} */ (document.getElementById(`${input.id}-note`));
  for (const element of [note, input]) element.scrollIntoView({ block: "nearest" });
  input.focus({ preventScroll: true });
}

/**
 * What a player typed or chose on the friend page and has not sent yet (his name in either form, the rules of an
 * invitation, a link pasted but not opened, a backup pasted but not imported), kept for this tab across a reload:
 * one the page makes (a language chosen), one the service worker makes when another tab takes an update, and a
 * phone's browser reloading a tab it put away. The browser itself fills the fields in again only when the player
 * goes back to the page, not on a reload. The matches themselves are kept in friend-store.js, the match on the table
 * and an invitation being read by the page (friend-page.js).
 *
 * Kept in sessionStorage (this tab only) whenever the page is left or hidden, so that what the page emptied itself
 * (a link read, an invitation declined) is kept empty; given back only to a reload.
 */

const KEY = "otv66.friend.drafts";

/** The boxes whose fields are kept (not the link offered to send, which the page makes again). */
const BOXES = ["friend-new", "friend-accept", "friend-paste-box", "friend-backup"];

/** @typedef {HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement} Field */

/** The fields kept, with their ids. */
function fields(/** @type {Document} */ doc) {
  const selector = BOXES.map((box) => `#${box} :is(input, textarea, select)`).join(", ");
  const all = /** @type {NodeListOf<Field>} */ (doc.querySelectorAll(selector));
  return [...all].filter((field) => field.id && !("readOnly" in field && field.readOnly));
}

/** Whether `field` is a checkbox (its state is whether it is checked). */
function isCheckbox(/** @type {Field} */ field) {
  return field instanceof HTMLInputElement && field.type === "checkbox";
}

/** Whether this page was loaded by a reload. */
function reloaded() {
  const [navigation] = /** @type {PerformanceNavigationTiming[]} */ (performance.getEntriesByType("navigation"));
  return navigation?.type === "reload";
}

/** Give the fields back what they held when the page was left (a field whose value is gone, say a rule's option
 * dropped by an update, keeps the page's). */
function restore(/** @type {Document} */ doc) {
  let kept = null;
  try {
    kept = JSON.parse(sessionStorage.getItem(KEY) ?? "null");
  } catch {
    // nothing kept, or not readable: the fields stay as the page made them
  }
  if (!kept || typeof kept !== "object") return;
  for (const field of fields(doc)) {
    const value = kept[field.id];
    if (isCheckbox(field)) {
      if (typeof value === "boolean") /** @type {HTMLInputElement} */ (field).checked = value;
    } else if (typeof value === "string") {
      if (field instanceof HTMLSelectElement && ![...field.options].some((option) => option.value === value)) continue;
      field.value = value;
    }
  }
}

/** Keep what the fields hold now. */
function keep(/** @type {Document} */ doc) {
  const drafts = fields(doc).map((field) => [
    field.id,
    isCheckbox(field) ? /** @type {HTMLInputElement} */ (field).checked : field.value,
  ]);
  try {
    sessionStorage.setItem(KEY, JSON.stringify(Object.fromEntries(drafts)));
  } catch {
    // no storage (or it is full): a reload shows the fields as the page makes them, as it did
  }
}

/**
 * Give the fields back what they held before a reload of this tab, and keep them from now on. Call once the page's
 * fields are made (the rules' fields included) and before the page fills any of them in itself.
 * @param {Document} [doc]
 */
export function keepDrafts(doc = document) {
  if (reloaded()) restore(doc);
  window.addEventListener("pagehide", () => keep(doc));
  doc.addEventListener("visibilitychange", () => {
    if (doc.visibilityState === "hidden") keep(doc);
  });
}

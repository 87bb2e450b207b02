/**
 * The page's own elements by id: each page's script reads the elements its HTML always holds (a missing one is the
 * page's fault, not the visitor's), typed as what they are.
 */

/**
 * An element of the page, which is always there.
 * @param {string} id
 * @returns {HTMLElement}
 */
export function byId(id) {
  return /** @type {HTMLElement} */ (document.getElementById(id));
}

/**
 * An input (or textarea) of the page, which is always there.
 * @param {string} id
 * @returns {HTMLInputElement}
 */
export function inputById(id) {
  return /** @type {HTMLInputElement} */ (document.getElementById(id));
}

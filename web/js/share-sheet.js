/**
 * The device's share sheet (a phone's: a link goes straight to a chat), where there is one. The game's share panel
 * and the friend page send their links through it.
 */

/** Whether this device has a share sheet (`navigator.share`: phones and some desktops). */
export function hasShareSheet() {
  return typeof navigator.share === "function";
}

/**
 * Send `url` through the share sheet, with a `text` for whoever gets it where there is one (a chat shows it beside
 * the link). Closing the sheet without sending is no failure (it resolves); anything else that goes wrong rejects.
 * @param {string} title
 * @param {string} url
 * @param {string} [text]
 * @returns {Promise<void>}
 */
export async function sendThroughShareSheet(title, url, text) {
  try {
    await navigator.share(text ? { title, text, url } : { title, url });
  } catch (error) {
    if (!(error instanceof DOMException && error.name === "AbortError")) throw error;
  }
}

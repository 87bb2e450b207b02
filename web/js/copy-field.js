/**
 * Read-only fields whose text goes elsewhere (a share link, a friend's move link, a club's challenge, result or
 * standings link, the iframe snippet): a tap or focus selects the whole text, a Copy button puts it on the
 * clipboard (it says "Copied" a moment), and a link's Send button hands it to the device's share sheet where there
 * is one (a phone: straight to a chat). Without the clipboard API (an old browser, no permission, a frame whose host
 * did not allow `clipboard-write`) Copy leaves the whole text selected and says so a moment ("Selected — copy by
 * hand"), so the press is not met with silence. Used by the game's share panel, the friend page, the club page and
 * the Embed page.
 */

import { hasShareSheet, sendThroughShareSheet } from "./share-sheet.js";
import { st } from "./ship-text.js";

/** How long Copy says "Copied" (or that the text is selected to copy by hand): then it offers to copy again (the
 * field may have changed meanwhile). */
export const COPIED_MS = 2000;

/**
 * Make `field` select all its text when focused or tapped, and `button` copy it. The button keeps the focus when the
 * text is copied (a screen reader in the field would read out a link of thousands of letters), and says "Copied" as a
 * live region does; the text is selected in its field only to be copied by hand.
 * @param {Pick<HTMLInputElement, "value" | "focus" | "setSelectionRange" | "addEventListener">} field
 * @param {Pick<HTMLButtonElement, "textContent" | "addEventListener" | "setAttribute">} button
 * @param {Pick<Clipboard, "writeText"> | undefined} [clipboard]  the browser's; undefined where it has none
 * @param {string} [label]  the button's text key in ship-text.js (the Embed page's says "Copy the code")
 */
export function wireCopy(field, button, clipboard = globalThis.navigator?.clipboard, label = "copy") {
  const selectAll = () => field.setSelectionRange(0, field.value.length);
  field.addEventListener("focus", selectAll);
  field.addEventListener("click", selectAll); // a tap in a field that has the focus would only move the caret
  button.textContent = st(label);
  /** Say `key` on the button a moment (heard, the focus on it: live while it says it), then offer to copy again. */
  const sayAMoment = (/** @type {string} */ key) => {
    button.setAttribute("aria-live", "polite");
    button.textContent = st(key);
    setTimeout(() => {
      button.setAttribute("aria-live", "off"); // its own name again, not said over what comes next
      button.textContent = st(label);
    }, COPIED_MS);
  };
  button.addEventListener("click", async () => {
    const copied = clipboard
      ? await clipboard.writeText(field.value).then(
          () => true,
          () => false,
        )
      : false;
    if (!copied) {
      field.focus(); // not copied: the text is selected, to copy by hand
      selectAll();
    }
    sayAMoment(copied ? "copied" : "copyByHand");
  });
}

/**
 * Make `button` send the link in `field` through the share sheet, shown only where the device has one.
 * @param {Pick<HTMLInputElement, "value">} field
 * @param {Pick<HTMLButtonElement, "textContent" | "hidden" | "addEventListener">} button
 * @param {() => string} title  the title the sheet gives the link (read when sending)
 * @param {() => string} [text]  what the link is, said to whoever gets it (read when sending)
 */
export function wireSend(field, button, title, text) {
  button.textContent = st("sendLink");
  button.hidden = !hasShareSheet();
  // A sheet that cannot send leaves the link in its field, with Copy beside it: nothing more to say.
  button.addEventListener("click", () => sendThroughShareSheet(title(), field.value, text?.()).catch(() => {}));
}

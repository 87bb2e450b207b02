/**
 * Offline play and updates: registers the service worker (sw.js, next to the page) and, when a new build has
 * been downloaded in the background, offers it ("A new version is ready — Update / Later").
 *
 * Accepting tells the waiting worker to take over and reloads the page, and every other open tab of the game
 * with it (their old cache is deleted); the match in progress survives because the game saves it in
 * localStorage before every move's animation and resumes it on load. Nothing changes without the
 * player's click; an offer that comes while a panel is open waits until it closes. The browser looks for a new
 * sw.js on every visit; this module also asks every half hour and when the page comes back into view.
 *
 * Registration waits until the page has finished loading its engine (its `data-status` is no longer "loading"):
 * the worker's precache then takes the files from the HTTP cache instead of downloading them a second time
 * while the first load is still running.
 *
 * Use: `registerServiceWorker()` once at start-up (app.js), after the page's language is set.
 */

import { st } from "./ship-text.js";

const CHECK_EVERY_MS = 30 * 60 * 1000;

/** Resolves once the page's status element says something other than "loading". */
function pageLoaded(/** @type {Document} */ doc) {
  const loading = () => doc.querySelector("[data-status]")?.getAttribute("data-status") === "loading";
  if (!loading()) return Promise.resolve();
  /** @type {Promise<void>} */
  const loaded = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (loading()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(doc.body, { subtree: true, attributes: true, attributeFilter: ["data-status"] });
  });
  return loaded;
}

/** Register sw.js; resolves with the registration, or null where service workers are unavailable. */
export async function registerServiceWorker(/** @type {{doc?: Document}} */ { doc = document } = {}) {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return null;
  // A new build took over (this tab's Update or another tab's): the old build's cache is gone, so a tab that ran
  // the old code reloads into the new one (its match is saved before every animation), even while it is still
  // loading its engine, whose files would otherwise come from the new build. A first install, which takes over
  // a tab that had no worker yet, reloads nothing.
  const hadController = Boolean(navigator.serviceWorker.controller);
  let accepted = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (accepted || hadController) location.reload();
  });
  await pageLoaded(doc);
  let registration;
  try {
    registration = await navigator.serviceWorker.register(new URL("sw.js", doc.baseURI));
  } catch (error) {
    console.warn("offline play is unavailable:", /** @type {Error} */ (error).message);
    return null;
  }
  const registered = registration;
  // The build waiting when the player accepts takes over: a deploy after the bar was shown has replaced the one it
  // was offered for (whose worker, now redundant, would never take over: the button greyed and nothing happened).
  const offer = () =>
    showUpdateOffer(doc, () => {
      accepted = true;
      if (registered.waiting) registered.waiting.postMessage({ type: "skip-waiting" });
      else location.reload(); // taken over already (another tab's Update)
    });
  if (registration.waiting && navigator.serviceWorker.controller) offer();
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      // "installed" with a controller already in place: a new build waits for the player's go-ahead.
      if (worker.state === "installed" && navigator.serviceWorker.controller) offer();
    });
  });
  const check = () => registration.update().catch(() => {}); // offline: nothing to check
  setInterval(check, CHECK_EVERY_MS);
  doc.addEventListener("visibilitychange", () => {
    if (doc.visibilityState === "visible") check();
  });
  return registration;
}

/**
 * Show (once) the bar that offers the new version, in the page's bar under the table (`.controls`) or else under its
 * status line; `accept` runs when the player chooses to update.
 * @param {Document} doc
 * @param {() => void} accept
 */
function showUpdateOffer(doc, accept) {
  if (doc.getElementById("update-offer")) return;
  // Never under a modal panel (a deal's result, a question): the page behind it is inert, so the bar would be seen,
  // dimmed and half covered, but could not be used. It comes when the panel closes.
  const modal = doc.querySelector("dialog:modal");
  if (modal) {
    modal.addEventListener("close", () => showUpdateOffer(doc, accept), { once: true });
    return;
  }
  // It takes a row of its own at the top of the bar under the table, as the first visit's offer of the rules and a
  // guided deal's tip (learn.js) do: it covers neither the status line nor the table's buttons, which stay usable while
  // it waits, the table giving up that row. A page whose buttons are not in such a bar (friend.html) has it in its
  // column, under its status line. One such note at a time: while the bar holds one of theirs (two did not fit the
  // column of a phone on its side, and cost the table two rows upright), it waits until that note is answered or closed.
  const controls = doc.querySelector(".controls");
  const status = /** @type {HTMLElement} */ (doc.getElementById("status"));
  const holder = controls ?? /** @type {HTMLElement} */ (status.parentElement);
  const note = holder.querySelector(":scope > :is(.rules-offer, .tutorial-tip)");
  if (note) {
    const observer = new MutationObserver(() => {
      if (note.isConnected) return;
      observer.disconnect();
      showUpdateOffer(doc, accept);
    });
    observer.observe(holder, { childList: true });
    return;
  }
  const bar = doc.createElement("div");
  bar.id = "update-offer";
  bar.className = "ship-bar";
  bar.setAttribute("role", "status");
  const text = doc.createElement("span");
  text.textContent = st("updateReady");
  const now = doc.createElement("button");
  now.type = "button";
  now.className = "primary";
  now.id = "update-now";
  now.textContent = st("updateNow");
  now.addEventListener("click", () => {
    now.disabled = true;
    accept();
  });
  const later = doc.createElement("button");
  later.type = "button";
  later.textContent = st("updateLater");
  later.addEventListener("click", () => {
    // From the keyboard the focus moves on to the bar's next button that can be used (Hint...), as Tab would.
    const next = bar.contains(doc.activeElement)
      ? [...holder.querySelectorAll("button")].find(
          (button) => !bar.contains(button) && !button.disabled && button.getClientRects().length > 0,
        )
      : null;
    bar.remove();
    next?.focus();
  });
  bar.append(text, now, later);
  // In the bar its buttons come next after the table's cards in the Tab order, before the status's row.
  if (controls) controls.prepend(bar);
  else status.after(bar);
}

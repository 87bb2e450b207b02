/**
 * Learning in the app: the "How to play" panel, the guided deal and its tips on the table.
 *
 * The guided deal is a new match against the computer from a fixed seed (the same cards every time); as the
 * engine's answers come in, tutorial.js picks what to explain and it is shown in a note above the table (and said
 * to screen readers), until the next tip or the player's next move. The note is drawn again in the new language
 * when the language changes.
 */

import { engineText } from "./engine-text.js";
import { cardName, courtNames, suitName, t } from "./i18n.js";
import { showRules } from "./rules-panel.js";
import { namesOf, opponentOf, rulesOf } from "./store.js";
import { guidedDealLeft, movedSince, Tutorial } from "./tutorial.js";

/** @import { PageState } from "./store.js" */
/** @import { DealView } from "./types.js" */
/** @typedef {import("./tutorial.js").Tip} Tip */

/** The guided deal's seed: a deal where following, trumping, turn-ups and a marriage all come up early. */
const TUTORIAL_SEED = 66;

export class Learning {
  /**
   * @param {object} ctx
   * @param {import("./panels.js").PanelDialog} ctx.dialog
   * @param {() => PageState} ctx.page  the page state now
   * @param {(seed: number) => Promise<boolean>} ctx.startMatch  start a new match against the computer from `seed`
   *   (whether it starts: the person may keep the match in progress)
   * @param {(text: string) => void} ctx.announce  say a text to screen readers
   */
  constructor(ctx) {
    this.ctx = ctx;
    /** @type {Tutorial | null} */
    this.tutorial = null;
    /** @type {DealView | null} */
    this.previous = null;
    /** @type {Tip[]} */
    this.shown = [];
  }

  /** Open the rules; the player may start a guided deal from them. */
  async openRules() {
    const page = this.ctx.page();
    const computer = opponentOf(page) === "computer";
    const choice = await showRules(this.ctx.dialog, page.settings.deck, rulesOf(page), { computer });
    if (choice === "tutorial") this.startTutorial();
  }

  /** Start the guided deal (in a new match, if the person agrees to leave the one in progress). */
  async startTutorial() {
    if (!(await this.ctx.startMatch(TUTORIAL_SEED))) return;
    this.tutorial = new Tutorial(0);
    this.previous = null;
    this.show([{ key: "tutorialOn", values: {} }]);
  }

  /**
   * After each change of the page: the tips the new position calls for (the guided deal ends with its deal).
   * @param {PageState} page
   */
  update(page) {
    const deal = page.game?.deal;
    if (!this.tutorial && this.shown.length && guidedDealLeft(this.previous, deal)) {
      this.shown = []; // the guided deal is over and another is being dealt or played: its last tip goes
      this.relabel();
    }
    if (!this.tutorial || !deal || deal === this.previous) return;
    const before = this.previous && this.previous.number === deal.number ? this.previous : null;
    this.previous = deal;
    const tips = this.tutorial.tipsFor(before, deal);
    if (tips.length) this.show(tips);
    else if (before && movedSince(before, deal, this.tutorial.me)) {
      this.shown = []; // the tip spoke of a moment the player has played past (a turned-up card since played...)
      this.relabel();
    }
    if (deal.result) this.tutorial = null;
  }

  /** @param {Tip[]} tips */
  show(tips) {
    this.shown = tips;
    this.relabel();
    this.ctx.announce(this.text());
  }

  /** The shown tips in the current language (card, suit and player names spoken). */
  text() {
    const page = this.ctx.page();
    const deck = page.settings.deck;
    const names = namesOf(page);
    return this.shown
      .map(({ key, values }) => {
        /** @type {Record<string, string | number>} */
        const spoken = { ...courtNames(deck), ...values };
        if (typeof values.card === "string") spoken.card = cardName(values.card, deck);
        for (const name of ["suit", "trump"]) {
          if (typeof values[name] === "string") spoken[name] = suitName(String(values[name]), deck);
        }
        if (typeof values.player === "number") spoken.name = names[values.player];
        return t(key, spoken);
      })
      .join(" ");
  }

  /** Draw the tip note (again) in the current language; no note when there is nothing to say. */
  relabel() {
    let note = document.getElementById("tutorial-tip");
    if (!this.shown.length) {
      note?.remove();
      return;
    }
    if (!note) {
      note = document.createElement("div");
      note.id = "tutorial-tip";
      note.className = "tutorial-tip";
      note.innerHTML = `<p class="tutorial-text"></p><button type="button" class="tutorial-close"></button>`;
      /** @type {HTMLElement} */ (note.querySelector("button")).addEventListener("click", () => {
        this.shown = [];
        this.relabel();
      });
      document.querySelector(".controls")?.prepend(note);
    }
    /** @type {HTMLElement} */ (note.querySelector(".tutorial-text")).textContent = this.text();
    /** @type {HTMLElement} */ (note.querySelector("button")).textContent = t("close");
  }
}

/**
 * Say why a tapped card may not be played: the engine's reason (`why_illegal`) for a card of the player to move,
 * else the text `otherwise` names ("not playable"; the computer's own card says whose it is); kept on the status line
 * until the next move (the store's `moveNote`) and said to screen readers.
 * @param {{engine: import("./engine.js").Engine, store: import("./store.js").Store<PageState>, announce: (text: string) => void}} ctx
 * @param {string | null} code
 * @param {import("./types.js").Deck} deck
 * @param {"notPlayable" | "notYourCard"} [otherwise]
 */
export async function explainRefusal({ engine, store, announce }, code, deck, otherwise = "notPlayable") {
  const refusal = code ? await engine.call("why_illegal", { move: code }).catch(() => null) : null;
  const text = refusal ? engineText(refusal, deck) : t(otherwise);
  store.update((page) => {
    page.moveNote = text;
  });
  announce(text);
}

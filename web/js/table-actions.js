/**
 * What a person asks of the table besides playing a card: take back, a hint, a claim of 66, another level for
 * the computer, the last trick, the rematch of a finished match. Each goes through the match flow's task queue, so
 * it never interleaves with the computer's turn; the engine decides whether it is allowed (undo, the claim) and what
 * it means.
 */

import { cardName, t } from "./i18n.js";
import { focusLost } from "./input.js";
import { movesTakenBackSaid } from "./moves-said.js";
import { askClaim, showLastTrick as showLastTrickPanel } from "./panels.js";
import { save } from "./persistence.js";
import { personClaiming } from "./render.js";
import { clearNotes, humansOf, namesOf, opponentOf, youOf } from "./store.js";

/** @import { MatchFlow } from "./match-flow.js" */

/**
 * Take back moves up to the person's last one (the engine knows which).
 * @param {MatchFlow} flow
 */
export function undo(flow) {
  flow.run(async () => {
    if (!flow.page.game?.can_undo || flow.page.busy) return;
    flow.setBusy(true);
    const before = flow.page.game.deal;
    const game = await flow.ctx.engine.call("undo");
    await save(flow.ctx, game); // before the table shows it: a reload then does not bring the move back
    const names = namesOf(flow.page);
    const deck = flow.page.settings.deck;
    const said = before && game.deal ? movesTakenBackSaid(before, game.deal, names, deck) : t("undone");
    flow.ctx.store.update((page) => {
      page.game = game;
      page.shownTrick = null;
      page.hint = null;
      clearNotes(page); // they spoke of a position taken back
      page.pageNote = said; // seen too, until the next move: the cards going back are easily missed on a phone
    });
    flow.ctx.announce(said);
    await flow.advance();
  });
}

/**
 * Point at the card the strongest level would play. The focus goes to it (or to the 66 button) only if it is still
 * where it was when the hint was asked, or lost: a player who went on meanwhile (opened the menu while the engine
 * searched) keeps his focus there, and the menu a tap had just opened does not fold under his thumb.
 * @param {MatchFlow} flow
 */
export function hint(flow) {
  flow.run(async () => {
    const { store, engine, root, announce } = flow.ctx;
    if (flow.page.game?.phase !== "human_moves" || flow.page.busy) return;
    const asked = document.activeElement;
    const focusStayed = () => document.activeElement === asked || focusLost();
    flow.setBusy(true); // the strongest level searches for a moment: the table waits
    const { move, state } = await engine.call("hint").finally(() => flow.setBusy(false));
    await save(flow.ctx, state); // its count of hints, which History shows beside the match: kept before shown
    store.update((page) => {
      page.game = state;
    });
    if (move === "66") {
      store.update((page) => {
        page.moveNote = t("hintClaim");
      });
      announce(t("hintClaim"));
      if (focusStayed()) document.getElementById("claim-button")?.focus();
      return;
    }
    const card = move.slice(0, 2);
    const text = t(move.endsWith("m") ? "hintMarriage" : "hintIs", {
      card: cardName(card, flow.page.settings.deck, "accusative"),
    });
    store.update((page) => {
      page.hint = card;
      page.moveNote = text; // seen on the status line too, not only heard
    });
    announce(text);
    if (focusStayed())
      /** @type {HTMLElement | null} */ (root.querySelector(`button.card.top[data-card="${card}"]`))?.focus();
  });
}

/**
 * A person claims 66.
 * @param {MatchFlow} flow
 */
export function claim(flow) {
  flow.run(async () => {
    const deal = flow.page.game?.deal;
    const claimant = personClaiming(deal, humansOf(flow.page));
    if (!deal || claimant === null || flow.page.busy) return;
    // Two at one screen: the question names the one who claims (it may be the one who is not to move).
    const named = opponentOf(flow.page) === "human" ? `${t("claimBy", { name: namesOf(flow.page)[claimant] })} ` : "";
    if (!(await askClaim(flow.ctx.dialog, named + t("claimConfirm"), flow.page.game?.match?.false_claim, claimant)))
      return;
    if (flow.page.game?.deal !== deal) return; // the position changed while the question was open
    flow.setBusy(true);
    await flow.playMove(deal, "66");
    await flow.advance();
  });
}

/**
 * The computer plays on at `level` (chosen in the settings) from its next move.
 * @param {MatchFlow} flow
 * @param {string} level
 */
export function setLevel(flow, level) {
  flow.run(async () => {
    const game = flow.page.game;
    if (!game || opponentOf(flow.page) !== "computer" || game.seats?.[1].level === level) return;
    const changed = await flow.ctx.engine.call("set_level", { level });
    await save(flow.ctx, changed);
    flow.ctx.store.update((page) => {
      page.game = changed;
    });
  });
}

/**
 * The last complete trick, in a panel.
 * @param {MatchFlow} flow
 */
export function showLastTrick(flow) {
  const page = flow.page;
  const trick = page.game?.deal?.last_trick ?? null;
  showLastTrickPanel(flow.ctx.dialog, trick, namesOf(page), youOf(page), page.settings.deck);
}

/**
 * The rematch of the finished match on the table (its Rematch button), as its result panel's Rematch starts it.
 * A click on the table drawn from the save before the engine came (app.js) may come before that result was shown:
 * the match goes into the history first all the same.
 * @param {MatchFlow} flow
 */
export function rematch(flow) {
  flow.run(async () => {
    const game = flow.page.game;
    if (!game?.match.is_over || flow.page.busy) return;
    // Into the history first, its save marked finished (flow.rematch: leaveFinishedMatch): recorded here before, the
    // save was left unfinished, and a storage that had been full left the match to continue, and count twice.
    await flow.rematch(game);
    await flow.advance();
  });
}

/**
 * Back to the finished match's result (the table's "Rezultat partije"), for a player who closed it to look at the
 * table, or who comes back to the finished match later: its panel again, its Rematch and its link with it.
 * @param {MatchFlow} flow
 */
export function matchResultAgain(flow) {
  flow.run(async () => {
    const game = flow.page.game;
    if (!game?.match.is_over || flow.page.busy || flow.page.dealAside) return;
    flow.setBusy(true);
    await flow.matchResult(game); // its Rematch starts the rematch
    await flow.advance();
  });
}

/**
 * On from a deal whose result the player put aside to look at the table (the table's button, where the result's
 * own button would have led: the next deal, or the match's result).
 * @param {MatchFlow} flow
 */
export function afterDealAside(flow) {
  flow.run(async () => {
    if (!flow.page.dealAside || flow.page.busy) return;
    flow.ctx.store.update((page) => {
      page.dealAside = false;
    });
    await save(flow.ctx); // a reload from here on does not put the deal aside again
    await flow.matchResultDue();
    await flow.advance();
  });
}

/**
 * Open the dealing panel again, put aside by the person to deal (the table's "Podelite karte").
 * @param {MatchFlow} flow
 */
export function reopenDealing(flow) {
  flow.run(async () => {
    if (!flow.page.dealingAside || flow.page.busy) return;
    flow.ctx.store.update((page) => {
      page.dealingAside = false;
    });
    await flow.advance();
  });
}

/**
 * Back to the result of the deal put aside (the table's "Rezultat deljenja"): its panel again, its review with it,
 * for a player who looked at the table first. Its own buttons lead on from there, or put the deal aside once more.
 * @param {MatchFlow} flow
 */
export function dealResultAgain(flow) {
  flow.run(async () => {
    const game = flow.page.game;
    if (!game || !flow.page.dealAside || flow.page.busy) return;
    flow.ctx.store.update((page) => {
      page.dealAside = false;
    });
    await save(flow.ctx); // a reload while it is open shows the result, as one after the deal does
    await flow.dealOver(game);
    await flow.matchResultDue();
    await flow.advance();
  });
}

/**
 * The match on the page: it asks the engine what happens next (the bridge state's `phase`, otv66/table.py)
 * and does that: show a deal's result, let a person choose his packets or the computer deal, let the
 * computer move, or wait for a person. Who deals, which plan the computer takes, when it claims 66 and
 * how far undo goes are the engine's decisions; the page shows them.
 *
 * Every step that talks to the engine goes through `run()`, one at a time, so a click can never
 * interleave with the computer's move.
 */

import { pause } from "./animate.js";
import { askedOnce } from "./asked-once.js";
import { loadDealPlan, saveDealPlan } from "./deal-plan.js";
import { keepStorage } from "./device-storage.js";
import { outOfFocusFrame } from "./embed.js";
import { isEngineLost } from "./engine.js";
import { engineText } from "./engine-text.js";
import { cardName, t } from "./i18n.js";
import {
  firstPlayableCard,
  focusLost,
  focusOnIdleCard,
  holdFocusOnPiles,
  keepFocusOnCards,
  usingKeyboard,
} from "./input.js";
import { explainRefusal } from "./learn.js";
import {
  askClaim,
  chooseDealToReview,
  chooseLead,
  panelClosed,
  showDealChoice,
  showDealResult,
  showMatchResult,
  showMessage,
} from "./panels.js";
import {
  followSeed,
  leaveFinishedMatch,
  newMatch,
  notePlayedLevel,
  recordInHistory,
  save,
  sayTrump,
  tabOwner,
} from "./persistence.js";
import { playableCards, setStatus } from "./render.js";
import { askReview, showReview } from "./review-panel.js";
import { rulesSummary } from "./rule-fields.js";
import { showRules } from "./rules-panel.js";
import { share } from "./share.js";
import { playSound } from "./sound.js";
import {
  clearNotes,
  dealerText,
  namesOf,
  opponentOf,
  resultToShow,
  rulesOf,
  shortNamesOf,
  viewOf,
  youOf,
} from "./store.js";
import { animateDeal, showMove } from "./table-motion.js";

/** @typedef {import("./table-motion.js").PageContext} PageContext */
/** @import { DealView, Move, PlayingState } from "./types.js" */

/** A beat before the computer deals, so the player sees who deals (ms, scaled by the speed). */
const COMPUTER_DEALS_PAUSE_MS = 350;
/**
 * The computer's move follows the one before it after at least this beat (ms, scaled by the speed), long
 * enough to see the card just played; its search, started while that card was still flying, counts towards it.
 */
const THINKING_MS = 80;

/**
 * One slice of the computer's thinking on the person's time (ms, bridge `ponder`): the worker answers one
 * message at a time, so a click waits at most this long for it. 30 ms, not 40: a slice overruns by up to ~17 ms
 * now and then (in Pyodide, `node tools/pyodide_ai_bench.mjs ponder --ms 30`: max 47.5 ms over 1,743 slices), and
 * the page's promise is a reply within 50 ms.
 */
const PONDER_SLICE_MS = 30;

/**
 * The table's button that leads on when the table waits on it (Revanš, Sledeće deljenje, Podelite karte), if shown.
 * @param {ParentNode} root
 * @returns {HTMLElement | null}
 */
function tableButton(root) {
  return root.querySelector(
    ["rematch", "next-deal", "deal"].map((name) => `#table-${name}-button:not([hidden])`).join(", "),
  );
}

export class MatchFlow {
  /** @param {PageContext} ctx */
  constructor(ctx) {
    /** What the flow works on (the store, the engine, the table's elements). */
    this.ctx = ctx;
    /** @private @type {Promise<unknown>} */
    this.chain = Promise.resolve();
    /** @private Tasks given to `run()` and not yet finished: pondering gives way to any of them. */
    this.queued = 0;
    /** @private Whether the pondering loop is on. */
    this.pondering = false;
    /** @private Cards a person chose on the table that are not yet played (their task waits in `run`'s queue). */
    this.cardsChosen = 0;
    /**
     * @private The computer's answer, asked for as soon as a person's move was made (it searches while that
     * move is shown), with the time it was asked.
     * @type {{reply: Promise<import("./types.js").ComputerMove>, started: number} | null}
     */
    this.nextComputerMove = null;
    /**
     * @private The position (deal number and moves made) whose offer to claim 66 was last put to the person: asked
     * once there, and again after a reload (a new flow), which had lost the question.
     * @type {string | null}
     */
    this.claimAsked = null;
    /**
     * @private The position whose turn was last said to a screen reader (sayTurn): each is said once.
     * @type {PlayingState | null}
     */
    this.turnSaidIn = null;
    /**
     * @private The engine's review of a deal of the match on the table and its positions, each asked for once in this
     * visit: by the match's save slot (a rematch has a slot of its own) and deal number.
     */
    this.reviews = askedOnce(
      (/** @type {number} */ number) => askReview(ctx.engine, number),
      (number) => `${tabOwner.slot}:${number}`,
    );
    /**
     * @private The finished deal whose win or loss was heard ("slot:number"): its result shown again (a reload, the
     * engine put back) is shown in silence.
     * @type {string | null}
     */
    this.heardResult = null;
    // A page put out of sight stops pondering (below); back in sight, it picks up where it left off.
    document.addEventListener("visibilitychange", () => this.ponder());
  }

  /** The page's state now. */
  get page() {
    return this.ctx.store.state;
  }

  /**
   * Run one engine-driven task after the ones before it; a failure is shown, never swallowed.
   * @param {() => Promise<unknown>} task
   * @returns {Promise<unknown>}
   */
  run(task) {
    const { store, root, dialog } = this.ctx;
    this.queued++;
    const counted = async () => {
      try {
        await task();
      } finally {
        this.queued--;
        this.ponder(); // the last task done: the computer may think on the person's time
      }
    };
    this.chain = this.chain.then(counted).catch(async (error) => {
      console.warn("otv66:", error);
      store.update((page) => {
        page.busy = false;
      });
      if (isEngineLost(error)) return; // app.js restarts the engine and puts the match back
      setStatus(root, "error", t("statusError"));
      await showMessage(dialog, t("statusError"), engineText(error, this.page.settings.deck));
      store.update(() => {});
    });
    return this.chain;
  }

  /**
   * Mark the table busy (no card can be played) or free, and redraw.
   * @param {boolean} busy
   */
  setBusy(busy) {
    this.ctx.store.update((page) => {
      page.busy = busy;
    });
  }

  /**
   * @private The page's notices, in a panel: in a frame its visitor is not using, they wait for his first step in it
   * (the panel would take the club page's focus).
   */
  async showNotices() {
    const notices = this.page.notices;
    if (!notices.length || outOfFocusFrame()) return;
    this.ctx.store.update((page) => {
      page.notices = [];
      page.noticeOpen = true;
    });
    await showMessage(this.ctx.dialog, t("title"), notices);
    this.ctx.store.update((page) => {
      page.noticeOpen = false;
    });
  }

  /** Play on until a person has to act (or the match is over). The page's notices come first. */
  async advance() {
    await this.showNotices();
    for (;;) {
      const game = this.page.game;
      if (!game || this.page.elsewhere) return; // another tab plays the match (app.js asks to play it here)
      const deal = game.deal;
      // A match in the history has had its results shown (a reload, the engine put back): its table stays as it is,
      // but for its last deal's result put aside (the match went into the history then), which waits as aside.
      const recorded = this.page.historyAdded;
      if (deal?.result && (!recorded || this.page.dealAside)) {
        if (resultToShow(this.page, deal.number)) {
          // In a frame its visitor is not using, the result's panel would take the club page's focus.
          if (outOfFocusFrame()) await this.putResultAside(deal.number);
          else await this.dealOver(game);
        }
        if (this.page.dealAside) {
          this.setBusy(false);
          this.waitOnTableButton(); // the result put aside: the table shows the deal until its button leads on
          return;
        }
      } else if (this.page.dealAside)
        this.ctx.store.update((page) => {
          page.dealAside = false; // the deal put aside was taken back (Undo)
        });
      if (this.page.dealingAside && game.phase !== "human_deals")
        this.ctx.store.update((page) => {
          page.dealingAside = false; // the dealing panel put aside, the last deal taken back (Undo): none to deal now
        });
      if (deal && game.claim_offer !== null && (await this.offerClaim(deal))) continue;
      switch (game.phase) {
        case "match_over":
          if (recorded || !(await this.finishMatch(game))) {
            this.setBusy(false); // the finished match stays on the table: its link, History, its Rematch button
            if (recorded) this.keepKeyboardFocus();
            else this.waitOnTableButton();
            return;
          }
          break;
        case "human_deals":
        case "computer_deals":
          if (this.page.dealingAside) {
            this.setBusy(false); // the dealing panel put aside: the table's Deal button opens it again
            this.waitOnTableButton();
            return;
          }
          await this.startDeal(game, game.phase);
          this.keepKeyboardFocus(); // the dealing panel or the last deal's result closed: the focus is on the new deal
          break;
        case "computer_moves":
          await this.computerMove();
          break;
        default:
          this.setBusy(false);
          this.sayTurn(game);
          this.keepKeyboardFocus();
          return;
      }
    }
  }

  /**
   * @private While a person is to move against the computer, it thinks on his time in short slices, one
   * after another, and stops at once when anything else wants the engine (a move, a hint, any other call).
   * Its table is kept for its next move. A failed slice only ends the pondering: it is a bonus. It thinks only
   * while the page is in sight: a tab in the background, or a phone's browser behind another app, must not
   * spend the battery on a player who is not there.
   */
  ponder() {
    if (this.pondering) return;
    const { engine } = this.ctx;
    const idle = () =>
      this.page.game?.phase === "human_moves" &&
      !this.page.busy &&
      this.queued === 0 &&
      engine.pending.size === 0 &&
      document.visibilityState === "visible";
    if (opponentOf(this.page) !== "computer" || !idle()) return;
    this.pondering = true;
    const loop = async () => {
      try {
        while (idle()) {
          const { pondering, solved } = await engine.call("ponder", { ms: PONDER_SLICE_MS });
          if (!pondering || solved) return;
        }
      } catch (error) {
        console.warn("otv66: pondering stopped:", error);
      } finally {
        this.pondering = false;
      }
    };
    void loop();
  }

  /**
   * @private Say whose turn it is now that a person is to move in `game`, as the status line shows it, once in each
   * position the engine gave. Two at one screen: after every move (the move before, the trick taken, a new deal
   * dealt, a move taken back), so a blind player hears by name whom the device is to be handed to. Against the
   * computer the person at the screen is always the one to move and mostly hears the computer's card instead; but a
   * deal the computer dealt is his to lead, with no card of the computer's before his: there it is said.
   * @param {PlayingState} game
   */
  sayTurn(game) {
    const deal = game.deal;
    const mover = deal?.turn ?? null;
    const twoAtOneScreen = opponentOf(this.page) === "human";
    if (!deal || mover === null || this.turnSaidIn === game || (!twoAtOneScreen && deal.moves.length)) return;
    this.turnSaidIn = game;
    this.ctx.announce(twoAtOneScreen ? t("statusTurnOf", { name: namesOf(this.page)[mover] }) : t("statusYourTurn"));
  }

  /**
   * @private A keyboard player whose focused card has left the table, or cannot be played now that he is to move
   * (the other player has led), continues from the first playable card (on a finished table, from its Rematch
   * button; while the computer is to move in a new deal, from the bottom seat's cards: a panel closed or a card gone
   * must not leave the focus on the page's body). With `toTableButton` (a result
   * panel closed to look at the table, the dealing panel put aside), the table's button that leads on (Sledeće
   * deljenje, Revanš, Podelite karte) takes the focus wherever the closed panel left it: it is the one thing to do
   * there.
   */
  keepKeyboardFocus(toTableButton = false) {
    if (!usingKeyboard() || (!toTableButton && !focusLost() && !focusOnIdleCard())) return;
    const { root } = this.ctx;
    const card = toTableButton ? null : firstPlayableCard(root);
    (card ?? tableButton(root))?.focus();
    keepFocusOnCards(root, 0); // nothing to do yet: the bottom seat's cards
  }

  /**
   * @private The table waits on its button that leads on (a result or the dealing panel put aside, a finished match
   * on the table): it is brought into sight, however the player plays (on a phone on its side, a guided deal's tip
   * above it in the side column had pushed it off the screen), and takes a keyboard player's focus.
   */
  waitOnTableButton() {
    // Not in a frame its visitor is not using: the scroll would carry the club's page, which he may be reading, along.
    if (!outOfFocusFrame()) tableButton(this.ctx.root)?.scrollIntoView({ block: "nearest" });
    this.keepKeyboardFocus(true);
  }

  /**
   * @private Put the result of deal `number` aside: the table shows the deal, and its buttons lead on or back to the
   * result (table-actions.js). Saved: a reload puts it aside again.
   * @param {number} number
   */
  async putResultAside(number) {
    this.ctx.store.update((page) => {
      page.shownResultFor = number;
      page.dealResultOpen = false;
      page.dealAside = true;
      page.busy = false;
    });
    // The deal that decided the match: the match goes into the history now, not once its result is seen (History
    // did not list it meanwhile, a tab closed on the table included). Its result then waits for the table's button.
    if (this.page.game?.match.is_over) await recordInHistory(this.ctx);
    await save(this.ctx);
  }

  /**
   * On from the deciding deal's result put aside (the table's buttons, table-actions.js): the match's result, as
   * advance() shows it for a match not yet in the history; this one went in when the deal was put aside. Nothing for
   * a match not over, nor while the deal is aside again.
   */
  async matchResultDue() {
    const game = this.page.game;
    if (!game?.match.is_over || !this.page.historyAdded || this.page.dealAside) return;
    this.setBusy(true);
    await this.showNotices(); // a history full is said before the result, as at the match's end
    await this.matchResult(game); // its Rematch starts the rematch
  }

  /**
   * A match put on the table as it was saved: a deal it brings back finished had its win or loss heard when it ended
   * (a reload while its result is open played it again, before the person touched anything).
   * @param {PlayingState | null} game
   */
  resumed(game) {
    if (game?.deal?.result) this.heardResult = `${tabOwner.slot}:${game.deal.number}`;
  }

  /**
   * The deal's result panel (with the review, if the engine has one), until the player leads on from it or puts it
   * aside to look at the table (`dealAside`: the table's own buttons then lead on, or back here, table-actions.js).
   * Its win or loss is heard once (`heardResult`): shown again from the table, or brought back by a reload, it is
   * quiet; a result put aside unseen (a club's frame its visitor was not using) is heard when he first opens it.
   * @param {PlayingState} game the bridge state with the finished deal
   * @returns {Promise<void>}
   */
  async dealOver(game) {
    const { store, engine, dialog } = this.ctx;
    const deal = game.deal;
    if (!deal?.result) return; // advance() comes here only with a finished deal
    keepStorage(); // the match now holds a deal the player would miss
    store.update((page) => {
      page.busy = true;
      page.dealResultOpen = true;
    });
    const winner = deal.result.winner;
    const heard = this.heardResult === `${tabOwner.slot}:${deal.number}`;
    if (!heard && opponentOf(this.page) === "computer" && winner !== null) playSound(winner === 0 ? "win" : "lose");
    this.heardResult = `${tabOwner.slot}:${deal.number}`;
    /** @type {string | null} */
    let choice = null;
    for (;;) {
      // A deal's link is offered where the menu offers it: not in a club's frame (the host page is the club's). Back
      // from the review or the link, the panel opens on the button that led there.
      const options = {
        review: this.page.reviewAvailable ? () => this.startReview(deal.number) : null,
        shareAvailable: !this.ctx.overrides.embed,
        backFrom: choice,
        deck: this.page.settings.deck,
      };
      choice = await showDealResult(dialog, game, shortNamesOf(this.page), youOf(this.page), options);
      if (choice === "share") {
        await share(engine, dialog, ["deal"], deal.number); // the deal just played: the next is not dealt yet
        continue;
      }
      if (choice === "aside") {
        await this.putResultAside(deal.number);
        return;
      }
      if (choice !== "review") break;
      await this.showReviewOf(deal.number);
    }
    store.update((page) => {
      page.shownResultFor = deal.number;
      page.dealResultOpen = false;
    });
  }

  /**
   * @private Ask for the review of deal `number` (`reviews`), for a panel's button that waits for it (it keeps the
   * focus meanwhile), and say that it is under way: the engine takes seconds over it, and the status line is not read
   * aloud.
   * @param {number} number
   */
  startReview(number) {
    setStatus(this.ctx.root, "thinking", t("reviewing"));
    this.ctx.announce(t("reviewing"));
    return this.reviews(number);
  }

  /**
   * @private The review of deal `number` in its panel, once its button has waited for it (startReview).
   * @param {number} number
   */
  async showReviewOf(number) {
    const { review, positionAt } = await this.reviews(number);
    this.ctx.store.update(() => {}); // the status line shows the table's state again
    const { dialog } = this.ctx;
    const { deck } = this.page.settings;
    await showReview(dialog, review, number, namesOf(this.page), deck, positionAt, shortNamesOf(this.page));
  }

  /**
   * @private The match is over: history, the result panel.
   * @param {PlayingState} game the bridge state with the finished match
   * @returns {Promise<boolean>} true when a rematch has started
   */
  async finishMatch(game) {
    this.setBusy(true);
    await recordInHistory(this.ctx);
    await save(this.ctx);
    await this.showNotices(); // a history full is said before the result, not after the next match began
    return this.matchResult(game);
  }

  /**
   * The finished match's result panel, until it is closed (its match link shown from it brings it back): at the
   * match's end, and again from the table's "Rezultat partije". Whether its Rematch was chosen (the rematch is then
   * started).
   * @param {PlayingState} game the bridge state with the finished match
   * @returns {Promise<boolean>}
   */
  async matchResult(game) {
    const { engine, dialog, overrides } = this.ctx;
    /** @type {string | null} */
    let choice = null;
    do {
      const options = {
        shareAvailable: !overrides.embed,
        reviewAvailable: this.page.reviewAvailable,
        backFrom: choice,
      };
      choice = await showMatchResult(dialog, game, namesOf(this.page), youOf(this.page), options);
      if (choice === "share") await share(engine, dialog, ["game"]); // then the result again
      if (choice === "review") await this.reviewADeal(game);
    } while (choice === "share" || choice === "review");
    if (choice !== "rematch") return false;
    await this.rematch(game);
    return true;
  }

  /**
   * @private The review of a deal of the finished match `game`, the person's choice (none: back to the result).
   * @param {PlayingState} game
   */
  async reviewADeal(game) {
    const review = (/** @type {number} */ number) => this.startReview(number);
    const number = await chooseDealToReview(this.ctx.dialog, game, shortNamesOf(this.page), review);
    if (number !== null) await this.showReviewOf(number);
  }

  /**
   * The rematch of the finished match `game` (the result's Rematch, the table's): a new match with the settings'
   * rules and seats; a fixed seed goes on past the deals played, so the rematch is not the same match again.
   * @param {PlayingState} game
   */
  async rematch(game) {
    await leaveFinishedMatch(this.ctx); // a match the history could not take (a full storage) is tried again
    const seed = this.page.seed === null ? null : this.page.seed + game.match.deals.length;
    await newMatch(this.ctx, seed);
    if (seed !== null) followSeed(this.ctx, seed); // a reload resumes the rematch, not a match from the first seed
    // Rules changed in Settings during the match hold from this one ("from the next new match"): said, not found out
    // at the first "?" or "66!" of a manual claim.
    const before = new Set(rulesSummary(game.match.rules));
    const changed = rulesSummary(this.page.game?.match.rules ?? game.match.rules).filter((line) => !before.has(line));
    if (changed.length)
      await showMessage(this.ctx.dialog, t("rematch"), [t("rematchRules", { rules: changed.join("; ") })]);
  }

  /**
   * @private The next deal: a person chooses his packets, or puts the panel aside (`dealingAside`: the menu and the
   * table in reach, the table's Deal button opens it again); the computer chooses its own (in the engine).
   * @param {PlayingState} game the bridge state between deals
   * @param {"human_deals" | "computer_deals"} phase
   */
  async startDeal(game, phase) {
    const { store, engine, dialog, root } = this.ctx;
    const dealer = game.match.next_dealer;
    const names = namesOf(this.page);
    store.update((page) => {
      page.hint = null;
      clearNotes(page); // of the deal before (a marriage that reached 66 ended it)
      page.shownTrick = null;
      page.busy = phase === "computer_deals";
    });
    const text = dealerText(this.page, dealer);
    setStatus(root, phase === "human_deals" ? "your-turn" : "thinking", text);
    // A keyboard player's focus waits on his piles' area, described by the status line that says who deals (the
    // dealing panel gives it back there).
    holdFocusOnPiles(root);
    if (phase === "human_deals") {
      // The deal the engine made from the panel's packets: saved and shown once the panel has closed (a failure to
      // save, a lost engine, is then the flow's to handle, not a panel's left waiting).
      const made = { game: /** @type {PlayingState | null} */ (null) };
      const tryDeal = async (/** @type {number[]} */ packets) => {
        setStatus(root, "thinking", text); // the engine deals: the panel's buttons wait (panels.js)
        try {
          made.game = await engine.call("next_deal", { packets });
          return null;
        } catch (error) {
          setStatus(root, "your-turn", text);
          return engineText(error, this.page.settings.deck); // a plan the rules do not allow: said in the panel
        }
      };
      const remembered = loadDealPlan();
      // "Always deal like this" is the device owner's against the computer: two sharing the screen each deal their own.
      const offerAlways = opponentOf(this.page) !== "human";
      const dealtAtOnce = offerAlways && remembered.always && (await tryDeal(remembered.plan)) === null;
      // The packets chosen are saved with the match as they change (a phone reloads a page left in the background):
      // the panel opens with them again, after a reload or the rules. The saves go one after the other, and the deal
      // waits for them.
      // The last deal's result, read, is saved so at once (the panel opens meanwhile: no moment between the two for
      // the page to show anything under it): a reload opens this panel, not that result again.
      let saving = save(this.ctx);
      const onBuild = (/** @type {number[]} */ packets) => {
        store.update((page) => {
          page.packetsChosen = packets.length ? [...packets] : null;
        });
        saving = saving.then(() => save(this.ctx));
      };
      const rule = this.page.packetRule;
      const panel = () =>
        showDealChoice(dialog, tryDeal, remembered, {
          title: text,
          rule,
          offerAlways,
          built: this.page.packetsChosen ?? [],
          onBuild,
        });
      // In a club's page whose visitor is elsewhere on it, the panel would take his keyboard's focus (and Space would
      // deal): it waits, put aside, for the table's Deal button.
      const unseen = outOfFocusFrame();
      let choice = dealtAtOnce ? remembered : unseen ? "aside" : await panel();
      while (choice === "rules") {
        const computer = opponentOf(this.page) === "computer";
        await showRules(dialog, this.page.settings.deck, rulesOf(this.page), { offerTutorial: false, computer });
        choice = await panel();
      }
      await saving;
      if (choice === "aside") {
        store.update((page) => {
          page.dealingAside = true;
        });
        // However it was put aside (a tap, a screen reader's click, Escape), the focus waits on the button that opens
        // it again, not on the page's body.
        if (!unseen) /** @type {HTMLElement | null} */ (root.querySelector("#table-deal-button"))?.focus();
        return;
      }
      if (choice) saveDealPlan(choice);
      const { game } = made;
      if (game) {
        await save(this.ctx, game); // before the cards are shown: a reload then shows the same deal
        store.update((page) => {
          page.game = game;
          page.packetsChosen = null;
        });
      }
    } else {
      await pause(COMPUTER_DEALS_PAUSE_MS);
      const dealt = await engine.call("next_deal");
      await save(this.ctx, dealt);
      store.update((page) => {
        page.game = dealt;
      });
      this.ctx.announce(t("dealsWith", { name: names[dealer], plan: dealt.deal.packets.join("-") }));
    }
    if (store.state.game) sayTrump(this.ctx, store.state.game);
    this.setBusy(true);
    await animateDeal(this.ctx);
  }

  /** @private The computer moves (or claims 66): the engine chooses and plays, the page shows it. */
  async computerMove() {
    this.setBusy(true);
    const { store } = this.ctx;
    const noteBefore = store.state.pageNote;
    const { reply, started } = this.nextComputerMove ?? this.askComputer();
    this.nextComputerMove = null;
    const { player, move, state } = await reply;
    await save(this.ctx, state); // before the animation: a reload during it keeps the move
    const thought = performance.now() - started;
    await pause(Math.max(0, THINKING_MS - thought));
    await panelClosed(this.ctx.dialog); // a panel the person opened meanwhile: the card is played once he is back
    // What that panel left on the status line ("Settings saved") came after the move: the move does not end it.
    const newerNote = store.state.pageNote !== noteBefore ? store.state.pageNote : null;
    if (state.phase === "computer_moves") this.nextComputerMove = this.askComputer();
    await showMove(this.ctx, player, move, state, newerNote);
  }

  /** @private Ask the engine for the computer's move and save it (before it is shown: a reload keeps it). */
  askComputer() {
    const started = performance.now();
    const reply = this.ctx.engine.call("computer_move").then(async (answer) => {
      notePlayedLevel(this.ctx, answer.state);
      await save(this.ctx);
      return answer;
    });
    return { reply, started };
  }

  /**
   * A person's move: sent to the engine, saved, then shown.
   * @param {DealView} deal the deal in play
   * @param {Move} move
   */
  async playMove(deal, move) {
    const player = move === "66" ? (deal.claimant ?? deal.turn) : deal.turn;
    if (player === null) throw new Error(`the deal is over: no move ${move}`);
    const game = await this.ctx.engine.call("play", { move });
    await save(this.ctx, game); // before the animation: a reload during it keeps the move
    // His marriage lead, under manual claim: the answer waits until he is asked about his claim (advance).
    const offered = game.claim_offer === player;
    if (game.phase === "computer_moves" && !offered) this.nextComputerMove = this.askComputer();
    await showMove(this.ctx, player, move, game);
  }

  /**
   * @private After a person's marriage lead under manual claim, before the answer: ask him, once in this position,
   * whether he claims 66, and claim it if he says so. Resolves whether he claimed.
   * @param {DealView} deal
   * @returns {Promise<boolean>}
   */
  async offerClaim(deal) {
    const position = `${deal.number}:${deal.moves.length}`;
    if (this.claimAsked === position) return false;
    this.claimAsked = position;
    const asking = (/** @type {boolean} */ open) =>
      this.ctx.store.update((page) => {
        page.busy = true;
        page.claimOfferOpen = open;
      });
    asking(true);
    // Two at one screen: the question names whom it is for (the turn marker has already moved to the other).
    const announcer = this.page.game?.claim_offer ?? 0;
    const announced =
      opponentOf(this.page) === "human"
        ? t("claimOfferOf", { name: namesOf(this.page)[announcer] })
        : t("claimOfferYou");
    const risk = this.page.game?.match?.false_claim;
    const claims = await askClaim(this.ctx.dialog, `${announced} ${t("claimOffer")}`, risk, announcer);
    asking(false);
    if (!claims) return false;
    await this.playMove(deal, "66");
    return true;
  }

  /**
   * A card chosen on the table (a click or a key): its move, asking about a marriage.
   * @param {number} player
   * @param {string} code
   */
  async onCard(player, code) {
    const page = this.page;
    const deal = page.game?.deal;
    if (!deal || page.busy) return;
    if (page.notices.length && window.top !== window) {
      // In a club's frame what the page has to say waited for its visitor's first step (advance): "this match is kept
      // for the visit only" is told before his first card, which is not played behind it. (A top-level page says its
      // notices before the turn; one a save adds meanwhile comes after the next move, as it always did.)
      this.run(() => this.advance());
      return;
    }
    if (!playableCards(page.game, viewOf(page)).has(code) || player !== deal.turn) {
      // The computer's card (the arrows reach its row too): whose it is, not only that it may not be played.
      const computers = opponentOf(page) === "computer" && player === 1;
      const otherwise = computers ? "notYourCard" : "notPlayable";
      await explainRefusal(this.ctx, player === deal.turn ? code : null, page.settings.deck, otherwise);
      this.ponder(); // asking the engine why stopped the thinking on the person's time: it goes on
      return;
    }
    const lead = chooseLead(this.ctx.dialog, code, page.settings.deck, deal);
    const move = typeof lead === "string" ? lead : await lead; // no question: counted below in this very task
    if (!move) return;
    if (page.awaitingEngine) {
      // Before the engine has the match: held and marked, the last card chosen counting (the held one again lets go).
      this.ctx.store.update((state) => {
        state.heldMove = state.heldMove === move ? null : move;
      });
      const held = this.page.heldMove;
      const card = (/** @type {string} */ chosen) => cardName(chosen.slice(0, 2), page.settings.deck, "accusative");
      this.ctx.announce(held ? t("statusHeldCard", { card: card(held) }) : t("heldCardLetGo", { card: card(move) }));
      return;
    }
    this.cardsChosen++;
    this.run(async () => {
      try {
        if (this.page.game?.deal !== deal) return; // the position changed while the choice was open
        this.setBusy(true);
        await this.playMove(deal, move);
      } finally {
        this.cardsChosen--;
      }
      await this.advance();
    });
  }

  /**
   * Whether a card the person chose is still on its way to the engine: the table does not show it played yet, but
   * the match will hold it (a New match asked for at once leaves a match under way, as store.js `matchUnderway`).
   */
  get cardOnItsWay() {
    return this.cardsChosen > 0 || this.page.heldMove !== null;
  }

  /**
   * The table is drawn before the engine has the match (app.js; `opened` resolves when it has): a card chosen on it
   * is held, marked on the table and said on the status line, the last one chosen counting, and played once the
   * engine has the match if its table allows it. Each click waited unseen for the engine (a minute on a slow line),
   * and a second choice was dropped.
   * @param {Promise<unknown>} opened
   */
  waitForEngine(opened) {
    this.ctx.store.update((page) => {
      page.awaitingEngine = true;
    });
    this.run(async () => {
      await opened;
      const held = this.page.heldMove;
      this.ctx.store.update((page) => {
        page.awaitingEngine = false;
        page.heldMove = null;
      });
      if (held === null) return;
      const game = this.page.game;
      if (!game?.deal || this.page.busy || !game.deal.legal_moves.includes(held)) return;
      this.setBusy(true);
      await this.playMove(game.deal, held);
      await this.advance();
    });
  }

  /** Start a new match now (after the person confirmed it), from `seed` when given (the guided deal). */
  restart(/** @type {number | null} */ seed = null) {
    this.openOther(() => newMatch(this.ctx, seed));
  }

  /**
   * Put another match on the table (`open`: a new one, one continued from History) and play on. A keyboard player who
   * asked for it from the menu goes on at the table, as after the table's own buttons: the folded menu and its closed
   * panels gave his focus back to ☰ (or the menu's item), where the next key would not reach his cards. It waits on
   * his piles' area, then comes to his cards (holdFocusOnPiles, keepKeyboardFocus); what he opened meanwhile keeps it.
   * @param {() => Promise<void>} open
   */
  openOther(open) {
    const asked = document.activeElement;
    this.run(async () => {
      await leaveFinishedMatch(this.ctx);
      await open();
      holdFocusOnPiles(this.ctx.root, asked);
      await this.advance();
    });
  }
}

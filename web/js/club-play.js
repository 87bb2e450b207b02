/**
 * Playing a club challenge (club.html#challenge=c1.…): a display name, then the deals against the computer at the
 * challenge's level on the game's own table (render.js draws it, input.js takes clicks, taps and keys), with no hint
 * and no undo. The computer's moves come from the engine (the challenge's node budget), which answers each move at
 * once. Every move is kept on this device as soon as the engine has answered it (club-model.js), before the trick it
 * finished is shown, so a reload resumes; a finished attempt shows its totals and result link again instead of a second
 * attempt. That is a limit of this device only, and the page says so. One line of play a device: a move made in
 * another tab of the browser stops this one, which goes on from that tab's moves once the member takes it back. A
 * save that does not read, or whose moves the engine does not re-play, is kept aside before a new attempt writes over
 * it, and the page says so (and shows a result link still legible in it). After the closing date (by this device's clock) the engine refuses a new attempt, and the
 * status says the challenge is closed. At the end an embedded page posts `challenge-finished` (embed.js). The
 * challenge's standings are a link away throughout (open to anyone with the challenge link; once finished, with the
 * member's result in them).
 */

import { installSprite } from "./cards.js";
import { clubCall, pageOptions, refusalText, refuseAtField } from "./club-call.js";
import {
  challengeDealText,
  closesBeforeToday,
  clubUrl,
  keepAttemptAside,
  keepUnreadableAttempt,
  PROGRESS_PREFIX,
  readAttempt,
  resultTokensIn,
  saveAttempt,
} from "./club-model.js";
import { wireCopy, wireSend } from "./copy-field.js";
import { deviceStorage, keepStorage, onSavedElsewhere } from "./device-storage.js";
import { byId, inputById } from "./dom.js";
import { challengeFinished } from "./embed.js";
import { isEngineLost } from "./engine.js";
import { asSentences, dayText, language, t } from "./i18n.js";
import { bindInput, firstPlayableCard, focusLost, usingKeyboard } from "./input.js";
import { localDay } from "./local-day.js";
import { dealBeginningSaid, movesSaid } from "./moves-said.js";
import { askClaim, chooseLead } from "./panels.js";
import { buildTable, playableCards, renderTable, trickCounts } from "./render.js";
import { SPEEDS, TRICK_SHOWN } from "./settings.js";
import { announce, askToPlayHere } from "./shell.js";

/** @import { Engine, EngineError } from "./engine.js" */
/** @import { EngineKeeper } from "./engine-start.js" */
/** @import { Attempt, ChallengeInfo, Totals } from "./club-types.js" */
/** @import { DealView, Deck, DrawnState, Player, TableView, TrickCard } from "./types.js" */
/** @import { TrickCounts } from "./page-types.js" */

/** @typedef {(status: string, text: string) => void} SetStatus */

/**
 * Play the challenge `token` (already opened: `challenge`; `closed` by this device's clock).
 * @param {Engine} engine
 * @param {EngineKeeper} keeper  replaces a lost engine: the table reads the attempt into the new one
 * @param {string} token
 * @param {ChallengeInfo} challenge
 * @param {boolean} closed
 * @param {SetStatus} setStatus
 */
export async function playChallenge(engine, keeper, token, challenge, closed, setStatus) {
  byId("club-play").hidden = false;
  byId("club-challenge-name").textContent = challenge.name;
  // Closed: the status says so, and when; the box does not say it again.
  byId("club-challenge-info").textContent = t(closed ? "clubInfoClosed" : "clubInfo", {
    deals: challenge.deals,
    level: t(`level_${challenge.level}`),
    closes: dayText(challenge.closes),
  });
  byId("club-one-attempt").hidden = closed; // no attempt to be had: "one attempt per device" would only confuse
  showStandingsLink(clubUrl("challenge", token, location.href, { standings: true, ...followedHere() }));
  const saved = readAttempt(token, deviceStorage());
  if (saved?.result) {
    // Totals are kept with the result; an attempt finished before they were has them from the engine's check. A
    // result that does not check (damaged since) is made again from the moves kept with it (below), not reported as
    // a challenge link that cannot be opened.
    const totals = saved.totals ?? (await resultIn(engine, token, saved.result))?.totals;
    const late =
      saved.finished && closesBeforeToday(challenge.closes, saved.finished) ? dayText(challenge.closes) : null;
    if (totals) return showFinished(saved.result, totals, null, setStatus, late);
  }
  // A save that does not read is kept aside before a new attempt can write over it, and the member is told; a
  // result link still legible in it is shown to him as his own would be.
  const unreadable = keepUnreadableAttempt(token, deviceStorage());
  const recovered = unreadable === null ? null : await resultIn(engine, token, unreadable);
  if (recovered) {
    showFinished(recovered.token, recovered.totals, null, setStatus);
    return setStatus("recovered", t("clubAttemptRecovered"));
  }
  // An attempt begun before the close and not finished is named: the page did not say what became of it.
  const refuseClosed = () =>
    setStatus("closed", t(saved ? "clubClosedUnfinished" : "clubClosed", { closes: dayText(challenge.closes) }));
  if (closed) return refuseClosed();
  const table = new ClubTable(engine, token, challenge.closes, setStatus);
  keeper.onLost = () => table.pause();
  keeper.restore = () => table.resume();
  const form = /** @type {HTMLFormElement} */ (byId("club-start"));
  /** The name form, and what the status says over it: whether an earlier attempt here was kept aside. */
  const askName = (/** @type {boolean} */ keptAside) => {
    table.standOnSave();
    form.hidden = false;
    if (keptAside) setStatus("unreadable", t("clubAttemptUnreadable"));
    else setStatus("ready", t("clubEnterName"));
  };
  /** @param {{name: string, moves?: string[][]}} member */
  const start = async (member) => {
    try {
      await table.go(await clubCall(engine, "challenge_start", { token, ...member, today: localDay() }));
    } catch (error) {
      if (/** @type {EngineError} */ (error).type === "challenge_closed") return refuseClosed();
      // Saved moves the engine does not re-play (a damaged save) are kept aside too, and the member starts again,
      // his name filled in: not a refusal with no way on, at every visit.
      if (member.moves && !isEngineLost(error) && keepAttemptAside(token, deviceStorage()) !== null) {
        inputById("club-member").value = member.name;
        return askName(true);
      }
      form.hidden = Boolean(member.moves);
      setStatus("error", refusalText(error));
      // A name refused (blank, too long): said at its field, the focus back there, not on the page's body the hidden
      // form left it on.
      if (!form.hidden) refuseAtField(error, { member_name: "club-member" });
    }
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    // An attempt another tab has begun, or finished, since this form was shown: a new one here would write over it.
    if (table.playedElsewhere()) {
      table.yieldToOtherTab();
      return;
    }
    form.hidden = true;
    start({ name: inputById("club-member").value.trim() });
  });
  table.standOnSave();
  if (saved) return start({ name: saved.name, moves: saved.moves });
  askName(unreadable !== null);
}

/**
 * The member's result, read from the text of a save (one that did not read, or its result link): the first result
 * token in it that the engine verifies as a result of the challenge `challenge`, with its totals; null when there is
 * none.
 * @param {Engine} engine
 * @param {string} challenge  the challenge's token
 * @param {string} text
 * @returns {Promise<{token: string, totals: Totals} | null>}
 */
async function resultIn(engine, challenge, text) {
  for (const token of resultTokensIn(text)) {
    try {
      const { result } = await clubCall(engine, "result_check", { token, challenge });
      if (result) return { token, totals: result };
    } catch {
      // damaged too, or a result of another challenge: the next one, if any
    }
  }
  return null;
}

/** The challenge's deals on the game's table: one attempt, drawn after every answer of the engine. */
class ClubTable {
  /**
   * @param {Engine} engine
   * @param {string} token  the challenge's
   * @param {string} closes  its closing day (`YYYY-MM-DD`)
   * @param {SetStatus} setStatus
   */
  constructor(engine, token, closes, setStatus) {
    this.engine = engine;
    this.token = token;
    this.closes = closes;
    this.setStatus = setStatus;
    this.settings = pageOptions().settings;
    /**
     * A trick finished by the last moves, shown a moment before the table goes on: the table as it was taken (the
     * computer's next card not led yet), its cards, and the seats' counts from before it.
     * @type {{deal: NonNullable<Attempt["deal"]>, cards: TrickCard[], counts: TrickCounts} | null}
     */
    this.shownTrick = null;
    /** @type {Attempt | null} */
    this.attempt = null;
    this.busy = false;
    /** The step being taken (act): a lost engine's replacement waits for it to end before it shows the table. */
    this.stepUnderWay = Promise.resolve();
    /** The engine was lost and a new one is on its way (resume): the table is idle. */
    this.restarting = false;
    /** @type {string | null} the moves this tab last kept or stood on (JSON), to tell another tab's from its own */
    this.kept = null;
    /** Another tab of this browser has played on: this one plays no more until it takes the challenge back. */
    this.elsewhere = false;
    const root = byId("app");
    installSprite();
    buildTable(root);
    bindInput(root, { onCard: (player, code) => this.onCard(player, code) });
    /**
     * The attempt's end, shown once the member leaves the last deal's table (its result is kept already).
     * @type {(() => void) | null}
     */
    this.toEnd = null;
    /** @type {HTMLButtonElement} */ (byId("club-next-deal")).onclick = () =>
      this.toEnd ? this.toEnd() : this.act(() => clubCall(engine, "challenge_next_deal"));
    // A claim below 66 gives the computer 2 game points and there is no undo here: asked first, as the game page does.
    /** @type {HTMLButtonElement} */ (byId("club-claim")).onclick = async () => {
      const risk = this.attempt?.false_claim;
      if (await askClaim(/** @type {HTMLDialogElement} */ (byId("panel")), t("claimConfirm"), risk, 0))
        this.act(() => clubCall(engine, "challenge_play", { move: "66" }));
    };
    // Another tab's move changes the save: this tab says so at once, not at its next move (nor at its name form).
    onSavedElsewhere(PROGRESS_PREFIX + token, () => {
      if (this.playedElsewhere()) this.yieldToOtherTab();
    });
  }

  /**
   * Whether another tab of this browser has played this attempt on since this tab last kept it: the save holds other
   * moves, or a result. This tab must not play on from its own position: a member would try a move in one tab, see the
   * card turned up and the computer's answer, and play another in the other (a challenge has no undo), and the moves
   * of one tab would be written over by the other's.
   */
  playedElsewhere() {
    const saved = readAttempt(this.token, deviceStorage());
    return this.kept !== null && saved !== null && (saved.result !== null || JSON.stringify(saved.moves) !== this.kept);
  }

  /**
   * This tab stands on what the device keeps now (its name form, or a save it resumes), before it keeps anything of
   * its own: another tab that begins, plays or finishes the attempt from here on is heard (playedElsewhere). A save
   * kept aside (unreadable, or its moves refused) stays where it was until a new attempt writes over it: no change.
   */
  standOnSave() {
    this.kept = JSON.stringify(readAttempt(this.token, deviceStorage())?.moves ?? null);
  }

  /**
   * Stop playing here: the table takes no more moves, and the member is told where the attempt goes on. Taking it
   * back here loads the page again, which goes on from the moves kept (those of the other tab).
   */
  async yieldToOtherTab() {
    if (this.elsewhere) return;
    this.elsewhere = true;
    this.busy = true;
    this.draw();
    this.setStatus("elsewhere", t("clubElsewhereTitle")); // at the name form too, where there is no table to draw
    await askToPlayHere(/** @type {HTMLDialogElement} */ (byId("panel")), t("clubElsewhereTitle"), t("clubElsewhere"));
    location.reload();
  }

  /**
   * Keep `attempt` on the device and go on from it: the result at the end, else the first deal or the table.
   * @param {Attempt} attempt
   */
  async go(attempt) {
    const { name, moves, totals } = attempt;
    this.keep(attempt);
    if (attempt.deal?.result || attempt.finished) keepStorage(); // a deal of his one attempt is played
    if (attempt.finished) {
      const finished = localDay();
      const result = (await clubCall(this.engine, "challenge_result", { finished })).token;
      saveAttempt(this.token, { name, moves, result, totals, finished }, deviceStorage());
      // Finished after the close: the organiser refuses the result, and the member hears it here first.
      const late = closesBeforeToday(this.closes, finished) ? dayText(this.closes) : null;
      const toEnd = () => showFinished(result, totals, dealOverText(attempt), this.setStatus, late);
      // The last deal just played here stays on the table with its result, as every deal before it did, until the
      // member goes on (its end, a marriage that reached 66, was gone the moment it came).
      if (!attempt.deal?.result || attempt.number !== this.attempt?.number) return toEnd();
      this.attempt = attempt;
      this.toEnd = toEnd;
      this.draw();
      return;
    }
    if (attempt.number === 0) attempt = (await clubCall(this.engine, "challenge_next_deal")).attempt;
    const begins = attempt.deal && attempt.number !== this.attempt?.number;
    this.attempt = attempt;
    this.draw();
    if (begins) this.say(dealBeginningSaid(/** @type {DealView} */ (attempt.deal), attempt.number, ...this.sayers()));
  }

  /**
   * The players' names as the moves are said (the member is "Vi"), the seat called "you", the deck.
   * @returns {[string[], Player, Deck]}
   */
  sayers() {
    return [[t("you"), t("computer")], 0, this.settings.deck];
  }

  /** Say `text` to a screen reader (nothing when it is empty). */
  say(/** @type {string} */ text) {
    if (text) announce(text);
  }

  /**
   * Say what was played from the table this tab showed to `attempt` (the member's move, the computer's answer), and
   * how the deal ended when it did.
   * @param {Attempt} attempt
   */
  sayMoves(attempt) {
    const before = this.attempt?.deal;
    if (!before || !attempt.deal || attempt.number !== this.attempt?.number) return;
    const over = attempt.deal.result ? dealOverText(attempt) : "";
    this.say(asSentences([movesSaid(before, attempt.deal, ...this.sayers()), over].filter(Boolean)));
  }

  /**
   * Keep the moves of `attempt` on the device (its result link is kept with them once it is made).
   * @param {Attempt} attempt
   */
  keep({ name, moves }) {
    saveAttempt(this.token, { name, moves, result: null, totals: null }, deviceStorage());
    this.kept = JSON.stringify(moves);
  }

  /** Whether the table takes no move now: a step under way, or a lost engine being replaced. */
  waiting() {
    return this.busy || this.restarting;
  }

  /**
   * The engine is lost (club.js keeps it): the table takes no move until the new one has the attempt (resume). An
   * attempt finished, its result kept, needs no engine any more: its page stays as it is.
   */
  pause() {
    if (readAttempt(this.token, deviceStorage())?.result) return;
    this.restarting = true;
    this.draw();
    this.setStatus("loading", t("clubLoading")); // at the name form too, where there is no table to draw
  }

  /**
   * The new engine reads the attempt again from the moves kept on this device, and the table comes back as it was
   * kept: the move the lost engine was asked for, never kept, is the member's to make again. With no attempt kept
   * (the name form), there is nothing to read: he starts it again.
   */
  async resume() {
    if (!this.restarting) return; // not paused: finished
    // A step answered before the loss ends first (its trick shown), or its drawing would come after this one's.
    await this.stepUnderWay;
    const saved = readAttempt(this.token, deviceStorage());
    if (this.playedElsewhere()) {
      this.restarting = false;
      void this.yieldToOtherTab();
      return;
    }
    if (!saved?.moves) {
      this.restarting = false;
      this.setStatus("restarted", t("clubRestartedRetry"));
      return;
    }
    const attempt = await clubCall(this.engine, "challenge_start", {
      token: this.token,
      name: saved.name,
      moves: saved.moves,
    });
    this.restarting = false;
    byId("club-start").hidden = true; // its resume at the page's start may have failed with the engine
    await this.go(attempt);
    this.setStatus("restarted", t("clubRestarted"));
    this.say(t("clubRestarted"));
  }

  /**
   * Ask the engine for a move or the next deal (the computer answers within the call), then go on.
   * @param {() => Promise<{attempt: Attempt, trick_taken?: Attempt["deal"]}>} request
   */
  async act(request) {
    if (this.waiting()) return;
    if (this.playedElsewhere()) return this.yieldToOtherTab(); // its storage event not yet heard
    this.stepUnderWay = this.takeStep(request);
    await this.stepUnderWay;
  }

  /**
   * The step of `act`: never fails (a refusal is said on the status line).
   * @param {() => Promise<{attempt: Attempt, trick_taken?: Attempt["deal"]}>} request
   */
  async takeStep(request) {
    this.busy = true;
    this.draw();
    try {
      const { attempt, trick_taken } = await request();
      this.keep(attempt); // before the trick is shown: a reload meanwhile loses neither the move nor the answer
      this.sayMoves(attempt);
      await this.showFinishedTrick(attempt, trick_taken ?? null);
      this.busy = false;
      await this.go(attempt);
    } catch (error) {
      this.busy = false;
      this.draw();
      if (!this.restarting) this.setStatus("error", refusalText(error)); // a lost engine: resume() says what happened
    }
  }

  /**
   * When the moves just made finished a trick (the computer's answer, or the member's), leave it on the table a
   * moment, as the game page does, before the table shows what came after it: on the table as it was when the trick
   * was taken (`taken`, when the computer led the next trick after it), counted once it has gone.
   * @param {Attempt} attempt  the engine's answer
   * @param {Attempt["deal"]} taken  the deal the moment the trick was taken, when the computer moved on after it
   */
  async showFinishedTrick(attempt, taken) {
    const before = this.attempt?.deal;
    const deal = taken ?? attempt.deal;
    const last = deal?.last_trick;
    const pause = SPEEDS[this.settings.speed] * TRICK_SHOWN.byOther * 1000;
    if (!before || !deal || !last || attempt.number !== this.attempt?.number || !pause) return;
    if (deal.tricks_played <= before.tricks_played) return;
    this.shownTrick = { deal, cards: last.cards, counts: trickCounts(before) };
    this.draw();
    await new Promise((resolve) => setTimeout(resolve, pause));
    this.shownTrick = null;
  }

  /**
   * A card chosen on the table (click, tap or key): its move, asking whether a marriage lead announces it.
   * @param {number} player
   * @param {string} code
   */
  async onCard(player, code) {
    const state = this.state();
    if (this.waiting() || !state?.deal) return;
    if (player !== 0 || !playableCards(state, this.view()).has(code)) {
      return this.setStatus("your-turn", t("clubNotPlayable"));
    }
    const move = await chooseLead(
      /** @type {HTMLDialogElement} */ (byId("panel")),
      code,
      this.settings.deck,
      state.deal,
    );
    if (!move) return;
    await this.act(() => clubCall(this.engine, "challenge_play", { move }));
  }

  /**
   * What render.js draws: the deal in play with the member's moves as its legal moves (no match around it).
   * @returns {DrawnState | null}
   */
  state() {
    const attempt = this.attempt;
    if (!attempt?.deal) return null;
    // While a trick is shown, the table it was taken on; nothing is the member's to play until it has gone.
    const shown = this.shownTrick;
    const deal = shown
      ? { ...shown.deal, number: attempt.number, legal_moves: [] }
      : { ...attempt.deal, number: attempt.number, legal_moves: attempt.legal_moves };
    return { match: null, deal, undo_count: 0, can_undo: false };
  }

  /** @returns {TableView} */
  view() {
    return {
      settings: this.settings,
      humans: [true, false],
      names: [this.attempt?.name ?? "", t("computer")],
      busy: this.waiting(),
      hint: null,
      shownTrick: this.shownTrick?.cards ?? null,
      beforeTrick: this.shownTrick?.counts ?? null,
      undealt: null,
      undealtUnder: null,
    };
  }

  /**
   * What the progress line says of the closing day when it has come (by this device's clock): a member playing late
   * at night on it learns that a result finished after midnight will not count, before he gets there.
   * @returns {string | null}
   */
  closingNote() {
    const today = localDay();
    if (today === this.closes) return t("clubClosesToday");
    return closesBeforeToday(this.closes, today) ? t("clubClosedMidAttempt") : null;
  }

  /** Draw the table, the progress line, the claim and next-deal buttons and the status. */
  draw() {
    const attempt = this.attempt;
    const state = this.state();
    if (!attempt || !state?.deal) return;
    byId("club-main").hidden = true;
    byId("table").hidden = false;
    renderTable(byId("app"), state, this.view());
    const info = byId("club-deal-info");
    info.hidden = false;
    const dealInfo = t("clubDealInfo", {
      number: attempt.number,
      deals: attempt.deals,
      points: attempt.totals.game_points,
    });
    info.textContent = [dealInfo, this.closingNote()].filter(Boolean).join(" · ");
    const over = state.deal.result !== null;
    const claim = /** @type {HTMLButtonElement} */ (byId("club-claim"));
    claim.hidden = state.deal.rules.claim !== "manual" || over;
    claim.disabled = this.waiting() || !attempt.legal_moves.includes("66");
    const next = /** @type {HTMLButtonElement} */ (byId("club-next-deal"));
    next.hidden = !over;
    next.disabled = this.waiting();
    next.dataset.text = attempt.finished ? "clubToEnd" : "clubNextDeal"; // after the last deal: to the totals
    next.textContent = t(next.dataset.text);
    if (this.elsewhere) return this.setStatus("elsewhere", t("clubElsewhereTitle"));
    if (this.restarting) return this.setStatus("loading", t("clubLoading"));
    if (this.busy) return this.setStatus("thinking", t("statusThinking", { name: t("computer") }));
    if (over) {
      this.setStatus("deal-over", dealOverText(attempt));
    } else {
      this.setStatus("your-turn", t("clubYourMove"));
    }
    keepKeyboardFocus(over ? next : firstPlayableCard(byId("table")), over);
  }
}

/**
 * A keyboard player whose focus has gone (the card he played left the table, the Next deal button he pressed was
 * hidden) goes on from `next`, the one thing to do there (as on the game page): the first playable card, or the
 * Next deal button once a deal is over. Without it his next Enter would fall on the page's body and do nothing.
 * A deal that is `over` takes the focus from a card still on the table too (a deal may end before the cards are
 * out: a marriage that reached 66): no card can be played any more.
 * @param {Element | null} next
 * @param {boolean} over
 */
function keepKeyboardFocus(next, over) {
  const onOverTable = over && byId("table").contains(document.activeElement);
  if (usingKeyboard() && (focusLost() || onOverTable)) /** @type {HTMLElement | null} */ (next)?.focus();
}

/**
 * How the attempt's last deal ended for the member (challengeDealText).
 * @param {Attempt} attempt
 */
function dealOverText(attempt) {
  const result = attempt.deal?.result;
  const score = attempt.scores[attempt.scores.length - 1];
  return result ? challengeDealText(score, result) : "";
}

/**
 * The end: the member's totals and the result link to send to the organiser (and to the host page when embedded).
 * @param {string} result  the result link's token
 * @param {Totals} totals
 * @param {string | null} lastDeal  how the last deal ended, when it has just been played (null: the attempt was
 *   finished on an earlier visit)
 * @param {SetStatus} setStatus
 * @param {string | null} [late]  the closing day, as the page says it, when the attempt was finished after it
 */
function showFinished(result, totals, lastDeal, setStatus, late = null) {
  const justFinished = lastDeal !== null;
  byId("table").hidden = true;
  byId("club-deal-info").hidden = true;
  byId("club-next-deal").hidden = true;
  byId("club-claim").hidden = true;
  byId("club-main").hidden = false;
  byId("club-finished").hidden = false;
  const url = clubUrl("result", result, location.href);
  const link = inputById("club-result-link");
  link.value = url;
  wireCopy(link, /** @type {HTMLButtonElement} */ (byId("club-result-copy")));
  wireSend(
    link,
    /** @type {HTMLButtonElement} */ (byId("club-result-send")),
    () => byId("club-challenge-name").textContent ?? "",
  );
  // The link to send carries no language (the organiser reads his own); the one to the standings, the result in them.
  showStandingsLink(clubUrl("result", result, location.href, followedHere()));
  const won = totals.deals_won;
  const summary = { points: totals.game_points, won: t(won ? "clubWonDeals" : "clubNoDealWon", { won }) };
  const ending = t("clubFinal", summary);
  const lateText = late ? ` ${t("clubFinishedLate", { closes: late })}` : "";
  const final = justFinished ? `${lastDeal} ${ending}` : t("clubAlreadyPlayed", summary);
  byId("club-final").textContent = final + lateText;
  byId("club-result-label").textContent = t(late ? "clubLateResultLabel" : "clubResultLabel");
  setStatus("finished", t(late ? "clubFinishedLateStatus" : "clubFinishedStatus"));
  showResultLink();
  // The focus on Copy says only its own name; the last deal's result was said with its moves (sayMoves).
  if (justFinished) announce(ending + lateText);
  if (justFinished && pageOptions().embed && window.parent !== window) {
    window.parent.postMessage(challengeFinished(url), "*");
  }
}

/**
 * Bring the member's totals and the result link under them into view, the link's Copy button focused (as a new
 * challenge's links are shown to its organiser): on a phone the page would open far above them, at the challenge's
 * description, and sending that link is the one thing left to do. A keyboard or a screen reader goes on from there.
 */
function showResultLink() {
  byId("club-final").scrollIntoView({ block: "start" });
  byId("club-result-copy").focus({ preventScroll: true });
}

/**
 * The options of a link the member follows on this page: it keeps this page's language. (In a club's frame the way to
 * the standings, the one link followed, is not shown: club.css.)
 */
function followedHere() {
  return { lang: language() };
}

/**
 * Point the challenge's standings link (under its box) at `url`.
 * @param {string} url
 */
function showStandingsLink(url) {
  /** @type {HTMLAnchorElement} */ (byId("club-to-standings")).href = url;
}

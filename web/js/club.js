/**
 * The club challenge page (club.html, issue 13): create a challenge, play it, or rank its results.
 *
 * Without a link it offers the form that makes a challenge (its link, the iframe snippet for a club's site: the
 * Embed page's frame, embed.js, and the organiser's own link to its standings). `#challenge=c1.…` plays it
 * (club-play.js); `#challenge=c1.…&view=standings`, `#result=r1.…` and `#standings=s1.…` open the standings view
 * (club-standings.js). The engine does all the checking. In a club's frame the page tells the host the height it
 * would like for its table (embed.js), as the game does.
 */

import { clubCall, pageOptions, refusalText, refuseAtField } from "./club-call.js";
import { addMade, closesBeforeToday, clubLinkIn, clubUrl, readMade, wantsStandings } from "./club-model.js";
import { playChallenge } from "./club-play.js";
import { openStandings } from "./club-standings.js";
import { wireCopy, wireSend } from "./copy-field.js";
import { deviceStorage, isPersistent } from "./device-storage.js";
import { byId, inputById } from "./dom.js";
import { frameSnippet, reportPreferredHeight } from "./embed.js";
import { Engine } from "./engine.js";
import { EngineKeeper, startPageEngine } from "./engine-start.js";
import { dateText, dayText, language, pageTitle, t } from "./i18n.js";
import { addLanguagePicker, inVisitLanguage, startLanguage } from "./language-picker.js";
import { loadFailureText } from "./loading.js";
import { localDay } from "./local-day.js";
import { isUnderWay, onePress } from "./one-press.js";
import { ruleNote, ruleOptions } from "./rule-fields.js";
import { registerServiceWorker } from "./sw-register.js";

/** @import { MadeChallenge } from "./club-types.js" */

const engine = new Engine();
/**
 * A lost engine replaced by a new one. The organiser's form and the standings hold nothing in it (what they were
 * asking is asked again of the new one); a challenge's table reads its attempt into it again (club-play.js).
 */
const keeper = new EngineKeeper(engine, (error) => setStatus("error", loadFailureText(error)));
/**
 * What the status line said when the engine was lost, put back once the new one is in if nothing has spoken since:
 * a view that had asked the engine nothing (a finished attempt's result, a closed challenge, the organiser's form)
 * is as it was, not told of a restart that changed nothing in it. `said` counts the status line's texts, so the
 * restore knows whether one came after the loss's.
 * @type {{status: string, text: string, said: number} | null}
 */
let saidBeforeLoss = null;
/** The Create button's name for onePress: the restore below asks whether its press is waiting. */
const CREATE = "create";
/** How many texts the status line has shown (setStatus). */
let statusesSaid = 0;
keeper.onLost = () => {
  const line = byId("status");
  const before = saidBeforeLoss ?? { status: line.dataset.status ?? "", text: line.textContent ?? "" };
  setStatus("loading", t("clubLoading"));
  saidBeforeLoss = { ...before, said: statusesSaid };
};
keeper.restore = async () => {
  if (saidBeforeLoss && saidBeforeLoss.said === statusesSaid) {
    // A press of Create waiting for the new engine answers next: until it does, the form's own line, not the one from
    // before the loss (a refusal the organiser may have put right since, shown again as if of his new press).
    if (isUnderWay(CREATE)) sayFormReady();
    else setStatus(saidBeforeLoss.status, saidBeforeLoss.text);
  }
  saidBeforeLoss = null;
};

/** Show `text` as the page's status (`status` goes to data-status for tests and styles). */
function setStatus(/** @type {string} */ status, /** @type {string} */ text) {
  const line = byId("status");
  line.dataset.status = status;
  line.textContent = text;
  statusesSaid++;
}

/** The organiser's form is ready: the status line says what he gets from it (not the form's heading again). */
function sayFormReady() {
  setStatus("ready", t("clubCreateGives"));
}

/**
 * Every `[data-text]` element gets its text in the current language; the link to the game against the computer
 * carries the address's `lang` along (inVisitLanguage), as the friend page's does.
 */
function fillTexts() {
  for (const element of document.querySelectorAll("[data-text]")) {
    element.textContent = t(/** @type {HTMLElement} */ (element).dataset.text ?? "");
  }
  // A frame whose storage the browser blocks keeps the attempt for this visit only: "only this browser remembers
  // it" would promise what a reload then breaks.
  if (!isPersistent()) byId("club-one-attempt").textContent = t("clubNotKept");
  byId("club-rank-head").setAttribute("aria-label", t("clubRank")); // headed "#" on a phone
  byId("club-title").textContent = t("clubTitle");
  document.title = pageTitle(t("clubTitle")); // the tab and a bookmark
  const home = byId("club-home");
  home.textContent = t("playComputer");
  home.setAttribute("href", inVisitLanguage("index.html", location.search));
  byId("club-embed-info").setAttribute("href", inVisitLanguage("embed-info.html", location.search));
}

/**
 * The closing day field: a week ahead to start with, no day before today (by this device's clock: a challenge
 * closed already would turn every member away), and the note under it, which says the day as the page's language
 * writes dates (the field writes it in the browser's own order: 12/08/2026 in an English browser, which a Serbian
 * reads as 12 August), or why the day is refused. Returns the check to make again on submit: whether the day is
 * fine (today may have changed since the page was opened).
 */
function wireClosingDay() {
  const closes = inputById("club-closes");
  const note = byId("club-closes-day");
  const check = () => {
    const today = localDay();
    closes.min = today;
    const past = closes.value !== "" && closesBeforeToday(closes.value, today);
    const text = past
      ? t("clubClosesPast", { today: dayText(today) })
      : t("clubClosesDay", { closes: dayText(closes.value) });
    closes.setCustomValidity(past ? text : ""); // the browser refuses the form with this text, not its own
    closes.setAttribute("aria-invalid", String(past));
    note.classList.toggle("field-error", past);
    note.textContent = closes.value ? text : "";
    return !past;
  };
  closes.value = localDay(new Date(Date.now() + 7 * 24 * 3600 * 1000));
  closes.addEventListener("input", check);
  check();
  return check;
}

/**
 * The claim choice, worded as the friend form and the Settings word it (automatic to start with), with the same
 * note under it: what a manual claim costs.
 * @returns {HTMLSelectElement}
 */
function wireClaimChoice() {
  const claim = /** @type {HTMLSelectElement} */ (byId("club-manual-claim"));
  claim.replaceChildren(...ruleOptions("claim").map(([value, text]) => new Option(text, value)));
  claim.value = "auto";
  byId("club-claim-note").textContent = ruleNote("claim");
  return claim;
}

/** The organiser's form: the challenge's link, its snippet and his link to its standings once the engine has made it. */
async function showCreate() {
  const form = /** @type {HTMLFormElement} */ (byId("club-create"));
  const level = /** @type {HTMLSelectElement} */ (byId("club-level"));
  const { levels } = await keeper.askAgainIfLost(() => clubCall(engine, "challenge_levels"));
  level.replaceChildren(...levels.map((name) => new Option(t(`level_${name}`), name)));
  level.value = "club";
  const closes = inputById("club-closes");
  const closingDayFine = wireClosingDay();
  const claim = wireClaimChoice();
  let challengeName = ""; // the name of the challenge shown: the title the share sheet gives its link
  let madeHere = 0; // challenges made in this visit: a second is said to be another, with other deals
  /**
   * Show the links of `made` (just made, or made before on this device): the members' link, the club site's frame and
   * the organiser's own way back to the standings (kept, or followed now), each opening the challenge in the language
   * the organiser reads this page in (a member's phone set to another language does not turn a Serbian club's
   * challenge into English).
   * @param {MadeChallenge} made
   */
  const showLinks = (made) => {
    challengeName = made.name;
    const link = (/** @type {{embed?: boolean, standings?: boolean}} */ options) =>
      clubUrl("challenge", made.token, location.href, { ...options, lang: language() });
    inputById("club-link").value = link({});
    inputById("club-snippet").value = frameSnippet(new URL(link({ embed: true })), made.name);
    const standings = link({ standings: true });
    inputById("club-standings-view").value = standings;
    /** @type {HTMLAnchorElement} */ (byId("club-standings-start")).href = standings;
    showCreated();
  };
  /** A challenge of the list: its links, and what it is now (members can no longer play one closed). */
  const showMadeLinks = (/** @type {MadeChallenge} */ made) => {
    showLinks(made);
    showMade(showMadeLinks, made.token);
    const closed = closesBeforeToday(made.closes, localDay());
    setStatus("created", t(closed ? "clubMadeShownClosed" : "clubMadeShown", { name: made.name }));
  };
  showMade(showMadeLinks);
  wireCopy(inputById("club-link"), /** @type {HTMLButtonElement} */ (byId("club-link-copy")));
  wireSend(inputById("club-link"), /** @type {HTMLButtonElement} */ (byId("club-link-send")), () => challengeName);
  wireCopy(inputById("club-snippet"), /** @type {HTMLButtonElement} */ (byId("club-snippet-copy")));
  wireCopy(inputById("club-standings-view"), /** @type {HTMLButtonElement} */ (byId("club-standings-view-copy")));
  form.hidden = false;
  sayFormReady();
  const fields = { challenge_name: "club-name", challenge_deals: "club-deals", challenge_closes: "club-closes" };
  const makeChallenge = async () => {
    // The last press's refusal is not this one's (it may have been put right): the form's own line until this answers.
    if (byId("status").dataset.status === "error") sayFormReady();
    const name = inputById("club-name").value.trim();
    const deals = Number(inputById("club-deals").value);
    try {
      // Every field that is wrong says so at once (one per press, the closing day first, before): the first of them,
      // in the form's order, ends up focused. (Both calls change nothing in the engine: a lost one is asked again.)
      const { problems } = await keeper.askAgainIfLost(() =>
        clubCall(engine, "challenge_check", { name, deals, closes: closes.value }),
      );
      const dayFine = closingDayFine(); // a day past says so in its own note under the field
      if (problems.length || !dayFine) {
        // The status line says the first refusal (the day's when it is the only one: a refusal left from the last
        // press is not this one's), each field its own.
        setStatus("error", problems.length ? refusalText(problems[0]) : closes.validationMessage);
        for (const problem of [...problems].reverse()) refuseAtField(problem, fields);
        if (!problems.length) closes.reportValidity();
        return;
      }
      const made = await keeper.askAgainIfLost(() =>
        clubCall(engine, "challenge_new", {
          name,
          deals,
          level: level.value,
          closes: closes.value,
          rules: {
            must_beat: inputById("club-must-beat").checked,
            claim: claim.value,
          },
        }),
      );
      const entry = { token: made.token, name: made.challenge.name, closes: made.challenge.closes, made: Date.now() };
      addMade(entry, deviceStorage()); // a reload, or next week's visit, finds its links again
      showLinks(entry);
      showMade(showMadeLinks, entry.token);
      madeHere += 1;
      // Pressed again, the button makes another challenge (other deals), and says so: the links sent are not these.
      byId("club-create-button").textContent = t("clubCreateAnother");
      setStatus("created", t(madeHere > 1 ? "clubCreatedAnother" : "clubCreated"));
    } catch (error) {
      setStatus("error", refusalText(error));
      refuseAtField(error, fields);
    }
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    onePress(CREATE, makeChallenge); // one challenge a press, however often it is pressed while it is made
  });
}

/**
 * List the challenges made on this device (none: the list stays hidden), each a button that shows its links again:
 * its name, its closing day (or that it has closed) and when it was made (two of one name are told apart); the one
 * whose links are shown (`shown`) is marked.
 * @param {(made: MadeChallenge) => void} show
 * @param {string | null} [shown]  its token
 */
function showMade(show, shown = null) {
  const made = readMade(deviceStorage());
  const today = localDay();
  byId("club-made").hidden = made.length === 0;
  byId("club-made-list").replaceChildren(
    ...made.map((challenge) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      const closed = closesBeforeToday(challenge.closes, today);
      button.textContent = t(closed ? "clubMadeItemClosed" : "clubMadeItem", {
        name: challenge.name,
        closes: dayText(challenge.closes),
        made: dateText(challenge.made, true),
      });
      if (challenge.token === shown) button.setAttribute("aria-current", "true");
      button.addEventListener("click", () => show(challenge));
      item.append(button);
      return item;
    }),
  );
}

/**
 * Show the links just made, from their top (on a phone the form's button lies far below them, and links out of
 * sight look as if nothing happened), the challenge link's Copy button focused: a keyboard or a screen reader goes
 * on from there (the button names the link's label).
 */
function showCreated() {
  byId("club-created").hidden = false;
  byId("club-link-label").scrollIntoView({ block: "start" });
  byId("club-link-copy").focus({ preventScroll: true });
}

async function start() {
  // In a club's frame the page is the club's: no language picker (the snippet's address sets the language) and no
  // way out to a new match of the game.
  document.body.classList.toggle("embed", pageOptions().embed);
  reportPreferredHeight(pageOptions().embed, byId("table"));
  startLanguage(); // the address's `lang`, else the one chosen on any of the game's pages, else the browser's
  addLanguagePicker(byId("menu"), "club-language"); // the challenge link in the fragment stays across its reload
  fillTexts();
  registerServiceWorker();
  window.addEventListener("hashchange", () => location.reload()); // another club link pasted into the address bar
  setStatus("loading", t("clubLoading"));
  try {
    await startPageEngine(engine);
  } catch (error) {
    return setStatus("error", loadFailureText(error));
  }
  const link = clubLinkIn(location);
  try {
    if (link === null) return await showCreate();
    if (!link.token) return showProblem(t("err_link_cut"), false);
    if (link.kind === "standings") {
      // On the club's own page the table is the matter, not what a challenge is: a phone's frame showed the
      // introduction and the title, and not one row of the table.
      byId("club-intro").hidden = pageOptions().embed;
      return await openStandings(engine, keeper, { challenge: null, results: [], standings: link.token }, setStatus);
    }
    if (link.kind === "result")
      return await openStandings(
        engine,
        keeper,
        { challenge: null, results: [link.token], standings: null },
        setStatus,
      );
    if (wantsStandings(location)) {
      // The organiser's link that does not open says so in place of the view, as a member's does: not in the status
      // line under a paste box whose every result would be refused.
      await clubCall(engine, "challenge_open", { token: link.token });
      return await openStandings(engine, keeper, { challenge: link.token, results: [], standings: null }, setStatus);
    }
    const { challenge, closed } = await clubCall(engine, "challenge_open", { token: link.token, today: localDay() });
    await playChallenge(engine, keeper, link.token, challenge, closed, setStatus);
  } catch (error) {
    if (link === null) setStatus("error", refusalText(error));
    else showProblem(refusalText(error), /** @type {{reason?: string}} */ (error)?.reason === "link_newer");
  }
}

/**
 * The link could not be opened at all (a broken or changed challenge link, for instance): say so where the page's
 * content would be, not only in the status line, and what to do: have it sent again whole, unless it is whole and
 * only newer than this page (its reason says to reload the page).
 * @param {string} reason  a sentence
 * @param {boolean} newer  the link was made by a newer version of the game
 */
function showProblem(reason, newer) {
  setStatus("error", reason);
  byId("club-intro").hidden = true; // the link is the matter here, not what a challenge is
  byId("club-problem-reason").textContent = reason;
  byId("club-problem-help").hidden = newer;
  byId("club-problem").hidden = false;
}

start();

/**
 * Texts of the shipping features (update offer, share links, replay, embed) in the page's language.
 *
 * Serbian is written once in Latin script; Cyrillic comes from i18n.js's transliteration. `st(key, values)`
 * works like i18n's `t`, and its values are filled in as plain text (callers put results in `textContent`).
 */

import { fillIn, language, toCyrillic } from "./i18n.js";

/** @import { TextTable } from "./i18n.js" */

/** @type {TextTable} */
export const SR = {
  updateReady: "Nova verzija igre je spremna.",
  updateNow: "Osvežite",
  updateLater: "Kasnije",
  share: "Linkovi",
  shareNoDealYet: "Linkovi deljenja i partije postoje od prvog deljenja: biće ovde čim se karte podele.",
  shareDeal: "Link deljenja",
  shareDealTitle: "Link za deljenje {n}",
  shareDealText: "Ko otvori ovaj link dobija iste karte, na istim mestima, sa istim pravilima.",
  shareGameTitle: "Link za ovu partiju",
  shareGameText: "Ovaj link otvara snimak partije: svaki potez, napred i nazad.",
  shareDealSent: "Odigrajte ovo deljenje Otvorenog 66: iste karte, na istim mestima, sa istim pravilima.",
  shareGameSent: "Pogledajte ovu partiju Otvorenog 66, potez po potez.",
  copy: "Kopirajte",
  copied: "Kopirano",
  copyByHand: "Označeno — kopirajte ručno",
  sendLink: "Pošaljite…",
  close: "Zatvorite",
  shareFailed: "Link nije mogao da se napravi. {reason}",
  linkBroken: "Link nije ispravan",
  linkNewer: "Link iz novije verzije igre",
  linkBrokenText: "{message} Počinje nova partija.",
  linkBrokenKeptText: "{message} Vaša partija se nastavlja.",
  newGame: "Nova partija",
  noGame: "U ovom linku nema partije.",
  replayNoLink: "Nema snimka",
  replayNoLinkText:
    "Ova stranica pušta snimak partije iz njenog linka, koji daje „{share}“ u meniju igre. Otvorite takav link ili počnite novu partiju.",
  replayTitle: "Snimak partije",
  replayPlayer: "Igrač",
  replayLoading: "Učitavam snimak…",
  replayRestarted: "Igra je zastala, pa je ponovo pokrenuta.",
  replayLoadFailed: "Snimak nije mogao da se učita",
  replayLoadFailedText: "Osvežite stranicu da biste pokušali ponovo. ({message})",
  replayDeal: "Deljenje {n} od {total}",
  replayMove: "Potez {n} od {total}",
  replayMovesList: "spisak poteza",
  replayMovesTitle: "Potezi · deljenje {n}",
  replayDealStart: "Početak deljenja",
  replayTrick: "{n}. štih",
  replayClaim: "Prijava",
  replayMarks: "\u25b8 prva karta · \u2713 nosi štih",
  replayPlayDeal: "Odigrajte ovo deljenje",
  replayStart: "Početak",
  replayBack: "Nazad",
  replayForward: "Napred",
  replayEnd: "Kraj",
  replayPrevDeal: "Prethodno deljenje",
  replayNextDeal: "Sledeće deljenje",
  replayMyMatch: "Moja partija",
  // A name is anyone's (a present tense does not ask whether it is a man's or a woman's).
  replayResigned: "{name} predaje deljenje: {winner} dobija {points}\u00a0{points|poen|poena|poena} partije.",
  embedTitle: "Ugradite Otvoreni 66 na svoj sajt",
  embedHeading: "Ugradite Otvoreni 66 na sajt svog kluba",
  embedIntro:
    "Kopirajte ovo u bilo koju veb stranicu. Igra radi cela u pregledaču posetioca (bez servera, bez naloga); posle prve posete radi i bez interneta.",
  embedCopy: "Kopirajte kod",
  // The snippet's script comment, one line each side of the line break.
  embedScriptNote:
    "Po želji: primajte događaje igre (kraj deljenja ili partije, završen klupski izazov)\ni dajte okviru visinu koju igra traži (najviše do visine prozora).",
  embedSetup: "Podesite igru",
  embedSetupText:
    "Izaberite kakvu će igru dobiti posetioci Vašeg sajta. Kod ispod i igra na dnu stranice menjaju se čim nešto izaberete.",
  embedLanguage: "Jezik igre",
  embedRules: "Pravila Vašeg kluba",
  embedSize:
    "Okvir zauzima širinu Vaše kolone i veći deo visine ekrana: vodoravno na računaru, uspravno na telefonu, uvek na jednom ekranu. Sto u njemu se prilagođava svakoj veličini, pa možete izabrati i drugu; dajte okviru visinu, ne samo odnos strana.",
  embedOptions: "Opcije (u adresi `src`)",
  embedParameter: "Parametar",
  embedValues: "Vrednosti",
  embedMeaning: "Značenje",
  embedOptionsText: "Formular iznad upisuje ove opcije umesto Vas; ovde su sve, za one koji adresu okvira pišu sami.",
  embedOptEmbed: "Samo sto i „Kako se igra“, bez ostalih menija stranice.",
  embedOptLang: "Jezik.",
  embedOptLevel: "Jačina računara.",
  embedOptDeck: "Slike karata.",
  embedOptMustBeat: "Ko odgovara na boju mora da nadjača odigranu kartu ako može.",
  embedOptClaim: "Deljenje se završava na 66 samo od sebe, ili igrač mora da prijavi 66.",
  embedOptDealer: "Ko deli sledeće deljenje.",
  embedOptDrawBonus: "Jedan poen partije više pobedniku deljenja posle nerešenog.",
  embedOptTarget: "Koliko je poena partije potrebno za pobedu (bez ove opcije 7).",
  embedOptOpponent: "Protiv računara, ili dvoje ljudi za istim ekranom.",
  embedOptSpeed: "Brzina animacije.",
  embedOptSound:
    "Zvuci karata i kraja deljenja: `0` isključeni (u okviru igrač nema Podešavanja da ih sam isključi), `1` uključeni.",
  embedOptHelp:
    "`0`: bez dugmadi Savet i Vratite (igra bez pomoći, npr. za klupsko takmičenje); bez ove opcije ih ima.",
  embedHelp: "Savet i Vratite (pomoć igraču)",
  embedSeedValues: "broj (do 15 cifara)",
  embedOptSeed: "Broj iz kog se mešaju karte: ista deljenja za svakoga ko ga koristi.",
  embedEvents: "Događaji za Vašu stranicu",
  embedEventsText:
    'Igra šalje poruku Vašoj stranici kad se završi deljenje i kad se završi partija. Svaka je običan objekat sa `source: "otv66"` i `version: 1` (menja se samo ako neko polje promeni značenje; polja mogu da se dodaju). Igrač 0 je posetilac, igrač 1 računar.',
  embedResize:
    "`resize` javlja visinu okvira koju bi igra želela (`height`, u pikselima): tolika da karte budu najveće što širina okvira dozvoljava. Šalje se kad se ta visina promeni; neobavezna skripta u kodu iznad je primenjuje, najviše do visine prozora. Bez skripte okvir zadržava svoju visinu.",
  embedReasons:
    "`reason` je `reached_66`, `played_out`, `false_claim` ili `draw` (tada je `winner` `null`). Igra ne prima poruke od Vaše stranice: ništa van okvira ne može da promeni igru u toku.",
  embedFraming:
    "Ugrađivanje dozvoljava zaglavlje sajta `Content-Security-Policy: frame-ancestors` (u `netlify.toml`); da biste ga dozvolili samo svojim sajtovima, navedite ih tamo.",
  embedClub: "Klupski izazov i njegova tabela",
  embedClubText:
    "Izazov (ista deljenja za svakog člana, pa tabela) pravite na stranici klupskog izazova: uz link izazova ona daje i kod za sajt kluba, okvir kao ovaj. Kad tamo proverite rezultate, ispod tabele je i njen kod: tabela u okviru se samo čita, a svaki rezultat u njoj se ponovo proverava. Okvir izazova javlja kad član završi izazov: `challenge-finished`, sa adresom linka njegovog rezultata (`result`).",
  embedClubLink: "Napravite klupski izazov",
  embedTry: "Probajte",
  embedReceived: "Događaji primljeni ovde",
};

/** @type {TextTable} */
export const EN = {
  updateReady: "A new version of the game is ready.",
  updateNow: "Update",
  updateLater: "Later",
  share: "Share",
  shareNoDealYet:
    "The links to the deal and to the match come with the first deal: they will be here once the cards are dealt.",
  shareDeal: "Share this deal",
  shareDealTitle: "Link to deal {n}",
  shareDealText: "Whoever opens this link gets the same cards in the same places, under the same rules.",
  shareGameTitle: "Link to this match",
  shareGameText: "This link opens a replay of the match: every move, forward and back.",
  shareDealSent: "Play this deal of Open 66: the same cards in the same places, under the same rules.",
  shareGameSent: "Watch this match of Open 66, move by move.",
  copy: "Copy",
  copied: "Copied",
  copyByHand: "Selected — copy by hand",
  sendLink: "Send…",
  close: "Close",
  shareFailed: "The link could not be made. {reason}",
  linkBroken: "This link does not work",
  linkNewer: "A link from a newer version of the game",
  linkBrokenText: "{message} A new match starts instead.",
  linkBrokenKeptText: "{message} Your match goes on.",
  newGame: "New match",
  noGame: "There is no match in this link.",
  replayNoLink: "No replay",
  replayNoLinkText:
    "This page replays a match from its link, which “{share}” in the game's menu gives. Open such a link, or start a new match.",
  replayTitle: "Match replay",
  replayPlayer: "Player",
  replayLoading: "Loading the replay…",
  replayRestarted: "The game stalled and was restarted.",
  replayLoadFailed: "The replay could not be loaded",
  replayLoadFailedText: "Reload the page to try again. ({message})",
  replayDeal: "Deal {n} of {total}",
  replayMove: "Move {n} of {total}",
  replayMovesList: "list of moves",
  replayMovesTitle: "Moves · deal {n}",
  replayDealStart: "Start of the deal",
  replayTrick: "Trick {n}",
  replayClaim: "Claim",
  replayMarks: "\u25b8 led · \u2713 takes the trick",
  replayPlayDeal: "Play this deal",
  replayStart: "Start",
  replayBack: "Back",
  replayForward: "Forward",
  replayEnd: "End",
  replayPrevDeal: "Previous deal",
  replayNextDeal: "Next deal",
  replayMyMatch: "My match",
  replayResigned: "{name} resigned the deal: {winner} wins {points}\u00a0game {points|point|points}.",
  embedTitle: "Embed Open 66 on your site",
  embedHeading: "Embed Open 66 on your club's site",
  embedIntro:
    "Copy this into any web page. The game runs entirely in the visitor's browser (no server, no account); after the first visit it also plays offline.",
  embedCopy: "Copy the code",
  embedScriptNote:
    "Optional: hear the game's events (a deal or the match ends, a club challenge is finished), and give the frame\nthe height the game asks for (up to the window's height).",
  embedSetup: "Set up the game",
  embedSetupText:
    "Choose the game your site's visitors get. The code below and the game at the bottom of the page change as soon as you choose.",
  embedLanguage: "Language of the game",
  embedRules: "Your club's rules",
  embedSize:
    "The frame takes your column's width and most of the screen's height: landscape on a desktop, portrait on a phone, always on one screen. The table inside fits whatever box it is given, so you may choose another size; give the frame a height, not only an aspect ratio.",
  embedOptions: "Options (in the `src` address)",
  embedParameter: "Parameter",
  embedValues: "Values",
  embedMeaning: "Meaning",
  embedOptionsText:
    "The form above writes these options for you; here are all of them, for those who write the frame's address themselves.",
  embedOptEmbed: "The table and “How to play” only, without the page's other menus.",
  embedOptLang: "Language.",
  embedOptLevel: "The computer's strength.",
  embedOptDeck: "Card pictures.",
  embedOptMustBeat: "The follower must beat the led card when following suit, if he can.",
  embedOptClaim: "A deal ends at 66 by itself, or the player must claim 66.",
  embedOptDealer: "Who deals the next deal.",
  embedOptDrawBonus: "One extra game point for the winner of the deal after a draw.",
  embedOptTarget: "How many game points win the match (7 when not given).",
  embedOptOpponent: "Against the computer, or two people at one screen.",
  embedOptSpeed: "Animation speed.",
  embedOptSound:
    "The sounds of the cards and of a deal's end: `0` off (in a frame the player has no Settings to turn them off), `1` on.",
  embedOptHelp:
    "`0`: no Hint and Undo buttons (play without help, say for a club's contest); without it they are there.",
  embedHelp: "Hint and Undo (help for the player)",
  embedSeedValues: "a number (up to 15 digits)",
  embedOptSeed: "A number the cards are shuffled from: the same deals for everyone who uses it.",
  embedEvents: "Events for your page",
  embedEventsText:
    'The game posts a message to your page when a deal ends and when the match ends. Each is a plain object with `source: "otv66"` and `version: 1` (raised only if a field changes meaning; fields may be added). Player 0 is the visitor, player 1 the computer.',
  embedResize:
    "`resize` tells the frame height the game would like (`height`, in pixels): enough for cards as large as the frame's width allows. It is posted when that height changes; the optional script in the code above applies it, up to the window's height. Without the script the frame keeps its own height.",
  embedReasons:
    "`reason` is `reached_66`, `played_out`, `false_claim` or `draw` (then `winner` is `null`). The game accepts no messages from your page: nothing outside the frame can change a match in progress.",
  embedFraming:
    "Framing is allowed by the site's `Content-Security-Policy: frame-ancestors` header (in `netlify.toml`); to allow only your own sites, list them there.",
  embedClub: "A club challenge and its standings",
  embedClubText:
    "A challenge (the same deals for every member, then the standings) is made on the club challenge page: with the challenge's link it gives the code for the club's site, a frame like this one. Once you check the results there, the standings' own code is under them: the framed standings are read-only, every result in them checked again. The challenge's frame posts when a member finishes it: `challenge-finished`, with the address of his result link (`result`).",
  embedClubLink: "Make a club challenge",
  embedTry: "Try it",
  embedReceived: "Events received here",
};

/** The text for `key` in the current language, `{name}` placeholders filled from `values`. */
/**
 * @param {string} key
 * @param {Record<string, string | number>} [values]
 */
export function st(key, values = {}) {
  const lang = language();
  const base = lang === "en" ? EN[key] : (SR[key] ?? EN[key]);
  const text = lang === "sr-Cyrl" ? toCyrillic(base) : base;
  return fillIn(text, values);
}

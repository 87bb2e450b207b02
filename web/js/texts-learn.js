/**
 * The "How to play" panel and the guided first deal, in Serbian (Latin; i18n.js makes the Cyrillic) and English.
 * The rules are docs/rules.md told to a player; the tips (`tip_*`) are shown when the engine's state shows the
 * thing happening (tutorial.js decides when).
 */

/** @import { TextTable } from "./i18n.js" */

/** @type {TextTable} */
export const SR_LEARN = {
  rulesButton: "Kako se igra",
  rulesTitle: "Kako se igra Otvoreni 66",
  rulesOffer: "Prvi put igrate? Pogledajte kako se igra.",
  rulesOfferOpen: "Pravila",
  rulesOfferLater: "Kasnije",
  rulesCardsTitle: "Karte",
  rulesCards:
    "Igra se sa 32 karte. Redosled, od najjače: as, desetka, kralj, {queen}, {jack}, devetka, osmica, sedmica. Poeni: as 11, desetka 10, kralj 4, {queen} 3, {jack} 2, ostale 0.",
  rulesDealTitle: "Deljenje i adut",
  rulesDeal:
    "Svaki igrač ima pred sobom 8 gomila: na svakoj je jedna zatvorena karta, a na njoj jedna otvorena. Delilac deli u dva kruga, prvo zatvorene karte, pa otvorene: u paketima od 1, 2 ili 4 karte, po svom izboru, naizmenično protivniku i sebi, prvo protivniku (isti raspored u oba kruga). Poslednja karta delioca (na njegovoj osmoj gomili) određuje adut.",
  rulesPlayTitle: "Igra",
  rulesPlay:
    "Sve otvorene karte vide oba igrača. U prvom štihu prvi igra igrač koji ne deli, a u svakom sledećem onaj ko je odneo prethodni. Igra se samo otvorenom kartom: kliknite je ili je dodirnite (karte koje smete da igrate imaju zlatan okvir). Kad karta ode sa gomile, karta ispod nje se okreće. Ko igra drugi u štihu, mora da poštuje boju; ako nema tražene boje, mora da seče adutom; ako nema ni aduta, igra bilo šta. Štih nosi najjači adut, inače najjača karta tražene boje.",
  rulesPlayExample:
    "Primer: prvo je odigrana {low}, a odgovor je {high}, jača karta iste boje, koja nosi štih. Da je odgovor bio {other}, karta druge boje, štih bi nosila {low}, osim kad je {suit} adut.",
  rulesMarriageTitle: "Marijaž",
  rulesMarriage:
    "Kralj i {queen} iste boje, otvoreni kod istog igrača: 20 poena, u adutu 40. Prijavljuje ga samo igrač koji prvi igra u štihu, i tada igra tog kralja ili {queenAcc}. Poeni se računaju tek kad prijavilac odnese bar jedan štih. U igri: kad igrate prvi u štihu, odigrajte tog kralja ili {queenAcc}, pa u prozoru koji se otvori izaberite da prijavite marijaž.",
  rulesScoreTitle: "66 i poeni partije",
  rulesScore:
    "Ko prvi skupi 66 (poeni iz štihova, marijaži i 10 za poslednji štih), dobija deljenje: 1 poen partije ako protivnik ima 33 ili više, 2 ako ima manje od 33, 3 ako nije odneo nijedan štih. Ako se odigraju svi štihovi, a deljenje niko nije dobio sa 66, dobija ga ko ima više poena; pri jednakom broju poena deljenje je nerešeno i niko ne dobija poene partije. Partiju dobija ko prvi skupi {target} {target|poen|poena|poena} partije.",
  rulesDealerWinner: "Sledeće deljenje deli pobednik ovog; posle nerešenog deljenja deli isti igrač.",
  rulesDealerAlternate: "Igrači dele naizmenično; posle nerešenog deljenja deli isti igrač.",
  rulesMustBeat: "U ovoj partiji ko poštuje boju mora i da nadjača kartu ako može.",
  rulesClaimAuto: "Igra sama prijavljuje 66 čim ga neko dostigne.",
  rulesClaimManual:
    "U ovoj partiji 66 prijavljujete sami, dugmetom „66!“, odmah posle odnetog štiha ili prijavljenog marijaža. Poeni se ne prikazuju: brojite ih sami. Prijava ispod 66 daje protivniku 2 poena partije.",
  rulesDrawBonus:
    "Posle nerešenog deljenja pobednik sledećeg deljenja dobija poen partije više; posle više nerešenih zaredom, po jedan za svako.",
  rulesFairTitle: "Računar igra pošteno",
  rulesFair:
    "Računar vidi samo ono što vidite i Vi: otvorene i odigrane karte. Ni on ne zna zatvorene karte, pa računa sa svim kartama koje niko još nije video.",
  rulesKeysTitle: "Igra tastaturom",
  rulesKeys:
    "Broj od 1 do 8 bira kartu koju smete da igrate (brojevi se tada pojavljuju na kartama), a strelice vode od karte do karte (Home i End do prve i poslednje); Enter ili razmaknica igra izabranu kartu. Dok se karte kreću, bilo koji taster preskače animaciju; ako Enter ili razmaknicu pritiskate uzastopno ili ih držite, ili ih pritisnete ponovo manje od sekunde pošto ste odigrali kartu, karta se ne igra, niti se zatvara prozor sa rezultatom deljenja, dok ih ne pustite bar jednu sekundu. Tab vodi do dugmadi, a Escape zatvara prozor.",
  rulesTutorial: "Igrajte vođeno deljenje",
  tutorialOn: "Vođeno deljenje: objasniću pravila dok igrate.",
  tip_follow: "Protivnik je prvi odigrao kartu u boji {suit}: ako imate tu boju, morate da je poštujete.",
  tip_follow_beat:
    "Protivnik je prvi odigrao kartu u boji {suit}: ako imate tu boju, morate da je poštujete, i da nadjačate njegovu kartu ako možete.",
  tip_trump: "Nemate traženu boju, pa morate da sečete adutom ({trump}).",
  tip_lead:
    "Kad igrate prvi u štihu, smete da igrate bilo koju kartu sa zlatnim okvirom; protivnik mora da poštuje njenu boju ako je ima.",
  tip_trick: "Štih nosi {card}, najjača karta tražene boje: odneo ga je {name} i igra prvi.",
  tip_trick_you: "Štih nosi {card}, najjača karta tražene boje: odneli ste ga i igrate prvi.",
  tip_trick_trump: "Štih nosi {card}: adut je jači od svake druge boje. Odneo ga je {name} i igra prvi.",
  tip_trick_trump_you: "Štih nosi {card}: adut je jači od svake druge boje. Odneli ste ga i igrate prvi.",
  tip_last_trick: "Poslednji štih: ko ga odnese, dobija još 10 poena.",
  tip_turnup: "Karta je otišla sa gomile, pa je okrenuta karta ispod nje: {card}.",
  tip_marriage:
    "Imate kralja i {queenAcc} iste boje: kad igrate prvi u štihu, igrajte jednog od njih i prijavite marijaž.",
  tip_marriage_wait: "Poeni marijaža čekaju prvi štih koji odnesete.",
  tip_66: "Čim neko skupi 66 ili više poena, deljenje je gotovo: dobija ga {name}.",
  tip_66_you: "Čim neko skupi 66 ili više poena, deljenje je gotovo: dobili ste ga.",
  tip_claim:
    "Sada smete da prijavite 66, dugmetom „66!“: samo ako imate 66 ili više poena. Poeni se ne prikazuju, pa ih brojite sami; ako nemate 66, igrajte dalje.",
  tip_claimed: "Prijava 66 je tačna ({name} ima 66 ili više poena): deljenje je gotovo.",
  tip_claimed_you: "Prijava 66 je tačna (imate 66 ili više poena): deljenje je gotovo.",
  tip_false_claim: "Prijava ispod 66 je pogrešna: deljenje dobija protivnik onoga ko je prijavio, sa 2 poena partije.",
  tip_game_points: "Poeni partije: 1 ako protivnik ima bar 33, 2 ako ima manje, 3 ako nije odneo nijedan štih.",
};

/** @type {TextTable} */
export const EN_LEARN = {
  rulesButton: "How to play",
  rulesTitle: "How to play Open 66",
  rulesOffer: "First time here? See how the game is played.",
  rulesOfferOpen: "Rules",
  rulesOfferLater: "Later",
  rulesCardsTitle: "Cards",
  rulesCards:
    "32 cards. From high to low: ace, ten, king, {queen}, {jack}, nine, eight, seven. Points: ace 11, ten 10, king 4, {queen} 3, {jack} 2, the others 0.",
  rulesDealTitle: "Dealing and trump",
  rulesDeal:
    "Each player has 8 piles: a face-down card with a face-up card on it. The dealer deals in two rounds, the face-down cards first, then the face-up ones: in packets of 1, 2 or 4 cards as he chooses, in turn to the opponent and to himself, the opponent first (the same plan in both rounds). The dealer's last card (on the eighth pile) fixes the trump suit.",
  rulesPlayTitle: "Play",
  rulesPlay:
    "Both players see every face-up card. The player who did not deal leads the first trick; whoever takes a trick leads the next. You play only face-up cards: click or tap one (the cards you may play have a gold frame). When a card leaves a pile, the card under it is turned up. The follower must follow suit; without the suit led, a trump; without a trump, any card. The highest trump wins the trick, else the highest card of the suit led.",
  rulesPlayExample:
    "For example: the {low} is led and answered with the {high}, the higher card of the same suit, which takes the trick. Had the answer been the {other}, of another suit, the {low} would take it, unless {suit} were trumps.",
  rulesMarriageTitle: "Marriage",
  rulesMarriage:
    "King and {queen} of one suit, both face up for the same player: 20 points, 40 in trumps. Only the player about to lead may announce one, leading that king or {queenAcc}. The points count once the announcer has won a trick. In the game: when you lead, play that king or {queenAcc}, then choose to announce the marriage in the panel that opens.",
  rulesScoreTitle: "66 and game points",
  rulesScore:
    "The first to 66 (card points of the tricks won, marriages and 10 for the last trick) wins the deal: 1 game point if the opponent has 33 or more, 2 if less than 33, 3 if the opponent won no trick. If all the tricks are played and nobody has won the deal with 66, the higher score wins it; with equal scores the deal is drawn and nobody gets game points. The first to {target} game {target|point|points} wins the match.",
  rulesDealerWinner: "The winner of a deal deals the next one; after a drawn deal the same player deals again.",
  rulesDealerAlternate: "The players deal in turn; after a drawn deal the same player deals again.",
  rulesMustBeat: "In this match a player who follows suit must also beat the card led if he can.",
  rulesClaimAuto: "The game claims 66 as soon as a player reaches it.",
  rulesClaimManual:
    "In this match you claim 66 yourself, with the “66!” button, right after winning a trick or announcing a marriage. The points are not shown: count them yourself. A claim below 66 gives the opponent 2 game points.",
  rulesDrawBonus:
    "After a drawn deal the winner of the next one gets 1 extra game point; after several drawn deals in a row, 1 for each.",
  rulesFairTitle: "The computer plays fair",
  rulesFair:
    "The computer sees only what you see: the face-up cards and the cards played. It does not know the face-down cards either, and takes into account every card nobody has seen yet.",
  rulesKeysTitle: "Playing by keyboard",
  rulesKeys:
    "A number from 1 to 8 picks a card you may play (the numbers show on the cards), the arrow keys move from card to card (Home and End to the first and last); Enter or Space plays the chosen card. While the cards move, any key skips the animation; Enter or Space pressed again and again, or held down, or pressed again within a second of playing your card, plays no card, nor closes a deal's result, until the keys rest for a second. Tab goes to the buttons, Escape closes a panel.",
  rulesTutorial: "Play a guided deal",
  tutorialOn: "Guided deal: I explain the rules as you play.",
  tip_follow: "Your opponent led {suit}. You must follow suit if you have it.",
  tip_follow_beat: "Your opponent led {suit}. You must follow suit if you have it, and beat the card if you can.",
  tip_trump: "You have no card of the suit led, so you must play a trump ({trump}).",
  tip_lead: "When you lead, you may play any card with a gold frame; your opponent must follow its suit if possible.",
  tip_trick: "The {card}, the highest card of the suit led, takes the trick: {name} leads the next.",
  tip_trick_you: "The {card}, the highest card of the suit led, takes the trick for you: you lead the next.",
  tip_trick_trump: "The {card} takes the trick: a trump beats every other suit. {name} leads the next.",
  tip_trick_trump_you: "The {card} takes the trick: a trump beats every other suit. Yours, and you lead the next.",
  tip_last_trick: "The last trick: whoever takes it gets 10 more points.",
  tip_turnup: "A card left its pile, so the card under it was turned up: {card}.",
  tip_marriage:
    "You have the king and the {queenAcc} of one suit: when you lead, play one of them and announce the marriage.",
  tip_marriage_wait: "The marriage's points wait for the first trick you win.",
  tip_66: "As soon as a player has 66 or more, the deal is over: {name} won it.",
  tip_66_you: "As soon as a player has 66 or more, the deal is over: you won it.",
  tip_claim:
    "You may claim 66 now, with the “66!” button: only if you have 66 or more. The points are not shown, so count them; without 66, play on.",
  tip_claimed: "{name} claimed 66 with 66 or more: the deal is over.",
  tip_claimed_you: "You claimed 66 with 66 or more: the deal is over.",
  tip_false_claim: "A claim below 66 is false: the other player wins the deal, with 2 game points.",
  tip_game_points: "Game points: 1 if the opponent has 33 or more, 2 if less, 3 if the opponent won no trick.",
};

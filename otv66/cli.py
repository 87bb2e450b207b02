"""The terminal front: ``otv66`` (or ``python -m otv66``) plays a match against the computer.

The game loop talks to the player through a :class:`Console` (any pair of
text streams, so tests drive it with :class:`io.StringIO`) and draws with the
pure functions of :mod:`otv66.terminal_draw`. It uses only the public engine
API: a :class:`~otv66.table.Table` drives the match (whose turn, the computer's
moves and claims, undo), ``deal.view()`` is what is drawn.

Player 0 is the one at the keyboard ("You"); the computer is player 1.
With ``--hotseat`` both are people sharing the keyboard.

It speaks Serbian (Latin or Cyrillic script) or English: ``--lang``, else the locale of the environment
(:func:`~otv66.terminal_language.environment_language`); the words are :mod:`otv66.terminal_text`'s. Moves are
typed as the engine's codes (``KH``, ``10h``, ``K♥``) in every language; in Serbian also with the Serbian letters
(:func:`normalise_move`), and on a Cyrillic keyboard. ``--rules`` shows the rules, as the package ships them
(:func:`rules_text`).

Quitting loses nothing: after every move the match is written, as a
docs/record-format.md record, to a save file (:func:`~otv66.terminal_options.default_save_path`, or
``--save FILE``), and the next start offers to go on with a match left
unfinished there. A finished match's record stays there until a new one starts. Without a home
folder (and no ``$XDG_STATE_HOME``) there is no default save file: the game says so and saves nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import json
import os
import secrets
import shlex
import sys
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from otv66 import record
from otv66.deal import CLAIM, Deal
from otv66.dealing import MAX_SEED
from otv66.errors import Otv66Error, UnsupportedVersionError
from otv66.match import DEFAULT_PLAYERS, Match
from otv66.rules import Rules
from otv66.table import Opponent, Table, check_opponent, own_view
from otv66.terminal_draw import (
    WIDTH,
    Style,
    code_text,
    describe_move,
    draw_screen,
    explain_result,
    fit,
    match_line,
    menu_line,
    rules_line,
    wrap,
)
from otv66.terminal_language import (
    ENGLISH,
    Addressee,
    Language,
    Texts,
    environment_language,
    to_cyrillic,
    to_latin,
)
from otv66.terminal_options import COMMAND, build_parser, command_line_language, default_save_path

COMMANDS = {
    **dict.fromkeys(("q", "quit", "exit", "kraj", "izlaz"), "quit"),
    **dict.fromkeys(("u", "undo", "nazad", "vrati"), "undo"),
    **dict.fromkeys(("h", "hint", "savet"), "hint"),
    **dict.fromkeys(("?", "help", "pomoć", "pomoc"), "help"),
}
"""What the move prompt accepts besides a move, in every language: the letters the prompts name (``u``, ``h``, ``?``;
``q``, for which the Serbian ones name ``k``), and the words a player tries first, English or Serbian (typed in
Cyrillic too: :func:`command_of`)."""
SERBIAN_COMMANDS = {"k": "quit"}
"""What the Serbian prompts name besides: ``k`` (kraj) to quit, since ``q`` is no key of a Cyrillic keyboard (``u``
and ``h`` are, in Cyrillic letters). Only in Serbian: in English a lone ``k`` is a king half typed."""
YES = ("y", "yes", "d", "da")
NO = ("n", "no", "ne")
"""The answers to a yes/no question, English or Serbian ("da", "ne"), in any language of the game."""
RANKS = {"A": "A", "K": "K", "9": "9", "8": "8", "7": "7", "10": "T"}
SUITS = dict(zip("H♠♥♦♣♤♡♢♧", "HSHDCSHDC", strict=True))
"""The ranks and suits that read the same in English and Serbian codes (the ten as ``10``, the suits as drawn)."""
ENGLISH_RANKS = {"T": "T", "Q": "Q", "J": "J"}
ENGLISH_SUITS = {"S": "S", "D": "D", "C": "C"}
"""The rest of the engine's codes (docs/record-format.md): ``T`` ten, ``Q`` queen, ``J`` jack; spades, diamonds,
clubs."""
SERBIAN_RANKS = {"D": "Q", "Ž": "J", "Z": "J"}
SERBIAN_SUITS = {"P": "S", "K": "D", "T": "C"}
"""The Serbian letters: dama, žandar (``Z`` where there is no ``Ž``); pik, karo, tref (herc is ``H`` in both)."""
NARROWEST = 20
"""The narrowest width lines are wrapped to, whatever a terminal or ``COLUMNS`` says."""
RULES_DOCUMENTS: dict[Language, str] = {
    "en": "rules.md",
    "sr-Latn": "client-text-sr.txt",
    "sr-Cyrl": "client-text-sr.txt",
}
"""The rules ``--rules`` shows in each language: docs/rules.md, the exact rules the engine plays (English), or
docs/client-text-sr.txt, the client's own text that they make exact (Serbian, in Latin script)."""
SHIPPED_DOCS = "terminal_docs"
"""The package's folder that holds those documents in an installed wheel (pyproject.toml's ``force-include``; the
page's wheel leaves ``terminal_*`` out, tools/pyodide_compile.py). A source checkout has them in docs/."""


class QuitGame(Exception):
    """The player asked to stop (``q``, end of input)."""


def line_editing() -> None:
    """Let :func:`input` edit the line (arrows, a line typed before) where Python has readline (GNU readline or
    libedit): importing the module is what turns it on. Where it has none (Windows), a line is typed plainly."""
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401 (imported for its effect, and only at a terminal)


def as_typed(answer: str) -> str:
    """What the player typed, to quote back to him: a key's control sequence in it (an arrow, where the terminal
    edits no line) shown as ``?``, not written back to move his cursor."""
    return "".join("?" if unicodedata.category(char).startswith("C") else char for char in answer)


class Console:
    """Where the game writes and reads: two text streams and the drawing style.

    When the input is not a terminal (a script, a pipe, a test) each answer
    is echoed after its prompt, so the output reads like the session it was.
    Lines are wrapped to :attr:`width`, measured before each line: a terminal made narrower meanwhile is met.
    """

    def __init__(self, input: TextIO, output: TextIO, style: Style, text: Texts = ENGLISH) -> None:
        self.input = input
        self.output = output
        self.style = style
        self.text = text
        """The language the game speaks."""
        self.echo = not getattr(input, "isatty", lambda: False)()

    @property
    def width(self) -> int:
        """The widest line to write: 2 columns less than the terminal has (``COLUMNS`` where set, as for any
        program; else the size of the output's terminal), at most :data:`~otv66.terminal_draw.WIDTH` (80-column
        lines, also when the output is no terminal) and at least :data:`NARROWEST`."""
        setting = os.environ.get("COLUMNS", "")
        columns = int(setting) if setting.isdecimal() else 0
        if not columns and getattr(self.output, "isatty", lambda: False)():
            try:
                columns = os.get_terminal_size(self.output.fileno()).columns
            except (OSError, ValueError):  # io.UnsupportedOperation (no file descriptor) is both
                columns = 0
        return max(NARROWEST, min(WIDTH, columns - 2)) if columns > 0 else WIDTH

    def say(self, text: str = "", indent: str = "") -> None:
        """Write ``text`` and a newline, its long lines wrapped to :attr:`width` (the next ones after ``indent``)."""
        self.output.write(self.writable(wrap(text, self.width, indent)) + "\n")
        self.output.flush()

    def writable(self, text: str) -> str:
        """``text`` as the output's encoding can write it: a character it lacks (a player's name, a quotation mark)
        becomes ``?`` rather than a traceback (:func:`readable_language` chose a language whose letters it has)."""
        encoding = getattr(self.output, "encoding", None)
        try:
            return text.encode(encoding, "replace").decode(encoding) if encoding else text
        except LookupError:
            return text

    def ask(self, prompt: str) -> str:
        """Show ``prompt`` and return the stripped answer; end of input quits the game.

        At a real terminal it reads with :func:`input`, which gives line editing (:func:`line_editing`). A prompt
        wider than :attr:`width` is wrapped: its last line is the one the answer is typed after.
        """
        words = prompt.rstrip(" ")
        *above, last = wrap(words, self.width).split("\n")
        for line in above:
            self.output.write(self.writable(line) + "\n")
        prompt = self.writable(last + prompt[len(words) :])  # with the spaces the answer is typed after
        if self.input is sys.stdin and self.output is sys.stdout and not self.echo:
            line_editing()
            try:
                return input(prompt).strip()
            except EOFError:
                self.say()
                raise QuitGame from None
        self.output.write(prompt)
        self.output.flush()
        line = self.input.readline()
        if not line:
            self.say()
            raise QuitGame
        if self.echo:
            self.say(line.rstrip("\n"))
        return line.strip()

    def yes(self, question: str, also: Sequence[str] = ()) -> bool:
        """Ask a yes/no question until answered; ``q`` quits. ``also`` are more answers that mean yes (``66`` to
        "Claim 66 now?")."""
        return self.yes_or_back(question, also=also) is True

    def yes_or_back(self, question: str, back: str = "", also: Sequence[str] = ()) -> bool | None:
        """Ask a yes/no question until answered; ``q`` quits. Given ``back`` (what going back leads to, such
        as ``"another move"``), an empty answer or ``u`` goes back: the answer is then ``None``. ``also`` are more
        answers that mean yes."""
        going_back = self.text("go_back", back=back) if back else ""
        while True:
            answer = self.ask(self.text("yes_no", question=question, back=going_back))
            said = to_latin(answer).lower()
            if said in YES or said in also:
                return True
            if said in NO:
                return False
            command = command_of(answer, self.text.serbian)
            if command == "quit":
                raise QuitGame
            if back and (not answer or command == "undo"):
                return None
            self.say(self.text("answer_yes_no", back=going_back))


def command_of(answer: str, serbian: bool = False) -> str | None:
    """The command an answer names (``"quit"``, ``"undo"``, ``"hint"``, ``"help"``), or ``None``; with ``serbian``
    also the letters only the Serbian prompts name (:data:`SERBIAN_COMMANDS`), in either script.

    >>> command_of("к", serbian=True), command_of("k"), command_of("излаз"), command_of("назад", serbian=True)
    ('quit', None, 'quit', 'undo')
    """
    said = to_latin(answer.strip()).lower()
    return COMMANDS.get(said) or (SERBIAN_COMMANDS.get(said) if serbian else None)


def normalise_move(text: str, serbian: bool = False) -> str | None:
    """A typed move in the engine's form, or ``None`` if it reads as none: ``"khm"`` -> ``"KHm"``, ``"10h"`` ->
    ``"TH"``, ``"K♥"`` -> ``"KH"``, ``"66"`` -> ``"66"``.

    A card is its rank, then its suit, then ``m`` to announce a marriage. The engine's codes (``A T K Q J 9 8 7``,
    ``S H D C``) are read in every language; with ``serbian`` also the Serbian letters: dama ``D``, žandar ``Ž`` (or
    ``Z``); pik ``P``, karo ``K``, tref ``T`` (typed in Cyrillic too). No code names two cards: each letter has one
    meaning where it stands (``K`` first is the king, second karo; ``T`` first the ten, second tref; ``D`` first the
    dama, second diamonds), and a code mixing an English-only letter with a Serbian-only one (``TK``, ``DD``,
    ``QT``) is refused rather than guessed: it is no code of either language.

    >>> normalise_move("dk", serbian=True), normalise_move("ŽP", serbian=True), normalise_move("кх", serbian=True)
    ('QD', 'JS', 'KH')
    >>> normalise_move("DK"), normalise_move("TK", serbian=True), normalise_move("TD", serbian=True)
    (None, None, 'TD')
    """
    code = to_latin(text.strip())
    if code == CLAIM:
        return CLAIM
    marriage = len(code) > 2 and code[-1] in "mM"
    code = (code[:-1] if marriage else code).upper()
    rank_part, suit_part = (code[:2], code[2:]) if code.startswith("10") else (code[:1], code[1:])
    rank, suit = RANKS.get(rank_part), SUITS.get(suit_part)
    english = serbian_only = False
    if rank is None:
        rank, english = ENGLISH_RANKS.get(rank_part), rank_part in ENGLISH_RANKS
        if rank is None and serbian:
            rank, serbian_only = SERBIAN_RANKS.get(rank_part), True
    if suit is None:
        suit, english = ENGLISH_SUITS.get(suit_part), english or suit_part in ENGLISH_SUITS
        if suit is None and serbian:
            suit, serbian_only = SERBIAN_SUITS.get(suit_part), True
    if rank is None or suit is None or (english and serbian_only):
        return None
    return rank + suit + ("m" if marriage else "")


def shipped_document(name: str) -> str:
    """The text of the document docs/``name``: from :data:`SHIPPED_DOCS` in an installed package, else from the
    source checkout's docs/ beside the package."""
    package = Path(__file__).parent
    for folder in (package / SHIPPED_DOCS, package.parent / "docs"):
        if (folder / name).is_file():
            return (folder / name).read_text(encoding="utf-8")
    raise FileNotFoundError(f"docs/{name} is neither in {package / SHIPPED_DOCS} nor in {package.parent / 'docs'}")


def rules_text(text: Texts, command: str) -> str:
    """What ``--rules`` shows: the rules in ``text``'s language (:data:`RULES_DOCUMENTS`), and how to see the other
    language's (``command`` is how the game was started)."""
    document = shipped_document(RULES_DOCUMENTS[text.language])
    if text.language == "sr-Cyrl":
        document = to_cyrillic(document)
    return document.rstrip("\n") + "\n\n" + text("rules_see_also", command=command)


def typed_code(move: str, text: Texts) -> str:
    """The code a player of ``text``'s language types for ``move``: the engine's in English, the Serbian letters in
    Serbian, written in its script (``"QD"`` -> ``"DK"``, ``"ДК"``), as the move prompt's example ``KH`` is written.

    >>> typed_code("JSm", Texts.of("sr-Latn")), typed_code("TC", Texts.of("sr-Latn")), typed_code("QD", ENGLISH)
    ('ŽPm', '10T', 'QD')
    """
    if not text.serbian:
        return move
    rank = {"T": "10", **{engine: typed for typed, engine in SERBIAN_RANKS.items() if typed != "Z"}}
    suit = {engine: typed for typed, engine in SERBIAN_SUITS.items()}
    code = rank.get(move[0], move[0]) + suit.get(move[1], move[1]) + move[2:]
    return to_cyrillic(code) if text.language == "sr-Cyrl" else code


def screen_names(opponent: Opponent, players: tuple[str, str], text: Texts = ENGLISH) -> tuple[str, str]:
    """The players as the screen names them in ``text``'s language: "You" and "Computer" against the computer,
    "Player 1" and "Player 2" for two people not named, else the two people's names."""
    if opponent == "computer":
        return Addressee(text("you")), text("computer")
    if players == DEFAULT_PLAYERS:
        return text("player", n=1), text("player", n=2)
    return players


def sentence(text: str) -> str:
    """A reason (``"you must follow suit: play hearts"``) written as a sentence."""
    return text[:1].upper() + text[1:] + "."


def error_text(error: ValueError, text: Texts, fallback: str, style: Style) -> str:
    """What was wrong, in ``text``'s language: the text of the engine error's reason (otv66/errors.py), else of its
    kind, else the text ``fallback``; its suits are named, its card drawn in ``style`` as the screen shows it (the
    engine's code, ``AS``, is no code a Serbian player typed: he typed ``AP``)."""
    keys = [f"err_{error.reason}", f"err_{error.kind}"] if isinstance(error, Otv66Error) else []
    values: dict[str, object] = dict(error.params) if isinstance(error, Otv66Error) else {}
    for name in ("suit", "trump"):
        if name in values:
            values[name] = text(f"suit_{values[name]}")
    if "card" in values:
        values["card"] = code_text(str(values["card"]), style)
    return text(next((key for key in keys if key in text.table), fallback), **values)


class TerminalGame:
    """Matches played in the terminal, each driven by a :class:`~otv66.table.Table`: first the one the save
    file holds unfinished (if the player goes on with it), then new ones while he wants another."""

    def __init__(self, options: argparse.Namespace, console: Console, command: str = COMMAND) -> None:
        self.options = options
        self.console = console
        self.command = command
        """How the game was started (:func:`main`'s ``prog``): the command that starts it again, or shows the rules."""
        self.rules = Rules(
            must_beat=options.must_beat,
            claim=options.claim,
            dealer=options.dealer,
            draw_bonus=options.draw_bonus,
            target=options.target,
        )
        self.opponent: Opponent = "human" if options.hotseat else "computer"
        self.level: str | None = None if options.hotseat else options.level
        self.seed: int = options.seed if options.seed is not None else secrets.randbelow(MAX_SEED + 1)
        self.save_path: Path | None = None if options.no_save else options.save
        """Where :meth:`save` keeps the match in play; ``None`` with ``--no-save`` or once the file cannot be used."""
        self.table: Table | None = None
        """The match in play (or just finished)."""

    @property
    def text(self) -> Texts:
        """The language the game speaks."""
        return self.console.text

    @property
    def names(self) -> tuple[str, str]:
        """The players of the match in play as the screen names them (:func:`screen_names`)."""
        players = self.table.match.players if self.table is not None else DEFAULT_PLAYERS
        return screen_names(self.opponent, players, self.text)

    @property
    def hide_points(self) -> bool:
        """Under manual claim the scores are not shown: a player counts his won cards himself (docs/rules.md 6.1)."""
        return self.rules.claim == "manual"

    # ------------------------------------------------------------------ match

    def run(self) -> None:
        """Play the saved match if the player goes on with it, then new matches until he wants no other."""
        self.table = self.saved_table()
        while True:
            if self.table is None:
                self.table = self.new_table()
            self.play_match(self.table)
            if not self.console.yes(self.text("play_again")):
                return
            self.seed = (self.seed + 1) % (MAX_SEED + 1)
            self.table = None

    def new_table(self) -> Table:
        """A new match from :attr:`seed`: against the computer, or two people with ``--hotseat``. Its players are
        named as the page names them ("Player" and "Computer (beginner)", or "Player 1" and "Player 2"): its record
        opened on the page reads as the page's own (it showed "You" and "Computer", untranslated, without a level);
        the screen says them in its language (:func:`screen_names`)."""
        return Table.new(
            self.rules,
            opponent=self.opponent,
            level=self.level,
            seed=self.seed,
            seconds=self.options.seconds,
        )

    def play_match(self, table: Table) -> None:
        """Play ``table``'s match, new or resumed where it was left, to the target and announce its winner."""
        say, text = self.console.say, self.text
        match = table.match
        against = "" if self.level is None else text("against_computer", level=text(f"level_{self.level}"))
        if match.seed is None:
            seed = text("match_resumed") if match.deals else ""
        else:
            seed = text("match_seed_resumed" if match.deals else "match_seed", seed=match.seed)
        say(text("match_start", against=against, target=self.rules.target) + seed)
        say(rules_line(self.rules, text), indent="  ")
        while table.phase != "match_over":
            deal = table.deal
            if deal is None or deal.is_over:
                deal = table.next_deal(self.options.packets if table.phase == "human_deals" else None)
                self.save()
                dealt = "deal_start"
            else:
                dealt = "deal_resumed"
            plan = text("packets", plan="-".join(map(str, deal.packets))) if deal.packets else ""
            say()
            say(text.about(self.names[deal.dealer], dealt, n=len(match.deals), plan=plan))
            self.play_deal(table)
            self.report_deal(match, deal)
            if not match.is_over and command_of(self.console.ask(text("next_deal")), text.serbian) == "quit":
                raise QuitGame
        winner = match.winner if match.winner is not None else 0
        points = match.game_points
        say()
        say(text.about(self.names[winner], "match_won", a=points[winner], b=points[1 - winner]))

    def report_deal(self, match: Match, deal: Deal) -> None:
        """Explain the end of a deal: who won, the scores, why 1, 2 or 3 game points."""
        result = deal.result
        if result is None:
            return
        winner = result["winner"]
        award = 0 if winner is None else match.awards()[-1][winner]
        self.console.say()
        why = explain_result(
            result, self.names, award=award, dealer=deal.dealer, bonus=match.draw_bonus_pending, text=self.text
        )
        self.console.say(why)
        self.console.say(match_line(match.game_points, self.names, self.rules.target, self.text) + ".")

    # ------------------------------------------------------------------ the save file

    def saved_table(self) -> Table | None:
        """The unfinished match of the save file, if the player goes on with it; ``None`` for a new match.

        A file this version cannot read is put aside (``.unreadable``) and never overwritten; one of a newer
        version is left as it is, and the new match then is not saved.
        """
        path = self.save_path
        if path is None or not path.exists():
            return None
        say, text = self.console.say, self.text
        why = functools.partial(error_text, text=text, fallback="err_invalid_record", style=self.console.style)
        try:
            table = self.read_table(path.read_text(encoding="utf-8"))
        except UnsupportedVersionError as error:
            say(text("save_newer", path=path, error=why(error)))
            self.save_path = None
            return None
        except OSError as error:
            say(text("save_unreadable", path=path, error=error.strerror or error))
            self.save_path = None
            return None
        except ValueError as error:  # a RecordError, or a file that is not UTF-8 text
            aside = path.with_name(path.name + ".unreadable")
            try:
                os.replace(path, aside)
            except OSError:
                say(text("save_unreadable", path=path, error=why(error)))
                self.save_path = None
            else:
                say(text("save_put_aside", path=path, error=why(error), aside=aside))
            return None
        match = table.match
        if match.is_over or not match.deals:
            return None
        level = table.level
        against = text("of_two_people") if level is None else text("against_computer", level=text(f"level_{level}"))
        names = screen_names(table.opponent, match.players, text)
        score = match_line(match.game_points, names, match.rules.target, text)
        say(text("save_found", against=against, path=path, score=score, n=len(match.deals)))
        if not self.console.yes(text("go_on")):
            return None
        self.rules, self.opponent, self.level, self.seed = match.rules, table.opponent, table.level, table.seed
        return table

    def read_table(self, text: str) -> Table:
        """The table of a saved record: its match, and who sat opposite.

        ``opponent`` and ``level`` are the keys the page's records carry too; a record without them is a match
        of two people. Raises an :class:`~otv66.errors.Otv66Error` if ``text`` is no such record.
        """
        match = record.loads(text)
        seats = json.loads(text)  # an object: record.loads has read it
        table = Table(
            match, check_opponent(seats.get("opponent", "human")), seats.get("level"), seconds=self.options.seconds
        )
        table.take_counts(seats)
        return table

    def save(self) -> None:
        """Write the match in play to the save file (replacing it whole, even if the game is stopped meanwhile)."""
        path, table = self.save_path, self.table
        if path is None or table is None:
            return
        written = path.with_name(path.name + ".new")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            written.write_text(record.dumps(table.match, **table.record_extras()), encoding="utf-8")
            os.replace(written, path)
        except OSError as error:
            self.console.say(self.text("save_failed", path=path, error=error.strerror or error))
            self.save_path = None

    def where_kept(self) -> str:
        """What becomes of the match in play when the player stops now: where it is kept, or that it is lost, and
        the :attr:`command` that goes on with it."""
        if self.table is None or self.table.match.is_over:
            return ""
        if self.save_path is None:
            return self.text("not_saved")
        command = self.command_in_language()
        if self.save_path != default_save_path():
            command += f" --save {shlex.quote(str(self.save_path))}"
        return self.text("saved_in", path=self.save_path, command=command)

    # ------------------------------------------------------------------ deal

    def play_deal(self, table: Table) -> None:
        """Play the current deal to its end: the people are asked, the computer moves when the table says so."""
        claim_asked_at = -1
        while (phase := table.phase) in ("human_moves", "computer_moves"):
            deal = table.deal
            assert deal is not None  # a move is awaited only in a deal
            claimant = table.claim_offer
            if claimant is not None and claim_asked_at != len(deal.moves):
                claim_asked_at = len(deal.moves)  # asked once for each chance
                if self.wants_to_claim(claimant):
                    self.show(deal, functools.partial(table.play, CLAIM))
                continue
            if phase == "computer_moves":
                self.show(deal, table.computer_move)
                continue
            move = self.ask_move(table, deal)
            if move is not None:
                self.show(deal, functools.partial(table.play, move))

    def show(self, deal: Deal, make_move: Callable[[], object]) -> None:
        """Make a move with ``make_move``, save the match and tell what the move did."""
        before = deal.view()
        make_move()
        self.save()
        move = deal.moves[-1]
        after = deal.view()
        said = describe_move(
            before, move, after, self.names, self.console.style, hide_points=self.hide_points, text=self.text
        )
        self.console.say(said)

    def wants_to_claim(self, claimant: int) -> bool:
        """Ask a person who just announced a marriage whether he claims 66 before it is answered; ``66``, the claim's
        own code, is a yes too."""
        return self.console.yes(self.text.about(self.names[claimant], "claim_now"), also=(CLAIM,))

    # ------------------------------------------------------------------ a person's move

    def ask_move(self, table: Table, deal: Deal) -> str | None:
        """Draw the table and read a move; ``None`` when the position changed (undo) and must be redrawn."""
        console, text = self.console, self.text
        match = table.match
        view = deal.view()
        player = view.turn if view.turn is not None else 0
        legal = own_view(view).legal_moves
        choices = [move for move in legal if not move.endswith("m")]
        width = console.width
        heading = [
            text("heading", n=len(match.deals)),
            match_line(match.game_points, self.names, self.rules.target, text),
        ]
        if match.draw_bonus_pending:
            heading.append(text("heading_bonus", n=match.draw_bonus_pending))
        console.say()
        console.say(
            draw_screen(
                view,
                self.names,
                console.style,
                bottom=player if self.opponent == "human" else 0,
                hide_points=self.hide_points,
                heading=fit(heading, console.style.dash, width),
                last_trick=table.last_trick,
                text=text,
                width=width,
            )
        )
        console.say()
        console.say(menu_line(choices, legal, console.style, text, width))
        name = self.names[player]
        prompt = text("your_move" if text.is_you(name) else "their_move", name=name, keys=text("keys"))
        while True:
            answer = console.ask(prompt)
            asked = command_of(answer, text.serbian)
            if asked == "quit":
                raise QuitGame
            if asked == "undo":
                if self.undo(table):
                    return None
                continue
            if asked == "hint":
                self.hint(table)
                continue
            if asked == "help":
                self.help()
                continue
            if not answer:
                continue
            move = self.pick(answer, choices, legal, deal)
            if move is not None:
                return move

    def pick(self, answer: str, choices: Sequence[str], legal: Sequence[str], deal: Deal) -> str | None:
        """The move an answer names (a number or a code), asking about a marriage; ``None`` if it names none
        or the player goes back from the marriage question to choose again."""
        console, text = self.console, self.text
        if answer.isdecimal() and 1 <= int(answer) <= len(choices):
            move: str | None = choices[int(answer) - 1]
        else:
            move = normalise_move(answer, serbian=text.serbian)
        if move is not None and move in choices:
            if move + "m" not in legal:
                return move
            card = code_text(move, console.style)
            announce = console.yes_or_back(text("announce", card=card), back=text("another_move"))
            if announce is None:
                return None  # back to the move prompt, to choose again
            return move + "m" if announce else move
        if move is not None and move.endswith("m") and move in legal:
            return move
        if move == CLAIM:
            refused = deal.why_illegal(CLAIM)  # None: the claim is the opponent's, after his marriage lead
            why = (
                text("err_claim_not_now")
                if refused is None
                else error_text(refused, text, "err_claim_not_now", console.style)
            )
            console.say(sentence(why))
        elif answer.isdecimal():
            console.say(text("no_such_number", answer=answer, n=len(choices)))
        elif move is None:
            console.say(text("not_understood", answer=as_typed(answer)))
        else:
            refused = deal.why_illegal(move)
            why = (
                text("err_illegal_move")
                if refused is None
                else error_text(refused, text, "err_illegal_move", console.style)
            )
            console.say(text("not_possible", why=why))
        return None

    def undo(self, table: Table) -> bool:
        """Take back moves up to and including the last one a person made; say whether anything changed."""
        if not table.can_undo:
            self.console.say(self.text("nothing_to_undo"))
            return False
        player, move = table.undo()[-1]
        self.save()
        card = self.text("claim_item") if move == CLAIM else code_text(move, self.console.style)
        self.console.say(self.text("taken_back", name=self.names[player], move=card))
        return True

    def command_in_language(self) -> str:
        """The :attr:`command` that started the game, with its ``--lang`` when one was chosen: a command it names to the
        player (to go on with the match, to read the rules) speaks his language too."""
        return self.command + (f" --lang {self.options.lang}" if self.options.lang else "")

    def help(self) -> None:
        """Explain what the move prompt takes, and the command that shows the full rules (``--rules``)."""
        self.console.say(self.text("help", command=self.command_in_language()))

    def hint(self, table: Table) -> None:
        """Show the move the strongest level would play, and the code that plays it (saved: the save file keeps
        the count of hints)."""
        move = table.hint(seconds=self.options.seconds)
        self.save()
        if move == CLAIM:
            self.console.say(self.text("hint_claim"))
        else:
            key = "hint_marriage" if move.endswith("m") else "hint_play"
            card = code_text(move, self.console.style)
            self.console.say(self.text(key, card=card, move=typed_code(move, self.text)))


def readable_language(language: Language, *outputs: TextIO) -> Language:
    """``language`` if the encoding of each of ``outputs`` has its letters, else Serbian in Latin script if they
    have those (a Central European code page has no Cyrillic), else English: a language the player can read, never a
    traceback."""
    encodings = [getattr(output, "encoding", None) or "utf-8" for output in outputs]
    fallbacks: list[Language] = ["sr-Latn", "en"] if language == "sr-Cyrl" else ["en"]
    for candidate in (language, *fallbacks):
        try:
            for encoding in encodings:
                Texts.of(candidate).letters.encode(encoding)
        except (UnicodeEncodeError, LookupError):
            continue
        return candidate
    return "en"


def choose_style(options: argparse.Namespace, output: TextIO) -> Style:
    """Unicode unless ``--ascii`` or the output cannot encode suits; colour only on a terminal that shows it,
    never with ``--no-color`` or ``NO_COLOR``."""
    unicode = not options.ascii
    encoding = getattr(output, "encoding", None)
    if unicode and encoding:
        try:
            "♠♥♦♣░·".encode(encoding)
        except (UnicodeEncodeError, LookupError):
            unicode = False
    is_tty = getattr(output, "isatty", lambda: False)()
    # https://no-color.org: an empty NO_COLOR does not count; a "dumb" terminal shows codes as text
    plain = options.no_color or bool(os.environ.get("NO_COLOR")) or os.environ.get("TERM") == "dumb"
    return Style(unicode=unicode, color=bool(is_tty) and not plain)


def main(
    argv: Sequence[str] | None = None, input: TextIO | None = None, output: TextIO | None = None, prog: str = COMMAND
) -> int:
    """Run the terminal game, or show the rules (``--rules``); return the exit status (0, or 130 after Ctrl-C).

    ``prog`` is how it was started, as its help and its goodbye name it: the installed ``otv66`` calls
    ``main()``, ``python -m otv66`` passes ``"python -m otv66"``.
    """
    # argparse writes the help to sys.stdout and a mistyped command line to sys.stderr: in a language both can write.
    parser = build_parser(prog, Texts.of(readable_language(command_line_language(argv), sys.stdout, sys.stderr)))
    options = parser.parse_args(argv)
    if options.seed is not None and not 0 <= options.seed <= MAX_SEED:
        parser.error(ENGLISH("arg_seed", most=MAX_SEED))
    output = output if output is not None else sys.stdout
    text = Texts.of(readable_language(options.lang or environment_language(), output))
    if input is None:
        input = sys.stdin
        # A byte the locale's encoding cannot decode (a "č" from a terminal set to another code page, a pipe) is
        # read as U+FFFD, which no answer means, rather than ending the game with a traceback.
        if isinstance(input, io.TextIOWrapper):
            input.reconfigure(errors="replace")
    console = Console(input, output, choose_style(options, output), text)
    if options.rules:
        console.say(rules_text(text, prog))
        return 0
    if options.save is None and not options.no_save:
        console.say(text("no_home"))
    game = TerminalGame(options, console, prog)
    try:
        game.run()
    except QuitGame:
        console.say(text("bye") + game.where_kept())
    except KeyboardInterrupt:
        console.say("\n" + text("bye") + game.where_kept())
        return 130
    except BrokenPipeError:  # output piped into a program that stopped reading (`| head`)
        return 0
    return 0

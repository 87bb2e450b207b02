"""The terminal front: ``otv66`` (or ``python -m otv66``) plays a match against the computer.

The game loop talks to the player through a :class:`Console` (any pair of
text streams, so tests drive it with :class:`io.StringIO`) and draws with the
pure functions of :mod:`otv66.terminal_draw`. It uses only the public engine
API: a :class:`~otv66.table.Table` drives the match (whose turn, the computer's
moves and claims, undo), ``deal.view()`` is what is drawn.

Player 0 is the one at the keyboard ("You"); the computer is player 1.
With ``--hotseat`` both are people sharing the keyboard.

Quitting loses nothing: after every move the match is written, as a
docs/record-format.md record, to a save file (:func:`default_save_path`, or
``--save FILE``), and the next start offers to go on with a match left
unfinished there. A finished match's record stays there until a new one starts. Without a home
folder (and no ``$XDG_STATE_HOME``) there is no default save file: the game says so and saves nothing.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import secrets
import shlex
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from otv66 import ai, record
from otv66.cards import CODES
from otv66.deal import CLAIM, Deal
from otv66.dealing import MAX_SEED, check_packets
from otv66.errors import InvalidLayoutError, InvalidMatchError, Otv66Error, UnsupportedVersionError
from otv66.levels import check_seconds
from otv66.match import DEFAULT_PLAYERS, Match
from otv66.rules import Rules
from otv66.table import Opponent, Table, check_opponent, own_view
from otv66.terminal_draw import (
    Style,
    code_text,
    describe_move,
    draw_screen,
    explain_result,
    match_line,
    menu_line,
    rules_line,
    verb,
    wrap,
)

COMMAND = "otv66"
"""The installed command (pyproject.toml's script); ``python -m otv66`` names itself to :func:`main` instead."""
COMPUTER_NAMES = ("You", "Computer")
"""The players' names in a match against the computer, as the terminal shows them and its records keep them."""
HELP_KEYS = "number or code like KH; u undo, h hint, q quit, ? help"
COMMANDS = {
    **dict.fromkeys(("q", "quit", "exit"), "quit"),
    **dict.fromkeys(("u", "undo"), "undo"),
    **dict.fromkeys(("h", "hint"), "hint"),
    **dict.fromkeys(("?", "help"), "help"),
}
"""What the move prompt accepts besides a move: the letters the prompt names, and the words a player tries first."""
HELP_TEXT = (
    "Type the number of a move from the list, or its card code: rank A T K Q J 9 8 7 (10 works for T) and suit "
    "S H D C (or the symbols), e.g. KH; KHm leads KH announcing the marriage, 66 claims when claims are manual. "
    "u (undo) takes back your last move, h (hint) suggests a move, q (quit) stops; the match is saved after every "
    "move (unless --no-save) and offered again at the next start."
)
SUIT_SYMBOLS = str.maketrans("♠♥♦♣♤♡♢♧", "SHDCSHDC")
"""Suits typed as drawn (white ones too) read as their letters."""


class QuitGame(Exception):
    """The player asked to stop (``q``, end of input)."""


def default_save_path() -> Path | None:
    """Where the match in play is kept: ``otv66/match.json`` in ``$XDG_STATE_HOME``, else in ``~/.local/state``.

    ``None`` when neither is there: no ``$XDG_STATE_HOME`` and no home folder (``$HOME`` unset and the
    user unknown to the system, as in some containers and services); the match is then not saved.
    """
    state = os.environ.get("XDG_STATE_HOME", "")
    if os.path.isabs(state):  # the XDG spec ignores a relative one
        return Path(state) / "otv66" / "match.json"
    try:
        home = Path.home()
    except RuntimeError:
        return None
    return home / ".local" / "state" / "otv66" / "match.json"


def parse_target(text: str) -> int:
    """``"7"`` -> ``7``, validated as a match target of docs/rules.md 8 (for ``--target``)."""
    try:
        return Rules(target=int(text)).target
    except (ValueError, Otv66Error):
        raise argparse.ArgumentTypeError(f"{text!r}: the target is a whole number from 1 to 99") from None


def parse_packets(text: str) -> tuple[int, ...]:
    """``"4,4"`` -> ``(4, 4)``, validated as a packet plan (for ``--packets``)."""
    try:
        return check_packets([int(part) for part in text.replace(" ", "").split(",")])
    except (ValueError, InvalidLayoutError) as error:
        raise argparse.ArgumentTypeError(f"{text!r}: {error}") from None


def build_parser(prog: str = COMMAND) -> argparse.ArgumentParser:
    """The command line of the game, started as ``prog`` (``otv66``, or ``python -m otv66``)."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Play Open 66 (Otvoreni 66) against the computer, or two people at one keyboard, in the "
        "terminal. The rules: docs/rules.md.",
        epilog="During play: choose a move by its number or card code (KH; KHm leads KH announcing the marriage), "
        "u takes back your last move, h asks for a hint, q quits, ? explains (or the words undo, hint, quit, help). "
        "The match is saved after every move: quit (q, Ctrl-D, Ctrl-C) and start again to go on with it. "
        "Colours only on a terminal, never with NO_COLOR set.",
    )
    parser.add_argument("--seed", type=int, help="play a reproducible match from this seed")
    parser.add_argument(
        "--level", choices=ai.LEVELS, default=ai.DEFAULT_LEVEL, help=f"computer strength (default {ai.DEFAULT_LEVEL})"
    )
    parser.add_argument("--seconds", type=float, help="computer's thinking time per move (default: the level's own)")
    rules = parser.add_argument_group("rules (docs/rules.md)")
    rules.add_argument("--must-beat", action="store_true", help="when following suit, beat the led card if you can")
    rules.add_argument("--claim", choices=("auto", "manual"), default="auto", help="who announces 66 (default auto)")
    rules.add_argument(
        "--dealer", choices=("winner", "alternate"), default="winner", help="who deals next (default winner)"
    )
    rules.add_argument("--draw-bonus", action="store_true", help="1 extra game point to the winner after a draw")
    rules.add_argument(
        "--target", type=parse_target, default=7, help="game points that win the match, 1 to 99 (default 7)"
    )
    parser.add_argument(
        "--packets", type=parse_packets, default=(4, 4), help="your packet plan when you deal (default 4,4)"
    )
    parser.add_argument("--hotseat", action="store_true", help="two people at one keyboard, no computer")
    parser.add_argument("--ascii", action="store_true", help="draw suits as letters S H D C, no Unicode")
    parser.add_argument("--no-color", action="store_true", help="no ANSI colours (also when NO_COLOR is set)")
    saving = parser.add_mutually_exclusive_group()
    default_file = default_save_path()
    saving.add_argument(
        "--save",
        metavar="FILE",
        type=Path,
        default=default_file,
        help="keep the match in FILE after every move, and offer an unfinished one kept there at the start "
        f"(a docs/record-format.md record; default {'%(default)s' if default_file else 'none: no home folder'})",
    )
    saving.add_argument("--no-save", action="store_true", help="keep no file: a match quit is lost")
    return parser


class Console:
    """Where the game writes and reads: two text streams and the drawing style.

    When the input is not a terminal (a script, a pipe, a test) each answer
    is echoed after its prompt, so the output reads like the session it was.
    """

    def __init__(self, input: TextIO, output: TextIO, style: Style) -> None:
        self.input = input
        self.output = output
        self.style = style
        self.echo = not getattr(input, "isatty", lambda: False)()

    def say(self, text: str = "", indent: str = "") -> None:
        """Write ``text`` and a newline, its long lines wrapped to fit 80 columns (the next ones after ``indent``)."""
        self.output.write(wrap(text, indent=indent) + "\n")
        self.output.flush()

    def ask(self, prompt: str) -> str:
        """Show ``prompt`` and return the stripped answer; end of input quits the game.

        At a real terminal it reads with :func:`input`, which gives line editing.
        """
        if self.input is sys.stdin and self.output is sys.stdout and not self.echo:
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

    def yes(self, question: str) -> bool:
        """Ask a yes/no question until answered; ``q`` quits."""
        return self.yes_or_back(question) is True

    def yes_or_back(self, question: str, back: str = "") -> bool | None:
        """Ask a yes/no question until answered; ``q`` quits. Given ``back`` (what going back leads to, such
        as ``"another move"``), an empty answer or ``u`` goes back: the answer is then ``None``."""
        going_back = f"; Enter or u: {back}" if back else ""
        while True:
            answer = self.ask(f"{question} (y/n{going_back}) ").lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no"):
                return False
            command = COMMANDS.get(answer)
            if command == "quit":
                raise QuitGame
            if back and (not answer or command == "undo"):
                return None
            self.say(f"Please answer y or n{going_back}.")


def normalise_move(text: str) -> str:
    """A typed card code in the engine's form: ``"khm"`` -> ``"KHm"``, ``"10h"`` -> ``"TH"``, ``"K♥"`` -> ``"KH"``."""
    code = text.strip().translate(SUIT_SYMBOLS).upper()
    if code.startswith("10"):
        code = "T" + code[2:]
    return code[:2] + code[2:].lower()


def screen_names(opponent: Opponent, players: tuple[str, str]) -> tuple[str, str]:
    """The players as the screen names them: "You" and "Computer" against the computer, else the two people's names."""
    return COMPUTER_NAMES if opponent == "computer" else players


def sentence(text: str) -> str:
    """An engine's message (``"you must follow suit: play hearts"``) written as a sentence."""
    return text[:1].upper() + text[1:] + "."


class TerminalGame:
    """Matches played in the terminal, each driven by a :class:`~otv66.table.Table`: first the one the save
    file holds unfinished (if the player goes on with it), then new ones while he wants another."""

    def __init__(self, options: argparse.Namespace, console: Console) -> None:
        self.options = options
        self.console = console
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
    def names(self) -> tuple[str, str]:
        """The players of the match in play as the screen names them (:func:`screen_names`)."""
        return screen_names(self.opponent, self.table.match.players if self.table is not None else DEFAULT_PLAYERS)

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
            if not self.console.yes("Play again?"):
                return
            self.seed = (self.seed + 1) % (MAX_SEED + 1)
            self.table = None

    def new_table(self) -> Table:
        """A new match from :attr:`seed`: against the computer, or two people with ``--hotseat``."""
        return Table.new(
            self.rules,
            opponent=self.opponent,
            level=self.level,
            players=self.names,
            seed=self.seed,
            seconds=self.options.seconds,
        )

    def play_match(self, table: Table) -> None:
        """Play ``table``'s match, new or resumed where it was left, to the target and announce its winner."""
        say = self.console.say
        match = table.match
        opponent = "" if self.opponent == "human" else f" against the computer ({self.level})"
        seed = "" if match.seed is None else f" Match seed {match.seed}"
        resumed = ", resumed" if match.deals else ""
        say(f"Open 66{opponent}, first to {self.rules.target} game points.{seed}{resumed}.")
        say(rules_line(self.rules), indent="  ")
        while table.phase != "match_over":
            deal = table.deal
            if deal is None or deal.is_over:
                deal = table.next_deal(self.options.packets if table.phase == "human_deals" else None)
                self.save()
                dealt = self._verb(deal.dealer, "deal")
            else:
                dealt = "dealt"
            plan = f" in packets of {','.join(map(str, deal.packets))}" if deal.packets else ""
            say()
            say(f"Deal {len(match.deals)}: {self.names[deal.dealer]} {dealt}{plan}.")
            self.play_deal(table)
            self.report_deal(match, deal)
            if not match.is_over:
                answer = self.console.ask("Press Enter for the next deal (q quits). ")
                if COMMANDS.get(answer.lower()) == "quit":
                    raise QuitGame
        winner = match.winner if match.winner is not None else 0
        points = match.game_points
        say()
        say(f"{self.names[winner]} {self._verb(winner, 'win')} the match, {points[winner]} to {points[1 - winner]}.")

    def report_deal(self, match: Match, deal: Deal) -> None:
        """Explain the end of a deal: who won, the scores, why 1, 2 or 3 game points."""
        result = deal.result
        if result is None:
            return
        winner = result["winner"]
        award = 0 if winner is None else match.awards()[-1][winner]
        self.console.say()
        why = explain_result(result, self.names, award=award, dealer=deal.dealer, draw_bonus=self.rules.draw_bonus)
        self.console.say(why)
        self.console.say(match_line(match.game_points, self.names, self.rules.target) + ".")

    # ------------------------------------------------------------------ the save file

    def saved_table(self) -> Table | None:
        """The unfinished match of the save file, if the player goes on with it; ``None`` for a new match.

        A file this version cannot read is put aside (``.unreadable``) and never overwritten; one of a newer
        version is left as it is, and the new match then is not saved.
        """
        path = self.save_path
        if path is None or not path.exists():
            return None
        say = self.console.say
        try:
            table = self.read_table(path.read_text(encoding="utf-8"))
        except UnsupportedVersionError as error:
            say(f"The match saved in {path} is left as it is: {error}. This match is not saved.")
            self.save_path = None
            return None
        except OSError as error:
            say(f"The match saved in {path} cannot be read ({error.strerror or error}). This match is not saved.")
            self.save_path = None
            return None
        except ValueError as error:  # a RecordError, or a file that is not UTF-8 text
            aside = path.with_name(path.name + ".unreadable")
            try:
                os.replace(path, aside)
            except OSError:
                say(f"The match saved in {path} cannot be read ({error}). This match is not saved.")
                self.save_path = None
            else:
                say(f"The match saved in {path} cannot be read ({error}); it is kept as {aside}.")
            return None
        match = table.match
        if match.is_over or not match.deals:
            return None
        against = f" against the computer ({table.level})" if table.level else " of two people"
        score = match_line(match.game_points, screen_names(table.opponent, match.players), match.rules.target)
        say(f"An unfinished match{against} is saved in {path} ({score}; deal {len(match.deals)}).")
        if not self.console.yes("Go on with it? (n: a new match takes its place)"):
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
        return Table(
            match, check_opponent(seats.get("opponent", "human")), seats.get("level"), seconds=self.options.seconds
        )

    def save(self) -> None:
        """Write the match in play to the save file (replacing it whole, even if the game is stopped meanwhile)."""
        path, table = self.save_path, self.table
        if path is None or table is None:
            return
        seats = {"opponent": table.opponent} | ({"level": table.level} if table.level else {})
        written = path.with_name(path.name + ".new")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            written.write_text(record.dumps(table.match, **seats), encoding="utf-8")
            os.replace(written, path)
        except OSError as error:
            self.console.say(f"The match cannot be saved in {path} ({error.strerror or error}): it is not saved.")
            self.save_path = None

    def where_kept(self, command: str) -> str:
        """What becomes of the match in play when the player stops now: where it is kept, or that it is lost;
        ``command`` is how the game was started (:func:`main`'s ``prog``), to start it again."""
        if self.table is None or self.table.match.is_over:
            return ""
        if self.save_path is None:
            return " This match is not saved."
        if self.save_path != default_save_path():
            command += f" --save {shlex.quote(str(self.save_path))}"
        return f" The match is saved in {self.save_path}.\nTo go on with it: {command}"

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
        self.console.say(
            describe_move(before, move, after, self.names, self.console.style, hide_points=self.hide_points)
        )

    def wants_to_claim(self, claimant: int) -> bool:
        """Ask a person who just announced a marriage whether he claims 66 before it is answered."""
        who = "" if self.names[claimant] == "You" else f"{self.names[claimant]}: "
        return self.console.yes(f"{who}Claim 66 now?")

    # ------------------------------------------------------------------ a person's move

    def ask_move(self, table: Table, deal: Deal) -> str | None:
        """Draw the table and read a move; ``None`` when the position changed (undo) and must be redrawn."""
        console = self.console
        match = table.match
        view = deal.view()
        player = view.turn if view.turn is not None else 0
        legal = own_view(view).legal_moves
        choices = [move for move in legal if not move.endswith("m")]
        score = match_line(match.game_points, self.names, self.rules.target)
        heading = f"Deal {len(match.deals)}{console.style.dash}{score}"
        if match.draw_bonus_pending:
            heading += f"{console.style.dash}draw bonus {match.draw_bonus_pending} for the winner of this deal"
        console.say()
        console.say(
            draw_screen(
                view,
                self.names,
                console.style,
                bottom=player if self.opponent == "human" else 0,
                hide_points=self.hide_points,
                heading=heading,
                last_trick=table.last_trick,
            )
        )
        console.say()
        console.say(menu_line(choices, legal, console.style))
        who = "Your" if self.names[player] == "You" else f"{self.names[player]}, your"
        while True:
            answer = console.ask(f"{who} move ({HELP_KEYS}): ")
            command = COMMANDS.get(answer.lower())
            if command == "quit":
                raise QuitGame
            if command == "undo":
                if self.undo(table):
                    return None
                continue
            if command == "hint":
                self.hint(table)
                continue
            if command == "help":
                console.say(HELP_TEXT)
                continue
            if not answer:
                continue
            move = self.pick(answer, choices, legal, deal)
            if move is not None:
                return move

    def pick(self, answer: str, choices: Sequence[str], legal: Sequence[str], deal: Deal) -> str | None:
        """The move an answer names (a number or a code), asking about a marriage; ``None`` if it names none
        or the player goes back from the marriage question to choose again."""
        console = self.console
        if answer.isdecimal() and 1 <= int(answer) <= len(choices):
            move = choices[int(answer) - 1]
        else:
            move = normalise_move(answer)
        if move in choices:
            if move + "m" not in legal:
                return move
            card = code_text(move, console.style)
            announce = console.yes_or_back(f"Announce the marriage with {card}?", back="another move")
            if announce is None:
                return None  # back to the move prompt, to choose again
            return move + "m" if announce else move
        if move.endswith("m") and move in legal:
            return move
        if move == CLAIM:
            refused = deal.why_illegal(CLAIM)  # None: the claim is the opponent's, after his marriage lead
            claim_rule = "you can claim 66 only right after winning a trick or announcing a marriage"
            console.say(sentence(str(refused) if refused is not None else claim_rule))
        elif answer.isdecimal():
            console.say(f"There is no move {answer}: choose a number from 1 to {len(choices)}.")
        elif move.removesuffix("m") not in CODES:
            console.say(f"{answer!r} is neither a move nor a command: type ? for help.")
        else:
            console.say(f"Not possible: {deal.why_illegal(move)}.")
        return None

    def undo(self, table: Table) -> bool:
        """Take back moves up to and including the last one a person made; say whether anything changed."""
        if not table.can_undo:
            self.console.say("There is no move of yours to take back in this deal.")
            return False
        player, move = table.undo()[-1]
        self.save()
        card = "claim 66" if move == CLAIM else code_text(move, self.console.style)
        self.console.say(f"Taken back: {self.names[player]} {card}.")
        return True

    def hint(self, table: Table) -> None:
        """Show the move the strongest level would play."""
        move = table.suggest(seconds=self.options.seconds)
        style = self.console.style
        if move == CLAIM:
            self.console.say("Hint: claim 66.")
        elif move.endswith("m"):
            self.console.say(f"Hint: lead {code_text(move, style)} and announce the marriage ({move}).")
        else:
            self.console.say(f"Hint: play {code_text(move, style)} ({move}).")

    def _verb(self, player: int, base: str) -> str:
        return verb(self.names[player], base)


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
    """Run the terminal game; return the exit status (0, or 130 after Ctrl-C).

    ``prog`` is how it was started, as its help and its goodbye name it: the installed ``otv66`` calls
    ``main()``, ``python -m otv66`` passes ``"python -m otv66"``.
    """
    parser = build_parser(prog)
    options = parser.parse_args(argv)
    if options.seed is not None and not 0 <= options.seed <= MAX_SEED:
        parser.error(f"--seed must be from 0 to {MAX_SEED}")
    try:
        check_seconds(options.seconds)
    except InvalidMatchError as error:
        parser.error(f"--seconds: {error}")
    output = output if output is not None else sys.stdout
    console = Console(input if input is not None else sys.stdin, output, choose_style(options, output))
    if options.save is None and not options.no_save:
        console.say("There is no home folder to keep the match in: it is not saved (--save FILE keeps it there).")
    game = TerminalGame(options, console)
    try:
        game.run()
    except QuitGame:
        console.say("Bye." + game.where_kept(prog))
    except KeyboardInterrupt:
        console.say("\nBye." + game.where_kept(prog))
        return 130
    except BrokenPipeError:  # output piped into a program that stopped reading (`| head`)
        return 0
    return 0

"""The terminal front: ``python -m otv66`` (or ``otv66``) plays a match against the computer.

The game loop talks to the player through a :class:`Console` (any pair of
text streams, so tests drive it with :class:`io.StringIO`) and draws with the
pure functions of :mod:`otv66.terminal_draw`. It uses only the public engine
API: a :class:`~otv66.table.Table` drives the match (whose turn, the computer's
moves and claims, undo), ``deal.view()`` is what is drawn.

Player 0 is the one at the keyboard ("You"); the computer is player 1.
With ``--hotseat`` both are people sharing the keyboard.
"""

from __future__ import annotations

import argparse
import functools
import os
import secrets
import sys
import textwrap
from collections.abc import Callable, Sequence
from typing import TextIO

from otv66 import ai
from otv66.cards import CODES
from otv66.deal import CLAIM, Deal
from otv66.dealing import MAX_SEED, check_packets
from otv66.errors import IllegalMoveError, InvalidLayoutError, InvalidMatchError
from otv66.match import DEFAULT_PLAYERS, Match
from otv66.rules import Rules
from otv66.table import Table, check_seconds, own_view
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
)

WIDTH = 78
"""Long sentences are wrapped to fit an 80-column terminal."""
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
    "S H D C, e.g. KH; KHm leads KH announcing the marriage, 66 claims when claims are manual. "
    "u (undo) takes back your last move, h (hint) suggests a move, q (quit) stops."
)


class QuitGame(Exception):
    """The player asked to stop (``q``, end of input)."""


def parse_packets(text: str) -> tuple[int, ...]:
    """``"4,4"`` -> ``(4, 4)``, validated as a packet plan (for ``--packets``)."""
    try:
        return check_packets([int(part) for part in text.replace(" ", "").split(",")])
    except (ValueError, InvalidLayoutError) as error:
        raise argparse.ArgumentTypeError(f"{text!r}: {error}") from None


def build_parser() -> argparse.ArgumentParser:
    """The command line of ``python -m otv66``."""
    parser = argparse.ArgumentParser(
        prog="python -m otv66",
        description="Play Open 66 (Otvoreni 66) against the computer in the terminal.",
        epilog="During play: choose a move by its number or card code (KH; KHm leads KH announcing the marriage), "
        "u takes back your last move, h asks for a hint, q quits, ? explains (or the words undo, hint, quit, help).",
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
    rules.add_argument("--target", type=int, default=7, help="game points that win the match (default 7)")
    parser.add_argument(
        "--packets", type=parse_packets, default=(4, 4), help="your packet plan when you deal (default 4,4)"
    )
    parser.add_argument("--hotseat", action="store_true", help="two people at one keyboard, no computer")
    parser.add_argument("--ascii", action="store_true", help="draw suits as letters S H D C, no Unicode")
    parser.add_argument("--no-color", action="store_true", help="no ANSI colours")
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

    def say(self, text: str = "") -> None:
        """Write ``text`` and a newline."""
        self.output.write(text + "\n")
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
        while True:
            answer = self.ask(f"{question} (y/n) ").lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no"):
                return False
            if COMMANDS.get(answer) == "quit":
                raise QuitGame
            self.say("Please answer y or n.")


def normalise_move(text: str) -> str:
    """A typed card code in the engine's form: ``"khm"`` -> ``"KHm"``, ``"10h"`` -> ``"TH"``."""
    code = text.strip().upper()
    if code.startswith("10"):
        code = "T" + code[2:]
    return code[:2] + code[2:].lower()


class TerminalGame:
    """A match (and the ones after it) played in the terminal, driven by a :class:`~otv66.table.Table`."""

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
        self.names: tuple[str, str] = DEFAULT_PLAYERS if options.hotseat else ("You", "Computer")
        self.hide_points = self.rules.claim == "manual"
        self.seed: int = options.seed if options.seed is not None else secrets.randbelow(MAX_SEED + 1)

    # ------------------------------------------------------------------ match

    def run(self) -> None:
        """Play matches until the player does not want another."""
        while True:
            self.play_match()
            if not self.console.yes("Play again?"):
                return
            self.seed = (self.seed + 1) % (MAX_SEED + 1)

    def new_table(self) -> Table:
        """A new match from :attr:`seed`: against the computer, or two people with ``--hotseat``."""
        return Table.new(
            self.rules,
            opponent="human" if self.options.hotseat else "computer",
            level=None if self.options.hotseat else self.options.level,
            players=self.names,
            seed=self.seed,
            seconds=self.options.seconds,
        )

    def play_match(self) -> None:
        """Play one match to the target and announce its winner."""
        say = self.console.say
        table = self.new_table()
        match = table.match
        opponent = "" if self.options.hotseat else f" against the computer ({self.options.level})"
        say(f"Open 66{opponent}, first to {self.rules.target} game points. Match seed {self.seed}.")
        say(textwrap.fill(rules_line(self.rules), WIDTH, subsequent_indent="  "))
        while table.phase != "match_over":
            deal = table.next_deal(self.options.packets if table.phase == "human_deals" else None)
            say()
            plan = ",".join(map(str, deal.packets or ()))
            who = self.names[deal.dealer]
            say(f"Deal {len(match.deals)}: {who} {self._verb(deal.dealer, 'deal')} in packets of {plan}.")
            self.play_deal(table)
            self.report_deal(match, deal)
            if not match.is_over:
                self.console.ask("Press Enter for the next deal. ")
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
        self.console.say(textwrap.fill(why, WIDTH))
        self.console.say(match_line(match.game_points, self.names, self.rules.target) + ".")

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
        """Make a move with ``make_move`` and tell what it did."""
        before = deal.view()
        make_move()
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
                bottom=player if self.options.hotseat else 0,
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
                console.say(textwrap.fill(HELP_TEXT, WIDTH))
                continue
            if not answer:
                continue
            move = self.pick(answer, choices, legal, deal)
            if move is not None:
                return move

    def pick(self, answer: str, choices: Sequence[str], legal: Sequence[str], deal: Deal) -> str | None:
        """The move an answer names (a number or a code), asking about a marriage; ``None`` if it names none."""
        console = self.console
        if answer.isdigit() and 1 <= int(answer) <= len(choices):
            move = choices[int(answer) - 1]
        else:
            move = normalise_move(answer)
        if move in choices:
            if move + "m" in legal and console.yes(f"Announce the marriage with {code_text(move, console.style)}?"):
                return move + "m"
            return move
        if move.endswith("m") and move in legal:
            return move
        if move == CLAIM:
            console.say("You can claim 66 only right after winning a trick or announcing a marriage.")
        elif answer.isdigit():
            console.say(f"There is no move {answer}: choose a number from 1 to {len(choices)}.")
        elif move.removesuffix("m") not in CODES:
            console.say(f"{answer!r} is neither a move nor a command: type ? for help.")
        else:
            try:
                deal.copy().play(move)
            except IllegalMoveError as error:
                console.say(f"Not possible: {error}")
            else:
                console.say(f"Not possible now: {move}")
        return None

    def undo(self, table: Table) -> bool:
        """Take back moves up to and including the last one a person made; say whether anything changed."""
        if not table.can_undo:
            self.console.say("There is no move of yours to take back in this deal.")
            return False
        player, move = table.undo()[-1]
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
    """Unicode unless ``--ascii`` or the output cannot encode suits; colour only on a terminal."""
    unicode = not options.ascii
    encoding = getattr(output, "encoding", None)
    if unicode and encoding:
        try:
            "♠♥♦♣░·".encode(encoding)
        except (UnicodeEncodeError, LookupError):
            unicode = False
    is_tty = getattr(output, "isatty", lambda: False)()
    color = not options.no_color and "NO_COLOR" not in os.environ and bool(is_tty)
    return Style(unicode=unicode, color=color)


def main(argv: Sequence[str] | None = None, input: TextIO | None = None, output: TextIO | None = None) -> int:
    """Run the terminal game; return the exit status (0, or 130 after Ctrl-C)."""
    parser = build_parser()
    options = parser.parse_args(argv)
    if not 1 <= options.target <= 99:
        parser.error("--target must be from 1 to 99")
    if options.seed is not None and not 0 <= options.seed <= MAX_SEED:
        parser.error(f"--seed must be from 0 to {MAX_SEED}")
    try:
        check_seconds(options.seconds)
    except InvalidMatchError as error:
        parser.error(f"--seconds: {error}")
    output = output if output is not None else sys.stdout
    console = Console(input if input is not None else sys.stdin, output, choose_style(options, output))
    try:
        TerminalGame(options, console).run()
    except QuitGame:
        console.say("Bye.")
    except KeyboardInterrupt:
        console.say("\nBye.")
        return 130
    except BrokenPipeError:  # output piped into a program that stopped reading (`| head`)
        return 0
    return 0

"""The terminal front: ``python -m otv66`` (or ``otv66``) plays a match against the computer.

The game loop talks to the player through a :class:`Console` (any pair of
text streams, so tests drive it with :class:`io.StringIO`) and draws with the
pure functions of :mod:`otv66.terminal_draw`. It uses only the public engine
API (:class:`~otv66.match.Match`, :class:`~otv66.deal.Deal` queries,
``deal.view()``) and the opponent's ``choose_move``.

Player 0 is the one at the keyboard ("You"); the computer is player 1.
With ``--hotseat`` both are people sharing the keyboard.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import secrets
import sys
import textwrap
from collections.abc import Sequence
from typing import TextIO

from otv66 import ai
from otv66.deal import CLAIM, WIN_SCORE, Deal
from otv66.dealing import MAX_SEED, check_packets
from otv66.errors import IllegalMoveError, InvalidLayoutError
from otv66.match import DEFAULT_PLAYERS, Match
from otv66.rules import Rules
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
from otv66.view import PublicView

PACKET_SIZES = (1, 2, 4)
PILES = 8
WIDTH = 78
"""Long sentences are wrapped to fit an 80-column terminal."""
HELP_KEYS = "number or code like KH; u undo, h hint, q quit"


class QuitGame(Exception):
    """The player asked to stop (``q``, end of input)."""


def packet_plans(total: int = PILES) -> list[tuple[int, ...]]:
    """Every packet plan: sizes 1, 2 or 4 adding up to ``total`` (the computer picks among them)."""
    if total == 0:
        return [()]
    return [(size, *rest) for size in PACKET_SIZES if size <= total for rest in packet_plans(total - size)]


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
        "u takes back your last move, h asks for a hint, q quits.",
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
            if answer == "q":
                raise QuitGame
            self.say("Please answer y or n.")


def normalise_move(text: str) -> str:
    """A typed card code in the engine's form: ``"khm"`` -> ``"KHm"``, ``"10h"`` -> ``"TH"``."""
    code = text.strip().upper()
    if code.startswith("10"):
        code = "T" + code[2:]
    return code[:2] + code[2:].lower()


class TerminalGame:
    """A match (and the ones after it) played in the terminal."""

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
        self.humans = (True, True) if options.hotseat else (True, False)
        self.names: tuple[str, str] = (
            (DEFAULT_PLAYERS[0], DEFAULT_PLAYERS[1]) if options.hotseat else ("You", "Computer")
        )
        self.hide_points = self.rules.claim == "manual"
        self.seed: int = options.seed if options.seed is not None else secrets.randbelow(MAX_SEED + 1)
        self.rng = random.Random(self.seed)

    # ------------------------------------------------------------------ match

    def run(self) -> None:
        """Play matches until the player does not want another."""
        while True:
            self.play_match()
            if not self.console.yes("Play again?"):
                return
            self.seed = (self.seed + 1) % (MAX_SEED + 1)
            self.rng = random.Random(self.seed)

    def play_match(self) -> None:
        """Play one match to the target and announce its winner."""
        say = self.console.say
        match = Match(self.rules, first_dealer=self.seed % 2, players=self.names, seed=self.seed)
        opponent = "" if self.options.hotseat else f" against the computer ({self.options.level})"
        say(f"Open 66{opponent}, first to {self.rules.target} game points. Match seed {self.seed}.")
        say(textwrap.fill(rules_line(self.rules), WIDTH, subsequent_indent="  "))
        while not match.is_over:
            dealer = match.next_dealer
            packets = self.options.packets if self.humans[dealer] else self.rng.choice(packet_plans())
            deal = match.new_deal(packets=packets)
            say()
            plan = ",".join(map(str, packets))
            say(f"Deal {len(match.deals)}: {self.names[dealer]} {self._verb(dealer, 'deal')} in packets of {plan}.")
            self.play_deal(match, deal)
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

    def play_deal(self, match: Match, deal: Deal) -> None:
        """Play ``deal`` to its end, asking people and the computer for their moves."""
        movers: list[int] = []
        claim_offered_at = -1
        while not deal.is_over:
            view = deal.view()
            claimant = view.claimant
            if claimant is not None and claimant != view.turn and claim_offered_at != len(movers):
                claim_offered_at = len(movers)
                if self.wants_to_claim(view, claimant):
                    self.play(deal, movers, claimant, CLAIM)
                continue
            player = view.turn if view.turn is not None else 0
            if self.humans[player]:
                move = self.ask_move(match, deal, movers)
                if move is None:
                    continue
            else:
                move = self.computer_move(self.own_view(view), match)
            self.play(deal, movers, player, move)

    def play(self, deal: Deal, movers: list[int], player: int, move: str) -> None:
        """Make ``move`` for ``player`` and tell what it did."""
        before = deal.view()
        deal.play(move)
        movers.append(player)
        after = deal.view()
        self.console.say(
            describe_move(before, move, after, self.names, self.console.style, hide_points=self.hide_points)
        )

    def own_view(self, view: PublicView) -> PublicView:
        """The view as the player to move sees his options: a claim that belongs to the other player is not his."""
        if view.claimant is None or view.claimant == view.turn:
            return view
        moves = tuple(move for move in view.legal_moves if move != CLAIM)
        return dataclasses.replace(view, legal_moves=moves, claimant=None)

    def computer_move(self, view: PublicView, match: Match, level: str | None = None) -> str:
        """The opponent's move for ``view``, knowing the match score (reproducible from the match seed)."""
        player = view.turn if view.turn is not None else 0
        points = match.game_points
        return ai.choose_move(
            view,
            level=level or self.options.level,
            seconds=self.options.seconds,
            seed=self.rng.randrange(2**32),
            match_score=(points[player], points[1 - player], self.rules.target),
        )

    def wants_to_claim(self, view: PublicView, claimant: int) -> bool:
        """Whether the player who just announced a marriage claims 66 before it is answered.

        A person is asked. The computer counts exactly, so it claims when and
        only when the claim is right (``choose_move`` decides for the player to
        move, who here is the other one).
        """
        if self.humans[claimant]:
            who = "" if self.names[claimant] == "You" else f"{self.names[claimant]}: "
            return self.console.yes(f"{who}Claim 66 now?")
        return view.scores[claimant] >= WIN_SCORE

    # ------------------------------------------------------------------ a person's move

    def ask_move(self, match: Match, deal: Deal, movers: list[int]) -> str | None:
        """Draw the table and read a move; ``None`` when the position changed (undo) and must be redrawn."""
        console = self.console
        view = deal.view()
        player = view.turn if view.turn is not None else 0
        legal = self.own_view(view).legal_moves
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
                last_trick=deal.last_trick,
            )
        )
        console.say()
        console.say(menu_line(choices, legal, console.style))
        who = "Your" if self.names[player] == "You" else f"{self.names[player]}, your"
        while True:
            answer = console.ask(f"{who} move ({HELP_KEYS}): ")
            command = answer.lower()
            if command == "q":
                raise QuitGame
            if command == "u":
                if self.undo(deal, movers):
                    return None
                continue
            if command == "h":
                self.hint(view, match)
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
        else:
            try:
                deal.copy().play(move)
            except IllegalMoveError as error:
                console.say(f"Not possible: {error}")
            else:
                console.say(f"Not possible now: {move}")
        return None

    def undo(self, deal: Deal, movers: list[int]) -> bool:
        """Take back moves up to and including the last one a person made; say whether anything changed."""
        if not any(self.humans[player] for player in movers):
            self.console.say("There is no move of yours to take back in this deal.")
            return False
        while True:
            move = deal.undo()
            player = movers.pop()
            if self.humans[player]:
                card = "claim 66" if move == CLAIM else code_text(move, self.console.style)
                self.console.say(f"Taken back: {self.names[player]} {card}.")
                return True

    def hint(self, view: PublicView, match: Match) -> None:
        """Show the move the strongest level would play."""
        move = self.computer_move(self.own_view(view), match, level=ai.LEVELS[-1])
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

"""Python side of the exact oracle (``exact66.c`` beside this file): build it, ask it, read its answer.

The oracle is a compiled second reading of docs/rules.md that solves a position
exactly (every legal card move's expected game points, as a fraction) fast
enough for 8-10 tricks left; see the C file's header for why and how. This
module turns a :class:`otv66.view.PublicView` into the oracle's one-line
position (from the view alone: no face-down card is ever named), keeps one
oracle process running across positions, and parses the reply:

    with Oracle() as oracle:
        values = oracle.solve(deal.view())   # {"AS": Fraction(7, 6), "KHm": ...}

The binary is built on first use into ``tools/exact/build/`` (not in git).
"""

from __future__ import annotations

import selectors
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path
from types import TracebackType

from otv66.cards import CODES
from otv66.errors import Otv66Error
from otv66.view import PublicView

SOURCE = Path(__file__).with_name("exact66.c")
BINARY = Path(__file__).with_name("build") / "exact66"
TABLE_BITS = 23
"""log2 of the oracle's transposition-table entries (48 bytes each)."""


class OracleError(Otv66Error):
    """The exact oracle cannot be built, or it could not solve a position."""

    kind = "oracle"


class OracleTimeout(OracleError):
    """The oracle did not solve a position in the time given (the process is stopped)."""

    kind = "oracle_timeout"


def build(binary: Path = BINARY) -> Path:
    """Compile the oracle with gcc unless ``binary`` is newer than its source; return its path."""
    if binary.exists() and binary.stat().st_mtime >= SOURCE.stat().st_mtime:
        return binary
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        raise OracleError("no C compiler (gcc or cc) to build the exact oracle")
    binary.parent.mkdir(parents=True, exist_ok=True)
    command = [compiler, "-O2", "-std=c11", "-Wall", "-Wextra", "-Werror", "-o", str(binary), str(SOURCE)]
    built = subprocess.run(command, capture_output=True, text=True, check=False)
    if built.returncode != 0:
        raise OracleError(f"building the exact oracle failed:\n{built.stderr}")
    return binary


def position_line(view: PublicView, manual_claims: bool | None = None) -> str:
    """The oracle's input line for the player to move in ``view`` (see the C file's protocol).

    ``manual_claims`` overrides whether the false claim after a marriage lead
    of docs/rules.md 6.1 (claim ``manual``) is modelled; by default it follows
    the view's rules.
    """
    if view.turn is None:
        raise OracleError("the deal is over: there is no position to solve")
    if view.claimant is not None:
        raise OracleError("a claim of 66 is pending: the oracle solves card moves only")
    avail = [0, 0]
    under = 0
    for player in (0, 1):
        for top, hidden in view.piles[player]:
            if top >= 0:
                avail[player] |= 1 << top
                under |= (1 << top) if hidden else 0
    manual = view.rules.claim == "manual" if manual_claims is None else manual_claims
    fields = [
        view.trump,
        int(view.rules.must_beat),
        int(manual),
        view.turn,
        view.lead,
        avail[0],
        avail[1],
        under,
        view.unseen,
        *view.card_points,
        *view.tricks_won,
        *view.marriage_points,
        *view.pending_marriage_points,
    ]
    return " ".join(str(field) for field in fields)


def parse_reply(reply: str) -> tuple[dict[str, Fraction], int]:
    """The move values (move code -> game points for the player to move) and node count of one reply."""
    words = reply.split()
    if not words or words[0] == "error" or len(words) < 3 or words[-2] != "nodes":
        raise OracleError(f"the exact oracle answered {reply.strip()!r}")
    unit = int(words[0])
    values: dict[str, Fraction] = {}
    for word in words[1:-2]:
        card, marriage, numerator = word.split(":")
        values[CODES[int(card)] + ("m" if marriage == "1" else "")] = Fraction(int(numerator), unit)
    return values, int(words[-1])


class Oracle:
    """One running oracle process; use as a context manager, or call :meth:`close`."""

    def __init__(self, table_bits: int = TABLE_BITS) -> None:
        self.table_bits = table_bits
        self.binary = build()
        self.process: subprocess.Popen[str] | None = None
        self.nodes = 0
        """Nodes searched by the last :meth:`solve`."""

    def __enter__(self) -> Oracle:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()

    def _start(self) -> subprocess.Popen[str]:
        if self.process is None:
            self.process = subprocess.Popen(
                [str(self.binary), str(self.table_bits)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
        return self.process

    def solve(
        self, view: PublicView, manual_claims: bool | None = None, timeout: float | None = None
    ) -> dict[str, Fraction]:
        """Every legal card move of ``view`` with its exact expected game points for the player to move.

        Raises :class:`OracleTimeout` when ``timeout`` seconds pass without an answer.
        """
        process = self._start()
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(position_line(view, manual_claims) + "\n")
        process.stdin.flush()
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout, selectors.EVENT_READ)
            if not selector.select(timeout):
                self.close()
                raise OracleTimeout(f"no exact value within {timeout} s")
        values, self.nodes = parse_reply(process.stdout.readline())
        return values

    def close(self) -> None:
        """Stop the oracle process (it is started again by the next :meth:`solve`)."""
        if self.process is not None:
            if self.process.stdin is not None:
                self.process.stdin.close()
            self.process.kill()
            self.process.wait()
            self.process = None

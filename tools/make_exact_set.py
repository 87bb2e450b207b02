"""Draw positions from real play, solve every legal move exactly, and store them as a set.

Each position comes from one game between two levels (all four, drawn per
seat), under rules drawn from ``must_beat`` false/true and ``claim``
auto/manual, with a drawn packet plan and dealer, played until 8, 9 or 10
tricks are left (at a lead or, as often, at the answer to one). Positions with
a single legal move, or a claim of 66 pending, are passed over: they hold no
decision. The exact oracle (tools/exact) values every legal card move.

Two sets, never mixed: ``heldout`` (tests/data/exact_heldout.json: only for
measuring, never for tuning) and ``tuning`` (tests/data/exact_tuning.json).
Position ``i`` of a set is drawn from its own seeded random stream, so a run
can be stopped and resumed: positions already in the file are kept and
skipped. The file is rewritten after every solved position, under a lock, so
runs of disjoint shards (``--shard K/N``) can grow one set together.

    python tools/make_exact_set.py heldout --count 300
    python tools/make_exact_set.py tuning --count 1000 --solve-timeout 300
    python tools/make_exact_set.py heldout --count 300 --shard 1/2 &   # a second core: indices 1, 3, 5, ...

The format (read by ``python -m otv66.bench ai --exact-loss``, see
:func:`otv66.bench.ai.load_solved_positions`): ``{"format", "about",
"positions": [...]}``, each position a docs/record-format.md ``deals[]`` entry
(dealer, packets, seed, moves; the layout follows from the seed) plus its
``rules``, ``tricks_left``, the ``levels`` that played it, the draw ``index``
and ``values``: every legal move's exact expected game points for the player
to move (rounded to 1e-6).
"""

from __future__ import annotations

import argparse
import fcntl
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).with_name("exact")))

from oracle import Oracle, OracleTimeout

from otv66.ai import LEVELS, choose_move
from otv66.bench.ai import EXACT_SET_FORMAT, load_solved_positions
from otv66.deal import CLAIM, Deal
from otv66.dealing import PACKET_SIZES, PILES
from otv66.record import deal_to_dict
from otv66.rules import Rules

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
SETS = {"heldout": 1, "tuning": 2}
"""Each set's own stream of draws (the number is part of every draw's seed)."""
TRICKS_LEFT = (8, 9, 10)
PLAY_SECONDS = 0.1
"""Budget per decision of the searching levels while they play towards a position."""


def packet_plan(rng: random.Random) -> tuple[int, ...]:
    """A random packet plan (docs/rules.md 2): sizes 1, 2 or 4 adding up to 8."""
    plan: list[int] = []
    while sum(plan) < PILES:
        plan.append(rng.choice([size for size in PACKET_SIZES if sum(plan) + size <= PILES]))
    return tuple(plan)


def draw_game(set_name: str, index: int) -> tuple[Deal, tuple[str, str], int, random.Random]:
    """Draw ``index``'s game: the deal, the levels of the two seats, the tricks left to stop at."""
    rng = random.Random(f"otv66-exact/{SETS[set_name]}/{index}")
    rules = Rules(must_beat=rng.random() < 0.5, claim=rng.choice(["auto", "manual"]))
    deal = Deal.from_seed(rng.randrange(2**40), dealer=rng.randrange(2), packets=packet_plan(rng), rules=rules)
    levels = (rng.choice(LEVELS), rng.choice(LEVELS))
    return deal, levels, TRICKS_LEFT[index % len(TRICKS_LEFT)], rng


def play_to_position(set_name: str, index: int) -> tuple[Deal, tuple[str, str], int] | None:
    """Play ``index``'s game up to its position, or ``None`` when it holds no decision there."""
    deal, levels, tricks_left, rng = draw_game(set_name, index)
    at_answer = rng.random() < 0.5
    while not deal.is_over:
        if deal.tricks_played == 16 - tricks_left and len(deal.trick) == int(at_answer):
            break
        if deal.tricks_played > 16 - tricks_left:
            return None
        turn = deal.turn
        assert turn is not None
        deal.play(choose_move(deal.view(), level=levels[turn], seconds=PLAY_SECONDS, seed=rng.randrange(2**32)))
    view = deal.view()
    if deal.is_over or view.claimant is not None or CLAIM in view.legal_moves or len(view.legal_moves) < 2:
        return None
    return deal, levels, tricks_left


def position_entry(deal: Deal, levels: tuple[str, str], tricks_left: int, index: int, values: dict[str, Any]) -> Any:
    """One stored position (see the module docstring)."""
    entry = {key: value for key, value in deal_to_dict(deal).items() if key not in ("layout", "trump")}
    return {
        "index": index,
        "rules": deal.rules.to_dict(),
        **entry,
        "levels": list(levels),
        "tricks_left": tricks_left,
        "values": {move: round(float(value), 6) for move, value in values.items()},
    }


def read_set(path: Path) -> list[Any]:
    """The positions stored in ``path`` so far (none if there is no such file)."""
    return [solved.entry for solved in load_solved_positions(path)] if path.exists() else []


def add_to_set(path: Path, about: str, position: Any) -> int:
    """Add ``position`` to the set in ``path`` and return the set's size.

    The file is read again and rewritten under a lock, so several shards can
    grow one set; it is written one position per line (small diffs as it
    grows), in draw order, via a temporary file.
    """
    with path.with_suffix(".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        positions = [p for p in read_set(path) if p["index"] != position["index"]] + [position]
        positions.sort(key=lambda p: p["index"])
        lines = ",\n".join(json.dumps(p, separators=(",", ":")) for p in positions)
        text = f'{{"format": "{EXACT_SET_FORMAT}", "about": {json.dumps(about)},\n"positions": [\n{lines}\n]}}\n'
        temporary = path.with_suffix(".tmp")
        temporary.write_text(text)
        temporary.replace(path)
    return len(positions)


def shard(text: str) -> tuple[int, int]:
    """``"K/N"``: this run draws the positions whose index is K modulo N."""
    first, _, count = text.partition("/")
    return int(first), int(count)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("set", choices=sorted(SETS), help="which set to grow")
    parser.add_argument("--count", type=int, required=True, help="positions wanted in the file")
    parser.add_argument("--out", type=Path, help="the set's file (default tests/data/exact_<set>.json)")
    parser.add_argument("--shard", type=shard, default=(0, 1), metavar="K/N", help="draw only indices K modulo N")
    parser.add_argument("--start", type=int, default=0, help="first index to draw (those before are passed over)")
    parser.add_argument("--solve-timeout", type=float, default=600.0, help="seconds per position before it is skipped")
    args = parser.parse_args(argv)
    path = args.out or DATA / f"exact_{args.set}.json"
    about = f"{args.set} set of exactly solved Open 66 positions (tools/make_exact_set.py)" + (
        ": for measuring only, never for tuning" if args.set == "heldout" else ": for tuning"
    )
    done = {position["index"] for position in read_set(path)}
    size = len(done)
    part, parts = args.shard
    index = args.start + (part - args.start) % parts
    with Oracle() as oracle:
        while size < args.count:
            drawn = None if index in done else play_to_position(args.set, index)
            if drawn is not None:
                deal, levels, tricks_left = drawn
                start = time.perf_counter()
                try:
                    values = oracle.solve(deal.view(), timeout=args.solve_timeout)
                except OracleTimeout:
                    print(json.dumps({"index": index, "skipped": "timeout"}), flush=True)
                else:
                    size = add_to_set(path, about, position_entry(deal, levels, tricks_left, index, values))
                    seconds = round(time.perf_counter() - start, 2)
                    print(json.dumps({"index": index, "tricks_left": tricks_left, "seconds": seconds}), flush=True)
            index += parts
    return 0


if __name__ == "__main__":
    sys.exit(main())

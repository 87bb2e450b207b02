"""Engine speed through the public API: random deals, legal moves, play/undo and views per second.

A *random deal* is what issue 2's goal counts: ``Deal.from_seed`` and then
``play(random.choice(legal_moves()))`` until ``is_over``. Every figure is
measured on positions of such deals, so it is the speed a caller of the
public API gets, not that of some inner loop.

Each row repeats batches of ``--deals`` deals (or the positions of a sample
of them) until it has run at least ``--seconds`` and reports its fastest
batch; ``--seconds 0`` runs exactly one batch.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from otv66.deal import Deal

GOAL_DEALS_PER_SECOND = 10_000
"""Issue 2: complete random deals per second through the public API, on one core."""
POSITION_SAMPLE_DEALS = 100
"""At most this many deals give the positions the per-call rows are measured on."""

Batch = TypeVar("Batch")


@dataclass(frozen=True)
class Row:
    """One measured figure: what was measured, its value and its unit."""

    key: str
    label: str
    value: float
    unit: str


def random_playout(deal: Deal, rng: random.Random) -> int:
    """Play random legal moves until the deal is over; return the number of moves played."""
    plies = 0
    while not deal.is_over:
        deal.play(rng.choice(deal.legal_moves()))
        plies += 1
    return plies


def measure(prepare: Callable[[], Batch], run: Callable[[Batch], int], seconds: float) -> float:
    """Return operations per second of ``run`` in its fastest batch; ``prepare`` builds each batch, untimed.

    Batches are repeated until the timed part adds up to ``seconds`` (at least
    one batch). The fastest batch is the figure, as :mod:`timeit` advises: on a
    shared machine the slower batches measure the other processes, not the engine.
    """
    best = 0.0
    elapsed = 0.0
    while True:
        batch = prepare()
        start = time.perf_counter()
        operations = run(batch)
        took = time.perf_counter() - start
        elapsed += took
        best = max(best, operations / took if took > 0 else float("inf"))
        if elapsed >= seconds:
            return best


class EngineBench:
    """The engine measurements for one seed, batch size and minimum time per row."""

    def __init__(self, deals: int, seconds: float, seed: int) -> None:
        self.deals = deals
        self.seconds = seconds
        self.rng = random.Random(seed)
        self.next_seed = seed
        self.plies = 0
        self.played_deals = 0

    def _seeds(self) -> list[int]:
        """The next batch of deal seeds (every deal of the run is a different one)."""
        first = self.next_seed
        self.next_seed += self.deals
        return list(range(first, first + self.deals))

    def _new_deals(self) -> list[Deal]:
        return [Deal.from_seed(seed, dealer=seed % 2) for seed in self._seeds()]

    def _create_and_play(self, seeds: list[int]) -> int:
        rng = self.rng
        for seed in seeds:
            self.plies += random_playout(Deal.from_seed(seed, dealer=seed % 2), rng)
        self.played_deals += len(seeds)
        return len(seeds)

    def _play(self, deals: list[Deal]) -> int:
        rng = self.rng
        for deal in deals:
            random_playout(deal, rng)
        return len(deals)

    @staticmethod
    def _create(seeds: list[int]) -> int:
        for seed in seeds:
            Deal.from_seed(seed, dealer=seed % 2)
        return len(seeds)

    def positions(self) -> list[Deal]:
        """Copies of every in-progress position of a sample of random deals."""
        found = []
        for seed in range(self.next_seed, self.next_seed + min(self.deals, POSITION_SAMPLE_DEALS)):
            deal = Deal.from_seed(seed, dealer=seed % 2)
            while not deal.is_over:
                found.append(deal.copy())
                deal.play(self.rng.choice(deal.legal_moves()))
        return found

    def rows(self) -> list[Row]:
        """Run every measurement and return the rows of the table."""
        seconds = self.seconds
        with_creation = measure(self._seeds, self._create_and_play, seconds)
        plies_per_deal = self.plies / self.played_deals
        playout = measure(self._new_deals, self._play, seconds)
        creation = measure(self._seeds, self._create, seconds)
        positions = self.positions()
        pairs = [(deal, self.rng.choice(deal.legal_moves())) for deal in positions]

        def legal_moves(batch: list[Deal]) -> int:
            for deal in batch:
                deal.legal_moves()
            return len(batch)

        def play_undo(batch: list[tuple[Deal, str]]) -> int:
            for deal, move in batch:
                deal.play(move)
                deal.undo()
            return len(batch)

        def views(batch: list[Deal]) -> int:
            for deal in batch:
                deal.view()
            return len(batch)

        calls = measure(lambda: positions, legal_moves, seconds)
        pair_rate = measure(lambda: pairs, play_undo, seconds)
        view_rate = measure(lambda: positions, views, seconds)
        return [
            Row("deals_per_second", "random deals, creation counted", with_creation, "deals/s"),
            Row("playout_deals_per_second", "random deals, creation not counted", playout, "deals/s"),
            Row("creations_per_second", "Deal.from_seed() alone", creation, "deals/s"),
            Row("plies_per_deal", "moves per random deal", plies_per_deal, "moves"),
            Row("legal_moves_per_second", "legal_moves() calls", calls, "/s"),
            Row("play_undo_per_second", "play() + undo() pairs", pair_rate, "/s"),
            Row("views_per_second", "view() calls", view_rate, "/s"),
        ]


def _number(value: float) -> str:
    return f"{value:,.1f}" if value < 100 else f"{value:,.0f}"


def format_table(rows: Sequence[Row], context: dict[str, Any]) -> str:
    """The rows as an aligned text table, with the run's context above and the goal below."""
    label_width = max(len(row.label) for row in rows)
    value_width = max(len(_number(row.value)) for row in rows)
    lines = [
        f"otv66 engine benchmark: {context['python']}, seed {context['seed']}, "
        f"batches of {context['deals']} deals, fastest batch of at least {context['seconds']} s per row",
        "",
    ]
    lines += [f"  {row.label:<{label_width}}  {_number(row.value):>{value_width}}  {row.unit}" for row in rows]
    by_key = {row.key: row.value for row in rows}
    verdict = "met" if by_key["deals_per_second"] >= GOAL_DEALS_PER_SECOND else "not met"
    lines += ["", f"goal: {GOAL_DEALS_PER_SECOND:,} random deals/s with creation counted: {verdict}"]
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """Parse the command line of ``python -m otv66.bench engine``."""
    parser = argparse.ArgumentParser(
        prog="python -m otv66.bench engine", description=(__doc__ or "").strip().splitlines()[0]
    )
    parser.add_argument("--deals", type=int, default=1000, help="deals per batch (default 1000)")
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="time per row (its fastest batch is reported); 0: one batch"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal and of the move choices")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    if args.seconds < 0:
        parser.error("--seconds cannot be negative")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the engine benchmark and print its table (or JSON)."""
    args = parse_args(argv)
    rows = EngineBench(args.deals, args.seconds, args.seed).rows()
    context = {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "seed": args.seed,
        "deals": args.deals,
        "seconds": args.seconds,
    }
    if args.json:
        figures = {row.key: row.value for row in rows}
        report = {**context, **figures, "goal_deals_per_second": GOAL_DEALS_PER_SECOND}
        report["goal_met"] = figures["deals_per_second"] >= GOAL_DEALS_PER_SECOND
        print(json.dumps(report, indent=2))
    else:
        print(format_table(rows, context))
    return 0

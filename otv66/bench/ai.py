"""Computer strength: two levels play duplicate deals; game points per deal with a 95% CI, decision times.

Duplicate deals take the luck of the cards out: each seeded deal is played
twice with the seats swapped (level A sits as player 0, then as player 1,
with the same dealer), and the pair's total counts as one sample. The report
gives A's mean game points per deal (B's are the opposite), its 95%
confidence interval (1.96 standard errors over the pairs), each searching
level's decision times (p50 / p95 / max), and how often each deal result
happened (the frequencies behind :mod:`otv66.ai.equity`).

    python -m otv66.bench ai --a expert --b club --deals 200 --seconds 0.2

With ``--exact-loss N`` it measures instead how far level A's decisions are
from perfect play: seeded deals are played by the expert until ``N`` tricks
are left, every move there is solved exactly (``analyse`` with
``--solve-seconds``; positions it cannot solve in that time are counted and
left out), and A's choice at ``--seconds`` costs the exact best value minus
the exact value of its move, in game points.

    python -m otv66.bench ai --exact-loss 8 --a master --seconds 0.2 --deals 30

With ``--exact-set`` it measures A against a stored set of exactly solved
positions instead (by default the held-out set tests/data/exact_heldout.json,
made by tools/make_exact_set.py): per decision the loss, and per tricks left
and per rule set the mean loss, the largest and how many decisions were not
optimal.

    python -m otv66.bench ai --exact-set --a master --seconds 0.2
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from otv66.ai import LEVELS, analyse, choose_move, level_named
from otv66.bench._frozen_master import frozen_master_move
from otv66.deal import Deal
from otv66.errors import RecordError
from otv66.kernel import TRICKS_PER_DEAL
from otv66.model import PublicView
from otv66.record import deal_from_dict
from otv66.rules import Rules

EXACT_SET_FORMAT = "otv66-exact-set/1"
HELDOUT_SET = Path(__file__).resolve().parents[2] / "tests" / "data" / "exact_heldout.json"
"""The held-out set in a checkout of the repository: for measuring only, never for tuning."""
OPTIMAL = 1e-6
"""A loss below this is no loss (stored values are rounded to 1e-6)."""


def mean_ci95(samples: list[float]) -> tuple[float, list[float]]:
    """The mean of ``samples`` and its 95% confidence interval (normal approximation; unbounded below two samples)."""
    count = len(samples)
    mean = sum(samples) / count if count else 0.0
    spread = math.sqrt(sum((x - mean) ** 2 for x in samples) / (count - 1) / count) if count > 1 else math.inf
    return mean, [mean - 1.96 * spread, mean + 1.96 * spread]


@dataclass
class Tally:
    """What a run has measured so far."""

    pair_means: list[float] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)
    """Decision times of each searching level, in seconds."""
    outcomes: Counter[str] = field(default_factory=Counter)

    def summary(self) -> dict[str, Any]:
        """The report as plain data."""
        mean, ci95 = mean_ci95(self.pair_means)
        report: dict[str, Any] = {
            "duplicate_deals": len(self.pair_means),
            "mean_game_points_a": round(mean, 4),
            "ci95": [round(bound, 4) for bound in ci95],
            "decision_seconds": {},
            "outcomes": dict(sorted(self.outcomes.items())),
        }
        for level, times in self.times.items():
            if times:
                ordered = sorted(times)
                report["decision_seconds"][level] = {
                    "decisions": len(ordered),
                    "p50": round(ordered[len(ordered) // 2], 4),
                    "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 4),
                    "max": round(ordered[-1], 4),
                }
        return report


FROZEN_MASTER = "master-frozen"
"""The master as it was before issue 12 (:mod:`otv66.bench._frozen_master`), a yardstick for the current one."""
PLAYERS = (*LEVELS, FROZEN_MASTER)


def decide(view: PublicView, level: str, seconds: float | None, seed: int) -> str:
    """The move of ``level`` (or of the frozen master) in ``view``."""
    if level == FROZEN_MASTER:
        return frozen_master_move(view, level_named("master").seconds if seconds is None else seconds)
    return choose_move(view, level=level, seconds=seconds, seed=seed)


def play_deal(
    seed: int, dealer: int, levels: tuple[str, str], seconds: tuple[float | None, float | None], tally: Tally
) -> float:
    """Play one deal, ``levels[p]`` for player ``p``; return player 0's game points (negative if he lost)."""
    deal = Deal.from_seed(seed, dealer=dealer)
    ply = 0
    while not deal.is_over:
        player = deal.turn
        assert player is not None
        level = levels[player]
        start = time.perf_counter()
        move = decide(deal.view(), level, seconds[player], seed * 64 + ply)
        elapsed = time.perf_counter() - start
        if level == FROZEN_MASTER or level_named(level).searches:
            tally.times.setdefault(level, []).append(elapsed)
        deal.play(move)
        ply += 1
    result = deal.result
    assert result is not None
    winner = result["winner"]
    if winner is None:
        tally.outcomes["draw"] += 1
        return 0.0
    tally.outcomes[f"{'dealer' if winner == dealer else 'non_dealer'}_{result['game_points']}"] += 1
    return float(result["game_points"] if winner == 0 else -result["game_points"])


def run(args: argparse.Namespace, tally: Tally) -> None:
    """Play ``args.deals`` duplicate deals between levels ``args.a`` and ``args.b``."""
    seconds_a = args.seconds_a if args.seconds_a is not None else args.seconds
    seconds_b = args.seconds_b if args.seconds_b is not None else args.seconds
    for index in range(args.deals):
        seed = args.seed + index
        dealer = index % 2
        as_first = play_deal(seed, dealer, (args.a, args.b), (seconds_a, seconds_b), tally)
        as_second = -play_deal(seed, dealer, (args.b, args.a), (seconds_b, seconds_a), tally)
        tally.pair_means.append((as_first + as_second) / 2)
        if args.progress and (index + 1) % args.progress == 0:
            print(json.dumps({"progress": index + 1, **tally.summary()}), flush=True)


def exact_loss(args: argparse.Namespace) -> dict[str, Any]:
    """Level A's game points lost per decision against exact values, ``args.exact_loss`` tricks from the end."""
    losses = []
    unsolved = 0
    ended = 0
    for index in range(args.deals):
        seed = args.seed + index
        deal = Deal.from_seed(seed, dealer=index % 2)
        while not deal.is_over and (deal.tricks_played < TRICKS_PER_DEAL - args.exact_loss or deal.trick):
            deal.play(choose_move(deal.view(), level="expert", seed=len(deal.moves)))
        if deal.is_over:
            ended += 1
            continue
        view = deal.view()
        solved = analyse(view, seconds=args.solve_seconds)["moves"]
        if not all(row["exact"] for row in solved):
            unsolved += 1
            continue
        values = {row["move"]: row["value"] for row in solved}
        chosen = choose_move(view, level=args.a, seconds=args.seconds, seed=seed)
        losses.append(max(values.values()) - values[chosen])
    return {
        "level": args.a,
        "seconds": args.seconds,
        "tricks_left": args.exact_loss,
        "positions": len(losses),
        "mean_loss": round(sum(losses) / len(losses), 5) if losses else None,
        "max_loss": round(max(losses), 5) if losses else None,
        "perfect_share": round(sum(loss < 1e-9 for loss in losses) / len(losses), 3) if losses else None,
        "unsolved": unsolved,
        "ended_before": ended,
    }


@dataclass(frozen=True)
class SolvedPosition:
    """A stored position with every legal move's exact expected game points for the player to move."""

    entry: dict[str, Any]
    """The stored object: a docs/record-format.md ``deals[]`` entry plus ``rules``, ``tricks_left``, ``values``."""

    @property
    def rules(self) -> Rules:
        return Rules.from_dict(self.entry["rules"])

    @property
    def tricks_left(self) -> int:
        return int(self.entry["tricks_left"])

    @property
    def values(self) -> dict[str, float]:
        return {move: float(value) for move, value in self.entry["values"].items()}

    def view(self) -> PublicView:
        """The position, recreated from its seed and moves."""
        return deal_from_dict(self.entry, self.rules).view()


def load_solved_positions(path: Path) -> list[SolvedPosition]:
    """Read a set written by tools/make_exact_set.py; raise :class:`RecordError` if it is not one."""
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError) as error:
        raise RecordError(f"cannot read the exact set {path}: {error}") from error
    if not isinstance(data, dict) or data.get("format") != EXACT_SET_FORMAT:
        raise RecordError(f"{path} is not an exact set ({EXACT_SET_FORMAT})")
    positions = data.get("positions")
    if not isinstance(positions, list) or not all(
        isinstance(p, dict) and {"rules", "tricks_left", "values"} <= p.keys() for p in positions
    ):
        raise RecordError(f"{path}: positions must be objects with rules, tricks_left and values")
    return [SolvedPosition(position) for position in positions]


def _loss_summary(losses: list[float]) -> dict[str, Any]:
    return {
        "decisions": len(losses),
        "mean_loss": round(sum(losses) / len(losses), 5),
        "max_loss": round(max(losses), 5),
        "not_optimal": sum(loss > OPTIMAL for loss in losses),
    }


def exact_set_loss(args: argparse.Namespace) -> dict[str, Any]:
    """Level A's game points lost per decision on the stored exactly solved positions of ``args.exact_set``."""
    groups: dict[str, list[float]] = {}
    for index, solved in enumerate(load_solved_positions(args.exact_set)):
        values = solved.values
        chosen = choose_move(solved.view(), level=args.a, seconds=args.seconds, seed=index, nodes=args.nodes)
        if chosen not in values:
            raise RecordError(f"position {index}: {chosen} has no stored value")
        loss = max(values.values()) - values[chosen]
        rules = solved.rules
        for group in (
            "all",
            f"tricks_left={solved.tricks_left}",
            f"must_beat={str(rules.must_beat).lower()}",
            f"claim={rules.claim}",
        ):
            groups.setdefault(group, []).append(loss)
    kinds = ["all", "tricks_left", "must_beat", "claim"]
    groups = dict(
        sorted(groups.items(), key=lambda item: (kinds.index(item[0].partition("=")[0]), len(item[0]), item[0]))
    )
    return {
        "level": args.a,
        "seconds": args.seconds,
        "nodes": args.nodes,
        "set": str(args.exact_set),
        "groups": {group: _loss_summary(losses) for group, losses in groups.items()},
    }


def parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m otv66.bench ai", description=__doc__.splitlines()[0])
    parser.add_argument("--a", choices=PLAYERS, default="expert", help="level A (default expert)")
    parser.add_argument("--b", choices=PLAYERS, default="club", help="level B (default club)")
    parser.add_argument("--deals", type=int, default=100, help="duplicate deals (each played twice)")
    parser.add_argument("--seconds", type=float, default=None, help="time budget per decision (default: each level's)")
    parser.add_argument("--seconds-a", type=float, default=None, help="A's budget, overriding --seconds")
    parser.add_argument("--seconds-b", type=float, default=None, help="B's budget, overriding --seconds")
    parser.add_argument("--seed", type=int, default=1, help="first deal seed (deals use seed, seed+1, ...)")
    parser.add_argument("--progress", type=int, default=0, help="print the report every N duplicate deals")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--exact-loss", type=int, metavar="TRICKS", help="measure A's loss against exact play instead")
    parser.add_argument("--solve-seconds", type=float, default=60.0, help="time to solve a position exactly")
    parser.add_argument(
        "--exact-set",
        type=Path,
        nargs="?",
        const=HELDOUT_SET,
        metavar="PATH",
        help="measure A's loss on a stored set of exactly solved positions (default: the held-out set)",
    )
    parser.add_argument(
        "--nodes",
        type=int,
        default=None,
        help="with --exact-set: a node budget per decision instead of time (compares search orderings exactly)",
    )
    return parser.parse_args(list(argv))


def main(argv: Sequence[str]) -> int:
    """Run the benchmark and print its report."""
    args = parse(argv)
    if args.exact_set is not None:
        losses = exact_set_loss(args)
        if args.json:
            print(json.dumps(losses))
            return 0
        budget = "its own time budget" if args.seconds is None else f"{args.seconds} s per decision"
        if args.nodes is not None:
            budget = f"{args.nodes} nodes per decision"
        print(f"{args.a} at {budget} against exact play on {losses['set']}")
        print(f"  {'positions':<15} {'decisions':>9} {'mean loss':>10} {'max loss':>9} {'not optimal':>12}")
        for group, summary in losses["groups"].items():
            print(
                f"  {group:<15} {summary['decisions']:>9} {summary['mean_loss']:>10.5f}"
                f" {summary['max_loss']:>9.5f} {summary['not_optimal']:>12}"
            )
        return 0
    if args.exact_loss is not None:
        print(json.dumps(exact_loss(args)))
        return 0
    tally = Tally()
    run(args, tally)
    report = {"a": args.a, "b": args.b, "seconds": args.seconds, **tally.summary()}
    if args.json:
        print(json.dumps(report))
        return 0
    low, high = report["ci95"]
    print(f"{args.a} vs {args.b}: {report['duplicate_deals']} duplicate deals")
    print(
        f"  {args.a} mean game points per deal: {report['mean_game_points_a']:+.3f}  (95% CI {low:+.3f} .. {high:+.3f})"
    )
    for level, stats in report["decision_seconds"].items():
        print(
            f"  decision time {level}: p50 {stats['p50']:.3f} s, p95 {stats['p95']:.3f} s,"
            f" max {stats['max']:.3f} s over {stats['decisions']}"
        )
    print(f"  outcomes: {report['outcomes']}")
    return 0

"""How much a player would win per deal by playing perfectly from ``--tricks`` tricks left: a ceiling for issue 12.

Player A is a level (default the frozen master) up to ``--tricks`` tricks
before the end and the exact oracle (tools/exact) from there on: every move
the best by exact expected game points. Player B is the same level all deal
long. They play duplicate deals (each seeded deal twice, seats swapped, as
``python -m otv66.bench ai`` does), and the report is A's mean game points per
deal with its 95% confidence interval.

What the number means: no improvement of B's play in the last ``--tricks``
tricks, however good, can win more per deal than this (within its CI), because
A already plays those tricks perfectly. Issue 12 asks the master to beat the
frozen master by 0.10 game points a deal; measured with ``--tricks 10``, this
shows how much of that the near-exact play it asks for at 8-10 tricks left can
bring.

    python tools/exact_ceiling.py --tricks 10 --deals 300 --seed 200000 --progress 25

It needs a C compiler (the oracle is built on first use). The oracle's first
solve in a deal can take a minute at 10 tricks left; a duplicate deal takes
about 15-30 s on one core.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent / "exact"))

from oracle import Oracle  # tools/exact/oracle.py

from otv66.bench.ai import PLAYERS, decide, mean_ci95
from otv66.deal import Deal
from otv66.kernel import TRICKS_PER_DEAL


def exact_move(oracle: Oracle, deal: Deal) -> str:
    """The legal move with the best exact value for the player to move (the first in the oracle's order on a tie)."""
    view = deal.view()
    values = oracle.solve(view)
    legal = [move for move in view.legal_moves if move in values]
    return max(legal, key=values.__getitem__)


def play(seed: int, dealer: int, a_seat: int, args: argparse.Namespace, oracle: Oracle) -> float:
    """One deal, A in ``a_seat``; A's game points (negative if he lost)."""
    deal = Deal.from_seed(seed, dealer=dealer)
    ply = 0
    while not deal.is_over:
        exact = deal.turn == a_seat and TRICKS_PER_DEAL - deal.tricks_played <= args.tricks
        move = exact_move(oracle, deal) if exact else decide(deal.view(), args.level, args.seconds, seed * 64 + ply)
        deal.play(move)
        ply += 1
    result = deal.result
    assert result is not None
    if result["winner"] is None:
        return 0.0
    return float(result["game_points"] if result["winner"] == a_seat else -result["game_points"])


def report(pairs: list[float], started: float) -> str:
    """A's mean game points per duplicate deal so far, as a JSON line."""
    mean, ci95 = mean_ci95(pairs)
    return json.dumps(
        {
            "duplicate_deals": len(pairs),
            "mean_game_points_a": round(mean, 4),
            "ci95": [round(bound, 4) for bound in ci95],
            "seconds": round(time.perf_counter() - started),
        }
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tricks", type=int, default=10, help="A plays exactly from this many tricks left (1-16)")
    parser.add_argument("--level", choices=PLAYERS, default="master-frozen", help="both players' level before that")
    parser.add_argument("--seconds", type=float, default=0.2, help="the level's time per decision")
    parser.add_argument("--deals", type=int, default=100, help="duplicate deals (each played twice)")
    parser.add_argument("--seed", type=int, default=200000, help="first deal seed")
    parser.add_argument("--progress", type=int, default=0, help="print the report every N duplicate deals")
    args = parser.parse_args()
    if not 1 <= args.tricks <= TRICKS_PER_DEAL:
        parser.error(f"--tricks must be 1-{TRICKS_PER_DEAL}")
    pairs: list[float] = []
    started = time.perf_counter()
    with Oracle() as oracle:
        for index in range(args.deals):
            seed, dealer = args.seed + index, index % 2
            pairs.append((play(seed, dealer, 0, args, oracle) + play(seed, dealer, 1, args, oracle)) / 2)
            if args.progress and (index + 1) % args.progress == 0:
                print(report(pairs, started), flush=True)
    print(report(pairs, started))
    return 0


if __name__ == "__main__":
    sys.exit(main())

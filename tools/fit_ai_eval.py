"""Fit the AI's horizon evaluation (otv66/ai/evaluate.py WEIGHTS) by self-play.

Plays ``--deals`` seeded deals between two copies of a level (default
``expert``), records the evaluation features of every position at a trick
boundary (computed from the public view only), and when the deal ends pairs
each with the game points player 0 got (negative if he lost, 0 for a draw).
A least-squares fit without intercept (the features are antisymmetric: a
draw-even position is worth 0) gives one weight per feature; the script
prints them with the fit's R² and a ``WEIGHTS = (...)`` line to paste.

    python tools/fit_ai_eval.py --deals 1000 --seed 1 [--out samples.json]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from otv66.ai import choose_move
from otv66.ai.evaluate import FEATURES, features
from otv66.ai.position import position_from_view
from otv66.deal import Deal


def samples(seed: int, level: str, seconds: float) -> list[tuple[list[float], float]]:
    """Feature rows of one self-play deal's trick boundaries, each with player 0's final game points."""
    deal = Deal.from_seed(seed, dealer=seed % 2)
    rows = []
    ply = 0
    while not deal.is_over:
        view = deal.view()
        if view.lead < 0:
            rows.append(features(position_from_view(view), view.trump))
        deal.play(choose_move(view, level=level, seconds=seconds, seed=seed * 64 + ply))
        ply += 1
    result = deal.result
    assert result is not None
    winner = result["winner"]
    points = 0.0 if winner is None else float(result["game_points"] if winner == 0 else -result["game_points"])
    return [(row, points) for row in rows]


def least_squares(data: list[tuple[list[float], float]]) -> list[float]:
    """Weights minimising the squared error (normal equations, Gaussian elimination with pivoting)."""
    size = len(data[0][0])
    matrix = [[0.0] * (size + 1) for _ in range(size)]
    for row, target in data:
        for i in range(size):
            for j in range(size):
                matrix[i][j] += row[i] * row[j]
            matrix[i][size] += row[i] * target
    for i in range(size):
        matrix[i][i] += 1e-6
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(matrix[r][col]))
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        for r in range(size):
            if r != col:
                factor = matrix[r][col] / matrix[col][col]
                for c in range(col, size + 1):
                    matrix[r][c] -= factor * matrix[col][c]
    return [matrix[i][size] / matrix[i][i] for i in range(size)]


def r_squared(data: list[tuple[list[float], float]], weights: list[float]) -> float:
    """Share of the variance of the outcome the fitted model explains."""
    mean = sum(t for _, t in data) / len(data)
    total = sum((t - mean) ** 2 for _, t in data)
    residual = sum((t - sum(w * x for w, x in zip(weights, row, strict=True))) ** 2 for row, t in data)
    return 1.0 - residual / total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--seconds", type=float, default=0.05, help="budget per decision of the self-play level")
    parser.add_argument("--out", type=Path, help="also write the samples here (JSON), to merge runs")
    parser.add_argument("--merge", type=Path, nargs="*", default=[], help="sample files from earlier runs to add")
    args = parser.parse_args()
    data: list[tuple[list[float], float]] = []
    for path in args.merge:
        data += [(row, target) for row, target in json.loads(path.read_text())]
    for seed in range(args.seed, args.seed + args.deals):
        data += samples(seed, args.level, args.seconds)
    if args.out:
        args.out.write_text(json.dumps(data))
    weights = least_squares(data)
    print(f"{len(data)} positions, R^2 = {r_squared(data, weights):.3f}")
    for name, weight in zip(FEATURES, weights, strict=True):
        print(f"  {name:<18} {weight:+.4f}")
    print("WEIGHTS = (" + ", ".join(f"{w:.4f}" for w in weights) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

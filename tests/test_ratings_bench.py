"""The level ratings: Elo differences from score shares, chained up from the weakest level, with the evidence."""

from __future__ import annotations

import pytest

from otv66.ai import LEVELS
from otv66.bench.ratings import ANCHOR, elo_difference, module_text, pair_result, ratings


def test_an_even_share_is_no_difference_and_three_quarters_is_about_191_points() -> None:
    assert elo_difference(0.5) == 0.0
    assert elo_difference(0.75) == pytest.approx(190.85, abs=0.01)
    assert elo_difference(0.25) == pytest.approx(-190.85, abs=0.01)


def test_a_clean_sweep_is_a_large_but_finite_gap() -> None:
    assert elo_difference(1.0) == pytest.approx(798.2, abs=0.1)
    assert elo_difference(0.0) == pytest.approx(-elo_difference(1.0))


def test_swapping_which_level_is_called_stronger_mirrors_the_result() -> None:
    # The same duplicate deals, the same seeded slips: one side's wins are the other's losses.
    up = pair_result("club", "beginner", deals=4, seed=40, seconds=None)
    down = pair_result("beginner", "club", deals=4, seed=40, seconds=None)
    assert down["share"] == pytest.approx(1.0 - up["share"])
    assert down["game_points"] == pytest.approx(-up["game_points"])


def test_each_pair_reports_its_share_and_game_points_inside_their_intervals() -> None:
    pair = pair_result("club", "beginner", deals=6, seed=7, seconds=None)
    low, high = pair["share_ci95"]
    assert 0.0 <= pair["share"] <= 1.0 and low <= pair["share"] <= high
    low, high = pair["ci95"]
    assert low <= pair["game_points"] <= high


def test_a_shares_interval_stays_between_0_and_1_over_a_few_deals() -> None:
    # Two deals gave [-0.24, 0.74] and [0.26, 1.24]: the normal approximation runs past what a share can be.
    for seed in range(4):
        low, high = pair_result("club", "beginner", deals=2, seed=seed, seconds=None)["share_ci95"]
        assert 0.0 <= low <= high <= 1.0


def test_ratings_are_anchored_at_the_weakest_level_and_chained_upwards() -> None:
    report = ratings(deals=1, seed=3, seconds=0.01)
    rated = report["ratings"]
    assert list(rated) == list(LEVELS)
    assert rated[LEVELS[0]] == ANCHOR
    for pair in report["pairs"]:
        gap = rated[pair["stronger"]] - rated[pair["weaker"]]
        assert abs(gap - elo_difference(pair["share"])) <= 1  # ratings are rounded
    text = module_text(report)
    assert "export const LEVEL_RATINGS = Object.freeze({ beginner: 1000," in text
    assert text.count('"share_ci95"') == len(LEVELS) - 1

"""The AI benchmark: duplicate deals cancel the luck of the cards; the exact-loss mode reports losses."""

from __future__ import annotations

import contextlib
import io
import json

from otv66.bench.ai import main


def report(argv: list[str]) -> dict[str, object]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main([*argv, "--json"]) == 0
    result: dict[str, object] = json.loads(out.getvalue())
    return result


def test_a_level_against_itself_scores_exactly_zero_on_duplicate_deals() -> None:
    result = report(["--a", "club", "--b", "club", "--deals", "6", "--seed", "40"])
    assert result["duplicate_deals"] == 6
    assert result["mean_game_points_a"] == 0.0
    assert result["ci95"] == [0.0, 0.0]
    outcomes = result["outcomes"]
    assert isinstance(outcomes, dict)
    assert sum(outcomes.values()) == 12


def test_a_stronger_level_scores_more_and_its_decision_times_are_reported() -> None:
    result = report(["--a", "expert", "--b", "beginner", "--deals", "4", "--seed", "7", "--seconds", "0.02"])
    assert isinstance(result["mean_game_points_a"], float)
    assert result["mean_game_points_a"] > 0
    times = result["decision_seconds"]
    assert isinstance(times, dict)
    assert set(times) == {"expert"}
    assert 0 <= times["expert"]["p50"] <= times["expert"]["p95"] <= times["expert"]["max"]


def test_exact_loss_mode_compares_a_decision_with_exact_values() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["--exact-loss", "3", "--a", "master", "--seconds", "0.05", "--deals", "4", "--seed", "3"]) == 0
    result = json.loads(out.getvalue())
    assert result["positions"] + result["unsolved"] + result["ended_before"] == 4
    if result["positions"]:
        assert 0.0 <= result["mean_loss"] <= result["max_loss"]

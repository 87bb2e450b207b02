"""The benchmarks run and report positive figures (tiny counts: speed itself is not tested here)."""

from __future__ import annotations

import contextlib
import io
import json
import random
from collections.abc import Callable

from otv66 import Deal
from otv66.bench import available
from otv66.bench import main as bench_main
from otv66.bench.engine import main as engine_main
from otv66.bench.engine import random_playout


def run(main: Callable[[list[str]], int], argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(argv)
    return status, out.getvalue()


def test_engine_benchmark_reports_positive_figures_as_json() -> None:
    status, text = run(engine_main, ["--deals", "3", "--seconds", "0", "--json", "--seed", "5"])
    report = json.loads(text)
    assert status == 0
    for key in (
        "deals_per_second",
        "playout_deals_per_second",
        "creations_per_second",
        "legal_moves_per_second",
        "play_undo_per_second",
        "views_per_second",
    ):
        assert report[key] > 0, key
    assert 2 <= report["plies_per_deal"] <= 32  # at least one trick, at most 16
    assert report["goal_met"] == (report["deals_per_second"] >= report["goal_deals_per_second"])


def test_engine_benchmark_prints_a_table_with_the_goal() -> None:
    status, text = run(engine_main, ["--deals", "2", "--seconds", "0"])
    assert status == 0
    assert "random deals, creation counted" in text
    assert "play() + undo() pairs" in text
    assert "goal: 10,000 random deals/s" in text


def test_random_playout_ends_the_deal_and_counts_its_moves() -> None:
    deal = Deal.from_seed(11, dealer=0)
    plies = random_playout(deal, random.Random(3))
    assert deal.is_over
    assert plies == len(deal.moves)


def test_dispatcher_finds_benchmarks_by_scanning_the_package() -> None:
    assert "engine" in available()
    status, text = run(bench_main, ["--help"])
    assert status == 0
    assert "engine" in text


def test_dispatcher_runs_the_named_benchmark() -> None:
    status, text = run(bench_main, ["engine", "--deals", "1", "--seconds", "0", "--json"])
    assert status == 0
    assert json.loads(text)["deals_per_second"] > 0


def test_dispatcher_rejects_an_unknown_benchmark_and_a_missing_name() -> None:
    status, text = run(bench_main, ["no-such-bench"])
    assert status == 2
    assert "available: " in text
    assert run(bench_main, [])[0] == 2

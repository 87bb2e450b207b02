"""tools/exact_ceiling.py: player A plays the oracle's best move from N tricks left, and the report counts pairs.

Skipped where the oracle cannot be built or run (Pyodide: the ``native`` tests are left out there).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest
from native_oracle import load_oracle

from otv66.deal import Deal

pytestmark = pytest.mark.native

TOOL = Path(__file__).resolve().parent.parent / "tools" / "exact_ceiling.py"


@pytest.fixture(scope="module")
def ceiling() -> ModuleType:
    load_oracle()  # skips where no oracle can be built
    spec = importlib.util.spec_from_file_location("exact_ceiling", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_exact_player_picks_a_legal_move_of_the_best_exact_value(ceiling: ModuleType) -> None:
    deal = Deal.from_seed(7, dealer=0)
    while deal.tricks_played < 13:
        deal.play(deal.legal_moves()[0])
    legal_moves = deal.view().legal_moves
    with ceiling.Oracle(table_bits=16) as oracle:
        values = oracle.solve(deal.view())
        move = ceiling.exact_move(oracle, deal)
    assert move in legal_moves
    assert values[move] == max(values[legal] for legal in legal_moves if legal in values)


def test_the_report_gives_a_pair_per_duplicate_deal(
    ceiling: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["exact_ceiling.py", "--tricks", "3", "--level", "beginner", "--deals", "2"])
    assert ceiling.main() == 0
    report = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert report["duplicate_deals"] == 2
    low, high = report["ci95"]
    assert low <= report["mean_game_points_a"] <= high
    assert -3 <= report["mean_game_points_a"] <= 3

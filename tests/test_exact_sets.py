"""The stored sets of exactly solved positions (tests/data, made by tools/make_exact_set.py).

The held-out set measures the computer (``python -m otv66.bench ai --exact-set``) and is never
used for tuning; the tuning set is for fitting. Both must replay to real decisions, hold a value
for exactly the legal moves, and come from varied play; a few stored values are solved again
by the oracle where it can run.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from native_oracle import load_oracle

from otv66.ai import LEVELS
from otv66.bench.ai import load_solved_positions
from otv66.deal import CLAIM

DATA = Path(__file__).with_name("data")
HELDOUT = load_solved_positions(DATA / "exact_heldout.json")
TUNING = load_solved_positions(DATA / "exact_tuning.json")


def test_the_heldout_set_has_300_positions_at_8_9_and_10_tricks_left() -> None:
    assert len(HELDOUT) >= 300
    for tricks_left in (8, 9, 10):
        assert sum(solved.tricks_left == tricks_left for solved in HELDOUT) >= 80


@pytest.mark.parametrize("positions", [HELDOUT, TUNING], ids=["heldout", "tuning"])
def test_each_position_is_a_decision_with_a_value_for_every_legal_move(positions) -> None:  # type: ignore[no-untyped-def]
    for solved in positions:
        view = solved.view()
        assert view.turn is not None and view.claimant is None and CLAIM not in view.legal_moves
        assert 16 - view.tricks_played == solved.tricks_left
        assert set(solved.values) == set(view.legal_moves) and len(view.legal_moves) >= 2
        assert all(-3 <= value <= 3 for value in solved.values.values())


@pytest.mark.parametrize("positions", [HELDOUT, TUNING], ids=["heldout", "tuning"])
def test_positions_come_from_every_level_and_rule_set(positions) -> None:  # type: ignore[no-untyped-def]
    assert {level for solved in positions for level in solved.entry["levels"]} == set(LEVELS)
    assert {(solved.rules.must_beat, solved.rules.claim) for solved in positions} == {
        (must_beat, claim) for must_beat in (False, True) for claim in ("auto", "manual")
    }
    assert len({tuple(solved.entry["packets"]) for solved in positions}) >= 10


def test_no_position_is_in_both_sets() -> None:
    def games(positions):  # type: ignore[no-untyped-def]
        return {(solved.entry["seed"], solved.entry["dealer"], tuple(solved.entry["packets"])) for solved in positions}

    assert not games(HELDOUT) & games(TUNING)


@pytest.mark.native
def test_stored_values_are_the_oracles() -> None:
    oracle_module = load_oracle()
    quickest = sorted(HELDOUT + TUNING, key=lambda solved: solved.view().hidden_count)[:6]
    with oracle_module.Oracle(table_bits=18) as oracle:
        for solved in quickest:
            values = oracle.solve(solved.view())
            assert {move: round(float(value), 6) for move, value in values.items()} == solved.values

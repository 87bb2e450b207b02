"""The typed model (otv66/model.py): a deal's outcome as a value, and the record dict it gives.

``Deal.result`` is a contract (records, the bridge and the page read it, docs/record-format.md);
``Deal.outcome`` is the same result as a frozen, typed value.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

import otv66
from otv66 import CLAIM, Deal, DealResult, PublicView, Rules
from otv66 import view as view_module
from otv66.kernel import WIN_SCORE


def finished_deals() -> list[Deal]:
    """Random deals played to their end under both claim modes (claims right or false, or none)."""
    deals = []
    rng = random.Random(66)
    for seed in range(60):
        deal = Deal.from_seed(seed, dealer=seed % 2, rules=Rules(claim="manual" if seed % 2 else "auto"))
        while not deal.is_over:
            claimant = deal.claimant
            if claimant is not None and rng.random() < (0.5 if deal.score(claimant) >= WIN_SCORE else 0.02):
                deal.play(CLAIM)
            else:
                deal.play(rng.choice([move for move in deal.legal_moves() if move != CLAIM]))
        deals.append(deal)
    return deals


FINISHED = finished_deals()


def test_the_walk_ends_deals_in_every_way() -> None:
    reasons = {deal.outcome.reason for deal in FINISHED if deal.outcome is not None}
    assert {"reached_66", "played_out", "false_claim"} <= reasons


@pytest.mark.parametrize("deal", FINISHED[:40], ids=lambda d: f"seed{d.seed}")
def test_the_outcome_gives_exactly_the_record_result(deal: Deal) -> None:
    outcome = deal.outcome
    assert isinstance(outcome, DealResult)
    result = deal.result
    assert outcome.to_dict() == result
    assert result is not None
    assert list(result) == ["winner", "game_points", "scores", "tricks", "reason"]
    assert result["scores"] == [deal.score(0), deal.score(1)]
    assert result["tricks"] == [deal.tricks_won(0), deal.tricks_won(1)]
    assert deal.view().outcome == outcome and deal.view().result == result


def test_a_deal_in_play_has_no_outcome() -> None:
    deal = Deal.from_seed(3, dealer=0)
    assert deal.outcome is None and deal.result is None and deal.view().outcome is None


def test_an_outcome_is_a_frozen_value() -> None:
    outcome = FINISHED[0].outcome
    assert outcome is not None
    with pytest.raises(dataclasses.FrozenInstanceError):
        outcome.winner = 1  # type: ignore[misc]
    assert outcome == DealResult(**dataclasses.asdict(outcome))


def test_a_draw_has_no_winner_and_no_game_points() -> None:
    draw = DealResult.ended(winner=None, reason="draw", scores=(65, 65), tricks=(8, 8))
    assert draw.to_dict() == {"winner": None, "game_points": 0, "scores": [65, 65], "tricks": [8, 8], "reason": "draw"}


def test_the_public_view_keeps_its_import_paths() -> None:
    view = Deal.from_seed(4, dealer=1).view()
    assert type(view) is PublicView is view_module.PublicView is otv66.PublicView
    assert view.available(0) == sum(1 << top for top, _hidden in view.piles[0] if top >= 0)

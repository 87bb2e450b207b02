"""The post-deal review: each move rated by the expected game points it gave away.

For every decision of a deal the position is analysed from what both players
saw at that moment (never the face-down cards revealed later), and the move
played is compared with the best one. Like lichess, the loss is marked by
thresholds: an *inaccuracy*, a *mistake* or a *blunder*.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Final

from otv66.ai import analyse
from otv66.deal import Deal
from otv66.errors import InvalidMatchError
from otv66.kernel import CLAIM

INACCURACY: Final = 0.15
MISTAKE: Final = 0.4
BLUNDER: Final = 0.8
"""Thresholds in expected game points lost by a move (of the -3..+3 a deal is worth)."""
SECONDS_PER_MOVE: Final = 0.2
"""Analysis time per decision: a full deal review takes a few seconds, in the worker."""
RECHECK_FACTOR: Final = 5
"""A move the first search would mark, on figures not proven exact, is analysed again with this many times the time
before it is marked: a short search's guesses differ by tenths of a game point where a deeper one proves every move
equal, and a mark on an equal move teaches the player a wrong lesson (and depends on the device's speed)."""


def mark(loss: float) -> str | None:
    """The review mark of a move that lost ``loss`` expected game points, judged as the review shows the loss: to the
    hundredth (a loss of 0.149, shown "-0.15", left unmarked beside the inaccuracy's 0.15 looked like a slip)."""
    loss = math.floor(loss * 100 + 0.5) / 100
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return None


def review_deal(
    deal: Deal,
    seconds_per_move: float = SECONDS_PER_MOVE,
    known: Mapping[tuple[str, ...], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Rate every move of ``deal`` (finished or not).

    ``known`` holds analyses already made of positions of this deal, by the moves before each (a hint's: see
    :meth:`otv66.table.Table.hint`): they rate those positions instead of a new search, so that a hinted move is
    rated by the numbers that chose it.

    ``{"moves": [{"index", "player", "move", "best", "value", "best_value", "loss", "exact", "mark", "analysis"}]}``
    with values in expected game points for the player who moved; ``analysis`` is :func:`otv66.ai.analyse`'s
    answer for the position before the move (every choice rated), the one the row's figures come from, so the
    position shown at a move can rate its choices with the same numbers. Moves with no real choice (one legal
    move, or only equivalent cards) are listed with loss 0 and no analysis. A claim of 66 (under manual claim) is
    rated against playing on: see :func:`_rated_claim`. Anything but a :class:`~otv66.deal.Deal` (its view has no
    moves to rate) is an :class:`~otv66.errors.InvalidMatchError`.
    """
    if not isinstance(deal, Deal):
        raise InvalidMatchError(f"a review rates the moves of a Deal, not of {type(deal).__name__}")
    replay = deal.copy()
    while replay.moves:
        replay.undo()
    rows: list[dict[str, Any]] = []
    for index, move in enumerate(deal.moves):
        view = replay.view()
        player = view.claimant if move == CLAIM else view.turn
        choices = [m for m in view.legal_moves if m != CLAIM]
        if move == CLAIM:
            rows.append({"index": index, "player": player, "move": move, **_rated_claim(replay, seconds_per_move)})
        elif len(choices) <= 1:
            rows.append(
                {
                    "index": index,
                    "player": player,
                    "move": move,
                    "best": move,
                    "value": None,
                    "best_value": None,
                    "loss": 0.0,
                    "exact": False,
                    "mark": None,
                    "analysis": None,
                }
            )
        else:
            hinted = (known or {}).get(tuple(replay.moves))
            analysis = hinted or analyse(view, seconds=seconds_per_move)
            best, played, loss = _rated(analysis, move)
            if hinted is None and mark(loss) and not (played["exact"] and best["exact"]):
                analysis = analyse(view, seconds=seconds_per_move * RECHECK_FACTOR)
                best, played, loss = _rated(analysis, move)
            rows.append(
                {
                    "index": index,
                    "player": player,
                    "move": move,
                    "best": best["move"],
                    "value": played["value"],
                    "best_value": best["value"],
                    "loss": loss,
                    "exact": played["exact"] and best["exact"],
                    "mark": mark(loss),
                    "analysis": analysis,
                }
            )
        replay.play(move)
    return {"moves": rows}


def _rated(analysis: dict[str, Any], move: str) -> tuple[dict[str, Any], dict[str, Any], float]:
    """The best move's row of ``analysis``, the row of ``move``, and what ``move`` lost against the best."""
    values = {row["move"]: row for row in analysis["moves"]}
    best, played = values[analysis["best"]], values[move]
    return best, played, max(0.0, round(best["value"] - played["value"], 4))


def _rated_claim(deal: Deal, seconds: float) -> dict[str, Any]:
    """A claim of 66 in ``deal`` (not yet made) rated against playing on, for the claimant.

    The claim's own value is certain: the deal ends on it, won, or lost by 2 game points when the claimant had less
    than 66 (docs/rules.md 6.1). A right claim is the best move there is: playing on, the other can only add to his
    tricks and points, and the game points won can only fall. A false claim loses what playing on is worth more: the
    analysis of the same position, the claimant's choices beside the claim when he is to move, else the other's best
    answer (his value is the claimant's loss: a deal's game points are won by one and lost by the other).
    """
    view = deal.view()
    claimant = view.claimant
    ended = deal.copy()
    ended.play(CLAIM)
    result = ended.result
    assert result is not None and claimant is not None  # a claim ends the deal, and only a claimant makes one
    value = float(result["game_points"] if result["winner"] == claimant else -result["game_points"])
    claim = {"move": CLAIM, "value": value, "win_probability": None, "exact": True}
    rated = {"best": CLAIM, "value": value, "best_value": value, "loss": 0.0, "exact": True, "mark": None}
    if result["winner"] == claimant:
        return {**rated, "analysis": None}
    position = analyse(view, seconds=seconds)
    analysis: dict[str, Any] | None = (
        None  # the other's choices are not the claimant's: nothing to show beside his claim
    )
    if view.turn == claimant:
        moves = sorted([claim, *position["moves"]], key=lambda row: -row["value"])
        analysis = {"moves": moves, "best": moves[0]["move"]}
        best, best_value, exact = moves[0]["move"], moves[0]["value"], moves[0]["exact"]
    else:
        answer = position["moves"][0]
        best, best_value, exact = None, -answer["value"], answer["exact"]
    loss = max(0.0, round(best_value - value, 4))
    return {
        **rated,
        "best": best,
        "best_value": best_value,
        "loss": loss,
        "exact": exact,
        "mark": mark(loss),
        "analysis": analysis,
    }

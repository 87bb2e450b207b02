"""The post-deal review: each move rated by the expected game points it gave away.

For every decision of a deal the position is analysed from what both players
saw at that moment (never the face-down cards revealed later), and the move
played is compared with the best one. Like lichess, the loss is marked by
thresholds: an *inaccuracy*, a *mistake* or a *blunder*.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from otv66.ai import analyse
from otv66.deal import Deal
from otv66.kernel import CLAIM

INACCURACY: Final = 0.15
MISTAKE: Final = 0.4
BLUNDER: Final = 0.8
"""Thresholds in expected game points lost by a move (of the -3..+3 a deal is worth)."""
SECONDS_PER_MOVE: Final = 0.2
"""Analysis time per decision: a full deal review takes a few seconds, in the worker."""


def mark(loss: float) -> str | None:
    """The review mark of a move that lost ``loss`` expected game points."""
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
    move, or only equivalent cards) are listed with loss 0 and no analysis.
    """
    replay = deal.copy()
    while replay.moves:
        replay.undo()
    rows: list[dict[str, Any]] = []
    for index, move in enumerate(deal.moves):
        view = replay.view()
        player = view.claimant if move == CLAIM else view.turn
        choices = [m for m in view.legal_moves if m != CLAIM]
        if move == CLAIM or len(choices) <= 1:
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
            analysis = (known or {}).get(tuple(replay.moves)) or analyse(view, seconds=seconds_per_move)
            values = {row["move"]: row for row in analysis["moves"]}
            best = values[analysis["best"]]
            played = values[move]
            loss = max(0.0, round(best["value"] - played["value"], 4))
            rows.append(
                {
                    "index": index,
                    "player": player,
                    "move": move,
                    "best": analysis["best"],
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

"""Match equity: the chance of winning the match from a match score, and what a deal is worth toward it.

Like a backgammon bot's match-equity table, it is built from how often each
deal outcome happens between strong players: the dealer or the non-dealer
wins 1, 2 or 3 game points, or the deal is drawn. The figures below are the
``outcomes`` of ``python -m otv66.bench ai --a expert --b expert --seconds 0.1
--seed 300000``: 600 deals of the expert against itself (1 drawn). With the rule
"the winner deals next" (and a drawn deal dealt again by the same dealer) the
chance of winning the match from any score follows by dynamic programming.

>>> round(match_equity(7, 7, deals_next=False), 3) > 0.5
True
>>> deal_utility((6, 0, 7), dealer_is_me=True)[3 + 1]
1.0
"""

from __future__ import annotations

from functools import cache
from typing import Final

from otv66.kernel import MAX_GAME_POINTS

DEALER_WINS: Final = (0.278, 0.148, 0.040)
"""Measured frequency of the dealer winning a deal by 1, 2, 3 game points."""
NON_DEALER_WINS: Final = (0.297, 0.160, 0.075)
"""Measured frequency of the non-dealer winning a deal by 1, 2, 3 game points."""
DRAW: Final = 1.0 - sum(DEALER_WINS) - sum(NON_DEALER_WINS)
"""The rest: drawn deals (65-65 or equal played-out scores)."""


@cache
def match_equity(mine: int, theirs: int, deals_next: bool) -> float:
    """Chance that a player who still needs ``mine`` game points beats one who needs ``theirs``.

    ``deals_next`` says whether he deals the next deal (the winner of a deal deals the next one).
    """
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    mine_wins, their_wins = (DEALER_WINS, NON_DEALER_WINS) if deals_next else (NON_DEALER_WINS, DEALER_WINS)
    total = 0.0
    for points, chance in enumerate(mine_wins, start=1):
        total += chance * match_equity(mine - points, theirs, True)
    for points, chance in enumerate(their_wins, start=1):
        total += chance * match_equity(mine, theirs - points, False)
    return total / (1.0 - DRAW)


def deal_utility(match_score: tuple[int, int, int], dealer_is_me: bool) -> tuple[float, ...]:
    """What each deal result is worth in match-winning chance: entry ``g + 3`` for ``g`` game points (-3..3) to me.

    ``match_score`` is ``(my game points, theirs, target)``; a draw leaves the
    score and the dealer as they are.
    """
    mine, theirs, target = match_score
    need_mine, need_theirs = target - mine, target - theirs
    values = []
    for points in range(-MAX_GAME_POINTS, MAX_GAME_POINTS + 1):
        if points > 0:
            values.append(match_equity(need_mine - points, need_theirs, True))
        elif points < 0:
            values.append(match_equity(need_mine, need_theirs + points, False))
        else:
            values.append(match_equity(need_mine, need_theirs, dealer_is_me))
    return tuple(values)

"""Match equity: the chance of winning the match from a match score, and what a deal is worth toward it.

Like a backgammon bot's match-equity table, it is built from how often each
deal outcome happens between strong players: the dealer or the non-dealer
wins 1, 2 or 3 game points, or the deal is drawn. The figures below are the
``outcomes`` of ``python -m otv66.bench ai --a expert --b expert --seconds 0.1
--seed 300000``: 600 deals of the expert against itself (1 drawn). With the rule
"the winner deals next" (and a drawn deal dealt again by the same dealer) the
chance of winning the match from any score follows by dynamic programming;
the rules' options ``dealer: alternate`` and ``draw_bonus`` change who deals
next and what a deal after a draw is worth, and the table follows them.

>>> round(match_equity(7, 7, deals_next=False), 3) > 0.5
True
>>> deal_utility((6, 0, 7), dealer_is_me=True)[3 + 1]
1.0
"""

from __future__ import annotations

from functools import cache
from typing import Final

from otv66.errors import InvalidMatchError
from otv66.kernel import MAX_GAME_POINTS
from otv66.rules import MAX_TARGET, Rules

DEFAULT_RULES: Final = Rules()
"""Rules with the default ``dealer`` and ``draw_bonus`` options."""

DEALER_WINS: Final = (0.278, 0.148, 0.040)
"""Measured frequency of the dealer winning a deal by 1, 2, 3 game points."""
NON_DEALER_WINS: Final = (0.297, 0.160, 0.075)
"""Measured frequency of the non-dealer winning a deal by 1, 2, 3 game points."""
DRAW: Final = 1.0 - sum(DEALER_WINS) - sum(NON_DEALER_WINS)
"""The rest: drawn deals (65-65 or equal played-out scores)."""


@cache
def match_equity(
    mine: int, theirs: int, deals_next: bool, alternate: bool = False, draw_bonus: bool = False, bonus: int = 0
) -> float:
    """Chance that a player who still needs ``mine`` game points beats one who needs ``theirs``.

    ``deals_next`` says whether he deals the next deal. Who deals after it
    follows the rules' ``dealer`` option: the winner (default) or, with
    ``alternate``, the other player; a drawn deal is dealt again by the same
    dealer. With ``draw_bonus`` each drawn deal adds a point to ``bonus``, the
    extra game points the winner of the next decided deal gets (docs/rules.md 6.3, 8).
    """
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    mine_wins, their_wins = (DEALER_WINS, NON_DEALER_WINS) if deals_next else (NON_DEALER_WINS, DEALER_WINS)
    i_deal_after_mine = not deals_next if alternate else True
    i_deal_after_theirs = not deals_next if alternate else False
    total = 0.0
    for points, chance in enumerate(mine_wins, start=1):
        total += chance * match_equity(mine - points - bonus, theirs, i_deal_after_mine, alternate, draw_bonus)
    for points, chance in enumerate(their_wins, start=1):
        total += chance * match_equity(mine, theirs - points - bonus, i_deal_after_theirs, alternate, draw_bonus)
    if draw_bonus and bonus < max(mine, theirs):
        # a draw raises the stakes of the next deal; once the bonus alone decides the match it stops mattering
        total += DRAW * match_equity(mine, theirs, deals_next, alternate, draw_bonus, bonus + 1)
        return total
    return total / (1.0 - DRAW)


def check_match_score(match_score: object) -> tuple[int, ...] | None:
    """Return a match score to play for (``None``: none, the deal's game points), else raise :class:`InvalidMatchError`.

    ``(my game points, theirs, target)``, optionally followed by the draw bonus waiting for this deal's winner:
    whole numbers (``True`` is refused), the target from 1 to :data:`~otv66.rules.MAX_TARGET`, each player's game
    points below it (a match still being played), the bonus from 0.
    """
    if match_score is None:
        return None
    if (
        not isinstance(match_score, tuple | list)
        or len(match_score) not in (3, 4)
        or any(type(number) is not int for number in match_score)
    ):
        raise InvalidMatchError(
            "match_score must be (my game points, theirs, target[, draw bonus]) in whole numbers, "
            f"not {match_score!r:.60}"
        )
    mine, theirs, target, *bonus = match_score
    if not 1 <= target <= MAX_TARGET or not 0 <= mine < target or not 0 <= theirs < target or min(bonus, default=0) < 0:
        raise InvalidMatchError(
            f"match_score must be a match being played: a target from 1 to {MAX_TARGET}, each player's game points "
            f"from 0 below it, a draw bonus from 0; not {match_score!r:.60}"
        )
    return tuple(match_score)


def deal_utility(match_score: tuple[int, ...], dealer_is_me: bool, rules: Rules = DEFAULT_RULES) -> tuple[float, ...]:
    """What each deal result is worth in match-winning chance: entry ``g + 3`` for ``g`` game points (-3..3) to me.

    ``match_score`` is ``(my game points, theirs, target)``, optionally followed
    by the draw bonus waiting for this deal's winner (``draw_bonus`` rules); a
    draw leaves the dealer as he is (and, with ``draw_bonus``, raises the bonus).
    It is checked first (:func:`check_match_score`).
    """
    score = check_match_score(match_score)
    if score is None:
        raise InvalidMatchError("a deal's worth toward the match needs a match score, not None")
    mine, theirs, target, *rest = score
    bonus = rest[0] if rest else 0
    need_mine, need_theirs = target - mine, target - theirs
    alternate = rules.dealer == "alternate"
    draw_bonus = rules.draw_bonus
    values = []
    for points in range(-MAX_GAME_POINTS, MAX_GAME_POINTS + 1):
        if points > 0:
            next_dealer_me = not dealer_is_me if alternate else True
            values.append(match_equity(need_mine - points - bonus, need_theirs, next_dealer_me, alternate, draw_bonus))
        elif points < 0:
            next_dealer_me = not dealer_is_me if alternate else False
            values.append(match_equity(need_mine, need_theirs + points - bonus, next_dealer_me, alternate, draw_bonus))
        else:
            after_draw = bonus + 1 if draw_bonus else 0
            values.append(match_equity(need_mine, need_theirs, dealer_is_me, alternate, draw_bonus, after_draw))
    return tuple(values)

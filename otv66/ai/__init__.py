"""The computer opponent: it sees only the public view, never a face-down card.

Levels, from the weakest up (:data:`LEVELS`):

- ``beginner``: plays for the trick at hand and often slips (forgets to
  announce a marriage, ruffs with a high trump, throws points away, plays on a whim);
- ``club``: plays the trick at hand well, with rare slips;
- ``expert``: searches the trick at hand to its end (expectimax over the
  turned-up cards) and judges the rest with the fitted evaluation;
- ``master``: searches as deep as its time allows (iterative deepening,
  exact near the end) and, given the match score, plays to win the match.

>>> from otv66.deal import Deal
>>> deal = Deal.from_seed(11, dealer=0)
>>> choose_move(deal.view(), level="expert", seed=1) in deal.legal_moves()
True
>>> sorted(m["move"] for m in analyse(deal.view(), seconds=0.05)["moves"]) == sorted(deal.legal_moves())
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from otv66.ai.equity import check_match_score, deal_utility
from otv66.ai.greedy import Slips, one_trick_move, slip
from otv66.ai.search import GAME_POINTS, MAX_PLIES, SEARCH, SEARCH_V1, SearchConfig, Searcher, SearchMemory
from otv66.cards import ALL_CARDS, CARD_BY_CODE, DECK_SIZE, NO_CARD, SUITS
from otv66.dealing import PILES, check_player
from otv66.errors import IllegalMoveError, InvalidMatchError, InvalidViewError
from otv66.kernel import CLAIM, MAX_GAME_POINTS, WIN_SCORE, table_game_points
from otv66.levels import DEFAULT_LEVEL, LEVELS, check_level, check_nodes, check_seconds
from otv66.model import PublicView

MatchScore = tuple[int, ...]
"""``(game points of the player to move, his opponent's, target)``, optionally followed by the draw
bonus waiting for this deal's winner (``draw_bonus`` rules, :attr:`otv66.match.Match.draw_bonus_pending`)."""


@dataclass(frozen=True)
class Level:
    """What a level does: slips of a learner, or a search with a time budget and depth."""

    name: str
    slips: Slips | None = None
    seconds: float = 0.0
    max_depth: int = 0
    match_aware: bool = False
    ponders: bool = False
    """Whether it thinks on the opponent's time (:func:`ponder`): the master only. The expert's strength, and its
    rating, is what it finds in its own 0.3 s."""

    @property
    def searches(self) -> bool:
        """Whether the level searches (the expert and the master) rather than plays the trick at hand."""
        return self.max_depth > 0


_LEVELS = (
    Level("beginner", slips=Slips(whim=0.25, forget_marriage=0.5, waste_trump=0.5, give_points=0.3)),
    Level("club", slips=Slips(whim=0.03, forget_marriage=0.1, waste_trump=0.1, give_points=0.05)),
    Level("expert", seconds=0.3, max_depth=2),
    Level("master", seconds=0.7, max_depth=MAX_PLIES, match_aware=True, ponders=True),
)
DEFAULT_ANALYSIS_SECONDS = 0.7
"""Time budget of :func:`analyse` (the Hint button) unless told otherwise."""


def level_named(name: str) -> Level:
    """The :class:`Level` called ``name`` (raises :class:`~otv66.errors.InvalidMatchError` for an unknown name)."""
    check_level(name)
    return next(level for level in _LEVELS if level.name == name)


def _player_to_move(view: PublicView, task: str) -> int:
    """The player to move in ``view``, once ``view`` is checked to be a deal in progress as both players see it.

    The public functions below check what they are given here, once, before any search: a
    :class:`~otv66.deal.Deal` (or anything else) instead of its view is an
    :class:`~otv66.errors.InvalidViewError` that says to pass ``deal.view()``; an ended deal is an
    :class:`~otv66.errors.IllegalMoveError` (reason ``deal_over``) saying there is nothing to ``task``.
    """
    if not isinstance(view, PublicView):
        message = f"the computer reads what both players see: pass deal.view(), not a {type(view).__name__}"
        raise InvalidViewError(message)
    if view.turn is None or not view.legal_moves:
        raise IllegalMoveError(f"the deal is over: there is nothing to {task}", "deal_over")
    _check_view(view)
    return view.turn


def _check_view(view: PublicView) -> None:
    """Raise :class:`~otv66.errors.InvalidViewError` unless ``view``'s cards and turn are those of a real table: the
    search trusts them (a view made up by hand, with a player 5 to move or no piles, sent it searching for ever)."""

    def wrong(what: str) -> InvalidViewError:
        return InvalidViewError(f"this view is not one a deal shows ({what}): pass deal.view()")

    if type(view.turn) is not int or view.turn not in (0, 1):
        raise wrong(f"player {view.turn!r:.20} to move")
    if type(view.trump) is not int or not 0 <= view.trump < len(SUITS):
        raise wrong(f"trump suit {view.trump!r:.20}")
    piles = view.piles
    if len(piles) != 2 or any(len(table) != PILES for table in piles):
        raise wrong("not 2 x 8 piles")
    on_top = 0
    for top, hidden in (pile for table in piles for pile in table):
        if type(top) is not int or not NO_CARD <= top < DECK_SIZE or type(hidden) is not bool:
            raise wrong(f"a pile of {top!r:.20}")
        if top != NO_CARD:
            if on_top >> top & 1:
                raise wrong("a card on two piles")
            on_top |= 1 << top
    hidden_piles = sum(hidden for table in piles for _, hidden in table)
    played, unseen = view.played, view.unseen
    if on_top & (played | unseen) or played & unseen or on_top | played | unseen != ALL_CARDS:
        raise wrong("its cards are not the 32 once each")
    if unseen.bit_count() != hidden_piles:
        raise wrong("face-down cards")
    available = view.available(view.turn)
    for move in view.legal_moves:
        card = CARD_BY_CODE.get(move.removesuffix("m")) if type(move) is str else None  # "KHm": a marriage lead
        if move != CLAIM and (card is None or not available >> card & 1):
            raise wrong(f"a move {move!r:.20} that is not on the table of the player to move")


def can_claim(view: PublicView, player: int) -> bool:
    """Whether ``player`` may claim 66 now and would be right (docs/rules.md 6.1): never a false claim."""
    return view.claimant == check_player(player) and CLAIM in view.legal_moves and view.scores[player] >= WIN_SCORE


def choose_move(
    view: PublicView,
    level: str = DEFAULT_LEVEL,
    seconds: float | None = None,
    seed: int | None = None,
    match_score: MatchScore | None = None,
    nodes: int | None = None,
    memory: SearchMemory | None = None,
    config: SearchConfig = SEARCH,
) -> str:
    """Return the move the computer plays at ``level`` for the player to move in ``view``.

    ``seconds`` overrides the level's time budget per decision (search levels
    only; the search stops on time and keeps its best move so far). ``nodes``
    replaces the time budget by a number of searched nodes: the same view,
    level and seed then give the same move on every machine, however fast.
    ``memory`` (from :func:`ponder`) lends the master's search the table pondering
    filled, when it fits this player, deal and utility (not with ``nodes``:
    that move must not depend on how long anyone pondered; not to a level that does not ponder). ``seed``
    fixes the lower levels' slips. ``match_score`` lets the master play for the
    match rather than for game points. ``config`` picks the search's version
    (:data:`SEARCH_V1` for the club challenges' opponents). Under manual claim, when ``view``
    offers a claim of 66 that is right, the answer is that claim (it belongs
    to the claimant, who may not be the player of the next card: leave it out
    of ``legal_moves`` to ask for someone else's card); a false claim never. The decision depends on the
    view alone, so no face-down card can sway it.

    What it is given is checked first, and anything wrong is a typed :class:`~otv66.errors.Otv66Error`:
    ``view`` must be ``deal.view()`` of a deal in progress, ``level`` one of :data:`LEVELS`, ``seconds``
    a finite number above 0 (:func:`~otv66.levels.check_seconds`, with no upper bound), ``nodes`` a whole
    number from 1 (:func:`~otv66.levels.check_nodes`), ``seed`` a whole number, ``match_score`` a match being
    played (:func:`~otv66.ai.equity.check_match_score`).
    """
    turn = _player_to_move(view, "choose")
    chosen = level_named(level)
    seconds = check_seconds(seconds, longest=math.inf)
    nodes = check_nodes(nodes)
    match_score = check_match_score(match_score)
    if seed is not None and type(seed) is not int:
        raise InvalidMatchError(f"seed must be a whole number, not {seed!r:.40}")
    moves = [m for m in view.legal_moves if m != CLAIM]
    if view.claimant is not None and can_claim(view, view.claimant):
        return CLAIM
    if chosen.slips is not None:
        return slip(view, one_trick_move(view), chosen.slips, random.Random(seed))
    utility = master_utility(view, turn, match_score if chosen.match_aware else None)
    lent = memory is not None and chosen.ponders and memory.fits(turn, deal_key(view), utility)
    if nodes is not None or config != SEARCH or not lent:
        memory = None
    searcher = Searcher(view, utility, config, memory=memory)
    mapping = searcher.root_moves(moves, keep_plain_marriage_cards=False)
    candidates = sorted(set(mapping.values()))
    if len(candidates) == 1:
        best = candidates[0]
    else:
        budget = chosen.seconds if seconds is None else seconds
        _values, best = searcher.search(candidates, budget, max_depth=chosen.max_depth, nodes=nodes)
    return next(code for code in moves if mapping.get(code) == best)


def deal_key(view: PublicView) -> tuple[object, ...]:
    """What, besides the player and utility, a search's values depend on: the trump and the rules."""
    return (view.trump, view.rules)


def master_utility(view: PublicView, player: int, match_score: MatchScore | None) -> tuple[float, ...]:
    """The utility the master searches with for ``player`` (game points, or match-winning chance)."""
    if match_score is None:
        return GAME_POINTS
    return deal_utility(match_score, dealer_is_me=view.dealer == player, rules=view.rules)


def ponder(
    view: PublicView, player: int, seconds: float, memory: SearchMemory | None, match_score: MatchScore | None = None
) -> tuple[SearchMemory, bool]:
    """Think for about ``seconds`` on ``player``'s behalf while the player to move in ``view`` decides.

    Returns the memory to keep (``memory`` itself, aimed at this player, deal and
    utility if it served others: :meth:`SearchMemory.aim`; a new one if there was none)
    and to pass to :func:`choose_move` when ``player`` moves next, and
    whether more pondering would add nothing (the position is solved, or the
    memory's table is full until ``player``'s move trims it).
    ``match_score`` is ``player``'s match score, as for his own move.
    """
    _player_to_move(view, "ponder")
    budget = check_seconds(seconds, longest=math.inf)
    if budget is None:
        raise InvalidMatchError("pondering needs a time: seconds must be a number, not None")
    utility = master_utility(view, check_player(player), match_score)
    key = deal_key(view)
    if memory is None:
        memory = SearchMemory(player, key, utility)
    elif not memory.fits(player, key, utility):
        memory.aim(player, key, utility)
    solved = Searcher(view, utility, memory=memory).ponder(budget)
    return memory, solved


def analyse(view: PublicView, seconds: float | None = None, match_score: MatchScore | None = None) -> dict[str, Any]:
    """Every legal move of the player to move with its expected game points for him, best first.

    ``{"moves": [{"move", "value", "win_probability", "exact"}], "best": move}``:
    ``value`` is the expected game points of the deal (the search's figure,
    exact when ``exact``); ``win_probability`` is the chance of winning the
    match when ``match_score`` is given (else ``None``). A claim of 66 that
    is right is listed with its certain value. Bad input is refused as by :func:`choose_move`.
    """
    turn = _player_to_move(view, "analyse")
    checked = check_seconds(seconds, longest=math.inf)
    budget = DEFAULT_ANALYSIS_SECONDS if checked is None else checked
    if match_score is not None:
        budget /= 2
    rows: list[dict[str, Any]] = []
    if can_claim(view, turn):
        rows.append(_claim_row(view, match_score))
    moves = [m for m in view.legal_moves if m != CLAIM]
    values = _values(view, moves, GAME_POINTS, budget)
    chances = (
        _values(view, moves, deal_utility(match_score, view.dealer == turn, view.rules), budget) if match_score else {}
    )
    for code in moves:
        value, exact = values[code]
        chance = chances.get(code)
        rows.append(
            {
                "move": code,
                "value": round(value, 4),
                "win_probability": None if chance is None else round(chance[0], 4),
                "exact": exact and (chance is None or chance[1]),
            }
        )
    rows.sort(key=lambda row: -row["value"])
    return {"moves": rows, "best": rows[0]["move"]}


def _values(
    view: PublicView, moves: list[str], utility: tuple[float, ...], seconds: float
) -> dict[str, tuple[float, bool]]:
    """Each move's value (and whether exact) by a full-window search."""
    searcher = Searcher(view, utility)
    mapping = searcher.root_moves(moves, keep_plain_marriage_cards=True)
    results, _best = searcher.search(sorted(set(mapping.values())), seconds, full_window=True)
    return {code: (results[move].value, results[move].exact) for code, move in mapping.items()}


def _claim_row(view: PublicView, match_score: MatchScore | None) -> dict[str, Any]:
    """The analysis row of a right claim: the game points it wins, known for sure."""
    player = view.turn if view.turn is not None else 0
    other = 1 - player
    points = table_game_points(view.tricks_won[other], view.scores[other])
    chance = None
    if match_score is not None:
        chance = deal_utility(match_score, view.dealer == player, view.rules)[MAX_GAME_POINTS + points]
    return {"move": CLAIM, "value": float(points), "win_probability": chance, "exact": True}


__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "SEARCH",
    "SEARCH_V1",
    "Level",
    "SearchConfig",
    "SearchMemory",
    "analyse",
    "can_claim",
    "choose_move",
    "level_named",
    "ponder",
]

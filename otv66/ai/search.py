"""Expectimax over the real chance nodes of Open 66, with Star1 pruning.

The tree has three kinds of node: the player to move picks a card (max for
the searching player ``me``, min for the opponent), and when a card leaves a
pile with a face-down card the card turned up is drawn uniformly from the
unseen pool (a chance node, averaged). That average is exact: given what both
players see, every arrangement of the unseen cards is equally likely.

What makes it fast enough in Python:

- values are bounded (the utility of -3..+3 game points), so a chance node
  can stop early when even the best (worst) outcomes of its unsearched
  children cannot lift it above alpha (below beta) — Ballard's Star1;
- a transposition table keyed on the visible position and the *set* of unseen
  cards (never where they lie), storing bounds, depth and the best move;
- equivalent cards (same suit, adjacent among the remaining cards, same
  points, same face-down status) are searched once, as are equivalent
  unseen cards at a chance node (with their weight);
- a plain king or queen lead where a marriage could be announced with it is
  never better than announcing (announcing only adds points, and ending the
  deal sooner never lowers the winner's game points), so below the root
  only the marriage lead is searched;
- iterative deepening on card plies under a deadline or a node budget, the
  best move so far searched first at each depth, keeping the best move of the
  deepest iteration that searched it (anytime), with move ordering from the table;
- every value bounded by what the scores still allow (the loser's game points
  only fall as he takes tricks and points), and a chance node's children by
  their table entries, so Star1 cuts on tight bounds.

Beyond the horizon the position is judged by :mod:`otv66.ai.evaluate`, and a
trick in progress is always finished first (a quiescence step). A value that
never used the evaluation is exact; the search tracks that per subtree (a
table entry or a bound that came from a search stopped at the horizon counts
as the evaluation).
"""

from __future__ import annotations

import gc
from dataclasses import dataclass, field
from time import perf_counter
from typing import Final

from otv66 import kernel
from otv66.ai.cache import BELOW_REHASH, BoundedCache
from otv66.ai.evaluate import MATERIAL_CACHE, WEIGHTS, expected_game_points
from otv66.ai.position import (
    AVAIL,
    CLASS_CACHE,
    LEAD,
    MARRIED,
    PENDING,
    PHANTOM,
    POINTS_WON,
    POOL,
    TRICKS_PLAYED,
    TRICKS_WON,
    TURN,
    UNDER,
    equivalence_classes,
    position_from_view,
    remaining_cards,
)
from otv66.cards import CODES, DECK_SIZE, POINTS, parse_card
from otv66.kernel import (
    BEATERS,
    LAST_TRICK_BONUS,
    MAX_GAME_POINTS,
    STRONGER,
    TRICKS_PER_DEAL,
    WIN_SCORE,
    marriage_cards,
    marriage_points,
    table_game_points,
)
from otv66.model import PublicView

GAME_POINTS: Final[tuple[float, ...]] = tuple(float(g) for g in range(-MAX_GAME_POINTS, MAX_GAME_POINTS + 1))
"""The default utility: ``utility[g + MAX_GAME_POINTS]`` is worth ``g`` game points (-3..3) to the searcher."""
EXACT_DEPTH: Final = 1_000
"""Depth stored for a subtree solved to the end (valid at any depth)."""
MAX_PLIES: Final = 2 * TRICKS_PER_DEAL
CHECK_EVERY: Final = 256
"""Nodes between two looks at the node budget (part of what a node budget means: keep it)."""
CLOCK_CHECK_EVERY: Final = 32
"""Nodes between two looks at the clock under a time budget (a tiny budget must not overrun by much)."""
PONDER_CHECK_EVERY: Final = 1
"""Nodes between two looks at the clock while pondering: every one (a slice must end on time; the look costs little)."""

Move = tuple[int, bool]
"""A card and whether it is led announcing a marriage."""


MOVES: Final[tuple[Move, ...]] = tuple((card, marriage) for card in range(DECK_SIZE) for marriage in (False, True))
"""Every search move, at index ``2 * card + marriage``: how the table stores a best move."""

Table = dict[tuple[int, ...], tuple[int, float, float, int]]
"""The transposition table: key -> (depth searched, lower bound, upper bound, index of the best move in :data:`MOVES`).

Keys and entries hold plain numbers only, so Python's cycle collector never
tracks them (a tuple holding a tuple is tracked, and in Pyodide a collection
over the tens of thousands of entries a pondering phase stores takes tens of milliseconds)."""
FREE_STEP: Final = 1_000
"""Stale table entries freed between two looks at the clock (about a millisecond in Pyodide)."""
TABLE_LIMIT: Final = BELOW_REHASH
"""Entries a kept table may hold (pondering stops there; a search for a move trims it after), and a search's
cache of horizon values."""


@dataclass
class SearchMemory:
    """A transposition table kept across searches for one player in one deal (pondering).

    Its values are for ``me`` under ``utility``, so it serves only searches
    with the same player, deal (trump and rules) and utility: :meth:`fits` says whether one does.
    Aimed at another (:meth:`aim`), it starts a new table and frees the old one
    a step at a time in the next pondering slices (:meth:`free_stale`): freeing
    a table of a hundred thousand entries at once takes about 100 ms in Pyodide.
    """

    me: int
    deal_key: tuple[object, ...]
    utility: tuple[float, ...]
    table: Table = field(default_factory=dict)
    depth: int = 1
    """The depth pondering works on next."""
    root: tuple[int, ...] = ()
    """The table key of the position last pondered (a new one starts two plies shallower)."""
    stale: list[Table] = field(default_factory=list)
    """Tables it served before :meth:`aim`, still to be freed."""

    def fits(self, me: int, deal_key: tuple[object, ...], utility: tuple[float, ...]) -> bool:
        """Whether a search for ``me`` in the deal ``deal_key`` under ``utility`` may use this table."""
        return self.me == me and self.deal_key == deal_key and self.utility == utility

    @property
    def full(self) -> bool:
        """Whether pondering may store no more (the table holds :data:`TABLE_LIMIT` entries)."""
        return len(self.table) >= TABLE_LIMIT

    def trim(self) -> None:
        """Start afresh when the table is full (at the computer's own move, never inside a pondering slice).

        The full table joins the stale ones, for the next slices to free in
        steps; only a stale table that waited a whole move for them is freed here.
        """
        if self.full:
            while self.stale:
                self.stale.pop().clear()
            self.stale.append(self.table)
            self.table = {}

    def aim(self, me: int, deal_key: tuple[object, ...], utility: tuple[float, ...]) -> None:
        """Serve searches for ``me`` in the deal ``deal_key`` under ``utility`` from now on, with a new table."""
        if self.table:
            self.stale.append(self.table)
        self.me, self.deal_key, self.utility = me, deal_key, utility
        self.table = {}
        self.depth = 1
        self.root = ()

    def free_stale(self, deadline: float) -> bool:
        """Free the stale tables' entries, :data:`FREE_STEP` at a time, until ``deadline``; whether all are freed."""
        stale = self.stale
        while stale:
            table = stale[-1]
            if not table:
                stale.pop()
            elif perf_counter() > deadline:
                return False
            else:
                for _ in range(min(len(table), FREE_STEP)):
                    table.popitem()
        return True


@dataclass(frozen=True)
class SearchConfig:
    """The choices that shape which moves the search plays at a given node budget or depth.

    Club challenges are verified by re-playing the computer's moves
    (:func:`otv66.challenge.computer_choice`), so the configuration a version
    of the club opponents used is kept here as data (:data:`SEARCH_V1` ...)
    and asked for by name; the in-game levels use :data:`SEARCH`. Changes
    that only make the same tree faster need no new entry.
    """

    weights: tuple[float, ...] = WEIGHTS
    """The horizon evaluation's weights (:mod:`otv66.ai.evaluate`)."""
    tight_bounds: bool = False
    """Bound each position's value by what its scores still allow (a player with a trick can lose no more than
    two game points, one with 33 no more than one; the horizon evaluation is clamped to that range), and each
    child of a chance node by its table entry: Star1 and the players' nodes cut on those bounds instead of
    the utility's whole range. The same exact values, found sooner."""


SEARCH_V1: Final = SearchConfig()
"""The search of the first published club opponents (their result links must keep verifying)."""
SEARCH_V2: Final = SearchConfig(tight_bounds=True)
"""Tight bounds (the in-game levels from the sixth session on)."""
SEARCH: Final = SEARCH_V2
"""The search of the in-game levels."""


FULL_PASS_GROWTH: Final = 1.25
"""How much the frozen heap grows after a full pass of the collector before the next
(CPython's own rule for its oldest generation: a quarter more)."""


@dataclass
class FrozenHeap:
    """What the last full pass of :func:`collect_frozen` left frozen."""

    after_last_pass: int = 0


FROZEN_HEAP: Final = FrozenHeap()


def collect_frozen() -> None:
    """The cycle collector's full pass over what pondering froze, once it has grown by a quarter, all then frozen again.

    Pondering leaves the heap frozen (:meth:`Searcher.ponder`) so that no pass
    of the collector lands in a reply to the page; a search for a move, which
    the page waits for anyway, calls this when it ends. A full pass takes 40-90 ms in
    Pyodide, so like CPython's oldest generation it waits for the heap to grow
    (:data:`FULL_PASS_GROWTH`): a cycle that died meanwhile is freed then.
    """
    frozen = gc.get_freeze_count()
    if frozen and frozen > FULL_PASS_GROWTH * FROZEN_HEAP.after_last_pass:
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        FROZEN_HEAP.after_last_pass = gc.get_freeze_count()


class SearchTimeout(Exception):
    """Raised inside the search when the deadline has passed."""


@dataclass(frozen=True)
class MoveValue:
    """One root move's value: expected utility for the player to move, and whether it is exact."""

    move: str
    value: float
    exact: bool
    depth: int


def move_code(move: Move) -> str:
    """The docs/record-format.md code of a search move."""
    return CODES[move[0]] + ("m" if move[1] else "")


def parse_move(code: str) -> Move:
    """The search move of a docs/record-format.md card move code (``"KH"``, ``"KHm"``)."""
    return parse_card(code[:2]), code.endswith("m")


class Searcher:
    """An expectimax search of one position, for the player to move in it (``me``)."""

    def __init__(
        self,
        view: PublicView,
        utility: tuple[float, ...] = GAME_POINTS,
        config: SearchConfig = SEARCH,
        memory: SearchMemory | None = None,
    ) -> None:
        self.root = position_from_view(view)
        self.me = self.root[TURN] if memory is None else memory.me
        self.trump = view.trump
        self.beaters = BEATERS[view.trump]
        """``beaters[led]``: the cards that win a trick against ``led`` under this deal's trump."""
        self.must_beat = view.rules.must_beat
        self.utility = utility
        self.low = min(utility)
        self.high = max(utility)
        self.weights = config.weights
        self.tight_bounds = config.tight_bounds
        self.bound_table = self._bound_table(utility)
        self.deadline: float | None = None
        """The search stops when the clock passes this (a :class:`SearchTimeout`)."""
        self.node_limit: int | None = None
        """The search stops when ``nodes`` reaches this (a deterministic budget)."""
        self.table_limit: int | None = None
        """The search stops when the table holds this many entries (pondering: its table never grows past it)."""
        self.budget_nodes: int | None = None
        """The node budget of the current :meth:`search`, if it has one."""
        self.check_every = CHECK_EVERY
        self.nodes_spent = 0
        """Nodes the current :meth:`search` has spent in its finished iterations."""
        self.star2 = True
        """Star2 probing at chance nodes (pure pruning: switching it off changes no value, only the work)."""
        self.memory = memory
        self.table: Table = {} if memory is None else memory.table
        self.move_cache: dict[tuple[int, int, int, int], list[Move]] = {}
        """Ordered moves by (cards of the player to move, the other remaining cards but the lead, which of
        his cards lie on a face-down card, the lead): what his legal moves and their order depend on."""
        self.leaf_cache: BoundedCache[tuple[int, ...], float] = BoundedCache(TABLE_LIMIT)
        self.nodes = 0
        self.horizon = 0

    # ------------------------------------------------------------------ values

    def _value_of_game_points(self, points: float) -> float:
        """The utility of ``points`` game points to ``me`` (linear between whole points)."""
        utility = self.utility
        if utility is GAME_POINTS:
            return points
        index = points + MAX_GAME_POINTS
        whole = min(int(index), 2 * MAX_GAME_POINTS - 1)
        return utility[whole] + (utility[whole + 1] - utility[whole]) * (index - whole)

    def _win(self, s: list[int], winner: int, loser_score: int) -> float:
        """The utility for ``me`` of a deal ``winner`` won by reaching 66 or on a played-out score."""
        points = table_game_points(s[TRICKS_WON + 1 - winner], loser_score)
        return self.utility[MAX_GAME_POINTS + points if winner == self.me else MAX_GAME_POINTS - points]

    def _played_out(self, s: list[int], last_winner: int) -> float:
        score0 = s[POINTS_WON] + s[MARRIED]
        score1 = s[POINTS_WON + 1] + s[MARRIED + 1]
        if last_winner:
            score1 += LAST_TRICK_BONUS
        else:
            score0 += LAST_TRICK_BONUS
        if score0 == score1:
            return self.utility[MAX_GAME_POINTS]
        return self._win(s, 0, score1) if score0 > score1 else self._win(s, 1, score0)

    @staticmethod
    def _bound_table(utility: tuple[float, ...]) -> list[tuple[float, float]]:
        """``[4 * (most game points I can lose) + most I can win]`` -> the range of the utility's values in between."""
        table = [(0.0, 0.0)] * (4 * (MAX_GAME_POINTS + 1))
        for lose in range(1, MAX_GAME_POINTS + 1):
            for win in range(1, MAX_GAME_POINTS + 1):
                values = utility[MAX_GAME_POINTS - lose : MAX_GAME_POINTS + win + 1]
                table[4 * lose + win] = (min(values), max(values))
        return table

    def value_range(self, s: list[int]) -> tuple[float, float]:
        """The lowest and highest value ``s`` can still have for ``me``: the loser's game points only fall.

        Scores and tricks only grow, so the game points a player can still
        lose are at most what the game-point table gives him now (docs/rules.md 6.2).
        """
        if not self.tight_bounds:
            return self.low, self.high
        me = self.me
        other = 1 - me
        lose = table_game_points(s[TRICKS_WON + me], s[POINTS_WON + me] + s[MARRIED + me])
        win = table_game_points(s[TRICKS_WON + other], s[POINTS_WON + other] + s[MARRIED + other])
        return self.bound_table[4 * lose + win]

    def evaluate(self, s: list[int]) -> float:
        """The horizon value of ``s`` for ``me`` (cached: the same positions recur beyond the horizon)."""
        key = tuple(s)
        value = self.leaf_cache.get(key)
        if value is None:
            points = expected_game_points(s, self.trump, self.weights)
            value = self._value_of_game_points(points if self.me == 0 else -points)
            if self.tight_bounds:
                floor, ceiling = self.value_range(s)
                value = min(max(value, floor), ceiling)
            self.leaf_cache.put(key, value)
        return value

    # ------------------------------------------------------------------ moves

    def legal_cards(self, s: list[int]) -> int:
        """Mask of the cards the player to move may play (docs/rules.md 4)."""
        return kernel.legal_cards(s[AVAIL + s[TURN]], s[LEAD], self.trump, self.must_beat)

    def moves(self, s: list[int]) -> list[Move]:
        """The distinct moves worth searching, best-looking first (a cached list: copy before changing it)."""
        turn = s[TURN]
        available = s[AVAIL + turn]
        lead = s[LEAD]
        key = (available, s[AVAIL + 1 - turn] | s[POOL], s[UNDER] & available, lead)
        moves = self.move_cache.get(key)
        if moves is None:
            moves = self._order_moves(self.legal_cards(s), remaining_cards(s), s[UNDER], lead)
            self.move_cache[key] = moves
        return moves

    def _order_moves(self, legal: int, remaining: int, under: int, lead: int) -> list[Move]:
        keyed = []
        marriages = marriage_cards(legal) if lead < 0 else 0
        beaters = self.beaters[lead] if lead >= 0 else 0
        for card, _size in equivalence_classes(legal, remaining, under):
            points = POINTS[card]
            if lead < 0:
                if marriages >> card & 1:
                    keyed.append((-100 - points, (card, True)))
                elif not STRONGER[card] & remaining:
                    keyed.append((-points, (card, False)))
                else:
                    keyed.append((points, (card, False)))
            else:
                keyed.append((points if beaters >> card & 1 else 50 + points, (card, False)))
        keyed.sort()
        return [move for _key, move in keyed]

    # ------------------------------------------------------------------ the tree

    @staticmethod
    def _key(s: list[int]) -> tuple[int, ...]:
        """The transposition-table key: the visible position and the set of unseen cards."""
        return (
            s[TURN],
            s[LEAD],
            s[AVAIL],
            s[AVAIL + 1],
            s[UNDER],
            s[POOL],
            s[POINTS_WON],
            s[POINTS_WON + 1],
            s[TRICKS_WON] > 0,
            s[TRICKS_WON + 1] > 0,
            s[MARRIED],
            s[MARRIED + 1],
            s[PENDING],
            s[PENDING + 1],
        )

    def node(self, s: list[int], depth: int, alpha: float, beta: float) -> float:
        """The value for ``me`` of a position where a card is to be played."""
        self.nodes += 1
        if not self.nodes % self.check_every and (
            (self.deadline is not None and perf_counter() > self.deadline)
            or (self.node_limit is not None and self.nodes >= self.node_limit)
            or (self.table_limit is not None and len(self.table) >= self.table_limit)
        ):
            raise SearchTimeout
        if depth <= 0 and s[LEAD] < 0:
            self.horizon += 1
            return self.evaluate(s)
        if self.tight_bounds:
            floor, ceiling = self.value_range(s)
            if floor >= beta:
                return floor
            if ceiling <= alpha:
                return ceiling
        key: tuple[int, ...] | None = None
        hint: Move | None = None
        if depth > 0:
            key = self._key(s)
            entry = self.table.get(key)
            if entry is not None:
                stored_depth, lower, upper, hint_index = entry
                hint = MOVES[hint_index]
                if stored_depth >= depth and (lower >= beta or upper <= alpha or lower == upper):
                    if stored_depth < EXACT_DEPTH:
                        self.horizon += 1
                    return lower if lower >= beta or lower == upper else upper
        horizon_before = self.horizon
        moves = self.moves(s)
        if hint is not None and hint != moves[0] and hint in moves:
            moves = [hint, *(move for move in moves if move != hint)]
        maximize = s[TURN] == self.me
        best_move = moves[0]
        low, high = alpha, beta
        if maximize:
            best = self.low - 1.0
            for move in moves:
                value = self.play(s, move[0], move[1], depth - 1, low, high)
                if value > best:
                    best, best_move = value, move
                    if value > low:
                        low = value
                        if low >= high:
                            break
        else:
            best = self.high + 1.0
            for move in moves:
                value = self.play(s, move[0], move[1], depth - 1, low, high)
                if value < best:
                    best, best_move = value, move
                    if value < high:
                        high = value
                        if low >= high:
                            break
        if key is not None:
            stored = depth if self.horizon != horizon_before else EXACT_DEPTH
            index = 2 * best_move[0] + best_move[1]
            if best <= alpha:
                self.table[key] = (stored, self.low, best, index)
            elif best >= beta:
                self.table[key] = (stored, best, self.high, index)
            else:
                self.table[key] = (stored, best, best, index)
        return best

    def play(self, s: list[int], card: int, marriage: bool, depth: int, alpha: float, beta: float) -> float:
        """The value for ``me`` after the player to move plays ``card`` (docs/rules.md 4-6)."""
        player = s[TURN]
        child = s[:]
        child[AVAIL + player] ^= 1 << card
        lead = s[LEAD]
        if lead < 0:
            child[LEAD] = card
            child[TURN] = 1 - player
            if marriage:
                points = marriage_points(card >> 3, self.trump)
                if child[TRICKS_WON + player]:
                    child[MARRIED + player] += points
                    if child[POINTS_WON + player] + child[MARRIED + player] >= WIN_SCORE:
                        other = 1 - player
                        return self._win(child, player, child[POINTS_WON + other] + child[MARRIED + other])
                else:
                    child[PENDING + player] += points
        else:
            winner = player if self.beaters[lead] >> card & 1 else 1 - player
            child[POINTS_WON + winner] += POINTS[lead] + POINTS[card]
            if child[TRICKS_WON + winner] == 0 and child[PENDING + winner]:
                child[MARRIED + winner] += child[PENDING + winner]
                child[PENDING + winner] = 0
            child[TRICKS_WON + winner] += 1
            child[TRICKS_PLAYED] += 1
            child[LEAD] = -1
            child[TURN] = winner
            if child[TRICKS_PLAYED] == TRICKS_PER_DEAL:
                return self._played_out(child, winner)
            if child[POINTS_WON + winner] + child[MARRIED + winner] >= WIN_SCORE:
                loser = 1 - winner
                return self._win(child, winner, child[POINTS_WON + loser] + child[MARRIED + loser])
        if child[UNDER] >> card & 1:
            child[UNDER] ^= 1 << card
            if depth > 0:
                return self.chance(child, player, depth, alpha, beta)
            child[PHANTOM + player] += 1
        return self.node(child, depth, alpha, beta)

    def chance(self, s: list[int], owner: int, depth: int, alpha: float, beta: float) -> float:
        """The average over the card turned up for ``owner`` (uniform over the unseen pool).

        Star2: every child is a node of the same player, so one move of each
        (the probe) bounds it from his side; if those bounds already put the
        average beyond the window, the node is cut. Then Star1: the children
        are searched in turn, and the search stops as soon as the bounds of
        the unsearched ones cannot bring the average back into the window.
        """
        pool = s[POOL]
        total = pool.bit_count()
        remaining = remaining_cards(s)
        classes = equivalence_classes(pool, remaining)
        children = []
        for card, _weight in classes:
            child = s[:]
            child[POOL] = pool ^ (1 << card)
            child[AVAIL + owner] |= 1 << card
            children.append(child)
        low, high = self.value_range(s)
        lower = [low] * len(classes)
        upper = [high] * len(classes)
        if self.tight_bounds:
            table = self.table
            key = self._key
            for index, child in enumerate(children):
                entry = table.get(key(child))
                if entry is not None and entry[0] >= depth:
                    lower[index] = max(low, entry[1])
                    upper[index] = min(high, entry[2])
                    if entry[0] < EXACT_DEPTH and (lower[index] > low or upper[index] < high):
                        self.horizon += 1  # bounds that saw the horizon: a value found with them is not exact
            sum_lower = sum(weight * bound for (_card, weight), bound in zip(classes, lower, strict=True))
            sum_upper = sum(weight * bound for (_card, weight), bound in zip(classes, upper, strict=True))
            if sum_lower >= beta * total:
                return sum_lower / total
            if sum_upper <= alpha * total:
                return sum_upper / total
        else:
            sum_lower = low * total
            sum_upper = high * total
        if self.star2 and len(classes) > 1:
            if s[TURN] == self.me:
                for index, (_card, weight) in enumerate(classes):
                    others = sum_lower - weight * lower[index]
                    probe_beta = (beta * total - others) / weight
                    value = self.probe(children[index], depth, lower[index], min(probe_beta, upper[index]))
                    lower[index] = max(lower[index], value)
                    sum_lower = others + weight * lower[index]
                    if sum_lower >= beta * total:
                        return sum_lower / total
            else:
                for index, (_card, weight) in enumerate(classes):
                    others = sum_upper - weight * upper[index]
                    probe_alpha = (alpha * total - others) / weight
                    value = self.probe(children[index], depth, max(probe_alpha, lower[index]), upper[index])
                    upper[index] = min(upper[index], value)
                    sum_upper = others + weight * upper[index]
                    if sum_upper <= alpha * total:
                        return sum_upper / total
        for index, (_card, weight) in enumerate(classes):
            sum_lower -= weight * lower[index]
            sum_upper -= weight * upper[index]
            child_alpha = (alpha * total - sum_upper) / weight
            child_beta = (beta * total - sum_lower) / weight
            value = self.node(children[index], depth, max(child_alpha, low), min(child_beta, high))
            if value <= child_alpha:
                return (sum_upper + weight * value) / total
            if value >= child_beta:
                return (sum_lower + weight * value) / total
            sum_lower += weight * value
            sum_upper += weight * value
        return sum_lower / total

    def probe(self, s: list[int], depth: int, alpha: float, beta: float) -> float:
        """The value of the likely best move alone: a bound on ``s`` from the side of its player."""
        hint = None
        entry = self.table.get(self._key(s))
        if entry is not None:
            hint = MOVES[entry[3]]
        move = hint if hint is not None else self.moves(s)[0]
        return self.play(s, move[0], move[1], depth - 1, alpha, beta)

    # ------------------------------------------------------------------ the root

    def root_moves(self, codes: list[str], keep_plain_marriage_cards: bool) -> dict[str, Move]:
        """Map each legal card move code to the search move that stands for it (its equivalence class)."""
        s = self.root
        remaining = remaining_cards(s)
        legal = self.legal_cards(s)
        representative = {}
        for first, _size in equivalence_classes(legal, remaining, s[UNDER]):
            representative[first] = first
        marriages = marriage_cards(legal) if s[LEAD] < 0 and not keep_plain_marriage_cards else 0
        mapping: dict[str, Move] = {}
        for code in codes:
            card, marriage = parse_move(code)
            if not marriage and marriages >> card & 1:
                continue
            rep = card
            while rep not in representative:
                rep -= 1
            mapping[code] = (rep, marriage)
        return mapping

    def search(
        self,
        moves: list[Move],
        seconds: float | None,
        max_depth: int = MAX_PLIES,
        full_window: bool = False,
        nodes: int | None = None,
    ) -> tuple[dict[Move, MoveValue], Move]:
        """Iterative deepening over the root ``moves``: each move's latest value, and the best move.

        With ``full_window`` every move gets its own value (analysis); otherwise
        moves that cannot beat the best so far only get an upper bound
        (a decision). The budget is ``seconds`` of time or, when given,
        ``nodes`` searched nodes (the same move on every machine, whatever its
        speed). The first iteration always finishes (anytime); after it a new
        depth is started as long as budget is left, unless the values are
        exact: an interrupted iteration still counts once the previous best
        move has been searched in it, since that move is tried first. The
        cyclic garbage collector is paused meanwhile (the search makes no
        cycles). The memos shared between searches are trimmed first, and a
        kept table after (:mod:`otv66.ai.cache`: pondering never pays for that);
        after pondering, the collector's full pass comes here too (:func:`collect_frozen`).
        """
        collecting = gc.isenabled()
        gc.disable()
        CLASS_CACHE.trim()
        MATERIAL_CACHE.trim()
        try:
            self.budget_nodes = nodes
            return self._deepen(moves, seconds, max_depth, full_window, perf_counter())
        finally:
            self.deadline = None
            self.node_limit = None
            if self.memory is None:
                self.forget()
            else:
                self.memory.trim()
            if collecting:
                collect_frozen()
                gc.enable()

    def forget(self) -> None:
        """Drop the table and the move cache.

        Do so before the garbage collector runs again: a collection over a
        table of a few hundred thousand entries takes a good part of a second.
        """
        self.table.clear()
        self.move_cache.clear()
        self.leaf_cache.clear()

    def ponder(self, seconds: float) -> bool:
        """Search the root for at most about ``seconds`` more, deepening the memory's table.

        Returns whether more pondering would add nothing: the root is solved,
        or the table is full (it is trimmed at the computer's own move, never here).
        Thinking on the opponent's time: the root may be the opponent's move
        (a min node for ``me``). Each call searches the memory's current depth
        under a deadline; a finished depth moves the memory one deeper, an
        interrupted one leaves its solved subtrees in the table for the next call.
        Nothing here frees or rehashes a big structure: the table stops at
        :data:`TABLE_LIMIT` entries, the shared memos stop growing when full,
        and a stale table is freed in steps first (:meth:`SearchMemory.free_stale`).
        The cycle collector is off during the slice, and what is alive at its end
        is frozen (``gc.freeze``, which costs nothing): the collector's passes
        between slices then look only at what was made since, never at the
        engine's modules and memos, whose scan takes 30-50 ms in Pyodide; the
        computer's moves make the full pass (:func:`collect_frozen`).
        """
        memory = self.memory
        if memory is None:
            raise ValueError("pondering needs a SearchMemory to keep its work in")
        deadline = perf_counter() + seconds
        if not memory.free_stale(deadline):
            return False
        if memory.full:
            return True
        root = self._key(self.root)
        if root != memory.root:
            memory.root = root
            memory.depth = max(1, memory.depth - 2)
        collecting = gc.isenabled()
        gc.disable()
        self.deadline = deadline
        self.table_limit = TABLE_LIMIT
        self.check_every = PONDER_CHECK_EVERY
        try:
            horizon_before = self.horizon
            self.node(self.root, memory.depth, self.low, self.high)
            if self.horizon == horizon_before:
                return True
            memory.depth = min(memory.depth + 1, MAX_PLIES)
        except SearchTimeout:
            pass
        finally:
            self.deadline = None
            self.table_limit = None
            self.check_every = CHECK_EVERY
            if collecting:
                gc.freeze()
                gc.enable()
        return memory.full

    def _arm(self, seconds: float | None, start: float) -> None:
        """Set the limits that stop the search from now on (time from ``start``, or nodes from now)."""
        if self.budget_nodes is not None:
            self.node_limit = self.nodes + self.budget_nodes - self.nodes_spent
        elif seconds is not None:
            self.deadline = start + seconds
            self.check_every = CLOCK_CHECK_EVERY

    def _budget_spent(self) -> bool:
        """Whether the armed budget is already used up (then a new iteration is not begun)."""
        if self.node_limit is not None:
            return self.nodes >= self.node_limit
        return self.deadline is not None and perf_counter() > self.deadline

    def _deepen(
        self, moves: list[Move], seconds: float | None, max_depth: int, full_window: bool, start: float
    ) -> tuple[dict[Move, MoveValue], Move]:
        results: dict[Move, MoveValue] = {}
        ordered = self.moves(self.root)
        order = sorted(moves, key=lambda m: ordered.index(m) if m in ordered else len(ordered))
        best = order[0]
        self.nodes_spent = 0
        for depth in range(1, max_depth + 1):
            before = self.nodes
            if depth > 1:
                self._arm(seconds, start)
                if self._budget_spent():
                    break
            horizon_before = self.horizon
            current: dict[Move, MoveValue] = {}
            try:
                self._iteration(order, depth, full_window, current)
            except SearchTimeout:
                if order[0] in current:
                    results.update(current)
                    best = max(current, key=lambda m: current[m].value)
                break
            finally:
                self.deadline = None
                self.node_limit = None
                self.check_every = CHECK_EVERY
                self.nodes_spent += self.nodes - before
            results.update(current)
            order.sort(key=lambda m: -results[m].value)
            best = order[0]
            if self.horizon == horizon_before:
                break
        return results, best

    def _iteration(self, order: list[Move], depth: int, full_window: bool, current: dict[Move, MoveValue]) -> None:
        alpha = self.low
        for move in order:
            before = self.horizon
            window_low = self.low if full_window else alpha
            value = self.play(self.root, move[0], move[1], depth - 1, window_low, self.high)
            exact = self.horizon == before and (full_window or value > alpha or move == order[0])
            current[move] = MoveValue(move_code(move), value, exact, depth)
            alpha = max(alpha, value)

"""A match: deals played until one player has the target of game points (docs/rules.md 6.4).

Game points, the next dealer and the match winner are all *derived* from the
deals' results, so undoing a move in the last deal can never leave the match
tally out of step.

>>> match = Match(first_dealer=0, seed=5)
>>> deal = match.new_deal()
>>> while not deal.is_over:
...     deal.play(deal.legal_moves()[0])
>>> sum(match.game_points) == deal.result["game_points"]
True
"""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Sequence
from typing import Any, Final

from otv66.deal import DEFAULT_RULES, Deal
from otv66.dealing import MAX_SEED, check_packets, check_player, check_seed, is_player, match_deal_seed
from otv66.errors import IllegalMoveError, InvalidMatchError
from otv66.kernel import FALSE_CLAIM_GAME_POINTS, MAX_GAME_POINTS
from otv66.rules import Rules, check_rules

DEFAULT_PLAYERS: Final = ("Player 1", "Player 2")
"""The names of two people sharing one table (a record without names gets these too)."""
MAX_NAME_LENGTH: Final = 60
"""Longest player name, in characters: every name a match accepts fits a record and a share link."""


def check_player_name(name: object) -> str:
    """Return ``name`` if it can name a player everywhere (records, links, the page), else raise.

    A name is a string of 1 to :data:`MAX_NAME_LENGTH` characters with no control character
    and no lone surrogate (which no UTF-8 text, so no saved record or link, can hold).

    >>> check_player_name("Ana")
    'Ana'
    """
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME_LENGTH:
        raise InvalidMatchError(f"a player's name is text of 1 to {MAX_NAME_LENGTH} characters, not {name!r:.80}")
    for char in name:
        if unicodedata.category(char) in ("Cc", "Cs"):
            raise InvalidMatchError(f"a player's name may not hold the character U+{ord(char):04X}")
    return name


def check_players(players: object) -> tuple[str, str]:
    """Return two valid player names (:func:`check_player_name`) from a list or tuple, else raise."""
    if not isinstance(players, (list, tuple)) or len(players) != 2:
        raise InvalidMatchError("a match has two players, each named by a string")
    return check_player_name(players[0]), check_player_name(players[1])


class Match:
    """A match of Open 66 between player 0 and player 1: deals until one has ``rules.target`` game points.

    :meth:`new_deal` deals the next deal (by :attr:`next_dealer`); :attr:`game_points`, :attr:`winner` and
    the next dealer follow from the deals' results, so an undo in the last deal keeps them right.
    """

    def __init__(
        self,
        rules: Rules | None = None,
        first_dealer: int | None = None,
        players: Sequence[str] = DEFAULT_PLAYERS,
        seed: int | None = None,
    ) -> None:
        """``seed``, if given, fixes every deal's shuffle (deal ``k`` gets ``match_deal_seed(seed, k)``).

        Without ``first_dealer`` the first dealer is drawn (docs/rules.md 2): player ``seed % 2`` in a seeded
        match, so that one seed is one match, else a player at random.
        """
        self.rules = check_rules(rules) if rules is not None else DEFAULT_RULES
        self.seed = None if seed is None else check_seed(seed)
        if first_dealer is None:
            first_dealer = self.seed % 2 if self.seed is not None else secrets.randbelow(2)
        elif not is_player(first_dealer):
            raise InvalidMatchError(f"the first dealer is player 0 or 1, not {first_dealer!r:.40}")
        self.first_dealer = first_dealer
        self.players = check_players(players)
        self.deals: list[Deal] = []
        self.resigned: dict[int, int] = {}
        """Deals given up, by index in :attr:`deals`: the player who resigned (docs/rules.md 6.5)."""
        self.unseen: dict[int, frozenset[str]] = {}
        """Cards nobody saw, by index in :attr:`deals` (a match against a friend, docs/record-format.md ``unseen``):
        the deal's layout holds stand-ins in their places, which a replay shows face down."""

    @property
    def deal(self) -> Deal | None:
        """The current (last) deal, or ``None`` before the first."""
        return self.deals[-1] if self.deals else None

    def awards(self) -> list[tuple[int, int]]:
        """Game points each deal gave to each player, draw bonus included (docs/rules.md 6.3)."""
        return self._tally()[0]

    @property
    def game_points(self) -> tuple[int, int]:
        """Game points of each player so far."""
        awards = self.awards()
        return sum(a for a, _ in awards), sum(b for _, b in awards)

    @property
    def draw_bonus_pending(self) -> int:
        """Extra game points waiting for the winner of the next decided deal (``draw_bonus``)."""
        carried = self._tally()[1]
        return carried[-1] if carried else 0

    def bonuses_after(self) -> list[int]:
        """The draw bonus waiting after each deal (:attr:`draw_bonus_pending` as it stood then): a replay of a drawn
        deal says what it left for the next winner."""
        return self._tally()[1]

    @property
    def resignation_award(self) -> int:
        """The game points the other player wins the deal in progress with if it is resigned now (docs/rules.md 6.5):
        the most a deal gives, and a draw bonus waiting for its winner."""
        return MAX_GAME_POINTS + self.draw_bonus_pending

    def false_claim_risk(self) -> dict[str, Any]:
        """What a claim below 66 in the deal in progress would give the other player (docs/rules.md 6): ``award``, the
        game points of a false claim with a draw bonus waiting for the deal's winner, and ``ends_match``, for each
        player claiming, whether they bring the other to the match's target. A page asks with it before a claim."""
        award = FALSE_CLAIM_GAME_POINTS + self.draw_bonus_pending
        points = self.game_points
        return {"award": award, "ends_match": [points[1 - player] + award >= self.rules.target for player in (0, 1)]}

    def resign(self, player: int) -> None:
        """``player`` gives up the current deal: the other player wins it with the most game points a deal
        gives (docs/rules.md 6.5, option ``forfeit`` of a match against a friend)."""
        deal = self.deal
        if deal is None or self._outcome(len(self.deals) - 1) is not None:
            raise IllegalMoveError("there is no deal in progress to resign")
        self.resigned[len(self.deals) - 1] = check_player(player)
        deal.close("the deal was resigned: it takes no more moves")

    def outcome_of(self, index: int) -> tuple[int | None, int] | None:
        """Deal ``index``'s winner (``None``: a draw) and game points, or ``None`` while it goes on: a resigned deal
        is won by the other player (docs/rules.md 6.5), as a played-out one by its result's winner.

        Raises :class:`InvalidMatchError` for a number that names no deal of the match (``-1`` is not the last).
        """
        self._check_index(index)
        return self._outcome(index)

    def _outcome(self, index: int) -> tuple[int | None, int] | None:
        """:meth:`outcome_of` for an ``index`` of :attr:`deals` (the tallies walk them: not checked again)."""
        if index in self.resigned:
            return 1 - self.resigned[index], MAX_GAME_POINTS
        result = self.deals[index].result
        return None if result is None else (result["winner"], result["game_points"])

    def is_finished(self, index: int) -> bool:
        """Whether deal ``index`` (0 for the first of :attr:`deals`) is over: played out, or resigned.

        Raises :class:`InvalidMatchError` for a number that names no deal of the match (``-1`` is not the last).
        """
        return self.outcome_of(index) is not None

    def _check_index(self, index: int) -> None:
        """Raise :class:`InvalidMatchError` unless ``index`` numbers a deal of :attr:`deals` from 0."""
        if type(index) is not int or not 0 <= index < len(self.deals):
            has = f"deals 0 to {len(self.deals) - 1}" if self.deals else "no deal yet"
            raise InvalidMatchError(f"the match has {has}, not {index!r:.40}")

    def _tally(self) -> tuple[list[tuple[int, int]], list[int]]:
        """Each deal's award, and the draw bonus carried past each deal."""
        awards = []
        carried_after = []
        carried = 0
        for index in range(len(self.deals)):
            outcome = self._outcome(index)
            if outcome is None or outcome[0] is None:
                awards.append((0, 0))
                if outcome is not None and self.rules.draw_bonus:
                    carried += 1
            else:
                winner, points = outcome[0], outcome[1] + carried
                carried = 0
                awards.append((points, 0) if winner == 0 else (0, points))
            carried_after.append(carried)
        return awards, carried_after

    @property
    def winner(self) -> int | None:
        """The player who reached the target, or ``None`` while the match goes on."""
        points = self.game_points
        for player in (0, 1):
            if points[player] >= self.rules.target:
                return player
        return None

    @property
    def is_over(self) -> bool:
        """Whether a player has reached the target."""
        return self.winner is not None

    @property
    def next_dealer(self) -> int:
        """Who deals the next deal (docs/rules.md 2: winner deals, or alternate; a draw keeps the dealer)."""
        dealer = self.first_dealer
        for index, deal in enumerate(self.deals):
            outcome = self._outcome(index)
            if outcome is None:
                return deal.dealer
            if outcome[0] is None:
                dealer = deal.dealer
            elif self.rules.dealer == "winner":
                dealer = outcome[0]
            else:
                dealer = 1 - deal.dealer
        return dealer

    def new_deal(
        self,
        seed: int | None = None,
        packets: Sequence[int] = (4, 4),
        layout: Any = None,
    ) -> Deal:
        """Start the next deal, dealt by :attr:`next_dealer`.

        From ``layout`` (docs/record-format.md codes) if given, else shuffled with ``seed``;
        without a seed, a seeded match derives one, an unseeded one draws one.
        Raises :class:`IllegalMoveError` while a deal is in progress or once the
        match is over.
        """
        if self.deal is not None and not self.is_finished(len(self.deals) - 1):
            raise IllegalMoveError("finish the current deal first")
        if self.is_over:
            raise IllegalMoveError("the match is over")
        if self.deal is not None:
            self.deal.close("the match has gone on to its next deal: this one takes no more moves")
        dealer = self.next_dealer
        if layout is not None:
            deal = Deal.from_layout(layout, dealer, self.rules)
            deal.packets = check_packets(packets)
        else:
            if seed is None:
                seed = self._next_seed()
            deal = Deal.from_seed(seed, dealer, packets, self.rules)
        self.deals.append(deal)
        return deal

    def _next_seed(self) -> int:
        if self.seed is not None:
            return match_deal_seed(self.seed, len(self.deals))
        return secrets.randbelow(MAX_SEED + 1)

    def __repr__(self) -> str:
        a, b = self.game_points
        return f"<Match {a}:{b} deals={len(self.deals)} rules={self.rules}>"

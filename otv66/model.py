"""The game's values: what a deal shows, how it ended, and what both players see.

Plain frozen data, built by :class:`otv66.deal.Deal` and read by everything
else (records, the bridge, the terminal, the computer opponent). Cards are ints
and card sets masks (:data:`Card`, :data:`CardSet`); JSON-able forms (card
codes) come out of ``to_dict()`` at the edges.

Open 66 has no private hand: both players see every face-up card and every
card played, and neither knows a face-down card. A :class:`PublicView` holds
that and nothing more (a face-down card is only "a card lies here"), so the
browser and the computer opponent can be given a view without any way to peek.

>>> DealResult.ended(winner=1, reason="reached_66", scores=(30, 70), tricks=(3, 6)).to_dict()
{'winner': 1, 'game_points': 2, 'scores': [30, 70], 'tricks': [3, 6], 'reason': 'reached_66'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from otv66.cards import CODES, NO_CARD, SUITS, Card, CardSet
from otv66.dealing import check_player
from otv66.kernel import Reason, game_points, marriage_points
from otv66.rules import Rules

__all__ = ["NO_CARD", "Card", "CardSet", "DealResult", "Marriage", "Pile", "PublicView", "Reason"]


@dataclass(frozen=True)
class Pile:
    """What the table shows of one pile: its top card and whether a card lies face down under it."""

    top: str | None
    hidden: bool


@dataclass(frozen=True)
class Marriage:
    """An announced marriage: who, which suit, its points, and whether they count yet."""

    player: int
    suit: str
    points: int
    counted: bool


@dataclass(frozen=True)
class DealResult:
    """How a deal ended (docs/record-format.md ``result``): python-chess's ``Outcome`` for Open 66.

    ``winner`` is ``None`` for a draw; ``scores`` are the final scores (last-trick
    10 included), ``tricks`` the tricks each player won, ``game_points`` what the
    winner gets for this deal alone (a match may add a draw bonus).
    """

    winner: int | None
    reason: Reason
    scores: tuple[int, int]
    tricks: tuple[int, int]
    game_points: int

    @classmethod
    def ended(cls, winner: int | None, reason: Reason, scores: tuple[int, int], tricks: tuple[int, int]) -> DealResult:
        """The result of a deal that ended so, its game points by the rules (:func:`otv66.kernel.game_points`)."""
        if winner is None:
            return cls(None, reason, scores, tricks, 0)
        loser = 1 - winner
        return cls(winner, reason, scores, tricks, game_points(reason, tricks[loser], scores[loser]))

    def to_dict(self) -> dict[str, Any]:
        """The docs/record-format.md ``result`` object, as records, the bridge and the page read it."""
        return {
            "winner": self.winner,
            "game_points": self.game_points,
            "scores": list(self.scores),
            "tricks": list(self.tricks),
            "reason": self.reason,
        }


@dataclass(frozen=True)
class PublicView:
    """A snapshot of what both players see (build it with :meth:`otv66.deal.Deal.view`).

    Cards are ints (:mod:`otv66.cards`), :data:`NO_CARD` for none.
    ``piles[p][i] == (top, hidden)``: the card on top of pile ``i`` of player
    ``p`` (:data:`NO_CARD` when empty) and whether a face-down card lies under it.
    ``unseen`` is the set of the cards nobody has seen (exactly the
    face-down ones), which a searcher treats as a uniformly shuffled pool.
    """

    rules: Rules
    dealer: int
    trump: int
    trump_card: Card
    piles: tuple[tuple[tuple[Card, bool], ...], tuple[tuple[Card, bool], ...]]
    turn: int | None
    leader: int | None
    claimant: int | None
    trick: tuple[tuple[int, Card], ...]
    marriage_lead: bool
    tricks_played: int
    last_winner: int | None
    tricks_won: tuple[int, int]
    card_points: tuple[int, int]
    marriage_points: tuple[int, int]
    pending_marriage_points: tuple[int, int]
    scores: tuple[int, int]
    marriages: tuple[Marriage, ...]
    moves: tuple[str, ...]
    played: CardSet
    unseen: CardSet
    legal_moves: tuple[str, ...]
    outcome: DealResult | None

    @property
    def result(self) -> dict[str, Any] | None:
        """The docs/record-format.md result once the deal is over, else ``None``."""
        return None if self.outcome is None else self.outcome.to_dict()

    @property
    def lead(self) -> Card:
        """The card led to the trick in progress, or :data:`NO_CARD`."""
        return self.trick[0][1] if self.trick else NO_CARD

    def available(self, player: int) -> CardSet:
        """``player``'s available cards: the face-up cards on top of his piles (docs/rules.md 4)."""
        cards = 0
        for top, _hidden in self.piles[check_player(player)]:
            if top != NO_CARD:
                cards |= 1 << top
        return cards

    @property
    def hidden_count(self) -> int:
        """How many cards lie face down."""
        return self.unseen.bit_count()

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self.outcome is not None

    def to_dict(self) -> dict[str, Any]:
        """The view as plain JSON-able data (card codes, ``None`` for nothing).

        Each pile is ``{"top": "AH" | None, "hidden": bool}``. It names no
        face-down card: ``unseen_count`` says only how many there are.
        ``marriage_worth`` is what a marriage in each suit is worth in this deal
        (by suit letter: 40 in trumps, else 20), so a page can say it before one is announced.
        """
        return {
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "trump": SUITS[self.trump],
            "trump_card": CODES[self.trump_card],
            "piles": [
                [{"top": None if top < 0 else CODES[top], "hidden": hidden} for top, hidden in table]
                for table in self.piles
            ],
            "turn": self.turn,
            "leader": self.leader,
            "claimant": self.claimant,
            "trick": [{"player": player, "card": CODES[card]} for player, card in self.trick],
            "marriage_lead": self.marriage_lead,
            "tricks_played": self.tricks_played,
            "last_winner": self.last_winner,
            "tricks_won": list(self.tricks_won),
            "card_points": list(self.card_points),
            "marriage_points": list(self.marriage_points),
            "pending_marriage_points": list(self.pending_marriage_points),
            "scores": list(self.scores),
            "marriages": [
                {"player": m.player, "suit": m.suit, "points": m.points, "counted": m.counted} for m in self.marriages
            ],
            "marriage_worth": {code: marriage_points(suit, self.trump) for suit, code in enumerate(SUITS)},
            "moves": list(self.moves),
            "unseen_count": self.hidden_count,
            "legal_moves": list(self.legal_moves),
            "result": self.result,
        }

"""The public view: exactly what both players see of a deal.

Open 66 has no private hand: both players see every face-up card and every
card played, and neither knows a face-down card. A :class:`PublicView` holds
that and nothing more (a face-down card is only "a card lies here"), so the
browser and the computer opponent can be given a view without any way to peek.

>>> from otv66.deal import Deal
>>> view = PublicView.of(Deal.from_seed(3, dealer=1))
>>> view.hidden_count
16
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from otv66.cards import ALL_CARDS, CODES, SUITS, parse_card
from otv66.deal import Marriage
from otv66.rules import Rules

if TYPE_CHECKING:
    from otv66.deal import Deal

NO_CARD = -1


@dataclass(frozen=True)
class PublicView:
    """A snapshot of what both players see. Cards are ints (:mod:`otv66.cards`); ``-1`` is none.

    ``piles[p][i] == (top, hidden)``: the card on top of pile ``i`` of player
    ``p`` (``-1`` when empty) and whether a face-down card lies under it.
    ``unseen`` is the mask of the cards nobody has seen (exactly the
    face-down ones), which a searcher treats as a uniformly shuffled pool.
    """

    rules: Rules
    dealer: int
    trump: int
    trump_card: int
    piles: tuple[tuple[tuple[int, bool], ...], tuple[tuple[int, bool], ...]]
    turn: int | None
    leader: int | None
    claimant: int | None
    trick: tuple[tuple[int, int], ...]
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
    played: int
    unseen: int
    legal_moves: tuple[str, ...]
    result: dict[str, Any] | None

    @classmethod
    def of(cls, deal: Deal) -> PublicView:
        """Return what both players see of ``deal`` now."""
        piles = tuple(
            tuple((NO_CARD if pile.top is None else parse_card(pile.top), pile.hidden) for pile in deal.piles(p))
            for p in (0, 1)
        )
        visible = 0
        for table in piles:
            for top, _hidden in table:
                if top >= 0:
                    visible |= 1 << top
        played = 0
        for move in deal.moves:
            if move != "66":
                played |= 1 << parse_card(move[:2])
        trick = deal.trick
        return cls(
            rules=deal.rules,
            dealer=deal.dealer,
            trump=SUITS.index(deal.trump),
            trump_card=parse_card(deal.trump_card),
            piles=(piles[0], piles[1]),
            turn=deal.turn,
            leader=deal.leader,
            claimant=deal.claimant,
            trick=tuple((player, parse_card(code)) for player, code in trick),
            marriage_lead=deal.marriage_lead,
            tricks_played=deal.tricks_played,
            last_winner=deal.last_trick_winner,
            tricks_won=(deal.tricks_won(0), deal.tricks_won(1)),
            card_points=(deal.card_points(0), deal.card_points(1)),
            marriage_points=(deal.marriage_points(0), deal.marriage_points(1)),
            pending_marriage_points=(deal.pending_marriage_points(0), deal.pending_marriage_points(1)),
            scores=(deal.score(0), deal.score(1)),
            marriages=tuple(deal.marriages),
            moves=tuple(deal.moves),
            played=played,
            unseen=ALL_CARDS & ~played & ~visible,
            legal_moves=tuple(deal.legal_moves()),
            result=deal.result,
        )

    @property
    def lead(self) -> int:
        """The card led to the trick in progress, or ``-1``."""
        return self.trick[0][1] if self.trick else NO_CARD

    @property
    def hidden_count(self) -> int:
        """How many cards lie face down."""
        return self.unseen.bit_count()

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self.result is not None

    def to_dict(self) -> dict[str, Any]:
        """The view as plain JSON-able data (card codes, ``None`` for nothing).

        Each pile is ``{"top": "AH" | None, "hidden": bool}``. It names no
        face-down card: ``unseen_count`` says only how many there are.
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
            "moves": list(self.moves),
            "unseen_count": self.hidden_count,
            "legal_moves": list(self.legal_moves),
            "result": self.result,
        }

"""Cards as small integers, and the tables every other module reads.

A card is an ``int`` from 0 to 31: ``suit * 8 + rank``. Ranks are numbered from
the strongest down (``A T K Q J 9 8 7`` are 0..7), so within a suit a *lower*
rank number beats a higher one. A set of cards is a 32-bit mask
(``1 << card``), which makes "does he hold a heart?" a single ``&``.

Text codes are those of docs/rules.md 1 and docs/record-format.md: rank letter + suit letter,
for example ``"TH"`` for the ten of hearts.

>>> card = parse_card("TH")
>>> card, card_code(card), POINTS[card]
(9, 'TH', 10)
"""

from __future__ import annotations

from typing import Final, TypeAlias

from otv66.errors import InvalidCardError

Card: TypeAlias = int
"""A card: ``suit * 8 + rank``, 0..31."""
CardSet: TypeAlias = int
"""A set of cards: a 32-bit mask with bit ``card`` set for each card in it."""
NO_CARD: Final = -1
"""Where a card is expected but there is none (no card led, an empty pile)."""

SUITS: Final = "SHDC"
"""Suit letters in card order: spades, hearts, diamonds, clubs."""
RANKS: Final = "ATKQJ987"
"""Rank letters from the strongest to the weakest."""
RANK_POINTS: Final = (11, 10, 4, 3, 2, 0, 0, 0)
"""Card points by rank number (A=11, 10=10, K=4, Q=3, J=2, 9/8/7=0)."""

KING: Final = 2
"""Rank number of the king."""
QUEEN: Final = 3
"""Rank number of the queen."""

DECK_SIZE: Final = 32
ALL_CARDS: Final = (1 << DECK_SIZE) - 1
"""Mask of the whole deck."""

CODES: Final[tuple[str, ...]] = tuple(r + s for s in SUITS for r in RANKS)
"""``CODES[card]`` is the card's text code."""
CARD_BY_CODE: Final[dict[str, int]] = {code: card for card, code in enumerate(CODES)}
POINTS: Final[tuple[int, ...]] = tuple(RANK_POINTS[c & 7] for c in range(DECK_SIZE))
"""``POINTS[card]`` is the card's point value."""
SUIT_MASKS: Final[tuple[int, ...]] = tuple(0xFF << (8 * s) for s in range(4))
"""``SUIT_MASKS[suit]`` is the mask of the eight cards of that suit."""


def suit_of(card: Card) -> int:
    """Return the suit number (0..3) of ``card``."""
    return card >> 3


def rank_of(card: Card) -> int:
    """Return the rank number of ``card`` (0 = ace ... 7 = seven)."""
    return card & 7


def parse_card(code: str) -> Card:
    """Return the card for a text code such as ``"QS"``.

    Raises :class:`InvalidCardError` (a ``ValueError``) for anything else.
    """
    try:
        return CARD_BY_CODE[code]
    except (KeyError, TypeError):
        raise InvalidCardError(f"not a card: {code!r} (expected rank {RANKS} + suit {SUITS})") from None


def parse_suit(letter: str) -> int:
    """Return the suit number for a suit letter ``S``, ``H``, ``D`` or ``C``."""
    if not isinstance(letter, str) or len(letter) != 1 or letter not in SUITS:
        raise InvalidCardError(f"not a suit: {letter!r} (expected one of {SUITS})")
    return SUITS.index(letter)


def check_card(card: object) -> Card:
    """Return ``card`` if it is a card number (a whole number 0..31), else raise :class:`InvalidCardError`.

    For callers of the public API only: the engine's own loops index :data:`CODES` directly.
    """
    if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < DECK_SIZE:
        raise InvalidCardError(f"not a card number: {card!r:.40} (expected 0 to {DECK_SIZE - 1}: suit * 8 + rank)")
    return card


def card_of(card: str | Card) -> Card:
    """Return the card given by its text code (``"QS"``) or its number; raises :class:`InvalidCardError` otherwise."""
    return parse_card(card) if isinstance(card, str) else check_card(card)


def card_code(card: Card) -> str:
    """Return the text code of ``card``; raises :class:`InvalidCardError` for anything but a card number."""
    return CODES[check_card(card)]


def mask_of(cards: list[Card] | tuple[Card, ...] | set[Card]) -> CardSet:
    """Return the mask holding ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_in(mask: CardSet) -> list[Card]:
    """Return the cards of ``mask`` in card order (spades first, aces first)."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards

"""The rules of play, written once: constants, tables and small functions (docs/rules.md 4-6).

Every module that plays, searches, judges or draws a deal reads its rules here:
:class:`otv66.deal.Deal`, the search, the one-trick player, the evaluation and
the terminal pictures. A hot loop may inline a rule for speed, but it reads the
tables below (:data:`STRONGER`, :data:`BEATERS`, :data:`MARRIAGE_PAIRS`) rather
than build its own. Only the card encoding (:mod:`otv66.cards`) is imported.

An *available* card (docs/rules.md 4) is a face-up card on top of one of its
owner's piles; a player's available cards are a :data:`~otv66.cards.CardSet`.
A face-down card turned up when the card on it leaves becomes available at once
(its owner plays it from his next turn on; the opponent sees it before he answers).

>>> from otv66.cards import mask_of, parse_card
>>> ace, ten = parse_card("AH"), parse_card("TH")
>>> trick_winner(leader=0, led=ten, card=ace, trump=0)  # the ace of the suit led wins
1
>>> marriage_points(suit=1, trump=1), game_points("reached_66", loser_tricks=3, loser_score=40)
(40, 1)
"""

from __future__ import annotations

from typing import Final, Literal

from otv66.cards import DECK_SIZE, KING, NO_CARD, QUEEN, SUIT_MASKS, Card, CardSet

CLAIM: Final = "66"
"""The move that claims 66 under ``claim: manual`` (docs/rules.md 6.1)."""
TRICKS_PER_DEAL: Final = 16
"""Every card is played: 32 cards, two to a trick."""
WIN_SCORE: Final = 66
"""The score that ends a deal (docs/rules.md 6.1)."""
HALF_SCORE: Final = 33
"""A loser below this score pays 2 game points, at or above it 1 (docs/rules.md 6.2)."""
LAST_TRICK_BONUS: Final = 10
"""Points for winning the 16th trick (docs/rules.md 6)."""
MARRIAGE_POINTS: Final = 20
"""A marriage in a plain suit (docs/rules.md 5)."""
TRUMP_MARRIAGE_POINTS: Final = 40
"""A marriage in trumps (docs/rules.md 5)."""

NO_TRICK_GAME_POINTS: Final = 3
"""Game points when the loser won no trick at all (docs/rules.md 6.2)."""
UNDER_HALF_GAME_POINTS: Final = 2
"""Game points when the loser's score is below :data:`HALF_SCORE`."""
PLAIN_GAME_POINTS: Final = 1
"""Game points when the loser's score is :data:`HALF_SCORE` or more."""
FALSE_CLAIM_GAME_POINTS: Final = 2
"""Game points the opponent wins from a claim below 66 (docs/rules.md 6.1)."""
MAX_GAME_POINTS: Final = NO_TRICK_GAME_POINTS
"""The most a deal is worth (without a draw bonus): a deal is worth -3..+3 to a player."""

Reason = Literal["reached_66", "played_out", "false_claim", "draw"]
"""Why a deal ended (docs/record-format.md ``result.reason``)."""
REASONS: Final[tuple[Reason, ...]] = ("reached_66", "played_out", "false_claim", "draw")

STRONGER: Final[tuple[CardSet, ...]] = tuple(((1 << card) - 1) & SUIT_MASKS[card >> 3] for card in range(DECK_SIZE))
"""``STRONGER[card]``: the cards of its suit that beat it (lower rank numbers are stronger)."""
BEATERS: Final[tuple[tuple[CardSet, ...], ...]] = tuple(
    tuple(STRONGER[led] | (SUIT_MASKS[trump] if led >> 3 != trump else 0) for led in range(DECK_SIZE))
    for trump in range(4)
)
"""``BEATERS[trump][led]``: the cards that win a trick against ``led``: a higher card of its suit, or any trump."""
MARRIAGE_PAIRS: Final[tuple[CardSet, ...]] = tuple(1 << 8 * suit + KING | 1 << 8 * suit + QUEEN for suit in range(4))
"""``MARRIAGE_PAIRS[suit]``: the king and queen of ``suit``."""


def legal_cards(available: CardSet, led: Card, trump: int, must_beat: bool) -> CardSet:
    """The cards a player may play from ``available`` (docs/rules.md 4).

    The leader (``led`` is :data:`~otv66.cards.NO_CARD`) plays any available card. The
    follower must follow suit (under ``must_beat`` also beat the led card if he can),
    else play a trump, else anything.

    >>> from otv66.cards import cards_in, card_code, mask_of, parse_card
    >>> held = mask_of([parse_card(c) for c in ("AS", "9S", "7H", "QD")])
    >>> def legal(led, trump=2, must_beat=False):
    ...     return [card_code(c) for c in cards_in(legal_cards(held, parse_card(led), trump, must_beat))]
    >>> legal("TS"), legal("TS", must_beat=True), legal("KC"), legal("KC", trump=3)
    (['AS', '9S'], ['AS'], ['QD'], ['AS', '9S', '7H', 'QD'])
    """
    if led == NO_CARD:
        return available
    follow = available & SUIT_MASKS[led >> 3]
    if follow:
        if must_beat and follow & STRONGER[led]:
            return follow & STRONGER[led]
        return follow
    return available & SUIT_MASKS[trump] or available


def beats(card: Card, led: Card, trump: int) -> bool:
    """Whether ``card``, played to ``led``, wins the trick (docs/rules.md 4, last point).

    >>> from otv66.cards import parse_card
    >>> beats(parse_card("7C"), parse_card("AS"), trump=3), beats(parse_card("AD"), parse_card("7S"), trump=3)
    (True, False)
    """
    return bool(BEATERS[trump][led] >> card & 1)


def trick_winner(leader: int, led: Card, card: Card, trump: int) -> int:
    """The player who wins the trick in which ``leader`` led ``led`` and his opponent answered ``card``."""
    return 1 - leader if BEATERS[trump][led] >> card & 1 else leader


def marriage_points(suit: int, trump: int) -> int:
    """What a marriage in ``suit`` is worth: 40 in trumps, else 20 (docs/rules.md 5)."""
    return TRUMP_MARRIAGE_POINTS if suit == trump else MARRIAGE_POINTS


def marriage_cards(available: CardSet) -> CardSet:
    """The kings and queens that may be led announcing a marriage: both of their suit available.

    >>> from otv66.cards import cards_in, card_code, mask_of, parse_card
    >>> [card_code(c) for c in cards_in(marriage_cards(mask_of([parse_card(c) for c in ("KH", "QH", "KS")])))]
    ['KH', 'QH']
    """
    cards = 0
    for pair in MARRIAGE_PAIRS:
        if available & pair == pair:
            cards |= pair
    return cards


def table_game_points(loser_tricks: int, loser_score: int) -> int:
    """The game-point table (docs/rules.md 6.2): a deal won by reaching 66 or by the higher played-out score.

    ``loser_tricks`` and ``loser_score`` are the loser's when the deal ends.

    >>> [table_game_points(tricks, score) for tricks, score in ((0, 0), (2, 32), (2, 33))]
    [3, 2, 1]
    """
    if loser_tricks == 0:
        return NO_TRICK_GAME_POINTS
    if loser_score < HALF_SCORE:
        return UNDER_HALF_GAME_POINTS
    return PLAIN_GAME_POINTS


def game_points(reason: Reason, loser_tricks: int, loser_score: int) -> int:
    """The game points the winner of a deal that ended for ``reason`` gets, without any draw bonus.

    >>> game_points("reached_66", 0, 0), game_points("false_claim", 5, 60), game_points("draw", 8, 65)
    (3, 2, 0)
    """
    if reason == "draw":
        return 0
    if reason == "false_claim":
        return FALSE_CLAIM_GAME_POINTS
    return table_game_points(loser_tricks, loser_score)

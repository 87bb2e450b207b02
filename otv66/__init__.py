"""otv66: the Serbian card game Open 66 (Otvoreni „66“) as a Python library.

Every rule of docs/rules.md, legal moves, scores, game records (docs/record-format.md) and a
computer opponent, in pure Python with no dependencies. Where to start:

- :class:`Deal`: one deal. ``Deal.from_seed`` or ``Deal.from_layout`` deals it; ``legal_moves()``,
  ``play(move)`` and ``undo()`` play it; ``turn``, ``score(player)``, ``result`` and the other queries
  read it; ``view()`` is what both players see (a :class:`PublicView`, no face-down card).
- :class:`Match`: deals until a player has the target of game points; :class:`Rules`: the rule options.
- :mod:`otv66.record`: a match to JSON text and back (``dumps``, ``loads``), every move re-played.
- :mod:`otv66.ai`: the computer opponent (``choose_move(view, level=...)``, ``analyse(view)``).
- :mod:`otv66.table`: a match with its two seats, as the page and the terminal drive it;
  :mod:`otv66.cli`: the terminal game, ``python -m otv66``.

A move is a text code: a card, rank ``A T K Q J 9 8 7`` and suit ``S H D C`` (``"TH"``, the ten of
hearts), a king or queen led announcing a marriage (``"KHm"``), or a claim of 66 (``"66"``). Anything
wrong a caller passes in raises an :class:`Otv66Error`, a ``ValueError`` whose kind says what was wrong.

>>> from otv66 import Deal, IllegalMoveError, Match, record
>>> deal = Deal.from_seed(42, dealer=0, packets=(2, 2, 2, 2))
>>> deal.trump, deal.turn, deal.legal_moves()[:4]
('C', 1, ['8S', 'JH', '9H', '8H'])
>>> try:
...     deal.play("AS")  # an ace of player 0's, and player 1 leads
... except IllegalMoveError as error:
...     print(error)
AS is not a face-up card on your piles
>>> match = Match(seed=7)
>>> deal = match.new_deal()
>>> while not deal.is_over:
...     deal.play(deal.legal_moves()[0])
>>> deal.result["reason"], match.game_points
('reached_66', (2, 0))
>>> record.loads(record.dumps(match)).game_points
(2, 0)
"""

from otv66.cards import card_code, parse_card
from otv66.deal import Deal
from otv66.errors import (
    IllegalMoveError,
    InvalidCardError,
    InvalidLayoutError,
    InvalidMatchError,
    InvalidPlayerError,
    InvalidRulesError,
    InvalidViewError,
    Otv66Error,
    RecordError,
    UnsupportedVersionError,
)
from otv66.kernel import CLAIM
from otv66.match import Match
from otv66.model import DealResult, Marriage, Pile, PublicView
from otv66.rules import Rules

__version__ = "0.1.0"

__all__ = [
    "CLAIM",
    "Deal",
    "DealResult",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidLayoutError",
    "InvalidMatchError",
    "InvalidPlayerError",
    "InvalidRulesError",
    "InvalidViewError",
    "Marriage",
    "Match",
    "Otv66Error",
    "Pile",
    "PublicView",
    "RecordError",
    "Rules",
    "UnsupportedVersionError",
    "__version__",
    "card_code",
    "parse_card",
]

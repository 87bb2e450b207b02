"""otv66: the Serbian card game Open 66 (Otvoreni „66“) as a Python library.

Every rule of docs/rules.md, legal moves, scores, records and a computer opponent.

>>> from otv66 import Deal
>>> deal = Deal.from_seed(1, dealer=0)
>>> len(deal.legal_moves()) >= 1
True
"""

from otv66.cards import card_code, parse_card
from otv66.deal import Deal
from otv66.errors import (
    IllegalMoveError,
    InvalidCardError,
    InvalidLayoutError,
    InvalidMatchError,
    InvalidRulesError,
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
    "InvalidRulesError",
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

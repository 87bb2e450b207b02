"""The public view: exactly what both players see of a deal.

The type itself lives with the game's other values in :mod:`otv66.model`;
this module keeps the import path ``otv66.view`` that callers use.

>>> from otv66.deal import Deal
>>> view = Deal.from_seed(3, dealer=1).view()
>>> view.hidden_count
16
"""

from otv66.model import NO_CARD, PublicView

__all__ = ["NO_CARD", "PublicView"]

"""Rule options (docs/rules.md): plain data, validated once.

>>> Rules().to_dict()
{'must_beat': False, 'claim': 'auto', 'dealer': 'winner', 'draw_bonus': False, 'target': 7}
>>> Rules.from_dict({"claim": "manual"}).claim
'manual'
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from otv66.errors import InvalidRulesError

ClaimMode = Literal["auto", "manual"]
DealerRule = Literal["winner", "alternate"]

MIN_TARGET = 1
MAX_TARGET = 99


@dataclass(frozen=True)
class Rules:
    """The options of docs/rules.md; the defaults are the client's game.

    - ``must_beat``: the follower must also beat the led card when he follows
      suit (docs/rules.md 4).
    - ``claim``: ``"auto"`` ends a deal as soon as someone reaches 66;
      ``"manual"`` makes the player claim with the move ``"66"`` (docs/rules.md 6.1).
    - ``dealer``: ``"winner"`` (the winner of a deal deals next) or
      ``"alternate"``; after a draw the same dealer deals again either way.
    - ``draw_bonus``: the winner of the deal after a draw gets 1 extra game
      point (one per drawn deal in a row).
    - ``target``: game points that win the match.
    """

    must_beat: bool = False
    claim: ClaimMode = "auto"
    dealer: DealerRule = "winner"
    draw_bonus: bool = False
    target: int = 7

    def __post_init__(self) -> None:
        if not isinstance(self.must_beat, bool):
            raise InvalidRulesError(
                f"must_beat must be true or false, not {self.must_beat!r}", "rule_value", option="must_beat"
            )
        if self.claim not in ("auto", "manual"):
            raise InvalidRulesError(
                f"claim must be 'auto' or 'manual', not {self.claim!r}", "rule_value", option="claim"
            )
        if self.dealer not in ("winner", "alternate"):
            raise InvalidRulesError(
                f"dealer must be 'winner' or 'alternate', not {self.dealer!r}", "rule_value", option="dealer"
            )
        if not isinstance(self.draw_bonus, bool):
            raise InvalidRulesError(
                f"draw_bonus must be true or false, not {self.draw_bonus!r}", "rule_value", option="draw_bonus"
            )
        if (
            not isinstance(self.target, int)
            or isinstance(self.target, bool)
            or not MIN_TARGET <= self.target <= MAX_TARGET
        ):
            raise InvalidRulesError(
                f"target must be a whole number from {MIN_TARGET} to {MAX_TARGET}, not {self.target!r}",
                "rule_target",
                option="target",
                max=MAX_TARGET,
            )

    def to_dict(self) -> dict[str, Any]:
        """Return the options as the ``rules`` object of docs/record-format.md."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Build rules from a docs/record-format.md ``rules`` object; missing keys take defaults.

        Unknown keys are an error: a rule this engine does not know would be
        silently ignored otherwise, and the game would not be the one asked for.
        """
        if not isinstance(data, dict):
            raise InvalidRulesError("rules must be an object")
        unknown = set(data) - {"must_beat", "claim", "dealer", "draw_bonus", "target"}
        if unknown:
            names = ", ".join(sorted(map(str, unknown)))
            raise InvalidRulesError(f"unknown rule option(s): {names}", "rule_unknown", option=names[:60])
        return cls(**data)


def check_rules(rules: object) -> Rules:
    """Return ``rules`` if it is a :class:`Rules`, else raise :class:`InvalidRulesError` saying what to pass.

    A deal or a match takes its options as a :class:`Rules` only. A dict of options is refused rather
    than read: :meth:`Rules.from_dict` makes one from it, and the message says so, so there is one way in
    and every check of the options stays in one place.
    """
    if isinstance(rules, Rules):
        return rules
    how = "Rules.from_dict(options) makes one from a dict" if isinstance(rules, dict) else "e.g. Rules(claim='manual')"
    raise InvalidRulesError(f"rules must be a Rules, not {type(rules).__name__} ({how})")

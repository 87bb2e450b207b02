"""The JSON bridge: the engine as plain JSON-able requests and responses.

The browser's Web Worker (and any other non-Python caller) holds no Python
objects: it sends ``{"id": 1, "method": "play", "params": {"move": "KHm"}}``
as JSON text to :func:`call` and gets back ``{"id": 1, "result": ...}`` or
``{"id": 1, "error": {"type": "illegal_move", "message": "..."}}``. One
module-level :class:`Session` holds the match in play.

Methods (``params`` in braces; every state-changing method returns the state):

- ``version {}`` -> engine version, record format, shuffle version, AI levels
- ``new_match {rules?, players?, first_dealer?, seed?}`` -> state (no deal yet)
- ``new_deal {packets?, seed?}`` -> state (the next deal, by the match's dealer rule)
- ``state {}`` -> state
- ``play {move}`` -> state
- ``undo {}`` -> state (``undo_count`` goes up)
- ``ai_move {level?, seconds?, seed?}`` -> ``{"move": code}`` for whoever moves now (not played)
- ``record {}`` -> the RECORD.md record of the match
- ``load_record {record}`` -> state (resumes the record's last position)

The state is ``{"match": {...}, "deal": view | None, "undo_count": n}``
where ``view`` is :meth:`otv66.view.PublicView.to_dict` plus ``number``,
``packets`` and ``seed``.

>>> reply = call('{"id": 1, "method": "new_match", "params": {"seed": 4, "first_dealer": 0}}')
>>> '"error"' in reply
False
>>> import json
>>> json.loads(call('{"id": 2, "method": "play", "params": {"move": "AS"}}'))["error"]["type"]
'illegal_move'
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from typing import Any

from otv66 import __version__, ai
from otv66.dealing import SHUFFLE_VERSION
from otv66.errors import IllegalMoveError, Otv66Error
from otv66.match import DEFAULT_PLAYERS, Match
from otv66.record import FORMAT, match_from_record, match_to_record
from otv66.rules import Rules


class BridgeError(Otv66Error):
    """A request that is not a well-formed bridge call."""

    kind = "bad_request"


class Session:
    """The match a front end is playing, and what it has asked of it."""

    def __init__(self) -> None:
        self.match: Match | None = None
        self.undo_count = 0

    # ------------------------------------------------------------------ methods

    def version(self) -> dict[str, Any]:
        return {
            "engine": __version__,
            "record_format": FORMAT,
            "shuffle": SHUFFLE_VERSION,
            "levels": list(ai.LEVELS),
            "default_level": ai.DEFAULT_LEVEL,
        }

    def new_match(
        self,
        rules: dict[str, Any] | None = None,
        players: list[str] | None = None,
        first_dealer: int | None = None,
        seed: int | None = None,
    ) -> dict[str, Any]:
        if first_dealer is None:
            first_dealer = seed % 2 if seed is not None else secrets.randbelow(2)
        self.match = Match(Rules.from_dict(rules or {}), first_dealer, list(players or DEFAULT_PLAYERS), seed=seed)
        self.undo_count = 0
        return self.state()

    def new_deal(self, packets: list[int] | None = None, seed: int | None = None) -> dict[str, Any]:
        self._match().new_deal(seed=seed, packets=packets or (4, 4))
        return self.state()

    def play(self, move: str) -> dict[str, Any]:
        self._deal().play(move)
        return self.state()

    def undo(self) -> dict[str, Any]:
        self._deal().undo()
        self.undo_count += 1
        return self.state()

    def ai_move(
        self, level: str = ai.DEFAULT_LEVEL, seconds: float | None = None, seed: int | None = None
    ) -> dict[str, Any]:
        return {"move": ai.choose_move(self._deal().view(), level=level, seconds=seconds, seed=seed)}

    def record(self) -> dict[str, Any]:
        return match_to_record(self._match(), undo_count=self.undo_count)

    def load_record(self, record: Any) -> dict[str, Any]:
        self.match = match_from_record(record)
        undo_count = record.get("undo_count", 0)
        self.undo_count = undo_count if isinstance(undo_count, int) and undo_count >= 0 else 0
        return self.state()

    def state(self) -> dict[str, Any]:
        match = self.match
        if match is None:
            return {"match": None, "deal": None, "undo_count": 0}
        awards = match.awards()
        deal = match.deal
        view = None
        if deal is not None:
            view = deal.view().to_dict()
            view.update(number=len(match.deals), packets=list(deal.packets or ()), seed=deal.seed)
        return {
            "match": {
                "players": list(match.players),
                "rules": match.rules.to_dict(),
                "seed": match.seed,
                "game_points": list(match.game_points),
                "target": match.rules.target,
                "winner": match.winner,
                "is_over": match.is_over,
                "next_dealer": match.next_dealer,
                "draw_bonus_pending": match.draw_bonus_pending,
                "deals": [
                    {"dealer": d.dealer, "result": d.result, "awarded": list(award)}
                    for d, award in zip(match.deals, awards, strict=True)
                ],
            },
            "deal": view,
            "undo_count": self.undo_count,
        }

    # ------------------------------------------------------------------ helpers

    def _match(self) -> Match:
        if self.match is None:
            raise IllegalMoveError("no match is in progress: start a new match")
        return self.match

    def _deal(self) -> Any:
        deal = self._match().deal
        if deal is None:
            raise IllegalMoveError("no deal is in progress: start a new deal")
        return deal

    def dispatch(self, method: str, params: dict[str, Any]) -> Any:
        """Run one bridge method by name."""
        handler: Callable[..., Any] | None = getattr(self, method, None) if method in METHODS else None
        if handler is None:
            raise BridgeError(f"unknown method {method!r}")
        try:
            return handler(**params)
        except TypeError as error:
            raise BridgeError(f"bad parameters for {method}: {error}") from None


METHODS = frozenset({"version", "new_match", "new_deal", "state", "play", "undo", "ai_move", "record", "load_record"})

SESSION = Session()


def handle(request: Any, session: Session = SESSION) -> dict[str, Any]:
    """Answer one request object; errors become ``{"error": {"type", "message"}}``, never exceptions."""
    request_id = request.get("id") if isinstance(request, dict) else None
    try:
        if not isinstance(request, dict) or not isinstance(request.get("method"), str):
            raise BridgeError("a request is an object with a method name")
        params = request.get("params") or {}
        if not isinstance(params, dict):
            raise BridgeError("params must be an object")
        return {"id": request_id, "result": session.dispatch(request["method"], params)}
    except Otv66Error as error:
        return {"id": request_id, "error": {"type": error.kind, "message": str(error)}}
    except ValueError as error:
        return {"id": request_id, "error": {"type": "invalid_value", "message": str(error)}}


def call(request_json: str) -> str:
    """Answer one JSON request with JSON text (the Web Worker's only entry point)."""
    try:
        request = json.loads(request_json)
    except ValueError as error:
        return json.dumps({"id": None, "error": {"type": "bad_request", "message": f"not JSON: {error}"}})
    return json.dumps(handle(request), ensure_ascii=False)

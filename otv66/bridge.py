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
- ``ai_move {level?, seconds?, seed?, player?}`` -> ``{"move": code}`` for whoever moves now (not
  played); the master plays for the match, given the match score. Under manual claim a pending
  claim belongs to its claimant: ask with ``player`` = the claimant (e.g. the computer right after
  it announced a marriage, while the opponent is to answer) to get ``"66"`` when the claim is right,
  ``null`` when it is not; for anyone else the claim is left out
- ``analyse {seconds?}`` -> ``{"moves": [{"move", "value", "win_probability", "exact"}], "best": code}``:
  every legal move of whoever moves now, best first, with its expected game points for him
  (``win_probability``: his chance to win the match after it; ``exact``: solved to the end)
- ``review {deal?, seconds?}`` -> ``{"moves": [{"index", "player", "move", "best", "value", "best_value",
  "loss", "exact", "mark"}]}``: every move of deal number ``deal`` (1-based, default the current
  one) rated by the expected game points it lost; ``mark`` is ``"inaccuracy"`` | ``"mistake"`` |
  ``"blunder"`` | ``None`` (thresholds in :mod:`otv66.ai.review`)
- ``record {}`` -> the docs/record-format.md record of the match
- ``load_record {record}`` -> state (resumes the record's last position)
- ``deal_link {}`` -> ``{"token": "d1.…"}``: the current deal as a share-link token (:mod:`otv66.links`)
- ``game_link {}`` -> ``{"token": "g1.…"}``: the match record as a share-link token
- ``open_link {token}`` -> ``{"kind": "deal", "seed", "dealer", "packets", "rules"}`` (start it with
  ``new_match {rules, first_dealer: dealer}`` + ``new_deal {seed, packets}``), or ``{"kind": "game",
  "players", "rules", "game_points", "winner", "deals": [{"dealer", "moves", "result", "awarded"}]}``,
  which also keeps the game for ``replay_view`` (the match in play is not touched). A bad token is an
  ``invalid_link`` (or ``unsupported_link``) error.
- ``replay_view {deal, ply}`` -> ``{"deal", "ply", "moves", "view"}``: deal number ``deal`` (0-based) of the
  opened game as it was after its first ``ply`` moves

The state is ``{"match": {...}, "deal": view | None, "undo_count": n}``
where ``view`` is :meth:`otv66.view.PublicView.to_dict` plus ``number`` and
``packets``; like the view, the state names no face-down card (no seed either).

>>> reply = call('{"id": 1, "method": "new_match", "params": {"seed": 4, "first_dealer": 0}}')
>>> '"error"' in reply
False
>>> import json
>>> json.loads(call('{"id": 2, "method": "play", "params": {"move": "AS"}}'))["error"]["type"]
'illegal_move'
"""

from __future__ import annotations

import dataclasses
import json
import secrets
from collections.abc import Callable
from typing import Any

from otv66 import __version__, ai, links
from otv66.ai.review import review_deal
from otv66.deal import CLAIM, Deal
from otv66.dealing import SHUFFLE_VERSION
from otv66.errors import IllegalMoveError, Otv66Error
from otv66.match import DEFAULT_PLAYERS, Match
from otv66.record import FORMAT, MAX_JSON_DEPTH, json_depth_ok, match_from_record, match_to_record
from otv66.rules import Rules


class BridgeError(Otv66Error):
    """A request that is not a well-formed bridge call."""

    kind = "bad_request"


class Session:
    """The match a front end is playing, and what it has asked of it."""

    def __init__(self) -> None:
        self.match: Match | None = None
        self.undo_count = 0
        self.replay: Match | None = None

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
        self.match = Match(Rules.from_dict(rules or {}), first_dealer, players or DEFAULT_PLAYERS, seed=seed)
        self.undo_count = 0
        return self.state()

    def new_deal(self, packets: list[int] | None = None, seed: int | None = None) -> dict[str, Any]:
        self._match().new_deal(seed=seed, packets=(4, 4) if packets is None else packets)
        return self.state()

    def play(self, move: str) -> dict[str, Any]:
        self._deal().play(move)
        return self.state()

    def undo(self) -> dict[str, Any]:
        self._deal().undo()
        self.undo_count += 1
        return self.state()

    def ai_move(
        self,
        level: str = ai.DEFAULT_LEVEL,
        seconds: float | None = None,
        seed: int | None = None,
        player: int | None = None,
    ) -> dict[str, Any]:
        view = self._deal().view()
        mover = view.turn if player is None else player
        if mover != view.turn:
            # Out of turn, only a claim can be his move (after his own marriage lead, claim: manual).
            return {"move": CLAIM if ai.can_claim(view, mover) else None}
        if view.claimant is not None and view.claimant != mover:
            view = dataclasses.replace(view, legal_moves=tuple(m for m in view.legal_moves if m != CLAIM))
        move = ai.choose_move(view, level=level, seconds=seconds, seed=seed, match_score=self._match_score(view))
        return {"move": move}

    def analyse(self, seconds: float | None = None) -> dict[str, Any]:
        view = self._deal().view()
        return ai.analyse(view, seconds=seconds, match_score=self._match_score(view))

    def review(self, deal: int | None = None, seconds: float | None = None) -> dict[str, Any]:
        deals = self._match().deals
        number = len(deals) if deal is None else deal
        if not isinstance(number, int) or not 1 <= number <= len(deals):
            raise BridgeError(f"there is no deal number {number!r} to review")
        if seconds is None:
            return review_deal(deals[number - 1])
        return review_deal(deals[number - 1], seconds_per_move=seconds)

    def record(self) -> dict[str, Any]:
        return match_to_record(self._match(), undo_count=self.undo_count)

    def load_record(self, record: Any) -> dict[str, Any]:
        self.match = match_from_record(record)
        undo_count = record.get("undo_count", 0)
        self.undo_count = undo_count if isinstance(undo_count, int) and undo_count >= 0 else 0
        return self.state()

    def deal_link(self) -> dict[str, Any]:
        return {"token": links.deal_token(self._deal())}

    def game_link(self) -> dict[str, Any]:
        return {"token": links.game_token(self._match())}

    def open_link(self, token: Any) -> dict[str, Any]:
        opened = links.read_token(token)
        if isinstance(opened, links.DealLink):
            return {"kind": "deal", **opened.to_dict()}
        self.replay = opened
        return {
            "kind": "game",
            "players": list(opened.players),
            "rules": opened.rules.to_dict(),
            "game_points": list(opened.game_points),
            "winner": opened.winner,
            "deals": [
                {"dealer": d.dealer, "moves": list(d.moves), "result": d.result, "awarded": list(award)}
                for d, award in zip(opened.deals, opened.awards(), strict=True)
            ],
        }

    def replay_view(self, deal: Any, ply: Any) -> dict[str, Any]:
        if self.replay is None:
            raise IllegalMoveError("no game is open for replay: open a game link first")
        deals = self.replay.deals
        if type(deal) is not int or not 0 <= deal < len(deals):
            raise BridgeError(f"deal must be a number from 0 to {len(deals) - 1}")
        played = deals[deal]
        if type(ply) is not int or not 0 <= ply <= len(played.moves):
            raise BridgeError(f"ply must be a number from 0 to {len(played.moves)}")
        again = Deal.from_layout(played.reveal_layout(), played.dealer, played.rules)
        for move in played.moves[:ply]:
            again.play(move)
        return {"deal": deal, "ply": ply, "moves": list(played.moves), "view": again.view().to_dict()}

    def state(self) -> dict[str, Any]:
        match = self.match
        if match is None:
            return {"match": None, "deal": None, "undo_count": 0}
        awards = match.awards()
        deal = match.deal
        view = None
        if deal is not None:
            view = deal.view().to_dict()
            # The seed stays out: it would name every face-down card (deal_link and record are the explicit calls).
            view.update(number=len(match.deals), packets=list(deal.packets or ()))
        return {
            "match": {
                "players": list(match.players),
                "rules": match.rules.to_dict(),
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

    def _match_score(self, view: Any) -> tuple[int, int, int] | None:
        """``(mover's game points, opponent's, target)`` for the master's match play, if a deal is on."""
        match = self._match()
        if view.turn is None:
            return None
        points = match.game_points
        return points[view.turn], points[1 - view.turn], match.rules.target

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


METHODS = frozenset(
    {
        "version",
        "new_match",
        "new_deal",
        "state",
        "play",
        "undo",
        "ai_move",
        "analyse",
        "review",
        "record",
        "load_record",
        "deal_link",
        "game_link",
        "open_link",
        "replay_view",
    }
)

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
        if not json_depth_ok(request_json):  # too deep for the decoder inside Pyodide
            raise ValueError(f"nested more than {MAX_JSON_DEPTH} levels deep")
        request = json.loads(request_json)
    except (ValueError, RecursionError) as error:
        return json.dumps({"id": None, "error": {"type": "bad_request", "message": f"not JSON: {error}"}})
    return json.dumps(handle(request), ensure_ascii=False)

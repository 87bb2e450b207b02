"""The JSON bridge: the engine as plain JSON-able requests and responses.

The browser's Web Worker (and any other non-Python caller) holds no Python
objects: it sends ``{"id": 1, "method": "play", "params": {"move": "KHm"}}``
as JSON text to :func:`call` and gets back ``{"id": 1, "result": ...}`` or
``{"id": 1, "error": {"type": "illegal_move", "message": "..."}}``. One
module-level :class:`Session` holds the match in play.

Methods (``params`` in braces; every state-changing method returns the state):

- ``version {}`` -> engine version, record format, shuffle version, AI levels
- ``new_match {rules?, players?, first_dealer?, seed?, opponent?, level?}`` -> state (no deal yet).
  ``opponent``: ``"human"`` (default: two people, every move is ``play``) or ``"computer"`` (player 1,
  at ``level``, moves with ``computer_move``); missing names are :func:`otv66.table.default_names`
- ``new_deal {packets?, seed?}`` -> state (the next deal, by the match's dealer rule; packets 4-4 unless given)
- ``next_deal {packets?}`` -> state: the next deal with the dealer's own plan unless ``packets`` is given
  (the computer chooses its own, reproducibly)
- ``state {}`` -> state
- ``play {move}`` -> state: a person's move (the computer's turn is refused)
- ``computer_move {}`` -> ``{"player", "move", "state"}``: the computer makes its move (or its claim of 66)
- ``undo {}`` -> state: moves taken back up to and including the last one a person made in the
  deal in play (``undo_count`` goes up by one; ``can_undo`` in the state says whether there is one)
- ``hint {seconds?}`` -> ``{"move"}``: what the strongest level would play for the person to move
- ``set_level {level}`` -> state: the computer plays on at ``level``
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
- ``load_record {record, opponent?, level?}`` -> state (resumes the record's last position; seats from
  the parameters, else from the record's ``opponent`` / ``level`` keys, else two people)
- ``deal_link {}`` -> ``{"token": "d1.…"}``: the current deal as a share-link token (:mod:`otv66.links`)
- ``game_link {}`` -> ``{"token": "g1.…"}``: the match record as a share-link token
- ``open_link {token}`` -> ``{"kind": "deal", "seed", "dealer", "packets", "rules"}`` (start it with
  ``new_match {rules, first_dealer: dealer}`` + ``new_deal {seed, packets}``), or ``{"kind": "game",
  "players", "rules", "game_points", "winner", "deals": [{"dealer", "moves", "result", "awarded"}]}``,
  which also keeps the game for ``replay_view`` (the match in play is not touched). A bad token is an
  ``invalid_link`` (or ``unsupported_link``) error.
- ``replay_view {deal, ply}`` -> ``{"deal", "ply", "moves", "view"}``: deal number ``deal`` (0-based) of the
  opened game as it was after its first ``ply`` moves
- ``friend_invite {name, rules?}``, ``friend_accept {link, name}``, ``friend_link {id}`` -> ``{"link", "state",
  "saved"}``; ``friend_receive {link}``, ``friend_play {id, move}``, ``friend_load {saved}``, ``friend_state {id}``
  -> ``{"state", "saved"}``; ``friend_peek {link}`` -> ``{"id", "invitation", "known"}``: a match against a
  friend played by links (:mod:`otv66.friend.desk`; the page stores ``saved`` on the device at once)

The state is ``{"match": {...}, "deal": view | None, "undo_count": n, "can_undo": bool, "phase": phase,
"seats": [seat, seat]}``
where ``view`` is :meth:`otv66.view.PublicView.to_dict` plus ``number``, ``packets`` and ``last_trick``
(``{"winner", "cards": [{"player", "card"}, ...]}`` or ``None``), ``phase`` is :data:`otv66.table.Phase`
(what happens next) and a seat is ``{"name", "human", "level"}``; like the view, the state names no
face-down card (no seed either).

Every parameter is checked (a thinking time is a finite number of seconds up to
:data:`otv66.table.MAX_SECONDS`); anything wrong is answered with a typed error, and every
reply is strict JSON (a request ``id`` that JSON cannot carry comes back as ``null``). The
computer opponent (:mod:`otv66.ai`) is imported when a method first needs it, not before.

>>> reply = call('{"id": 1, "method": "new_match", "params": {"seed": 4, "first_dealer": 0}}')
>>> '"error"' in reply
False
>>> import json
>>> json.loads(call('{"id": 2, "method": "play", "params": {"move": "AS"}}'))["error"]["type"]
'illegal_move'
"""

from __future__ import annotations

import inspect
import json
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from otv66 import __version__, links
from otv66.deal import CLAIM, Deal
from otv66.dealing import SHUFFLE_VERSION, check_packets, check_seed
from otv66.errors import IllegalMoveError, Otv66Error
from otv66.match import Match
from otv66.record import FORMAT, MAX_JSON_DEPTH, json_depth_ok, match_from_record, match_to_record
from otv66.rules import Rules
from otv66.table import (
    Opponent,
    Table,
    check_level,
    check_opponent,
    check_seconds,
    default_level,
    levels,
    own_view,
)

MAX_ID_LENGTH: Final = 200
"""Longest request id (a string) echoed back; a longer one, or one JSON cannot carry, comes back as ``null``."""
MAX_ECHO: Final = 60
"""Characters of a caller's value quoted in an error message."""


if TYPE_CHECKING:
    from otv66.friend.desk import FriendDesk


class BridgeError(Otv66Error):
    """A request that is not a well-formed bridge call."""

    kind = "bad_request"


def _player(value: object) -> int:
    if type(value) is not int or value not in (0, 1):
        raise BridgeError(f"player must be 0 or 1, not {value!r:.{MAX_ECHO}}")
    return value


def _ai() -> Any:
    """The computer opponent, imported on first use (the page's engine starts faster without it)."""
    from otv66 import ai

    return ai


class Session:
    """The match a front end is playing (at a :class:`~otv66.table.Table`), and a game opened for replay."""

    def __init__(self) -> None:
        self.table: Table | None = None
        self.replay: Match | None = None
        self.desk: FriendDesk | None = None

    @property
    def match(self) -> Match | None:
        """The match in play, or ``None``."""
        return None if self.table is None else self.table.match

    # ------------------------------------------------------------------ methods

    def version(self) -> dict[str, Any]:
        return {
            "engine": __version__,
            "record_format": FORMAT,
            "shuffle": SHUFFLE_VERSION,
            "levels": list(levels()),
            "default_level": default_level(),
        }

    def new_match(
        self,
        rules: Any = None,
        players: Any = None,
        first_dealer: Any = None,
        seed: Any = None,
        opponent: Any = "human",
        level: Any = None,
    ) -> dict[str, Any]:
        self.table = Table.new(
            Rules.from_dict(rules if rules is not None else {}),
            opponent=check_opponent(opponent),
            level=level,
            players=players,
            seed=None if seed is None else check_seed(seed),
            first_dealer=first_dealer,
        )
        return self.state()

    def new_deal(self, packets: Any = None, seed: Any = None) -> dict[str, Any]:
        self._table().next_deal(check_packets([4, 4] if packets is None else packets), self._seed(seed))
        return self.state()

    def next_deal(self, packets: Any = None) -> dict[str, Any]:
        self._table().next_deal(None if packets is None else check_packets(packets))
        return self.state()

    def play(self, move: Any) -> dict[str, Any]:
        self._table().play(move)
        return self.state()

    def computer_move(self) -> dict[str, Any]:
        player, move = self._table().computer_move()
        return {"player": player, "move": move, "state": self.state()}

    def undo(self) -> dict[str, Any]:
        self._table().undo()
        return self.state()

    def hint(self, seconds: Any = None) -> dict[str, Any]:
        return {"move": self._table().suggest(seconds=check_seconds(seconds))}

    def set_level(self, level: Any) -> dict[str, Any]:
        self._table().set_level(level)
        return self.state()

    def ai_move(self, level: Any = None, seconds: Any = None, seed: Any = None, player: Any = None) -> dict[str, Any]:
        ai = _ai()
        chosen = check_level(level if level is not None else ai.DEFAULT_LEVEL)
        budget = check_seconds(seconds)
        view = self._deal_in_play().view()
        mover = view.turn if player is None else _player(player)
        if mover != view.turn:
            # Out of turn, only a claim can be his move (after his own marriage lead, claim: manual).
            return {"move": CLAIM if ai.can_claim(view, mover) else None}
        if view.claimant is not None and view.claimant != mover:
            view = own_view(view)
        move = ai.choose_move(view, level=chosen, seconds=budget, seed=self._seed(seed), match_score=self._score(view))
        return {"move": move}

    def analyse(self, seconds: Any = None) -> dict[str, Any]:
        view = self._deal_in_play().view()
        analysis: dict[str, Any] = _ai().analyse(view, seconds=check_seconds(seconds), match_score=self._score(view))
        return analysis

    def review(self, deal: Any = None, seconds: Any = None) -> dict[str, Any]:
        from otv66.ai.review import review_deal

        deals = self._table().match.deals
        number = len(deals) if deal is None else deal
        if type(number) is not int or not 1 <= number <= len(deals):
            raise BridgeError(f"there is no deal number {number!r:.{MAX_ECHO}} to review")
        budget = check_seconds(seconds)
        if budget is None:
            return review_deal(deals[number - 1])
        return review_deal(deals[number - 1], seconds_per_move=budget)

    def record(self) -> dict[str, Any]:
        table = self._table()
        extra: dict[str, Any] = {"undo_count": table.undo_count, "opponent": table.opponent}
        if table.level is not None:
            extra["level"] = table.level
        return match_to_record(table.match, **extra)

    def load_record(self, record: Any, opponent: Any = None, level: Any = None) -> dict[str, Any]:
        match = match_from_record(record)
        if opponent is None:
            opponent = record.get("opponent", "human")
            if level is None and isinstance(record.get("level"), str):
                level = record["level"]
        seat: Opponent = check_opponent(opponent)
        if level is not None:
            level = check_level(level)
        table = Table(match, seat, level)
        undo_count = record.get("undo_count", 0)
        table.undo_count = undo_count if type(undo_count) is int and undo_count >= 0 else 0
        self.table = table
        return self.state()

    def deal_link(self) -> dict[str, Any]:
        return {"token": links.deal_token(self._deal())}

    def game_link(self) -> dict[str, Any]:
        return {"token": links.game_token(self._table().match)}

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
        table = self.table
        if table is None:
            return {"match": None, "deal": None, "undo_count": 0, "can_undo": False, "phase": None, "seats": None}
        match = table.match
        awards = match.awards()
        deal = match.deal
        view = None
        if deal is not None:
            view = deal.view().to_dict()
            # The seed stays out: it would name every face-down card (deal_link and record are the explicit calls).
            last = deal.last_trick
            view.update(
                number=len(match.deals),
                packets=list(deal.packets or ()),
                last_trick=None
                if last is None
                else {"winner": last[0], "cards": [{"player": p, "card": card} for p, card in last[1]]},
            )
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
            "undo_count": table.undo_count,
            "can_undo": table.can_undo,
            "phase": table.phase,
            "seats": [seat.to_dict() for seat in table.seats],
        }

    # ------------------------------------------------------------------ friend matches (otv66.friend.desk)

    def friend_invite(self, name: Any, rules: Any = None) -> dict[str, Any]:
        return self._desk().invite(name, rules)

    def friend_accept(self, link: Any, name: Any) -> dict[str, Any]:
        return self._desk().accept(link, name)

    def friend_peek(self, link: Any) -> dict[str, Any]:
        return self._desk().peek(link)

    def friend_load(self, saved: Any) -> dict[str, Any]:
        return self._desk().load(saved)

    def friend_receive(self, link: Any) -> dict[str, Any]:
        return self._desk().receive(link)

    def friend_play(self, id: Any, move: Any) -> dict[str, Any]:
        return self._desk().play(id, move)

    def friend_link(self, id: Any) -> dict[str, Any]:
        return self._desk().link(id)

    def friend_state(self, id: Any) -> dict[str, Any]:
        return self._desk().state(id)

    def _desk(self) -> FriendDesk:
        """The friend matches open here, created on first use (the cryptography loads only then)."""
        if self.desk is None:
            from otv66.friend.desk import FriendDesk

            self.desk = FriendDesk()
        return self.desk

    # ------------------------------------------------------------------ helpers

    def _table(self) -> Table:
        if self.table is None:
            raise IllegalMoveError("no match is in progress: start a new match")
        return self.table

    def _deal(self) -> Deal:
        deal = self._table().deal
        if deal is None:
            raise IllegalMoveError("no deal is in progress: start a new deal")
        return deal

    def _deal_in_play(self) -> Deal:
        deal = self._deal()
        if deal.is_over:
            raise IllegalMoveError("the deal is over: there is no move to choose")
        return deal

    @staticmethod
    def _seed(seed: object) -> int | None:
        return None if seed is None else check_seed(seed)

    def _score(self, view: Any) -> tuple[int, int, int] | None:
        """``(mover's game points, opponent's, target)`` for the master's match play, if a deal is on."""
        match = self._table().match
        if view.turn is None:
            return None
        points = match.game_points
        return points[view.turn], points[1 - view.turn], match.rules.target

    def dispatch(self, method: str, params: dict[str, Any]) -> Any:
        """Run one bridge method by name, its parameters checked against its signature first."""
        handler: Callable[..., Any] | None = getattr(self, method, None) if method in METHODS else None
        if handler is None:
            raise BridgeError(f"unknown method {method!r:.{MAX_ECHO}}")
        try:
            inspect.signature(handler).bind(**params)
        except TypeError as error:
            raise BridgeError(f"bad parameters for {method}: {error}") from None
        return handler(**params)


METHODS = frozenset(
    {
        "version",
        "new_match",
        "new_deal",
        "next_deal",
        "state",
        "play",
        "computer_move",
        "undo",
        "hint",
        "set_level",
        "ai_move",
        "analyse",
        "review",
        "record",
        "load_record",
        "deal_link",
        "game_link",
        "open_link",
        "replay_view",
        "friend_invite",
        "friend_accept",
        "friend_peek",
        "friend_load",
        "friend_receive",
        "friend_play",
        "friend_link",
        "friend_state",
    }
)

SESSION = Session()


def reply_id(request_id: object) -> Any:
    """The request's id as it can go back in strict JSON: a string, a whole number or a finite number, else ``None``."""
    if isinstance(request_id, bool) or request_id is None:
        return request_id
    if isinstance(request_id, str):
        return request_id if len(request_id) <= MAX_ID_LENGTH else None
    if isinstance(request_id, int):
        return request_id if abs(request_id) <= 2**53 else None
    if isinstance(request_id, float):
        return request_id if math.isfinite(request_id) else None
    return None


def nesting_ok(value: object, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether lists and objects in ``value`` nest at most ``limit`` deep (checked without recursion)."""
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, (list, tuple)):
            children = item
        else:
            continue
        if depth >= limit:
            return False
        stack.extend((child, depth + 1) for child in children)
    return True


def handle(request: Any, session: Session = SESSION) -> dict[str, Any]:
    """Answer one request object; errors become ``{"error": {"type", "message"}}``, never exceptions."""
    request_id = reply_id(request.get("id")) if isinstance(request, dict) else None
    try:
        if not isinstance(request, dict) or not isinstance(request.get("method"), str):
            raise BridgeError("a request is an object with a method name")
        params = request.get("params")
        if params is None:
            params = {}
        if not isinstance(params, dict) or not all(isinstance(key, str) for key in params):
            raise BridgeError("params must be an object")
        if not nesting_ok(params):  # the engine's readers recurse; inside Pyodide that overflows the JS stack
            raise BridgeError(f"params nested more than {MAX_JSON_DEPTH} levels deep")
        return {"id": request_id, "result": session.dispatch(request["method"], params)}
    except Otv66Error as error:
        return {"id": request_id, "error": {"type": error.kind, "message": str(error)}}
    except ValueError as error:
        return {"id": request_id, "error": {"type": "invalid_value", "message": str(error)}}


def call(request_json: str) -> str:
    """Answer one JSON request with strict JSON text (the Web Worker's only entry point)."""
    try:
        if not json_depth_ok(request_json):  # too deep for the decoder inside Pyodide
            raise ValueError(f"nested more than {MAX_JSON_DEPTH} levels deep")
        request = json.loads(request_json)
    except (ValueError, RecursionError) as error:
        return _dumps({"id": None, "error": {"type": "bad_request", "message": f"not JSON: {error}"}})
    reply = handle(request)
    try:
        return _dumps(reply)
    except ValueError as error:  # a number JSON cannot carry in a result: an engine fault, answered all the same
        message = f"the answer is not JSON: {error}"
        return _dumps({"id": reply["id"], "error": {"type": "bad_request", "message": message}})


def _dumps(reply: dict[str, Any]) -> str:
    return json.dumps(reply, ensure_ascii=False, allow_nan=False)

"""The JSON bridge: the engine as plain JSON-able requests and responses.

The browser's Web Worker (and any other non-Python caller) holds no Python
objects: it sends ``{"id": 1, "method": "play", "params": {"move": "KHm"}}``
as JSON text to :func:`call` and gets back ``{"id": 1, "result": ...}`` or
``{"id": 1, "error": {"type": "illegal_move", "message": "...", "reason": "must_follow",
"params": {"suit": "H", "card": "KH"}}}`` (``reason`` and ``params``: see :mod:`otv66.errors`). One
module-level :class:`Session` holds the match in play.

Methods (``params`` in braces; every state-changing method returns the state):

- ``version {}`` -> engine version, record format (and ``record_max_bytes``), shuffle version, AI levels, and the
  packet rule ``packets: {"sizes": [1, 2, 4], "total": 8}`` (the sizes a packet plan may use, the cards it adds up
  to), so a page can tell a plan that is not yet complete before it asks to deal it
- ``new_match {rules?, players?, first_dealer?, seed?, opponent?, level?}`` -> state (no deal yet).
  ``opponent``: ``"human"`` (default: two people, every move is ``play``) or ``"computer"`` (player 1,
  at ``level``, moves with ``computer_move``); missing names are :func:`otv66.table.default_names`
- ``new_deal {packets?, seed?}`` -> state (the next deal, by the match's dealer rule; packets 4-4 unless given)
- ``next_deal {packets?}`` -> state: the next deal with the dealer's own plan unless ``packets`` is given
  (the computer chooses its own, reproducibly)
- ``state {}`` -> state
- ``play {move}`` -> state: a person's move (the computer's turn is refused)
- ``why_illegal {move}`` -> ``None`` if ``move`` may be played now, else the error ``play`` would answer
  (``{"type", "message", "reason", "params"}``), so a tapped card can be explained
- ``computer_move {nodes?}`` -> ``{"player", "move", "state"}``: the computer makes its move (or its claim of 66);
  with ``nodes`` (1..:data:`MAX_NODES`) a searching level spends that many search nodes instead of its time
  (the same move on every machine), else it uses what ``ponder`` found
- ``undo {}`` -> state: moves taken back up to and including the last one a person made in the
  deal in play (``undo_count`` goes up by one; ``can_undo`` in the state says whether there is one)
- ``hint {seconds?}`` -> ``{"move", "state"}``: what the strongest level would play for the person to move
  (``hint_count`` in the state goes up by one)
- ``set_level {level}`` -> state: the computer plays on at ``level``
- ``ponder {ms}`` -> ``{"pondering", "solved"}``: while a person is to move against the master, the
  computer thinks on his time for at most about ``ms`` (1..:data:`MAX_PONDER_MS`) milliseconds, keeping its
  table for its own next move; ``pondering`` is false when there is nothing to think about, ``solved`` true
  when more slices would add nothing (the position is solved, or the table holds all it may until that move)
- ``ai_move {level?, seconds?, seed?, player?, nodes?}`` -> ``{"move": code}`` for whoever moves now (not
  played); the master plays for the match, given the match score. Under manual claim a pending
  claim belongs to its claimant: ask with ``player`` = the claimant (e.g. the computer right after
  it announced a marriage, while the opponent is to answer) to get ``"66"`` when the claim is right,
  ``null`` when it is not; for anyone else the claim is left out
- ``analyse {seconds?}`` -> ``{"moves": [{"move", "value", "win_probability", "exact"}], "best": code}``:
  every legal move of whoever moves now, best first, with its expected game points for him
  (``win_probability``: his chance to win the match after it; ``exact``: solved to the end)
- ``review {deal?, seconds?}`` -> ``{"moves": [{"index", "player", "move", "best", "value", "best_value",
  "loss", "exact", "mark", "analysis"}]}``: every move of deal number ``deal`` (1-based, default the current
  one) rated by the expected game points it lost; ``mark`` is ``"inaccuracy"`` | ``"mistake"`` |
  ``"blunder"`` | ``None`` (thresholds in :mod:`otv66.ai.review`); ``analysis``: ``analyse``'s answer
  before the move, where the row's figures come from (``None`` without a choice); a claim of 66 is rated
  against playing on (``best`` ``None`` when the other was to answer: no card of the claimant's was better)
- ``record {}`` -> the docs/record-format.md record of the match
- ``load_record {record, opponent?, level?}`` -> state (resumes the record's last position; seats from
  the parameters, else from the record's ``opponent`` / ``level`` keys, else two people)
- ``deal_link {}`` -> ``{"token": "d1.…"}``: the current deal as a share-link token (:mod:`otv66.links`), once it is
  over (``deal_in_progress`` before: the link would show its face-down cards to whoever plays it out elsewhere)
- ``game_link {}`` -> ``{"token": "g1.…"}``: the match record as a share-link token
- ``open_link {token, kind?}`` -> ``{"kind": "deal", "seed", "dealer", "packets", "rules"}`` (start it with
  ``new_match {rules, first_dealer: dealer}`` + ``new_deal {seed, packets}``), or ``{"kind": "game",
  "players", "rules", "game_points", "winner", "deals": [{"dealer", "moves", "result", "resigned", "awarded",
  "bonus_after", "deal_token"}]}`` (``resigned``: the player who gave the deal up after its moves, its ``result``
  then ``None``; ``bonus_after``: the draw bonus waiting after the deal; ``deal_token``: the deal's own link, to play
  its cards again, ``None`` for a deal not played out, one given by its layout, or one with cards nobody saw, which
  the link would show), which also keeps the game for ``replay_view`` (the match in play is not touched). With
  ``kind`` ("deal" or "game") only that kind is read: a link of the other kind is refused as one
  (``link_wrong_kind``, naming ``found`` and ``wanted``). A bad token is an ``invalid_link`` (or
  ``unsupported_link``) error.
- ``game_record {token}`` -> the docs/record-format.md record of a game link (a finished match of the page's history
  kept as a file); ``record_game_link {text}`` -> ``{"token": "g1.…"}``: a record file's JSON text (at most
  :data:`otv66.record.MAX_RECORD_BYTES` bytes, the ``version``'s ``record_max_bytes``), re-played move by move, as a
  game link for the replay page (``invalid_record``, ``unsupported_version`` otherwise)
- ``challenge_new {name, deals, level, closes, rules?, seed?}`` -> ``{"token", "challenge"}``: a club challenge
  (:mod:`otv66.challenge`) and its link token (``c1.…``); without a seed one is drawn
- ``challenge_check {name, deals, closes}`` -> ``{"problems": [error, ...]}``: what is wrong with each of the
  organiser's fields, all at once, as errors are sent (``challenge_name``, ``challenge_deals``, ``challenge_closes``)
- ``challenge_levels {}`` -> ``{"levels"}``: the levels a challenge may name
- ``challenge_open {token, today?}`` -> ``{"challenge", "levels", "closed"}`` (``levels``: those a challenge may
  name; ``closed``: whether ``today``, ``YYYY-MM-DD`` by the device's clock, is past the closing date)
- ``challenge_start {token, name, moves?, today?}`` -> attempt: the member starts the challenge, or resumes it
  from ``moves`` (the attempt's own ``moves``, saved); ``today`` (``YYYY-MM-DD``, the device's clock) past the
  closing date is a ``challenge_closed`` error; the attempt is ``{"name", "number", "deals", "deal": view |
  None, "legal_moves", "scores", "totals", "finished", "moves"}`` (the deal's view with its ``last_trick``)
- ``challenge_next_deal {}`` / ``challenge_play {move}`` -> ``{"computer_moves", "attempt"}``: the next deal,
  or the member's move, and the computer's moves that answered it (no hint, no undo); ``challenge_play`` adds
  ``"trick_taken"``: the deal's view (with its ``last_trick``) the moment these moves took a trick, when the computer
  moved on after it (led the next trick, or claimed), else ``None``: the page shows the trick on that table, its
  cards gone from the piles, before the computer's next card
- ``challenge_result {finished?}`` -> ``{"token"}``: the finished attempt's result link token (``r1.…``),
  dated ``finished`` (``YYYY-MM-DD``, the device's day) when given
- ``result_check {token, deal?, challenge?}`` -> with ``deal`` (1-based) that deal re-played: ``{"deal", "deals",
  "score"}`` (for progress); without, the whole result verified: ``{"challenge", "challenge_token", "result"}``
  (the challenge and its link token). A forged result is a ``refused_…`` error naming why
  (:class:`otv66.challenge.RefusedResultError`); one finished after the closing date is ``refused_late``; given
  the challenge token ``challenge`` (the standings' challenge), a result of another challenge is
  ``refused_other_challenge``, before anything else is checked. Each deal of a result link is re-played once: the
  checks are kept by token (the last :data:`otv66.challenge.MAX_RESULTS`), so the whole check and ``standings``
  re-use the deals already done
- ``result_name {token}`` -> ``{"name"}``: the member's name in a result link as it reads, unverified (``None`` when
  it cannot be read): the page names a refused result by it
- ``standings {results, challenge?, csv_format?}`` -> ``{"challenge", "rows", "repeated", "tie_break", "csv",
  "token"}``: result tokens verified (or taken from ``result_check``'s kept checks) and ranked, all of the challenge
  token ``challenge`` (default: the first result's); ``repeated`` lists the names that stand in the table more than
  once, ``{"name", "ranks"}`` (:func:`otv66.challenge.repeated_names`); ``token`` is the standings link token
  (``s1.…``). ``csv_format``
  ``{"separator", "header", "deal_column"}`` writes the CSV for the reader's spreadsheet (a separator of
  :data:`otv66.challenge.CSV_SEPARATORS`, the five column names, each deal's column name with ``{n}`` its number);
  without it the CSV is :func:`otv66.challenge.standings_csv`'s default (``,``, ``rank,name,…,deal_1,…``)
- ``standings_open {token}`` -> the same, every result of the standings link verified again
- ``standings_read {token}`` -> ``{"challenge", "results"}``: a standings link's challenge and result link tokens
  (a repeated result once), unverified: the page checks them deal by deal (``result_check``), with progress, and
  ranks them (``standings``), as it does results pasted by hand
- ``replay_view {deal, ply}`` -> ``{"deal", "ply", "moves", "view"}``: deal number ``deal`` (0-based) of the
  opened game as it was after its first ``ply`` moves
- ``review_view {deal, ply, seconds?}`` -> ``{"deal", "ply", "moves", "view", "analysis"}``: deal number ``deal``
  (1-based, as in ``review``) of the match in play as it was after its first ``ply`` moves, with ``analyse``'s
  rating of every legal move there (``None`` once the deal is over or with only a claim to make): the last
  ``review``'s of that deal where it made one (the same numbers as its row), else a search of its own
- ``replay_moves {deal}`` -> ``{"deal", "moves": [{"player", "move", "took", "marriage"}]}``: deal number ``deal``
  (0-based) of the opened game move by move: who made each move, the trick's taker where it completed one (else
  ``None``), a marriage lead's points (else ``None``), for a list of its moves to jump to
- ``replay_review {deal, seconds?}``, ``replay_review_view {deal, ply, seconds?}``: ``review`` and ``review_view``
  of deal number ``deal`` (0-based, as in ``replay_view``) of the opened game: a deal of a match finished long ago
  or of someone else's studied as one just played
- ``friend_invite {name, rules?, forfeit?}``, ``friend_accept {link, name}``, ``friend_link {id, made_only?}`` ->
  ``{"link", "state", "saved"}`` (``forfeit``: docs/rules.md 6.5, default true; ``made_only``: the link last made,
  never a new one, ``friend_wrong_match`` while one is due); ``friend_receive {link}``,
  ``friend_play {id, move}``, ``friend_resign {id}``, ``friend_load {saved, newer_only?}``, ``friend_state {id}`` ->
  ``{"state", "saved"}`` (a resignation waits in the outbox: ``friend_link`` gives the link that carries it;
  ``newer_only``, for a backup imported: a match held further along is kept, ``friend_backup_older``);
  ``friend_peek {link}`` -> ``{"id", "invitation", "known", "offer"}`` (``offer``: an unknown invitation's
  ``{"name", "rules", "forfeit"}``, its proofs checked, else ``None``): a match against a friend played by links
  (:mod:`otv66.friend.desk`; the page stores ``saved`` on the device at once)
- ``friend_game_link {id}`` -> ``{"token": "g1.…"}``: a finished friend match as a game link (for ``open_link``),
  where its state's ``can_replay`` says so (the match is over); ``replay_view`` shows a card nobody saw face down
- ``friend_why_illegal {id, move}`` -> ``None`` if ``move`` may be played now in friend match ``id``, else the
  error ``friend_play`` would answer (as ``why_illegal``)

The state is ``{"match": {...}, "deal": view | None, "undo_count": n, "hint_count": n, "can_undo": bool,
"phase": phase, "seats": [seat, seat], "claim_offer": player | None}``
where ``view`` is :meth:`otv66.view.PublicView.to_dict` plus ``number``, ``packets`` and ``last_trick``
(``{"winner", "cards": [{"player", "card"}, ...]}`` or ``None``), ``phase`` is :data:`otv66.table.Phase`
(what happens next), a seat is ``{"name", "human", "level"}`` and ``claim_offer`` is the person who, under
manual claim, may claim 66 right after his own marriage lead, before it is answered (a page asks him
before the computer answers: :attr:`otv66.table.Table.claim_offer`); like the view, the state names no
face-down card (no seed either).

Every parameter is checked (a thinking time is a finite number of seconds up to
:data:`otv66.levels.MAX_SECONDS`); anything wrong is answered with a typed error, and every
reply is strict JSON (a request ``id`` that JSON cannot carry comes back as ``null``). The
computer opponent (:mod:`otv66.ai`), the club's challenges and the share links are imported when a method first
needs them, not before: the page's boot does not wait for them.

>>> reply = call('{"id": 1, "method": "new_match", "params": {"seed": 4, "first_dealer": 0}}')
>>> '"error"' in reply
False
>>> import json
>>> json.loads(call('{"id": 2, "method": "play", "params": {"move": "AS"}}'))["error"]["type"]
'illegal_move'
"""

from __future__ import annotations

import importlib.util
import inspect
import json
import math
import secrets
import sys
from collections import OrderedDict
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

from otv66 import __version__
from otv66.deal import CLAIM, Deal
from otv66.dealing import MAX_SEED, PACKET_SIZES, PILES, SHUFFLE_VERSION, check_packets, check_seed
from otv66.errors import IllegalMoveError, InvalidMatchError, Otv66Error
from otv66.levels import check_level, check_nodes, check_seconds
from otv66.match import MAX_NAME_LENGTH, Match
from otv66.record import (
    FORMAT,
    MAX_JSON_DEPTH,
    MAX_RECORD_BYTES,
    json_depth_ok,
    loads,
    match_from_record,
    match_to_record,
)
from otv66.rules import Rules
from otv66.table import (
    Opponent,
    Table,
    check_opponent,
    default_level,
    levels,
    own_view,
)

MAX_ID_LENGTH: Final = 200
"""Longest request id (a string) echoed back; a longer one, or one JSON cannot carry, comes back as ``null``."""
MAX_ECHO: Final = 60
"""Characters of a caller's value quoted in an error message."""


def _imported_on_first_use(name: str) -> ModuleType:
    """The module ``name``, whose code runs only when one of its attributes is first read (importlib's LazyLoader).

    The page's worker imports this module as it boots; the club's and the share links' modules (about a third of the
    engine's import time) wait until a call needs them.
    """
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ImportError(f"no module named {name!r}", name=name)
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


if TYPE_CHECKING:
    from otv66 import challenge as club
    from otv66 import links
    from otv66.friend.desk import FriendDesk
else:
    club = _imported_on_first_use("otv66.challenge")
    links = _imported_on_first_use("otv66.links")


class BridgeError(Otv66Error):
    """A request that is not a well-formed bridge call."""

    kind = "bad_request"


def _player(value: object) -> int:
    if type(value) is not int or value not in (0, 1):
        raise BridgeError(f"player must be 0 or 1, not {value!r:.{MAX_ECHO}}")
    return value


MAX_NODES: Final = 5_000_000
"""The largest node budget a caller may ask for (about a minute of search in the browser)."""
MAX_PONDER_MS: Final = 50
"""The longest pondering slice: the worker answers nothing else meanwhile."""


def _nodes(value: object) -> int | None:
    """A node budget: ``None`` (use time) or a whole number 1..MAX_NODES (:func:`~otv66.levels.check_nodes`)."""
    try:
        return check_nodes(value, MAX_NODES)
    except InvalidMatchError as error:
        raise BridgeError(str(error)) from None


def _ponder_ms(value: object) -> int:
    """A pondering slice: a whole number of milliseconds 1..MAX_PONDER_MS."""
    if type(value) is not int or not 1 <= value <= MAX_PONDER_MS:
        raise BridgeError(f"ms must be a whole number from 1 to {MAX_PONDER_MS}, not {value!r:.{MAX_ECHO}}")
    return value


def _position(played: Deal, ply: int) -> Deal:
    """``played`` dealt again and replayed up to its first ``ply`` moves (a deal of its own: ``played`` is kept)."""
    again = Deal.from_layout(played.reveal_layout(), played.dealer, played.rules)
    for move in played.moves[:ply]:
        again.play(move)
    return again


def _face_down(view: dict[str, Any], unseen: frozenset[str]) -> dict[str, Any]:
    """``view`` (:meth:`otv66.model.PublicView.to_dict`) with each top card of ``unseen`` shown as a face-down card:
    a stand-in for a card nobody saw (:attr:`otv66.match.Match.unseen`), which no legal move names either."""
    if unseen:
        for table in view["piles"]:
            for index, pile in enumerate(table):
                if pile["top"] in unseen:
                    table[index] = {"top": None, "hidden": True}
        view["legal_moves"] = [move for move in view["legal_moves"] if move[:2] not in unseen]
    return view


def _replayable_deal_token(deal: Deal, unseen: bool) -> str | None:
    """The link of a replayed deal, to play its cards again (a deal link, as ``deal_link`` gives once a deal is over),
    or ``None``: a deal not played out, or with cards nobody saw (a friend match's), keeps its face-down cards; one
    given by its layout has no seed to link."""
    if not deal.is_over or unseen or deal.seed is None or deal.packets is None:
        return None
    return links.deal_token(deal)


def _ai() -> Any:
    """The computer opponent, imported on first use (the page's engine starts faster without it)."""
    from otv66 import ai

    return ai


class Session:
    """The match a front end is playing (at a :class:`~otv66.table.Table`), and a game opened for replay."""

    def __init__(self) -> None:
        self.table: Table | None = None
        self.replay: Match | None = None
        self.attempt: club.Attempt | None = None
        self.result_checks: OrderedDict[str, club.ResultCheck] = OrderedDict()  # by result token, newest last
        self.memory: Any = None
        # The last deal reviewed, its moves then, and the review's rows (review_view shows their analyses).
        self.reviewed: tuple[Deal, tuple[str, ...], list[dict[str, Any]]] | None = None
        """What pondering found (an :class:`otv66.ai.SearchMemory`), for the computer's next move."""
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
            "record_max_bytes": MAX_RECORD_BYTES,
            "shuffle": SHUFFLE_VERSION,
            "levels": list(levels()),
            "default_level": default_level(),
            "packets": {"sizes": list(PACKET_SIZES), "total": PILES},
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

    def why_illegal(self, move: Any) -> dict[str, Any] | None:
        """Why ``move`` may not be played now (its error's kind, reason and params), or ``None`` if it may."""
        error = self._deal().why_illegal(move)
        return None if error is None else error_payload(error)

    def computer_move(self, nodes: Any = None) -> dict[str, Any]:
        player, move = self._table().computer_move(nodes=_nodes(nodes), memory=self.memory)
        return {"player": player, "move": move, "state": self.state()}

    def ponder(self, ms: Any) -> dict[str, Any]:
        seconds = _ponder_ms(ms) / 1000
        table = self._table()
        level = table.level
        deal = table.deal
        if table.phase != "human_moves" or level is None or deal is None or deal.turn is None:
            return {"pondering": False, "solved": False}
        ai = _ai()
        computer = 1 - deal.turn
        if table.is_human(computer) or not ai.level_named(level).ponders:
            return {"pondering": False, "solved": False}
        points = table.match.game_points
        score = (points[computer], points[deal.turn], table.match.rules.target, table.match.draw_bonus_pending)
        match_score = score if ai.level_named(level).match_aware else None
        self.memory, solved = ai.ponder(deal.view(), computer, seconds, self.memory, match_score)
        return {"pondering": True, "solved": solved}

    def undo(self) -> dict[str, Any]:
        self._table().undo()
        return self.state()

    def hint(self, seconds: Any = None) -> dict[str, Any]:
        move = self._table().hint(seconds=check_seconds(seconds))
        return {"move": move, "state": self.state()}

    def set_level(self, level: Any) -> dict[str, Any]:
        self._table().set_level(level)
        return self.state()

    def ai_move(
        self, level: Any = None, seconds: Any = None, seed: Any = None, player: Any = None, nodes: Any = None
    ) -> dict[str, Any]:
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
        move = ai.choose_move(
            view,
            level=chosen,
            seconds=budget,
            seed=self._seed(seed),
            match_score=self._score(view),
            nodes=_nodes(nodes),
        )
        return {"move": move}

    def analyse(self, seconds: Any = None) -> dict[str, Any]:
        view = self._deal_in_play().view()
        analysis: dict[str, Any] = _ai().analyse(view, seconds=check_seconds(seconds), match_score=self._score(view))
        return analysis

    def review(self, deal: Any = None, seconds: Any = None) -> dict[str, Any]:
        deals = self._table().match.deals
        number = len(deals) if deal is None else deal
        if type(number) is not int or not 1 <= number <= len(deals):
            raise BridgeError(f"there is no deal number {number!r:.{MAX_ECHO}} to review")
        return self._review(deals[number - 1], seconds, self._table().hint_analyses(number - 1))

    def replay_review(self, deal: Any, seconds: Any = None) -> dict[str, Any]:
        """The review of deal ``deal`` (0-based, as ``replay_view``) of the game opened for replay: a deal of a match
        finished long ago (History's replay) or someone else's (a shared link) studied as one just played is."""
        return self._review(self._replayed(deal), seconds)

    def _review(
        self, played: Deal, seconds: Any, hinted: Mapping[tuple[str, ...], dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        """Every move of ``played`` rated (otv66.ai.review), kept for the positions shown at its moves."""
        from otv66.ai.review import SECONDS_PER_MOVE, review_deal

        budget = check_seconds(seconds)
        review = review_deal(played, budget if budget is not None else SECONDS_PER_MOVE, hinted)
        self.reviewed = (played, tuple(played.moves), review["moves"])
        return review

    def record(self) -> dict[str, Any]:
        table = self._table()
        return match_to_record(table.match, **table.record_extras())

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
        table.take_counts(record)
        self.table = table
        return self.state()

    def deal_link(self) -> dict[str, Any]:
        deal = self._deal()
        if not deal.is_over:
            # Opened in another tab, the link would deal the same cards: played out there, it shows the face-down ones.
            raise links.LinkError("a deal's link is given once the deal is over", "deal_in_progress")
        return {"token": links.deal_token(deal)}

    def game_link(self) -> dict[str, Any]:
        return {"token": links.game_token(self._table().match)}

    def game_record(self, token: Any) -> dict[str, Any]:
        return match_to_record(links.read_game_token(token))

    def record_game_link(self, text: Any) -> dict[str, str]:
        return {"token": links.game_token(loads(text))}

    def open_link(self, token: Any, kind: Any = None) -> dict[str, Any]:
        if kind is not None and kind not in links.SHARE_KINDS:
            raise BridgeError(f"kind must be one of {', '.join(links.SHARE_KINDS)}, not {kind!r:.{MAX_ECHO}}")
        opened = links.read_token(token, kind)
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
                {
                    "dealer": d.dealer,
                    "moves": list(d.moves),
                    "result": d.result,
                    "resigned": opened.resigned.get(index),
                    "awarded": list(award),
                    "bonus_after": bonus,
                    "deal_token": _replayable_deal_token(d, index in opened.unseen),
                }
                for index, (d, award, bonus) in enumerate(
                    zip(opened.deals, opened.awards(), opened.bonuses_after(), strict=True)
                )
            ],
        }

    def replay_view(self, deal: Any, ply: Any) -> dict[str, Any]:
        played = self._replayed(deal)
        if type(ply) is not int or not 0 <= ply <= len(played.moves):
            raise BridgeError(f"ply must be a number from 0 to {len(played.moves)}")
        again = _position(played, ply)
        view = _face_down(again.view().to_dict(), self._replay().unseen.get(deal, frozenset()))
        return {"deal": deal, "ply": ply, "moves": list(played.moves), "view": view}

    def replay_moves(self, deal: Any) -> dict[str, Any]:
        played = self._replayed(deal)
        again = _position(played, 0)
        listed = []
        for move in played.moves:
            player = again.claimant if move == CLAIM else again.turn
            tricks = again.tricks_played
            again.play(move)
            took = again.last_trick_winner if again.tricks_played > tricks else None
            marriage = again.marriages[-1].points if move.endswith("m") else None
            listed.append({"player": player, "move": move, "took": took, "marriage": marriage})
        return {"deal": deal, "moves": listed}

    def replay_review_view(self, deal: Any, ply: Any, seconds: Any = None) -> dict[str, Any]:
        """``review_view`` of deal ``deal`` (0-based) of the game opened for replay (see ``replay_review``), its cards
        that nobody saw face down as in ``replay_view``."""
        shown = self._review_view(self._replayed(deal), deal, ply, seconds)
        shown["view"] = _face_down(shown["view"], self._replay().unseen.get(deal, frozenset()))
        return shown

    def _replay(self) -> Match:
        if self.replay is None:
            raise IllegalMoveError("no game is open for replay: open a game link first")
        return self.replay

    def _replayed(self, deal: Any) -> Deal:
        """Deal ``deal`` (0-based) of the game opened for replay."""
        deals = self._replay().deals
        if type(deal) is not int or not 0 <= deal < len(deals):
            raise BridgeError(f"deal must be a number from 0 to {len(deals) - 1}")
        return deals[deal]

    # ------------------------------------------------------------------ club challenges

    def challenge_new(
        self, name: Any, deals: Any, level: Any, closes: Any, rules: Any = None, seed: Any = None
    ) -> dict[str, Any]:
        made = club.Challenge(
            club.check_challenge_name(name),
            deals,
            level,
            club.check_closing_date(closes),
            secrets.randbelow(MAX_SEED + 1) if seed is None else seed,
            Rules.from_dict(rules if rules is not None else {}),
        )
        return {"token": links.challenge_token(made), "challenge": made.to_dict()}

    def challenge_check(self, name: Any, deals: Any, closes: Any) -> dict[str, Any]:
        return {"problems": [error_payload(error) for error in club.form_problems(name, deals, closes)]}

    def challenge_levels(self) -> dict[str, Any]:
        return {"levels": list(club.CHALLENGE_LEVELS)}

    def challenge_open(self, token: Any, today: Any = None) -> dict[str, Any]:
        opened = links.read_challenge_token(token)
        try:
            if today is not None:
                opened.check_open(today)
            closed = False
        except club.ChallengeClosedError:
            closed = True
        return {"challenge": opened.to_dict(), "levels": list(club.CHALLENGE_LEVELS), "closed": closed}

    def challenge_start(self, token: Any, name: Any, moves: Any = None, today: Any = None) -> dict[str, Any]:
        opened = links.read_challenge_token(token)
        if today is not None:
            opened.check_open(today)
        if moves is None:
            self.attempt = club.Attempt(opened, club.check_member_name(name))
        else:
            self.attempt = club.Attempt.resume(opened, club.check_member_name(name), _saved_moves(moves))
        return _attempt_dict(self._attempt())

    def challenge_next_deal(self) -> dict[str, Any]:
        attempt = self._attempt()
        deal = attempt.next_deal()
        return {"computer_moves": list(deal.moves), "attempt": _attempt_dict(attempt)}

    def challenge_play(self, move: Any) -> dict[str, Any]:
        attempt = self._attempt()
        tricks = attempt.deal_in_play.tricks_played if attempt.deal_in_play is not None else 0
        answers = attempt.play(move)
        taken = _trick_taken(attempt.deals[-1], tricks, len(answers))
        return {"computer_moves": answers, "attempt": _attempt_dict(attempt), "trick_taken": taken}

    def challenge_result(self, finished: Any = None) -> dict[str, Any]:
        return {"token": links.result_token(self._attempt().result(finished))}

    def result_check(self, token: Any, deal: Any = None, challenge: Any = None) -> dict[str, Any]:
        check = self._result_check(token, None if challenge is None else links.read_challenge_token(challenge))
        result = check.result
        if deal is None:
            return {
                "challenge": result.challenge.to_dict(),
                "challenge_token": links.challenge_token(result.challenge),
                "result": check.verified().to_dict(),
            }
        if type(deal) is not int or not 1 <= deal <= len(result.moves):
            raise BridgeError(f"deal must be a number from 1 to {len(result.moves)}")
        return {"deal": deal, "deals": result.challenge.deals, "score": check.deal_score(deal).to_dict()}

    def result_name(self, token: Any) -> dict[str, Any]:
        """The member's name in the result link ``token``, as it reads (not verified), or ``None``: a refused result
        is named by the page ("Red 9 (Kasni): …"), when its link can still be read."""
        try:
            return {"name": links.read_result_token(token).name}
        except Otv66Error:
            return {"name": None}

    def standings(self, results: Any, challenge: Any = None, csv_format: Any = None) -> dict[str, Any]:
        if not isinstance(results, list) or (not results and challenge is None) or len(results) > club.MAX_RESULTS:
            raise BridgeError(f"results is a list of 1 to {club.MAX_RESULTS} result link tokens")
        written = _csv_format(csv_format)
        checks = list({id(check): check for check in map(self._result_check, results)}.values())  # each once
        opened = checks[0].result.challenge if challenge is None else links.read_challenge_token(challenge)
        for check in checks:
            club.check_same_challenge(opened, check.result)
        return _standings(opened, [check.verified() for check in checks], written)

    def standings_open(self, token: Any) -> dict[str, Any]:
        opened, results = _standings_link(token)
        return _standings(opened, [club.verify(result) for result in results], {})

    def standings_read(self, token: Any) -> dict[str, Any]:
        opened, results = _standings_link(token)
        return {"challenge": links.challenge_token(opened), "results": [links.result_token(r) for r in results]}

    def _result_check(self, token: Any, challenge: club.Challenge | None = None) -> club.ResultCheck:
        """The check of the result link ``token``: kept from an earlier call (its deals re-played once), or new.

        Given the standings' ``challenge``, a result of another challenge is refused first (it is not re-played).
        """
        check = self.result_checks.get(token) if isinstance(token, str) else None
        result = links.read_result_token(token) if check is None else check.result
        if challenge is not None:
            club.check_same_challenge(challenge, result)
        if check is None:
            check = club.ResultCheck(result)
            self.result_checks[token] = check
            if len(self.result_checks) > club.MAX_RESULTS:
                self.result_checks.popitem(last=False)
        self.result_checks.move_to_end(token)
        return check

    def _attempt(self) -> club.Attempt:
        if self.attempt is None:
            raise IllegalMoveError("no challenge is being played: open a challenge link first")
        return self.attempt

    def review_view(self, deal: Any, ply: Any, seconds: Any = None) -> dict[str, Any]:
        deals = self._table().match.deals
        if type(deal) is not int or not 1 <= deal <= len(deals):
            raise BridgeError(f"there is no deal number {deal!r:.{MAX_ECHO}} to review")
        return self._review_view(deals[deal - 1], deal, ply, seconds)

    def _review_view(self, played: Deal, deal: int, ply: Any, seconds: Any) -> dict[str, Any]:
        """``played`` after its first ``ply`` moves, with every legal move there rated (by the last review's numbers
        where it rated that position), as deal ``deal`` of the caller's numbering."""
        if type(ply) is not int or not 0 <= ply <= len(played.moves):
            raise BridgeError(f"ply must be a number from 0 to {len(played.moves)}")
        budget = check_seconds(seconds)
        again = _position(played, ply)
        view = again.view()
        analysis = None
        if not again.is_over and any(move != CLAIM for move in view.legal_moves):
            analysis = self._reviewed_analysis(played, ply) or _ai().analyse(view, seconds=budget)
        return {"deal": deal, "ply": ply, "moves": list(played.moves), "view": view.to_dict(), "analysis": analysis}

    def _reviewed_analysis(self, played: Deal, ply: int) -> dict[str, Any] | None:
        """The analysis the last ``review`` of ``played`` (as it stands) made before its move ``ply``, if it made one:
        the position shown at a move rates its choices with the numbers of the review's row (a search of its own,
        timed, would give others)."""
        if self.reviewed is None:
            return None
        deal, moves, rows = self.reviewed
        if deal is not played or moves != tuple(played.moves) or ply >= len(rows):
            return None
        analysis: dict[str, Any] | None = rows[ply]["analysis"]
        return analysis

    def state(self) -> dict[str, Any]:
        table = self.table
        if table is None:
            return {
                "match": None,
                "deal": None,
                "undo_count": 0,
                "hint_count": 0,
                "can_undo": False,
                "phase": None,
                "seats": None,
                "claim_offer": None,
            }
        match = table.match
        awards = match.awards()
        deal = match.deal
        view = None
        if deal is not None:
            view = deal.view().to_dict()
            # The seed stays out: it would name every face-down card (deal_link and record are the explicit calls).
            view.update(number=len(match.deals), packets=list(deal.packets or ()), last_trick=deal.last_trick_dict())
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
                "false_claim": match.false_claim_risk(),
                "deals": [
                    {"dealer": d.dealer, "result": d.result, "awarded": list(award)}
                    for d, award in zip(match.deals, awards, strict=True)
                ],
            },
            "deal": view,
            "undo_count": table.undo_count,
            "hint_count": table.hint_count,
            "can_undo": table.can_undo,
            "phase": table.phase,
            "seats": [seat.to_dict() for seat in table.seats],
            "claim_offer": table.claim_offer,
        }

    # ------------------------------------------------------------------ friend matches (otv66.friend.desk)

    def friend_invite(self, name: Any, rules: Any = None, forfeit: Any = True) -> dict[str, Any]:
        return self._desk().invite(name, rules, forfeit)

    def friend_accept(self, link: Any, name: Any) -> dict[str, Any]:
        return self._desk().accept(link, name)

    def friend_peek(self, link: Any) -> dict[str, Any]:
        return self._desk().peek(link)

    def friend_load(self, saved: Any, newer_only: Any = False) -> dict[str, Any]:
        return self._desk().load(saved, newer_only)

    def friend_receive(self, link: Any) -> dict[str, Any]:
        return self._desk().receive(link)

    def friend_play(self, id: Any, move: Any) -> dict[str, Any]:
        return self._desk().play(id, move)

    def friend_link(self, id: Any, made_only: Any = False) -> dict[str, Any]:
        return self._desk().link(id, made_only)

    def friend_state(self, id: Any) -> dict[str, Any]:
        return self._desk().state(id)

    def friend_why_illegal(self, id: Any, move: Any) -> dict[str, Any] | None:
        """Why ``move`` may not be played in friend match ``id`` (as ``why_illegal``), or ``None``."""
        error = self._desk().why_illegal(id, move)
        return None if error is None else error_payload(error)

    def friend_resign(self, id: Any) -> dict[str, Any]:
        return self._desk().resign(id)

    def friend_game_link(self, id: Any) -> dict[str, Any]:
        return {"token": links.game_token(self._desk().replay(id))}

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

    def _score(self, view: Any) -> tuple[int, int, int, int] | None:
        """``(mover's game points, opponent's, target, draw bonus pending)`` for the master's match play."""
        match = self._table().match
        if view.turn is None:
            return None
        points = match.game_points
        return points[view.turn], points[1 - view.turn], match.rules.target, match.draw_bonus_pending

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


def _standings_link(token: Any) -> tuple[club.Challenge, list[club.Result]]:
    """A standings link's challenge and its results, a result given twice once (so it is re-played once)."""
    opened, results = links.read_standings_token(token)
    unique = {(result.name, result.moves, result.totals): result for result in results}
    return opened, list(unique.values())


def _attempt_dict(attempt: club.Attempt) -> dict[str, Any]:
    """The attempt for the page (:meth:`otv66.challenge.Attempt.to_dict`), its deal with its last trick."""
    shown = attempt.to_dict()
    if shown["deal"] is not None:
        shown["deal"]["last_trick"] = attempt.deals[-1].last_trick_dict()
    return shown


def _trick_taken(deal: Deal, tricks: int, answers: int) -> dict[str, Any] | None:
    """The view of ``deal`` (with its last trick) right after the trick that its last moves took, ``tricks`` complete
    before them; ``None`` when they took none, or the computer made none of its ``answers`` after it."""
    then = deal.copy()
    for _ in range(answers):
        if then.tricks_played == tricks or not (then.trick or then.moves[-1] == CLAIM):
            break
        then.undo()
    if then.tricks_played == tricks or len(then.moves) == len(deal.moves):
        return None
    shown = then.view().to_dict()
    shown["last_trick"] = then.last_trick_dict()
    return shown


def _saved_moves(moves: Any) -> list[list[str]]:
    """Saved challenge progress: a list (one per deal) of lists of move codes, else a :class:`BridgeError`."""
    if not isinstance(moves, list) or not all(
        isinstance(deal, list) and all(isinstance(move, str) for move in deal) for deal in moves
    ):
        raise BridgeError("moves is a list of each deal's moves (lists of move codes)")
    return moves


def _csv_format(given: Any) -> dict[str, Any]:
    """The page's ``csv_format`` as :func:`otv66.challenge.standings_csv`'s keyword arguments (none: its defaults)."""
    if given is None:
        return {}
    if not isinstance(given, dict) or set(given) != {"separator", "header", "deal_column"}:
        raise BridgeError("csv_format is {separator, header, deal_column}")
    header, deal_column = given["header"], given["deal_column"]
    names = [*header, deal_column] if isinstance(header, list) else []
    if (
        given["separator"] not in club.CSV_SEPARATORS
        or len(names) != len(club.CSV_HEADER) + 1
        or not all(isinstance(name, str) and 0 < len(name) <= MAX_NAME_LENGTH for name in names)
    ):
        raise BridgeError(
            f"csv_format has a separator of {club.CSV_SEPARATORS} and {len(club.CSV_HEADER)} column names and a "
            f"deal column name, each 1 to {MAX_NAME_LENGTH} characters"
        )
    return {"separator": given["separator"], "header": header, "deal_column": deal_column}


def _standings(opened: club.Challenge, verified: list[club.VerifiedResult], written: dict[str, Any]) -> dict[str, Any]:
    """Rank ``verified`` (results of the challenge ``opened``); the table, its CSV (written as :func:`_csv_format`
    gives) and its link."""
    rows = club.standings(verified)
    return {
        "challenge": opened.to_dict(),
        "rows": [row.to_dict() for row in rows],
        "repeated": [{"name": name, "ranks": ranks} for name, ranks in club.repeated_names(rows)],
        "tie_break": club.TIE_BREAK,
        "csv": club.standings_csv(rows, **written),
        "token": links.standings_token(opened, [row.entry.result for row in rows]),
    }


METHODS = frozenset(
    {
        "version",
        "new_match",
        "new_deal",
        "next_deal",
        "state",
        "play",
        "computer_move",
        "ponder",
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
        "game_record",
        "record_game_link",
        "replay_view",
        "replay_moves",
        "replay_review",
        "replay_review_view",
        "challenge_new",
        "challenge_check",
        "challenge_levels",
        "challenge_open",
        "challenge_start",
        "challenge_next_deal",
        "challenge_play",
        "challenge_result",
        "result_check",
        "result_name",
        "standings",
        "standings_open",
        "standings_read",
        "review_view",
        "why_illegal",
        "friend_invite",
        "friend_accept",
        "friend_peek",
        "friend_load",
        "friend_receive",
        "friend_play",
        "friend_link",
        "friend_state",
        "friend_resign",
        "friend_why_illegal",
        "friend_game_link",
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
        return {"id": request_id, "error": error_payload(error)}
    except ValueError as error:  # a plain ValueError from inside the engine: answered in the same shape
        return {
            "id": request_id,
            "error": {"type": "invalid_value", "message": str(error), "reason": "invalid_value", "params": {}},
        }


def error_payload(error: Otv66Error) -> dict[str, Any]:
    """An engine error as the bridge sends it: ``type`` (its kind), ``message`` (English), ``reason`` and ``params``
    (for the page to say it in the player's language)."""
    return {"type": error.kind, "message": str(error), "reason": error.reason, "params": error.params}


def call(request_json: str) -> str:
    """Answer one JSON request with strict JSON text (the Web Worker's only entry point)."""
    try:
        if not json_depth_ok(request_json):  # too deep for the decoder inside Pyodide
            raise ValueError(f"nested more than {MAX_JSON_DEPTH} levels deep")
        request = json.loads(request_json)
    except (ValueError, RecursionError) as error:
        return _dumps({"id": None, "error": error_payload(BridgeError(f"not JSON: {error}"))})
    reply = handle(request)
    try:
        return _dumps(reply)
    except ValueError as error:  # a number JSON cannot carry in a result: an engine fault, answered all the same
        return _dumps({"id": reply["id"], "error": error_payload(BridgeError(f"the answer is not JSON: {error}"))})


def _dumps(reply: dict[str, Any]) -> str:
    return json.dumps(reply, ensure_ascii=False, allow_nan=False)

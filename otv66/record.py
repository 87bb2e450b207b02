"""Game records (docs/record-format.md): export and import of matches and deals.

A reader trusts nothing: it re-plays every move and rejects, with a
:class:`RecordError` that says where and why, anything malformed, illegal or
inconsistent (a stored result that the moves do not give, a seed and a layout
that disagree, a dealer the dealer rule would not choose). Unknown extra keys
are kept out of the way, as docs/record-format.md allows.

>>> from otv66.match import MAX_NAME_LENGTH, Match
>>> match = Match(seed=9)
>>> deal = match.new_deal()
>>> deal.play(deal.legal_moves()[0])
>>> again = match_from_record(match_to_record(match))
>>> again.deal.moves == deal.moves
True
"""

from __future__ import annotations

import itertools
import json
import math
import re
from typing import Any, Final

from otv66.cards import CODES
from otv66.deal import Deal
from otv66.dealing import check_packets
from otv66.errors import InvalidMatchError, Otv66Error, RecordError, UnsupportedVersionError
from otv66.match import MAX_NAME_LENGTH, Match
from otv66.rules import Rules

FORMAT_NAME: Final = "otv66-record"
FORMAT_VERSION: Final = 2
"""The newest format version this engine reads and writes: 2 adds a deal's ``resigned`` (docs/rules.md 6.5)."""
FORMAT: Final = f"{FORMAT_NAME}/{FORMAT_VERSION}"
FIRST_FORMAT: Final = f"{FORMAT_NAME}/1"
"""What a record with no deal resigned is written as: every version of the engine reads it (a page of an older build
still open in a tab opens the game link of such a match)."""
MAX_DEALS: Final = 1000
MAX_RECORD_VALUES: Final = 200_000
MAX_RECORD_BYTES: Final = 4_000_000
"""Longest record text :func:`loads` reads, in UTF-8 bytes (a file a person opens could be anything): a deal with its
layout takes about 530 bytes compact, 850 as the page's History saves it and 1,800 indented throughout, so MAX_DEALS
deals fit any of these ways."""
"""Most values (objects, arrays, strings, numbers...) in a record: MAX_DEALS deals hold about 100,000."""
_INT_BOUND: Final = 2**64
MAX_JSON_DEPTH: Final = 100
"""Deepest nesting of arrays and objects that is decoded (a record nests 6 deep). Deeper text is
refused before decoding: inside Pyodide the decoder's recursion overflows the JavaScript stack
(at about 5,000 levels under Node, fewer in a browser worker) and kills the interpreter instead
of raising ``RecursionError``."""
_JSON_STRING: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
"""A JSON string, escapes skipped, its closing quote optional. With the quote optional a match never fails
once it starts, so nothing is scanned twice: linear in the text (a required quote let an unterminated run
of ``\\"`` be rescanned from each of its quotes: quadratic)."""
_NOT_BRACKETS: Final = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP: Final = {"[": 1, "{": 1, "]": -1, "}": -1}


def deal_to_dict(deal: Deal, unseen: frozenset[str] = frozenset(), resigned: int | None = None) -> dict[str, Any]:
    """Return one deal as a docs/record-format.md ``deals[]`` entry (layout, and seed when known); ``unseen``: the
    cards of its layout that stand in for cards nobody saw (:attr:`otv66.match.Match.unseen`), in card order;
    ``resigned``: the player who gave the deal up (:attr:`otv66.match.Match.resigned`), if one did."""
    entry: dict[str, Any] = {"dealer": deal.dealer}
    if deal.packets is not None:
        entry["packets"] = list(deal.packets)
    if deal.seed is not None:
        entry["seed"] = deal.seed
    entry["layout"] = deal.reveal_layout()
    entry["trump"] = deal.trump
    entry["moves"] = deal.moves
    if deal.result is not None:
        entry["result"] = deal.result
    if unseen:
        entry["unseen"] = sorted(unseen, key=CODES.index)
    if resigned is not None:
        entry["resigned"] = resigned
    return entry


def deal_from_dict(entry: Any, rules: Rules) -> Deal:
    """Rebuild a deal from a ``deals[]`` entry and re-play its moves; raise :class:`RecordError` if anything is off."""
    if not isinstance(entry, dict):
        raise RecordError("a deal must be an object")
    dealer = entry.get("dealer")
    packets = entry.get("packets")
    plan = check_packets(packets) if packets is not None else None
    if "layout" in entry:
        deal = Deal.from_layout(entry["layout"], dealer, rules)  # type: ignore[arg-type]
        deal.packets = plan
        if "seed" in entry:
            if plan is None:
                raise RecordError("a deal given by seed needs its packet plan")
            seeded = Deal.from_seed(entry["seed"], dealer, plan, rules)  # type: ignore[arg-type]
            if seeded.reveal_layout() != deal.reveal_layout():
                raise RecordError("the layout is not the one the seed gives")
            deal.seed = seeded.seed
    elif "seed" in entry:
        if plan is None:
            raise RecordError("a deal given by seed needs its packet plan")
        deal = Deal.from_seed(entry["seed"], dealer, plan, rules)  # type: ignore[arg-type]
    else:
        raise RecordError("a deal needs a layout or a seed")
    if "trump" in entry and entry["trump"] != deal.trump:
        raise RecordError(f"trump must be {deal.trump} (the suit of the dealer's last card)")
    moves = entry.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError("moves must be a list")
    for number, move in enumerate(moves, start=1):
        if deal.is_over:
            raise RecordError(f"move {number} comes after the end of the deal")
        try:
            deal.play(move)
        except Otv66Error as error:
            raise RecordError(f"move {number} is illegal: {error}", "record_illegal_move", move=number) from error
    stored = entry.get("result")
    if not _says_result(stored, deal.result):
        if deal.result is None:
            raise RecordError("the record gives a result, but the deal is not over")
        if stored is None:
            raise RecordError("the deal is over but the record gives no result")
        raise RecordError(f"the stored result is not what the moves give: {deal.result}")
    return deal


def _says_result(stored: object, result: dict[str, Any] | None) -> bool:
    """Whether a deal's stored ``result`` says what its moves give: each key the engine gives, of the same value and
    JSON type (``true`` is no player, ``1.0`` no game point); keys of its own are ignored, as anywhere in a record."""
    if stored is None or result is None:
        return stored is result
    return isinstance(stored, dict) and all(key in stored and _same_json(stored[key], result[key]) for key in result)


def _same_json(stored: object, given: object) -> bool:
    """Whether ``stored`` is ``given`` as JSON writes it: lists item by item, values of the same type."""
    if isinstance(given, list):
        return (
            isinstance(stored, list)
            and len(stored) == len(given)
            and all(_same_json(item, value) for item, value in zip(stored, given, strict=True))
        )
    return type(stored) is type(given) and stored == given


def unseen_from_dict(entry: dict[str, Any], deal: Deal) -> frozenset[str]:
    """A ``deals[]`` entry's ``unseen`` cards (none if it has no such key), checked against its re-played ``deal``:
    distinct face-down cards of the layout, none of them played (nobody saw them); else a :class:`RecordError`."""
    if "unseen" not in entry:
        return frozenset()
    listed = entry["unseen"]
    face_down = {down for table in deal.reveal_layout() for down, _ in table}
    played = {move[:2] for move in deal.moves}
    if (
        not isinstance(listed, list)
        or not all(isinstance(card, str) for card in listed)
        or len(set(listed)) != len(listed)
        or not set(listed) <= face_down - played
    ):
        raise RecordError("unseen must list distinct face-down cards of the layout, none of them played")
    return frozenset(listed)


def match_to_record(match: Match, **extra: Any) -> dict[str, Any]:
    """Return ``match`` as a docs/record-format.md record; ``extra`` keys are added at the top level.

    Raises :class:`~otv66.errors.InvalidMatchError` for anything but a :class:`~otv66.match.Match`."""
    if not isinstance(match, Match):
        raise InvalidMatchError(f"a record is written from a Match, not from {type(match).__name__}")
    record: dict[str, Any] = {
        "format": FORMAT if match.resigned else FIRST_FORMAT,
        "rules": match.rules.to_dict(),
        "players": list(match.players),
    }
    if match.seed is not None:
        record["seed"] = match.seed
    record["first_dealer"] = match.first_dealer
    record["deals"] = [
        deal_to_dict(deal, match.unseen.get(index, frozenset()), match.resigned.get(index))
        for index, deal in enumerate(match.deals)
    ]
    record.update(extra)
    return record


def check_format(record: Any) -> int:
    """Return the format version of ``record``; raise unless it is an object in a version this engine reads.

    The messages never quote the record: it may come from a link, and the page shows them.
    """
    if type(record) is not dict:
        raise RecordError("a record must be a JSON object", "not_a_record")
    name = record.get("format")
    if type(name) is not str or not name.startswith(FORMAT_NAME + "/"):
        raise RecordError("not an otv66 record (no otv66-record format name)", "not_a_record")
    version = name.removeprefix(FORMAT_NAME + "/")
    # A whole number from 1 in ASCII digits: "²" is none, and "0001" or "0" no version's name.
    if not (version.isascii() and version.isdigit()) or version.startswith("0"):
        raise RecordError(f"unknown record format: this version reads {FORMAT}")
    if len(version) > len(str(FORMAT_VERSION)) or int(version) > FORMAT_VERSION:  # int() of 5000 digits is refused
        shown = version if len(version) <= 12 else f"{version[:12]}…"
        raise UnsupportedVersionError(
            f"this record was written by a newer version of otv66 (format {FORMAT_NAME}/{shown}); "
            f"this one reads {FORMAT}"
        )
    return int(version)


def check_plain_data(value: Any) -> None:
    """Raise :class:`RecordError` unless ``value`` is data that JSON text could carry, within the reader's bounds.

    That is: dicts with string keys, lists (or tuples), strings that UTF-8 can encode (no lone surrogate),
    booleans, ``None``, integers within ±2**64 and finite floats; nested at most :data:`MAX_JSON_DEPTH`
    deep, :data:`MAX_RECORD_VALUES` values in all. Anything else (a cycle, a subclass with its own ``==``,
    ``1e400`` read as infinity, an integer too long to print) is refused here, so that the rest of the
    reader meets only plain, shallow, printable data and can raise nothing but a typed error.
    """
    level: list[Any] = [value]  # the values at one depth, walked a level at a time (no recursion, few calls)
    depth = count = 0
    while level:
        depth += 1
        count += len(level)
        if count > MAX_RECORD_VALUES:
            raise RecordError(f"not a record: more than {MAX_RECORD_VALUES} values")
        below: list[Any] = []
        for item in level:
            kind = type(item)
            if kind is dict or kind is list or kind is tuple:
                if depth > MAX_JSON_DEPTH:
                    raise RecordError(f"not a record: nested more than {MAX_JSON_DEPTH} levels deep")
                if kind is dict:
                    if not all(type(key) is str and _utf8(key) for key in item):
                        raise RecordError("not a record: every key must be text")
                    item = item.values()
                below.extend(item)
            elif kind is str:
                if not _utf8(item):
                    raise RecordError("not a record: a text holds a lone surrogate (not Unicode text)")
            elif kind is int:
                if not -_INT_BOUND < item < _INT_BOUND:
                    raise RecordError("not a record: a number is beyond 2**64")
            elif kind is float:
                if not math.isfinite(item):
                    raise RecordError("not a record: a number is infinite or not a number")
            elif not (kind is bool or item is None):
                raise RecordError("not a record: it holds something JSON cannot")
        level = below


def _utf8(text: str) -> bool:
    """Whether ``text`` is Unicode text UTF-8 can encode (JSON's ``"\\ud800"`` decodes to one that is not)."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def match_from_record(record: Any) -> Match:
    """Rebuild a match from a docs/record-format.md record, re-playing and checking every deal.

    ``record`` is untrusted: anything that is not a valid record raises a :class:`RecordError`
    (:class:`UnsupportedVersionError` for a newer format), whatever Python object it is.
    """
    version = check_format(record)
    check_plain_data(record)
    try:
        rules = Rules.from_dict(record.get("rules", {}))
    except Otv66Error as error:
        raise RecordError(f"rules: {error}") from error
    players = record.get("players", ["Player 1", "Player 2"])
    if (
        not isinstance(players, list)
        or len(players) != 2
        or not all(isinstance(name, str) and len(name) <= MAX_NAME_LENGTH for name in players)
    ):
        raise RecordError(f"players must be two names of at most {MAX_NAME_LENGTH} characters")
    deals = record.get("deals", [])
    if not isinstance(deals, list) or len(deals) > MAX_DEALS:
        raise RecordError("deals must be a list")
    # Not given (or null): the first deal's dealer, else player 0. Never drawn at random: one record, one reading.
    first_dealer = record.get("first_dealer")
    if first_dealer is None:
        first_dealer = deals[0].get("dealer", 0) if deals and isinstance(deals[0], dict) else 0
    try:
        match = Match(rules, first_dealer, players, seed=record.get("seed"))
    except Otv66Error as error:
        raise RecordError(f"match: {error}") from error
    for number, entry in enumerate(deals, start=1):
        if match.is_over:
            raise RecordError(f"deal {number} comes after the end of the match")
        if match.deals and not match.is_finished(len(match.deals) - 1):
            raise RecordError(f"deal {number} starts before deal {number - 1} is over")
        if not isinstance(entry, dict):
            raise RecordError(f"deal {number} must be an object")
        if entry.get("dealer") != match.next_dealer:
            raise RecordError(f"deal {number}: the dealer must be player {match.next_dealer}")
        try:
            deal = deal_from_dict(entry, rules)
            unseen = unseen_from_dict(entry, deal)
        except Otv66Error as error:
            # A move that does not play keeps its reason, and says which deal it is in.
            reason, params = (error.reason, error.params) if isinstance(error, RecordError) else ("", {})
            raise RecordError(f"deal {number}: {error}", reason, **{**params, "deal": number}) from error
        if unseen:
            match.unseen[len(match.deals)] = unseen
        match.deals.append(deal)
        if "resigned" in entry:
            if version < 2:
                raise RecordError(f"deal {number}: a resigned deal is written as {FORMAT_NAME}/2, not /{version}")
            _take_resignation(match, entry["resigned"], number)
    return match


def _take_resignation(match: Match, player: Any, number: int) -> None:
    """Deal ``number`` of ``match``, its last so far, was given up by ``player`` (a deal's ``resigned``): a deal still
    in progress (its moves do not end it), by player 0 or 1."""
    if type(player) is not int or player not in (0, 1):
        raise RecordError(f"deal {number}: resigned must be the player who gave it up, 0 or 1")
    if match.deals[-1].is_over:
        raise RecordError(f"deal {number}: a deal whose moves end it cannot have been resigned")
    match.resign(player)


def dumps(match: Match, **extra: Any) -> str:
    """Return the match record as compact JSON text."""
    return json.dumps(match_to_record(match, **extra), separators=(",", ":"), ensure_ascii=False)


def json_depth_ok(text: str) -> bool:
    """Whether JSON ``text`` nests arrays and objects at most :data:`MAX_JSON_DEPTH` deep.

    Brackets inside strings do not count. Check untrusted text with this before ``json.loads``.

    >>> json_depth_ok('{"a": [[1], "[[["]}'), json_depth_ok("[" * 101 + "]" * 101)
    (True, False)
    """
    if text.count("[") + text.count("{") <= MAX_JSON_DEPTH:
        return True
    brackets = _NOT_BRACKETS.sub("", _JSON_STRING.sub("", text))
    depths = itertools.accumulate(map(_DEPTH_STEP.__getitem__, brackets))
    return not any(map(MAX_JSON_DEPTH.__lt__, depths))  # stops at the first bracket too deep


def loads(text: str) -> Match:
    """Rebuild a match from JSON text; anything that is not a valid record raises :class:`RecordError`. A byte order
    mark before it (a file saved as "UTF-8 with BOM", as Windows' Notepad does) is read past."""
    if not isinstance(text, str):
        raise RecordError("a record is JSON text")
    text = text.removeprefix("\ufeff")
    if len(text) > MAX_RECORD_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_RECORD_BYTES:
        raise RecordError(f"not a record: longer than {MAX_RECORD_BYTES:,} bytes", "record_too_large")
    if not json_depth_ok(text):
        raise RecordError(f"not a record: JSON nested more than {MAX_JSON_DEPTH} levels deep")
    try:
        record = json.loads(text)
    except (TypeError, ValueError, RecursionError) as error:
        raise RecordError(f"not valid JSON: {error}", "not_a_record") from None
    return match_from_record(record)

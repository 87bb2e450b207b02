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

import json
import re
from typing import Any, Final

from otv66.deal import Deal
from otv66.dealing import check_packets
from otv66.errors import Otv66Error, RecordError, UnsupportedVersionError
from otv66.match import MAX_NAME_LENGTH, Match
from otv66.rules import Rules

FORMAT_NAME: Final = "otv66-record"
FORMAT_VERSION: Final = 1
FORMAT: Final = f"{FORMAT_NAME}/{FORMAT_VERSION}"
MAX_DEALS: Final = 1000
MAX_JSON_DEPTH: Final = 100
"""Deepest nesting of arrays and objects that is decoded (a record nests 6 deep). Deeper text is
refused before decoding: inside Pyodide the decoder's recursion overflows the JavaScript stack
(at about 5,000 levels under Node, fewer in a browser worker) and kills the interpreter instead
of raising ``RecursionError``."""
_JSON_STRING: Final = re.compile(r'"(?:[^"\\]|\\.)*"')
_JSON_BRACKET: Final = re.compile(r"[\[\]{}]")


def deal_to_dict(deal: Deal) -> dict[str, Any]:
    """Return one deal as a docs/record-format.md ``deals[]`` entry (layout, and seed when known)."""
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
        raise RecordError(f"trump must be {deal.trump} (the suit of the dealer's last card), not {entry['trump']!r}")
    moves = entry.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError("moves must be a list")
    for number, move in enumerate(moves, start=1):
        if deal.is_over:
            raise RecordError(f"move {number} ({move!r}) comes after the end of the deal")
        try:
            deal.play(move)
        except Otv66Error as error:
            raise RecordError(f"move {number} ({move!r}) is illegal: {error}") from error
    stored = entry.get("result")
    if stored != deal.result:
        if deal.result is None:
            raise RecordError("the record gives a result, but the deal is not over")
        if stored is None:
            raise RecordError("the deal is over but the record gives no result")
        raise RecordError(f"the stored result {stored!r} is not what the moves give: {deal.result!r}")
    return deal


def match_to_record(match: Match, **extra: Any) -> dict[str, Any]:
    """Return ``match`` as a docs/record-format.md record; ``extra`` keys are added at the top level."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "rules": match.rules.to_dict(),
        "players": list(match.players),
    }
    if match.seed is not None:
        record["seed"] = match.seed
    record["first_dealer"] = match.first_dealer
    record["deals"] = [deal_to_dict(deal) for deal in match.deals]
    record.update(extra)
    return record


def check_format(record: Any) -> None:
    """Raise unless ``record`` is an object in a format version this engine reads."""
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    name = record.get("format")
    if not isinstance(name, str) or not name.startswith(FORMAT_NAME + "/"):
        raise RecordError(f"not an otv66 record (format {name!r})")
    version = name.removeprefix(FORMAT_NAME + "/")
    if not (version.isascii() and version.isdigit()) or len(version) > 9:  # int() refuses "²" and 5000 digits
        raise RecordError(f"unknown record format {name!r}")
    if int(version) > FORMAT_VERSION:
        raise UnsupportedVersionError(
            f"this record was written by a newer version of otv66 (format {name}); this one reads {FORMAT}"
        )
    if int(version) != FORMAT_VERSION:
        raise RecordError(f"unknown record format {name!r}")


def match_from_record(record: Any) -> Match:
    """Rebuild a match from a docs/record-format.md record, re-playing and checking every deal."""
    check_format(record)
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
    first_dealer = record.get("first_dealer", deals[0].get("dealer", 0) if deals and isinstance(deals[0], dict) else 0)
    try:
        match = Match(rules, first_dealer, players, seed=record.get("seed"))
    except Otv66Error as error:
        raise RecordError(f"match: {error}") from error
    for number, entry in enumerate(deals, start=1):
        if match.is_over:
            raise RecordError(f"deal {number} comes after the end of the match")
        if match.deal is not None and not match.deal.is_over:
            raise RecordError(f"deal {number} starts before deal {number - 1} is over")
        if not isinstance(entry, dict) or entry.get("dealer") != match.next_dealer:
            raise RecordError(f"deal {number}: the dealer must be player {match.next_dealer}")
        try:
            match.deals.append(deal_from_dict(entry, rules))
        except Otv66Error as error:
            raise RecordError(f"deal {number}: {error}") from error
    return match


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
    depth = 0
    for bracket in _JSON_BRACKET.findall(_JSON_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_JSON_DEPTH:
            return False
    return True


def loads(text: str) -> Match:
    """Rebuild a match from JSON text; anything that is not a valid record raises :class:`RecordError`."""
    if not isinstance(text, str):
        raise RecordError("a record is JSON text")
    if not json_depth_ok(text):
        raise RecordError(f"not a record: JSON nested more than {MAX_JSON_DEPTH} levels deep")
    try:
        record = json.loads(text)
    except (TypeError, ValueError, RecursionError) as error:
        raise RecordError(f"not valid JSON: {error}") from None
    return match_from_record(record)

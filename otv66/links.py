"""Share links: a deal or a whole game as a short, URL-safe token.

A token is a kind letter and a link-format version, a dot, then the base64url text (no padding) of
zlib-compressed compact JSON:

- ``d1.…`` a **deal**: ``{"seed", "dealer", "packets", "rules", "shuffle"}``; anyone who opens it gets the
  same cards in the same places (the seeded shuffle of :mod:`otv66.dealing`, whose version it names).
- ``c1.…`` a **challenge**, ``r1.…`` a member's **result** in it, ``s1.…`` its **standings** (the results
  the table was made of, each verified again on opening): :mod:`otv66.challenge`, moves one string per deal.
- ``g1.…`` a **game**: a docs/record-format.md record made compact: a deal given by seed drops its ``layout`` and
  ``trump`` (the seed gives them back) and its moves are one string (``"KSJH8HKHm66"``).

The site puts a token in the URL fragment (``index.html#deal=d1.…``, ``replay.html#game=g1.…``), which is never
sent to a server. The page takes off what a chat or a mail client adds to a link on its way (web/js/pasted-link.js);
what is left is read as it is. Reading trusts nothing: the text is checked character by character, its length and the
size it inflates to are bounded, zlib's checksum catches damage, and a game is re-played move by move by
:func:`otv66.record.match_from_record`. Whatever is wrong raises a :class:`LinkError` (a ``ValueError``)
with a message for the player; a link from a newer version raises :class:`UnsupportedLinkError`. A message
names what is wrong in our own words and never repeats the link's contents: the page shows it, and a link is
anyone's text (the engine's detailed reason stays on the error's ``__cause__``).

>>> from otv66.deal import Deal
>>> token = deal_token(Deal.from_seed(42, dealer=1, packets=(2, 2, 2, 2)))
>>> token[:3]
'd1.'
>>> link = read_deal_token(token)
>>> (link.seed, link.dealer, link.packets)
(42, 1, (2, 2, 2, 2))
>>> read_deal_token(token[:-3])
Traceback (most recent call last):
...
otv66.links.LinkError: this link is cut short or damaged (copy the whole link)
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from otv66.challenge import MAX_RESULTS, Challenge, Result, Totals, check_member_name, is_day
from otv66.deal import Deal
from otv66.dealing import SHUFFLE_VERSION, check_dealer, check_packets, check_seed
from otv66.errors import InvalidMatchError, Otv66Error, UnsupportedVersionError
from otv66.match import Match
from otv66.record import json_depth_ok, match_from_record, match_to_record
from otv66.rules import Rules

T = TypeVar("T")

DEAL_KIND: Final = "d"
GAME_KIND: Final = "g"
CHALLENGE_KIND: Final = "c"
RESULT_KIND: Final = "r"
STANDINGS_KIND: Final = "s"
KIND_NAMES: Final = {
    DEAL_KIND: "deal",
    GAME_KIND: "game",
    CHALLENGE_KIND: "challenge",
    RESULT_KIND: "result",
    STANDINGS_KIND: "standings",
}
"""Each token kind's name, as a link of another kind's refusal names both (``link_wrong_kind``: found, wanted)."""
LINK_VERSION: Final = 1
#: Longest token read (characters). A full 13-deal match is about 1,500; browsers take far longer URLs.
MAX_TOKEN_LENGTH: Final = 20_000
#: Most bytes a token may inflate to: a bound on the work a hostile link can cause.
MAX_JSON_BYTES: Final = 200_000

DEAL_KEYS: Final = frozenset({"seed", "dealer", "packets", "rules", "shuffle"})
"""Everything a deal link carries: a key outside these is refused (and not repeated in the message)."""

#: How every token begins: its kind letter and link-format version, then a dot.
_TOKEN_START = re.compile(r"([a-z])([0-9]{1,3})\.")
#: What follows it: base64url text without padding.
_BASE64URL = re.compile(r"[A-Za-z0-9_-]+")
_MOVE = re.compile(r"66|[ATKQJ987][SHDC]m?")


class LinkError(Otv66Error):
    """A share link that is not a valid deal or game link: cut short, damaged, tampered with or not ours."""

    kind = "invalid_link"


class UnsupportedLinkError(LinkError):
    """A link made by a newer version of otv66 (a link format or shuffle version this one does not know)."""

    kind = "unsupported_link"


@dataclass(frozen=True)
class DealLink:
    """What a deal link carries: enough to deal the same cards again."""

    seed: int
    dealer: int
    packets: tuple[int, ...]
    rules: Rules

    def deal(self) -> Deal:
        """The deal, freshly dealt."""
        return Deal.from_seed(self.seed, self.dealer, self.packets, self.rules)

    def to_dict(self) -> dict[str, Any]:
        """The link's contents as plain JSON-able data."""
        return {"seed": self.seed, "dealer": self.dealer, "packets": list(self.packets), "rules": self.rules.to_dict()}


# ---------------------------------------------------------------------------------------------- writing


def encode_token(kind: str, data: Any) -> str:
    """Pack JSON-able ``data`` as a token of ``kind`` (:data:`DEAL_KIND` or :data:`GAME_KIND`)."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
    packed = base64.urlsafe_b64encode(zlib.compress(text, 9)).rstrip(b"=").decode("ascii")
    return f"{kind}{LINK_VERSION}.{packed}"


def deal_token(deal: Deal) -> str:
    """The deal link token of ``deal`` (its seed, dealer, packet plan and rules).

    Raises :class:`LinkError` for a deal given by layout: without a seed there is nothing short to share, and
    :class:`~otv66.errors.InvalidMatchError` for anything but a :class:`~otv66.deal.Deal`.
    """
    if not isinstance(deal, Deal):
        raise InvalidMatchError(f"a deal link is made from a Deal, not from {type(deal).__name__}")
    if deal.seed is None or deal.packets is None:
        raise LinkError("only a deal dealt from a seed can be shared as a deal link", "deal_not_seeded")
    link = DealLink(deal.seed, deal.dealer, tuple(deal.packets), deal.rules)
    return encode_token(DEAL_KIND, {**link.to_dict(), "shuffle": SHUFFLE_VERSION})


def compact_record(record: dict[str, Any]) -> dict[str, Any]:
    """A docs/record-format.md record without what its seeds give back: layouts and trumps; moves as one string."""
    keep = ("format", "rules", "players", "seed", "first_dealer")
    compact = {key: record[key] for key in keep if key in record}
    deals = []
    for entry in record.get("deals", []):
        deal = dict(entry)
        if "seed" in deal and "packets" in deal:
            deal.pop("layout", None)
            deal.pop("trump", None)
        deal["moves"] = "".join(deal.get("moves", []))
        deals.append(deal)
    compact["deals"] = deals
    return compact


def game_token(match: Match) -> str:
    """The game link token of ``match``: its record, compact."""
    return encode_token(GAME_KIND, compact_record(match_to_record(match)))


# ---------------------------------------------------------------------------------------------- reading


def decode_token(token: Any, kind: str) -> Any:
    """Check and decode a token of the given kind; return its JSON data."""
    if not isinstance(token, str) or not token:
        raise LinkError("this link carries no game or deal", "link_empty")
    if len(token) > MAX_TOKEN_LENGTH:
        raise LinkError("this link is too long to be an otv66 link", "link_not_ours")
    shape = _TOKEN_START.match(token)
    if shape is None:
        raise LinkError("this is not an otv66 link (unexpected characters)", "link_not_ours")
    letter, version, text = shape.group(1), shape.group(2), token[shape.end() :]
    if letter not in KIND_NAMES:
        raise LinkError("this is not an otv66 link", "link_not_ours")
    if letter != kind:
        found, wanted = KIND_NAMES[letter], KIND_NAMES[kind]
        raise LinkError(f"this is a {found} link, not a {wanted} link", "link_wrong_kind", found=found, wanted=wanted)
    if int(version) > LINK_VERSION:
        raise UnsupportedLinkError("this link was made by a newer version of the game: update the page", "link_newer")
    if int(version) != LINK_VERSION:
        raise LinkError(f"unknown link version {version}", "link_newer")
    if _BASE64URL.fullmatch(text) is None:  # ours, but a character lost, changed or slipped in on its way
        raise LinkError("this link is cut short or damaged (copy the whole link)", "link_cut")
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise LinkError("this link is cut short or damaged (copy the whole link)", "link_cut") from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, MAX_JSON_BYTES)
    except zlib.error:
        raise LinkError("this link is cut short or damaged (copy the whole link)", "link_cut") from None
    if inflater.unconsumed_tail:
        raise LinkError("this link holds too much data", "link_damaged")
    if not inflater.eof or inflater.unused_data:
        raise LinkError("this link is cut short or damaged (copy the whole link)", "link_cut")
    try:
        text = raw.decode("utf-8")
        if not json_depth_ok(text):  # too deep for the decoder inside Pyodide
            raise ValueError("nested too deep")
        data = json.loads(text, parse_constant=_reject_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise LinkError("this link is damaged (its contents are not readable)", "link_damaged") from None
    return data


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def read_deal_token(token: Any) -> DealLink:
    """Read a deal link token; raise :class:`LinkError` unless it names a valid deal."""
    data = decode_token(token, DEAL_KIND)
    if not isinstance(data, dict):
        raise LinkError("this deal link is damaged (no deal in it)", "link_damaged")
    if not DEAL_KEYS.issuperset(data):
        raise LinkError("this deal link has parts this version does not know", "link_newer")
    shuffle = data.get("shuffle")
    if type(shuffle) is int and shuffle > SHUFFLE_VERSION:
        raise UnsupportedLinkError(
            "this deal was shuffled by a newer version of the game: update the page", "link_newer"
        )
    if type(shuffle) is not int or shuffle != SHUFFLE_VERSION:
        raise LinkError("this deal link names a shuffle this version does not know", "link_newer")
    return DealLink(
        seed=_deal_part(data, "seed", check_seed),
        dealer=_deal_part(data, "dealer", check_dealer),
        packets=_deal_part(data, "packets", check_packets),
        rules=_deal_part(data, "rules", Rules.from_dict, default={}),
    )


def _deal_part(data: dict[str, Any], name: str, check: Callable[[Any], T], default: Any = None) -> T:
    """``check(data[name])``; a failure is a :class:`LinkError` that names the part, not its contents."""
    try:
        return check(data.get(name, default))
    except Otv66Error as error:
        raise LinkError(f"this deal link is damaged (its {name} part is not valid)", "link_damaged") from error


def _moves_of(text: Any) -> list[str] | None:
    """``"KSJH8HKHm66"`` as its moves, or ``None`` if the text is not moves."""
    if not isinstance(text, str):
        return None
    moves: list[str] = _MOVE.findall(text)
    return moves if "".join(moves) == text else None


def expand_record(compact: Any) -> Any:
    """Undo :func:`compact_record`: moves back to a list (a layout-less deal is read from its seed)."""
    if not isinstance(compact, dict) or not isinstance(compact.get("deals"), list):
        raise LinkError("this game link is damaged (no game record in it)", "link_damaged")
    deals = []
    for number, entry in enumerate(compact["deals"], start=1):
        if not isinstance(entry, dict) or not isinstance(entry.get("moves"), str):
            raise LinkError(f"this game link is damaged (deal {number})", "link_damaged")
        moves = _moves_of(entry["moves"])
        if moves is None:
            raise LinkError(f"this game link is damaged (the moves of deal {number})", "link_damaged")
        deals.append({**entry, "moves": moves})
    return {**compact, "deals": deals}


def read_game_token(token: Any) -> Match:
    """Read a game link token into a match re-played move by move; raise :class:`LinkError` if anything is off."""
    data = decode_token(token, GAME_KIND)
    record = expand_record(data)
    try:
        return match_from_record(record)
    except UnsupportedVersionError as error:
        raise UnsupportedLinkError(
            "this game was recorded by a newer version of the game: update the page", "link_newer"
        ) from error
    except Otv66Error as error:
        raise LinkError("this game link does not replay: it was changed or damaged", "link_damaged") from error


_SHARE_READERS: Final[dict[str, Callable[[Any], DealLink | Match]]] = {
    KIND_NAMES[DEAL_KIND]: read_deal_token,
    KIND_NAMES[GAME_KIND]: read_game_token,
}
SHARE_KINDS: Final = tuple(_SHARE_READERS)
"""The kinds of link :func:`read_token` reads, by :data:`KIND_NAMES`' names ("deal", "game")."""


def read_token(token: Any, kind: str | None = None) -> DealLink | Match:
    """Read a deal or a game link token: of ``kind`` (one of :data:`SHARE_KINDS`) where the caller wants one kind only
    (another kind is ``link_wrong_kind``, which names both), else whichever it is (anything else is "not an otv66
    link")."""
    if kind is None:
        kind = KIND_NAMES[DEAL_KIND if isinstance(token, str) and token.startswith(DEAL_KIND) else GAME_KIND]
    if kind not in _SHARE_READERS:
        raise ValueError(f"kind must be one of {SHARE_KINDS}, not {kind!r}")
    return _SHARE_READERS[kind](token)


# ---------------------------------------------------------------------------------------------- challenges


def _fitting(token: str, what: str) -> str:
    """``token`` if it is short enough to be read back, else a :class:`LinkError`."""
    if len(token) > MAX_TOKEN_LENGTH:
        raise LinkError(f"{what} is too long for one link", "link_too_long")
    return token


def _challenge_data(challenge: Challenge) -> dict[str, Any]:
    return {**challenge.to_dict(), "shuffle": SHUFFLE_VERSION}


def _entry_data(result: Result) -> dict[str, Any]:
    """A result without its challenge: name, moves (one string per deal), claimed totals and finishing day."""
    data = {"name": result.name, "moves": ["".join(moves) for moves in result.moves], "totals": result.totals.to_list()}
    return data if result.finished is None else {**data, "finished": result.finished}


def challenge_token(challenge: Challenge) -> str:
    """The challenge link token: everything that fixes the deals and the computer (no secret: the seed is in it)."""
    return encode_token(CHALLENGE_KIND, _challenge_data(challenge))


def result_token(result: Result) -> str:
    """The result link token: the challenge, the member's name, every move and the totals he claims."""
    return _fitting(
        encode_token(RESULT_KIND, {"challenge": _challenge_data(result.challenge), **_entry_data(result)}),
        "this result",
    )


def standings_token(challenge: Challenge, results: list[Result]) -> str:
    """The standings link token: the challenge and the results the table was made of (each verified on opening)."""
    data = {"challenge": _challenge_data(challenge), "results": [_entry_data(result) for result in results]}
    return _fitting(encode_token(STANDINGS_KIND, data), "a table of this many results")


def read_challenge_token(token: Any) -> Challenge:
    """Read a challenge link token (not its results: see :func:`otv66.challenge.verify`)."""
    return _challenge_from(decode_token(token, CHALLENGE_KIND), "challenge")


def _challenge_from(data: Any, what: str) -> Challenge:
    if not isinstance(data, dict):
        raise LinkError(f"this {what} link is damaged (no challenge in it)")
    shuffle = data.get("shuffle")
    if type(shuffle) is int and shuffle > SHUFFLE_VERSION:
        raise UnsupportedLinkError("this challenge was shuffled by a newer version of the game: update the page")
    if type(shuffle) is not int or shuffle != SHUFFLE_VERSION:
        raise LinkError(f"this {what} link names a shuffle this version does not know")
    try:
        return Challenge.from_dict({key: value for key, value in data.items() if key != "shuffle"})
    except Otv66Error as error:
        raise LinkError(f"this {what} link is damaged (its challenge is not valid)") from error


def _result_from(challenge: Challenge, entry: Any, what: str) -> Result:
    """One result of a result or standings link (parsed, not yet verified)."""
    if not isinstance(entry, dict) or set(entry) - {"challenge", "finished"} != {"name", "moves", "totals"}:
        raise LinkError(f"this {what} link is damaged (a result in it is not readable)")
    finished = entry.get("finished")
    if finished is not None and not is_day(finished):
        raise LinkError(f"this {what} link is damaged (its finishing day)")
    try:
        name = check_member_name(entry["name"])
    except Otv66Error as error:
        raise LinkError(f"this {what} link is damaged (a name in it is not valid)") from error
    deals = entry["moves"]
    if not isinstance(deals, list) or len(deals) > challenge.deals:
        raise LinkError(f"this {what} link is damaged (its deals)")
    moves = [_moves_of(text) for text in deals]
    totals = entry["totals"]
    if not isinstance(totals, list) or len(totals) != 3 or not all(type(x) is int for x in totals):
        raise LinkError(f"this {what} link is damaged (its totals)")
    parsed = []
    for number, listed in enumerate(moves, start=1):
        if listed is None:
            raise LinkError(f"this {what} link is damaged (the moves of deal {number})")
        parsed.append(tuple(listed))
    return Result(challenge, name, tuple(parsed), Totals(*totals), finished)


def read_result_token(token: Any) -> Result:
    """Read a result link token into a :class:`~otv66.challenge.Result` (verify it with ``challenge.verify``)."""
    data = decode_token(token, RESULT_KIND)
    challenge = _challenge_from(data.get("challenge") if isinstance(data, dict) else None, "result")
    return _result_from(challenge, data, "result")


def read_standings_token(token: Any) -> tuple[Challenge, list[Result]]:
    """Read a standings link token: its challenge and its results (verify each with ``challenge.verify``)."""
    data = decode_token(token, STANDINGS_KIND)
    if not isinstance(data, dict) or set(data) != {"challenge", "results"} or not isinstance(data["results"], list):
        raise LinkError("this standings link is damaged (no table in it)")
    if len(data["results"]) > MAX_RESULTS:
        raise LinkError(
            f"this standings link holds more than {MAX_RESULTS} results", "standings_too_many", max=MAX_RESULTS
        )
    challenge = _challenge_from(data["challenge"], "standings")
    return challenge, [_result_from(challenge, entry, "standings") for entry in data["results"]]

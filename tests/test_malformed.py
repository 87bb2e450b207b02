"""Malformed input: every bad record, layout or move gives a typed Otv66Error, never a crash.

docs/record-format.md: "A reader must reject, with a clear message, anything malformed: unknown format
version, a layout that is not exactly the 32 cards, an illegal move, a move after the end."
Here that is checked case by case and then by fuzzing a valid record (hypothesis).
"""

from __future__ import annotations

import base64
import copy
import json
import random
import zlib

import pytest
from hostile import DEEP, DEPTH_GUARD_CRAFTED, deep
from hypothesis import given
from hypothesis import strategies as st
from scenario import build_layout, random_playout

from otv66 import (
    Deal,
    IllegalMoveError,
    InvalidLayoutError,
    Otv66Error,
    RecordError,
    Rules,
    UnsupportedVersionError,
)
from otv66.cards import CODES
from otv66.links import LinkError, read_token
from otv66.match import Match
from otv66.record import MAX_JSON_DEPTH, dumps, json_depth_ok, loads, match_from_record, match_to_record


def valid_match() -> Match:
    """Two finished deals and one in progress, all from seed 12."""
    match = Match(Rules(target=11), first_dealer=0, players=["Ana", "Bora"], seed=12)
    rng = random.Random(12)
    for _ in range(2):
        random_playout(match.new_deal(packets=(2, 2, 4)), rng)
    deal = match.new_deal()
    for _ in range(5):
        deal.play(deal.legal_moves()[0])
    return match


VALID_TEXT = dumps(valid_match())


def valid_record() -> dict:
    return json.loads(VALID_TEXT)


def rejects(record: object, error: type[Otv66Error] = RecordError, match: str | None = None) -> None:
    """The record is refused with ``error`` both as an object and as JSON text."""
    with pytest.raises(error, match=match):
        match_from_record(record)
    with pytest.raises(error, match=match):
        loads(json.dumps(record))


def test_the_valid_record_loads():
    assert dumps(loads(VALID_TEXT)) == VALID_TEXT
    assert len(valid_record()["deals"]) == 3


# --------------------------------------------------------------------------- format version


@pytest.mark.parametrize(
    "version",
    [
        "otv66-record/3",
        "otv66-record/10",
        "otv66-record/999999999",
        "otv66-record/1234567890",
        "otv66-record/" + "9" * 5000,
    ],
    ids=lambda version: version[:24],
)
def test_a_newer_format_version_is_unsupported(version):
    """Any whole number above this reader's, however long (one of ten digits was called an unknown format)."""
    record = valid_record()
    record["format"] = version
    rejects(record, UnsupportedVersionError, "newer version")


@pytest.mark.parametrize(
    "version",
    [
        None,
        1,
        "",
        "otv66-record",
        "otv66-record/",
        "otv66-record/0",
        "otv66-record/01",
        "otv66-record/1.0",
        "otv66-record/x",
        "otv66-record/-1",
        "otv66-record/²",
        "chess-pgn/1",
    ],
    ids=lambda version: repr(version)[:24],
)
def test_an_unknown_format_is_rejected(version):
    record = valid_record()
    record["format"] = version
    rejects(record)


def test_a_missing_format_is_rejected():
    record = valid_record()
    del record["format"]
    rejects(record, match="not an otv66 record")


# --------------------------------------------------------------------------- not a record at all


@pytest.mark.parametrize(
    "text",
    ["", "{", "null", "[]", "42", '"otv66"', "{'format': 1}", "[" * 100_000, '{"a":' * 50_000, "\x00"],
    ids=["empty", "{", "null", "list", "number", "string", "single quotes", "deep list", "deep object", "nul"],
)
def test_text_that_is_not_a_record_object(text):
    with pytest.raises(RecordError):
        loads(text)


def test_json_nested_deeper_than_the_limit_is_refused_before_decoding():
    """Inside Pyodide the JSON decoder overflows the JavaScript stack long before Python's
    recursion limit, killing the interpreter; the reader refuses such text first."""
    deep = "[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1)
    record = valid_record()
    record["notes"] = json.loads(deep[1:-1])  # an extra key: allowed, but now one level too deep
    with pytest.raises(RecordError, match="nested"):
        loads(json.dumps(record))
    record["notes"] = json.loads(deep[2:-2])  # just within the limit
    assert dumps(loads(json.dumps(record))) == VALID_TEXT


def test_brackets_inside_strings_do_not_count_as_nesting():
    record = valid_record()
    record["notes"] = "[{" * 500
    assert dumps(loads(json.dumps(record))) == VALID_TEXT


@pytest.mark.parametrize("kind", ["g", "d"])
def test_a_share_link_nested_too_deep_is_a_typed_error(kind):
    deep = "[" * 50_000 + "]" * 50_000  # valid JSON, a few hundred bytes once compressed
    packed = base64.urlsafe_b64encode(zlib.compress(deep.encode(), 9)).rstrip(b"=").decode()
    token = f"{kind}1.{packed}"
    with pytest.raises(LinkError):
        read_token(token)


@pytest.mark.parametrize("text", DEPTH_GUARD_CRAFTED, ids=lambda text: ascii(text[:12]))
def test_the_depth_guard_reads_issue_9s_crafted_texts_in_one_pass(text):
    """An unterminated run of escaped quotes after 101 brackets once took the guard seconds (quadratic)."""
    shallow = text.startswith("[]")  # 101 brackets side by side; every other text nests 101 deep or more
    assert json_depth_ok(text) is shallow
    with pytest.raises(RecordError):
        loads(text)


class Unequal(dict):
    """A dict whose comparisons raise: the reader must not even compare it."""

    def __eq__(self, other):
        raise RuntimeError("compared")

    __hash__ = None


def cycle() -> list:
    looped: list = []
    looped.append(looped)
    return looped


def shared_halves(levels: int = 60) -> list:
    """Few objects, 2**60 values when walked: each level is the one below, twice."""
    value: list = [0]
    for _ in range(levels):
        value = [value, value]
    return value


ODD_OBJECTS = {
    "deep lists": deep(DEEP),
    "deep dicts": deep(DEEP, kind="dict"),
    "a cycle": cycle(),
    "shared halves": shared_halves(),
    "a huge int": 10**5000,
    "1e400": float("inf"),
    "NaN": float("nan"),
    "an int key": {1: "x"},
    "a tuple key": {("AS", "KS"): "x"},
    "a None key": {None: 0},
    "a lone surrogate": "\ud800",
    "a lone surrogate key": {"\udfff": 0},
    "a set": {"AS"},
    "bytes": b"AS",
    "an object": object(),
    "a dict that cannot be compared": Unequal(dealer=0),
    "a str subclass": type("Text", (str,), {})("AS"),
    "a complex number": 1j,
}


@pytest.mark.parametrize("odd", ODD_OBJECTS)
@pytest.mark.parametrize(
    "where", ["extra", "seed", "first_dealer", "rules", "players", "deal", "trump", "move", "result"]
)
def test_an_odd_python_object_anywhere_in_a_record_is_a_record_error(odd, where):
    """match_from_record takes Python objects too: whatever they are, the answer is a RecordError."""
    record = valid_record()
    value = ODD_OBJECTS[odd]
    first = record["deals"][0]
    place = {
        "extra": (record, "notes"),
        "seed": (record, "seed"),
        "first_dealer": (record, "first_dealer"),
        "rules": (record["rules"], "target"),
        "players": (record["players"], 1),
        "deal": (record["deals"], 1),
        "trump": (first, "trump"),
        "move": (first["moves"], 3),
        "result": (first["result"], "winner"),
    }
    container, key = place[where]
    container[key] = value
    with pytest.raises(RecordError):
        match_from_record(record)


@pytest.mark.parametrize("odd", ODD_OBJECTS)
def test_an_odd_python_object_as_the_record_is_a_record_error(odd):
    with pytest.raises(RecordError):
        match_from_record(ODD_OBJECTS[odd])


def test_a_newer_format_is_unsupported_whatever_else_the_record_holds():
    record = {"format": "otv66-record/3", "deals": deep(DEEP), "rules": {1: float("nan")}}
    with pytest.raises(UnsupportedVersionError):
        match_from_record(record)


@pytest.mark.parametrize("number", ["1e400", "-1e400", "NaN", "Infinity", "18446744073709551616"])
def test_a_number_json_cannot_carry_is_refused_in_a_record_text(number):
    record = valid_record()
    record["notes"] = 0
    with pytest.raises(RecordError, match="number"):
        loads(json.dumps(record).replace('"notes": 0', f'"notes": {number}'))


def test_the_readers_own_messages_do_not_quote_the_record():
    """The page shows these messages: format, trump and result are named, never repeated (a move is a card code)."""
    bait = "Visit evil.example"
    for change in (
        {"format": bait},
        {"format": "otv66-record/" + bait},
        {"trump": bait},
        {"result": bait},
    ):
        record = valid_record()
        (record if "format" in change else record["deals"][0]).update(change)
        with pytest.raises(RecordError) as caught:
            match_from_record(record)
        assert "evil" not in str(caught.value)


@pytest.mark.parametrize("text", [None, b"{}", 42])
def test_a_record_text_must_be_text(text):
    with pytest.raises(RecordError):
        loads(text)


# --------------------------------------------------------------------------- layouts


def set_layout(record: dict, deal: int, change) -> dict:
    layout = record["deals"][deal]["layout"]
    change(layout)
    del record["deals"][deal]["seed"]  # judged by the layout alone
    return record


LAYOUT_DAMAGE = {
    "a pile missing": lambda layout: layout[0].pop(),
    "a ninth pile": lambda layout: layout[1].append(["7S", "8S"]),
    "a pile of three": lambda layout: layout[0][3].append("7S"),
    "a pile of one": lambda layout: layout[1][2].pop(),
    "one table": lambda layout: layout.pop(),
    "a card twice": lambda layout: layout[0][0].__setitem__(0, layout[1][7][1]),
    "a bad code": lambda layout: layout[1][4].__setitem__(1, "XX"),
    "a ten written 10": lambda layout: layout[1][4].__setitem__(1, "10H"),
    "lower case": lambda layout: layout[0][5].__setitem__(0, layout[0][5][0].lower()),
    "a card as a number": lambda layout: layout[0][5].__setitem__(0, 3),
    "a pile as text": lambda layout: layout[0].__setitem__(6, "AS KS"),
    "a null": lambda layout: layout[1].__setitem__(0, None),
}


@pytest.mark.parametrize("damage", LAYOUT_DAMAGE)
def test_a_layout_that_is_not_exactly_the_32_cards_is_rejected(damage):
    rejects(set_layout(valid_record(), 1, LAYOUT_DAMAGE[damage]))


@pytest.mark.parametrize("damage", LAYOUT_DAMAGE)
def test_from_layout_rejects_the_same_layouts(damage):
    layout = build_layout()
    LAYOUT_DAMAGE[damage](layout)
    with pytest.raises(InvalidLayoutError):
        Deal.from_layout(layout, dealer=1)


@pytest.mark.parametrize("layout", [None, "layout", 32, {}, [], [[], []], [None, None], list(CODES)])
def test_from_layout_rejects_what_is_not_a_layout(layout):
    with pytest.raises(InvalidLayoutError):
        Deal.from_layout(layout, dealer=0)


def test_a_layout_missing_and_no_seed():
    record = valid_record()
    del record["deals"][0]["layout"]
    del record["deals"][0]["seed"]
    rejects(record, match="layout or a seed")


def test_the_seed_and_the_layout_must_agree():
    record = valid_record()
    record["deals"][0]["seed"] += 1
    rejects(record, match="not the one the seed gives")


def test_a_deal_given_by_seed_needs_its_packet_plan():
    record = valid_record()
    del record["deals"][0]["packets"]
    rejects(record, match="packet plan")


@pytest.mark.parametrize("packets", [[4, 2], [8], [4.0, 4.0], "44", [], None, [True] * 8])
def test_a_bad_packet_plan_is_rejected(packets):
    record = valid_record()
    record["deals"][0]["packets"] = packets
    rejects(record)


@pytest.mark.parametrize("seed", [-1, 2**53, 1.5, "12", True, [12]])
def test_a_bad_seed_is_rejected(seed):
    record = valid_record()
    record["deals"][0]["seed"] = seed
    rejects(record)
    record = valid_record()
    record["seed"] = seed
    rejects(record)


# --------------------------------------------------------------------------- trump, dealer, moves, results


@pytest.mark.parametrize("trump", ["X", "", None, 0, "SH"])
def test_a_trump_that_is_not_the_dealers_last_card_is_rejected(trump):
    record = valid_record()
    record["deals"][0]["trump"] = trump
    rejects(record, match="trump must be")


def test_the_wrong_trump_suit_is_rejected():
    record = valid_record()
    actual = record["deals"][0]["trump"]
    record["deals"][0]["trump"] = next(suit for suit in "SHDC" if suit != actual)
    rejects(record, match="trump must be")


@pytest.mark.parametrize("deal", [0, 1, 2])
def test_a_dealer_the_rules_would_not_choose_is_rejected(deal):
    record = valid_record()
    record["deals"][deal]["dealer"] = 1 - record["deals"][deal]["dealer"]
    rejects(record, match="dealer must be")


@pytest.mark.parametrize("entry", [5, None, "deal", [1, 2]])
def test_a_deal_that_is_not_an_object_is_rejected_as_such(entry):
    record = valid_record()
    record["deals"][1] = entry
    rejects(record, match="deal 2 must be an object")


@pytest.mark.parametrize("dealer", [2, -1, None, "0", 0.5])
def test_a_dealer_that_is_not_a_player_is_rejected(dealer):
    record = valid_record()
    record["deals"][0]["dealer"] = dealer
    rejects(record)


def test_an_illegal_move_is_rejected_with_its_number():
    record = valid_record()
    moves = record["deals"][2]["moves"]
    moves.append(moves[0])  # played already
    rejects(record, match=f"move {len(moves)}")


@pytest.mark.parametrize("move", ["XX", "", None, 7, ["AS"], {"card": "AS"}, "66", "AS "])
def test_a_move_that_is_no_move_is_rejected(move):
    record = valid_record()
    record["deals"][2]["moves"].append(move)
    rejects(record, match="illegal")


def test_a_move_after_the_end_of_a_deal_is_rejected():
    record = valid_record()
    first = Deal.from_seed(record["deals"][0]["seed"], record["deals"][0]["dealer"], (2, 2, 4), Rules(target=11))
    record["deals"][0]["moves"].append(first.legal_moves()[0])
    rejects(record, match="after the end")


def test_moves_must_be_a_list():
    record = valid_record()
    record["deals"][2]["moves"] = "AS KS"
    rejects(record, match="moves must be a list")


def test_a_stored_result_must_be_what_the_moves_give():
    record = valid_record()
    result = record["deals"][0]["result"]
    result["game_points"] = 3 if result["game_points"] != 3 else 1
    rejects(record, match="not what the moves give")


@pytest.mark.parametrize("key", ["winner", "scores", "tricks", "reason"])
def test_every_field_of_the_result_is_checked(key):
    record = valid_record()
    result = record["deals"][1]["result"]
    result[key] = {"winner": 1 - (result["winner"] or 0), "scores": [0, 0], "tricks": [8, 8], "reason": "x"}[key]
    rejects(record, match="not what the moves give")


@pytest.mark.parametrize(("key", "retyped"), [("winner", bool), ("game_points", float)])
def test_a_result_value_of_another_json_type_is_not_the_result(key, retyped):
    """``true`` is no player and ``1.0`` no game point, though Python holds them equal to 1."""
    record = valid_record()
    result = record["deals"][0]["result"]
    result[key] = retyped(result[key])
    rejects(record, match="not what the moves give")


def test_a_results_keys_of_its_own_are_ignored_as_anywhere_in_a_record():
    """docs/record-format.md: extra keys (evaluations...) are allowed. One in a result made the record unreadable."""
    record = valid_record()
    record["deals"][0]["result"]["eval"] = 0.4
    assert loads(json.dumps(record)).deals[0].result == valid_match().deals[0].result


def test_a_finished_deal_needs_its_result():
    record = valid_record()
    del record["deals"][0]["result"]
    rejects(record, match="gives no result")


def test_an_unfinished_deal_has_no_result():
    record = valid_record()
    record["deals"][2]["result"] = record["deals"][1]["result"]
    rejects(record, match="not over")


def test_a_deal_cannot_start_before_the_last_is_over():
    record = valid_record()
    record["deals"].append(copy.deepcopy(record["deals"][2]))
    rejects(record, match="before deal 3 is over")


def test_no_deal_after_the_end_of_the_match():
    match = Match(Rules(target=1), first_dealer=0, seed=3)
    random_playout(match.new_deal(), random.Random(3))
    record = match_to_record(match)
    record["deals"].append(copy.deepcopy(record["deals"][0]))
    rejects(record, match="after the end of the match")


# --------------------------------------------------------------------------- the record's frame


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("rules", {"must_beat": "yes"}),
        ("rules", {"claim": "sometimes"}),
        ("rules", {"target": 0}),
        ("rules", {"target": 7.5}),
        ("rules", {"stock": True}),
        ("rules", []),
        ("players", ["Ana"]),
        ("players", ["Ana", 2]),
        ("players", ["Ana", "B" * 61]),
        ("players", "Ana, Bora"),
        ("deals", {}),
        ("deals", [None]),
        ("deals", [[]]),
        ("first_dealer", 2),
        ("first_dealer", "0"),
    ],
)
def test_a_bad_frame_is_rejected(key, value):
    record = valid_record()
    record[key] = value
    rejects(record)


def test_extra_keys_are_allowed_and_ignored():
    record = valid_record()
    record["saved_at"] = "2026-11-30T05:00:00Z"
    record["deals"][0]["thinking_ms"] = [120, 80]
    assert dumps(match_from_record(record)) == VALID_TEXT


# --------------------------------------------------------------------------- fuzzing


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**60), 2**60)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=6)
    | st.sampled_from([*CODES, "66", "KHm", "S", "otv66-record/1", "otv66-record/2"]),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5),
    max_leaves=12,
)


def paths(value: object, prefix: tuple = ()) -> list[tuple]:
    """Every place in a JSON value, as a tuple of keys and indices."""
    found = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            found += paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += paths(child, (*prefix, index))
    return found


def loads_or_typed_error(text: str) -> None:
    """The reader either accepts the text (and then writes it back stably) or raises an Otv66Error."""
    try:
        match = loads(text)
    except Otv66Error as error:
        assert str(error)
        return
    assert loads(dumps(match)).game_points == match.game_points


@given(data=st.data())
def test_a_record_with_one_part_replaced_by_any_json_value(data):
    record = valid_record()
    where = data.draw(st.sampled_from(paths(record)[1:]))
    parent = record
    for step in where[:-1]:
        parent = parent[step]
    if data.draw(st.booleans()):
        parent[where[-1]] = data.draw(JSON_VALUES)
    elif isinstance(parent, dict):
        del parent[where[-1]]
    else:
        parent.insert(where[-1], data.draw(JSON_VALUES))
    loads_or_typed_error(json.dumps(record))


@given(data=st.data())
def test_a_record_text_with_random_edits(data):
    text = VALID_TEXT
    for _ in range(data.draw(st.integers(1, 4))):
        if not text:
            break
        at = data.draw(st.integers(0, len(text) - 1))
        edit = data.draw(st.sampled_from(["replace", "delete", "insert", "cut"]))
        char = data.draw(st.sampled_from(list('0123456789{}[]",:.-e ATKQJSHDCmnul\\')) | st.characters())
        if edit == "replace":
            text = text[:at] + char + text[at + 1 :]
        elif edit == "delete":
            text = text[:at] + text[at + 1 :]
        elif edit == "insert":
            text = text[:at] + char + text[at:]
        else:
            text = text[:at]
    loads_or_typed_error(text)


PILE_PARTS = st.sampled_from([*CODES, "XX", None, 5])


@given(layout=st.lists(st.lists(st.lists(PILE_PARTS, max_size=3), max_size=9), max_size=3))
def test_any_list_shaped_layout_is_a_deal_or_an_invalid_layout(layout):
    try:
        deal = Deal.from_layout(layout, dealer=0)
    except InvalidLayoutError:
        return
    assert len(deal.legal_moves()) >= 1


@given(move=st.one_of(st.text(max_size=4), st.sampled_from([*CODES, "KHm", "QSm", "66"]), JSON_VALUES))
def test_any_move_is_played_or_raises_illegal_move(move):
    deal = Deal.from_seed(8, dealer=1, rules=Rules(claim="manual"))
    try:
        deal.play(move)
    except IllegalMoveError as error:
        assert str(error)
        assert deal.moves == []
        return
    assert deal.moves == [move]

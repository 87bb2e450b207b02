"""The JSON bridge: every request gets a result or a typed error, and a whole match can be played through it."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_malformed import JSON_VALUES

from otv66 import errors
from otv66.bridge import METHODS, BridgeError, Session, call, handle
from otv66.cards import CODES

ERROR_TYPES = {
    cls.kind for cls in vars(errors).values() if isinstance(cls, type) and issubclass(cls, errors.Otv66Error)
} | {BridgeError.kind, "invalid_value", "invalid_link", "unsupported_link"}

# The computer opponent's methods think for up to seconds; they are exercised by the AI's own tests.
ENGINE_METHODS = sorted(METHODS - {"ai_move", "analyse", "review"})


def ask(session: Session, method: str, **params: object) -> dict:
    """One request through JSON text both ways, as the Web Worker sends it; return the answer."""
    request = json.loads(json.dumps({"id": 7, "method": method, "params": params}))
    answer = json.loads(json.dumps(handle(request, session)))
    assert answer["id"] == 7
    assert ("result" in answer) != ("error" in answer)
    return answer


def result(session: Session, method: str, **params: object) -> dict:
    answer = ask(session, method, **params)
    assert "error" not in answer, answer
    return answer["result"]


def error_type(session: Session, method: str, **params: object) -> str:
    answer = ask(session, method, **params)
    assert "result" not in answer, answer
    assert answer["error"]["message"]
    return answer["error"]["type"]


def test_a_whole_match_through_the_bridge():
    session = Session()
    state = result(session, "new_match", rules={"target": 3, "claim": "manual"}, seed=21, first_dealer=1)
    assert state["deal"] is None and state["match"]["game_points"] == [0, 0]
    deals = 0
    while not state["match"]["is_over"]:
        state = result(session, "new_deal", packets=[2, 2, 4])
        deals += 1
        assert state["deal"]["dealer"] == state["match"]["deals"][-1]["dealer"]
        while state["deal"]["result"] is None:
            view = state["deal"]
            moves = view["legal_moves"]
            claim = "66" in moves and view["scores"][view["claimant"]] >= 66
            state = result(session, "play", move="66" if claim else moves[-1])
        deal_result, awarded = state["deal"]["result"], state["match"]["deals"][-1]["awarded"]
        assert sum(awarded) == deal_result["game_points"]
        if deal_result["winner"] is not None:
            assert awarded[deal_result["winner"]] == deal_result["game_points"]
    per_deal = [deal["awarded"] for deal in state["match"]["deals"]]
    assert state["match"]["game_points"] == [sum(a for a, _ in per_deal), sum(b for _, b in per_deal)]
    assert max(state["match"]["game_points"]) >= 3
    assert state["match"]["winner"] in (0, 1)
    assert error_type(session, "new_deal") == "illegal_move"
    assert deals == len(state["match"]["deals"])

    record = result(session, "record")
    again = Session()
    assert result(again, "load_record", record=record) == state


def test_undo_through_the_bridge_counts_and_restores():
    session = Session()
    result(session, "new_match", seed=5, first_dealer=0)
    before = result(session, "new_deal")
    move = before["deal"]["legal_moves"][0]
    after = result(session, "play", move=move)
    assert after["deal"]["moves"] == [move]
    undone = result(session, "undo")
    assert undone["undo_count"] == 1
    assert undone["deal"] == before["deal"]
    assert result(session, "record")["undo_count"] == 1


def test_the_state_before_any_match():
    assert result(Session(), "state") == {"match": None, "deal": None, "undo_count": 0}


def test_version_names_the_formats():
    version = result(Session(), "version")
    assert version["record_format"] == "otv66-record/1"
    assert version["shuffle"] == 1
    assert version["levels"]


@pytest.mark.parametrize(
    ("method", "params", "kind"),
    [
        ("play", {"move": "AS"}, "illegal_move"),  # no match yet
        ("undo", {}, "illegal_move"),
        ("record", {}, "illegal_move"),
        ("no_such_method", {}, "bad_request"),
        ("__init__", {}, "bad_request"),
        ("dispatch", {}, "bad_request"),
        ("new_match", {"colour": "red"}, "bad_request"),
        ("new_match", {"rules": {"claim": "never"}}, "invalid_rules"),
        ("new_match", {"seed": -5}, "invalid_layout"),
        ("new_match", {"first_dealer": 3}, "invalid_layout"),
        ("load_record", {"record": {"format": "otv66-record/9"}}, "unsupported_version"),
        ("load_record", {"record": "not a record"}, "invalid_record"),
        ("load_record", {}, "bad_request"),
    ],
)
def test_bad_requests_get_typed_errors(method, params, kind):
    assert error_type(Session(), method, **params) == kind


def test_an_illegal_move_is_an_error_and_changes_nothing():
    session = Session()
    result(session, "new_match", seed=5, first_dealer=0)
    before = result(session, "new_deal")
    held = set(before["deal"]["legal_moves"])
    not_held = next(code for code in CODES if code not in held)
    assert error_type(session, "play", move=not_held) == "illegal_move"
    assert error_type(session, "new_deal") == "illegal_move"  # the deal is not over
    assert result(session, "state") == before


@pytest.mark.parametrize(
    "request_value", [None, [], 42, "play", {"method": 5}, {"params": {}}, {"method": "state", "params": [1]}]
)
def test_a_request_that_is_not_a_request(request_value):
    answer = json.loads(json.dumps(handle(request_value, Session())))
    assert answer["error"]["type"] == "bad_request"


@pytest.mark.parametrize(
    "text",
    ["", "{", "nonsense", "[" * 100_000, '{"id": 1, "method": "state"'],
    ids=["empty", "{", "word", "deep", "cut"],
)
def test_call_answers_text_that_is_not_json(text):
    answer = json.loads(call(text))
    assert answer["error"]["type"] == "bad_request"


def test_call_answers_with_the_request_id():
    call(json.dumps({"id": 1, "method": "new_match", "params": {"seed": 2, "first_dealer": 0}}))
    answer = json.loads(call(json.dumps({"id": "abc", "method": "new_deal"})))
    assert answer["id"] == "abc"
    assert answer["result"]["deal"]["number"] == 1


REQUESTS = st.fixed_dictionaries(
    {"method": st.sampled_from(ENGINE_METHODS) | st.text(max_size=8)},
    optional={
        "id": JSON_VALUES,
        "params": st.dictionaries(
            st.sampled_from(
                ["rules", "players", "first_dealer", "seed", "packets", "move", "record", "token", "deal", "ply"]
            )
            | st.text(max_size=5),
            JSON_VALUES | st.sampled_from([*CODES, "66", "KHm"]),
            max_size=3,
        )
        | JSON_VALUES,
    },
)


@given(requests=st.lists(REQUESTS, min_size=1, max_size=8))
def test_any_sequence_of_requests_gets_results_or_typed_errors(requests):
    """Fuzzed requests, sent as JSON text to :func:`call`, after a real match and deal are started."""
    call(json.dumps({"id": 0, "method": "new_match", "params": {"seed": 3, "first_dealer": 1}}))
    call(json.dumps({"id": 0, "method": "new_deal"}))
    for request in requests:
        answer = json.loads(call(json.dumps(request)))
        assert ("result" in answer) != ("error" in answer)
        if "error" in answer:
            assert answer["error"]["type"] in ERROR_TYPES
            assert isinstance(answer["error"]["message"], str)


def test_the_state_names_no_face_down_card_and_no_seed():
    """The page gets the public view only: the seed or a face-down card would let it peek."""
    session = Session()
    result(session, "new_match", seed=11, first_dealer=0)
    state = result(session, "new_deal", packets=[2, 2, 2, 2])
    deal = session.match.deal
    assert deal.hidden_cards().bit_count() == 16
    while not deal.is_over:
        text = json.dumps(state)
        hidden = [code for card, code in enumerate(CODES) if deal.hidden_cards() >> card & 1]
        assert not any(f'"{code}"' in text for code in hidden)
        assert "seed" not in state["deal"] and "seed" not in state["match"]
        state = result(session, "play", move=deal.legal_moves()[0])


def test_an_empty_packet_plan_is_refused_not_replaced():
    session = Session()
    result(session, "new_match", seed=3, first_dealer=1)
    assert error_type(session, "new_deal", packets=[]) == "invalid_layout"

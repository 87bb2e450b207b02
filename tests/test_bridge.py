"""The JSON bridge: every request gets a result or a typed error, and a whole match can be played through it."""

from __future__ import annotations

import importlib
import json
import random
import sys
import types

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_malformed import JSON_VALUES

from otv66 import bridge, errors
from otv66.bridge import METHODS, BridgeError, Session, call, handle, nesting_ok
from otv66.cards import CODES

ERROR_TYPES = {
    cls.kind for cls in vars(errors).values() if isinstance(cls, type) and issubclass(cls, errors.Otv66Error)
} | {BridgeError.kind, "invalid_value", "invalid_link", "unsupported_link"}

# The computer opponent's methods think for up to seconds; they are exercised by the AI's own tests.
ENGINE_METHODS = sorted(METHODS - {"ai_move", "analyse", "review", "review_view", "hint", "computer_move"})


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
    assert result(Session(), "state") == {
        "match": None,
        "deal": None,
        "undo_count": 0,
        "hint_count": 0,
        "can_undo": False,
        "phase": None,
        "seats": None,
        "claim_offer": None,
    }


def test_version_names_the_formats():
    version = result(Session(), "version")
    assert version["record_format"] == "otv66-record/2"
    assert version["shuffle"] == 1
    assert version["levels"]
    assert version["packets"] == {"sizes": [1, 2, 4], "total": 8}, "the packet rule a page checks a plan against"


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
        ("new_match", {"first_dealer": 3}, "invalid_match"),
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
    """In the shape of every other error: a page reads its reason and params, whatever went wrong."""
    answer = json.loads(call(text))
    assert {key: answer["error"][key] for key in ("type", "reason", "params")} == {
        "type": "bad_request",
        "reason": "bad_request",
        "params": {},
    }


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


# ---------------------------------------------------------------------- the match driver through the bridge

QUICK = "beginner"


def against_the_computer(seed: int, **rules: object) -> Session:
    session = Session()
    result(session, "new_match", seed=seed, opponent="computer", level=QUICK, rules=rules)
    return session


def test_the_page_drives_a_whole_match_by_the_phase_alone():
    """What the page does: deal when told, move when told, let the computer move when told, until the match ends."""
    session = against_the_computer(seed=8, target=2, dealer="alternate")
    state = result(session, "state")
    assert [seat["human"] for seat in state["seats"]] == [True, False]
    assert state["seats"][1]["level"] == QUICK
    seen = set()
    while state["phase"] != "match_over":
        phase = state["phase"]
        seen.add(phase)
        if phase == "human_deals":
            state = result(session, "next_deal", packets=[2, 2, 4])
            assert state["deal"]["packets"] == [2, 2, 4]
        elif phase == "computer_deals":
            state = result(session, "next_deal")
        elif phase == "human_moves":
            assert state["deal"]["turn"] == 0
            state = result(session, "play", move=state["deal"]["legal_moves"][0])
        else:
            reply = result(session, "computer_move")
            assert reply["player"] == 1
            assert reply["state"]["deal"]["moves"][-1] == reply["move"]
            state = reply["state"]
    assert state["match"]["is_over"]
    assert seen == {"human_deals", "computer_deals", "human_moves", "computer_moves"}


def test_a_person_cannot_play_the_computers_move_through_the_bridge():
    session = against_the_computer(seed=6)  # the person deals, the computer leads
    state = result(session, "next_deal")
    assert state["phase"] == "computer_moves"
    assert error_type(session, "play", move=state["deal"]["legal_moves"][0]) == "illegal_move"


def test_undo_goes_back_to_the_persons_move_and_counts_one_press():
    session = against_the_computer(seed=7)  # the computer deals, the person leads
    before = result(session, "next_deal")
    assert before["phase"] == "human_moves"
    result(session, "play", move=before["deal"]["legal_moves"][0])
    while result(session, "state")["phase"] == "computer_moves":
        result(session, "computer_move")
    assert len(result(session, "state")["deal"]["moves"]) >= 2
    assert result(session, "state")["can_undo"]
    undone = result(session, "undo")
    assert undone["deal"] == before["deal"]
    assert undone["undo_count"] == 1
    assert undone["phase"] == "human_moves"
    assert not undone["can_undo"]
    assert result(session, "record")["undo_count"] == 1


def test_the_last_trick_is_in_the_state():
    session = Session()
    result(session, "new_match", seed=2)
    state = result(session, "new_deal")
    assert state["deal"]["last_trick"] is None
    for _ in range(2):
        state = result(session, "play", move=state["deal"]["legal_moves"][0])
    last = state["deal"]["last_trick"]
    assert [entry["card"] for entry in last["cards"]] == [move[:2] for move in state["deal"]["moves"]]
    assert last["winner"] == state["deal"]["last_winner"]


def test_a_saved_match_comes_back_with_its_seats_and_its_undo_and_hint_counts():
    session = against_the_computer(seed=7)
    state = result(session, "next_deal")
    result(session, "hint", seconds=0.01)
    assert result(session, "state")["hint_count"] == 1
    result(session, "play", move=state["deal"]["legal_moves"][0])
    result(session, "computer_move")
    result(session, "undo")
    record = result(session, "record")
    assert (record["opponent"], record["level"]) == ("computer", QUICK)
    assert (record["undo_count"], record["hint_count"]) == (1, 1)
    again = Session()
    assert result(again, "load_record", record=record) == result(session, "state")
    assert result(again, "load_record", record=record, opponent="human")["seats"][1]["human"] is True


def test_the_computer_can_change_level_mid_match():
    session = against_the_computer(seed=1)
    assert result(session, "set_level", level="master")["seats"][1]["level"] == "master"
    assert error_type(session, "set_level", level="grandmaster") == "invalid_match"


# ---------------------------------------------------------------------- hostile input (issue 9)

BAD_SECONDS = [float("nan"), float("inf"), -float("inf"), 1e9, True, 0, -1, "1", [1], {"s": 1}, 10.5]


@pytest.mark.parametrize("seconds", BAD_SECONDS, ids=repr)
@pytest.mark.parametrize("method", ["ai_move", "analyse", "hint", "review"])
def test_a_thinking_time_must_be_a_finite_number_up_to_10_seconds(method, seconds):
    session = against_the_computer(seed=7)
    result(session, "next_deal")
    answer = handle({"id": 1, "method": method, "params": {"seconds": seconds}}, session)
    assert answer["error"]["type"] == "invalid_match"


@pytest.mark.parametrize("text", ['{"id": 1, "method": "hint", "params": {"seconds": 1e400}}'])
def test_a_thinking_time_too_large_for_a_float_is_refused(text):
    session_reply = json.loads(call('{"id": 0, "method": "new_match", "params": {"seed": 7}}'))
    assert "result" in session_reply
    call('{"id": 0, "method": "new_deal"}')
    assert json.loads(call(text))["error"]["type"] == "invalid_match"


@pytest.mark.parametrize(
    "players",
    [{"a": 1, "b": 2}, "AB", ["Ana"], ["Ana", 2], ["Ana", "B" * 61], ["Ana", "\ud800"], ["Ana", "\x1b[31m"], [[], []]],
    ids=repr,
)
def test_players_must_be_two_bounded_names(players):
    assert error_type(Session(), "new_match", players=players) == "invalid_match"


@pytest.mark.parametrize(
    ("method", "params", "kind"),
    [
        ("new_match", {"opponent": "computer", "level": "grandmaster"}, "invalid_match"),
        ("new_match", {"opponent": "robot"}, "invalid_match"),
        ("new_match", {"opponent": "computer", "level": ["expert"]}, "invalid_match"),
        ("new_match", {"seed": 1e400}, "invalid_layout"),
        ("new_match", {"seed": float("nan")}, "invalid_layout"),
        ("new_match", {"rules": {"target": 1e400}}, "invalid_rules"),
        ("new_match", {"rules": [1]}, "invalid_rules"),
        ("new_match", {"first_dealer": True}, "invalid_match"),
        ("load_record", {"record": {"format": "otv66-record/1"}, "opponent": "robot"}, "invalid_match"),
        ("load_record", {"record": {"format": "otv66-record/1"}, "opponent": "computer", "level": 5}, "invalid_match"),
    ],
)
def test_bad_settings_get_typed_errors(method, params, kind):
    assert error_type(Session(), method, **params) == kind


def finished_deal() -> Session:
    session = Session()
    state = result(session, "new_match", seed=4, opponent="human")
    state = result(session, "new_deal")
    while state["deal"]["result"] is None:
        state = result(session, "play", move=state["deal"]["legal_moves"][0])
    return session


@pytest.mark.parametrize(
    ("method", "params"),
    [("play", {"move": "AS"}), ("ai_move", {}), ("analyse", {}), ("hint", {}), ("computer_move", {}), ("undo", {})],
)
def test_a_move_in_a_finished_deal_is_a_typed_error(method, params):
    assert error_type(finished_deal(), method, **params) == "illegal_move"


@pytest.mark.parametrize(
    "params",
    [{"level": "grandmaster"}, {"player": 2}, {"player": True}, {"seed": -1}, {"seed": 2**64}, {"level": None, "x": 1}],
    ids=repr,
)
def test_ai_move_parameters_are_checked(params):
    session = Session()
    result(session, "new_match", seed=3)
    result(session, "new_deal")
    assert error_type(session, "ai_move", **params) in {"invalid_match", "bad_request", "invalid_layout"}


@pytest.mark.parametrize(
    ("request_id", "echoed"),
    [
        (float("nan"), None),
        (float("inf"), None),
        (-float("inf"), None),
        ([1, 2], None),
        ({"a": 1}, None),
        ("x" * 1000, None),
        (2**64, None),
        (1.5, 1.5),
        ("abc", "abc"),
        (7, 7),
    ],
    ids=repr,
)
def test_every_reply_is_strict_json_whatever_the_request_id(request_id, echoed):
    answer = handle({"id": request_id, "method": "state"}, Session())
    text = json.dumps(answer, allow_nan=False)
    assert json.loads(text)["id"] == echoed


@pytest.mark.parametrize("text", ['{"id": NaN, "method": "state"}', '{"id": Infinity, "method": "state"}'])
def test_call_never_answers_with_bare_nan(text):
    reply = call(text)
    assert json.loads(reply, parse_constant=lambda name: pytest.fail(f"{name} in {reply}"))["id"] is None


def test_parameters_nested_too_deeply_are_refused_before_any_reader_recurses():
    """Deep Python objects (a caller of :func:`handle`) are refused like deep JSON text.

    2,000 levels: past CPython's recursion limit for the record's reader, yet few enough for Pyodide to
    build and free the object itself.
    """
    deep: object = []
    for _ in range(2_000):
        deep = [deep]
    record = {"format": "otv66-record/1", "deals": [{"dealer": 0, "moves": deep}]}
    answer = handle({"id": 1, "method": "load_record", "params": {"record": record}}, Session())
    assert answer["error"]["type"] == "bad_request"
    assert "nested" in answer["error"]["message"]
    assert nesting_ok({"a": [[1], {"b": []}]}, limit=4)
    assert not nesting_ok({"a": [[1], {"b": []}]}, limit=3)


def test_the_bridge_loads_the_computer_only_when_a_method_needs_it(monkeypatch):
    """A fresh import of the engine: the page's boot (``version``), a match against the computer and a person's
    moves need no computer until a method asks it to think."""
    for name in [name for name in sys.modules if name == "otv66" or name.startswith("otv66.")]:
        monkeypatch.delitem(sys.modules, name)
    fresh = importlib.import_module("otv66.bridge")
    session = fresh.Session()
    assert "master" in fresh.handle({"method": "version"}, session)["result"]["levels"]
    fresh.handle({"method": "new_match", "params": {"seed": 1, "opponent": "computer", "level": "club"}}, session)
    state = fresh.handle({"method": "new_deal"}, session)["result"]
    fresh.handle({"method": "play", "params": {"move": state["deal"]["legal_moves"][0]}}, session)
    assert "otv66.ai" not in sys.modules
    assert "move" in fresh.handle({"method": "hint", "params": {"seconds": 0.01}}, session)["result"]
    assert "otv66.ai" in sys.modules


def _has_run(name: str) -> bool:
    """Whether the module ``name`` has run its code (one that importlib's LazyLoader holds back has another type)."""
    return name in sys.modules and type(sys.modules[name]) is types.ModuleType


def test_the_bridge_runs_the_club_and_link_modules_only_when_a_method_needs_them(monkeypatch):
    """The page's boot and a plain match do not pay for the club's challenges and the share links."""
    for name in [name for name in sys.modules if name == "otv66" or name.startswith("otv66.")]:
        monkeypatch.delitem(sys.modules, name)
    fresh = importlib.import_module("otv66.bridge")
    session = fresh.Session()
    fresh.handle({"method": "version"}, session)
    fresh.handle({"method": "new_match", "params": {"seed": 1}}, session)
    state = fresh.handle({"method": "new_deal"}, session)["result"]
    fresh.handle({"method": "play", "params": {"move": state["deal"]["legal_moves"][0]}}, session)
    assert not _has_run("otv66.links") and not _has_run("otv66.challenge")
    token = fresh.handle({"method": "game_link"}, session)["result"]["token"]
    assert _has_run("otv66.links") and _has_run("otv66.challenge")
    assert fresh.handle({"method": "open_link", "params": {"token": token}}, session)["result"]


def test_after_his_marriage_lead_a_person_is_offered_his_claim_before_the_computer_answers():
    """docs/rules.md 6.1 and 8: under manual claim the announcer may claim right after his marriage lead; he is
    asked (``claim_offer``) once he has won a trick, before which the claim could only be false."""
    asked = not_asked = False
    for seed in range(300):
        session = Session()
        rules = {"claim": "manual"}
        handle({"method": "new_match", "params": {"seed": seed, "rules": rules, "opponent": "computer"}}, session)
        state = handle({"method": "next_deal"}, session)["result"]
        chooser = random.Random(seed)
        while not state["deal"]["result"]:
            if state["phase"] == "computer_moves":
                state = handle({"method": "computer_move"}, session)["result"]["state"]
                continue
            assert state["claim_offer"] is None
            moves = [move for move in state["deal"]["legal_moves"] if move != "66"]
            leads = [move for move in moves if move.endswith("m")]
            if not leads:
                state = handle({"method": "play", "params": {"move": chooser.choice(moves)}}, session)["result"]
                continue
            won = state["deal"]["tricks_won"][0] > 0
            state = handle({"method": "play", "params": {"move": leads[0]}}, session)["result"]
            assert state["phase"] == "computer_moves" and state["claim_offer"] == (0 if won else None)
            state = handle({"method": "play", "params": {"move": "66"}}, session)["result"]
            assert state["deal"]["result"]["reason"] in ({"false_claim", "reached_66"} if won else {"false_claim"})
            assert state["claim_offer"] is None
            asked, not_asked = asked or won, not_asked or not won
            break
        if asked and not_asked:
            return
    raise AssertionError("no deals in 300 where the person led a marriage both before and after his first trick")


@pytest.mark.parametrize("count", [-1, 1.5, True, "2", None, [1]], ids=repr)
def test_a_records_count_that_is_no_whole_number_from_0_reads_as_0(count):
    session = against_the_computer(seed=7)
    result(session, "next_deal")
    record = result(session, "record") | {"undo_count": count, "hint_count": count}
    state = result(Session(), "load_record", record=record)
    assert (state["undo_count"], state["hint_count"]) == (0, 0)


def test_the_bridges_docstring_names_every_method_it_answers() -> None:
    # The Web Worker's protocol is written there (README: "methods in its docstring"); friend_why_illegal was missing.
    doc = bridge.__doc__ or ""
    assert not [method for method in sorted(METHODS) if f"``{method} " not in doc and f"``{method}``" not in doc]

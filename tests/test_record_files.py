"""A match kept as a record file and opened again (bridge ``game_record`` and ``record_game_link``).

A finished match of the page's history is a game link; kept as a file it is its docs/record-format.md record, and a
record file opened on the page becomes a game link for the replay page. Whatever a person opens is read as untrusted:
too long, not JSON, not a record, or a record of a newer version, each is a typed error.
"""

from __future__ import annotations

import json

from test_bridge import ask, result

from otv66.bridge import Session
from otv66.record import FORMAT_NAME, FORMAT_VERSION, MAX_RECORD_BYTES


def played_match(seed: int = 5) -> Session:
    """Two people play a match to 2 game points, each taking the first legal move."""
    session = Session()
    state = result(session, "new_match", seed=seed, opponent="human", rules={"target": 2})
    while state["phase"] != "match_over":
        if state["phase"] == "human_deals":
            state = result(session, "next_deal")
        else:
            state = result(session, "play", move=state["deal"]["legal_moves"][0])
    return session


def error_of(method: str, **params: object) -> dict:
    answer = ask(Session(), method, **params)
    assert "result" not in answer, answer
    return answer["error"]


def test_a_game_links_record_is_the_match_as_it_was_recorded():
    """All of it but how the page played it (who sat where, the undos and hints counted), which no link carries."""
    session = played_match()
    token = result(session, "game_link")["token"]
    recorded = result(session, "record")
    page_keys = {"opponent", "level", "undo_count", "hint_count"}
    assert page_keys & set(recorded)
    assert result(Session(), "game_record", token=token) == {k: v for k, v in recorded.items() if k not in page_keys}


def test_a_record_file_opens_as_a_game_link_of_the_same_match():
    session = played_match()
    text = json.dumps(result(session, "record"), indent=2)  # as a person's file holds it, or the terminal's
    token = result(Session(), "record_game_link", text=text)["token"]
    assert token == result(session, "game_link")["token"]
    opened = result(Session(), "open_link", token=token)
    assert opened["kind"] == "game" and opened["winner"] is not None


def test_a_match_not_yet_finished_opens_too():
    session = Session()
    state = result(session, "new_match", seed=3, opponent="human")
    state = result(session, "next_deal")
    for _ in range(5):
        state = result(session, "play", move=state["deal"]["legal_moves"][0])
    token = result(Session(), "record_game_link", text=json.dumps(result(session, "record")))["token"]
    assert len(result(Session(), "open_link", token=token)["deals"][0]["moves"]) == 5


def test_a_file_that_is_no_record_is_a_damaged_record():
    for text in ("", "{", "[1, 2]", '{"format": "otv66-record/2", "deals": 7}', "ÿ" * 100):
        assert error_of("record_game_link", text=text)["type"] == "invalid_record"


def test_a_record_of_a_newer_version_says_so():
    record = result(played_match(), "record") | {"format": f"{FORMAT_NAME}/{FORMAT_VERSION + 1}"}
    assert error_of("record_game_link", text=json.dumps(record))["type"] == "unsupported_version"


def test_a_file_longer_than_any_record_is_refused_before_it_is_read():
    too_long = " " * (MAX_RECORD_BYTES + 1)
    refused = error_of("record_game_link", text=too_long)
    assert (refused["type"], refused["reason"]) == ("invalid_record", "record_too_large")
    # Counted in UTF-8 bytes, as the page measures the file: the same length in two-byte letters is too long too.
    assert error_of("record_game_link", text="š" * (MAX_RECORD_BYTES // 2 + 1))["reason"] == "record_too_large"
    assert result(Session(), "version")["record_max_bytes"] == MAX_RECORD_BYTES


def test_a_broken_game_link_has_no_record():
    assert error_of("game_record", token="g1.broken")["type"] == "invalid_link"


def test_a_move_that_does_not_play_is_named_by_its_deal_and_number():
    record = result(played_match(), "record")
    moves = record["deals"][0]["moves"]
    moves[2], moves[3] = moves[3], moves[2]  # the answer before the lead of the second trick
    refused = error_of("record_game_link", text=json.dumps(record))
    assert (refused["reason"], refused["params"]) == ("record_illegal_move", {"move": 3, "deal": 1})


def test_json_that_is_no_otv66_record_is_said_to_be_none():
    for text in ("not JSON", "[1, 2]", '{"name": "a list of members"}'):
        assert error_of("record_game_link", text=text)["reason"] == "not_a_record"

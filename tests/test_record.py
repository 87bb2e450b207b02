"""Game records as docs/record-format.md describes them: what the writer puts in, what the reader accepts."""

from __future__ import annotations

import json
import random

from scenario import random_playout

from otv66 import Rules
from otv66.match import Match
from otv66.record import FORMAT, dumps, loads, match_from_record, match_to_record


def finished_and_unfinished() -> Match:
    match = Match(Rules(claim="manual", target=9), first_dealer=1, players=["Ана", "Computer (expert)"], seed=77)
    random_playout(match.new_deal(packets=[1, 2, 1, 4]), random.Random(1))
    deal = match.new_deal()
    deal.play(deal.legal_moves()[0])
    return match


def test_the_writer_gives_the_record_md_shape():
    match = finished_and_unfinished()
    record = match_to_record(match)
    assert record["format"] == FORMAT == "otv66-record/1"
    rules = {"must_beat": False, "claim": "manual", "dealer": "winner", "draw_bonus": False, "target": 9}
    assert record["rules"] == rules
    assert record["players"] == ["Ана", "Computer (expert)"]
    finished, unfinished = record["deals"]
    assert set(finished) == {"dealer", "packets", "seed", "layout", "trump", "moves", "result"}
    assert set(unfinished) == {"dealer", "packets", "seed", "layout", "trump", "moves"}  # no result yet
    assert finished["dealer"] == 1
    assert finished["packets"] == [1, 2, 1, 4]
    assert finished["layout"] == match.deals[0].reveal_layout()
    assert finished["trump"] == finished["layout"][1][7][1][1]  # the dealer's pile 7, face up
    assert finished["moves"] == match.deals[0].moves
    assert set(finished["result"]) == {"winner", "game_points", "scores", "tricks", "reason"}
    assert unfinished["moves"] == [match.deals[1].moves[0]]


def test_the_text_is_compact_json_that_keeps_names_as_written():
    text = dumps(finished_and_unfinished())
    assert "Ана" in text
    assert ": " not in text and ", " not in text.replace("Computer (expert)", "")
    assert json.loads(text)["format"] == FORMAT


def test_a_deal_may_be_given_by_seed_alone_or_by_layout_alone():
    record = match_to_record(finished_and_unfinished())
    by_seed = json.loads(json.dumps(record))
    for entry in by_seed["deals"]:
        del entry["layout"]
    by_layout = json.loads(json.dumps(record))
    for entry in by_layout["deals"]:
        del entry["seed"]
    for variant in (by_seed, by_layout):
        again = match_from_record(variant)
        assert [deal.reveal_layout() for deal in again.deals] == [deal["layout"] for deal in record["deals"]]
        assert [deal.moves for deal in again.deals] == [deal["moves"] for deal in record["deals"]]


def test_the_reader_resumes_the_last_position():
    match = finished_and_unfinished()
    again = loads(dumps(match))
    assert again.deal is not None and not again.deal.is_over
    assert again.deal.legal_moves() == match.deal.legal_moves()
    again.deal.play(again.deal.legal_moves()[0])


def test_results_use_the_four_reasons_of_record_md():
    reasons = set()
    for seed in range(400):
        rules = Rules(claim="manual" if seed % 2 else "auto")
        match = Match(rules, first_dealer=seed % 2, seed=seed)
        random_playout(match.new_deal(), random.Random(seed))
        reasons.add(match_to_record(match)["deals"][0]["result"]["reason"])
    assert reasons == {"reached_66", "played_out", "false_claim", "draw"}


def test_missing_rules_and_players_take_the_defaults():
    again = match_from_record({"format": FORMAT, "deals": []})
    assert again.rules == Rules()
    assert again.players == ("Player 1", "Player 2")
    assert again.deals == []

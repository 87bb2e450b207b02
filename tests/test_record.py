"""Game records as docs/record-format.md describes them: what the writer puts in, what the reader accepts."""

from __future__ import annotations

import json
import random

import pytest
from scenario import random_playout

from otv66 import Rules
from otv66.cards import CODES
from otv66.deal import Deal
from otv66.errors import InvalidMatchError, RecordError
from otv66.match import Match
from otv66.record import FIRST_FORMAT, FORMAT, dumps, loads, match_from_record, match_to_record
from otv66.table import Table


def finished_and_unfinished() -> Match:
    match = Match(Rules(claim="manual", target=9), first_dealer=1, players=["Ана", "Computer (expert)"], seed=77)
    random_playout(match.new_deal(packets=[1, 2, 1, 4]), random.Random(1))
    deal = match.new_deal()
    deal.play(deal.legal_moves()[0])
    return match


def test_the_writer_gives_the_record_md_shape():
    match = finished_and_unfinished()
    record = match_to_record(match)
    assert record["format"] == FIRST_FORMAT == "otv66-record/1"  # no deal resigned: any version reads it
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
    assert json.loads(text)["format"] == FIRST_FORMAT


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


def resigned_after_three_moves(target: int = 7) -> Match:
    """A match whose first deal player 0 gives up after three moves; the next one dealt if it goes on."""
    match = Match(Rules(target=target), first_dealer=0, players=["Ana", "Bo"], seed=5)
    deal = match.new_deal()
    for _ in range(3):
        deal.play(deal.legal_moves()[0])
    match.resign(0)
    if not match.is_over:
        match.new_deal()
    return match


def test_a_resigned_deal_is_written_with_who_gave_it_up_in_format_2():
    record = match_to_record(resigned_after_three_moves())
    assert record["format"] == FORMAT == "otv66-record/2"  # an older reader says "newer version", not "damaged"
    first, second = record["deals"]
    assert first["resigned"] == 0 and "result" not in first and len(first["moves"]) == 3
    assert "resigned" not in second
    assert second["dealer"] == 1  # the winner of the resigned deal deals the next


def test_a_resigned_deal_reads_back_won_by_the_other_player_with_3():
    again = loads(dumps(resigned_after_three_moves()))
    assert again.resigned == {0: 0}
    assert again.awards()[0] == (0, 3)
    assert len(again.deals[0].moves) == 3 and not again.deals[0].is_over
    ended = loads(dumps(resigned_after_three_moves(target=3)))
    assert ended.is_over and ended.winner == 1


def test_a_draw_bonus_waiting_goes_to_the_player_who_did_not_resign():
    match = Match(Rules(draw_bonus=True, target=7), first_dealer=0, seed=1)
    for seed in range(10_000):  # a drawn deal first: its bonus waits for the resigned deal
        deal = Deal.from_seed(seed, 0, (4, 4), match.rules)
        random_playout(deal, random.Random(seed))
        if deal.result is not None and deal.result["winner"] is None:
            break
    match.deals.append(deal)
    match.new_deal()
    match.resign(1)
    again = loads(dumps(match))
    assert again.awards()[1] == (4, 0)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda deal: deal.update(resigned=2), "0 or 1"),
        (lambda deal: deal.update(resigned=True), "0 or 1"),
        (lambda deal: deal.update(resigned="0"), "0 or 1"),
        (lambda deal: deal.pop("resigned"), "starts before deal 1 is over"),
    ],
    ids=["no such player", "a boolean", "text", "left out"],
)
def test_a_resignation_that_cannot_be_is_refused(change, message):
    record = match_to_record(resigned_after_three_moves())
    change(record["deals"][0])
    with pytest.raises(RecordError, match=message):
        match_from_record(record)


def test_a_resigned_deal_in_a_format_1_record_is_refused():
    """Format 1 has no resignations: a page that reads only /1 would take the deal as unfinished, so none is there."""
    record = match_to_record(resigned_after_three_moves())
    record["format"] = FIRST_FORMAT
    with pytest.raises(RecordError, match="deal 1: a resigned deal is written as otv66-record/2, not /1"):
        match_from_record(record)


def test_a_deal_its_moves_end_cannot_have_been_resigned():
    match = finished_and_unfinished()
    record = match_to_record(match) | {"format": FORMAT}
    record["deals"][0]["resigned"] = 0
    with pytest.raises(RecordError, match="whose moves end it cannot have been resigned"):
        match_from_record(record)


def test_a_match_with_a_resigned_deal_is_not_played_on_at_a_table():
    """Only a match against a friend by links has resigned deals, and it goes on there; over, it may be looked at."""
    unfinished = Match(Rules(target=7), players=["Ana", "Bo"], seed=5)
    deal = unfinished.new_deal()
    deal.play(deal.legal_moves()[0])
    unfinished.resign(0)
    with pytest.raises(InvalidMatchError, match="resigned"):
        Table(unfinished, "human")
    assert Table(resigned_after_three_moves(target=3), "human").phase == "match_over"


def test_missing_rules_and_players_take_the_defaults():
    again = match_from_record({"format": FORMAT, "deals": []})
    assert again.rules == Rules()
    assert again.players == ("Player 1", "Player 2")
    assert again.deals == []


@pytest.mark.parametrize("given", [{}, {"first_dealer": None}])
def test_a_first_dealer_not_given_is_the_first_deals_dealer_never_drawn(given):
    """A record without a seed whose ``first_dealer`` was null was read with a dealer drawn at random: accepted at one
    reading and refused ("the dealer must be player 0") at the next."""
    match = Match(first_dealer=1)
    match.new_deal(seed=5)
    record = match_to_record(match)
    del record["first_dealer"]
    record.update(given)
    assert all(match_from_record(record).first_dealer == 1 for _ in range(20))
    record["deals"] = []
    assert match_from_record(record).first_dealer == 0


def test_cards_nobody_saw_are_listed_in_card_order_and_read_back():
    """``unseen`` (a match against a friend): the stand-ins of a deal's layout for cards nobody saw."""
    match = finished_and_unfinished()
    face_down = [down for down, _ in match.deals[0].reveal_layout()[0]]
    played = {move[:2] for move in match.deals[0].moves}
    stand_ins = [card for card in face_down if card not in played][:2]
    match.unseen[0] = frozenset(stand_ins)
    record = match_to_record(match)
    assert record["deals"][0]["unseen"] == sorted(stand_ins, key=CODES.index)
    assert "unseen" not in record["deals"][1]
    again = match_from_record(json.loads(json.dumps(record)))
    assert again.unseen == {0: frozenset(stand_ins)}
    del record["deals"][0]["unseen"]  # a reader that does not know the key reads the same deals
    assert [deal.moves for deal in match_from_record(record).deals] == [deal.moves for deal in again.deals]


def test_unseen_lists_distinct_face_down_cards_never_played():
    match = finished_and_unfinished()
    layout = match.deals[0].reveal_layout()
    face_down = [down for table in layout for down, _ in table]
    played = {move[:2] for move in match.deals[0].moves}
    unplayed = next(card for card in face_down if card not in played)
    for wrong in (
        unplayed,  # not a list
        [1],
        [unplayed, unplayed],
        [layout[0][0][1]],  # face up
        [next(card for card in face_down if card in played)],
        ["ZZ"],
    ):
        record = match_to_record(match)
        record["deals"][0]["unseen"] = wrong
        with pytest.raises(RecordError, match="deal 1: unseen must list distinct face-down cards"):
            match_from_record(record)

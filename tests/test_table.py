"""The match driver (otv66/table.py): seats, whose turn it is, the computer's part, undo, names and bounds.

Matches against the computer are played at its quickest level: these tests are about the
flow of a match, not the opponent's strength.
"""

from __future__ import annotations

import json
import math
import random

import pytest

from otv66 import ai, links
from otv66.deal import CLAIM, WIN_SCORE
from otv66.errors import IllegalMoveError, InvalidMatchError
from otv66.levels import MAX_SECONDS, check_level, check_seconds
from otv66.match import DEFAULT_PLAYERS, MAX_NAME_LENGTH, Match, check_player_name, check_players
from otv66.record import dumps, loads
from otv66.rules import Rules
from otv66.table import (
    COMPUTER_PLANS,
    DEFAULT_PACKETS,
    Table,
    check_opponent,
    computer_plan,
    default_names,
    packet_plans,
)

QUICK = ai.LEVELS[0]
"""The weakest, quickest computer."""


def computer_table(seed: int, **options: object) -> Table:
    return Table.new(opponent="computer", level=QUICK, seed=seed, **options)  # type: ignore[arg-type]


def play_to_the_end(table: Table, person: int = 0) -> list[str]:
    """Drive ``table`` through its phases until the match is over (the person plays his move number ``person``).

    Returns the phases seen, checking each against the position.
    """
    phases = []
    for _ in range(5000):
        phase = table.phase
        phases.append(phase)
        if phase == "match_over":
            return phases
        if phase in ("human_deals", "computer_deals"):
            dealer = table.match.next_dealer
            assert table.is_human(dealer) == (phase == "human_deals")
            table.next_deal()
        elif phase == "human_moves":
            deal = table.deal
            assert deal is not None and table.is_human(deal.turn or 0)
            moves = [move for move in deal.legal_moves() if move != CLAIM]
            table.play(moves[min(person, len(moves) - 1)])
        else:
            table.computer_move()
    raise AssertionError("the match did not end")


def test_a_match_against_the_computer_is_driven_by_its_phases_to_the_end() -> None:
    table = computer_table(seed=12, rules=Rules(target=3))
    assert table.seats[0].is_human and not table.seats[1].is_human
    phases = play_to_the_end(table)
    assert max(table.match.game_points) >= 3
    assert phases[0] == ("human_deals" if table.match.first_dealer == 0 else "computer_deals")
    assert {"human_moves", "computer_moves"} <= set(phases)


def test_the_first_dealer_of_a_seeded_match_is_the_seed_modulo_2() -> None:
    assert computer_table(seed=6).phase == "human_deals"
    assert computer_table(seed=7).phase == "computer_deals"


def test_a_person_cannot_move_for_the_computer_nor_the_computer_for_a_person() -> None:
    table = computer_table(seed=7)
    table.next_deal()
    deal = table.deal
    assert deal is not None
    if table.phase == "human_moves":
        with pytest.raises(IllegalMoveError, match="person's turn"):
            table.computer_move()
        table.play(deal.legal_moves()[0])
    assert table.phase == "computer_moves"
    moves = list(deal.moves)
    with pytest.raises(IllegalMoveError, match="computer's turn"):
        table.play(deal.legal_moves()[0])
    assert deal.moves == moves


def test_the_computer_deals_with_a_plan_fixed_by_the_seed_and_the_deal_number() -> None:
    assert set(COMPUTER_PLANS) == set(packet_plans())
    for seed in range(20):
        assert computer_plan(seed, 1) == computer_plan(seed, 1)
    assert len({computer_plan(seed, number) for seed in range(10) for number in range(1, 10)}) > 5
    table = computer_table(seed=7)
    assert table.phase == "computer_deals"
    assert table.next_deal().packets == computer_plan(7, 1)


def test_a_person_deals_4_4_unless_he_chooses_another_plan() -> None:
    table = Table.new(opponent="human", seed=1)
    assert table.next_deal().packets == DEFAULT_PACKETS
    table = Table.new(opponent="human", seed=1)
    assert table.next_deal([2, 2, 2, 2]).packets == (2, 2, 2, 2)


def test_no_new_deal_while_one_is_in_progress_or_after_the_match() -> None:
    table = Table.new(opponent="human", seed=3, rules=Rules(target=1))
    table.next_deal()
    with pytest.raises(IllegalMoveError, match="finish the current deal"):
        table.next_deal()
    play_to_the_end(table)
    with pytest.raises(IllegalMoveError, match="match is over"):
        table.next_deal()


def test_the_same_seed_and_the_same_choices_give_the_same_match() -> None:
    first, second = computer_table(seed=31), computer_table(seed=31)
    play_to_the_end(first, person=1)
    play_to_the_end(second, person=1)
    assert [deal.moves for deal in first.match.deals] == [deal.moves for deal in second.match.deals]
    assert [deal.packets for deal in first.match.deals] == [deal.packets for deal in second.match.deals]


def test_undo_takes_back_the_computers_answer_with_the_persons_move_and_counts_one_press() -> None:
    table = computer_table(seed=7)  # the computer deals: the person leads
    table.next_deal()
    deal = table.deal
    assert deal is not None and table.phase == "human_moves" and not table.can_undo
    start = list(deal.moves)
    mine = deal.legal_moves()[0]
    table.play(mine)
    while table.phase == "computer_moves":
        table.computer_move()
    assert len(deal.moves) >= 2
    taken = table.undo()
    assert taken[-1] == (0, mine)
    assert all(player == 1 for player, _ in taken[:-1])
    assert deal.moves == start
    assert table.undo_count == 1
    assert table.phase == "human_moves"


def test_undo_between_two_people_takes_back_one_move() -> None:
    table = Table.new(opponent="human", seed=5)
    deal = table.next_deal()
    first = deal.legal_moves()[0]
    table.play(first)
    second = deal.legal_moves()[0]
    table.play(second)
    assert [move for _, move in table.undo()] == [second]
    assert deal.moves == [first]
    assert table.undo_count == 1


def test_a_finished_deal_stands() -> None:
    table = Table.new(opponent="human", seed=4)
    deal = table.next_deal()
    while not deal.is_over:
        table.play(deal.legal_moves()[0])
    assert not table.can_undo
    with pytest.raises(IllegalMoveError, match="deal is over"):
        table.undo()
    assert table.undo_count == 0


def test_undo_with_no_move_of_a_person_is_refused_and_not_counted() -> None:
    table = computer_table(seed=7)
    with pytest.raises(IllegalMoveError, match="no deal"):
        table.undo()
    table.next_deal()
    if table.phase == "computer_moves":
        table.computer_move()
    with pytest.raises(IllegalMoveError, match="no move of a person"):
        table.undo()
    assert table.undo_count == 0


def after_a_computer_marriage_lead(reaches_66: bool) -> Table:
    """A table (manual claim) where the computer has just led a marriage and the person is to answer.

    Found by random play from seeded deals; ``reaches_66`` says whether the lead takes it to 66.
    """
    for seed in range(500):
        table = computer_table(seed=seed, rules=Rules(claim="manual"))
        deal = table.next_deal()
        chooser = random.Random(seed)
        while not deal.is_over:
            moves = [move for move in deal.legal_moves() if move != CLAIM]
            leads = [move for move in moves if move.endswith("m")] if deal.turn == 1 else []
            for lead in leads:
                deal.play(lead)
                if deal.claimant == 1 and (deal.score(1) >= WIN_SCORE) == reaches_66:
                    return table
                deal.undo()
            deal.play(chooser.choice(moves))
    raise AssertionError("no such marriage lead in 500 seeded deals")


@pytest.mark.parametrize("reaches_66", [True, False])
def test_the_computer_claims_66_after_its_own_marriage_lead_exactly_when_it_is_right(reaches_66: bool) -> None:
    """Under manual claim, while the person is to answer the computer's marriage lead (docs/rules.md 8)."""
    table = after_a_computer_marriage_lead(reaches_66)
    deal = table.deal
    assert deal is not None and deal.turn == 0
    if reaches_66:
        assert table.phase == "computer_moves"
        assert table.computer_move() == (1, CLAIM)
        assert deal.result is not None and deal.result["winner"] == 1 and deal.result["reason"] == "reached_66"
    else:
        assert table.phase == "human_moves"
        assert table.claim_offer is None  # the claim is the computer's, not the person's


@pytest.mark.parametrize("reaches_66", [True, False])
def test_a_person_cannot_make_the_computers_claim_of_66(reaches_66: bool) -> None:
    """A false claim loses the claimant the deal: a person answering the computer's marriage lead may not make it
    for the computer (it would win him game points); the deal goes on untouched."""
    table = after_a_computer_marriage_lead(reaches_66)
    deal = table.deal
    assert deal is not None and CLAIM in deal.legal_moves()
    before = deal.moves
    with pytest.raises(IllegalMoveError, match="computer's to make"):
        table.play(CLAIM)
    assert deal.moves == before and deal.result is None and deal.claimant == 1


def play_to_the_end_step(table: Table) -> None:
    """One step of a match: the person plays his first card and never claims."""
    phase = table.phase
    if phase in ("human_deals", "computer_deals"):
        table.next_deal()
    elif phase == "human_moves":
        deal = table.deal
        assert deal is not None
        table.play(next(move for move in deal.legal_moves() if move != CLAIM))
    else:
        table.computer_move()


def after_a_persons_marriage_lead(tricks_before: int) -> tuple[Table, int]:
    """A two-person table (manual claim) where a person has just led a marriage, after ``tricks_before`` tricks (the
    leader won the last of them); and the leader. Found by random play from seeded deals."""
    for seed in range(300):
        table = Table.new(opponent="human", seed=seed, rules=Rules(claim="manual"))
        deal = table.next_deal()
        chooser = random.Random(seed)
        while not deal.is_over and deal.tricks_played <= tricks_before:
            leads = [move for move in deal.legal_moves() if move.endswith("m")]
            if deal.tricks_played == tricks_before and leads and (tricks_before == 0 or deal.tricks_won(deal.turn)):
                leader = deal.turn
                assert leader is not None and table.claim_offer is None
                table.play(leads[0])
                return table, leader
            table.play(chooser.choice([move for move in deal.legal_moves() if move != CLAIM]))
    raise AssertionError(f"no marriage lead after {tricks_before} tricks in 300 seeded deals")


def test_a_person_who_has_won_a_trick_is_asked_about_his_claim_after_his_marriage_lead() -> None:
    table, leader = after_a_persons_marriage_lead(tricks_before=3)
    deal = table.deal
    assert deal is not None and table.claim_offer == leader != deal.turn
    table.play(CLAIM)
    assert deal.result is not None and deal.result["reason"] in ("reached_66", "false_claim")


def test_before_his_first_trick_he_is_not_asked_but_may_still_claim() -> None:
    """His marriage's points wait for his first trick: a claim now can only be false (docs/rules.md 5)."""
    table, leader = after_a_persons_marriage_lead(tricks_before=0)
    deal = table.deal
    assert deal is not None and table.claim_offer is None and deal.claimant == leader != deal.turn
    table.play(CLAIM)
    assert deal.result is not None and deal.result["reason"] == "false_claim"


def test_the_last_trick_is_the_deals() -> None:
    table = Table.new(opponent="human", seed=2)
    assert table.last_trick is None
    deal = table.next_deal()
    assert table.last_trick is None
    table.play(deal.legal_moves()[0])
    table.play(deal.legal_moves()[0])
    assert table.last_trick == deal.last_trick
    assert table.last_trick is not None and [card for _, card in table.last_trick[1]] == [m[:2] for m in deal.moves]


def test_the_computer_can_change_level_and_a_table_of_two_people_has_no_computer() -> None:
    table = computer_table(seed=1)
    table.set_level(ai.LEVELS[-1])
    assert table.seats[1].level == ai.LEVELS[-1]
    assert table.seats[1].name == default_names("computer", QUICK)[1]
    with pytest.raises(InvalidMatchError, match="unknown level"):
        table.set_level("grandmaster")
    with pytest.raises(InvalidMatchError, match="no computer"):
        Table.new(opponent="human").set_level(QUICK)


def test_default_names_live_in_one_place() -> None:
    assert default_names("human", QUICK) == DEFAULT_PLAYERS
    assert Table.new(opponent="human").match.players == DEFAULT_PLAYERS
    assert Table.new(opponent="computer", level=QUICK).match.players == ("Player", f"Computer ({QUICK})")
    assert Table.new().level == ai.DEFAULT_LEVEL


@pytest.mark.parametrize("name", ["", "x" * (MAX_NAME_LENGTH + 1), "\ud800", "a\udfffb", "tab\there", "bell\x07", 7])
def test_a_name_that_could_not_be_saved_or_shared_is_refused(name: object) -> None:
    with pytest.raises(InvalidMatchError):
        check_player_name(name)
    with pytest.raises(InvalidMatchError):
        Table.new(opponent="human", players=["Ana", name])  # type: ignore[list-item]


@pytest.mark.parametrize("players", [("Ana",), "AB", {"a": 1, "b": 2}, ["Ana", "Bora", "Cile"], None])
def test_players_are_a_list_of_two_names(players: object) -> None:
    with pytest.raises(InvalidMatchError):
        check_players(players)


@pytest.mark.parametrize("name", ["x" * MAX_NAME_LENGTH, "Ана", "李小龙", "🂡 ace", "Jo O'Brien & <b>"])
def test_every_name_a_match_accepts_is_saved_and_shared(name: str) -> None:
    match = Match(players=[name, "Bora"], seed=4)
    deal = match.new_deal()
    deal.play(deal.legal_moves()[0])
    assert loads(dumps(match)).players == (name, "Bora")
    assert links.read_token(links.game_token(match)).players == (name, "Bora")


@pytest.mark.parametrize(
    "seconds", [math.nan, math.inf, -math.inf, 1e9, 1e400, True, 0, -1, "1", [1], MAX_SECONDS * 1.01]
)
def test_thinking_time_is_a_finite_number_up_to_10_seconds(seconds: object) -> None:
    with pytest.raises(InvalidMatchError):
        check_seconds(seconds)


def test_thinking_time_within_bounds_is_kept() -> None:
    assert check_seconds(None) is None
    assert check_seconds(0.01) == 0.01
    assert check_seconds(10) == 10.0
    with pytest.raises(InvalidMatchError):
        check_seconds(10**400)


def test_levels_and_opponents_are_named_exactly() -> None:
    assert check_level(QUICK) == QUICK
    assert check_opponent("human") == "human"
    for bad_level in ("grandmaster", None, 1, ["expert"]):
        with pytest.raises(InvalidMatchError):
            check_level(bad_level)
    for bad_opponent in ("robot", None, ["human"]):
        with pytest.raises(InvalidMatchError):
            check_opponent(bad_opponent)


def test_a_table_seated_at_a_match_from_a_record_plays_on() -> None:
    table = computer_table(seed=9)
    table.next_deal()
    play_to_the_end_step(table)
    again = Table(loads(json.dumps(json.loads(dumps(table.match)))), "computer", QUICK)
    assert again.phase == table.phase
    assert again.seed == table.seed

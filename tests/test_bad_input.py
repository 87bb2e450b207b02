"""Bad input to the public API gets a clear, typed error: an Otv66Error (a ValueError) that says what was wrong.

Never an IndexError, an AttributeError, an AssertionError or a plain ValueError from deep inside, and never a
quiet wrong answer (player ``-1`` read as player 1, card ``-1`` as the seven of clubs). Each test names the
rule and runs it over every public call it covers: the queries about one player, the card numbers, the rule
options, and the computer opponent's view, level and thinking time.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any

import pytest

from otv66 import (
    Deal,
    IllegalMoveError,
    InvalidCardError,
    InvalidMatchError,
    InvalidPlayerError,
    InvalidRulesError,
    InvalidViewError,
    Match,
    Otv66Error,
    Rules,
    ai,
    card_code,
    links,
    record,
)
from otv66.ai.review import review_deal
from otv66.cards import CODES
from otv66.table import Table


def fresh_deal() -> Deal:
    return Deal.from_seed(5, dealer=0)


def finished_deal() -> Deal:
    deal = fresh_deal()
    while not deal.is_over:
        deal.play(deal.legal_moves()[0])
    return deal


def match_in_a_deal() -> Match:
    match = Match(seed=5)
    match.new_deal()
    return match


PER_PLAYER: dict[str, Callable[[Any], object]] = {
    "Deal.score": lambda player: fresh_deal().score(player),
    "Deal.tricks_won": lambda player: fresh_deal().tricks_won(player),
    "Deal.card_points": lambda player: fresh_deal().card_points(player),
    "Deal.marriage_points": lambda player: fresh_deal().marriage_points(player),
    "Deal.pending_marriage_points": lambda player: fresh_deal().pending_marriage_points(player),
    "Deal.piles": lambda player: fresh_deal().piles(player),
    "Deal.available": lambda player: fresh_deal().available(player),
    "PublicView.available": lambda player: fresh_deal().view().available(player),
    "Match.resign": lambda player: match_in_a_deal().resign(player),
    "Table.is_human": lambda player: Table.new(seed=5, opponent="human").is_human(player),
    "ai.can_claim": lambda player: ai.can_claim(fresh_deal().view(), player),
    "ai.ponder": lambda player: ai.ponder(fresh_deal().view(), player, 0.01, None),
}
"""Every public call that takes a player, with that player as its only unknown."""


@pytest.mark.parametrize("call", PER_PLAYER.values(), ids=PER_PLAYER.keys())
@pytest.mark.parametrize("player", [-1, 2, 5, True, 0.0, "0", None])
def test_a_player_index_other_than_0_or_1_is_refused(call: Callable[[Any], object], player: object) -> None:
    with pytest.raises(InvalidPlayerError, match=r"a player is 0 or 1, not "):
        call(player)


@pytest.mark.parametrize("call", PER_PLAYER.values(), ids=PER_PLAYER.keys())
def test_players_0_and_1_are_answered(call: Callable[[Any], object]) -> None:
    for player in (0, 1):
        call(player)


CARD_CALLS: dict[str, Callable[[Any], object]] = {
    "card_code": card_code,
    "Deal.owner": lambda card: fresh_deal().owner(card),
}


@pytest.mark.parametrize("call", CARD_CALLS.values(), ids=CARD_CALLS.keys())
@pytest.mark.parametrize("card", [32, 40, 99, -1, True, 3.0, None])
def test_a_card_number_outside_0_to_31_is_refused(call: Callable[[Any], object], card: object) -> None:
    with pytest.raises(InvalidCardError, match=r"not a card number: .* \(expected 0 to 31"):
        call(card)


def test_card_code_takes_a_card_number_and_owner_also_a_card_code() -> None:
    with pytest.raises(InvalidCardError):
        card_code("AS")  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError, match="not a card: 'XX'"):
        fresh_deal().owner("XX")
    deal = fresh_deal()
    assert (card_code(0), card_code(31)) == ("AS", "7C")
    face_up = {card: player for player in (0, 1) for card in deal.available(player)}
    assert {deal.owner(card) for card in face_up} == {0, 1}
    assert all(deal.owner(card) == deal.owner(CODES.index(card)) == face_up[card] for card in face_up)


def test_owner_keeps_a_face_down_card_secret_until_it_turns_up() -> None:
    """Nobody knows a face-down card (rules.md section 3): not even whose table it lies on."""
    deal = fresh_deal()
    (down, up), player = deal.reveal_layout()[deal.turn][0], deal.turn
    with pytest.raises(InvalidCardError, match=f"{down} lies face down"):
        deal.owner(down)
    deal.play(up)
    assert (deal.owner(down), deal.owner(up)) == (player, player)


LAYOUT = fresh_deal().reveal_layout()
RULES_CALLS: dict[str, Callable[[Any], object]] = {
    "Deal.from_seed": lambda rules: Deal.from_seed(1, dealer=0, rules=rules),
    "Deal.from_layout": lambda rules: Deal.from_layout(LAYOUT, 0, rules),
    "Match": lambda rules: Match(rules=rules),
    "Table.new": lambda rules: Table.new(rules, opponent="human"),
}


@pytest.mark.parametrize("call", RULES_CALLS.values(), ids=RULES_CALLS.keys())
@pytest.mark.parametrize("rules", [{"claim": "manual"}, "manual", 7])
def test_rules_that_are_not_a_rules_object_are_refused_naming_what_to_pass(
    call: Callable[[Any], object], rules: object
) -> None:
    with pytest.raises(InvalidRulesError, match=f"rules must be a Rules, not {type(rules).__name__}") as caught:
        call(rules)
    if isinstance(rules, dict):
        assert "Rules.from_dict" in str(caught.value)


def test_a_dict_of_rules_goes_in_through_rules_from_dict() -> None:
    deal = Deal.from_seed(1, dealer=0, rules=Rules.from_dict({"claim": "manual"}))
    assert deal.rules.claim == "manual"


VIEW_CALLS: dict[str, Callable[..., object]] = {
    "choose_move": lambda view, **more: ai.choose_move(view, level="expert", **more),
    "analyse": lambda view, **more: ai.analyse(view, **more),
    "ponder": lambda view, **more: ai.ponder(view, 0, more.get("seconds", 0.01), None),
}
"""The computer opponent's public calls that think about a view."""


@pytest.mark.parametrize("call", VIEW_CALLS.values(), ids=VIEW_CALLS.keys())
def test_the_computer_given_a_deal_instead_of_its_view_says_to_pass_deal_view(call: Callable[..., object]) -> None:
    with pytest.raises(InvalidViewError, match=r"pass deal\.view\(\), not a Deal"):
        call(fresh_deal())


def forged(**changes: Any) -> Any:
    """The view of a deal in progress (its second player to move), with ``changes`` made by hand."""
    deal = fresh_deal()
    deal.play(deal.legal_moves()[0])
    return dataclasses.replace(deal.view(), **changes)


FORGED_VIEWS = {
    "player 5 to move": lambda: forged(turn=5),
    "True to move": lambda: forged(turn=True),
    "trump suit 9": lambda: forged(trump=9),
    "no piles": lambda: forged(piles=((), ())),
    "every card unseen": lambda: forged(unseen=(1 << 32) - 1),
    "a move of a card not on the table": lambda: forged(legal_moves=("XX",)),
    "a card on two piles": lambda: forged(piles=(forged().piles[0], forged().piles[0])),
}


@pytest.mark.parametrize("make", FORGED_VIEWS.values(), ids=FORGED_VIEWS.keys())
@pytest.mark.parametrize("call", VIEW_CALLS.values(), ids=VIEW_CALLS.keys())
def test_a_view_no_deal_shows_is_refused_before_any_search(
    call: Callable[..., object], make: Callable[[], Any]
) -> None:
    # Made up by hand, a player 5 to move or no piles sent the master searching for ever, a node budget or not.
    with pytest.raises(InvalidViewError, match=r"not one a deal shows .*: pass deal\.view\(\)"):
        call(make(), nodes=2000) if call is VIEW_CALLS["choose_move"] else call(make())


@pytest.mark.parametrize("call", VIEW_CALLS.values(), ids=VIEW_CALLS.keys())
def test_the_computer_asked_about_a_finished_deal_says_the_deal_is_over(call: Callable[..., object]) -> None:
    with pytest.raises(IllegalMoveError, match="the deal is over") as caught:
        call(finished_deal().view())
    assert caught.value.reason == "deal_over"


@pytest.mark.parametrize("call", VIEW_CALLS.values(), ids=VIEW_CALLS.keys())
@pytest.mark.parametrize("seconds", [-1, 0, math.nan, math.inf, 1e400, True, "1"])
def test_a_thinking_time_that_is_not_a_finite_number_above_0_is_refused(
    call: Callable[..., object], seconds: object
) -> None:
    with pytest.raises(InvalidMatchError, match="seconds must be"):
        call(fresh_deal().view(), seconds=seconds)


@pytest.mark.parametrize("nodes", [0, -1, 1.5, True, "100"])
def test_a_node_budget_that_is_not_a_whole_number_from_1_is_refused(nodes: object) -> None:
    with pytest.raises(InvalidMatchError, match="nodes must be a whole number from 1"):
        ai.choose_move(fresh_deal().view(), level="master", nodes=nodes)  # type: ignore[arg-type]


SCORE_CALLS: dict[str, Callable[..., object]] = {
    "choose_move master": lambda view, score: ai.choose_move(view, level="master", seconds=0.01, match_score=score),
    "choose_move beginner": lambda view, score: ai.choose_move(view, level="beginner", match_score=score),
    "analyse": lambda view, score: ai.analyse(view, seconds=0.01, match_score=score),
    "ponder": lambda view, score: ai.ponder(view, 0, 0.01, None, match_score=score),
}
"""The computer's calls that may play for the match: what it is given as the match score is checked."""


@pytest.mark.parametrize("call", SCORE_CALLS.values(), ids=SCORE_CALLS.keys())
@pytest.mark.parametrize(
    "score",
    [
        (1, 2),
        "abc",
        (None, 0, 7),
        (0, 0, 10**6),
        (0, 0, -5),
        (0, 0, 7.5),
        (7, 0, 7),
        (0, -1, 7),
        (0, 0, 7, -1),
        (True, 0, 7),
    ],
    ids=repr,
)
def test_a_match_score_that_is_no_match_being_played_is_refused(call: Callable[..., object], score: object) -> None:
    """It raised unpacking, type and recursion errors, or was taken (a target of -5, of 7.5) without a word."""
    with pytest.raises(InvalidMatchError, match="match_score must be"):
        call(fresh_deal().view(), score)


def test_a_seed_for_the_computers_slips_is_a_whole_number() -> None:
    with pytest.raises(InvalidMatchError, match="seed must be a whole number"):
        ai.choose_move(fresh_deal().view(), level="beginner", seed="x")  # type: ignore[arg-type]


@pytest.mark.parametrize("index", [1, 99, -1, True, "0"])
def test_asking_whether_a_deal_is_finished_names_a_deal_of_the_match(index: object) -> None:
    match = Match(seed=1)
    match.new_deal()
    assert match.is_finished(0) is False
    with pytest.raises(InvalidMatchError, match="the match has deals 0 to 0"):
        match.is_finished(index)  # type: ignore[arg-type]
    with pytest.raises(InvalidMatchError, match="the match has no deal yet, not 0"):
        Match(seed=1).is_finished(0)


@pytest.mark.parametrize("dealer", [2, -1, True, "0"])
def test_a_match_refuses_a_first_dealer_other_than_player_0_or_1_as_a_match_setting(dealer: object) -> None:
    with pytest.raises(InvalidMatchError, match="the first dealer is player 0 or 1"):
        Match(first_dealer=dealer)  # type: ignore[arg-type]


def test_the_library_may_give_the_computer_a_long_thinking_time() -> None:
    view = fresh_deal().view()
    assert ai.choose_move(view, level="beginner", seconds=3600, seed=1) in view.legal_moves


LEVEL_CALLS: dict[str, Callable[[Any], object]] = {
    "choose_move": lambda level: ai.choose_move(fresh_deal().view(), level=level),
    "level_named": ai.level_named,
}


@pytest.mark.parametrize("call", LEVEL_CALLS.values(), ids=LEVEL_CALLS.keys())
@pytest.mark.parametrize("level", ["grandmaster", "", None, 3, "Expert"])
def test_a_level_the_computer_does_not_have_is_refused(call: Callable[[Any], object], level: object) -> None:
    with pytest.raises(InvalidMatchError, match=r"unknown level .*: choose one of beginner, club, expert, master"):
        call(level)


def test_every_refusal_here_is_an_otv66_error_and_a_value_error() -> None:
    for error in (InvalidPlayerError, InvalidViewError, InvalidCardError, InvalidRulesError, InvalidMatchError):
        assert issubclass(error, Otv66Error) and issubclass(error, ValueError)
        assert error.__doc__


WRITERS: dict[str, Callable[[Any], object]] = {
    "record.dumps": record.dumps,
    "links.game_token": links.game_token,
    "links.deal_token": links.deal_token,
    "review_deal": review_deal,
}
"""Public calls that write or rate a match or a deal they are given."""


@pytest.mark.parametrize("given", [None, True, "match", fresh_deal().view()], ids=repr)
@pytest.mark.parametrize("write", WRITERS.values(), ids=WRITERS.keys())
def test_a_writer_given_no_match_or_deal_says_what_it_writes_from(write: Callable[[Any], object], given: Any) -> None:
    # AttributeError: 'NoneType' object has no attribute 'resigned' (or 'seed', 'copy').
    with pytest.raises(InvalidMatchError, match=r"(from|of) a (Match|Deal), not"):
        write(given)


@pytest.mark.parametrize("index", [1, -1, None, True, "0"])
def test_an_outcome_asked_of_a_deal_the_match_does_not_have_is_refused(index: Any) -> None:
    # outcome_of(1) with one deal raised IndexError, outcome_of(None) TypeError, and outcome_of(-1) answered for the
    # last deal where is_finished(-1) refused it.
    match = Match(seed=3)
    match.new_deal()
    with pytest.raises(InvalidMatchError, match="the match has deals 0 to 0, not"):
        match.outcome_of(index)


def test_a_record_saved_with_a_byte_order_mark_reads() -> None:
    # Windows' Notepad saves "UTF-8 with BOM": it was refused, "Unexpected UTF-8 BOM (decode using utf-8-sig)".
    match = Match(seed=3)
    deal = match.new_deal()
    deal.play(deal.legal_moves()[0])
    assert record.dumps(record.loads("\ufeff" + record.dumps(match))) == record.dumps(match)

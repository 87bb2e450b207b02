"""Properties of every game (hypothesis): points, cards, undo, records and the public view."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st
from scenario import RULES, fresh_deals, pick_move, played_deals, random_playout, snapshot

from otv66 import CLAIM, Deal
from otv66.cards import CODES, POINTS, cards_in, parse_card
from otv66.match import Match
from otv66.record import deal_from_dict, deal_to_dict, dumps, loads, match_to_record


def cards_played(deal: Deal) -> list[str]:
    return [move[:2] for move in deal.moves if move != CLAIM]


@given(deal=fresh_deals(), moves=st.randoms())
def test_a_played_out_deal_holds_120_card_points_and_130_with_the_last_trick(deal, moves):
    # Under manual claim with nobody claiming, every deal is played out.
    deal = Deal.from_layout(deal.reveal_layout(), deal.dealer, deal.rules.__class__(claim="manual"))
    while not deal.is_over:
        deal.play(moves.choice([move for move in deal.legal_moves() if move != CLAIM]))
    assert deal.tricks_played == 16
    assert deal.card_points(0) + deal.card_points(1) == 120
    marriages = deal.marriage_points(0) + deal.marriage_points(1)
    assert deal.score(0) + deal.score(1) == 130 + marriages


@given(deal=played_deals())
def test_card_points_are_those_of_the_cards_in_completed_tricks(deal):
    cards = cards_played(deal)
    in_tricks = cards[: 2 * deal.tricks_played]
    assert deal.card_points(0) + deal.card_points(1) == sum(POINTS[parse_card(card)] for card in in_tricks)
    assert deal.card_points(0) + deal.card_points(1) <= 120


@given(deal=played_deals())
def test_each_card_is_played_at_most_once_and_only_by_its_owner(deal):
    cards = cards_played(deal)
    assert len(cards) == len(set(cards))
    replay = Deal.from_layout(deal.reveal_layout(), deal.dealer, deal.rules)
    for move in deal.moves:
        if move != CLAIM:
            assert replay.owner(move[:2]) == replay.turn
        replay.play(move)


@given(deal=played_deals(), moves=st.randoms(), depth=st.integers(1, 12))
def test_undo_restores_the_exact_state(deal, moves, depth):
    before = snapshot(deal)
    made = []
    while len(made) < depth and not deal.is_over:
        move = pick_move(deal, moves)
        deal.play(move)
        made.append(move)
    while made:
        assert deal.undo() == made.pop()
    assert snapshot(deal) == before


@given(deal=played_deals())
def test_undo_to_the_start_gives_the_fresh_deal(deal):
    fresh = Deal.from_layout(deal.reveal_layout(), deal.dealer, deal.rules)
    while deal.moves:
        deal.undo()
    assert snapshot(deal) == snapshot(fresh)


@given(deal=played_deals())
def test_a_copy_is_the_same_state_and_independent(deal):
    other = deal.copy()
    assert snapshot(other) == snapshot(deal)
    if not other.is_over:
        before = snapshot(deal)
        other.play(other.legal_moves()[0])
        assert snapshot(deal) == before


@given(deal=played_deals())
def test_the_public_view_names_no_face_down_card(deal):
    text = json.dumps(deal.view().to_dict())
    face_down = [CODES[card] for card in cards_in(deal.hidden_cards())]
    for code in face_down:
        assert code not in text
    assert deal.view().to_dict()["unseen_count"] == len(face_down)


@given(deal=played_deals(), shuffle=st.randoms())
def test_the_public_view_is_the_same_whatever_lies_face_down(deal, shuffle):
    """Swap the face-down cards that are still hidden: nothing either player can see may change."""
    layout = deal.reveal_layout()
    hidden = {CODES[card] for card in cards_in(deal.hidden_cards())}
    places = [(p, i) for p in (0, 1) for i in range(8) if layout[p][i][0] in hidden]
    cards = [layout[p][i][0] for p, i in places]
    shuffle.shuffle(cards)
    for (p, i), card in zip(places, cards, strict=True):
        layout[p][i][0] = card
    other = Deal.from_layout(layout, deal.dealer, deal.rules)
    for move in deal.moves:
        other.play(move)
    assert other.view() == deal.view()
    assert other.view().to_dict() == deal.view().to_dict()


@st.composite
def played_matches(draw: st.DrawFn) -> Match:
    """A match under random rules, with random deals played by random moves (the last may be unfinished)."""
    rules = draw(RULES)
    match = Match(rules, first_dealer=draw(st.sampled_from((0, 1))), seed=draw(st.integers(0, 2**40)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 4))):
        if match.is_over:
            break
        deal = match.new_deal(packets=draw(st.sampled_from([(4, 4), (2, 2, 2, 2), (1, 1, 2, 4)])))
        random_playout(deal, rng)
    if not match.is_over and draw(st.booleans()):
        deal = match.new_deal()
        for _ in range(draw(st.integers(0, 20))):
            if not deal.is_over:
                deal.play(pick_move(deal, rng))
    return match


@given(match=played_matches())
def test_a_match_record_round_trips(match):
    text = dumps(match)
    again = loads(text)
    assert dumps(again) == text
    assert again.game_points == match.game_points
    assert again.next_dealer == match.next_dealer
    assert again.winner == match.winner
    for original, copy in zip(match.deals, again.deals, strict=True):
        assert snapshot(copy) == snapshot(original)
        assert (copy.seed, copy.packets, copy.dealer) == (original.seed, original.packets, original.dealer)


@given(match=played_matches())
def test_a_record_without_seeds_round_trips_by_its_layouts(match):
    record = json.loads(json.dumps(match_to_record(match)))
    del record["seed"]
    for entry in record["deals"]:
        del entry["seed"]
    again = loads(json.dumps(record))
    assert [deal.moves for deal in again.deals] == [deal.moves for deal in match.deals]
    assert [deal.result for deal in again.deals] == [deal.result for deal in match.deals]


@given(deal=played_deals())
def test_a_deal_entry_round_trips(deal):
    entry = json.loads(json.dumps(deal_to_dict(deal)))
    assert snapshot(deal_from_dict(entry, deal.rules)) == snapshot(deal)

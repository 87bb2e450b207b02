"""docs/rules.md 2: players, the seeded shuffle, packet plans, dealing and trump."""

from __future__ import annotations

import hashlib
import struct

import pytest
from scenario import build_layout

from otv66 import Deal, InvalidLayoutError, Otv66Error
from otv66.cards import CODES
from otv66.dealing import (
    MAX_SEED,
    SHUFFLE_VERSION,
    check_packets,
    deal_layout,
    match_deal_seed,
    shuffled_deck,
)
from otv66.match import Match


def all_packet_plans(total: int = 8) -> list[tuple[int, ...]]:
    """Every sequence of packets of 1, 2 or 4 cards adding up to ``total``."""
    if total == 0:
        return [()]
    return [(size, *rest) for size in (1, 2, 4) if size <= total for rest in all_packet_plans(total - size)]


ALL_PLANS = all_packet_plans()
DECK_IN_CARD_ORDER = list(range(32))  # AS TS KS QS JS 9S 8S 7S AH ... 7C, top first


def codes(layout, player: int, side: int) -> str:
    """One row of a layout as text: side 0 = the face-down cards, 1 = the face-up cards."""
    return " ".join(CODES[pile[side]] for pile in layout[player])


# --------------------------------------------------------------------------- packet plans


def test_there_are_55_packet_plans_and_every_one_is_accepted():
    assert len(ALL_PLANS) == 55
    for plan in ALL_PLANS:
        assert check_packets(list(plan)) == plan
        assert Deal.from_seed(1, dealer=0, packets=plan).packets == plan


@pytest.mark.parametrize(
    "plan",
    [
        [],
        [8],
        [3, 5],
        [4, 4, 1],
        [4, 2],
        [2, 2, 2, 2, 0],
        [4, -4, 4, 4],
        [True, True, 2, 4],
        [4.0, 4.0],
        ["4", "4"],
        "44",
        None,
        4,
        {"a": 4},
        [[4], [4]],
    ],
)
def test_a_packet_plan_is_sizes_1_2_or_4_adding_up_to_8(plan):
    with pytest.raises(InvalidLayoutError):
        check_packets(plan)
    with pytest.raises(InvalidLayoutError):
        Deal.from_seed(1, dealer=0, packets=plan)


# --------------------------------------------------------------------------- dealing


def test_packets_of_four_face_down_round_then_face_up_round_opponent_first():
    """Dealer 0 deals the deck in card order with the plan [4, 4]."""
    layout = deal_layout(DECK_IN_CARD_ORDER, dealer=0, packets=[4, 4])
    # Face-down round: 4 to the opponent, 4 to the dealer, 4 to the opponent, 4 to the dealer.
    assert codes(layout, 1, 0) == "AS TS KS QS AH TH KH QH"
    assert codes(layout, 0, 0) == "JS 9S 8S 7S JH 9H 8H 7H"
    # Face-up round, the same way.
    assert codes(layout, 1, 1) == "AD TD KD QD AC TC KC QC"
    assert codes(layout, 0, 1) == "JD 9D 8D 7D JC 9C 8C 7C"


def test_mixed_packets_fill_the_piles_0_to_7_in_order():
    """Dealer 1 deals the deck in card order with the plan [1, 2, 1, 4] in both rounds."""
    layout = deal_layout(DECK_IN_CARD_ORDER, dealer=1, packets=[1, 2, 1, 4])
    # Face-down: AS to player 0, TS to player 1, KS QS to 0, JS 9S to 1, 8S to 0, 7S to 1,
    # AH TH KH QH to 0, JH 9H 8H 7H to 1.
    assert codes(layout, 0, 0) == "AS KS QS 8S AH TH KH QH"
    assert codes(layout, 1, 0) == "TS JS 9S 7S JH 9H 8H 7H"
    assert codes(layout, 0, 1) == "AD KD QD 8D AC TC KC QC"
    assert codes(layout, 1, 1) == "TD JD 9D 7D JC 9C 8C 7C"


def test_one_card_packets_alternate_card_by_card():
    layout = deal_layout(DECK_IN_CARD_ORDER, dealer=0, packets=[1] * 8)
    assert codes(layout, 1, 0) == "AS KS JS 8S AH KH JH 8H"
    assert codes(layout, 0, 0) == "TS QS 9S 7S TH QH 9H 7H"


@pytest.mark.parametrize("plan", ALL_PLANS)
def test_any_plan_gives_the_opponent_the_first_card_and_the_dealer_the_last(plan):
    deck = shuffled_deck(2024)
    for dealer in (0, 1):
        layout = deal_layout(deck, dealer, plan)
        assert layout[1 - dealer][0][0] == deck[0]
        assert layout[dealer][7][1] == deck[31]
        assert sorted(card for table in layout for pile in table for card in pile) == DECK_IN_CARD_ORDER


@pytest.mark.parametrize("deck", [list(range(31)), [0] * 32, [*range(31), 0], [*range(32), 32]])
def test_only_a_whole_deck_can_be_dealt(deck):
    with pytest.raises(InvalidLayoutError):
        deal_layout(deck, dealer=0, packets=[4, 4])


def test_a_deal_is_made_only_from_a_whole_deck_given_as_codes_or_card_numbers():
    """Each of the 32 cards lies on the table exactly once, whichever way a layout is written."""
    numbers = deal_layout(shuffled_deck(7), dealer=0, packets=[4, 4])
    codes = [[[CODES[down], CODES[up]] for down, up in table] for table in numbers]
    assert Deal(numbers, 0).reveal_layout() == Deal(codes, 0).reveal_layout() == codes
    repeated = (((0, 1),) * 8, numbers[1])
    with pytest.raises(InvalidLayoutError, match="AS appears twice"):
        Deal(repeated, 0)
    with pytest.raises(InvalidLayoutError, match="not a card number: 32"):
        Deal((((numbers[0][0][0], 32), *numbers[0][1:]), numbers[1]), 0)


@pytest.mark.parametrize("dealer", [-1, 2, True, None, "0", 0.0])
def test_the_dealer_is_player_0_or_1(dealer):
    with pytest.raises(InvalidLayoutError):
        Deal.from_seed(1, dealer=dealer)
    with pytest.raises(InvalidLayoutError):
        Deal.from_layout(build_layout(), dealer=dealer)


def test_from_seed_deals_the_shuffled_deck_by_the_plan():
    deal = Deal.from_seed(99, dealer=1, packets=(2, 1, 1, 4))
    layout = deal_layout(shuffled_deck(99), dealer=1, packets=(2, 1, 1, 4))
    assert deal.reveal_layout() == [[[CODES[down], CODES[up]] for down, up in table] for table in layout]
    assert (deal.seed, deal.dealer, deal.packets) == (99, 1, (2, 1, 1, 4))


def test_the_default_packet_plan_is_4_4():
    assert Deal.from_seed(5, dealer=0).reveal_layout() == Deal.from_seed(5, dealer=0, packets=[4, 4]).reveal_layout()


# --------------------------------------------------------------------------- trump


@pytest.mark.parametrize("seed", range(20))
def test_trump_is_the_suit_of_the_dealers_face_up_card_on_pile_7(seed):
    for dealer in (0, 1):
        deal = Deal.from_seed(seed, dealer=dealer, packets=ALL_PLANS[seed])
        last_card = deal.reveal_layout()[dealer][7][1]
        assert deal.trump_card == last_card
        assert deal.trump == last_card[1]
        assert last_card == CODES[shuffled_deck(seed)[31]]


def test_trump_follows_the_layout_and_the_dealer():
    layout = build_layout("7S 8S 9S JS QS KS TS AS", "7H 8H 9H JH QH KH TH AD")
    assert Deal.from_layout(layout, dealer=0).trump == "S"
    assert Deal.from_layout(layout, dealer=1).trump == "D"


def test_the_trump_card_stays_on_the_table_as_an_ordinary_card():
    deal = Deal.from_layout(build_layout("", "", trump="H"), dealer=1)
    assert deal.trump_card == "7H"
    assert deal.piles(1)[7].top == "7H"
    assert "7H" in deal.available(1)


# --------------------------------------------------------------------------- shuffle version 1


def shuffle_as_documented(seed: int) -> list[int]:
    """Shuffle version 1 written again from dealing.py's description, to pin the promise, not the code."""
    stream = b"".join(hashlib.sha256(f"otv66-shuffle/1:{seed}:{block}".encode()).digest() for block in range(64))
    words = iter(struct.unpack(f">{len(stream) // 4}I", stream))
    deck = list(range(32))
    for i in range(31, 0, -1):
        bound = i + 1
        limit = 2**32 - 2**32 % bound
        x = next(words)
        while x >= limit:
            x = next(words)
        j = x % bound
        deck[i], deck[j] = deck[j], deck[i]
    return deck


PINNED_SHUFFLES = {
    0: "TH QD AC 7C 7S JH QH TC TS AS 9D KH TD 8C KS KD JS 8S 8H 8D 9S 7H KC AD JC QS AH 9H QC 9C JD 7D",
    1: "AD 9C KS 8H 8C TH 9D QH AS 7H KH QD 9S JS 8S 7S 7C TD TS JD 7D 9H 8D AH QS JC KC AC KD TC JH QC",
    42: "QS TH KC KD KS KH TD AD TS TC 7D QH 7H 9C JD 9S 8C JH 9D AS QC 9H 7C JS 8D QD JC 7S 8S 8H AH AC",
    MAX_SEED: "KD QD 8D AC AD 8C QS QC TS 7D JS 8H 7C JD JH AH KC AS KH KS TC 7H QH 9H 9C TH 9S 7S TD 9D 8S JC",
}


def test_the_shuffle_version_is_1():
    assert SHUFFLE_VERSION == 1


@pytest.mark.parametrize(("seed", "order"), PINNED_SHUFFLES.items())
def test_shuffle_version_1_gives_these_decks_forever(seed, order):
    """Regression values: a share link made today must deal the same cards in every later release."""
    assert " ".join(CODES[card] for card in shuffled_deck(seed)) == order


def test_shuffle_version_1_is_the_documented_algorithm():
    for seed in [*range(300), 2**31, 2**32 + 5, MAX_SEED - 1, MAX_SEED]:
        assert shuffled_deck(seed) == shuffle_as_documented(seed), seed


def test_different_seeds_give_different_decks():
    decks = {tuple(shuffled_deck(seed)) for seed in range(500)}
    assert len(decks) == 500


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 1.0, "1", None, True, [1]])
def test_a_seed_is_a_whole_number_from_0_to_2_pow_53_minus_1(seed):
    with pytest.raises(InvalidLayoutError):
        shuffled_deck(seed)
    with pytest.raises(Otv66Error):
        Deal.from_seed(seed, dealer=0)


# --------------------------------------------------------------------------- match seeds


PINNED_MATCH_SEEDS = {
    (0, 0): 114267551677203,
    (0, 1): 41903668857071,
    (7, 0): 176861934438216,
    (7, 5): 220389370782259,
    (MAX_SEED, 99): 108330049189979,
}


@pytest.mark.parametrize(("key", "seed"), PINNED_MATCH_SEEDS.items())
def test_match_deal_seeds_are_pinned(key, seed):
    assert match_deal_seed(*key) == seed
    assert 0 <= seed <= MAX_SEED


def test_match_deal_seed_is_sha256_of_the_match_seed_and_deal_index():
    for match_seed, index in PINNED_MATCH_SEEDS:
        digest = hashlib.sha256(f"otv66-match/1:{match_seed}:{index}".encode()).digest()
        assert match_deal_seed(match_seed, index) == int.from_bytes(digest[:6], "big")


def test_a_seeded_match_deals_every_deal_from_its_match_seed():
    match = Match(first_dealer=1, seed=7)
    for index in range(3):
        deal = match.new_deal(packets=(2, 2, 4))
        assert deal.seed == match_deal_seed(7, index)
        assert deal.reveal_layout() == Deal.from_seed(deal.seed, deal.dealer, (2, 2, 4)).reveal_layout()
        while not deal.is_over:
            deal.play(deal.legal_moves()[0])


def test_the_first_dealer_of_a_match_is_drawn():
    """rules.md 2: drawn at random; a seeded match draws from its seed, so that one seed is one match."""
    assert {Match(seed=seed).first_dealer for seed in (6, 7)} == {0, 1}
    assert all(Match(seed=seed).first_dealer == seed % 2 for seed in range(20))
    assert {Match().first_dealer for _ in range(64)} == {0, 1}  # both drawn: a miss is 2 ** -63
    assert Match(first_dealer=1, seed=6).first_dealer == 1


def test_the_non_dealer_is_the_forehand_who_leads_first():
    for dealer in (0, 1):
        deal = Deal.from_seed(3, dealer=dealer)
        assert deal.turn == deal.leader == 1 - dealer
        assert set(deal.legal_moves()) >= set(deal.available(1 - dealer))

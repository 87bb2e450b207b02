"""A match against a friend played by links between two simulated devices (otv66.friend.match).

Randomness is seeded so every run (CPython and Pyodide) plays the same games; matches are short
(target 1: one deal) to keep the shuffle proofs' CPU small.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from otv66.bench.friend import PLAY_GOAL_CHARS
from otv66.cards import CODES
from otv66.friend.errors import (
    ForgedSenderError,
    FriendProtocolError,
    IllegalLinkMoveError,
    MalformedMessageError,
    NewerLinkError,
    OutOfOrderError,
    RefusedError,
    WrongMatchError,
)
from otv66.friend.linkbench import is_setup, percentile_99
from otv66.friend.links import Item, Link
from otv66.friend.match import FriendMatch
from otv66.friend.messages import from_base64url, to_base64url
from otv66.links import game_token, read_game_token
from otv66.rules import Rules

ONE_DEAL = Rules(target=1)


def seeded(seed: int) -> Callable[[int], bytes]:
    rng = random.Random(seed)
    return rng.randbytes


def started(seed: int = 1) -> tuple[FriendMatch, FriendMatch]:
    """Alice invited Bob, he accepted, she shuffled: Bob (the first leader) now sees the layout."""
    alice, invite = FriendMatch.invite("Alice", ONE_DEAL, seeded(seed))
    bob, accept = FriendMatch.accept(invite, "Bob", seeded(seed + 100))
    alice.receive(accept)
    bob.receive(alice.link())
    return alice, bob


@pytest.fixture(scope="module")
def pair() -> tuple[FriendMatch, FriendMatch]:
    return started()


@pytest.fixture
def fresh(pair: tuple[FriendMatch, FriendMatch]) -> tuple[FriendMatch, FriendMatch]:
    return copy.deepcopy(pair)


def play_on(sender: FriendMatch, receiver: FriendMatch, rng: random.Random) -> str | None:
    """``sender`` moves as far as he can see, then sends his link (if any) to ``receiver``."""
    while sender.legal_moves():
        sender.play(rng.choice(sender.legal_moves()))
    if sender.status() != "send":
        return None
    link = sender.link()
    receiver.receive(link)
    return link


def test_the_invitation_names_the_rules_and_the_inviter(pair: tuple[FriendMatch, FriendMatch]) -> None:
    alice, bob = pair
    assert bob.match.rules == ONE_DEAL
    assert alice.match.players == bob.match.players == ("Alice", "Bob")
    assert (alice.seat, bob.seat) == (0, 1)


def test_the_friend_is_unnamed_until_his_answer_is_read_also_in_a_match_saved_by_earlier_versions() -> None:
    alice, invite = FriendMatch.invite("Alice", ONE_DEAL, seeded(43))
    assert alice.players == ("Alice", None) and alice.to_state()["players"] == ["Alice", None]
    saved = alice.to_text()
    assert json.loads(saved)["players"] == ["Alice", "?"]  # the saved form is the one earlier versions wrote
    again = FriendMatch.from_text(saved)
    assert again.to_state()["players"] == ["Alice", None] and again.to_text() == saved
    bob, accept = FriendMatch.accept(invite, "Bob", seeded(143))
    assert bob.to_state()["players"] == ["Alice", "Bob"]  # the invitation named Alice
    again.receive(accept)
    assert again.players == ("Alice", "Bob") and again.to_state()["players"] == ["Alice", "Bob"]
    assert FriendMatch.from_text(again.to_text()).players == ("Alice", "Bob")


def test_a_friend_who_calls_himself_question_mark_is_named_so() -> None:
    alice, invite = FriendMatch.invite("Alice", ONE_DEAL, seeded(44))
    _, accept = FriendMatch.accept(invite, "?", seeded(144))
    alice.receive(accept)
    assert alice.to_state()["players"] == ["Alice", "?"]
    assert FriendMatch.from_text(alice.to_text()).players == ("Alice", "?")


def test_after_three_links_the_leader_sees_every_face_up_card(pair: tuple[FriendMatch, FriendMatch]) -> None:
    alice, bob = pair
    assert bob.status() == "play" and alice.status() == "wait"
    deal = bob.deal
    assert deal is not None and deal.turn == bob.seat
    assert set(bob.legal_moves()) <= {*CODES, *(code + "m" for code in CODES)}


def test_a_whole_match_between_two_devices_ends_alike_on_both(fresh: tuple[FriendMatch, FriendMatch]) -> None:
    alice, bob = fresh
    rng = random.Random(7)
    players, turn, links = (alice, bob), 1, []
    for _ in range(200):
        if alice.match.is_over:
            break
        links.append(play_on(players[turn], players[1 - turn], rng))
        turn = 1 - turn
    play_links = [len(link) for link in links if link is not None and not is_setup(link)]
    assert play_links and max(play_links) <= PLAY_GOAL_CHARS
    assert alice.match.is_over and bob.match.is_over
    assert alice.match.game_points == bob.match.game_points
    assert alice.finished == bob.finished
    assert alice.status() == bob.status() == "over"


def test_both_devices_are_told_how_the_last_deal_ended_also_after_a_restart(
    fresh: tuple[FriendMatch, FriendMatch],
) -> None:
    """The next deal starts once one ends: the state says how the last one ended, with its table as it ended."""
    alice, bob = fresh
    assert alice.to_state()["last_deal"] is None, "no deal has ended yet"
    rng = random.Random(7)
    players, turn = (alice, bob), 1
    while not alice.match.is_over:
        play_on(players[turn], players[1 - turn], rng)
        turn = 1 - turn
    result = alice.match.deals[0].result
    assert result is not None and result["winner"] is not None
    awards = [0, 0]
    awards[result["winner"]] = result["game_points"]
    told = {"number": 1, "winner": result["winner"], "awards": awards, "resigned": None}
    for side in (alice, bob, FriendMatch.from_text(bob.to_text())):
        last = side.to_state()["last_deal"]
        assert {key: value for key, value in last.items() if key != "view"} == told
        assert last["view"] == alice.to_state()["last_deal"]["view"], "both tables ended alike"
        table = last["view"]
        assert table["result"] == result and table["legal_moves"] == [], "the table as it ended, nothing to play"
        assert table["scores"] == list(alice.match.deals[0].view().scores)


def test_the_last_deals_table_shows_no_card_nobody_saw(fresh: tuple[FriendMatch, FriendMatch]) -> None:
    """A card turned up by the deal's last move is never opened (nobody needs it): on the table as the deal ended it
    stays face down, as a pile's unopened top does while the deal goes on."""
    alice, bob = fresh
    players, turn = (alice, bob), 1
    rng = random.Random(3)
    while not alice.match.is_over:
        play_on(players[turn], players[1 - turn], rng)
        turn = 1 - turn
    seen = {code for table in alice.finished[0]["seen"] for pile in table for code in pile if code is not None}
    piles = [pile for row in alice.to_state()["last_deal"]["view"]["piles"] for pile in row]
    tops = {pile["top"] for pile in piles if pile["top"] is not None}
    assert tops <= seen, "every card shown face up was seen by both"
    unopened = [pile for pile in piles if pile.get("unopened")]
    assert unopened, "this seed's last move turned a card up"
    assert len(unopened) == sum(
        1
        for row in alice.match.deals[0].view().piles
        for card, _ in row
        if card is not None and CODES[card] not in seen
    )


def test_at_the_end_only_the_player_who_sent_the_last_link_is_offered_it_again(
    fresh: tuple[FriendMatch, FriendMatch],
) -> None:
    # The one who received the last move had his own last link shown "to send to your friend", who had long had it.
    alice, bob = fresh
    rng = random.Random(7)
    players, turn, last_sender = (alice, bob), 1, None
    while not alice.match.is_over:
        if play_on(players[turn], players[1 - turn], rng) is not None:
            last_sender = players[turn]
        turn = 1 - turn
    receiver = bob if last_sender is alice else alice
    assert last_sender is not None and not last_sender.to_state()["link_answered"]
    assert receiver.to_state()["link_answered"]
    for side in (last_sender, receiver):
        assert FriendMatch.from_text(side.to_text()).link_answered == side.link_answered, "kept in the save"


def test_every_card_both_devices_saw_is_the_same(fresh: tuple[FriendMatch, FriendMatch]) -> None:
    alice, bob = fresh
    rng = random.Random(3)
    for _ in range(6):
        play_on(bob, alice, rng)
        play_on(alice, bob, rng)
    assert alice.session is not None and bob.session is not None
    mine, theirs = alice.session.layout(), bob.session.layout()
    for table_a, table_b in zip(mine, theirs, strict=True):
        for pile_a, pile_b in zip(table_a, table_b, strict=True):
            for card_a, card_b in zip(pile_a, pile_b, strict=True):
                assert card_a is None or card_b is None or card_a == card_b


def test_both_devices_see_the_last_trick_also_when_the_friends_move_finished_it(
    fresh: tuple[FriendMatch, FriendMatch],
) -> None:
    alice, bob = fresh
    led = bob.legal_moves()[0]
    bob.play(led)
    alice.receive(bob.link())
    assert alice.to_state()["deal"]["last_trick"] is None
    answered = alice.legal_moves()[0]
    alice.play(answered)
    trick = [{"player": bob.seat, "card": led[:2]}, {"player": alice.seat, "card": answered[:2]}]
    while alice.status() == "play":  # she won it and leads the next: the link goes when it is Bob's turn
        alice.play(alice.legal_moves()[0])
    bob.receive(alice.link())
    for device in (alice, bob):
        assert device.deal is not None
        assert device.to_state()["deal"]["last_trick"] == {"winner": device.deal.last_trick_winner, "cards": trick}


def test_a_saved_match_goes_on_after_a_restart(fresh: tuple[FriendMatch, FriendMatch]) -> None:
    alice, bob = fresh
    rng = random.Random(11)
    play_on(bob, alice, rng)
    saved = alice.to_text()
    again = FriendMatch.from_text(saved)
    assert again.to_text() == saved
    assert again.legal_moves() == alice.legal_moves()
    play_on(again, bob, rng)


def test_a_backup_older_than_the_match_held_is_not_imported_over_it(fresh: tuple[FriendMatch, FriendMatch]) -> None:
    """Taken back to a backup from before her last link, Alice's device waited for an answer to a move Bob never
    saw, and Bob's device refused hers: both waited for each other, for good."""
    from otv66.friend.desk import FriendDesk

    alice, bob = fresh
    desk = FriendDesk()
    backup = alice.to_text()
    play_on(bob, alice, random.Random(5))  # Alice received Bob's link since her backup
    newer = desk.load(alice.to_text())["saved"]
    with pytest.raises(OutOfOrderError) as refused:
        desk.load(backup, newer_only=True)
    assert refused.value.reason == "friend_backup_older"
    assert desk.state(to_base64url(alice.keys.match_id))["saved"] == newer, "the match held stays as it was"
    assert desk.load(newer, newer_only=True)["saved"] == newer, "the same save again: taken"
    assert desk.load(backup)["saved"] == backup, "a save of the device's own storage is always read"
    assert FriendMatch.from_text(backup).progress() < alice.progress()


def test_a_tab_that_only_shows_a_match_never_makes_a_second_link_of_one_number(
    fresh: tuple[FriendMatch, FriendMatch],
) -> None:
    """A tab that read a save made between a move and its link made a link of its own for that move: two links of
    one number, different, and the friend could answer only one of them."""
    from otv66.friend.desk import FriendDesk

    _, bob = fresh
    bob.play(bob.legal_moves()[0])  # his move, its link not made yet
    desk = FriendDesk()
    match_id = desk.load(bob.to_text())["state"]["id"]
    with pytest.raises(WrongMatchError):
        desk.link(match_id, made_only=True)
    made = bob.link()
    desk.load(bob.to_text())
    assert desk.link(match_id, made_only=True)["link"] == made, "the link made, again"


def test_a_saved_match_with_a_broken_field_is_refused() -> None:
    with pytest.raises(MalformedMessageError):
        FriendMatch.from_text('{"version": 1}')
    with pytest.raises(MalformedMessageError):
        FriendMatch.from_text("not json")


def refused(receiver: FriendMatch, link: str, error: type[FriendProtocolError], reason: str = "") -> None:
    """``link`` is refused with ``error`` (for ``reason``, where given); the receiver's match is exactly as it was."""
    before = receiver.to_text()
    with pytest.raises(error) as caught:
        receiver.receive(link)
    assert caught.value.reason == (reason or error.kind)
    assert receiver.to_text() == before


def test_a_replayed_link_is_refused(fresh: tuple[FriendMatch, FriendMatch]) -> None:
    alice, bob = fresh
    link = play_on(bob, alice, random.Random(1))
    assert link is not None
    refused(alice, link, OutOfOrderError, "friend_link_again")


def test_a_second_answer_to_an_invitation_already_accepted_is_refused_as_such_not_as_forged() -> None:
    """The invitation forwarded to two people: Bob answered first, then Carol. Carol's whole answer was refused as a
    link "changed on its way"; it is refused as a second answer, naming both, and Alice's match stays Bob's."""
    alice, invite = FriendMatch.invite("Alice", ONE_DEAL, seeded(1))
    _, bobs = FriendMatch.accept(invite, "Bob", seeded(101))
    _, carols = FriendMatch.accept(invite, "Carol", seeded(102))
    alice.receive(bobs)
    refused(alice, carols, OutOfOrderError, "friend_accepted_already")
    with pytest.raises(OutOfOrderError) as caught:
        alice.receive(carols)
    assert caught.value.params == {"friend": "Bob", "other": "Carol"}
    # Carol's answer with one character changed is what it was: a link changed on its way, not a second answer.
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for at in range(len("f1.") + 23, len(carols) - 1, 7):  # past the match's id, before the last character's spare bits
        changed = carols[:at] + alphabet[(alphabet.index(carols[at]) + 1) % 64] + carols[at + 1 :]
        with pytest.raises((ForgedSenderError, MalformedMessageError)):
            alice.receive(changed)


def test_a_link_that_skips_one_is_refused(fresh: tuple[FriendMatch, FriendMatch]) -> None:
    alice, bob = fresh
    bob.play(bob.legal_moves()[0])
    bob.link()
    later = Link(bob.keys.match_id, bob.seat, bob.sent, 1, ((Item.MOVE, b"AH"),)).signed(bob.keys.keys)
    refused(alice, later.to_text(), OutOfOrderError, "friend_link_ahead")


def test_a_link_altered_after_signing_is_refused(fresh: tuple[FriendMatch, FriendMatch]) -> None:
    alice, bob = fresh
    bob.play(bob.legal_moves()[0])
    link = Link.from_text(bob.link())
    other = next(
        m for m in (bob.deal.legal_moves() if bob.deal else []) + list(CODES) if m.encode() != link.items[0][1]
    )
    altered = Link(link.match_id, link.sender, link.seq, link.deal, ((Item.MOVE, other.encode()),), link.signature)
    refused(alice, altered.to_text(), ForgedSenderError)


def test_a_link_with_one_character_changed_is_refused_as_changed(fresh: tuple[FriendMatch, FriendMatch]) -> None:
    """One character changed anywhere past the match's id is refused as a link changed on its way: a changed sender
    or number once read as "one of your own" or "a link of your friend is missing", a link that never was."""
    alice, bob = fresh
    bob.play(bob.legal_moves()[0])
    link = bob.link()
    prefix = len("f1.") + 23  # the version and the match's id (17 bytes, into the 23rd character): another match's
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for at in range(prefix, len(link) - 1, 3):  # the last character carries unused bits
        changed = link[:at] + alphabet[(alphabet.index(link[at]) + 1) % 64] + link[at + 1 :]
        with pytest.raises((ForgedSenderError, MalformedMessageError)):
            alice.receive(changed)
    alice.receive(link)  # the link as sent is still taken


def test_a_link_signed_by_anyone_else_is_refused(fresh: tuple[FriendMatch, FriendMatch]) -> None:
    alice, bob = fresh
    stranger, _ = FriendMatch.invite("Eve", ONE_DEAL, seeded(9))
    move = bob.legal_moves()[0].encode()
    forged = Link(bob.keys.match_id, bob.seat, bob.sent, 1, ((Item.MOVE, move),)).signed(stranger.keys.keys)
    refused(alice, forged.to_text(), ForgedSenderError)


def test_a_link_of_another_match_is_refused(fresh: tuple[FriendMatch, FriendMatch]) -> None:
    alice, _ = fresh
    _, other_bob = started(seed=5)
    other_bob.play(other_bob.legal_moves()[0])
    refused(alice, other_bob.link(), WrongMatchError)


def test_an_illegal_move_in_a_well_signed_link_is_refused(fresh: tuple[FriendMatch, FriendMatch]) -> None:
    alice, bob = fresh
    illegal = next(code for code in CODES if code not in bob.legal_moves())
    link = Link(bob.keys.match_id, bob.seat, bob.sent, 1, ((Item.MOVE, illegal.encode()),)).signed(bob.keys.keys)
    refused(alice, link.to_text(), IllegalLinkMoveError)


def test_a_move_out_of_turn_is_refused(fresh: tuple[FriendMatch, FriendMatch]) -> None:
    alice, bob = fresh
    deal = bob.deal
    assert deal is not None and deal.turn == bob.seat
    mine = deal.available(alice.seat)[0]
    link = Link(alice.keys.match_id, alice.seat, alice.sent, 1, ((Item.MOVE, mine.encode()),)).signed(alice.keys.keys)
    refused(bob, link.to_text(), IllegalLinkMoveError)
    with pytest.raises(IllegalLinkMoveError):
        alice.play(mine)


def test_your_own_link_and_garbage_are_refused(fresh: tuple[FriendMatch, FriendMatch]) -> None:
    alice, bob = fresh
    bob.play(bob.legal_moves()[0])
    link = bob.link()
    refused(bob, link, OutOfOrderError, "friend_link_own")
    refused(alice, "f1.@@@", MalformedMessageError)
    refused(alice, link[:-10], MalformedMessageError)
    refused(alice, "https://example.org/friend.html#x1.abc", MalformedMessageError)


def test_a_link_of_a_newer_version_is_refused_as_such_not_as_damaged(fresh: tuple[FriendMatch, FriendMatch]) -> None:
    """The page then says "a newer version of the game made this link: reload the page", not "copy the whole
    link"."""
    alice, bob = fresh
    bob.play(bob.legal_moves()[0])
    link = bob.link()
    refused(alice, "f2." + link.removeprefix("f1."), NewerLinkError)
    refused(alice, "https://example.org/friend.html#f10.abc", NewerLinkError)
    body = bytearray(from_base64url(link.removeprefix("f1.")))
    body[0] = 2  # the version byte inside a link that begins as version 1's
    refused(alice, "f1." + to_base64url(bytes(body)), NewerLinkError)
    body[0] = 0
    refused(alice, "f1." + to_base64url(bytes(body)), MalformedMessageError)
    refused(alice, "f0." + link.removeprefix("f1."), MalformedMessageError)


def test_a_whole_page_address_is_read_as_its_link(fresh: tuple[FriendMatch, FriendMatch]) -> None:
    alice, bob = fresh
    bob.play(bob.legal_moves()[0])
    alice.receive("https://example.org/friend.html#" + bob.link())
    assert alice.received == 2


def test_nothing_to_send_is_refused(fresh: tuple[FriendMatch, FriendMatch]) -> None:
    alice, _ = fresh
    with pytest.raises(OutOfOrderError):
        alice.link()


# ----------------------------------------------------------------------------- resigning (docs/rules.md 6.5)


def resignation(sender: FriendMatch, deal: int, keys: FriendMatch | None = None) -> str:
    """A link from ``sender``'s seat: what waits in his outbox, then the resignation of ``deal``, signed by
    ``keys``'s key (the sender's own by default)."""
    signer = (keys or sender).keys.keys
    items = (*sender.outbox, (Item.RESIGN, deal.to_bytes(2, "big")))
    return Link(sender.keys.match_id, sender.seat, sender.sent, 1, items).signed(signer).to_text()


def test_a_resigned_deal_goes_to_the_friend_with_three_game_points_and_the_next_deal_follows() -> None:
    alice, invite = FriendMatch.invite("Alice", Rules(target=7), seeded(31))
    bob, accept = FriendMatch.accept(invite, "Bob", seeded(131))
    alice.receive(accept)
    bob.receive(alice.link())
    assert bob.forfeit and bob.can_resign() and not alice.can_resign()  # only the player whose turn it is
    with pytest.raises(RefusedError):
        alice.resign()
    bob.resign()
    link = bob.link()  # the resignation, and Bob's first shuffle of deal 2 (Alice, the winner, deals it)
    alice.receive(link)
    for side in (alice, bob):
        assert side.match.game_points == (3, 0) and not side.match.is_over
        assert side.to_state()["deal_number"] == 2 and side.to_state()["resigned"] == [1]
        assert side.finished[0]["resigned"] == bob.seat
        last = side.to_state()["last_deal"]
        assert {key: value for key, value in last.items() if key != "view"} == {
            "number": 1,
            "winner": 0,
            "awards": [3, 0],
            "resigned": 1,
        }
        assert last["view"]["result"] is None and last["view"]["moves"] == [], "given up before a card was played"
    assert alice.status() == "send"  # her second shuffle of deal 2 is due
    again = FriendMatch.from_text(alice.to_text())
    assert again.match.game_points == (3, 0) and again.to_text() == alice.to_text()


def test_a_forged_or_misplaced_resignation_is_refused(fresh: tuple[FriendMatch, FriendMatch]) -> None:
    alice, bob = fresh
    stranger, _ = FriendMatch.invite("Eve", ONE_DEAL, seeded(9))
    refused(alice, resignation(bob, 1, keys=stranger), ForgedSenderError)
    refused(alice, resignation(bob, 2), WrongMatchError)  # a deal not in progress
    alice.forfeit = False  # as in a match made without the option
    refused(alice, resignation(bob, 1), RefusedError)
    alice.forfeit = True
    alice.receive(resignation(bob, 1))
    assert alice.match.game_points == (3, 0) and alice.status() == "over"


def test_the_invitation_carries_the_forfeit_option() -> None:
    _, invite = FriendMatch.invite("Alice", ONE_DEAL, seeded(41), forfeit=False)
    bob, _ = FriendMatch.accept(invite, "Bob", seeded(141))
    assert not bob.forfeit and not bob.to_state()["forfeit"]
    with pytest.raises(MalformedMessageError):
        FriendMatch.invite("Alice", ONE_DEAL, seeded(41), forfeit="yes")  # type: ignore[arg-type]


def test_the_invitation_is_read_before_accepting_and_an_altered_one_is_refused() -> None:
    _, invite = FriendMatch.invite("Alice", Rules(target=3, must_beat=True), seeded(42), forfeit=False)
    offer = FriendMatch.read_invitation(invite)
    assert offer == {"name": "Alice", "rules": Rules(target=3, must_beat=True).to_dict(), "forfeit": False}
    link = Link.from_text(invite)
    friendlier = json.dumps({"name": "Alice", "rules": ONE_DEAL.to_dict(), "forfeit": False}).encode()
    altered = replace(link, items=((Item.HELLO, friendlier), link.items[1]))
    with pytest.raises(ForgedSenderError):
        FriendMatch.read_invitation(altered.to_text())
    with pytest.raises(OutOfOrderError):
        FriendMatch.read_invitation(started()[1].link())


# ----------------------------------------------------------------------------- watching a finished match again


def played_to_the_end(alice: FriendMatch, bob: FriendMatch, rng: random.Random) -> None:
    """Both play random moves, passing links, until the match is over."""
    players, turn = (alice, bob), 1
    while not alice.match.is_over:
        play_on(players[turn], players[1 - turn], rng)
        turn = 1 - turn


def test_a_finished_match_replays_alike_from_both_devices_a_card_nobody_saw_face_down(
    fresh: tuple[FriendMatch, FriendMatch],
) -> None:
    """Its game link (bridge ``friend_game_link``) replays the match as it was played, the same link from either
    device. A card nobody saw has a stand-in in the record, and the replay shows it face down: here the one the
    deal's last trick turned up, never opened (the deal ended first)."""
    from otv66.bridge import Session

    alice, bob = fresh
    match_id = alice.to_state()["id"]
    assert not alice.can_replay() and not alice.to_state()["can_replay"], "not over yet"
    played_to_the_end(alice, bob, random.Random(7))
    assert alice.to_state()["can_replay"] and bob.to_state()["can_replay"]
    tokens = set()
    for side in (alice, bob):
        device = Session()
        device.friend_load(side.to_text())  # as the page brings a saved match back
        tokens.add(device.friend_game_link(match_id)["token"])
    assert len(tokens) == 1
    viewer = Session()
    opened = viewer.open_link(tokens.pop())
    assert opened["players"] == ["Alice", "Bob"] and opened["winner"] == alice.match.winner
    assert opened["game_points"] == list(alice.match.game_points)
    assert [deal["moves"] for deal in opened["deals"]] == [deal["moves"] for deal in alice.finished]
    assert viewer.replay is not None
    deal, stand_ins = viewer.replay.deals[0], viewer.replay.unseen[0]
    on_top = {top for player in (0, 1) for top in deal.available(player)} & stand_ins
    assert on_top, "the seed plays a deal whose last trick turned up a card nobody saw"
    end = viewer.replay_view(0, len(deal.moves))["view"]
    shown = [pile for table in end["piles"] for pile in table]
    assert not {pile["top"] for pile in shown} & stand_ins
    assert shown.count({"top": None, "hidden": True}) == len(on_top)
    assert opened["deals"][0]["deal_token"] is None, "its link would show the cards nobody saw"


def test_a_match_ended_by_a_resignation_replays_to_it() -> None:
    """The record says who gave the deal up (docs/record-format.md ``resigned``): its replay ends there, and both
    players' devices make the same game link."""
    alice, bob = started()
    bob.resign()
    alice.receive(bob.link())
    tokens = set()
    for side in (alice, bob):
        assert side.match.is_over and side.can_replay() and side.to_state()["can_replay"]
        replayed = read_game_token(game_token(side.replay()))
        assert replayed.resigned == {0: bob.seat} and replayed.winner == alice.seat
        tokens.add(game_token(side.replay()))
    assert len(tokens) == 1


def test_a_match_not_over_has_no_replay() -> None:
    for side in started():
        assert not side.can_replay() and not side.to_state()["can_replay"]
        with pytest.raises(RefusedError):
            side.replay()


def test_the_bridge_plays_a_friend_match_between_two_sessions() -> None:
    from otv66.bridge import Session, handle

    ana, bo = Session(), Session()

    def ask(session: Session, method: str, **params: object) -> dict[str, object]:
        reply = handle({"id": 1, "method": method, "params": params}, session)
        assert "result" in reply, reply
        result: dict[str, object] = reply["result"]
        return result

    invited = ask(ana, "friend_invite", name="Ana", rules={"target": 1})
    assert isinstance(invited["state"], dict) and invited["state"]["players"] == ["Ana", None]  # Bo not named yet
    peeked = ask(bo, "friend_peek", link=invited["link"])
    assert peeked["invitation"] is True
    assert peeked["offer"] == {
        "name": "Ana",
        "rules": ask(ana, "friend_state", id=peeked["id"])["state"]["rules"],
        "forfeit": True,
    }
    accepted = ask(bo, "friend_accept", link=invited["link"], name="Bo")
    state = ask(ana, "friend_receive", link=accepted["link"])["state"]
    assert isinstance(state, dict) and state["players"] == ["Ana", "Bo"]
    answer = ask(ana, "friend_link", id=state["id"])
    bo_state = ask(bo, "friend_receive", link=answer["link"])["state"]
    assert isinstance(bo_state, dict) and bo_state["status"] == "play"
    reloaded = ask(Session(), "friend_load", saved=ask(bo, "friend_state", id=state["id"])["saved"])
    assert reloaded["state"] == bo_state
    bad = handle({"id": 2, "method": "friend_play", "params": {"id": state["id"], "move": 66}}, bo)
    assert bad["error"]["type"] == "friend_illegal_move"
    unknown = handle({"id": 3, "method": "friend_state", "params": {"id": "nope"}}, bo)
    assert unknown["error"]["type"] == "friend_wrong_match"
    why = handle({"id": 4, "method": "friend_why_illegal", "params": {"id": state["id"], "move": "XX"}}, bo)
    assert why["result"]["reason"] == "not_a_move"  # the page words a refused card as the game page does
    assert bo_state["can_resign"] is True
    assert bo_state["resignation"] == {"award": 3, "ends_match": True}
    resigned = ask(bo, "friend_resign", id=state["id"])["state"]
    assert isinstance(resigned, dict) and resigned["game_points"] == [3, 0] and resigned["status"] == "send"
    final = ask(ana, "friend_receive", link=ask(bo, "friend_link", id=state["id"])["link"])["state"]
    assert isinstance(final, dict) and final["winner"] == 0 and final["status"] == "over"
    assert final["can_replay"] is True
    opened = ask(Session(), "open_link", token=ask(ana, "friend_game_link", id=state["id"])["token"])
    assert opened["game_points"] == [3, 0]
    assert [(deal["resigned"], deal["result"]) for deal in opened["deals"]] == [(1, None)]


def test_a_card_the_rules_refuse_is_explained_as_on_the_game_page(fresh: tuple[FriendMatch, FriendMatch]) -> None:
    """The friend page said only "This card cannot be played now" where the game page names the rule: the desk
    answers why a card of the player to move is refused, and nothing when it may be played."""
    from otv66.friend.desk import FriendDesk

    alice, bob = fresh
    rng = random.Random(7)
    sender, mover = alice, bob
    while True:  # on until the player to move, answering a trick, has a face-up card the rules refuse him
        deal = mover.deal
        assert deal is not None and not deal.is_over, "the seeded deal has a follower's refused card"
        legal = mover.legal_moves()
        available = deal.view().available(mover.seat)
        refused_card = next(
            (code for card, code in enumerate(CODES) if available >> card & 1 and code not in legal), ""
        )
        if legal and refused_card:
            break
        play_on(mover, sender, rng)
        sender, mover = mover, sender
    desk = FriendDesk()
    match_id = desk.load(mover.to_text())["state"]["id"]
    why = desk.why_illegal(match_id, refused_card)
    assert why is not None and why.reason in ("must_follow", "must_trump", "must_beat")
    assert desk.why_illegal(match_id, legal[0]) is None


def test_resigning_is_asked_with_what_it_gives_the_friend() -> None:
    """The page asks before a resignation with the friend's game points and whether they end the match."""
    alice, bob = started(seed=3)
    assert alice.to_state()["resignation"] is None  # not her turn
    assert bob.to_state()["resignation"] == {"award": 3, "ends_match": True}  # a match to 1 game point
    bob.match.rules = Rules(target=7)
    assert bob.to_state()["resignation"] == {"award": 3, "ends_match": False}


def test_the_link_benchmarks_99th_percentile_is_within_the_sizes_measured() -> None:
    # Three setup links printed "p99 11212 max 10715".
    assert percentile_99([4000, 7200, 10715]) <= 10715
    assert percentile_99([300]) == 300

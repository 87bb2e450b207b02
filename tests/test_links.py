"""Share links (otv66/links.py): a deal link deals the same cards for anyone, a game link replays the
same game, and a link that is cut short, damaged, tampered with or made up is refused with a
:class:`LinkError` and a message for the player, never another exception.
"""

from __future__ import annotations

import base64
import json
import random
import re
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scenario import RULES, fresh_deals, pick_move, random_playout

from otv66 import bridge, links
from otv66.deal import Deal
from otv66.dealing import SHUFFLE_VERSION
from otv66.links import (
    DEAL_KIND,
    GAME_KIND,
    LinkError,
    UnsupportedLinkError,
    deal_token,
    encode_token,
    game_token,
    read_deal_token,
    read_game_token,
    read_token,
)
from otv66.match import Match
from otv66.record import match_to_record
from otv66.rules import Rules

URL_SAFE = re.compile(r"[A-Za-z0-9._-]+")


def played_match(seed: int, deals: int = 3, rules: Rules | None = None) -> Match:
    """A seeded match with ``deals`` random deals played to their end (fewer if the match ends)."""
    match = Match(rules, first_dealer=seed % 2, seed=seed)
    rng = random.Random(seed)
    for _ in range(deals):
        if match.is_over:
            break
        random_playout(match.new_deal(), rng)
    return match


def full_match(seed: int) -> Match:
    """A seeded match played to its winner."""
    match = Match(seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        random_playout(match.new_deal(), rng)
    return match


GAME = played_match(7)
GAME_TOKEN = game_token(GAME)
DEAL_TOKEN = deal_token(Deal.from_seed(123456789, dealer=1, packets=(1, 2, 1, 4), rules=Rules(must_beat=True)))


def assert_refused(token: object) -> LinkError:
    with pytest.raises(LinkError) as caught:
        read_token(token)
    assert str(caught.value)
    return caught.value


# ----------------------------------------------------------------------------------- deal links


@given(fresh_deals())
def test_a_deal_link_deals_the_same_cards_dealer_packets_and_rules(deal: Deal) -> None:
    link = read_deal_token(deal_token(deal))
    again = link.deal()
    assert again.reveal_layout() == deal.reveal_layout()
    assert (again.dealer, again.packets, again.rules, again.seed) == (deal.dealer, deal.packets, deal.rules, deal.seed)


@given(fresh_deals())
def test_a_deal_link_is_short_and_url_safe(deal: Deal) -> None:
    token = deal_token(deal)
    assert URL_SAFE.fullmatch(token)
    assert token.startswith("d1.")
    assert len(token) < 200


def test_a_deal_given_by_layout_has_no_deal_link() -> None:
    deal = Deal.from_seed(3, dealer=0)
    by_layout = Deal.from_layout(deal.reveal_layout(), 0)
    with pytest.raises(LinkError, match="seed"):
        deal_token(by_layout)


def test_a_deal_link_from_a_newer_shuffle_asks_for_an_update() -> None:
    data = {"seed": 1, "dealer": 0, "packets": [4, 4], "rules": {}, "shuffle": SHUFFLE_VERSION + 1}
    with pytest.raises(UnsupportedLinkError, match="newer version"):
        read_deal_token(encode_token(DEAL_KIND, data))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seed": -1}, "seed"),
        ({"seed": 2**60}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"dealer": 2}, "dealer"),
        ({"dealer": True}, "dealer"),
        ({"packets": [4, 3, 1]}, "packets"),
        ({"packets": "44"}, "packet"),
        ({"rules": {"target": 0}}, "rules"),
        ({"rules": {"cheat": True}}, "rules"),
        ({"shuffle": "1"}, "shuffle"),
        ({"shuffle": 1.0}, "shuffle"),
        ({"extra": 1}, "parts this version does not know"),
    ],
)
def test_a_tampered_deal_link_is_refused_with_what_is_wrong(change: dict[str, object], message: str) -> None:
    data = {"seed": 1, "dealer": 0, "packets": [4, 4], "rules": {}, "shuffle": SHUFFLE_VERSION, **change}
    with pytest.raises(LinkError, match=message):
        read_deal_token(encode_token(DEAL_KIND, data))


BAIT = "Visit evil.example to unlock your account"


@pytest.mark.parametrize(
    "change",
    [
        {BAIT: 1},
        {"rules": {BAIT: True}},
        {"rules": {"claim": BAIT}},
        {"seed": BAIT},
        {"dealer": BAIT},
        {"packets": [BAIT]},
        {"shuffle": BAIT},
    ],
    ids=["unknown key", "unknown rule", "rule value", "seed", "dealer", "packets", "shuffle"],
)
def test_a_deal_link_error_never_repeats_the_links_text(change: dict[str, object]) -> None:
    """The page shows the message: a link's own text (phishing, markup) must never appear in our UI."""
    data = {"seed": 1, "dealer": 0, "packets": [4, 4], "rules": {}, "shuffle": SHUFFLE_VERSION, **change}
    with pytest.raises(LinkError) as caught:
        read_deal_token(encode_token(DEAL_KIND, data))
    assert "evil" not in str(caught.value)


# ----------------------------------------------------------------------------------- game links


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_game_link_replays_the_same_match(seed: int) -> None:
    match = played_match(seed, deals=4, rules=Rules(claim="manual", draw_bonus=True))
    again = read_game_token(game_token(match))
    assert match_to_record(again) == match_to_record(match)


def test_a_game_link_of_a_deal_in_progress_stops_where_the_game_stopped() -> None:
    match = Match(seed=11)
    deal = match.new_deal()
    rng = random.Random(11)
    for _ in range(5):
        deal.play(pick_move(deal, rng))
    again = read_game_token(game_token(match))
    assert again.deal is not None
    assert again.deal.moves == deal.moves
    assert not again.deal.is_over


@pytest.mark.parametrize("seed", [21, 22])
def test_a_whole_match_fits_in_a_short_url_safe_link(seed: int) -> None:
    match = full_match(seed)
    token = game_token(match)
    assert URL_SAFE.fullmatch(token)
    assert len(token) < 3000, f"{len(match.deals)} deals gave {len(token)} characters"


def test_a_game_link_needs_no_layout_for_a_seeded_deal_and_keeps_one_otherwise() -> None:
    match = Match(first_dealer=0)
    layout = Deal.from_seed(5, dealer=0).reveal_layout()
    match.new_deal(layout=layout)
    compact = links.compact_record(match_to_record(played_match(5, deals=1)))
    assert "layout" not in compact["deals"][0]
    again = read_game_token(game_token(match))
    assert again.deals[0].reveal_layout() == layout


@pytest.mark.parametrize(
    ("tamper", "message"),
    [
        (lambda rec: rec["deals"][0].update(moves="ZZ"), "moves of deal 1"),
        (lambda rec: rec["deals"][0].update(moves=["AS"]), "deal 1"),
        (lambda rec: rec.update(deals={}), "no game record"),
    ],
)
def test_a_game_link_that_is_no_record_is_refused_with_what_is_wrong(tamper: object, message: str) -> None:
    record = links.compact_record(match_to_record(GAME))
    tamper(record)  # type: ignore[operator]
    with pytest.raises(LinkError, match=message):
        read_game_token(encode_token(GAME_KIND, record))


@pytest.mark.parametrize(
    ("tamper", "reason"),
    [
        (lambda rec: rec["deals"][0].update(moves=rec["deals"][0]["moves"][:2] + rec["deals"][0]["moves"]), "move 2"),
        (lambda rec: rec["deals"][0].update(result={"winner": 1}), "result"),
        (lambda rec: rec["deals"][0].update(seed=rec["deals"][0]["seed"] + 1), "trump|move|result"),
        (lambda rec: rec["deals"][0].update(trump=BAIT), "trump must be"),
        (lambda rec: rec.update(players=["<b>x</b>" * 20, "y"]), "players"),
        (lambda rec: rec.update(players=[BAIT * 2, "y"]), "players"),
        (lambda rec: rec.update(rules={BAIT: True}), "rules"),
        (lambda rec: rec.update(format=BAIT), "not an otv66 record"),
    ],
)
def test_a_tampered_game_link_does_not_replay_and_says_so_in_its_own_words(tamper: object, reason: str) -> None:
    """The player reads a fixed sentence; the reader's detailed reason stays on the error's cause."""
    record = links.compact_record(match_to_record(GAME))
    tamper(record)  # type: ignore[operator]
    with pytest.raises(LinkError) as caught:
        read_game_token(encode_token(GAME_KIND, record))
    assert str(caught.value) == "this game link does not replay: it was changed or damaged"
    assert re.search(reason, str(caught.value.__cause__))


def test_a_game_link_from_a_newer_record_format_asks_for_an_update() -> None:
    record = links.compact_record(match_to_record(GAME))
    record["format"] = "otv66-record/9"
    with pytest.raises(UnsupportedLinkError, match="newer version"):
        read_game_token(encode_token(GAME_KIND, record))


# ----------------------------------------------------------------------------------- broken links


def test_every_cut_short_game_link_is_refused() -> None:
    """What a chat program or a careless copy does: the link loses its end."""
    cut = [GAME_TOKEN[:length] for length in range(len(GAME_TOKEN))]
    assert len(cut) > 200
    for token in cut:
        assert_refused(token)


def test_every_cut_short_deal_link_is_refused() -> None:
    for length in range(len(DEAL_TOKEN)):
        assert_refused(DEAL_TOKEN[:length])


@pytest.mark.parametrize("token", [GAME_TOKEN, DEAL_TOKEN])
def test_a_changed_character_is_refused_or_changes_nothing(token: str) -> None:
    """A base64 character's last bits may be padding; any change that matters is caught by zlib's checksum."""
    rng = random.Random(0)
    original = read_token(token)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    refused = 0
    for _ in range(300):
        at = rng.randrange(3, len(token))
        changed = token[:at] + rng.choice(alphabet.replace(token[at], "")) + token[at + 1 :]
        try:
            again = read_token(changed)
        except LinkError:
            refused += 1
            continue
        assert type(again) is type(original)
        if isinstance(original, Match):
            assert isinstance(again, Match)
            assert match_to_record(again) == match_to_record(original)
        else:
            assert again == original
    assert refused > 250


@pytest.mark.parametrize("token", [GAME_TOKEN, DEAL_TOKEN])
@pytest.mark.parametrize("stray", [".", ",", ")", ">", '"', "…", " ", "\n", "%", "%0A", "=", "?utm_source=chat", "é"])
def test_a_token_that_a_character_slipped_into_is_ours_but_damaged(token: str, stray: str) -> None:
    """The page takes off what a chat or a mail adds to a link (web/js/pasted-link.js); what is left over in the
    token, at its end or inside it, is damage to say so, never a link that is not ours (nor one read anyway)."""
    middle = len(token) // 2
    for damaged in (token + stray, token[:middle] + stray + token[middle:], token[:middle] + stray):
        with pytest.raises(LinkError) as caught:
            read_token(damaged)
        assert caught.value.reason == "link_cut", damaged
        assert "cut short or damaged" in str(caught.value)


def test_a_damaged_token_of_another_kind_or_version_says_that_first() -> None:
    with pytest.raises(LinkError, match="deal link, not a game link"):
        read_game_token(DEAL_TOKEN + ".")
    with pytest.raises(UnsupportedLinkError):
        read_token("g2" + GAME_TOKEN[2:] + " ")


@given(st.text(max_size=300))
def test_any_text_is_a_link_or_a_link_error(text: str) -> None:
    assert_refused(text)


@given(st.binary(max_size=300), st.sampled_from(["d1.", "g1."]))
def test_any_bytes_behind_a_valid_prefix_are_refused(data: bytes, prefix: str) -> None:
    assert_refused(prefix + base64.urlsafe_b64encode(data).decode().rstrip("="))


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5), st.lists, max_leaves=30))
def test_any_json_in_a_link_is_a_link_or_a_link_error(data: object) -> None:
    for kind in (DEAL_KIND, GAME_KIND):
        assert_refused(encode_token(kind, data))


@pytest.mark.parametrize(
    ("token", "message"),
    [
        (None, "carries no"),
        (12, "carries no"),
        ("", "carries no"),
        ("<script>alert(1)</script>", "unexpected characters"),
        ("g1.abc def", "cut short or damaged"),
        ("g1.a", "cut short"),
        ("x1.eNqrVgIAAAAA", "not an otv66 link"),
        ("g9.eNqrVgIAAAAA", "newer version"),
        ("g0.eNqrVgIAAAAA", "unknown link version"),
        ("g1." + "A" * 20_000, "too long"),
    ],
)
def test_nonsense_is_refused_with_a_clear_message(token: object, message: str) -> None:
    assert re.search(message, str(assert_refused(token)))


def test_a_link_of_the_wrong_kind_says_so() -> None:
    with pytest.raises(LinkError, match="deal link, not a game link"):
        read_game_token(DEAL_TOKEN)
    with pytest.raises(LinkError, match="game link, not a deal link"):
        read_deal_token(GAME_TOKEN)


def test_a_link_that_inflates_to_too_much_is_refused() -> None:
    bomb = base64.urlsafe_b64encode(zlib.compress(b"[" + b"0," * 500_000 + b"0]", 9)).decode().rstrip("=")
    assert len(bomb) < links.MAX_TOKEN_LENGTH
    assert "too much" in str(assert_refused("g1." + bomb))


@pytest.mark.parametrize(
    "text", ["[" * 100_000 + "]" * 100_000, "[" * 101 + "]" * 101, '{"seed": NaN}', '"\\ud800"', "1e999999"]
)
def test_unreadable_contents_are_refused(text: str) -> None:
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")
    assert_refused("d1." + packed)
    assert_refused("g1." + packed)


def test_trailing_bytes_after_the_compressed_data_are_refused() -> None:
    packed = base64.urlsafe_b64encode(zlib.compress(b"{}") + b"junk").decode().rstrip("=")
    assert "cut short or damaged" in str(assert_refused("g1." + packed))


# ----------------------------------------------------------------------------------- bridge


def ask(session: bridge.Session, method: str, **params: object) -> dict[str, object]:
    return bridge.handle({"id": 1, "method": method, "params": params}, session)


def test_the_bridge_shares_a_deal_once_it_is_over_and_opens_it_elsewhere() -> None:
    player = bridge.Session()
    player.new_match(rules={"must_beat": True}, first_dealer=1, seed=99)
    dealt = player.new_deal(packets=[2, 2, 2, 2])["deal"]
    # In play, its link would show its face-down cards to whoever played it out in another tab first.
    refused = ask(player, "deal_link")["error"]
    assert (refused["type"], refused["reason"]) == ("invalid_link", "deal_in_progress")  # type: ignore[index]
    while not (deal := player.state()["deal"])["result"]:
        player.play(deal["legal_moves"][0])
    token = ask(player, "deal_link")["result"]["token"]  # type: ignore[index]
    friend = bridge.Session()
    opened = ask(friend, "open_link", token=token)["result"]
    assert opened["kind"] == "deal"  # type: ignore[index]
    friend.new_match(rules=opened["rules"], first_dealer=opened["dealer"])  # type: ignore[index]
    again = friend.new_deal(packets=opened["packets"], seed=opened["seed"])["deal"]  # type: ignore[index]
    assert again["piles"] == dealt["piles"]
    assert again["trump_card"] == dealt["trump_card"]
    assert again["rules"] == dealt["rules"]


def test_the_bridge_opens_a_game_link_for_replay_without_touching_the_match_in_play() -> None:
    player = bridge.Session()
    player.new_match(seed=5)
    player.new_deal()
    in_play = player.state()
    opened = ask(player, "open_link", token=GAME_TOKEN)["result"]
    assert opened["kind"] == "game"  # type: ignore[index]
    assert player.state() == in_play
    moves = opened["deals"][0]["moves"]  # type: ignore[index]
    start = ask(player, "replay_view", deal=0, ply=0)["result"]["view"]  # type: ignore[index]
    end = ask(player, "replay_view", deal=0, ply=len(moves))["result"]["view"]  # type: ignore[index]
    assert start["moves"] == [] and start["result"] is None
    assert end["moves"] == moves and end["result"] == GAME.deals[0].result
    assert opened["game_points"] == list(GAME.game_points)  # type: ignore[index]
    bonuses = [deal["bonus_after"] for deal in opened["deals"]]  # type: ignore[index]
    assert bonuses == GAME.bonuses_after(), "each deal's draw bonus left waiting, for the replay to say"


def test_a_replayed_deal_played_out_links_to_its_cards_to_play_again_and_one_in_play_does_not() -> None:
    """The replay's "play this deal" (``open_link``'s ``deal_token``): each deal played out opens as a deal link with
    its own seed, dealer, packets and rules; the deal a match's link left in play would show its face-down cards."""
    game = played_match(11, deals=2)
    game.new_deal().play(game.deals[-1].legal_moves()[0])  # a third deal, one card in
    opened = ask(bridge.Session(), "open_link", token=game_token(game))["result"]
    tokens = [deal["deal_token"] for deal in opened["deals"]]  # type: ignore[index]
    assert tokens[2] is None
    for played, token in zip(game.deals[:2], tokens[:2], strict=True):
        assert played.is_over and token is not None
        link = read_deal_token(token)
        assert (link.seed, link.dealer, link.packets, link.rules) == (
            played.seed,
            played.dealer,
            tuple(played.packets or ()),
            played.rules,
        )
    by_layout = Match(seed=3)
    dealt = by_layout.new_deal()
    by_layout.deals[-1] = Deal.from_layout(dealt.reveal_layout(), dealt.dealer, dealt.rules)
    random_playout(by_layout.deals[-1], random.Random(3))
    opened = ask(bridge.Session(), "open_link", token=game_token(by_layout))["result"]
    assert opened["deals"][0]["deal_token"] is None, "a deal given by its layout has no seed to link"  # type: ignore[index]


def test_the_replays_list_of_moves_says_who_made_each_and_who_took_each_trick() -> None:
    """What the replay page's list of a deal's moves shows (bridge ``replay_moves``): the same as a replay of the
    deal, move by move, marriages and manual claims among them."""
    game = played_match(0, rules=Rules(claim="manual"))
    session = bridge.Session()
    ask(session, "open_link", token=game_token(game))
    kinds = set()
    for number, played in enumerate(game.deals):
        listed = ask(session, "replay_moves", deal=number)["result"]["moves"]  # type: ignore[index]
        assert [entry["move"] for entry in listed] == played.moves
        again = Deal.from_layout(played.reveal_layout(), played.dealer, played.rules)
        for entry in listed:
            mover = again.claimant if entry["move"] == "66" else again.turn
            tricks = again.tricks_played
            again.play(entry["move"])
            assert entry["player"] == mover
            assert entry["took"] == (again.last_trick_winner if again.tricks_played > tricks else None)
            assert entry["marriage"] == (again.marriages[-1].points if entry["move"].endswith("m") else None)
            kinds.add("66" if entry["move"] == "66" else "marriage" if entry["marriage"] else "card")
        assert sum(entry["took"] is not None for entry in listed) == again.tricks_played
    assert kinds == {"66", "marriage", "card"}


@pytest.mark.parametrize(("deal", "ply"), [(-1, 0), (99, 0), (0, -1), (0, 999), ("0", 0), (0, 1.0), (True, 0)])
def test_the_bridge_refuses_a_replay_position_that_does_not_exist(deal: object, ply: object) -> None:
    session = bridge.Session()
    ask(session, "open_link", token=GAME_TOKEN)
    assert ask(session, "replay_view", deal=deal, ply=ply)["error"]["type"] == "bad_request"  # type: ignore[index]


def test_the_bridge_answers_a_bad_link_with_a_typed_error() -> None:
    reply = json.loads(bridge.call(json.dumps({"id": 3, "method": "open_link", "params": {"token": GAME_TOKEN[:50]}})))
    assert reply["error"]["type"] == "invalid_link"
    reply = json.loads(bridge.call(json.dumps({"id": 4, "method": "open_link", "params": {"token": "g7.AAAA"}})))
    assert reply["error"]["type"] == "unsupported_link"
    assert ask(bridge.Session(), "replay_view", deal=0, ply=0)["error"]["type"] == "illegal_move"  # type: ignore[index]


def test_the_bridge_reads_only_the_kind_of_link_the_page_asks_for() -> None:
    """The game page opens deals only (``#deal=``), the replay games only: a link of the other kind is said as what it
    is, naming both kinds (not as a damaged link), and a match's link so refused is not kept for the replay."""
    session = bridge.Session()
    for token, kind, found in ((GAME_TOKEN, "deal", "game"), (DEAL_TOKEN, "game", "deal")):
        refused = ask(session, "open_link", token=token, kind=kind)["error"]
        assert refused == {
            "type": "invalid_link",
            "message": f"this is a {found} link, not a {kind} link",
            "reason": "link_wrong_kind",
            "params": {"found": found, "wanted": kind},
        }
    assert ask(session, "replay_view", deal=0, ply=0)["error"]["type"] == "illegal_move"  # type: ignore[index]
    assert ask(session, "open_link", token=DEAL_TOKEN, kind="deal")["result"]["kind"] == "deal"  # type: ignore[index]
    assert ask(session, "open_link", token=GAME_TOKEN, kind="game")["result"]["kind"] == "game"  # type: ignore[index]
    for kind in ("challenge", "d", 1):
        assert ask(session, "open_link", token=GAME_TOKEN, kind=kind)["error"]["type"] == "bad_request"  # type: ignore[index]


@given(RULES)
def test_rules_survive_a_deal_link(rules: Rules) -> None:
    assert read_deal_token(deal_token(Deal.from_seed(1, dealer=0, rules=rules))).rules == rules

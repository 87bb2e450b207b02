"""Every refusal names its reason and the values it is about, so a page can explain it in the player's language.

The English message stays the library's; ``reason`` and ``params`` are what the web page translates
(web/js/engine-text.js).
"""

from __future__ import annotations

import pytest
from scenario import make_deal, play

from otv66 import Rules
from otv66.bridge import Session, handle
from otv66.challenge import Challenge
from otv66.dealing import check_packets
from otv66.errors import InvalidLayoutError, InvalidRulesError, Otv66Error
from otv66.links import LinkError, challenge_token, read_result_token, read_token


def test_an_error_without_a_reason_is_known_by_its_kind() -> None:
    error = InvalidLayoutError("no")
    assert (error.reason, error.params, str(error)) == ("invalid_layout", {}, "no")


@pytest.mark.parametrize(
    ("plan", "reason", "params"),
    [
        ([], "packet_plan", {}),
        ([3, 5], "packet_size", {"size": "3"}),
        ([4, 2], "packet_sum", {"total": 6}),
    ],
)
def test_a_wrong_packet_plan_says_what_is_wrong(plan: list[int], reason: str, params: dict[str, object]) -> None:
    with pytest.raises(InvalidLayoutError) as caught:
        check_packets(plan)
    assert (caught.value.reason, caught.value.params) == (reason, params)


def test_a_target_out_of_range_names_the_option_and_the_limit() -> None:
    with pytest.raises(InvalidRulesError) as caught:
        Rules(target=150)
    assert caught.value.reason == "rule_target"
    assert caught.value.params["option"] == "target"
    assert isinstance(caught.value.params["max"], int)


def test_a_bad_rule_option_names_only_that_option() -> None:
    with pytest.raises(InvalidRulesError) as caught:
        Rules.from_dict({"claim": "sometimes", "target": 5})
    assert (caught.value.reason, caught.value.params) == ("rule_value", {"option": "claim"})


@pytest.mark.parametrize(
    ("token", "reason"), [("", "link_empty"), ("hello!", "link_not_ours"), ("d1.AAAA", "link_cut")]
)
def test_a_broken_link_says_how_it_is_broken(token: str, reason: str) -> None:
    with pytest.raises(LinkError) as caught:
        read_token(token)
    assert caught.value.reason == reason


def test_a_link_of_another_kind_names_the_kind_it_is_and_the_kind_wanted() -> None:
    challenge = challenge_token(Challenge("Petak", deals=1, level="beginner", closes="2099-01-31", seed=5))
    with pytest.raises(LinkError) as caught:
        read_result_token(challenge)
    assert (caught.value.reason, caught.value.params) == ("link_wrong_kind", {"found": "challenge", "wanted": "result"})


def test_a_card_of_another_suit_is_refused_because_the_follower_must_follow() -> None:
    deal = make_deal("AH", "7H KH 8S 8D 9S TS JS AC", trump="C")
    play(deal, "AH")
    error = deal.why_illegal("8S")
    assert error is not None
    assert (error.reason, error.params) == ("must_follow", {"suit": "H", "card": "AH"})
    assert deal.why_illegal("7H") is None


def test_without_the_suit_led_another_card_is_refused_because_the_follower_must_trump() -> None:
    deal = make_deal("AH", "8S 8D 9S TS JS 9D 7C AC", trump="C")
    play(deal, "AH")
    error = deal.why_illegal("8S")
    assert error is not None
    assert (error.reason, error.params) == ("must_trump", {"suit": "H", "card": "AH", "trump": "C"})


def test_under_must_beat_a_lower_card_of_the_suit_is_refused_with_the_card_to_beat() -> None:
    deal = make_deal("KH", "7H AH QH 8S 8D 9S TS AC", trump="C", must_beat=True)
    play(deal, "KH")
    error = deal.why_illegal("7H")
    assert error is not None
    assert (error.reason, error.params) == ("must_beat", {"suit": "H", "card": "KH"})


def test_under_must_beat_a_follower_who_cannot_beat_is_told_only_to_follow() -> None:
    """Under must_beat a card of the suit that cannot beat is legal: another suit breaks only the rule to follow."""
    deal = make_deal("KH", "7H 8S 8D 9S TS JS 9D AC", trump="C", must_beat=True)
    play(deal, "KH")
    error = deal.why_illegal("8S")
    assert error is not None
    assert (error.reason, error.params) == ("must_follow", {"suit": "H", "card": "KH"})
    assert deal.why_illegal("7H") is None


def test_why_illegal_gives_the_very_error_play_raises() -> None:
    deal = make_deal("AS", down0="AH")
    error = deal.why_illegal("AH")
    assert error is not None and error.params == {"card": "AH"}
    with pytest.raises(Otv66Error) as caught:
        deal.play("AH")
    assert (caught.value.reason, str(caught.value)) == (error.reason, str(error))


def test_the_bridge_explains_a_tapped_card_and_sends_reasons_with_errors() -> None:
    session = Session()
    handle({"method": "new_match", "params": {"opponent": "computer"}}, session)
    handle({"method": "new_deal", "params": {"seed": 5}}, session)
    legal = handle({"method": "state"}, session)["result"]["deal"]["legal_moves"]
    assert handle({"method": "why_illegal", "params": {"move": legal[0]}}, session)["result"] is None
    refused = handle({"method": "why_illegal", "params": {"move": "66"}}, session)["result"]
    assert (refused["type"], refused["reason"]) == ("illegal_move", "claim_auto")
    error = handle({"method": "new_deal", "params": {"packets": [4, 2]}}, session)["error"]
    assert (error["reason"], error["params"]) == ("packet_sum", {"total": 6})

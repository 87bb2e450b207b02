"""Challenge, result and standings links (``c1.``, ``r1.``, ``s1.``) and the club bridge methods (issue 13).

The fuzzer at the end feeds tests/hostile.py's mutations of valid links to the readers and to the
verifier: every input is read (and then verified or refused by its reason) or refused as a link,
with a message that repeats none of the link's text, each within ``hostile.TIME_LIMIT``.
"""

from __future__ import annotations

import json
import random

import hostile
import pytest
from test_bridge import error_type, result
from test_challenge import club, play_through
from test_fuzz_links import BAIT, contents, token_inputs

from otv66.bridge import Session
from otv66.challenge import CHALLENGE_LEVELS, MAX_RESULTS, RefusedResultError, verify
from otv66.links import (
    MAX_TOKEN_LENGTH,
    LinkError,
    UnsupportedLinkError,
    challenge_token,
    encode_token,
    read_challenge_token,
    read_result_token,
    read_standings_token,
    read_token,
    result_token,
    standings_token,
)
from otv66.rules import Rules


def test_a_challenge_link_gives_the_same_challenge_back():
    challenge = club(deals=12, level="expert", rules=Rules(claim="manual", target=11))
    token = challenge_token(challenge)
    assert token.startswith("c1.")
    assert read_challenge_token(token) == challenge


def test_a_result_link_carries_every_move_and_verifies():
    played = play_through(club(deals=2), "Ana Đorđević", rng_seed=1).result()
    token = result_token(played)
    assert token.startswith("r1.")
    assert read_result_token(token) == played
    assert verify(read_result_token(token)).totals == played.totals


def test_a_standings_link_gives_its_results_back():
    challenge = club(deals=1)
    results = [play_through(challenge, name, rng_seed=n).result() for n, name in enumerate(["Ana", "Bora"])]
    assert read_standings_token(standings_token(challenge, results)) == (challenge, results)


def test_one_kind_of_link_is_not_read_as_another():
    token = challenge_token(club())
    for reader in (read_result_token, read_standings_token, read_token):
        with pytest.raises(LinkError, match="challenge link"):
            reader(token)


def test_a_newer_shuffle_is_an_unsupported_link():
    data = {**club().to_dict(), "shuffle": 2}
    with pytest.raises(UnsupportedLinkError):
        read_challenge_token(encode_token("c", data))


@pytest.mark.parametrize(
    "change",
    [
        {"level": "grandmaster"},
        {"deals": 40},
        {"secret": 1},
        {"closes": "soon"},
        {"rules": {"target": 0}},
    ],
)
def test_a_changed_challenge_link_is_refused_as_a_link(change):
    data = {**club().to_dict(), "shuffle": 1, **change}
    with pytest.raises(LinkError):
        read_challenge_token(encode_token("c", data))


def test_a_standings_link_holds_a_bounded_number_of_results():
    data = {"challenge": {**club().to_dict(), "shuffle": 1}, "results": [{}] * (MAX_RESULTS + 1)}
    with pytest.raises(LinkError, match="more than"):
        read_standings_token(encode_token("s", data))


def test_link_lengths_for_messaging_apps():
    """The README quotes these: a challenge link is a few hundred characters, a 12-deal result under 1,000."""
    for deals in (4, 12):
        challenge = club(deals=deals, level="expert")
        results = [
            play_through(challenge, name, rng_seed=deals + n).result("2026-12-30")
            for n, name in enumerate(["Milica Petrović", "Bora", "Ana"])
        ]
        token = result_token(results[0])
        table = standings_token(challenge, results)
        print(
            f"{deals} deals: challenge {len(challenge_token(challenge))}, result {len(token)}, "
            f"standings of 3 {len(table)} characters"
        )
        assert len(token) < MAX_TOKEN_LENGTH


def test_a_result_link_keeps_its_finishing_day_and_refuses_a_bad_one():
    played = play_through(club(deals=1), "Ana", rng_seed=1).result("2026-12-30")
    assert read_result_token(result_token(played)).finished == "2026-12-30"
    data = json.loads(contents(result_token(played)))
    for bad in ("2026-13-01", 20261230, ""):
        with pytest.raises(LinkError, match="finishing day"):
            read_result_token(encode_token("r", {**data, "finished": bad}))


# ---------------------------------------------------------------------------------------------- the bridge


def play_in_bridge(session: Session, token: str, name: str, rng: random.Random) -> str:
    """A member plays the whole challenge through the bridge, as the page does; return his result token."""
    attempt = result(session, "challenge_start", token=token, name=name)
    while not attempt["finished"]:
        if attempt["legal_moves"]:
            attempt = result(session, "challenge_play", move=rng.choice(attempt["legal_moves"]))["attempt"]
        else:
            attempt = result(session, "challenge_next_deal")["attempt"]
    return result(session, "challenge_result")["token"]


def test_a_club_evening_through_the_bridge():
    session = Session()
    made = result(session, "challenge_new", name="Petak", deals=2, level="club", closes="2026-12-31", seed=9)
    token = made["token"]
    assert result(session, "challenge_levels")["levels"] == list(CHALLENGE_LEVELS)
    assert result(session, "challenge_open", token=token)["challenge"] == made["challenge"]
    tokens = [play_in_bridge(session, token, name, random.Random(n)) for n, name in enumerate(["Ana", "Bora"])]
    checked = result(session, "result_check", token=tokens[0])
    assert checked["result"]["name"] == "Ana"
    assert result(session, "result_check", token=tokens[0], deal=2)["score"] == checked["result"]["deals"][1]
    table = result(session, "standings", challenge=token, results=[*tokens, tokens[0]])
    assert sorted(row["name"] for row in table["rows"]) == ["Ana", "Bora"]
    assert [row["rank"] for row in table["rows"]] == sorted(row["rank"] for row in table["rows"])
    assert table["csv"].startswith("rank,name,game_points,deals_won,card_points,deal_1,deal_2")
    assert result(session, "standings_open", token=table["token"])["rows"] == table["rows"]
    # What the page does with a standings link: read it, check each result deal by deal, rank them.
    read = result(Session(), "standings_read", token=table["token"])
    assert len(read["results"]) == 2 and read["challenge"] == token
    fresh = Session()
    for each in read["results"]:
        assert result(fresh, "result_check", token=each, deal=1)["deals"] == 2
    assert result(fresh, "standings", challenge=read["challenge"], results=read["results"])["rows"] == table["rows"]


def test_a_closed_challenge_starts_no_attempt_through_the_bridge():
    session = Session()
    token = result(session, "challenge_new", name="Petak", deals=1, level="beginner", closes="2026-12-31")["token"]
    assert result(session, "challenge_open", token=token, today="2027-01-01")["closed"]
    assert not result(session, "challenge_open", token=token, today="2026-12-31")["closed"]
    assert error_type(session, "challenge_start", token=token, name="Ana", today="2027-01-01") == "challenge_closed"
    assert result(session, "challenge_start", token=token, name="Ana", today="2026-12-31")["number"] == 0


def test_the_bridge_replays_a_result_once_for_its_progress_its_check_and_the_standings(monkeypatch):
    import otv66.challenge as module

    session = Session()
    token = result(session, "challenge_new", name="Petak", deals=2, level="club", closes="2026-12-31", seed=9)["token"]
    played = play_in_bridge(session, token, "Ana", random.Random(1))
    replayed: list[int] = []
    real_replay = module.replay_deal
    monkeypatch.setattr(module, "replay_deal", lambda c, i, m: replayed.append(i) or real_replay(c, i, m))
    for deal in (1, 2):
        result(session, "result_check", token=played, deal=deal)
    result(session, "result_check", token=played)
    assert result(session, "standings", challenge=token, results=[played])["rows"][0]["name"] == "Ana"
    assert replayed == [0, 1]


def test_the_attempt_shows_the_last_finished_trick_as_the_game_does():
    session = Session()
    token = result(session, "challenge_new", name="Petak", deals=1, level="beginner", closes="2026-12-31")["token"]
    result(session, "challenge_start", token=token, name="Ana")
    attempt = result(session, "challenge_next_deal")["attempt"]
    assert attempt["deal"]["last_trick"] is None
    while attempt["deal"]["tricks_played"] == 0:
        attempt = result(session, "challenge_play", move=attempt["legal_moves"][0])["attempt"]
    last = attempt["deal"]["last_trick"]
    assert len(last["cards"]) == 2 and last["winner"] in (0, 1)


def test_a_trick_taken_before_the_computer_moved_on_comes_with_its_own_table():
    # The page shows the trick on the table as it was when it was taken, the computer's next card not yet led.
    session = Session()
    token = result(session, "challenge_new", name="Petak", deals=2, level="beginner", closes="2026-12-31")["token"]
    result(session, "challenge_start", token=token, name="Ana")
    attempt = result(session, "challenge_next_deal")["attempt"]
    seen = {"moved on": 0, "not": 0}
    while not attempt["finished"]:
        if attempt["deal"]["result"] is not None:
            attempt = result(session, "challenge_next_deal")["attempt"]
            continue
        before = attempt["deal"]
        answer = result(session, "challenge_play", move=attempt["legal_moves"][-1])
        attempt, taken = answer["attempt"], answer["trick_taken"]
        after = attempt["deal"]
        took = after["tricks_played"] > before["tricks_played"]
        moved_on = took and (after["trick"] != [] or after["claimant"] != before["claimant"])
        if taken is None:
            assert not moved_on, answer["computer_moves"]
            seen["not"] += 1
            continue
        seen["moved on"] += 1
        assert moved_on, answer["computer_moves"]
        assert taken["trick"] == [] and taken["tricks_played"] == before["tricks_played"] + 1
        assert taken["last_trick"] == after["last_trick"], "the trick the table shows"
        assert taken["result"] is None
    assert seen["moved on"] and seen["not"], seen


def test_saved_progress_resumes_through_the_bridge():
    session = Session()
    token = result(session, "challenge_new", name="Petak", deals=1, level="beginner", closes="2026-12-31")["token"]
    attempt = result(session, "challenge_start", token=token, name="Ana")
    attempt = result(session, "challenge_next_deal")["attempt"]
    attempt = result(session, "challenge_play", move=attempt["legal_moves"][0])["attempt"]
    resumed = result(Session(), "challenge_start", token=token, name="Ana", moves=attempt["moves"])
    assert resumed == attempt


def test_a_tampered_result_is_refused_through_the_bridge_by_its_reason():
    session = Session()
    token = result(session, "challenge_new", name="Petak", deals=1, level="club", closes="2026-12-31", seed=4)["token"]
    honest = read_result_token(play_in_bridge(session, token, "Ana", random.Random(3)))
    data = json.loads(contents(result_token(honest)))
    data["totals"][0] += 1
    assert error_type(session, "result_check", token=encode_token("r", data)) == "refused_totals"
    other = result(session, "challenge_new", name="Subota", deals=1, level="club", closes="2026-12-31")["token"]
    assert error_type(session, "standings", challenge=other, results=[result_token(honest)]) == (
        "refused_other_challenge"
    )


def test_a_refused_result_is_named_by_its_member_and_a_name_twice_in_the_standings_is_pointed_out():
    session = Session()
    token = result(session, "challenge_new", name="Petak", deals=1, level="club", closes="2026-12-31", seed=4)["token"]
    first, again = (play_in_bridge(session, token, "Ana", random.Random(seed)) for seed in (3, 5))
    data = json.loads(contents(first))
    data["totals"][0] += 1
    forged = encode_token("r", data)
    assert error_type(session, "result_check", token=forged) == "refused_totals"
    assert result(session, "result_name", token=forged) == {"name": "Ana"}, "the page says whose result it refused"
    assert result(session, "result_name", token=forged[:40]) == {"name": None}
    table = result(session, "standings", challenge=token, results=[first, again])
    assert [row["name"] for row in table["rows"]] == ["Ana", "Ana"]
    assert table["repeated"] == [{"name": "Ana", "ranks": [row["rank"] for row in table["rows"]]}]


def test_the_standings_refuse_a_result_of_another_challenge_by_itself_before_re_playing_it(monkeypatch):
    """Pasted among a challenge's results, one of another challenge is refused alone (the page lists it and ranks the
    others), before its date or any deal is checked; an accepted result names its challenge's link token."""
    import otv66.challenge as module

    session = Session()
    token = result(session, "challenge_new", name="Petak", deals=1, level="club", closes="2026-12-31", seed=4)["token"]
    other = result(session, "challenge_new", name="Subota", deals=1, level="club", closes="2026-12-31")["token"]
    ours = play_in_bridge(session, token, "Ana", random.Random(3))
    late = json.loads(contents(play_in_bridge(session, other, "Bora", random.Random(4))))
    late["finished"] = "2027-01-05"
    theirs = encode_token("r", late)
    assert result(session, "result_check", token=ours)["challenge_token"] == token
    monkeypatch.setattr(module, "replay_deal", lambda *_: pytest.fail("a result of another challenge re-played"))
    for deal in (1, None):
        params = {"token": theirs, "challenge": token} | ({} if deal is None else {"deal": deal})
        assert error_type(session, "result_check", **params) == "refused_other_challenge"
    assert error_type(session, "result_check", token=theirs) == "refused_late", "its own challenge's rules otherwise"
    assert result(session, "result_check", token=ours, challenge=token)["result"]["name"] == "Ana"
    assert [row["name"] for row in result(session, "standings", challenge=token, results=[ours])["rows"]] == ["Ana"]


def test_the_standings_csv_is_written_as_the_page_asks():
    session = Session()
    token = result(session, "challenge_new", name="Petak", deals=1, level="club", closes="2026-12-31", seed=4)["token"]
    played = play_in_bridge(session, token, "Ana", random.Random(3))
    header = ["Mesto", "Ime", "Poeni partije", "Dobijena deljenja", "Poeni iz karata"]
    asked = {"separator": ";", "header": header, "deal_column": "Deljenje {n}"}
    table = result(session, "standings", challenge=token, results=[played], csv_format=asked)
    assert table["csv"].startswith("Mesto;Ime;Poeni partije;Dobijena deljenja;Poeni iz karata;Deljenje 1\r\n1;Ana;")
    for wrong in ({**asked, "separator": "|"}, {**asked, "header": header[:4]}, {**asked, "deal_column": ""}, []):
        assert error_type(session, "standings", challenge=token, results=[played], csv_format=wrong) == "bad_request"


@pytest.mark.parametrize(
    ("method", "params", "kind"),
    [
        ("challenge_new", {"name": "x", "deals": 0, "level": "club", "closes": "2026-12-31"}, "invalid_challenge"),
        ("challenge_new", {"name": "x", "deals": 2, "level": "godlike", "closes": "2026-12-31"}, "invalid_challenge"),
        ("challenge_new", {"name": "x", "deals": 2, "level": "club", "closes": "2026-12-31", "rules": 3}, None),
        ("challenge_start", {"token": "c1.AAAA", "name": "Ana"}, "invalid_link"),
        ("challenge_play", {"move": "AS"}, "illegal_move"),
        ("challenge_result", {}, "illegal_move"),
        ("result_check", {"token": 5}, "invalid_link"),
        ("standings", {"challenge": "c1.x", "results": "r1.x"}, "bad_request"),
        ("standings_open", {"token": None}, "invalid_link"),
        ("standings_read", {"token": "s1.broken"}, "invalid_link"),
    ],
)
def test_bad_club_requests_get_typed_errors(method, params, kind):
    found = error_type(Session(), method, **params)
    assert found == (kind or "invalid_rules")


# ---------------------------------------------------------------------------------------------- the fuzzer

INPUTS = hostile.input_count(3_000)


def sample_tokens() -> list[str]:
    challenge = club(deals=2, rules=Rules(claim="manual"))
    results = [play_through(challenge, name, rng_seed=n).result() for n, name in enumerate(["Ana", "Bora"])]
    return [
        challenge_token(challenge),
        challenge_token(club(deals=1, level="expert")),
        *(result_token(r) for r in results),
        standings_token(challenge, results),
    ]


TOKENS = sample_tokens()


def answer(token: str) -> str:
    """Read ``token`` by its kind; a result is verified too; every refusal typed and quoting nothing."""
    try:
        if token.startswith("c"):
            challenge = read_challenge_token(token)
            assert read_challenge_token(challenge_token(challenge)) == challenge
            return "challenge"
        if token.startswith("r"):
            verify(read_result_token(token))
            return "result"
        challenge, results = read_standings_token(token)
        for entry in results:
            verify(entry)
        return "standings"
    except (LinkError, RefusedResultError) as error:
        message = str(error)
        assert message and not any(bait in message for bait in BAIT), message
        return error.kind


def test_club_links_are_read_or_refused_with_a_typed_error_that_quotes_nothing_in_time():
    characters = hostile.Mutator(seed=31, corpus=TOKENS)
    values = hostile.Mutator(seed=32, corpus=[json.loads(contents(token)) for token in TOKENS])
    texts = hostile.Mutator(seed=33, corpus=[contents(token) for token in TOKENS])
    rng = random.Random(34)

    report = hostile.run("club links", token_inputs(INPUTS, "crs", characters, values, texts, rng), answer)
    assert report.inputs >= INPUTS
    assert not report.failures, "\n".join(report.failures[:10])
    assert report.outcomes.get("invalid_link", 0) > 0, report

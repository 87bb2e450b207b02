"""Club challenges (otv66/challenge.py, issue 13): the same deals for all, results proved by re-playing them."""

from __future__ import annotations

import csv
import io
import random
from dataclasses import replace

import pytest
from scenario import pick_move

from otv66.challenge import (
    CHALLENGE_LEVELS,
    COMPUTER,
    CSV_HEADER,
    MEMBER,
    Attempt,
    Challenge,
    ChallengeClosedError,
    ChallengeError,
    ComputerMoveMismatchError,
    DealScore,
    IllegalResultMoveError,
    LateResultError,
    OtherChallengeError,
    Result,
    ResultCheck,
    Totals,
    UnfinishedDealError,
    VerifiedResult,
    WrongDealCountError,
    WrongTotalsError,
    check_closing_date,
    check_same_challenge,
    computer_acts,
    form_problems,
    repeated_names,
    standings,
    standings_csv,
    verify,
)
from otv66.errors import IllegalMoveError
from otv66.rules import Rules


def club(deals: int = 2, level: str = "club", rules: Rules | None = None, seed: int = 2026) -> Challenge:
    return Challenge("Club night", deals, level, "2026-12-31", seed, rules or Rules())


def play_through(challenge: Challenge, name: str, rng_seed: int) -> Attempt:
    """A member who plays random moves (a rightful claim half the time) to the end of every deal."""
    rng = random.Random(rng_seed)
    attempt = Attempt(challenge, name)
    while not attempt.is_finished:
        deal = attempt.deal_in_play
        if deal is None:
            attempt.next_deal()
            continue
        move = pick_move(deal, rng)
        attempt.play(move if move in attempt.legal_moves() else rng.choice(attempt.legal_moves()))
    return attempt


def test_every_member_gets_the_same_deals_and_the_dealer_alternates():
    challenge = club(deals=4)
    first, second = Challenge.from_dict(challenge.to_dict()), club(deals=4)
    for index in range(4):
        assert first.deal(index).reveal_layout() == second.deal(index).reveal_layout()
        assert first.deal(index).packets == second.deal(index).packets
    assert [challenge.dealer(index) for index in range(4)] == [0, 1, 0, 1]
    assert club(seed=7).deal(0).reveal_layout() != club(seed=8).deal(0).reveal_layout()


@pytest.mark.parametrize("level", CHALLENGE_LEVELS)
@pytest.mark.parametrize("claim", ["auto", "manual"])
def test_a_played_attempt_verifies_and_the_computer_played_the_same_moves_again(level, claim):
    challenge = club(deals=3, level=level, rules=Rules(claim=claim))
    attempt = play_through(challenge, "Ana", rng_seed=5)
    verified = verify(attempt.result())
    assert verified.name == "Ana"
    assert verified.totals == Totals.of(verified.deals)
    assert list(verified.deals) == attempt.scores()


def test_random_members_under_manual_claim_always_verify():
    challenge = club(deals=4, rules=Rules(claim="manual", must_beat=True))
    for member in range(12):
        assert verify(play_through(challenge, f"M{member}", rng_seed=member).result())


def test_a_member_cannot_make_the_computers_claim_of_66():
    """After the computer's marriage lead that does not reach 66 (it does not claim), the claim is the computer's:
    a member who made it would win the deal by the computer's false claim."""
    challenge = club(deals=12, rules=Rules(claim="manual"))
    rng = random.Random(1)
    attempt = Attempt(challenge, "Ana")
    while not attempt.is_finished:
        deal = attempt.deal_in_play
        if deal is None:
            attempt.next_deal()
            continue
        if deal.claimant == COMPUTER and deal.turn == MEMBER:
            assert "66" in deal.legal_moves() and "66" not in attempt.legal_moves()
            with pytest.raises(IllegalMoveError):
                attempt.play("66")
            return
        attempt.play(rng.choice([move for move in attempt.legal_moves() if move != "66"]))
    raise AssertionError("the computer led no marriage short of 66 in 12 deals")


def test_the_master_plays_a_challenge_by_a_node_budget_so_its_results_verify():
    challenge = club(level="master", deals=1)
    first = play_through(challenge, "Ana", rng_seed=3).result()
    again = play_through(challenge, "Ana", rng_seed=3).result()
    assert first == again
    assert verify(first)


@pytest.mark.parametrize(
    "settings",
    [
        {"deals": 0},
        {"deals": 13},
        {"deals": True},
        {"level": "grandmaster"},
        {"closes": "2026-02-30"},
        {"closes": "31.12.2026"},
        {"seed": -1},
        {"seed": 2**53},
        {"name": ""},
        {"name": "x" * 61},
        {"name": "a\x00b"},
    ],
)
def test_settings_that_cannot_be_a_challenge_are_refused(settings):
    data = {**club().to_dict(), **settings}
    with pytest.raises(ChallengeError):
        Challenge.from_dict(data)


def test_a_closing_date_is_a_real_day():
    assert check_closing_date("2028-02-29") == "2028-02-29"
    with pytest.raises(ChallengeError) as refused:
        check_closing_date("2027-02-29")
    assert refused.value.reason == "challenge_closes"


@pytest.mark.parametrize(
    ("settings", "reason", "params"),
    [({"deals": 13}, "challenge_deals", {"max": 12}), ({"name": ""}, "challenge_name", {"max": 60})],
)
def test_the_settings_a_form_gets_wrong_are_refused_with_their_limits(settings, reason, params):
    with pytest.raises(ChallengeError) as refused:
        Challenge.from_dict({**club().to_dict(), **settings})
    assert (refused.value.reason, refused.value.params) == (reason, params)


def test_a_form_learns_everything_it_got_wrong_at_once_in_the_forms_order():
    problems = form_problems("", 13, "2027-02-29")
    assert [problem.reason for problem in problems] == ["challenge_name", "challenge_deals", "challenge_closes"]
    assert form_problems("Petak", 12, "2028-02-29") == []


def test_the_bridge_says_every_field_a_form_got_wrong():
    from otv66.bridge import Session, handle

    reply = handle({"method": "challenge_check", "params": {"name": "Petak", "deals": 0, "closes": "sutra"}}, Session())
    problems = reply["result"]["problems"]
    assert [(p["type"], p["reason"], p["params"]) for p in problems] == [
        ("invalid_challenge", "challenge_deals", {"max": 12}),
        ("invalid_challenge", "challenge_closes", {}),
    ]


def test_no_hint_no_undo_and_only_the_members_own_moves():
    challenge = club(deals=1)
    attempt = Attempt(challenge, "Ana")
    with pytest.raises(IllegalMoveError):
        attempt.play("AS")
    deal = attempt.next_deal()
    assert not computer_acts(deal)
    with pytest.raises(IllegalMoveError):
        attempt.next_deal()
    illegal = next(move for move in ("AS", "7C", "KH", "QD") if move not in attempt.legal_moves())
    with pytest.raises(IllegalMoveError):
        attempt.play(illegal)
    with pytest.raises(IllegalMoveError):
        attempt.result()


def test_saved_progress_resumes_exactly_where_it_stopped():
    challenge = club(deals=3)
    attempt = play_through(challenge, "Ana", rng_seed=3)
    everything = [list(deal.moves) for deal in attempt.deals]
    partial = [*everything[:1], everything[1][:5]]
    resumed = Attempt.resume(challenge, "Ana", partial)
    saved = resumed.to_dict()["moves"]
    assert saved[0] == everything[0]
    assert saved[1][:5] == partial[1]
    assert everything[1][: len(saved[1])] == saved[1]  # only the computer's answers beyond the saved moves
    with pytest.raises(IllegalResultMoveError):
        Attempt.resume(challenge, "Ana", [["AS", "AS"]])
    # The refusal names the deal and the first saved move that does not re-play (the page says them).
    changed = [everything[0], [*everything[1][:4], "XX"]]
    with pytest.raises(IllegalResultMoveError) as refused:
        Attempt.resume(challenge, "Ana", changed)
    assert refused.value.params == {"deal": 2, "move": 5}
    with pytest.raises(WrongDealCountError):
        Attempt.resume(challenge, "Ana", [[]] * 4)


# ---------------------------------------------------------------------------------------------- forged results


@pytest.fixture(scope="module")
def honest() -> Result:
    return play_through(club(deals=2), "Ana", rng_seed=11).result()


def with_moves(result: Result, deal: int, moves: list[str]) -> Result:
    changed = list(result.moves)
    changed[deal] = tuple(moves)
    return replace(result, moves=tuple(changed))


def test_a_changed_computer_move_is_refused(honest):
    challenge = honest.challenge
    deal = challenge.deal(0)
    for ply, move in enumerate(honest.moves[0]):
        if computer_acts(deal) and len(deal.legal_moves()) > 1:
            other = next(m for m in deal.legal_moves() if m != move)
            forged = with_moves(honest, 0, [*honest.moves[0][:ply], other, *honest.moves[0][ply + 1 :]])
            with pytest.raises(ComputerMoveMismatchError) as refused:
                verify(forged)
            assert refused.value.params == {"deal": 1, "move": ply + 1}, "the page names the deal and the move"
            return
        deal.play(move)
    pytest.fail("the computer never had a choice in deal 1")


def test_a_member_move_that_is_not_legal_is_refused(honest):
    first = honest.moves[0]
    deal = honest.challenge.deal(0)
    ply = next(i for i, move in enumerate(first) if not computer_acts(deal) or deal.play(move))
    illegal = next(card for card in ("AS", "TS", "KS", "7C", "8C") if not deal.is_legal(card))
    with pytest.raises(IllegalResultMoveError):
        verify(with_moves(honest, 0, [*first[:ply], illegal, *first[ply + 1 :]]))


def test_changed_totals_are_refused(honest):
    forged = replace(honest, totals=replace(honest.totals, game_points=honest.totals.game_points + 1))
    with pytest.raises(WrongTotalsError):
        verify(forged)


def test_an_unfinished_deal_or_a_missing_deal_is_refused(honest):
    with pytest.raises(UnfinishedDealError) as short:
        verify(with_moves(honest, 1, list(honest.moves[1][:-1])))
    assert (short.value.reason, short.value.params) == ("deal_unfinished", {"deal": 2})
    with pytest.raises(UnfinishedDealError) as long:
        verify(with_moves(honest, 1, [*honest.moves[1], "AS"]))
    assert (long.value.reason, long.value.params) == ("deal_past_end", {"deal": 2})
    with pytest.raises(WrongDealCountError) as count:
        verify(replace(honest, moves=honest.moves[:1]))
    assert count.value.params == {"has": 1, "deals": 2}


def test_a_result_of_another_challenge_is_refused(honest):
    assert check_same_challenge(honest.challenge, honest) is honest
    with pytest.raises(OtherChallengeError):
        check_same_challenge(club(deals=2, seed=1), honest)


# ---------------------------------------------------------------------------------------------- standings


def entry(name: str, game_points: int, won: int, card_points: int, device: str = "") -> VerifiedResult:
    """A verified result of ``name``; another ``device`` gives him another attempt (other moves)."""
    result = Result(club(deals=1), name, ((name + device,),), Totals(game_points, won, card_points))
    return VerifiedResult(name, result.totals, (DealScore(game_points, won > 0, card_points),), result)


def test_standings_rank_by_game_points_then_deals_won_then_card_points():
    rows = standings(
        [entry("Dule", 5, 2, 90), entry("Ana", 5, 3, 40), entry("Cica", 5, 2, 120), entry("Bora", 7, 1, 10)]
    )
    assert [(row.rank, row.entry.name) for row in rows] == [(1, "Bora"), (2, "Ana"), (3, "Cica"), (4, "Dule")]


def test_a_full_tie_shares_a_rank_and_the_same_result_counts_once():
    same = entry("Ana", 3, 1, 50)
    rows = standings([entry("bora", 3, 1, 50), same, same, entry("Cica", 1, 1, 70)])
    assert [(row.rank, row.entry.name) for row in rows] == [(1, "Ana"), (1, "bora"), (3, "Cica")]


def test_a_name_that_stands_twice_is_pointed_out_with_its_ranks_and_both_results_stay():
    """One attempt per device: a member who played again on another device has two valid results; the organiser
    decides which counts, so neither is dropped."""
    rows = standings(
        [entry("Ana", 3, 1, 50), entry("Bora", 2, 1, 40), entry(" ANA", 1, 0, 30, "phone"), entry("Cica", 0, 0, 9)]
    )
    assert [row.entry.name for row in rows] == ["Ana", "Bora", " ANA", "Cica"]
    assert repeated_names(rows) == [("Ana", [1, 3])]
    assert repeated_names(standings([entry("Ana", 3, 1, 50), entry("Bora", 3, 1, 50)])) == []


def test_the_csv_has_a_header_one_line_per_member_and_no_formulas():
    rows = standings([entry("=HYPERLINK(1)", 3, 1, 50), entry("Ana", 1, 1, 20)])
    lines = list(csv.reader(io.StringIO(standings_csv(rows))))
    assert lines[0] == [*CSV_HEADER, "deal_1"]
    assert lines[1] == ["1", "'=HYPERLINK(1)", "3", "1", "50", "3"]
    assert lines[2] == ["2", "Ana", "1", "1", "20", "1"]


def test_the_csv_can_be_written_for_a_serbian_spreadsheet_and_still_holds_no_formula():
    rows = standings([entry("-Ana; Bora", 3, 1, 50)])
    header = ("Mesto", "Ime", "Poeni partije", "Dobijena deljenja", "Poeni iz karata")
    text = standings_csv(rows, separator=";", header=header, deal_column="Deljenje {n}")
    assert text.splitlines()[0] == "Mesto;Ime;Poeni partije;Dobijena deljenja;Poeni iz karata;Deljenje 1"
    assert list(csv.reader(io.StringIO(text), delimiter=";"))[1] == ["1", "'-Ana; Bora", "3", "1", "50", "3"]
    assert standings_csv(rows, header=("=1", *header[1:])).startswith("'=1,Ime,"), "nor in a column's name"


# ---------------------------------------------------------------------------------------------- the closing date


def test_a_challenge_is_open_through_its_closing_day_and_closed_after_it():
    challenge = club()  # closes 2026-12-31
    challenge.check_open("2026-12-31")
    with pytest.raises(ChallengeClosedError) as refused:
        challenge.check_open("2027-01-01")
    assert (refused.value.kind, refused.value.params) == ("challenge_closed", {"closes": "2026-12-31"})
    with pytest.raises(ChallengeError):
        challenge.check_open("31.12.2026")


@pytest.mark.parametrize(("finished", "accepted"), [("2026-12-31", True), (None, True), ("2027-01-01", False)])
def test_a_result_finished_after_the_closing_date_is_refused(finished, accepted):
    played = replace(play_through(club(deals=1), "Ana", rng_seed=1).result(), finished=finished)
    if accepted:
        assert verify(played).name == "Ana"
    else:
        with pytest.raises(LateResultError) as refused:
            verify(played)
        assert refused.value.kind == "refused_late"


def test_a_result_is_dated_by_the_day_it_is_given():
    attempt = play_through(club(deals=1), "Ana", rng_seed=1)
    assert attempt.result("2026-12-30").finished == "2026-12-30"
    with pytest.raises(ChallengeError):
        attempt.result("yesterday")


# ---------------------------------------------------------------------------------------------- verifying once


def test_a_result_check_replays_each_deal_once(monkeypatch):
    import otv66.challenge as module

    played = play_through(club(deals=3), "Ana", rng_seed=2).result()
    replayed: list[int] = []
    real_replay = module.replay_deal
    monkeypatch.setattr(module, "replay_deal", lambda c, i, m: replayed.append(i) or real_replay(c, i, m))
    check = ResultCheck(played)
    scores = [check.deal_score(number) for number in (1, 2, 3)]
    assert check.verified().deals == tuple(scores)
    assert check.verified() == verify(played)
    assert replayed == [0, 1, 2, 0, 1, 2]  # the check's three deals, then verify's own

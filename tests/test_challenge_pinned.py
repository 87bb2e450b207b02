"""Result links made by the first published club opponents still verify (a pinned contract).

Every device and the verifier re-play a club result by asking :func:`otv66.challenge.computer_choice`
for each computer move, so a result made by an older version must re-play move for move with this
code. tests/data/challenge_results_v1.json holds result links made by the version-1 opponents
(master with a node budget, expert with its depth bound), each member playing the first legal move:
if a change to the search alters a club opponent's moves, these links are refused and this test fails.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from otv66.challenge import Attempt, Challenge, verify
from otv66.links import read_result_token

PINNED = json.loads((Path(__file__).parent / "data" / "challenge_results_v1.json").read_text(encoding="utf-8"))


def play_first_legal_moves(challenge: Challenge, name: str) -> Attempt:
    """The fixture's member: always the first legal move (so the computer's answers alone shape the deals)."""
    attempt = Attempt(challenge, name)
    while not attempt.is_finished:
        if attempt.deal_in_play is None:
            attempt.next_deal()
        else:
            attempt.play(attempt.legal_moves()[0])
    return attempt


@pytest.mark.parametrize("entry", PINNED["results"], ids=lambda entry: entry["label"])
def test_a_version_1_result_link_still_verifies(entry):
    result = read_result_token(entry["link"])
    verified = verify(result)
    assert verified.totals == result.totals


@pytest.mark.parametrize("entry", PINNED["results"], ids=lambda entry: entry["label"])
def test_the_same_member_still_meets_the_same_computer_moves(entry):
    result = read_result_token(entry["link"])
    replayed = play_first_legal_moves(result.challenge, result.name).result(result.finished)
    assert replayed.moves == result.moves

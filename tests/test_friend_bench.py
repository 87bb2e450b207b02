"""The friend benchmark plays a deal by messages and reports sizes against issue 14's goals (speed is not tested)."""

from __future__ import annotations

import contextlib
import io
import json

from otv66.bench import available
from otv66.bench.friend import KINDS, main


def test_friend_benchmark_reports_every_message_kind_within_the_size_goals() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["--deals", "1", "--json", "--seed", "3"])
    report = json.loads(out.getvalue())
    assert status == 0 and "friend" in available()
    assert report["deals"] == 1
    assert set(report["kinds"]) == set(KINDS)
    assert report["kinds"]["key"]["count"] == 2
    assert report["kinds"]["turn-up share"]["count"] % 2 == 0  # both players' shares for each turned-up card
    assert report["messages_per_deal"] == 3 + report["kinds"]["turn-up share"]["count"]
    assert report["size_goals_met"]
    assert report["setup_chars_max"] == report["kinds"]["second shuffle + face-up shares"]["chars_max"]
    assert report["heaviest_link_seconds"] > 0

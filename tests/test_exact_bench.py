"""``python -m otv66.bench ai --exact-set``: a level's loss against stored exact move values."""

from __future__ import annotations

import json
from pathlib import Path

from otv66.ai import choose_move
from otv66.bench.ai import EXACT_SET_FORMAT, load_solved_positions, main

HELDOUT = Path(__file__).with_name("data") / "exact_heldout.json"


def test_the_loss_is_the_best_value_minus_the_value_of_the_move_chosen(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    # The stored values are rewritten so that the club level's move is worth exactly 1 less
    # than the best one in every position but the first, where it is the best move.
    positions = []
    for index, solved in enumerate(load_solved_positions(HELDOUT)[:4]):
        chosen = choose_move(solved.view(), level="club", seed=index)
        values = dict.fromkeys(solved.values, 2.0)
        values[chosen] = 2.0 if index == 0 else 1.0
        positions.append({**solved.entry, "values": values})
    path = tmp_path / "set.json"
    path.write_text(json.dumps({"format": EXACT_SET_FORMAT, "positions": positions}))
    assert main(["--exact-set", str(path), "--a", "club", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["groups"]["all"] == {"decisions": 4, "mean_loss": 0.75, "max_loss": 1.0, "not_optimal": 3}
    assert sum(report["groups"][f"tricks_left={n}"]["decisions"] for n in (8, 9, 10)) == 4

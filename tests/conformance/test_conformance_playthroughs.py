"""Seeded random games built from `gamelog moves` (tests/conformance/playthrough.py),
every game and player count: each is played at `gamelog play`'s prompt from the
header `gamelog new` wrote, every line one that `moves` listed there, and replays,
read from its file, as legal to its end, and scores."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from declared import check_applies, game
from playthrough import case_id, cases, play

from gamelog.cli import main
from gamelog.core.outcome import record
from gamelog.core.replay import replay

CASES = cases()


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_random_game_built_from_moves_replays_to_its_end_and_scores(
    case: tuple[str, int, int],
) -> None:
    package = case[0]
    check_applies(package, "random-playthrough")
    played = play(*case)
    assert played.problem is None, played.problem
    assert played.finished and played.lines > 0
    rules = game(package)
    whole = replay(rules, played.text, str(played.path))
    assert whole.error is None, whole.error
    assert rules.is_finished(whole.state)
    rec = record(whole)
    assert rec["status"] == "ok" and rec["finished"], rec
    assert len(rec["players"]) == case[1]
    assert rec["winners"], "a finished game has its winners"
    for player in rec["players"]:
        assert sum(player["breakdown"].values()) == pytest.approx(player["total"])
    checked = CliRunner().invoke(main, ["score", str(played.path), "--format", "json"])
    assert checked.exit_code == 0, checked.output
    assert json.loads(checked.stdout)["players"] == rec["players"]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_random_game_meets_no_dead_end(case: tuple[str, int, int]) -> None:
    """Nobody is ever to move with nothing listed."""
    check_applies(case[0], "no-dead-ends")
    played = play(*case)
    assert not played.dead_ends, played.dead_ends[:3]

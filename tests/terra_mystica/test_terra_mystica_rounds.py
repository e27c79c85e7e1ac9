"""The round a Terra Mystica move is played in (``round_of``, the editor's outline):
the next round begins with the first action after every faction has passed, and a
leech still owed on the round's last build belongs to the old round."""

from __future__ import annotations

from itertools import groupby
from pathlib import Path

from gamelog import games
from gamelog.core.replay import replay

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "terra_mystica"


def _first_lines_of_rounds(name: str) -> list[tuple[int, int]]:
    rules = games.load("terra_mystica")
    text = (SAMPLES / name).read_text(encoding="utf-8")
    rounds: list[int | None] = []
    result = replay(
        rules,
        text,
        name,
        on_setup=lambda state: rounds.append(rules.round_of(state)),
        on_step=lambda _, state: rounds.append(rules.round_of(state)),
        keep_steps=True,
    )
    lines = [step.move.line for step in result.steps]
    pairs = zip(rounds[:-1], lines, strict=True)
    return [(number, next(run)[1]) for number, run in groupby(pairs, key=lambda p: p[0])]


def test_each_round_of_a_league_game_starts_at_its_first_action() -> None:
    # Read off the sample: line 31 is the last bonus taken in the setup, line 143 the
    # leech owed on round 2's last build, and each line given the first of its round.
    assert _first_lines_of_rounds("league_game.txt") == [
        (0, 2),
        (1, 32),
        (2, 92),
        (3, 144),
        (4, 178),
        (5, 235),
        (6, 302),
    ]

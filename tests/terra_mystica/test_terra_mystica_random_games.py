"""Random legal games at 2, 3, 4 and 5 players: each replays legally to the final
VP the established online engine gives it (see tests/corpus/terra_mystica_random)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamelog.core.replay import replay
from gamelog.games.terra_mystica import GAME

FOLDER = Path(__file__).resolve().parent.parent / "corpus" / "terra_mystica_random"
EXPECTED: dict[str, dict[str, int]] = json.loads((FOLDER / "expected.json").read_text())


def test_every_player_count_and_faction_is_covered() -> None:
    assert {len(scores) for scores in EXPECTED.values()} == {2, 3, 4, 5}
    factions = {name for scores in EXPECTED.values() for name in scores}
    assert len(factions) == 14


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_random_game_scores_as_the_established_engine_does(name: str) -> None:
    path = FOLDER / name
    result = replay(GAME, path.read_text(encoding="utf-8"), str(path))
    assert result.error is None, str(result.error)
    assert result.finished
    sheet = GAME.score(result.state)
    assert {p: sheet.total(p) for p in sheet.players} == EXPECTED[name]

"""Random legal games with the Fire & Ice factions, maps and final-scoring tiles: each
replays legally to the final VP the established online engine gives it, and the
ledger gamelog exports from it verifies row by row (see
tests/corpus/terra_mystica_fire_ice/README.md)."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from gamelog.core.replay import Replay, replay
from gamelog.games.terra_mystica import GAME
from gamelog.games.terra_mystica.components import CONSTANTS, MAPS

FOLDER = Path(__file__).resolve().parent.parent / "corpus" / "terra_mystica_fire_ice"
EXPECTED: dict[str, dict[str, int]] = json.loads((FOLDER / "expected.json").read_text())
GAMES = sorted(EXPECTED)
FIRE_ICE = ("icemaidens", "yetis", "acolytes", "dragonlords", "riverwalkers", "shapeshifters")


@cache
def replayed(name: str) -> Replay:
    path = FOLDER / name
    return replay(GAME, path.read_text(encoding="utf-8"), str(path), keep_steps=True)


def test_the_corpus_covers_factions_maps_tiles_and_player_counts() -> None:
    assert len(GAMES) >= 40
    assert sorted(p.name for p in FOLDER.glob("*.txt")) == GAMES
    factions: Counter[str] = Counter()
    maps: Counter[str] = Counter()
    tiles: Counter[str] = Counter()
    players: Counter[int] = Counter()
    for name in GAMES:
        state = replayed(name).state
        factions.update(f.name for f in state.order)
        maps[state.map_id] += 1
        tiles.update(set(state.final_scoring) & set(CONSTANTS.extra_final_scoring))
        players[len(state.order)] += 1
    assert set(players) == {2, 3, 4, 5}
    assert {name: factions[name] for name in FIRE_ICE} == {
        name: max(5, factions[name]) for name in FIRE_ICE
    }
    assert set(maps) == set(MAPS)
    assert set(tiles) == set(CONSTANTS.extra_final_scoring)


@pytest.mark.parametrize("name", GAMES)
def test_game_scores_as_the_established_engine_does(name: str) -> None:
    result = replayed(name)
    assert result.error is None, str(result.error)
    assert result.finished
    sheet = GAME.score(result.state)
    assert {p: sheet.total(p) for p in sheet.players} == EXPECTED[name]


def _faction_rows(text: str) -> int:
    return sum(1 for line in text.split("\n") if len(line.split("\t")) >= 15)


@pytest.mark.parametrize("name", GAMES)
def test_exported_ledger_verifies_row_by_row(name: str) -> None:
    exported = GAME.export(replayed(name), "ledger")
    result = replay(GAME, exported, f"{name} (ledger)")
    assert result.error is None, str(result.error)
    assert result.finished
    assert result.state.verified_rows == _faction_rows(exported) > 0
    assert {f.name: f.r["VP"] for f in result.state.order} == EXPECTED[name]

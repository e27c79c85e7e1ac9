"""The benchmark's random game generator writes complete, legal games."""

from __future__ import annotations

import random
from pathlib import Path

from seikatsu_helpers import generator

from gamelog.core.replay import replay
from gamelog.games.seikatsu import GAME


def test_generated_games_replay_legally_to_a_full_garden() -> None:
    kinds = set()
    for name, text in generator().generate_games(60, seed=3):
        result = replay(GAME, text, name)
        assert result.error is None, (name, result.error)
        assert result.finished, name
        players = len(result.state.seats)
        assert result.moves_applied == {2: 34, 3: 33}[players]
        kinds.add((players, result.state.tournament))
    assert kinds == {(2, False), (2, True), (3, False), (3, True)}


def test_generation_is_reproducible_from_the_seed() -> None:
    gen = generator()
    first = list(gen.generate_games(5, seed=11))
    assert first == list(gen.generate_games(5, seed=11))
    assert first != list(gen.generate_games(5, seed=12))


def test_command_line_writes_the_files(tmp_path: Path) -> None:
    generator().main([str(tmp_path / "out"), "--count", "7", "--seed", "2"])
    files = sorted((tmp_path / "out").glob("*.log"))
    assert len(files) == 7
    assert files[0].name.startswith("seikatsu-00001-")


def test_write_games_returns_the_paths(tmp_path: Path) -> None:
    paths = generator().write_games(tmp_path, count=3, seed=5)
    assert [p.parent for p in paths] == [tmp_path] * 3
    assert all(p.read_text(encoding="utf-8").startswith("game: seikatsu") for p in paths)


def test_a_generated_game_is_independent_of_gamelog() -> None:
    """The generator's own geometry agrees with gamelog's board (36 spaces, 84 pairs)."""
    gen = generator()
    assert len(gen.SPACES) == 36
    assert sum(len(n) for n in gen.NEIGHBOURS.values()) == 168
    text = gen.generate_game(random.Random(1), 2, False)
    assert text.startswith("game: seikatsu\nplayers: ")

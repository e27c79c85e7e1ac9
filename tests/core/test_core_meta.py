"""A game's facts load without its engine: listing the games, completing a name at the
shell, looking a game up by an alias and recognising a log import each game's
``meta.py`` and nothing else of its folder (checked in a fresh interpreter, by the
modules it holds at the end), and every game's meta is whole and its own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gamelog import games
from gamelog.core.meta import GameMeta, key

ROOT = Path(__file__).resolve().parents[2]

#: Runs ``work`` in a fresh interpreter and prints, as JSON, the modules of game
#: folders it holds afterwards (the packages and their meta.py aside).
_PROBE = """
import json, os, sys
{work}
loaded = sorted(
    name for name in sys.modules
    if name.startswith("gamelog.games.") and name.count(".") > 2
    and not name.endswith(".meta")
)
os.write(1, ("\\n" + json.dumps(loaded)).encode())
"""


def _engine_modules(work: str, env: dict[str, str] | None = None) -> tuple[list[str], str]:
    """The engine modules ``work`` imported, and what it printed before them."""
    result = subprocess.run(
        [sys.executable, "-c", _PROBE.format(work=work)],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
    )
    assert result.returncode == 0, result.stderr
    shown, _, last = result.stdout.rpartition("\n")
    return json.loads(last), shown


_CLI = """
from gamelog.cli import main
try:
    main.main(args={args!r}, prog_name="gamelog")
except SystemExit:
    pass
"""


def test_gamelog_games_loads_no_engine() -> None:
    loaded, shown = _engine_modules(_CLI.format(args=["games"]))
    assert loaded == []
    for meta in games.all_meta():
        assert meta.name in shown and meta.title in shown


def test_shell_completion_of_a_game_name_loads_no_engine() -> None:
    env = {"_GAMELOG_COMPLETE": "bash_complete", "COMP_WORDS": "gamelog notation my"}
    loaded, shown = _engine_modules(_CLI.format(args=[]), {**env, "COMP_CWORD": "2"})
    assert loaded == []
    offered = {word for line in shown.splitlines() for word in line.split(",")}
    assert {m.name for m in games.all_meta() if m.name.startswith("my")} <= offered


@pytest.mark.parametrize("meta", games.all_meta(), ids=lambda meta: meta.name)
def test_an_alias_lookup_and_the_notation_load_no_engine(meta: GameMeta) -> None:
    for name in (meta.title.upper(), *meta.aliases):
        work = f"from gamelog import games\nprint(games.find_meta({name!r}).name)"
        loaded, shown = _engine_modules(work)
        assert (loaded, shown.strip()) == ([], meta.name)
    alias = (*meta.aliases, meta.title)[0]
    loaded, shown = _engine_modules(_CLI.format(args=["notation", alias, "--format", "markdown"]))
    assert loaded == [] and shown.startswith("#")


def test_recognising_a_log_loads_no_engine() -> None:
    sample = next((ROOT / "samples").glob("*/*.log"))
    text = "\n".join(
        line for line in sample.read_text("utf-8").splitlines() if not line.startswith("game:")
    )
    work = f"from gamelog import games\nprint(games.detect_package({text!r}))"
    loaded, shown = _engine_modules(work)
    assert (loaded, shown.strip()) == ([], sample.parent.name)


def test_the_engine_is_loaded_when_a_log_is_replayed() -> None:
    sample = next((ROOT / "samples" / games.package_names()[0]).glob("*.log"))
    loaded, _ = _engine_modules(_CLI.format(args=["score", str(sample)]))
    assert f"gamelog.games.{games.package_names()[0]}.game" in loaded


@pytest.mark.parametrize("package", games.package_names())
def test_the_engine_says_what_its_meta_says(package: str) -> None:
    """The engine's name, title and counts are its meta's, not a second copy."""
    engine, meta = games.load(package), games.meta(package)
    assert engine.meta is meta
    assert (engine.name, engine.title, engine.min_players, engine.max_players) == (
        meta.name,
        meta.title,
        meta.min_players,
        meta.max_players,
    )
    assert key(meta.name) == package


def test_no_two_games_answer_to_one_name() -> None:
    seen: dict[str, str] = {}
    for meta in games.all_meta():
        for name in meta.keys:
            assert seen.setdefault(name, meta.name) == meta.name, name


def test_a_meta_that_cannot_be_is_refused() -> None:
    base = {"name": "x", "title": "X", "notation_hint": "", "looks_like": bool}
    with pytest.raises(ValueError, match="seat is a player or a faction"):
        GameMeta(**base, min_players=2, max_players=4, seat="team")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="player counts 3-2"):
        GameMeta(**base, min_players=3, max_players=2)
    with pytest.raises(ValueError, match="suffix"):
        GameMeta(**base, min_players=2, max_players=2, suffixes=("TM",))


def test_every_game_folder_is_in_the_registry() -> None:
    """A folder of gamelog/games with Python in it and no meta.py would be left out of
    every command and check without a word: none is."""
    here = ROOT / "gamelog" / "games"
    folders = sorted(
        entry.name
        for entry in here.iterdir()
        if entry.is_dir() and not entry.name.startswith("_") and any(entry.glob("*.py"))
    )
    assert folders == list(games.package_names())

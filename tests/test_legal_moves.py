"""`gamelog moves` lists what is legal, and only that: at positions of every complete
sample, every listed line replays as legal, and the move actually played next is
among those listed.

A game whose move is several actions (an Eden turn) lists single next actions; its
legal module then says how a move splits into them (``steps``) and what an action
does however it is spelt (``key``), and the walk goes action by action."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gamelog import games
from gamelog.core.audit import LOG_SUFFIXES, audit_file
from gamelog.core.game import Game, Move
from gamelog.core.logs import game_for
from gamelog.core.replay import replay

ROOT = Path(__file__).resolve().parent.parent


def _lists_moves(game: Game) -> bool:
    try:
        game.legal_moves(None)  # type: ignore[arg-type]
    except NotImplementedError:
        return False
    except Exception:
        return True
    return True


#: Games whose listed lines are not moves on their own, walked by their own test:
#: the game -> that test, which checks the same two things line by line.
WALKED_ELSEWHERE = {
    # A harvest line continues the turn above it and does not parse alone; a turn
    # mixes chance (the sleeves turned up) with several purchases in any order, so
    # its listed lines are appended to the log cut there and the log replayed.
    "mystic-vale": ROOT / "tests" / "mystic_vale" / "test_mystic_vale_legal.py",
    # What a deck or pile turns up is written in the turn itself, and any number of
    # Inspiration clauses may open it: such lines are listed as forms (blanks, `...`);
    # a turn played is found among lines and forms by the position it reaches.
    "mystical-seeds": ROOT / "tests" / "mystical_seeds" / "test_mystical_seeds_legal.py",
}
LISTING = {
    game.name
    for game in games.all_games()
    if _lists_moves(game) and game.name not in WALKED_ELSEWHERE
}
COMPLETE = sorted(
    path
    for path in (ROOT / "samples").rglob("*")
    if path.suffix in LOG_SUFFIXES
    and path.parent.name.replace("_", "-") in LISTING
    and audit_file(str(path))["finished"]
    and audit_file(str(path))["status"] == "ok"
)


def test_a_game_walked_elsewhere_has_that_walk() -> None:
    for test in WALKED_ELSEWHERE.values():
        assert "def test_" in test.read_text(encoding="utf-8")


def _id(path: Path) -> str:
    return str(path.relative_to(ROOT / "samples"))


def _shape(value: Any) -> Any:
    """A move without where or how it was written: what it does."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (
            type(value).__name__,
            tuple(
                (f.name, _shape(getattr(value, f.name)))
                for f in dataclasses.fields(value)
                if not (f.name in ("line", "source") or f.name.endswith("column"))
            ),
        )
    if isinstance(value, list | tuple):
        return tuple(_shape(item) for item in value)
    if isinstance(value, str):
        return value.casefold()
    return value


def _steps_and_key(game: Game) -> tuple[Callable[[Move], list[Move]], Callable[..., Any]]:
    """How the game's moves split into listed options, and how two are compared."""
    legal = getattr(getattr(game, "parts", None), "legal", None)
    steps = getattr(legal, "steps", lambda move: [move])
    key = getattr(legal, "key", lambda state, move: _shape(move))
    return steps, key


def _moves_of(game: Game, header: Any, line: str, number: int) -> list[Move]:
    return list(game.moves_from("\n" * (number - 1) + line + "\n", header))


@pytest.mark.parametrize("path", COMPLETE, ids=_id)
def test_every_listed_line_is_legal_and_the_move_played_is_listed(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    game = game_for(text)
    whole = replay(game, text, str(path))
    assert whole.log is not None
    steps, key = _steps_and_key(game)
    moves = [step for move in whole.log.moves for step in steps(move)]
    checked = {0, len(moves) // 3, len(moves) // 2, len(moves) - 1}
    state = game.setup(whole.log)
    for index, played in enumerate(moves):
        groups = game.legal_moves(state)
        listed = [option.line for group in groups for option in group.options]
        assert game.to_move(state) is not None
        number = played.line
        keys = {
            key(state, move)
            for line in listed
            for move in _moves_of(game, whole.log.header, line, number)
        }
        assert key(state, played) in keys, f"line {played.line}: {played.source!r} is not listed"
        if index in checked:
            for line in listed:
                trial = copy.deepcopy(state)
                for move in _moves_of(game, whole.log.header, line, number):
                    game.apply(trial, move)  # raises if the listed line is illegal
        game.apply(state, played)
    assert game.legal_moves(state) == [] and game.to_move(state) is None

"""Shared helpers for the Eden tests: replay a short log written inline."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

from gamelog.core.errors import GamelogError, IllegalMove
from gamelog.core.replay import Replay, replay
from gamelog.games import find

GAME = find("eden")
SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "eden"
#: Two header lines, so the first move of a log is on line 3.
THREE = "game: eden\nplayers: Ann (red), Ben (blue), Cleo (yellow)\n"


def run(moves: str, header: str = THREE) -> Replay:
    assert GAME is not None
    return replay(GAME, header + dedent(moves).lstrip("\n"), "<test>")


def legal(moves: str, header: str = THREE) -> Replay:
    result = run(moves, header)
    assert result.error is None, str(result.error)
    return result


def problem(moves: str, header: str = THREE) -> GamelogError:
    result = run(moves, header)
    assert result.error is not None, "expected the log to be rejected"
    return result.error


def illegal(moves: str, header: str = THREE) -> IllegalMove:
    error = problem(moves, header)
    assert isinstance(error, IllegalMove), f"{error.kind}: {error}"
    return error


def replay_sample(name: str) -> Replay:
    assert GAME is not None
    path = SAMPLES / name
    return replay(GAME, path.read_text(encoding="utf-8"), str(path))

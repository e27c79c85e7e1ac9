"""Issue 12: after a bad line, the provisional score is the position before that line.

The replay driver keeps the position of the log cut before the bad line; these
tests confirm it for every Mystical Seeds sample with a problem (the record's
totals, breakdowns and tie-breaks are those of the cut log), and that the engine
itself leaks nothing: a turn refused half way, after some of its clauses were
played, leaves the state exactly as it was before the turn (rules.play puts it
back), so a caller of ``Game.apply`` sees the same position the driver shows.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from mystical_seeds_helpers import SAMPLES

from gamelog.core.errors import GamelogError, IllegalMove
from gamelog.core.notation import normalise
from gamelog.core.outcome import record
from gamelog.core.replay import Replay, replay
from gamelog.games.mystical_seeds import GAME
from gamelog.games.mystical_seeds.moves import Collect, Turn

ALL = sorted(SAMPLES.glob("*.log"))
PROBLEMS = [
    path
    for path in ALL
    if (result := replay(GAME, path.read_text(encoding="utf-8"), str(path))).error is not None
    and result.error.kind in ("illegal", "notation-error")
    and result.state is not None
]
LEGAL = [
    path for path in ALL if replay(GAME, path.read_text(encoding="utf-8"), str(path)).error is None
]


def snapshot(value: Any) -> Any:
    """Everything a position is, as plain values, for comparing two of them."""
    if isinstance(value, str | int | float | bool | type(None)):
        return value
    if isinstance(value, dict):
        return {repr(snapshot(k)): snapshot(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [snapshot(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(repr(snapshot(v)) for v in value)
    if hasattr(value, "__dict__"):
        return {type(value).__name__: snapshot(vars(value))}
    return repr(value)


def _cut_before(text: str, line: int) -> str:
    return "\n".join(text.split("\n")[: line - 1]) + "\n"


def _sheet(result: Replay) -> dict[str, Any]:
    rec = record(result)
    return {
        "players": [(p["name"], p["total"], p["breakdown"], p["rank"]) for p in rec["players"]],
        "tiebreaks": rec["tiebreaks"],
        "finished": rec["finished"],
        "winners": rec["winners"],
    }


def test_the_problem_samples_are_all_here() -> None:
    # Every illegal_*.log and the notation error, each refused on a line of its own.
    names = {path.name for path in PROBLEMS}
    assert {p.name for p in ALL if p.name.startswith("illegal_")} <= names
    assert "notation_error.log" in names
    assert len(names) == 28


@pytest.mark.parametrize("path", PROBLEMS, ids=lambda p: p.name)
def test_the_provisional_record_is_the_log_cut_before_the_bad_line(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    whole = replay(GAME, text, str(path))
    assert whole.error is not None and whole.error.line is not None
    cut = replay(GAME, _cut_before(text, whole.error.line), str(path))
    assert cut.error is None, cut.error
    assert _sheet(whole) == _sheet(cut)
    assert snapshot(whole.state) == snapshot(cut.state)


@pytest.mark.parametrize(
    "path", [p for p in PROBLEMS if p.name.startswith("illegal_")], ids=lambda p: p.name
)
def test_the_engine_leaves_the_position_before_a_refused_turn(path: Path) -> None:
    # Applying the moves straight to the engine, as the driver does, up to the
    # refused one: no half of that turn stays behind.
    text = path.read_text(encoding="utf-8")
    log = GAME.parse(text)
    state = GAME.setup(log)
    refused: GamelogError | None = None
    for move in log.moves:
        try:
            GAME.apply(state, move)
        except GamelogError as error:
            refused = error.at(move.line, move.column)
            break
    assert refused is not None and refused.line is not None
    cut = replay(GAME, _cut_before(text, refused.line), str(path))
    assert cut.error is None
    assert snapshot(state) == snapshot(cut.state)


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.name)
def test_a_turn_refused_after_its_last_clause_leaves_nothing_behind(path: Path) -> None:
    # Every turn of every legal sample, played whole and then refused at a second
    # action written after its last clause: all its clauses were played (seeds
    # moved, tracks advanced, tiles taken, cards revealed) before the refusal, and
    # the state must be as before the turn. Then the turn is played as written.
    log = GAME.parse(normalise(path.read_text(encoding="utf-8")))  # as the replay reads it
    state = GAME.setup(log)
    refused = 0
    for move in log.moves:
        assert isinstance(move, Turn)
        if GAME.is_finished(state):
            break
        before = snapshot(state)
        extra = Collect(fairy="graft", line=move.line, column=len(move.source) + 3)
        spoilt = dataclasses.replace(move, clauses=(*move.clauses, extra))
        with pytest.raises(IllegalMove) as refusal:
            GAME.apply(state, spoilt)
        assert refusal.value.column == extra.column, refusal.value
        assert snapshot(state) == before, (move.line, str(refusal.value))
        GAME.apply(state, move)
        refused += 1
    assert refused == len(log.moves)

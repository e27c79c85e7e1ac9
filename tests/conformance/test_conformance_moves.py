"""`gamelog moves` lists what is legal, and only that, every game: at positions of every
complete sample and of random games (tests/conformance/playthrough.py), every listed
line replays as legal, and the move actually played next is among those listed.

A game whose move is several actions (an Eden turn) lists single next actions; its
legal module then says how a move splits into them (``steps``) and what an action
does however it is spelt (``key``), and the walk goes action by action. A game whose
listed lines are not moves on their own (a line continuing the turn above, a form
with blanks) opts out of this walk and names the walk of its own that checks the same
two things (``opt_outs["moves-walk"]``)."""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from declared import ROOT, SAMPLES, all_samples, check_applies, declared, package_of, packages
from playthrough import case_id, cases, play

from gamelog.core.audit import audit_file
from gamelog.core.game import Game, Move
from gamelog.core.logs import game_for
from gamelog.core.replay import replay

COMPLETE = [
    path
    for path in all_samples()
    if (rec := audit_file(str(path)))["finished"] and rec["status"] == "ok"
]
#: A test file named in an opt-out's reason: the walk of the game's own.
_TEST_FILE = re.compile(r"tests/[\w/]+\.py")


@pytest.mark.parametrize("package", [p for p in packages() if "moves-walk" in declared(p).opt_outs])
def test_a_game_walked_elsewhere_has_that_walk(package: str) -> None:
    reason = declared(package).opt_outs["moves-walk"]
    named = _TEST_FILE.findall(reason)
    assert named, f"{package} opts out of the walk without naming its own: {reason}"
    for test in named:
        assert "\ndef test_" in (ROOT / test).read_text(encoding="utf-8"), test


def _id(path: Path) -> str:
    return str(path.relative_to(SAMPLES))


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

    def key(state: Any, move: Move) -> Any:
        found = game.step_key(state, move)
        return found if found is not None else _shape(move)

    return game.steps, key


def _moves_of(game: Game, header: Any, line: str, number: int) -> list[Move]:
    return list(game.moves_from("\n" * (number - 1) + line + "\n", header))


def _walks() -> list[Any]:
    return [
        *(pytest.param(path, id=_id(path)) for path in COMPLETE),
        *(pytest.param(case, id=case_id(case)) for case in cases()),
    ]


@pytest.mark.parametrize("which", _walks())
def test_every_listed_line_is_legal_and_the_move_played_is_listed(which: Any) -> None:
    if isinstance(which, Path):
        package, path = package_of(which), which
    else:
        package, path = which[0], play(*which).path
    check_applies(package, "moves-walk")
    text = path.read_text(encoding="utf-8")
    game = game_for(text)
    whole = replay(game, text, str(path))
    assert whole.log is not None
    steps, key = _steps_and_key(game)
    moves = [step for move in whole.log.moves for step in steps(move)]
    checked = {0, len(moves) // 3, len(moves) // 2, len(moves) - 1}
    state = game.setup(whole.log)
    # What a listed line does does not depend on the line it stands on: each is parsed
    # once, as line 1 (only the lines tried on the position are parsed where they go).
    parsed: dict[str, list[Move]] = {}
    for index, played in enumerate(moves):
        groups = game.legal_moves(state)
        listed = [option.line for group in groups for option in group.options]
        assert game.to_move(state) is not None
        number = played.line
        for line in listed:
            if line not in parsed:
                parsed[line] = _moves_of(game, whole.log.header, line, 1)
        keys = {key(state, move) for line in listed for move in parsed[line]}
        assert key(state, played) in keys, f"line {played.line}: {played.source!r} is not listed"
        if index in checked:
            for line in listed:
                trial = copy.deepcopy(state)
                for move in _moves_of(game, whole.log.header, line, number):
                    game.apply(trial, move)  # raises if the listed line is illegal
        game.apply(state, played)
    assert game.legal_moves(state) == [] and game.to_move(state) is None

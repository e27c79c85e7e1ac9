"""Mutating valid logs the way people and file systems damage them, for property tests.

Every game's property test feeds these mutants to the replay driver and asserts
the one promise gamelog makes about bad input: a replay ends in success or in a
typed error with a place, never in a crash.
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st

from gamelog.core.errors import GamelogError
from gamelog.core.game import Game
from gamelog.core.replay import Replay

KINDS = ("drop", "duplicate", "swap", "change", "insert", "truncate")


@st.composite
def mutated_logs(draw: st.DrawFn, bases: Sequence[str], alphabet: str) -> str:
    """One of ``bases`` with 1-4 mutations: lines dropped, duplicated or swapped,
    characters (from ``alphabet``) changed or inserted, the text cut short."""
    lines = draw(st.sampled_from(bases)).split("\n")
    for _ in range(draw(st.integers(1, 4))):
        if not lines:
            break
        kind = draw(st.sampled_from(KINDS))
        i = draw(st.integers(0, len(lines) - 1))
        if kind == "drop":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        elif kind == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind in ("change", "insert"):
            at = draw(st.integers(0, len(lines[i])))
            new = draw(st.text(alphabet, min_size=1, max_size=3))
            rest = at + 1 if kind == "change" else at
            lines[i] = lines[i][:at] + new + lines[i][rest:]
        else:
            cut = draw(st.integers(0, len(lines[i])))
            lines = [*lines[:i], lines[i][:cut]]
    return "\n".join(lines)


def assert_located(result: Replay) -> None:
    """The replay succeeded, or stopped at a typed error that says where and why."""
    error = result.error
    if error is None:
        return
    assert isinstance(error, GamelogError)
    lines = result.text.count("\n") + 1
    assert isinstance(error.line, int) and 1 <= error.line <= lines, error
    assert isinstance(error.column, int) and error.column >= 1, error
    assert error.message
    if error.kind == "illegal":
        assert error.rule, error


def assert_position_usable(game: Game, result: Replay) -> None:
    """Whatever position a replay reached can still be scored and drawn."""
    if result.state is not None:
        sheet = game.score(result.state)
        assert sheet.players
        assert isinstance(game.render_position(result.state), str)
        assert game.is_finished(result.state) in (True, False)

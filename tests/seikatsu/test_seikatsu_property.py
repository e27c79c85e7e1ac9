"""Mutated logs (lines dropped, duplicated, swapped; characters changed; text cut short)
only ever replay to success or to a typed error with a line number: never a crash.
Whatever position a replay reaches can still be scored and drawn."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from seikatsu_helpers import generator, sample_text

from gamelog.core.errors import GamelogError
from gamelog.core.replay import replay
from gamelog.games.seikatsu import GAME

BASE_LOGS = [
    sample_text("complete-2p.log"),
    sample_text("complete-3p.log"),
    sample_text("tournament-3p.log"),
    generator().generate_game(random.Random(7), 3, True),
]
CHARACTERS = "aAkK0149:/,()#@ \t\n-éß\u00a0\ufeff\x00"


@st.composite
def mutated_logs(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(BASE_LOGS))
    for _ in range(draw(st.integers(1, 3))):
        lines = text.split("\n")
        kind = draw(st.sampled_from(["drop", "duplicate", "swap", "char", "truncate"]))
        i = draw(st.integers(0, len(lines) - 1))
        j = draw(st.integers(0, len(lines) - 1))
        if kind == "drop":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        elif kind == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        text = "\n".join(lines)
        if kind == "char" and text:
            at = draw(st.integers(0, len(text) - 1))
            text = text[:at] + draw(st.sampled_from(CHARACTERS)) + text[at + 1 :]
        elif kind == "truncate":
            text = text[: draw(st.integers(0, len(text)))]
    return text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_logs())
def test_mutated_logs_end_in_success_or_a_located_error(text: str) -> None:
    result = replay(GAME, text, "mutant.log")
    lines = result.text.count("\n") + 1
    if result.error is not None:
        assert isinstance(result.error, GamelogError)
        assert result.error.line is not None and 1 <= result.error.line <= lines
        assert result.error.column is not None and result.error.column >= 1
        assert result.error.message
    if result.state is not None:
        sheet = GAME.score(result.state)
        assert set(sheet.players) == set(result.log.players)  # type: ignore[union-attr]
        assert GAME.render_position(result.state)
        assert GAME.running_scores(result.state).keys() == set(sheet.players)


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text_never_crashes(text: str) -> None:
    result = replay(GAME, text, "noise.log")
    if result.error is not None:
        assert result.error.line is not None

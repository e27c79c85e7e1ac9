"""Mutated logs (lines dropped, duplicated, swapped; characters changed; text cut short)
only ever replay to success or to a typed error with a line number: never a crash.
Whatever position a replay reaches can still be scored and drawn."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mutations import assert_located, assert_position_usable, mutated_logs
from seikatsu_helpers import generator, sample_text

from gamelog.core.replay import replay
from gamelog.games.seikatsu import GAME

BASE_LOGS = [
    sample_text("complete-2p.log"),
    sample_text("complete-3p.log"),
    sample_text("tournament-3p.log"),
    generator().generate_game(random.Random(7), 3, True),
]
CHARACTERS = "aAkK0149:/,()#@ \t\n-éß\u00a0\ufeff\x00"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_logs(BASE_LOGS, CHARACTERS))
def test_mutated_logs_end_in_success_or_a_located_error(text: str) -> None:
    result = replay(GAME, text, "mutant.log")
    assert_located(result)
    assert_position_usable(GAME, result)
    if result.state is not None:
        assert GAME.running_scores(result.state).keys() == set(result.log.players)  # type: ignore[union-attr]


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text_never_crashes(text: str) -> None:
    assert_located(replay(GAME, text, "noise.log"))

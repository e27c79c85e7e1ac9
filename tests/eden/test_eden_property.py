"""Mutated logs never crash: whatever a user writes, a replay ends either in success or in
a GamelogError with a line number, and the position it reached can still be scored and
drawn."""

from __future__ import annotations

from eden_helpers import GAME, SAMPLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mutations import assert_located, assert_position_usable, mutated_logs

from gamelog.core.replay import replay

BASES = [
    (SAMPLES / name).read_text(encoding="utf-8")
    for name in ("three_players.log", "four_players.log", "conquest_win.log")
]
#: Characters that matter to the notation, so that mutations hit interesting cases.
ALPHABET = "ABCDEFGIJLOSTZabcdegijlostz0123456789 ,;:#()/x\n\t"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_logs(BASES, ALPHABET))
def test_mutated_logs_end_in_success_or_a_located_error(text: str) -> None:
    result = replay(GAME, text, "<mutated>")
    assert_located(result)
    assert_position_usable(GAME, result)
    if result.state is not None:
        assert set(GAME.score(result.state).players) == set(result.state.order)


@settings(max_examples=60, deadline=None)
@given(text=st.text(alphabet=ALPHABET + "gmnpr:", max_size=300))
def test_random_text_after_a_valid_header_never_crashes(text: str) -> None:
    header = "game: eden\nplayers: Ann (red), Ben (blue)\n"
    assert_located(replay(GAME, header + text, "<random>"))

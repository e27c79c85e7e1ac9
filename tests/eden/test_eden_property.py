"""Mutated logs never crash: whatever a user writes, a replay ends either in success or in
a GamelogError with a line number, and the position it reached can still be scored and
drawn."""

from __future__ import annotations

from eden_helpers import GAME, SAMPLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamelog.core.errors import GamelogError
from gamelog.core.replay import replay

BASES = [
    (SAMPLES / name).read_text(encoding="utf-8")
    for name in ("three_players.log", "four_players.log", "conquest_win.log")
]
#: Characters that matter to the notation, so that mutations hit interesting cases.
ALPHABET = "ABCDEFGIJLOSTZabcdegijlostz0123456789 ,;:#()/x\n\t"

mutation = st.one_of(
    st.tuples(st.just("drop"), st.integers(0, 200)),
    st.tuples(st.just("duplicate"), st.integers(0, 200)),
    st.tuples(st.just("swap"), st.integers(0, 200), st.integers(0, 200)),
    st.tuples(st.just("change"), st.integers(0, 5000), st.sampled_from(ALPHABET)),
    st.tuples(st.just("truncate"), st.integers(0, 5000)),
)


def mutate(text: str, steps: list[tuple]) -> str:
    for step in steps:
        lines = text.split("\n")
        kind = step[0]
        if kind == "drop" and lines:
            del lines[step[1] % len(lines)]
        elif kind == "duplicate" and lines:
            i = step[1] % len(lines)
            lines.insert(i, lines[i])
        elif kind == "swap" and lines:
            i, j = step[1] % len(lines), step[2] % len(lines)
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "change" and text:
            i = step[1] % len(text)
            text = text[:i] + step[2] + text[i + 1 :]
            continue
        elif kind == "truncate":
            text = text[: step[1] % (len(text) + 1)]
            continue
        text = "\n".join(lines)
    return text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=st.sampled_from(BASES), steps=st.lists(mutation, min_size=1, max_size=4))
def test_mutated_logs_end_in_success_or_a_located_error(base: str, steps: list[tuple]) -> None:
    text = mutate(base, steps)
    result = replay(GAME, text, "<mutated>")
    if result.error is not None:
        assert isinstance(result.error, GamelogError)
        assert isinstance(result.error.line, int) and result.error.line >= 1
        assert result.error.message
    if result.state is not None:
        sheet = GAME.score(result.state)
        assert set(sheet.players) == set(result.state.order)
        assert GAME.render_position(result.state)
        assert GAME.is_finished(result.state) in (True, False)


@settings(max_examples=60, deadline=None)
@given(text=st.text(alphabet=ALPHABET + "gmnpr:", max_size=300))
def test_random_text_after_a_valid_header_never_crashes(text: str) -> None:
    header = "game: eden\nplayers: Ann (red), Ben (blue)\n"
    result = replay(GAME, header + text, "<random>")
    assert result.error is None or (
        isinstance(result.error, GamelogError) and result.error.line is not None
    )

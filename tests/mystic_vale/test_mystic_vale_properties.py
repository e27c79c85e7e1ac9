"""Mutated Mystic Vale logs never crash: every replay ends in success or in a
GamelogError that carries a line number."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamelog.core.errors import GamelogError
from gamelog.core.replay import replay
from gamelog.games import find

GAME = find("mystic-vale")
SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "mystic_vale"
SOURCES = ["two_players.log", "three_players_mid_round.log", "illegal_new_vale_ability.log"]
TEXTS = {name: (SAMPLES / name).read_text(encoding="utf-8") for name in SOURCES}
ALPHABET = '0123456789 ;:,#\n"-abcdeiklmnoprstuvyABCGIPST\t'


@st.composite
def mutated_logs(draw: st.DrawFn) -> tuple[str, str]:
    name = draw(st.sampled_from(SOURCES))
    lines = TEXTS[name].split("\n")
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["drop", "duplicate", "swap", "change", "insert", "truncate"]))
        if not lines:
            break
        i = draw(st.integers(0, len(lines) - 1))
        if kind == "drop":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        elif kind == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "change" and lines[i]:
            k = draw(st.integers(0, len(lines[i]) - 1))
            lines[i] = lines[i][:k] + draw(st.sampled_from(ALPHABET)) + lines[i][k + 1 :]
        elif kind == "insert":
            k = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:k] + draw(st.text(ALPHABET, max_size=6)) + lines[i][k:]
        else:
            lines = lines[: i + 1]
    return name, "\n".join(lines)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_logs())
def test_mutated_logs_end_in_success_or_a_located_error(case: tuple[str, str]) -> None:
    name, text = case
    result = replay(GAME, text, str(SAMPLES / name))
    if result.error is not None:
        assert isinstance(result.error, GamelogError)
        assert isinstance(result.error.line, int) and result.error.line >= 1
        assert result.error.message
    else:
        GAME.score(result.state)
        GAME.render_position(result.state)


@settings(max_examples=60, deadline=None)
@given(st.text(ALPHABET, max_size=120))
def test_random_turn_text_after_a_valid_header(garbage: str) -> None:
    text = "game: mystic-vale\nplayers: Ann, Bob\ncards: catalogue.toml\nAnn: " + garbage + "\n"
    result = replay(GAME, text, str(SAMPLES / "random.log"))
    if result.error is not None:
        assert isinstance(result.error.line, int) and result.error.line >= 1

"""Mutated Mystic Vale logs never crash: every replay ends in success or in a
GamelogError that carries a line number."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mutations import assert_located, assert_position_usable, mutated_logs

from gamelog.core.replay import replay
from gamelog.games import find

GAME = find("mystic-vale")
SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "mystic_vale"
SOURCES = ["two_players.log", "three_players_mid_round.log", "illegal_new_vale_ability.log"]
TEXTS = [(SAMPLES / name).read_text(encoding="utf-8") for name in SOURCES]
ALPHABET = '0123456789 ;:,#\n"-abcdeiklmnoprstuvyABCGIPST\t'
#: Mutants are replayed as if they stood beside the samples, so `cards:` resolves.
MUTANT_PATH = str(SAMPLES / "mutant.log")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_logs(TEXTS, ALPHABET))
def test_mutated_logs_end_in_success_or_a_located_error(text: str) -> None:
    result = replay(GAME, text, MUTANT_PATH)
    assert_located(result)
    assert_position_usable(GAME, result)


@settings(max_examples=60, deadline=None)
@given(st.text(ALPHABET, max_size=120))
def test_random_turn_text_after_a_valid_header(garbage: str) -> None:
    text = "game: mystic-vale\nplayers: Ann, Bob\ncards: catalogue.toml\nAnn: " + garbage + "\n"
    assert_located(replay(GAME, text, MUTANT_PATH))

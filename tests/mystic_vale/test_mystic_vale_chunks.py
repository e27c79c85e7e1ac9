"""A long Mystic Vale log is parsed a chunk of lines at a time: a turn whose action lines
fall in the next chunk is one turn, and a bad line in a later chunk keeps every turn
above it, the one in progress included (the log cut before the bad line)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamelog.core import notation
from gamelog.core.outcome import record
from gamelog.core.replay import replay
from gamelog.games import find

GAME = find("mystic-vale")
SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "mystic_vale" / "two_players.log"


def _mangled(line: int, text: str) -> str:
    lines = SAMPLE.read_text(encoding="utf-8").split("\n")
    lines[line - 1] = text
    return "\n".join(lines)


def test_a_bad_line_in_a_later_chunk_keeps_the_turn_in_progress(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Line 11 is Ann's turn, line 12 Bob's turn line, line 13 his two purchases. With
    line 13 mangled and chunks of 12 lines, the error is in the second chunk: Ann's
    turn and Bob's turn line (no purchase yet) still stand, as when the log is read
    whole (two moves, Bob's 4 mana unspent)."""
    text = _mangled(13, "Bob: buy Dew Sprite top int 15")
    whole = record(replay(GAME, text, str(SAMPLE)))
    monkeypatch.setattr(notation, "CHUNK_LINES", 12)
    chunked = record(replay(GAME, text, str(SAMPLE)))
    assert whole["status"] == chunked["status"] == "notation-error"
    assert whole["error"]["line"] == chunked["error"]["line"] == 13
    assert whole["moves"] == chunked["moves"] == 2
    assert chunked == whole


def test_a_turn_split_by_the_edge_of_a_chunk_is_one_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    whole = record(replay(GAME, text, str(SAMPLE)))
    monkeypatch.setattr(notation, "CHUNK_LINES", 12)  # line 13 opens the second chunk
    chunked = record(replay(GAME, text, str(SAMPLE)))
    assert chunked == whole and whole["moves"] == 16


def test_a_line_naming_another_player_keeps_the_turn_above_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An action line naming Ann under Bob's turn line (a notation error of the grouping,
    not of the grammar) in the second chunk: Bob's turn stands without it."""
    text = _mangled(13, "Ann: buy Dew Sprite top into 15")
    whole = record(replay(GAME, text, str(SAMPLE)))
    monkeypatch.setattr(notation, "CHUNK_LINES", 12)
    chunked = record(replay(GAME, text, str(SAMPLE)))
    assert chunked == whole
    assert (whole["error"]["line"], whole["moves"]) == (13, 2)

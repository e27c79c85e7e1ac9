"""After a problem, the provisional score of a Mystic Vale log is the position before the
bad line, and nothing written at or after that line leaks into it.

The core replays the log cut before the bad line. Every problem sample states its
provisional totals, worked out by hand, in its ``# expect:`` lines; these tests
check the rest over every one of them: the whole position (every category, the
running scores, whether the game is over) is the cut log's, and ``final:`` lines
written after the bad line count for nothing, also when the cut log is itself
illegal and the replay falls back to the turns before the bad one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gamelog.core.audit import audit_file
from gamelog.core.outcome import record
from gamelog.core.replay import Replay, replay
from gamelog.games import find

GAME = find("mystic-vale")
SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "mystic_vale"
PROBLEMS = sorted(
    path
    for path in SAMPLES.glob("*.log")
    if audit_file(str(path))["status"] in ("illegal", "notation-error")
)


def _cut_before(text: str, line: int) -> str:
    return "\n".join(text.split("\n")[: line - 1]) + "\n"


def _position(result: Replay) -> dict[str, Any]:
    rec = record(result)
    return {
        "finished": rec["finished"],
        "players": {p["name"]: (p["total"], p["breakdown"]) for p in rec["players"]},
        "running": dict(GAME.running_scores(result.state)) if result.state is not None else None,
    }


def _replayed(path: Path, text: str | None = None) -> tuple[str, Replay]:
    text = path.read_text(encoding="utf-8") if text is None else text
    return text, replay(GAME, text, str(path))


def test_every_problem_sample_is_here() -> None:
    names = {path.name for path in PROBLEMS}
    assert len(names) >= 17 and "notation_error.log" in names
    assert "illegal_market_refill_level.log" in names  # the cut log is itself illegal


@pytest.mark.parametrize("path", PROBLEMS, ids=lambda p: p.name)
def test_the_provisional_position_is_the_log_cut_before_the_bad_line(path: Path) -> None:
    text, whole = _replayed(path)
    assert whole.error is not None and whole.error.line is not None
    cut = replay(GAME, _cut_before(text, whole.error.line), str(path))
    if cut.error is not None:
        # The part of the bad line's turn above it breaks a rule of its own (a tracked
        # market left without the refill that the bad line names): the position is the
        # one before that turn.
        assert whole.log is not None
        turn = max(m.line for m in whole.log.moves if m.line <= whole.error.line)
        cut = replay(GAME, _cut_before(text, turn), str(path))
    assert cut.error is None, cut.error
    assert _position(whole) == _position(cut)


@pytest.mark.parametrize("path", PROBLEMS, ids=lambda p: p.name)
def test_a_final_line_after_the_bad_line_counts_for_nothing(path: Path) -> None:
    text, whole = _replayed(path)
    players = [entry.name for entry in GAME.read_header(text).players]
    finals = "".join(f"final: {name} 7 vp\n" for name in players)
    _, with_finals = _replayed(path, text + finals)
    assert (with_finals.error.line, with_finals.error.message) == (  # type: ignore[union-attr]
        whole.error.line,  # type: ignore[union-attr]
        whole.error.message,  # type: ignore[union-attr]
    )
    assert _position(with_finals) == _position(whole)


def test_the_fallback_to_the_turn_before_counts_no_later_final() -> None:
    # Ann's turn (line 10) and its bad refill (line 11): the log cut before line 11 is
    # illegal (the market is not refilled), so the replay takes the position before
    # line 10, set up from the whole header; the final: line after it must not count.
    path = SAMPLES / "illegal_market_refill_level.log"
    text = path.read_text(encoding="utf-8")
    head = "\n".join(text.split("\n")[:11]) + "\nfinal: Ann 5 vp\n"
    result = replay(GAME, head, str(path))
    assert result.error is not None and result.error.line == 11
    ann = record(result)["players"][0]
    assert (ann["name"], ann["total"], ann["breakdown"]["end-game effects"]) == ("Ann", 0, 0)


def test_a_final_line_below_a_move_past_the_end_is_not_part_of_the_game() -> None:
    # two_players.log ends on line 33; a final: line below it (34) counts (Ann owns Crown of the
    # Vale). Below a move written past the end, the replay has stopped: the final
    # there neither counts nor is checked, and the move past the end is the problem.
    path = SAMPLES / "two_players.log"
    game = path.read_text(encoding="utf-8").split("\n# Final tally")[0]
    owned = "final: Ann 4 vp from Crown of the Vale\n"
    _, ended = _replayed(path, game + owned)
    assert ended.error is None and record(ended)["players"][1]["total"] == 15  # 11 + 4
    _, past = _replayed(path, game + "Ann: 4 5 17 19 pass\n# a comment\n" + owned)
    assert past.error is not None and past.error.line == 34
    assert past.error.message == "the game is already over; no move may follow"
    assert {p["name"]: p["total"] for p in record(past)["players"]} == {"Ann": 11, "Bob": 24}
    not_owned = "final: Ann 4 vp from Heartwood\n"
    _, unchecked = _replayed(path, game + "Ann: 4 5 17 19 pass\n" + not_owned)
    assert unchecked.error is not None and unchecked.error.line == 34

"""Every bundled sample gives exactly what its own ``# expect:`` comments say.

A sample is a log a person can read: the comments say how the game went and the
``# expect:`` lines (format: tests/expectations.py) what gamelog must make of it:
the status, the line, column and reason of a problem, and for a game the totals,
ranks, winners and category points, each worked out by hand from the log.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from expectations import Expectation, ExpectationError, read_expectation

from gamelog.core import notation
from gamelog.core.audit import audit_file, log_suffixes

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(
    path
    for path in (ROOT / "samples").rglob("*")
    if path.is_file() and path.suffix.lower() in log_suffixes()
)


def _id(path: Path) -> str:
    return str(path.relative_to(ROOT / "samples"))


def test_every_game_has_samples() -> None:
    from gamelog import games

    folders = {path.parent.name.replace("_", "-") for path in SAMPLES}
    assert {game.name for game in games.all_games()} <= folders


@pytest.mark.parametrize("path", SAMPLES, ids=_id)
def test_sample_gives_what_it_states(path: Path) -> None:
    expected = read_expectation(path.read_text(encoding="utf-8"))
    assert expected.stated, f"{_id(path)} has no '# expect:' line"
    record = audit_file(str(path))
    check(record, expected)


def check(record: dict, expected: Expectation) -> None:  # type: ignore[type-arg]
    error = record["error"]
    assert record["status"] == expected.status, error
    if expected.status != "ok":
        assert error is not None
        if expected.line is not None:
            assert error["line"] == expected.line, error
        if expected.column is not None:
            assert error["column"] == expected.column, error
        if expected.reason is not None:
            assert error["message"] == expected.reason
        if expected.rule is not None:
            assert error["rule"] == expected.rule
        if expected.facts is not None:
            assert error["facts"] == expected.facts
    if expected.finished is not None:
        assert record["finished"] is expected.finished
    players = {player["name"]: player for player in record["players"]}
    if expected.totals is not None:
        assert {name: p["total"] for name, p in players.items()} == expected.totals
    if expected.ranks is not None:
        assert {name: p["rank"] for name, p in players.items()} == expected.ranks
    if expected.winners is not None:
        assert sorted(record["winners"]) == sorted(expected.winners)
    if expected.moves is not None:
        assert record["moves"] == expected.moves
    for name, cells in expected.breakdowns.items():
        breakdown = players[name]["breakdown"]
        assert {category: breakdown.get(category) for category in cells} == cells, name


def test_the_expectation_reader() -> None:
    """The reader of the statements above (so a mistyped statement cannot pass unread)."""
    stated = read_expectation(
        "# expect: illegal at 12:9: C3 is not empty; really\n"
        "# expect: rule a tile is played on an empty space\n"
        "# expect: fact one; two\n# expect: fact three\n"
        "# expect: totals Ann 3, Mary Lee 4.5; moves 7\n"
        "# expect: breakdown Ann: row A 1, birds 2\n"
    )
    assert (stated.status, stated.line, stated.column) == ("illegal", 12, 9)
    assert stated.reason == "C3 is not empty; really"
    assert stated.rule == "a tile is played on an empty space"
    assert stated.facts == ["one; two", "three"]
    assert stated.totals == {"Ann": 3, "Mary Lee": 4.5} and stated.moves == 7
    assert stated.breakdowns == {"Ann": {"row A": 1, "birds": 2}}
    finished = read_expectation("# expect: finished; winners none; ranks Ann 1, Bob 1\n")
    assert (finished.status, finished.finished, finished.winners) == ("ok", True, [])
    assert finished.ranks == {"Ann": 1, "Bob": 1}
    with pytest.raises(ExpectationError):
        read_expectation("# expect: finnished\n")


@pytest.mark.parametrize("path", SAMPLES, ids=_id)
def test_a_log_read_a_few_lines_at_a_time_gives_the_same_record(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Long logs are parsed a chunk of lines at a time; the chunks' edges change nothing
    (a turn continued on the next line, a notation error past the first chunk)."""
    whole = audit_file(str(path))
    monkeypatch.setattr(notation, "CHUNK_LINES", 3)
    assert audit_file(str(path)) == whole

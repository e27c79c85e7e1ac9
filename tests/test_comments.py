"""A comment after any line never changes a verdict, in every sample of every game.

Every game's notation lets a ``#`` comment end any line (grammars/common.lark; Terra
Mystica's grammar in both of its forms), so writing one must leave what gamelog makes
of a log as it was: the status, the line, column, message, rule and facts of a
problem, the moves replayed, and every player's total, rank and category points and
the winners. Issue 21 found a Terra Mystica comment that ended a faction's turn.

Each sample (every log under ``samples/*/``, whichever game's folder) is checked with
a comment after every line, in each of the forms people write one (``fuzz.COMMENTS``),
and with a comment after single lines: a bounded choice of the lines where a comment
could matter most (the line at fault and the two above it, the first and last lines,
and lines spread over the log).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fuzz import COMMENTS

from gamelog.core.audit import audit_file, log_suffixes

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(
    path
    for path in (ROOT / "samples").glob("*/*")
    if path.is_file() and path.suffix.lower() in log_suffixes()
)
#: Single lines given a comment per sample, besides the line at fault and its neighbours.
SPREAD = 8


def _id(path: Path) -> str:
    return str(path.relative_to(ROOT / "samples"))


def verdict(record: dict[str, Any]) -> dict[str, Any]:
    """What a comment must not change in an audit record."""
    error = record["error"] or {}
    return {
        "status": record["status"],
        "finished": record["finished"],
        "moves": record["moves"],
        **{key: error.get(key) for key in ("line", "column", "message", "rule", "facts")},
        "players": [
            (player["name"], player["total"], player["rank"], player["breakdown"])
            for player in record["players"]
        ],
        "winners": sorted(record["winners"] or []),
    }


def with_comment(lines: list[str], picked: range | list[int], comment: str) -> str:
    """The log with ``comment`` at the end of each picked line (before a CR of a
    CRLF end)."""
    out = list(lines)
    for i in picked:
        line = out[i]
        end = "\r" if line.endswith("\r") else ""
        out[i] = line[: len(line) - len(end)] + comment + end
    return "\n".join(out)


def single_lines(lines: list[str], record: dict[str, Any]) -> list[int]:
    """The lines (0-based) that get a comment one at a time."""
    picked: list[int] = []
    error_line = (record["error"] or {}).get("line")
    if error_line is not None:
        picked += [error_line - 3, error_line - 2, error_line - 1]
    written = [i for i, line in enumerate(lines) if line.strip()]
    if written:
        step = max(1, len(written) // SPREAD)
        picked += [written[0], written[-1], *written[::step]]
    return sorted({i for i in picked if 0 <= i < len(lines)})


def test_samples_of_every_game_are_found() -> None:
    from gamelog import games

    folders = {path.parent.name.replace("_", "-") for path in SAMPLES}
    assert {game.name for game in games.all_games()} <= folders


@pytest.mark.parametrize("path", SAMPLES, ids=_id)
def test_a_comment_after_every_line_changes_no_verdict(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    expected = verdict(audit_file(str(path)))
    lines = text.split("\n")
    for comment in COMMENTS:
        commented = with_comment(lines, range(len(lines)), comment)
        assert verdict(audit_file(str(path), text=commented)) == expected, repr(comment)


@pytest.mark.parametrize("path", SAMPLES, ids=_id)
def test_a_comment_after_one_line_changes_no_verdict(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    record = audit_file(str(path))
    expected = verdict(record)
    lines = text.split("\n")
    for i in single_lines(lines, record):
        comment = COMMENTS[i % len(COMMENTS)]
        commented = with_comment(lines, [i], comment)
        got = verdict(audit_file(str(path), text=commented))
        assert got == expected, f"line {i + 1}: {lines[i]!r} + {comment!r}"

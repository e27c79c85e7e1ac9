"""``gamelog check --replace N LINE --delete N``: what if a line had been written
otherwise? The log is replayed with the lines changed, and each player's score set
against the log as written."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamelog.cli.loading import LoadedLog, replay_within, report
from gamelog.cli.output import EXIT_OK, EXIT_PROBLEM, Output, fail_usage
from gamelog.core import render
from gamelog.core.errors import GamelogError
from gamelog.core.notation import normalise
from gamelog.core.outcome import record
from gamelog.core.words import counted


def changed_text(text: str, replacements: Mapping[int, str], deletions: Sequence[int]) -> str:
    """``text`` with lines replaced and deleted (left blank: numbers stay the file's)."""
    lines = normalise(text).split("\n")[:-1]
    for number in [*replacements, *deletions]:
        if number > len(lines):
            fail_usage(f"line {number} is past the end of the log ({counted(len(lines), 'line')})")
    for number, line in replacements.items():
        lines[number - 1] = line
    for number in deletions:
        lines[number - 1] = ""
    return "\n".join(lines) + "\n"


def what_if(
    loaded: LoadedLog,
    out: Output,
    replacements: Mapping[int, str],
    deletions: Sequence[int],
    timeout: float,
) -> int:
    if loaded.game is None:
        assert loaded.error is not None
        report(loaded.error, loaded.text)
        return EXIT_PROBLEM
    as_written = replay_within(loaded, timeout)
    changed = LoadedLog(
        loaded.path, changed_text(loaded.text, replacements, deletions), loaded.game
    )
    trial = replay_within(changed, timeout)
    for result in (as_written, trial):
        if isinstance(result, GamelogError):
            report(result)
            return EXIT_PROBLEM
    before, after = record(as_written), record(trial)  # type: ignore[arg-type]
    what = ", ".join(
        [
            *(f"line {n} read '{line}'" for n, line in replacements.items()),
            *(f"line {n} deleted" for n in deletions),
        ]
    )
    out.echo(out.style(f"{loaded.path}, if {what}:", bold=True))
    out.prose(f"  as written: {_summary(before)}", hang="              ")
    out.prose(f"  changed:    {_summary(after)}", hang="              ")
    out.prose(f"  difference: {_compared(before, after)}", hang="              ")
    if trial.error is not None:  # type: ignore[union-attr]
        report(trial.error, trial.text)  # type: ignore[union-attr]
        return EXIT_PROBLEM
    return EXIT_OK


def _summary(rec: dict[str, Any]) -> str:
    state = (
        rec["status"]
        if rec["status"] != "ok"
        else ("finished" if rec["finished"] else "unfinished")
    )
    if rec["error"] is not None:
        state += f" at line {rec['error']['line']}"
    totals = ", ".join(f"{p['name']} {render.number(p['total'])}" for p in rec["players"])
    winners = f"; {render.winners_line(rec['winners'])}" if rec["winners"] else ""
    return f"{state}, {counted(rec['moves'], 'move')}: {totals or 'no score'}{winners}"


def _kind(rec: dict[str, Any]) -> str:
    """Which score a record holds: final (a finished, legal log), provisional at a
    problem, or provisional at the end of an unfinished log."""
    if rec["error"] is not None:
        return f"provisional (it stops at line {rec['error']['line']})"
    return "final" if rec["finished"] else "provisional (the game is not over)"


def _compared(before: dict[str, Any], after: dict[str, Any]) -> str:
    """The change in each player's score, where the two scores are of one kind: a
    provisional score set against a final one says nothing of the change."""
    old, new = _kind(before), _kind(after)
    same = old == new or (old.startswith("provisional") and new.startswith("provisional"))
    if not same or after["error"] is not None:
        return f"not compared: the changed log's score is {new}, the log as written's is {old}"
    return _difference(before, after)


def _difference(before: dict[str, Any], after: dict[str, Any]) -> str:
    old = {p["name"]: p["total"] for p in before["players"]}
    new = {p["name"]: p["total"] for p in after["players"]}
    names = list(old) + [name for name in new if name not in old]
    parts = []
    for name in names:
        change = new.get(name, 0) - old.get(name, 0)
        parts.append(f"{name} {'+' if change >= 0 else ''}{render.number(change)}")
    return ", ".join(parts) or "none"

"""Every command that shows a total or a winner shows the same one, every game, on its
samples and on random games: `score --format json`, `replay --format json`,
`explain` (where each cell's trail, when every move of it says its points, sums to
the cell), `audit` as JSON, JSON lines and CSV, and `standings` (each game it
counts, with the player's total, rank and share of the win)."""

from __future__ import annotations

import csv
import io
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from declared import SAMPLES, all_samples, check_applies, package_of, sample_id
from outputs import command
from playthrough import case_id, cases, play

from gamelog.core import render


def _logs() -> list[Any]:
    return [
        *(pytest.param(path, id=sample_id(path)) for path in all_samples()),
        *(pytest.param(case, id=case_id(case)) for case in cases()),
    ]


@cache
def _audits(target: str) -> tuple[dict[str, Any], dict[str, Any], dict[str, list[str]]]:
    """The records of `audit TARGET` as JSON, as JSON lines, and its CSV rows, by file."""
    as_json = {
        rec["file"]: rec
        for rec in json.loads(command("audit", "-j", "1", target, "--format", "json"))
    }
    lines = command("audit", "-j", "1", target, "--format", "jsonl").splitlines()
    as_jsonl = {rec["file"]: rec for rec in map(json.loads, lines)}
    rows = list(csv.reader(io.StringIO(command("audit", "-j", "1", target, "--format", "csv"))))
    assert rows[0] == ["file", "game", "status", "moves", "result", "first problem"]
    return as_json, as_jsonl, {row[0]: row for row in rows[1:]}


@cache
def _standings(target: str) -> list[dict[str, Any]]:
    tables = json.loads(command("standings", "-j", "1", target, "--format", "json"))["tables"]
    return [entrant for table in tables for entrant in table["entrants"]]


def _target(which: Path | tuple[str, int, int]) -> tuple[str, Path, str]:
    """The package, the log, and what to audit it with (a sample: its game's folder)."""
    if isinstance(which, Path):
        return package_of(which), which, str(SAMPLES / package_of(which))
    played = play(*which)
    assert played.problem is None, f"the random game stopped: {played.problem}"
    return which[0], played.path, str(played.path)


@pytest.mark.parametrize("which", _logs())
def test_every_command_gives_the_same_totals_and_winners(which: Any) -> None:
    package, path, target = _target(which)
    check_applies(package, "commands-agree")
    scored = json.loads(command("score", str(path), "--format", "json"))
    as_json, as_jsonl, rows = _audits(target)
    assert as_json[str(path)] == scored
    assert as_jsonl[str(path)] == scored
    row = rows[str(path)]
    assert row[1:5] == [
        scored["game"] or "?",
        scored["status"],
        str(scored["moves"]),
        render.result_cell(scored),
    ]
    for winner in scored["winners"]:
        assert winner in row[4]

    replayed = json.loads(command("replay", str(path), "--format", "json"))
    steps = replayed.pop("steps")
    assert replayed == scored
    if steps and scored["status"] == "ok" and scored["finished"]:
        assert steps[-1]["scores"] == {p["name"]: p["total"] for p in scored["players"]}

    if scored["players"]:
        _check_explained(command("explain", str(path)), scored)
    _check_standings(_standings(target), scored)


def _check_explained(text: str, scored: dict[str, Any]) -> None:
    """`explain` shows each player's total and cells as the record has them, and the
    moves of a cell, where each says its points, add up to the cell."""
    explained = _explained(text)
    players = {p["name"]: p for p in scored["players"]}
    assert list(explained) == list(players)
    for name, (total, cells) in explained.items():
        assert total == render.number(players[name]["total"]), name
        assert {cat: points for cat, (points, _) in cells.items()} == {
            cat: render.number(points) for cat, points in players[name]["breakdown"].items()
        }, name
        for category, (points, trail) in cells.items():
            if trail and all(gained is not None for gained in trail):
                assert sum(trail) == pytest.approx(float(points)), (name, category, trail)


_PLAYER = re.compile(r"^(\S.*): (-?\d+(?:\.\d+)?)$")
_CELL = re.compile(r"^  (\S.*?): (-?\d+(?:\.\d+)?)(?: \(.*\))?$")
_SOURCE = re.compile(r"^    line \d+: .*?(?:  \+(-?\d+(?:\.\d+)?))?$")


def _explained(text: str) -> dict[str, tuple[str, dict[str, tuple[str, list[float | None]]]]]:
    """Player -> (total, category -> (points, the points of each move of its trail))."""
    found: dict[str, tuple[str, dict[str, tuple[str, list[float | None]]]]] = {}
    cells: dict[str, tuple[str, list[float | None]]] = {}
    trail: list[float | None] = []
    for line in text.splitlines()[1:]:
        if not line.strip():
            continue
        if (source := _SOURCE.match(line)) is not None:
            trail.append(float(source[1]) if source[1] is not None else None)
        elif (cell := _CELL.match(line)) is not None:
            trail = []
            cells[cell[1]] = (cell[2], trail)
        elif (player := _PLAYER.match(line)) is not None:
            cells = {}
            found[player[1]] = (player[2], cells)
        else:
            raise AssertionError(f"explain wrote a line it does not explain: {line!r}")
    return found


def _check_standings(entrants: list[dict[str, Any]], scored: dict[str, Any]) -> None:
    """A finished, legal game counts once for each of its players, with their total,
    rank and share of the win; any other log not at all."""
    played = {
        entrant["name"].casefold(): game
        for entrant in entrants
        for game in entrant["played"]
        if game["file"] == scored["file"]
    }
    if scored["status"] != "ok" or not scored["finished"]:
        assert played == {}
        return
    share = 1 / len(scored["winners"]) if scored["winners"] else 0
    assert played == {
        p["name"].casefold(): {
            "file": scored["file"],
            "total": p["total"],
            "rank": p["rank"],
            "win": share if p["name"] in scored["winners"] else 0,
        }
        for p in scored["players"]
    }

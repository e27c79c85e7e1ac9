"""Every table and line of every command fits an 80-column terminal, for every game's
samples: `audit`, `standings` (by player and by faction), `ratings`, `score`,
`replay` (the whole log, and the board part way), `explain`, `moves`, `check`,
`games` and `notation`, each run with COLUMNS=80; and fitting a table loses no figure
(the score sheet fitted holds every number of the whole one)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from declared import SAMPLES, packages, samples

from gamelog.cli import main
from gamelog.core.width import cells

WIDTH = 80


def _stdout(*args: str, columns: str = str(WIDTH)) -> str:
    return CliRunner().invoke(main, list(args), env={"COLUMNS": columns}).stdout


def _too_wide(text: str) -> list[str]:
    return [line for line in text.split("\n") if cells(line) > WIDTH]


def _commands(package: str) -> list[tuple[str, ...]]:
    folder = str(SAMPLES / package)
    runs: list[tuple[str, ...]] = [
        ("audit", "-j", "1", folder),
        ("standings", "-j", "1", folder),
        ("standings", "-j", "1", "--by", "faction", folder),
        ("ratings", "-j", "1", folder),
        ("notation", package.replace("_", "-")),
        ("games",),
    ]
    for path in samples(package):
        log = str(path)
        runs += [
            ("score", log),
            ("replay", log),
            ("replay", log, "--to", "1"),
            ("explain", log),
            ("moves", log),
            ("check", log),
        ]
    return runs


@pytest.mark.parametrize("package", packages())
def test_every_command_fits_80_columns(package: str) -> None:
    wide = {
        command: lines for command in _commands(package) if (lines := _too_wide(_stdout(*command)))
    }
    assert not wide, "\n".join(
        f"gamelog {' '.join(command)}: {len(lines)} lines wider than {WIDTH}, e.g. "
        f"{lines[0]!r} ({cells(lines[0])})"
        for command, lines in wide.items()
    )


def _figures(text: str) -> list[str]:
    return re.findall(r"-?\d+(?:\.\d+)?", text)


@pytest.mark.parametrize("package", packages())
def test_a_fitted_score_sheet_keeps_every_figure(package: str) -> None:
    scored = 0
    for path in samples(package):
        whole = _stdout("score", str(path), "--wide")
        if not whole:  # a log with no sheet to show (a setup error)
            continue
        scored += 1
        fitted = _stdout("score", str(path))
        assert sorted(_figures(fitted)) == sorted(_figures(whole)), path
    assert scored, f"no sample of {package} has a score sheet"


def test_wide_prints_the_whole_row(tmp_path: Path) -> None:
    four = str(SAMPLES / "mystic_vale" / "four_players.log")
    whole = _stdout("score", four, "--wide")
    assert max(cells(line) for line in whole.split("\n")) > WIDTH
    assert _stdout("--wide", "score", four) == whole
    assert max(cells(line) for line in _stdout("score", four).split("\n")) <= WIDTH

"""Bidirectional controls (U+202E and its kin) written in a log never reach a page,
a picture, the terminal or a file raw, where they could turn the text around them
and make a line read as another: each is shown as its escape, ``\\u202e``, and in
JSON that escape keeps the data exact."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from gamelog.cli import main
from gamelog.core.errors import NotationError
from gamelog.core.report import format_error
from gamelog.core.visible import BIDI_CONTROLS, visible

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
OVERRIDE = "\u202e"


def _logs(tmp_path: Path) -> dict[str, Path]:
    """A card name holding an override (Mystical Seeds: the card the move names is
    not in the Research Area, which lists the one with the override), and an illegal
    Seikatsu line whose comment holds one."""
    seeds = (SAMPLES / "mystical_seeds" / "illegal_missing_refill.log").read_text()
    seeds = seeds.replace('"Tide Orchid"', f'"Tide{OVERRIDE}Orchid"', 1)
    lines = (SAMPLES / "seikatsu" / "illegal-occupied.log").read_text().split("\n")
    lines = [f"{line}  # \u2066{OVERRIDE}ko" if line == "Cid: BP at C3" else line for line in lines]
    logs = {"card": tmp_path / "card.log", "comment": tmp_path / "comment.log"}
    logs["card"].write_text(seeds, encoding="utf-8")
    logs["comment"].write_text("\n".join(lines), encoding="utf-8")
    return logs


def _raw(text: str) -> list[str]:
    return [char for char in text if char in BIDI_CONTROLS]


def test_visible_writes_each_control_as_its_escape() -> None:
    assert visible(f"Tide{OVERRIDE}Orchid") == "Tide\\u202eOrchid"
    assert json.loads(f'"{visible(OVERRIDE)}"') == OVERRIDE
    assert visible("Ann: pass") == "Ann: pass"


@pytest.mark.parametrize(
    "command",
    [
        ["check"],
        ["score"],
        ["score", "--format", "csv"],
        ["score", "--format", "markdown"],
        ["replay"],
        ["replay", "--format", "svg"],
        ["audit"],
        ["audit", "--format", "csv"],
    ],
    ids=" ".join,
)
@pytest.mark.parametrize("kind", ["card", "comment"])
def test_no_control_reaches_the_terminal(command: list[str], kind: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(main, [*command, str(_logs(tmp_path)[kind])])
    assert _raw(result.stdout) == [] and _raw(result.stderr) == []


def test_the_source_line_shows_the_escapes_and_the_caret_stays_under_its_letter(
    tmp_path: Path,
) -> None:
    stderr = CliRunner().invoke(main, ["check", str(_logs(tmp_path)["comment"])]).stderr
    assert stderr.splitlines()[1] == " 12 | Cid: BP at C3  # \\u2066\\u202eko"
    error = NotationError("unexpected 'e'", line=1, column=7)
    lines = format_error(error, f"ab{OVERRIDE}cd ef").splitlines()
    assert lines[1] == " 1 | ab\\u202ecd ef"
    assert lines[2].index("^") == lines[1].index(" ef") + 1


@pytest.mark.parametrize("command", [["audit", "--format", "jsonl"], ["score", "--format", "json"]])
def test_json_keeps_the_controls_as_escapes_of_the_same_text(
    command: list[str], tmp_path: Path
) -> None:
    result = CliRunner().invoke(main, [*command, str(_logs(tmp_path)["card"])])
    assert _raw(result.stdout) == []
    assert f"Tide{OVERRIDE}Orchid" in json.dumps(json.loads(result.stdout), ensure_ascii=False)


@pytest.mark.parametrize("kind", ["card", "comment"])
def test_no_control_reaches_a_page(kind: str, tmp_path: Path) -> None:
    log = _logs(tmp_path)[kind]
    report, audit = tmp_path / "report.html", tmp_path / "audit.html"
    CliRunner().invoke(main, ["report", str(log), "-o", str(report)])
    CliRunner().invoke(main, ["audit", str(log), "--format", "html", "-o", str(audit)])
    for page in (report, audit):
        text = page.read_text(encoding="utf-8")
        assert _raw(text) == []
        assert "\\u202e" in text

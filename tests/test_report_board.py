"""The board of `gamelog report` at step N is the board `gamelog replay --to N --format
svg` draws: the same elements, in the same paint order (a shape drawn later covers
those before it), for every sample of every game."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from gamelog.cli import main
from gamelog.core.audit import LOG_SUFFIXES
from gamelog.core.logs import game_for
from gamelog.games import all_games

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(path for path in (ROOT / "samples").rglob("*") if path.suffix in LOG_SUFFIXES)


def _id(path: Path) -> str:
    return str(path.relative_to(ROOT / "samples"))


def _run(*args: str) -> str:
    return CliRunner().invoke(main, list(args)).stdout


def _elements(picture: str) -> list[str]:
    """The top-level elements of a picture after its title and description, each
    written the same way however its attributes were spelt."""
    root = ET.fromstring(picture)
    return [
        ET.canonicalize(ET.tostring(child, encoding="unicode"))
        for child in root
        if child.tag.rsplit("}", 1)[-1] not in ("title", "desc")
    ]


def _at_step(board: str, step: int) -> list[str]:
    """What the report's merged picture shows at ``step``: its elements standing in that
    step (a ``frame`` group says from which step to which)."""
    shown = []
    root = ET.fromstring(board)
    for child in root:
        if child.tag.rsplit("}", 1)[-1] in ("title", "desc"):
            continue
        if "frame" in child.get("class", "").split():
            if int(child.get("data-from", -1)) <= step <= int(child.get("data-to", -1)):
                shown += [ET.canonicalize(ET.tostring(c, encoding="unicode")) for c in child]
        else:
            shown.append(ET.canonicalize(ET.tostring(child, encoding="unicode")))
    return shown


def _report_board(path: Path, tmp_path: Path) -> tuple[str, str, int]:
    page = tmp_path / "report.html"
    CliRunner().invoke(main, ["report", str(path), "-o", str(page)])
    html = page.read_text(encoding="utf-8")
    found = re.search(r'<div id="board">(.*?)</div>', html, re.S)
    assert found is not None
    last = re.search(r'id="slider" min="0" max="(\d+)"', html)
    assert last is not None
    return html, found.group(1), int(last.group(1))


def test_every_game_with_a_picture_has_samples_here() -> None:
    drawn = {game_for(path.read_text(encoding="utf-8")).name for path in SAMPLES}
    assert {game.name for game in all_games()} <= drawn


@pytest.mark.parametrize("path", SAMPLES, ids=_id)
def test_the_report_board_at_each_step_is_the_replay_board(path: Path, tmp_path: Path) -> None:
    html, board, last = _report_board(path, tmp_path)
    if not board.startswith("<svg"):
        pytest.skip("no position: the log stops in its header")
    final = _run("replay", str(path), "--format", "svg")
    assert _at_step(board, last) == _elements(final)
    played = int(re.findall(r" · (\d+) moves</p>", html)[0])
    for step in sorted({1, played // 2, 100, played}):
        if step <= played:
            drawn = _run("replay", str(path), "--to", str(step), "--format", "svg")
            assert _at_step(board, step) == _elements(drawn), f"step {step}"

"""The pictures agree with the positions and with each other, every game, on its samples
and on random games:

- the board of a position draws one ``piece`` element per piece, counted from the
  position by the game's declaration, each saying what it is in words;
- the report's board at step N is what ``replay --to N --format svg`` draws: the same
  elements in the same paint order;
- the report's score race ends at the sheet's totals once the game is over.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from boards import (
    SVG,
    Merged,
    board_of_step,
    body,
    elements,
    pieces,
    report_board,
    report_steps,
    steps_json,
)
from declared import all_samples, check_applies, declared, package_of, sample_id
from outputs import command, report
from playthrough import case_id, cases, play

from gamelog.core import charts, render
from gamelog.core.audit import audit_file
from gamelog.core.logs import game_for
from gamelog.core.replay import replay

SAMPLES = all_samples()
CASES = cases()
#: The samples that replay to the end of a game (a finished game's race ends at its
#: totals; a log cut short or stopped at a problem shows the points so far).
FINISHED = [
    path for path in SAMPLES if (rec := audit_file(str(path)))["finished"] and rec["status"] == "ok"
]


def _logs() -> list[Any]:
    return [
        *(pytest.param(path, id=sample_id(path)) for path in SAMPLES),
        *(pytest.param(case, id=case_id(case)) for case in CASES),
    ]


def _log(which: Path | tuple[str, int, int]) -> tuple[str, Path]:
    """A sample, or the file of a random game: its package and path."""
    if isinstance(which, Path):
        return package_of(which), which
    played = play(*which)
    assert played.problem is None, f"the random game stopped: {played.problem}"
    return which[0], played.path


def _pictures(path: Path) -> tuple[Any, list[str], Any]:
    """The game, its board before the first move and after each move, and the replay."""
    text = path.read_text(encoding="utf-8")
    rules = game_for(text)
    drawn: list[str] = []

    def look(state: Any) -> None:
        drawn.append(rules.render_svg(state) or "")

    result = replay(rules, text, str(path), on_setup=look, on_step=lambda _, state: look(state))
    return rules, drawn, result


@pytest.mark.parametrize("which", _logs())
def test_the_board_is_a_picture_of_the_pieces_of_the_position(which: Any) -> None:
    package, path = _log(which)
    declaration = check_applies(package, "pieces")
    text = path.read_text(encoding="utf-8")
    rules = game_for(text)
    result = replay(rules, text, str(path))
    if result.state is None:
        pytest.skip("no position: the log stops in its header")
    picture = rules.render_svg(result.state)
    assert picture is not None
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    assert root.find(f"{SVG}title") is not None and root.find(f"{SVG}title").text
    drawn = pieces(picture)
    assert len(drawn) == declaration.pieces(result.state)
    for piece in drawn:  # each piece says what it is in words, not colour alone
        assert piece.find(f"{SVG}title") is not None


@pytest.mark.parametrize("which", _logs())
def test_the_report_board_at_each_step_is_the_replay_board(which: Any, tmp_path: Path) -> None:
    package, path = _log(which)
    check_applies(package, "report-board")
    _, drawn, result = _pictures(path)
    page, _ = report(path)
    assert page.startswith("<!doctype html>")
    assert "https://" not in page and "http://" not in page.replace(SVG[1:-1], "")
    board = report_board(page)
    if board is None:
        assert result.state is None or not any(drawn), "a game with a picture shows it"
        pytest.skip("no board: the log stops in its header")
    merged = Merged(board)
    shown = report_steps(page)
    assert shown in (len(drawn), len(drawn) + 1)  # and a step for the refused line
    for step, picture in enumerate(drawn):
        _same(merged.at_step(board_of_step(page, step)), picture, f"step {step}")
    if shown > len(drawn):  # the refused line shows the position before it, as replay
        final = command("replay", str(path), "--format", "svg")
        _same(merged.at_step(board_of_step(page, shown - 1)), final, "the refused line's step")
    # The pictures of this replay are those `replay --to N --format svg` draws.
    played = len(drawn) - 1
    for step in sorted({0, played // 2, played}):
        svg = command("replay", str(path), "--to", str(step), "--format", "svg")
        assert elements(svg) == elements(drawn[step]), f"replay --to {step}"


def _same(shown: str, picture: str, where: str) -> None:
    """The report shows at a step what the picture paints, element by element in paint
    order (compared as written; the elements are listed only where they differ)."""
    if shown != body(picture):
        opening = picture[: picture.index(">") + 1]
        assert elements(f"{opening}{shown}</svg>") == elements(picture), where


@pytest.mark.parametrize(
    "which",
    [
        *(pytest.param(path, id=sample_id(path)) for path in FINISHED),
        *(pytest.param(case, id=case_id(case)) for case in CASES),
    ],
)
def test_the_score_race_ends_at_the_sheet_totals(which: Any) -> None:
    package, path = _log(which)
    check_applies(package, "race-ends-at-totals")
    replayed = json.loads(command("replay", str(path), "--format", "json"))
    page, rec = report(path)
    assert rec["players"] == replayed["players"]
    steps = [step for step in steps_json(page) if not step["bad"]]
    race = [step["scores"] for step in replayed["steps"]]
    if race:
        root = ET.fromstring(charts.race(list(race[-1]), race))
        assert len(root.findall(f".//{SVG}polyline")) == len(race[-1])
    assert rec["finished"] and rec["status"] == "ok", "a finished game"
    totals = {p["name"]: p["total"] for p in rec["players"]}
    assert race, "a finished game has moves"
    assert race[-1] == totals
    assert steps[-1]["scores_text"] == "score: " + ", ".join(
        f"{name} {render.number(points)}" for name, points in race[-1].items()
    )


def test_every_game_has_a_sample_with_a_finished_race() -> None:
    """The race check above takes a sample of every game."""
    assert {package_of(path) for path in FINISHED} == {package_of(path) for path in SAMPLES}


def test_declared_pieces_are_counted_from_the_position() -> None:
    """The count is the game's own (a second computation), not the picture's."""
    for path in SAMPLES:
        declaration = declared(package_of(path))
        assert declaration.pieces.__module__.startswith("gamelog.games.")

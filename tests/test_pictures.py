"""Every sample's board renders as an SVG that parses as XML, says what it shows in text,
and draws one shape per piece on the board; every sample has a score race and a
report page."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pictures import PIECES

from gamelog.core import charts
from gamelog.core.audit import LOG_SUFFIXES
from gamelog.core.logs import game_for
from gamelog.core.pages import game_report
from gamelog.core.replay import replay

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"
SAMPLES = sorted(path for path in (ROOT / "samples").rglob("*") if path.suffix in LOG_SUFFIXES)
DRAWN = [path for path in SAMPLES if path.parent.name.replace("_", "-") in PIECES]


def _id(path: Path) -> str:
    return str(path.relative_to(ROOT / "samples"))


@pytest.mark.parametrize("path", DRAWN, ids=_id)
def test_the_board_of_every_sample_is_a_picture_of_its_pieces(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    game = game_for(text)
    result = replay(game, text, str(path))
    if result.state is None:
        pytest.skip("no position: the log stops in its header")
    picture = game.render_svg(result.state)
    assert picture is not None
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    assert root.find(f"{SVG}title") is not None and root.find(f"{SVG}title").text
    pieces = [el for el in root.iter() if "piece" in el.get("class", "").split()]
    assert len(pieces) == PIECES[game.name](result.state)
    for piece in pieces:  # each piece says what it is in words, not colour alone
        assert piece.find(f"{SVG}title") is not None


@pytest.mark.parametrize("path", SAMPLES, ids=_id)
def test_every_sample_has_a_race_and_a_report(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    game = game_for(text)
    scores: list[dict] = []
    replay(
        game,
        text,
        str(path),
        on_setup=lambda state: scores.append(dict(game.running_scores(state))),
        on_step=lambda step, state: scores.append(dict(game.running_scores(state))),
    )
    if scores:
        root = ET.fromstring(charts.race(list(scores[-1]), scores))
        assert len(root.findall(f".//{SVG}polyline")) == len(scores[-1])
    page, rec = game_report(game, text, str(path))
    assert page.startswith("<!doctype html>")
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in page
    assert rec["file"] == str(path)

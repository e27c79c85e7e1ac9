"""The pictures the README shows are the tool's own: each file in docs/pictures is what
``gamelog replay SAMPLE --format svg`` draws today, and the README shows every one.

When a renderer changes on purpose, redraw them with the command each test names."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from gamelog.cli import main

ROOT = Path(__file__).resolve().parent.parent

#: picture in docs/pictures -> the sample it is drawn from.
PICTURES = {
    "seikatsu.svg": "samples/seikatsu/complete-3p.log",
    "eden.svg": "samples/eden/four_players.log",
    "terra_mystica.svg": "samples/terra_mystica/league_game.txt",
    "mystical_seeds.svg": "samples/mystical_seeds/three_player_game.log",
    "mystic_vale.svg": "samples/mystic_vale/four_players.log",
}


@pytest.mark.parametrize("picture", sorted(PICTURES))
def test_the_readme_picture_is_what_the_tool_draws(picture: str) -> None:
    sample = PICTURES[picture]
    committed = (ROOT / "docs" / "pictures" / picture).read_text(encoding="utf-8")
    drawn = CliRunner().invoke(main, ["replay", str(ROOT / sample), "--format", "svg"])
    assert drawn.exit_code == 0, drawn.output
    redraw = f"gamelog replay {sample} --format svg -o docs/pictures/{picture}"
    assert drawn.output.strip() == committed.strip(), f"out of date; redraw: {redraw}"
    assert ET.fromstring(committed).tag == "{http://www.w3.org/2000/svg}svg"


def test_the_readme_shows_every_picture() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = {part.split(")")[0] for part in readme.split("(docs/pictures/")[1:]}
    assert shown == set(PICTURES)

"""The pictures the README shows are the tool's own: each file in docs/pictures is what
``gamelog replay SAMPLE --format svg`` draws today, and the README shows every one.

When a renderer changes on purpose, redraw them with the command each test names."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from conformance.declared import declared, packages

from gamelog.cli import main

ROOT = Path(__file__).resolve().parent.parent


def _sample(package: str) -> str:
    """The sample a game's README picture (docs/pictures/<package>.svg) is drawn from:
    its declared showcase."""
    return f"samples/{package}/{declared(package).showcase}"


@pytest.mark.parametrize("package", packages())
def test_the_readme_picture_is_what_the_tool_draws(package: str) -> None:
    picture, sample = f"{package}.svg", _sample(package)
    committed = (ROOT / "docs" / "pictures" / picture).read_text(encoding="utf-8")
    drawn = CliRunner().invoke(main, ["replay", str(ROOT / sample), "--format", "svg"])
    assert drawn.exit_code == 0, drawn.output
    redraw = f"gamelog replay {sample} --format svg -o docs/pictures/{picture}"
    assert drawn.output.strip() == committed.strip(), f"out of date; redraw: {redraw}"
    assert ET.fromstring(committed).tag == "{http://www.w3.org/2000/svg}svg"


def test_the_readme_shows_every_picture() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = {part.split(")")[0] for part in readme.split("(docs/pictures/")[1:]}
    assert shown == {f"{package}.svg" for package in packages()}

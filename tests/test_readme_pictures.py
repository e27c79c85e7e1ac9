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


def _shown() -> set[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return {part.split(")")[0] for part in readme.split("(docs/pictures/")[1:]}


def test_the_readme_shows_every_picture() -> None:
    shown = {name for name in _shown() if name.endswith(".svg")}
    assert shown == {f"{package}.svg" for package in packages()}


#: The README's screenshots of report pages: which page, in which colour scheme.
SCREENSHOTS = {"report-terra_mystica-light.png", "report-seikatsu-dark.png"}


def test_the_readme_s_screenshots_are_the_browser_tests_window_views() -> None:
    """Each is a 1,400 x 900 PNG as tests/test_browser_media.py takes it (a screenshot
    differs from machine to machine in its fonts, so it is not compared byte for byte;
    refresh: run that test, then copy build/screenshots/NAME-window.png over it, e.g.
    report-seikatsu-dark-window.png to docs/pictures/report-seikatsu-dark.png)."""
    committed = {p.name for p in (ROOT / "docs" / "pictures").glob("*.png")}
    assert committed == SCREENSHOTS == {name for name in _shown() if name.endswith(".png")}
    for name in SCREENSHOTS:
        head = (ROOT / "docs" / "pictures" / name).read_bytes()[:24]
        assert head[:8] == b"\x89PNG\r\n\x1a\n", name
        width, height = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
        assert (width, height) == (1400, 900), name

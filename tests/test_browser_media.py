"""Every page in light, dark and print media, in a real browser: a screenshot of each
(``build/screenshots/<page>-<media>.png``), and what a reader of each relies on:

- printed, a report holds every move (the moves list is not cut to its scrolled box)
  and shows no slider, button or filter, and the audit page fits A4's width;
- dark, the page's ground is dark and its text light, and a board keeps its light
  ground (its inks are chosen for one);
- light, the page is as it was: a white ground.

The report of every game is taken through the registry (its showcase sample). The
browser and the fixture are those of test_browser.py.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conformance.declared import declared, packages
from test_browser import SHOTS, browser  # noqa: F401  (the fixture)

from gamelog.cli import main

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
MEDIA = ("light", "dark", "print")
#: A4's width less 12 mm margins each side, at CSS's 96 px to the inch.
A4_CONTENT_PX = (210 - 24) / 25.4 * 96


def _page(name: str, tmp_path: Path) -> Path:
    """The page ``name`` written by the command a user runs for it."""
    target = tmp_path / f"{name}.html"
    if name.startswith("report-"):
        package = name.removeprefix("report-")
        sample = SAMPLES / package / declared(package).showcase
        args = ["report", _shown(sample), "-o", str(target)]
    else:
        args = [name, _shown(SAMPLES), "--format", "html", "-o", str(target)]
    run = CliRunner().invoke(main, args)
    assert target.exists(), run.output
    return target


def _shown(path: Path) -> str:
    """The path as a user in the repository types it (the pages print it)."""
    return os.path.relpath(path)


PAGES = [*(f"report-{p}" for p in packages()), "audit", "standings", "ratings"]


def _open(browser: Any, path: Path, media: str) -> Any:  # noqa: F811
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    if media == "print":
        page.emulate_media(media="print")
    else:
        page.emulate_media(media="screen", color_scheme=media)
    page.goto(path.as_uri())
    return page


def _luminance(css: str) -> float:
    """The luminance of a computed ``rgb(r, g, b)`` colour (0 black, 1 white)."""
    r, g, b = (int(part) for part in css[css.index("(") + 1 : css.index(")")].split(",")[:3])
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


def _colour(page: Any, selector: str, prop: str) -> str:
    return str(
        page.evaluate(f"(s) => getComputedStyle(document.querySelector(s)).{prop}", selector)
    )


@pytest.mark.parametrize("media", MEDIA)
@pytest.mark.parametrize("name", PAGES)
def test_every_page_in_light_dark_and_print(
    browser: Any,  # noqa: F811
    name: str,
    media: str,
    tmp_path: Path,
) -> None:
    path = _page(name, tmp_path)
    page = _open(browser, path, media)
    ground = _luminance(_colour(page, "body", "backgroundColor"))
    ink = _luminance(_colour(page, "body", "color"))
    if media == "dark":
        assert ground < 0.2 and ink > 0.7, (ground, ink)
        board = page.locator("#board svg, #board pre")
        if board.count():
            assert _luminance(_colour(page, "#board svg, #board pre", "backgroundColor")) > 0.8
    else:
        assert ground > 0.95 and ink < 0.3, (ground, ink)
    if media == "print":
        for control in ("button", "input", "select"):
            shown = page.locator(f"{control}:visible")
            assert shown.count() == 0, f"a {control} is printed"
    if name.startswith("report-"):
        _the_moves(page, media)
    if name == "audit" and media == "print":
        # The printed page lays the audit out at the paper's width: the page must
        # not be wider (it was 1,117 px). Emulated print keeps the window's width,
        # so the table is measured at A4's.
        page.set_viewport_size({"width": int(A4_CONTENT_PX), "height": 1100})
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= A4_CONTENT_PX + 1, f"the audit prints {width} px wide"
    page.screenshot(path=str(_shot_path(name, media)), full_page=True)
    if name.startswith("report-") and media != "print":
        # The window's view, as the README shows it (docs/pictures/report-*.png).
        page.set_viewport_size({"width": 1400, "height": 900})
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(_shot_path(name, f"{media}-window")))
    page.close()


def _the_moves(page: Any, media: str) -> None:
    moves = page.locator("#moves li")
    count = moves.count()
    assert count > 1
    box = page.evaluate(
        "() => { const m = document.getElementById('moves');"
        " return [m.scrollHeight, m.clientHeight]; }"
    )
    if media == "print":
        # Every move printed: the list is as tall as its content, nothing scrolled away.
        assert box[0] <= box[1] + 1, f"the moves list is cut: {box}"
        last = moves.nth(count - 1)
        assert last.is_visible() and last.bounding_box()["height"] > 0
        assert page.locator("#slider").is_hidden()
    else:
        assert page.locator("#slider").is_visible()


def _shot_path(name: str, media: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS / f"{name}-{media}.png"


def test_a_printed_report_is_a_pdf_of_every_move(browser: Any, tmp_path: Path) -> None:  # noqa: F811
    """Printing to PDF (Chromium's own print path): the pages it makes are as many as
    a list of every move needs, more than one screen's scrolled box would give."""
    path = _page("report-seikatsu", tmp_path)
    page = _open(browser, path, "print")
    pdf = page.pdf(format="A4", print_background=False)
    page.close()
    pages = pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")
    assert pages >= 3, f"{pages} pages"


#: The least a reader is asked to read on a board, in CSS pixels as drawn.
LEGIBLE_PX = 11


def test_a_mystic_vale_card_s_words_read_at_11_px_and_stay_on_the_card(
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    """At a 1,400 px window the report draws the board some 960 px wide: every word
    on it (a card's sleeve, zone, slots and symbols; the vales, the market, the
    legend) is drawn at 11 px or more once the picture's scale is applied (it was
    about 6 px), and no word of a card runs past the card's edge."""
    path = _page("report-mystic_vale", tmp_path)
    page = _open(browser, path, "light")
    measured = page.evaluate(
        """() => {
          const board = [...document.querySelectorAll('#board svg')]
            .find(s => s.getBoundingClientRect().width > 0);
          const scale = board.getBoundingClientRect().width / board.viewBox.baseVal.width;
          const shown = [...board.querySelectorAll('text')]
            .filter(t => t.getBoundingClientRect().width > 0);
          const sizes = shown.map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
          const cards = [...board.querySelectorAll('.card')]
            .filter(c => c.getBoundingClientRect().width > 0);
          const outside = [];
          for (const card of cards) {
            const edge = card.querySelector('rect').getBoundingClientRect();
            for (const t of card.querySelectorAll('text')) {
              const box = t.getBoundingClientRect();
              if (box.width && (box.left < edge.left - 0.5 || box.right > edge.right + 0.5
                  || box.top < edge.top - 0.5 || box.bottom > edge.bottom + 0.5)) {
                outside.push(t.textContent);
              }
            }
          }
          return {
            scale, smallest: Math.min(...sizes), count: shown.length, cards: cards.length, outside
          };
        }"""
    )
    page.close()
    assert measured["cards"] == 80 and measured["count"] > 400, measured
    assert measured["smallest"] >= LEGIBLE_PX, measured
    assert measured["outside"] == [], measured


@pytest.mark.parametrize("media", ["light", "dark"])
def test_every_mark_of_the_standings_chart_shows_on_the_page(
    browser: Any,  # noqa: F811
    media: str,
    tmp_path: Path,
) -> None:
    """The standings draw each entrant in its colour in the game (Terra Mystica's
    darklings black, its ice factions white) or the palette's (which has black too):
    each mark, and the swatch by each name, has a fill or an edge that stands out from
    the page's ground at 3:1 or more (WCAG's contrast for graphics), in a light and a
    dark colour scheme."""
    path = _page("standings", tmp_path)
    page = _open(browser, path, media)
    found = page.evaluate(
        """() => {
          const rgb = css => (css.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
          const lum = ([r, g, b]) => [r, g, b].map(c => c / 255)
            .map(c => c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
            .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
          const contrast = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
          const ground = lum(rgb(getComputedStyle(document.body).backgroundColor));
          const worst = {};
          const colours = [];
          for (const entrant of document.querySelectorAll('.chart .entrant')) {
            const name = entrant.dataset.player;
            colours.push(entrant.dataset.colour);
            for (const mark of entrant.children) {
              if (['title', 'text', 'line'].includes(mark.tagName)) continue;
              const parts = mark.tagName === 'g' ? [...mark.children] : [mark];
              let best = 0;
              for (const part of parts) {
                const style = getComputedStyle(part);
                for (const paint of [style.fill, style.stroke]) {
                  if (!paint.startsWith('rgb')) continue;
                  best = Math.max(best, contrast(lum(rgb(paint)), ground));
                }
              }
              worst[name] = Math.min(worst[name] ?? Infinity, best);
            }
          }
          return {worst, colours};
        }"""
    )
    page.close()
    assert "#3b3b3b" in found["colours"] and "#000000" in found["colours"]  # black marks
    low = {name: round(value, 2) for name, value in found["worst"].items() if value < 3}
    assert not low, f"marks that do not stand out from the {media} page: {low}"

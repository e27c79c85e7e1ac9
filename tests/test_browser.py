"""The pages in a real browser: headless Chromium opens each game's report from disk,
steps through the moves with the keyboard, and the test reads what the page shows;
and the audit page sorts and filters. Screenshots go to ``build/screenshots``.

Needs Chromium (``/usr/bin/chromium``, Debian's package; ``.ci/run`` installs it) and
the Playwright library (the test extra). Locally without Chromium these tests are
skipped; on CI (``CI`` set) a missing browser is a failure.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conformance.declared import declared, packages

from gamelog.cli import main

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "build" / "screenshots"
CHROMIUM = os.environ.get("GAMELOG_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
#: Per game, its declared finished sample (its showcase) and the one that stops at a
#: problem (the sample `play` starts at).
REPORTS = [
    *(pytest.param(f"{p}/{declared(p).showcase}", False, id=p) for p in packages()),
    *(pytest.param(f"{p}/{declared(p).at_the_table}", True, id=f"{p}-problem") for p in packages()),
]
#: The finished sample the tests of one page's features open.
EXAMPLE = "seikatsu/complete-2p.log"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"no Chromium at {CHROMIUM} (.ci/run installs Debian's package)")
        pytest.skip("no Chromium here: apt-get install chromium (or set GAMELOG_CHROMIUM)")
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as driver:
        launched = driver.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield launched
        launched.close()


def _write_report(name: str, tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    log = ROOT / "samples" / name
    page = tmp_path / (log.stem + ".html")
    CliRunner().invoke(main, ["report", str(log), "-o", str(page)])
    steps = json.loads(CliRunner().invoke(main, ["replay", str(log), "--format", "json"]).stdout)
    return page, steps


def _shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize(("sample", "problem"), REPORTS)
def test_a_report_steps_through_the_moves_with_the_keyboard(
    browser: Any, sample: str, problem: bool, tmp_path: Path
) -> None:
    path, replayed = _write_report(sample, tmp_path)
    page = browser.new_page()
    page.goto(path.as_uri())
    steps = replayed["steps"]
    assert steps, "the sample replays no move"
    page.keyboard.press("Home")
    assert page.locator("#step-title").inner_text() == "before the first move"
    shown = min(3, len(steps))
    for _ in range(shown):
        page.keyboard.press("ArrowRight")
    step = steps[shown - 1]
    assert page.locator("#step-title").inner_text() == (
        f"{step['number']}. line {step['line']}: {step['move']}"
    )
    scores = ", ".join(f"{player} {_number(v)}" for player, v in step["scores"].items())
    shown_scores = f"score: {scores}" if scores else "no scores yet"
    assert page.locator("#step-scores").inner_text() == shown_scores
    assert page.locator("#moves li.now").inner_text().startswith(f"{step['number']}. ")
    if step["events"]:
        assert page.locator("#step-events").inner_text() == "; ".join(
            event["text"] for event in step["events"]
        )
    page.keyboard.press("End")
    if problem:
        assert page.locator("#problem").is_visible()
        assert replayed["error"]["message"] in page.locator("#problem").inner_text()
        assert page.locator("#moves li.bad").count() == 1
    else:
        assert page.locator("#winners").is_visible()
    _shot(page, f"report-{Path(sample).parent.name}{'-problem' if problem else ''}")
    page.close()


def test_without_javascript_the_report_shows_the_final_position(
    browser: Any, tmp_path: Path
) -> None:
    path, _ = _write_report(EXAMPLE, tmp_path)
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(path.as_uri())
    assert page.locator("#controls").is_hidden()
    assert page.locator("table.sheet").is_visible()
    assert page.locator("#winners").inner_text() == "winner: Cid"
    # Every tile of the final garden is shown, and no earlier picture of a space.
    assert page.locator("#board .piece:visible").count() == 36
    assert page.locator("#board .past").first.is_hidden()
    _shot(page, "report-no-javascript")
    context.close()


def test_the_flower_rows_are_shown_on_demand(browser: Any, tmp_path: Path) -> None:
    path, _ = _write_report(EXAMPLE, tmp_path)
    page = browser.new_page()
    page.goto(path.as_uri())
    rows = page.locator('#board .layer[data-label="Cid\'s flower rows"]')
    assert rows.is_hidden()
    page.get_by_label("Cid's flower rows").check()
    assert rows.is_visible()
    page.close()


def test_the_audit_page_sorts_and_filters(browser: Any, tmp_path: Path) -> None:
    target = tmp_path / "audit.html"
    CliRunner().invoke(
        main, ["audit", str(ROOT / "samples" / "seikatsu"), "--format", "html", "-o", str(target)]
    )
    page = browser.new_page()
    page.goto(target.as_uri())
    rows = page.locator("#records tbody tr")
    total = rows.count()
    assert total == len(list((ROOT / "samples" / "seikatsu").glob("*.log")))
    page.select_option("#status-filter", "illegal")
    assert page.locator("#records tbody tr:visible").count() == 7
    assert page.locator("#shown").inner_text() == f"7 of {total} files shown"
    occupied = page.locator("#records tbody tr:visible", has_text="illegal-occupied.log")
    assert "Cid: BP at C3" in occupied.inner_text()  # the problem's line as written
    page.select_option("#status-filter", "")
    page.fill("#player-filter", "dee")
    assert page.locator("#records tbody tr:visible").count() == 3
    page.fill("#player-filter", "")
    page.locator("th[data-key=moves]").click()
    first = page.locator("#records tbody tr").first.locator("td").nth(3).inner_text()
    assert first == "0"
    _shot(page, "audit")
    page.close()


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def test_the_standings_page_shows_the_table_and_the_spread(browser: Any, tmp_path: Path) -> None:
    target = tmp_path / "standings.html"
    CliRunner().invoke(
        main,
        ["standings", str(ROOT / "samples" / "seikatsu"), "--format", "html", "-o", str(target)],
    )
    page = browser.new_page()
    page.goto(target.as_uri())
    first = page.locator("table.league tbody tr").first
    assert first.locator("td").nth(1).inner_text() == "Dee"
    assert (
        page.locator(".chart svg .entrant").count() == page.locator("table.league tbody tr").count()
    )
    assert page.locator("table.apart").is_visible()
    _shot(page, "standings")
    page.close()

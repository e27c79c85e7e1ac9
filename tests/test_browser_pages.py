"""Report pages in a real browser where the stepping has little or much to step
through: a log that stops in its header, at a notation error or at an illegal move
loads with no script error, and a long game's page, whose board is drawn at spaced
moves, says which move's board it shows. (The browser and the fixture are those of
test_browser.py.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_browser import browser  # noqa: F401  (the fixture)

from gamelog.cli import main
from gamelog.core import pages
from gamelog.core.logs import game_for

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
PROBLEMS = {
    "setup error": SAMPLES / "eden" / "setup_error_header_typo.log",
    "notation error": SAMPLES / "seikatsu" / "notation-error.log",
    "illegal move": SAMPLES / "seikatsu" / "illegal-occupied.log",
}


def _open(browser: Any, path: Path) -> tuple[Any, list[str]]:  # noqa: F811
    """The page opened, and the script errors it gives (kept as they come)."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto(path.as_uri())
    return page, errors


@pytest.mark.parametrize("kind", sorted(PROBLEMS))
def test_a_report_of_a_log_with_a_problem_loads_and_steps_without_a_script_error(
    browser: Any,  # noqa: F811
    kind: str,
    tmp_path: Path,
) -> None:
    target = tmp_path / "report.html"
    CliRunner().invoke(main, ["report", str(PROBLEMS[kind]), "-o", str(target)])
    page, errors = _open(browser, target)
    for key in ("ArrowRight", "ArrowLeft", "Home", "End", "PageUp"):
        page.keyboard.press(key)
    assert errors == []
    assert page.locator("#problem").is_visible()
    page.close()


def test_a_long_game_s_page_says_which_move_s_board_it_shows(
    browser: Any,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Eden, 400 turns of passing, the board drawn at most 50 times: after every 16
    moves. At move 3 the page shows the board of the setup and says so; at the end,
    the final board with no such note."""
    monkeypatch.setattr(pages, "BOARDS", 50)
    text = "game: eden\nplayers: Ann (red), Ben (blue)\n" + "".join(
        f"{('Ann', 'Ben')[k % 2]}: pass\n" for k in range(400)
    )
    page_text, _ = pages.game_report(game_for(text), text, "passing.log")
    target = tmp_path / "long.html"
    target.write_text(page_text, encoding="utf-8")
    page, errors = _open(browser, target)
    assert "drawn after every 16 moves" in page.locator("#board-note").inner_text()
    assert page.locator("#step-board").is_hidden()
    page.keyboard.press("Home")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert page.locator("#step-title").inner_text() == "3. line 5: Ann: pass"
    assert page.locator("#step-board").inner_text() == (
        "the board at this move is not drawn; shown: before the first move"
    )
    page.keyboard.press("End")
    assert page.locator("#step-board").is_hidden()
    assert page.locator("#moves li").count() == 401
    assert errors == []
    page.close()

"""What the commands print for a log, each asked once per process: several checks
read the same output (the report page, `replay --format json`), and a log does not
change while the tests run."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from gamelog.cli import main
from gamelog.core.logs import game_for
from gamelog.core.pages import game_report


@cache
def command(*args: str) -> str:
    """What ``gamelog ARGS`` prints on standard output."""
    return CliRunner().invoke(main, list(args)).stdout


@cache
def report(path: Path) -> tuple[str, dict[str, Any]]:
    """The report page of the log at ``path`` (as `gamelog report` writes it) and its
    record."""
    text = path.read_text(encoding="utf-8")
    return game_report(game_for(text), text, str(path))

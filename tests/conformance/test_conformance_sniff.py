"""A log without a ``game:`` line is recognised by its notation: every sample, its
``game:`` line taken out, is claimed by its own game's sniffer and by no other's (the
first sniffer that says yes would win, so two that say yes misread a log)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from declared import all_samples, check_applies, game, package_of, packages, sample_id

from gamelog import games
from gamelog.core.logs import game_for

_GAME_LINE = re.compile(r"^[ \t\ufeff]*game[ \t]*:.*$", re.IGNORECASE | re.MULTILINE)


def _without_game_line(path: Path) -> str:
    return _GAME_LINE.sub("", path.read_text(encoding="utf-8"))


def _claims(text: str) -> list[str]:
    return [package for package in packages() if games.meta(package).looks_like(text)]


@pytest.mark.parametrize("path", all_samples(), ids=sample_id)
def test_a_sample_without_its_game_line_is_its_own_game_and_no_other(path: Path) -> None:
    package = package_of(path)
    check_applies(package, "sniff")
    text = _without_game_line(path)
    assert games.header_game_name(text) is None
    assert _claims(text) == [package]
    assert game_for(text).name == game(package).name


def test_a_log_of_no_game_is_claimed_by_none() -> None:
    assert _claims("# a shopping list\nmilk: 2\neggs: 6\n") == []

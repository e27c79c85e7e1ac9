"""The 55 league games of the corpus: every command log replays legally to the exact
final VP of expected.json, every ledger (and browser copy) verifies row by row,
and the ledger we export from a command log has the corpus ledger's faction rows."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from gamelog.core.replay import Replay, replay
from gamelog.games.terra_mystica import GAME

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "terra_mystica"
EXPECTED: dict[str, dict[str, int]] = json.loads((CORPUS / "expected.json").read_text())
GAMES = sorted(EXPECTED)
LEDGERS = sorted(p.name for p in (CORPUS / "ledgers").glob("*.txt"))
VARIANTS = sorted(p.name for p in (CORPUS / "variants").glob("*.txt"))


@cache
def replayed(name: str) -> Replay:
    path = CORPUS / "commands" / name
    return replay(GAME, path.read_text(encoding="utf-8"), str(path), keep_steps=True)


def test_corpus_is_complete() -> None:
    assert len(GAMES) == 55
    assert LEDGERS == GAMES
    assert len(VARIANTS) == 2


@pytest.mark.parametrize("name", GAMES)
def test_command_log_scores_exactly(name: str) -> None:
    result = replayed(name)
    assert result.error is None, str(result.error)
    assert result.finished
    sheet = GAME.score(result.state)
    assert {p: sheet.total(p) for p in sheet.players} == EXPECTED[name]


@pytest.mark.parametrize("name", GAMES[:12])
def test_score_sheet_rows_add_up_to_the_total(name: str) -> None:
    state = replayed(name).state
    sheet = GAME.score(state)
    for faction in state.order:
        breakdown = sheet.breakdown(faction.name)
        assert sum(breakdown.values()) == faction.r["VP"]
        assert breakdown["start"] == 20
        assert breakdown["leech"] <= 0
    categories = [row.category for row in sheet.rows]
    assert {"cult: fire", "cult: water", "cult: earth", "cult: air", "network"} <= set(categories)


def _faction_rows(text: str) -> list[tuple[str, ...]]:
    """Faction rows of a ledger, cells tidied; the leech amounts compared as a multiset
    (the site lists them in Perl hash order, which differs from game to game)."""
    rows = []
    for line in text.replace("\r", "").split("\n"):
        cells = line.split("\t")
        if len(cells) < 15:
            continue
        tidy = [" ".join(c.replace("\u00a0", " ").split()) for c in cells[:15]]
        tidy[13] = " ".join(sorted(tidy[13].split()))
        rows.append(tuple(tidy))
    return rows


@pytest.mark.parametrize("name", GAMES)
def test_exported_ledger_has_the_corpus_faction_rows(name: str) -> None:
    exported = GAME.export(replayed(name), "ledger")
    corpus = (CORPUS / "ledgers" / name).read_text(encoding="utf-8")
    assert _faction_rows(exported) == _faction_rows(corpus)


def _verify(text: str, path: str) -> Replay:
    result = replay(GAME, text, path)
    assert result.error is None, str(result.error)
    assert result.finished
    return result


@pytest.mark.parametrize("name", LEDGERS)
def test_ledger_verifies_every_row(name: str) -> None:
    path = CORPUS / "ledgers" / name
    result = _verify(path.read_text(encoding="utf-8"), str(path))
    rows = _faction_rows(path.read_text(encoding="utf-8"))
    assert result.state.verified_rows == len(rows)
    assert {f.name: f.r["VP"] for f in result.state.order} == EXPECTED[name]


@pytest.mark.parametrize("name", VARIANTS)
def test_browser_copy_verifies(name: str) -> None:
    path = CORPUS / "variants" / name
    _verify(path.read_text(encoding="utf-8"), str(path))


def test_browser_copy_with_crlf_nbsp_and_leading_spaces_verifies() -> None:
    """What a copy from the page gives: CRLF line ends, 'show history' after comments,
    a space before some rows, non-breaking spaces after each leech number."""
    text = (CORPUS / "ledgers" / GAMES[0]).read_text(encoding="utf-8")
    lines = []
    for line in text.split("\n"):
        cells = line.split("\t")
        if len(cells) >= 15:
            cells[13] = "".join(f"{n}\u00a0" for n in cells[13].split())
            cells[0] = " " + cells[0]
            lines.append("\t".join(cells))
        elif line and not line.endswith("show history"):
            lines.append(" " + line + "\tshow history")
        else:
            lines.append(line)
    browser = "\ufeff" + "\r\n".join(lines)
    _verify(browser, "browser-copy.txt")


def _randomized_log(name: str) -> str:
    """The command log as the site stores it: players and 'randomize v2 seed GAME'
    instead of the 'score' and 'delete' lines the random setup produced."""
    ledger = (CORPUS / "ledgers" / name).read_text(encoding="utf-8")
    players = re.findall(r"^Player \d+: (.*?)(?:\tshow history)?$", ledger, re.M)
    lines = (CORPUS / "commands" / name).read_text(encoding="utf-8").split("\n")
    options = [line for line in lines if line.startswith("option ")]
    rest = [line for line in lines if not line.startswith(("option ", "score ", "delete "))]
    seed = re.sub(r"_has_\w+$", "", name.removesuffix(".txt"))
    setup = [f"player {p}" for p in players] + ["# Randomize setup", f"randomize v2 seed {seed}"]
    return "\n".join(["# Default game options", *options, *setup, *rest])


@pytest.mark.parametrize("name", GAMES)
def test_randomize_reproduces_the_site_setup(name: str) -> None:
    result = replay(GAME, _randomized_log(name), name)
    assert result.error is None, str(result.error)
    assert {f.name: f.r["VP"] for f in result.state.order} == EXPECTED[name]
    corpus = (CORPUS / "ledgers" / name).read_text(encoding="utf-8")
    corpus = corpus.replace("\tshow history", "")
    ours = GAME.export(result, "ledger")
    setup = re.compile(r"^(Round \d scoring: .*|Removing tile .*|Player \d+: .*)$", re.M)
    assert setup.findall(ours) == setup.findall(corpus)

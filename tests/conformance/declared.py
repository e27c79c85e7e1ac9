"""The games of the registry and what each declares for the conformance suite.

Every check of the suite, and every test elsewhere that runs over all games, takes
its games from here: the folders of ``gamelog/games`` (``games.package_names()``),
never a list of names. A game's samples are ``samples/<package>/``; what a check needs
to know of the game is its ``conformance.py`` (``gamelog.core.conformance``). A game
opts out of a check only in its declaration's ``opt_outs``; ``check_applies`` turns
that into a skip that says why.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from gamelog import games
from gamelog.core.audit import log_suffixes
from gamelog.core.conformance import Conformance
from gamelog.core.game import Game

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"

#: Every check a game may opt out of, with what it checks (a name in ``opt_outs`` that
#: is not here is refused, so that a misspelt opt-out cannot pass unnoticed).
CHECKS: dict[str, str] = {
    "pieces": "the board picture draws one piece element per piece of the position",
    "report-board": "the report's board at step N is `replay --to N --format svg`",
    "race-ends-at-totals": "the report's score race ends at the sheet's totals",
    "commands-agree": "score, replay, explain, audit (json, jsonl, csv) and standings agree",
    "moves-walk": "every line `moves` lists replays as legal; the move played is listed",
    "new-then-play": "`new` writes a header that `play` completes by typing",
    "players-line-corrected": "a players line typed in `play` replaces the wrong one",
    "sniff": "a sample without its `game:` line is this game's and no other's",
    "random-playthrough": "a seeded random game built from `moves` replays to its end",
    "no-dead-ends": "a random game never meets a player to move with nothing listed",
    "seated-swap": "two moves of different players swapped are refused at the earlier",
    "at-the-table": "`play` on a pseudo-terminal: a legal line kept, an illegal one not",
    "fuzz": "mutants of the samples never crash or hang",
    "chunked": "a long log is parsed a chunk at a time, the blank lines above it one token",
    "invariants": "the facts a game works out twice agree on every position",
    "events-add-up": "the running score moves only by the points of the move's events",
    "renamed-players": "players renamed throughout a log rename the record, nothing else",
    "completion-words": "at every word boundary of a move played, completion offers its next word",
    "tab-shared-words": "one Tab fills every word the legal lines share after what is typed",
    "cut-and-resumed": "a log cut at move N and typed on in `play` gives the whole log's record",
}


def packages() -> tuple[str, ...]:
    """Every game folder of the registry."""
    return games.package_names()


def game(package: str) -> Game:
    return games.load(package)


def declared(package: str) -> Conformance:
    """The game's declaration; fails (ModuleNotFoundError, AssertionError) where the
    folder has none, or one of another type."""
    module = importlib.import_module(f"gamelog.games.{package}.conformance")
    found = getattr(module, "CONFORMANCE", None)
    assert isinstance(found, Conformance), (
        f"gamelog/games/{package}/conformance.py must define CONFORMANCE = Conformance(...)"
    )
    return found


def check_applies(package: str, check: str) -> Conformance:
    """The declaration, where the game takes ``check``; a skip with its reason where it
    opts out."""
    assert check in CHECKS, check
    declaration = declared(package)
    reason = declaration.opt_outs.get(check)
    if reason is not None:
        pytest.skip(f"{package} opts out of {check}: {reason}")
    return declaration


def samples(package: str) -> list[Path]:
    """The game's samples: ``samples/<package>/`` (both suffixes)."""
    folder = SAMPLES / package
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix in log_suffixes())


def all_samples() -> list[Path]:
    return [path for package in packages() for path in samples(package)]


def package_of(path: Path) -> str:
    """The game folder a sample belongs to."""
    return path.relative_to(SAMPLES).parts[0]


def sample_id(path: Path) -> str:
    return str(path.relative_to(SAMPLES))

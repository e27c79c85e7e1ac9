"""Properties that check rules, not only crashes: facts every game works out twice
agree on every position and every move of every sample, rule case and random game
(what each game declares in ``invariants`` and ``step_invariants`` of its
conformance.py, and the events adding up to the running score)."""

from __future__ import annotations

from pathlib import Path

import pytest
from declared import ROOT, check_applies, package_of, packages, sample_id, samples
from invariants import walk
from playthrough import case_id, cases, play

RULE_CASES = "rule_cases"


def _logs() -> list[Path]:
    """Every sample and rule case of every game."""
    found: list[Path] = []
    for package in packages():
        found.extend(samples(package))
        folder = ROOT / "tests" / package / RULE_CASES
        if folder.is_dir():
            found.extend(sorted(p for p in folder.iterdir() if p.suffix in (".log", ".txt")))
    return found


def _package(path: Path) -> str:
    if path.is_relative_to(ROOT / "samples"):
        return package_of(path)
    return path.relative_to(ROOT / "tests").parts[0]


def _id(path: Path) -> str:
    if path.is_relative_to(ROOT / "samples"):
        return sample_id(path)
    return str(path.relative_to(ROOT / "tests"))


@pytest.mark.parametrize("path", _logs(), ids=_id)
def test_what_is_worked_out_twice_agrees_on_every_position(path: Path) -> None:
    package = _package(path)
    check_applies(package, "invariants")
    _, problems = walk(package, path.read_text(encoding="utf-8"), str(path))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_what_is_worked_out_twice_agrees_on_every_position_of_random_games(
    case: tuple[str, int, int],
) -> None:
    package, players, seed = case
    check_applies(package, "invariants")
    game = play(package, players, seed)
    if game.problem is not None:
        pytest.skip(f"the random game was not played out: {game.problem}")
    _, problems = walk(package, game.text, str(game.path))
    assert not problems, "\n".join(problems)

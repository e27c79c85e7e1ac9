"""Every rule an engine can cite is broken by at least one case that asserts it at its line.

A game's rules are the wording in its ``rulebook.py`` (every upper-case ``str`` of the
module; one with ``{fields}`` is a template, filled in where it is cited). A game's
cases are its samples (``samples/<package>/``) and its rule cases
(``tests/<package>/rule_cases/``): small logs whose ``# expect:`` lines
(tests/expectations.py) state the problem, its line and the rule it cites. A rule is
covered when some case's stated rule is that wording (or several wordings joined by
``; ``, as a rule that breaks two at once is cited), or when its stated message is
(an engine's wording of a message, like Eden's move after the end). The check runs
over the game registry, so a new game's rulebook is covered, or fails here, at once.

Each rule case must give what it states, as a sample must (tests/test_samples.py):
a stated rule that the engine does not cite is no coverage.
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from pathlib import Path

import pytest
from expectations import Expectation, read_expectation
from test_samples import check

from gamelog import games
from gamelog.core.audit import audit_file, log_suffixes

ROOT = Path(__file__).resolve().parents[2]
#: Where a game's rule cases live, beside its other tests: tests/<package>/rule_cases/.
RULE_CASES = "rule_cases"


def _logs(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(
        p for p in folder.rglob("*") if p.is_file() and p.suffix.lower() in log_suffixes()
    )


def rule_cases(package: str) -> list[Path]:
    return _logs(ROOT / "tests" / package / RULE_CASES)


def cases(package: str) -> list[Path]:
    """A game's samples and rule cases: every log that states its own outcome."""
    return _logs(ROOT / "samples" / package) + rule_cases(package)


def rulebook(package: str) -> dict[str, str]:
    """The wording of every rule the game's engine can cite, by its name in rulebook.py."""
    module = importlib.import_module(f"gamelog.games.{package}.rulebook")
    return {
        name: value
        for name, value in vars(module).items()
        if name.isupper() and isinstance(value, str)
    }


@cache
def _pattern(wording: str) -> re.Pattern[str]:
    """A template's ``{field}`` stands for any text; the rest is the wording itself."""
    return re.compile(re.sub(r"\\\{\w+\\\}", ".+?", re.escape(wording)))


def cites(stated: str, wordings: tuple[str, ...]) -> set[str]:
    """The wordings that ``stated`` is made of: one of them, or several joined by ``; ``
    (a wording may hold ``; `` itself, so every cut at ``; `` is tried)."""
    if not stated:
        return set()
    cuts = [m.start() for m in re.finditer("; ", stated)] + [len(stated)]
    for cut in cuts:
        head, rest = stated[:cut], stated[cut + 2 :]
        for wording in wordings:
            if not _pattern(wording).fullmatch(head):
                continue
            if cut == len(stated):
                return {wording}
            others = cites(rest, wordings)
            if others:
                return {wording, *others}
    return set()


def asserted(expectation: Expectation, wordings: tuple[str, ...]) -> set[str]:
    """The rules a case asserts at its line (a case stating no line asserts none)."""
    if expectation.line is None:
        return set()
    return cites(expectation.rule or "", wordings) | cites(expectation.reason or "", wordings)


@pytest.mark.parametrize("package", games.package_names())
def test_every_rule_is_broken_by_a_case(package: str) -> None:
    entries = rulebook(package)
    wordings = tuple(entries.values())
    covered: set[str] = set()
    for path in cases(package):
        covered |= asserted(read_expectation(path.read_text(encoding="utf-8")), wordings)
    missing = [f"{name}: {text}" for name, text in entries.items() if text not in covered]
    assert not missing, (
        f"{len(missing)} rule(s) of {package}/rulebook.py that no case in samples/{package}/ "
        f"or tests/{package}/{RULE_CASES}/ breaks at its line:\n" + "\n".join(missing)
    )


ALL_RULE_CASES = [path for package in games.package_names() for path in rule_cases(package)]


@pytest.mark.parametrize("path", ALL_RULE_CASES, ids=lambda p: str(p.relative_to(ROOT / "tests")))
def test_rule_case_gives_what_it_states(path: Path) -> None:
    expected = read_expectation(path.read_text(encoding="utf-8"))
    assert expected.stated, f"{path.name} has no '# expect:' line"
    check(audit_file(str(path)), expected)


def test_cites_reads_one_rule_or_rules_joined() -> None:
    wordings = ("a; b c", "d {x} e", "f")
    assert cites("a; b c", wordings) == {"a; b c"}
    assert cites("d 42 e; f", wordings) == {"d {x} e", "f"}
    assert cites("f; a; b c", wordings) == {"f", "a; b c"}
    assert cites("d e", wordings) == set()
    assert cites("f g", wordings) == set()
    assert cites("d 1; 2 e", wordings) == {"d {x} e"}

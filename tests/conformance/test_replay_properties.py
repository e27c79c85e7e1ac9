"""Properties of any game's replay: renaming the players renames the record and changes
nothing else (every sample and rule case); a sample cut at its middle move and typed on
line by line in ``gamelog play`` (core.session.Session) ends where the whole log ends:
the same position, score and end, refused (if at all) at the same line for the same
reason. A game whose players are not named by its log opts out of the renaming."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from declared import all_samples, check_applies, game, sample_id
from test_invariants import _id, _logs, _package

from gamelog.core.audit import audit_file, log_suffixes
from gamelog.core.replay import replay
from gamelog.core.session import Session

#: First letters of the names players are renamed to (no log here writes a word like
#: "Qyy" or "Zyyyy").
FRESH = "QZXJVW"


def _fresh(name: str, index: int) -> str:
    """A name of the same length as ``name`` (so every column stays where it was), with
    its spaces where they were."""
    letters = [c if c == " " else "y" for c in name]
    letters[0] = FRESH[index]
    return "".join(letters)


def _copy_beside(path: Path, folder: Path) -> None:
    """What a log may refer to beside it (a card catalogue) goes with its copy."""
    for other in path.parent.iterdir():
        if other.is_file() and other.suffix.lower() not in log_suffixes():
            shutil.copy(other, folder / other.name)


def _renamer(names: list[str]) -> tuple[dict[str, str], re.Pattern[str]]:
    mapping = {name: _fresh(name, i) for i, name in enumerate(names)}
    words = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    # A whole name: not inside a word, a hyphenated name or O'Neill (a possessive 's is
    # the name's).
    return mapping, re.compile(rf"(?<![\w-])(?<!\w')({words})(?![\w-])(?!'(?!s\b)\w)", re.I)


def _renamed(value: Any, mapping: dict[str, str], pattern: re.Pattern[str]) -> Any:
    """Every name in every string (and key) of ``value`` replaced."""
    lower = {name.lower(): new for name, new in mapping.items()}
    if isinstance(value, str):
        return pattern.sub(lambda m: lower[m.group(1).lower()], value)
    if isinstance(value, list):
        return [_renamed(item, mapping, pattern) for item in value]
    if isinstance(value, dict):
        return {
            _renamed(k, mapping, pattern): _renamed(v, mapping, pattern) for k, v in value.items()
        }
    return value


@pytest.mark.parametrize("path", _logs(), ids=_id)
def test_renaming_the_players_renames_the_record_and_nothing_else(
    path: Path, tmp_path: Path
) -> None:
    check_applies(_package(path), "renamed-players")
    text = path.read_text(encoding="utf-8")
    original = audit_file(str(path))
    names = [player["name"] for player in original["players"]]
    if len(names) < 2:
        pytest.skip("the log stops before its players are seated")
    if original["error"] and "did you mean" in original["error"]["message"]:
        pytest.skip("the log's problem is a misspelt name, whose nearest name renaming moves")
    mapping, pattern = _renamer(names)
    assert not any(re.search(new, text, re.IGNORECASE) for new in mapping.values())
    _copy_beside(path, tmp_path)
    copy = tmp_path / path.name
    copy.write_text(_renamed(text, mapping, pattern), encoding="utf-8")
    renamed = audit_file(str(copy))
    for record in (original, renamed):
        record.pop("file")
    expected = _renamed(original, mapping, pattern)
    assert json.dumps(renamed, sort_keys=True) == json.dumps(expected, sort_keys=True)


@pytest.mark.parametrize("path", all_samples(), ids=sample_id)
def test_a_log_cut_and_typed_on_in_play_ends_where_the_whole_log_ends(
    path: Path, tmp_path: Path
) -> None:
    package = _package(path)
    check_applies(package, "cut-and-resumed")
    rules = game(package)
    text = path.read_text(encoding="utf-8")
    whole = replay(rules, text, str(path), keep_steps=True)
    if len(whole.steps) < 2:
        pytest.skip("fewer than two moves replay: there is no move to cut at")
    cut = len(whole.steps) // 2
    cut_line = whole.steps[cut].move.line
    at_the_cut = replay(rules, text, str(path), stop_after=cut).state
    try:
        rules.legal_moves(at_the_cut)
    except NotImplementedError:
        pytest.skip("this form of log is not typed at the table (a Terra Mystica ledger)")
    lines = text.split("\n")
    if text.endswith("\n"):
        lines = lines[:-1]
    _copy_beside(path, tmp_path)
    copy = tmp_path / path.name
    copy.write_text("".join(line + "\n" for line in lines[: cut_line - 1]), encoding="utf-8")
    session = Session(rules, str(copy))
    refused = None
    for number, line in enumerate(lines[cut_line - 1 :], start=cut_line):
        outcome = session.submit(line)
        if not outcome.accepted:
            refused = (number, outcome.error.message if outcome.error else None)
            break
    if whole.error is None:
        assert refused is None, refused
    else:
        assert refused == (whole.error.line, whole.error.message)
    state, kept = whole.state, session.state
    assert rules.is_finished(kept) == rules.is_finished(state)
    assert dict(rules.running_scores(kept)) == dict(rules.running_scores(state))
    assert rules.score(kept).breakdown == rules.score(state).breakdown or all(
        rules.score(kept).breakdown(p) == rules.score(state).breakdown(p)
        for p in rules.score(state).players
    )

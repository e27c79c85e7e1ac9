"""`gamelog new` then `gamelog play`, in every game and every player count: the header
`new` writes keeps the names it was given; what it leaves to fill in is a comment or
an empty line that `play` asks for (never a line no typing can mend); the game's
setup lines typed at the prompt complete it; a header line typed again takes the
place of the one it corrects."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from declared import check_applies, game, packages
from playthrough import NAMES

from gamelog.cli import main
from gamelog.core.header import PLAYERS, key_of
from gamelog.core.replay import replay
from gamelog.core.session import Session

COUNTS = [
    (package, count)
    for package in packages()
    for count in range(game(package).min_players, game(package).max_players + 1)
]


def _id(case: tuple[str, int]) -> str:
    return f"{case[0]}-{case[1]}p"


def _new(package: str, names: list[str], path: Path) -> str:
    result = CliRunner().invoke(
        main, ["new", game(package).name, "--players", ", ".join(names), "-o", str(path)]
    )
    assert result.exit_code == 0, result.output
    return path.read_text(encoding="utf-8")


def _written(text: str) -> list[tuple[int, str]]:
    """The lines that are not blank and not comments, with their numbers."""
    return [
        (number, line)
        for number, line in enumerate(text.split("\n"), start=1)
        if line.strip() and not line.lstrip().startswith("#")
    ]


def _is_prompt(line: str, package: str) -> bool:
    """An empty line of one of the game's keys (``research:``, ``card Ann:``)."""
    found = key_of(line, game(package).header_keys)
    return found is not None and not line.split("#", 1)[0].partition(":")[2].strip()


@pytest.mark.parametrize("case", COUNTS, ids=_id)
def test_new_writes_a_header_play_completes_by_typing(
    case: tuple[str, int], tmp_path: Path
) -> None:
    package, count = case
    declaration = check_applies(package, "new-then-play")
    rules = game(package)
    names = list(NAMES[:count])
    path = tmp_path / "tonight.log"
    text = _new(package, names, path)
    written = " ".join(line for _, line in _written(text))
    for name in names:  # new keeps the names it was given
        assert name in written.split(" ") or f"{name}," in written or f"{name} (" in written

    # What is left to fill in is a prompt that play asks for, never a line that fails.
    first = replay(rules, text, str(path))
    if first.error is not None:
        bad = text.split("\n")[first.error.line - 1]
        assert _is_prompt(bad, package), f"line {first.error.line}: {bad!r}: {first.error}"

    session = Session(rules, str(path))
    for line in declaration.setup(names, random.Random(count)):
        outcome = session.submit(line)
        assert outcome.accepted, f"{line!r}: {outcome.error}"
    assert session.error is None and session.state is not None, session.error
    assert session.result.moves_applied == len(_moves(session.text, package))

    # A header line typed again takes the place of the one it corrects.
    before = path.read_text(encoding="utf-8")
    for _, line in _written(text):
        if key_of(line, rules.header_keys) is not None and not _is_prompt(line, package):
            outcome = session.submit(line)
            assert outcome.accepted, f"{line!r} typed again: {outcome.error}"
    assert path.read_text(encoding="utf-8") == before


def _moves(text: str, package: str) -> list[str]:
    rules = game(package)
    result = replay(rules, text)
    assert result.log is not None
    return [move.source for move in result.log.moves]


@pytest.mark.parametrize("package", packages())
def test_a_players_line_typed_in_play_replaces_the_one_it_corrects(
    package: str, tmp_path: Path
) -> None:
    """A players line written wrong (without what the game seats players with, ``players:
    Ann, Bob``, or short of a player): play asks for it, and the line typed right
    replaces the wrong one."""
    check_applies(package, "players-line-corrected")
    rules = game(package)
    players = next(key for key in rules.header_keys if key.name == PLAYERS)
    names = list(NAMES[: rules.min_players])
    path = tmp_path / "tonight.log"
    text = _new(package, names, path)
    right = next(line for _, line in _written(text) if line.startswith("players:"))
    wrong = f"players: {', '.join(names if players.choices else names[:-1])}"
    assert wrong != right
    path.write_text(text.replace(right, wrong), encoding="utf-8")
    session = Session(rules, str(path))
    assert session.error is not None and session.needs_header
    outcome = session.submit(right)
    assert outcome.accepted, outcome.error
    now = path.read_text(encoding="utf-8")
    assert [line for _, line in _written(now) if line.startswith("players:")] == [right]
    assert now == text

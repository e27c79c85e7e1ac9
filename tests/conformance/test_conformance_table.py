"""`gamelog play` at the table, in every game of the registry, through a real
pseudo-terminal (the stdlib's pty: the program's own readline prompt): a game from
`gamelog new` to its end typed the short way (the header's values at its key
prompts, seats implied, words grown by Tab, a line picked by its number), a refused
line and the suggestions that fit it, Ctrl-C mid-line and at an empty prompt, and
piped input with a refused line.

The game typed is the game's seeded random playthrough (tests/conformance/
playthrough.py), so every game brings its own lines; a session of the test's own on
a copy of the log keeps in step, to know the prompts and the position."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from declared import check_applies, game, packages
from playthrough import NAMES, play
from test_play import ROOT, Terminal

from gamelog.core.complete import Completer, fewest_keys, seat_of
from gamelog.core.logs import game_for
from gamelog.core.replay import replay
from gamelog.core.session import Session

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal"),
    pytest.mark.slow,
]

#: The prompt of a log whose header is complete.
MOVE_PROMPT = r"> $"
#: Every this many lines of a game is typed with Tab (the fewest keystrokes); the others
#: in full, less the seat.
TABBED = 3


def _typed_lines(package: str, new_text: str, final: str) -> list[str]:
    """The lines a person typed into the log ``new`` wrote: every line of the finished
    log that ``new`` did not write, in order."""
    written = set(new_text.split("\n"))
    return [line for line in final.split("\n") if line.strip() and line not in written]


@pytest.mark.parametrize("package", packages())
def test_a_game_from_new_to_its_end_typed_the_short_way(package: str, tmp_path: Path) -> None:
    check_applies(package, "at-the-table")
    rules = game(package)
    done = play(package, rules.min_players, 0)
    assert done.finished, done.problem
    names = list(NAMES[: rules.min_players])
    log = tmp_path / "tonight.log"
    made = subprocess.run(
        [
            sys.executable,
            "-m",
            "gamelog",
            "new",
            rules.name,
            "--players",
            ", ".join(names),
            "-o",
            str(log),
        ],
        check=True,
        capture_output=True,
    )
    assert made.returncode == 0
    new_text = log.read_text(encoding="utf-8")
    assert new_text == rules.new_log(names)  # the playthrough started from the same header
    mirror_path = tmp_path / "mirror" / "tonight.log"
    mirror_path.parent.mkdir()
    shutil.copy(log, mirror_path)
    mirror = Session(rules, str(mirror_path))

    term = Terminal("play", str(log), cwd=tmp_path)
    shown = term.expect(_next_prompt(mirror))
    ways = {"header value": 0, "implied seat": 0, "tab": 0, "pick": 0}
    try:
        for index, line in enumerate(_typed_lines(package, new_text, done.text)):
            asked = mirror.header_prompt()
            if asked is not None:
                assert "error" not in shown  # an empty key is asked for, never an error
            keys = _keys(mirror, line, index, ways)
            term.type(keys + "\n")
            outcome = mirror.submit(line)
            assert outcome.accepted, f"{line!r}: {outcome.error}"
            shown = term.expect(_next_prompt(mirror))
            assert log.read_text(encoding="utf-8") == mirror_path.read_text(encoding="utf-8"), (
                f"{line!r} typed as {keys!r}:\n{shown}"
            )
        term.type("quit\n")
        assert term.close() == 0
    finally:
        mirror.close()
    assert log.read_text(encoding="utf-8") == done.text
    result = replay(rules, done.text, str(log))
    assert result.error is None and rules.is_finished(result.state)
    assert ways["implied seat"] and ways["tab"] and ways["pick"], ways
    if rules.header_keys and any(k.required and k.name != "players" for k in rules.header_keys):
        assert ways["header value"], ways


def _next_prompt(mirror: Session) -> str:
    """The prompt that follows, exactly (a ``: `` inside what is printed is no prompt)."""
    asked = mirror.header_prompt()
    if asked is not None:
        return r"\n" + re.escape(asked.prefix) + " $"
    return r"\n\S[^\n]*> $"


def _keys(mirror: Session, line: str, index: int, ways: dict[str, int]) -> str:
    """What to type for ``line``: a header key's value alone at its prompt; the first
    move line that ``moves`` lists, by its number; every ``TABBED``th line with Tab
    where it helps; the others without the seat where the prompt implies it."""
    asked = mirror.header_prompt()
    if asked is not None and line.casefold().startswith(asked.prefix.casefold()):
        ways["header value"] += 1
        return line[len(asked.prefix) :].strip()
    if mirror.state is None or mirror.error is not None:
        return line
    if not ways["pick"] and not mirror.finished:
        listed = [o.line for g in mirror.game.legal_moves(mirror.state) for o in g.options]
        if line in listed:
            ways["pick"] += 1
            return f"#{listed.index(line) + 1}"
    completer = Completer(mirror.game, mirror.state, mirror.result.log, mirror.text, mirror.path)
    target = line
    seat = mirror.to_move()
    if seat is not None and seat_of(line, completer.names) == seat:
        bare = line.partition(":")[2].lstrip()
        if mirror.seated(bare) == line:
            target = bare
            ways["implied seat"] += 1
    if index % TABBED == 0:
        keys = fewest_keys(completer, target)
        if "\t" in keys:
            ways["tab"] += 1
            return "".join(keys)
    return target


def _at_the_table(package: str, tmp_path: Path) -> tuple[Path, str, str, str]:
    """The game's declared sample cut before its refused line: the log, the text before
    the line, the refused line, and the log's text with it."""
    sample = ROOT / "samples" / package / check_applies(package, "at-the-table").at_the_table
    text = sample.read_text(encoding="utf-8")
    refused = replay(game_for(text), text, str(sample)).error
    assert refused is not None and refused.line is not None
    lines = text.splitlines()
    before = "".join(line + "\n" for line in lines[: refused.line - 1])
    log = tmp_path / sample.name
    log.write_text(before, encoding="utf-8")
    for data in sample.parent.glob("*.toml"):  # a card catalogue the header names
        (tmp_path / data.name).write_bytes(data.read_bytes())
    return log, before, lines[refused.line - 1], text


@pytest.mark.parametrize("package", packages())
def test_a_refused_line_gets_the_legal_lines_that_fit_it_one_per_line(
    package: str, tmp_path: Path
) -> None:
    log, before, bad, _ = _at_the_table(package, tmp_path)
    term = Terminal("play", str(log), cwd=tmp_path)
    term.expect(MOVE_PROMPT)
    term.type(bad + "\n")
    shown = term.expect(MOVE_PROMPT)
    assert "illegal move" in shown
    term.type("quit\n")
    assert term.close() == 0
    assert log.read_text(encoding="utf-8") == before
    rules = game_for(before)
    for suggested in re.findall(r"fact: legal instead: (.*)", shown):
        if "<" in suggested or "..." in suggested:
            continue  # a line with blanks, to fill in
        result = replay(rules, before + suggested + "\n", str(log))
        assert result.error is None, f"suggested {suggested!r}: {result.error}"


@pytest.mark.parametrize("package", packages())
def test_ctrl_c_cancels_the_line_and_leaves_at_an_empty_prompt(
    package: str, tmp_path: Path
) -> None:
    log, before, bad, _ = _at_the_table(package, tmp_path)
    term = Terminal("play", str(log), cwd=tmp_path)
    term.expect(MOVE_PROMPT)
    half = bad[: len(bad) // 2].rstrip()
    term.type(half)
    term.expect(re.escape(half[-8:]) + "$")  # readline has it on its line
    term.type("\x03")  # cancelled
    term.expect(r"\^C\n.*> $")
    term.type("\x03")
    assert term.close() == 130
    assert log.read_text(encoding="utf-8") == before


@pytest.mark.parametrize("package", packages())
def test_piped_input_with_a_refused_line_exits_1(package: str, tmp_path: Path) -> None:
    log, before, bad, _ = _at_the_table(package, tmp_path)
    piped = subprocess.run(
        [sys.executable, "-m", "gamelog", "play", str(log)],
        input=bad + "\nquit\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert piped.returncode == 1, piped.stderr
    assert "illegal move" in piped.stderr
    assert log.read_text(encoding="utf-8") == before
    ended = subprocess.run(
        [sys.executable, "-m", "gamelog", "play", str(log)],
        input="",
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert ended.returncode == 0  # the end of the input leaves as Ctrl-D does


@pytest.mark.parametrize("package", packages())
def test_a_line_that_continues_the_turn_above_is_no_new_move(package: str, tmp_path: Path) -> None:
    """Where a player's lines one after another are one move (``continued_turns``), the
    second line typed at the prompt grows the move above: the session counts the moves
    as a replay of its file does (it counted the line as a move of its own)."""
    declaration = check_applies(package, "at-the-table")
    if not declaration.continued_turns:
        pytest.skip(f"{package}: every line is a move of its own")
    sample = ROOT / "samples" / package / declaration.showcase
    text = sample.read_text(encoding="utf-8")
    rules = game(package)
    names = [name.casefold() for name in replay(rules, text, str(sample)).log.players]
    lines = text.split("\n")
    second = next(
        i
        for i in range(1, len(lines))
        if lines[i].partition(":")[0].strip().casefold() in names
        and lines[i].partition(":")[0].strip().casefold()
        == lines[i - 1].partition(":")[0].strip().casefold()
    )
    log = tmp_path / sample.name
    log.write_text("".join(line + "\n" for line in lines[:second]), encoding="utf-8")
    for data in sample.parent.glob("*.toml"):
        (tmp_path / data.name).write_bytes(data.read_bytes())
    session = Session(rules, str(log))
    try:
        before = session.result.moves_applied
        outcome = session.submit(lines[second])
        assert outcome.accepted, outcome.error
        whole = replay(rules, log.read_text(encoding="utf-8"), str(log))
        assert session.result.moves_applied == whole.moves_applied == before
        assert [m.source for m in session.result.log.moves] == [m.source for m in whole.log.moves]
    finally:
        session.close()

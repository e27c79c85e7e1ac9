"""The card catalogue a log names (``cards:``) is read the way a log is, and its errors
show nothing of the file but the line at fault.

A log may name any file: a FIFO (reading it would wait for ever), a device
(/dev/zero never ends), a file far too large, or a file that is not a catalogue at
all, whose contents an error message must not print.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner

from gamelog.cli import main
from gamelog.core.errors import SetupError
from gamelog.core.replay import Replay, replay
from gamelog.games import find
from gamelog.games.mystic_vale.catalogue_file import MAX_BYTES

GAME = find("mystic-vale")
CARD = '[[advancement]]\nname = "Star Moss"\nlevel = "I"\ncost = 1\nvp = 1\n'
TURN = "Ann: 1 10 13 2 pass; buy Star Moss top into 13\n"
#: A value no error may show: it stands on a line other than the one at fault.
SECRET = "hunter2-0xC0FFEE"


def log_naming(cards: str) -> str:
    return f"game: mystic-vale\nplayers: Ann, Bob\ncards: {cards}\n\n{TURN}"


@contextmanager
def within(seconds: int) -> Iterator[None]:
    """Fail, instead of hanging the test run, if the body blocks (a FIFO opened for
    reading waits for a writer)."""

    def stop(_signal: int, _frame: object) -> None:
        raise TimeoutError(f"still reading after {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def setup_error(result: Replay) -> SetupError:
    assert isinstance(result.error, SetupError), result.error
    assert (result.error.line, result.error.column) == (3, 8)  # the path in 'cards: ...'
    return result.error


def replay_with(tmp_path: Path, name: str, text: str | bytes) -> Replay:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return replay(GAME, log_naming(name), str(tmp_path / "game.log"))


# --- what is read ---------------------------------------------------------------------


def test_a_relative_path_is_read_against_the_log_from_any_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = tmp_path / "games"
    (games / "cards").mkdir(parents=True)
    (games / "cards" / "mine.toml").write_text(CARD, encoding="utf-8")
    (games / "game.log").write_text(log_naming("cards/mine.toml"), encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "cards").mkdir(parents=True)
    (elsewhere / "cards" / "mine.toml").write_text("not = [toml\n", encoding="utf-8")
    monkeypatch.chdir(elsewhere)
    result = CliRunner().invoke(main, ["check", "../games/game.log"])
    assert result.exit_code == 0, result.output
    assert "../games/game.log: ok (1 move; the log ends before the game does)" in result.output


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    os.mkfifo(tmp_path / "cards.toml")
    with within(10):
        result = replay(GAME, log_naming("cards.toml"), str(tmp_path / "game.log"))
    error = setup_error(result)
    assert error.message == (
        f"card catalogue {tmp_path / 'cards.toml'} is a named pipe (FIFO); "
        "a catalogue is a TOML file"
    )


def test_a_link_to_a_fifo_is_refused_too(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "cards.toml").symlink_to(tmp_path / "pipe")
    with within(10):
        result = replay(GAME, log_naming("cards.toml"), str(tmp_path / "game.log"))
    assert "is a named pipe (FIFO)" in setup_error(result).message


def test_a_device_is_refused_without_reading_it(tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    with within(10):
        result = replay(GAME, log_naming("/dev/zero"), str(tmp_path / "game.log"))
    error = setup_error(result)
    assert error.message == "card catalogue /dev/zero is a device; a catalogue is a TOML file"


def test_a_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "cards").mkdir()
    result = replay(GAME, log_naming("cards"), str(tmp_path / "game.log"))
    assert setup_error(result).message == (
        f"card catalogue {tmp_path / 'cards'} is a folder; a catalogue is a TOML file"
    )


def test_a_catalogue_above_the_size_limit_is_refused(tmp_path: Path) -> None:
    # 1 MB of comments after a valid card: valid TOML, but no catalogue is that large.
    result = replay_with(tmp_path, "big.toml", CARD + ("#" * 99 + "\n") * 10_000)
    assert setup_error(result).message == (
        f"card catalogue {tmp_path / 'big.toml'} is larger than 256,000 bytes, "
        "far more than a catalogue of every card; is it the right file?"
    )


def test_the_size_limit_is_exact(tmp_path: Path) -> None:
    padding = MAX_BYTES - len(CARD) - 1  # a comment line of '#'s and its line end
    at_limit = CARD + "#" * padding + "\n"
    assert len(at_limit.encode()) == MAX_BYTES
    assert replay_with(tmp_path, "full.toml", at_limit).error is None
    over = replay_with(tmp_path, "over.toml", at_limit + "\n")
    assert "is larger than 256,000 bytes" in setup_error(over).message


def test_a_catalogue_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    result = replay_with(tmp_path, "latin.toml", CARD.encode() + b'[[vale]]\nname = "Caf\xe9"\n')
    assert setup_error(result).message == (
        f"card catalogue {tmp_path / 'latin.toml'} is not UTF-8 text (byte 0xe9 on line 7)"
    )


def test_a_missing_catalogue_says_so(tmp_path: Path) -> None:
    result = replay(GAME, log_naming("none.toml"), str(tmp_path / "game.log"))
    assert setup_error(result).message == f"card catalogue {tmp_path / 'none.toml'} does not exist"


# --- what an error shows ---------------------------------------------------------------------

GOOD = f'[[advancement]]\nname = "{SECRET}"\nlevel = "I"\ncost = 2\n'


@pytest.mark.parametrize(
    ("toml", "problem"),
    [
        # TOML that does not parse: tomllib's place and a message that quotes nothing.
        (GOOD + "mana = \n", "is not valid TOML: line 5, column 8: invalid value"),
        (
            GOOD + "mana = [1,\n",
            "is not valid TOML: at the end of the file (line 5): invalid value",
        ),
        (
            f'[vale]\nsecret = "{SECRET}"\n[vale]\n',
            "is not valid TOML: line 3, column 6: a table declared twice",  # at the "]"
        ),
        (
            f'password = "{SECRET}"\nx = {{ a = 1, a = 2 }}\n',
            # tomllib stops after the value '2'
            "is not valid TOML: line 2, column 19: a key given twice in an inline table",
        ),
        (
            GOOD + 'mana = "\x01"\n',
            "is not valid TOML: line 5, column 9: a character that cannot stand here",
        ),
        # TOML that is not a catalogue: the line at fault and its key, no value.
        (
            f'[default]\naws_secret_access_key = "{SECRET}"\n',
            "line 1: 'default' is not a table of a card catalogue; "
            "expected [[advancement]] and [[vale]] tables",
        ),
        (
            f'token = "{SECRET}"\n[[advancment]]\nname = "x"\n',
            "line 1: 'token' is not a table of a card catalogue; "
            "expected [[advancement]] and [[vale]] tables",
        ),
        (
            f'[[advancment]]\nname = "{SECRET}"\n',
            "line 1: 'advancment' is not a table of a card catalogue; did you mean 'advancement'?",
        ),
        (
            f'advancement = "{SECRET}"\n',
            "line 1: write each advancement as a [[advancement]] table",
        ),
        (GOOD + f'mana = "{SECRET}"\n', "line 5: mana must be a whole number 0 or more"),
        (
            GOOD + "shine = 1\n",
            "line 5: 'shine' is not a key of an advancement; the keys: name, level, cost, "
            "positions, position, mana, growth, decay, vp, grey, guardian, green, yellow, "
            "brown, purple, ability",
        ),
        (
            GOOD.replace('"I"', f'"{SECRET}"'),
            "line 3: level is one of I, II, III, fertile soil, starting",
        ),
        (
            GOOD.replace("cost = 2\n", ""),
            "line 1: an advancement needs its cost in mana (cost = 3)",
        ),
        (
            GOOD + f'positions = ["top", "{SECRET}"]\n',
            "line 5: positions takes top, middle or bottom, one or a list "
            '(positions = ["top", "middle"])',
        ),
        (GOOD + "cost = 3\n", "is not valid TOML: line 5, column 9: cannot overwrite a value"),
        (
            GOOD + "cnst = 3\n",
            "line 5: 'cnst' is not a key of an advancement; did you mean 'cost'?",
        ),
        (GOOD.replace("cost = 2", "cost = -1"), "line 4: cost must be a whole number 0 or more"),
        (
            f'[[vale]]\nname = "{SECRET}"\nlevel = "I"\ncost = {{ red = 1 }}\n',
            "line 4: a vale costs green, yellow, brown or any spirits, not 'red'",
        ),
        (
            f'[[vale]]\nname = "{SECRET}"\nlevel = "I"\ncost = 3\n',
            "line 4: write a vale's cost as spirits: cost = { green = 2 }",
        ),
        (
            f'[[vale]]\nlevel = "I"\nvp = 2\nnote = "{SECRET}"\n',
            'line 1: every vale needs a name (name = "...")',
        ),
    ],
)
def test_an_error_shows_only_the_line_at_fault(tmp_path: Path, toml: str, problem: str) -> None:
    error = setup_error(replay_with(tmp_path, "cards.toml", toml))
    joint = ", " if problem.startswith("line") else " "
    assert error.message == f"card catalogue {tmp_path / 'cards.toml'}{joint}{problem}"
    assert SECRET not in str(error.to_dict())


def test_the_check_report_shows_the_log_line_not_the_catalogue(tmp_path: Path) -> None:
    (tmp_path / "cards.toml").write_text(f'[default]\nkey = "{SECRET}"\n', encoding="utf-8")
    (tmp_path / "game.log").write_text(log_naming("cards.toml"), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path / "game.log")])
    assert result.exit_code == 1
    assert SECRET not in result.output
    assert "game.log:3:8: setup error: card catalogue" in result.output
    assert " 3 | cards: cards.toml" in result.output


def test_an_ability_is_a_note_in_words(tmp_path: Path) -> None:
    """``ability`` keeps what a card's text says (play asks for it when it learns a
    card); a value that is not text is refused at its line."""
    error = setup_error(replay_with(tmp_path, "cards.toml", GOOD + "ability = 2\n"))
    assert error.message.endswith(
        'line 5: ability is what its text says, in words (ability = "...")'
    )

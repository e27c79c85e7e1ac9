"""Mystic Vale's card list learnt at the table: a line naming a card the catalogue does
not hold makes `gamelog play` ask what the card shows (each answer checked at once), add
it to the catalogue file the log names, in that file's own format, and play the line;
the next game with that catalogue knows the card. Piped input is not asked."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from test_play import Terminal

from gamelog.core.replay import replay
from gamelog.core.session import Session
from gamelog.games import find

GAME = find("mystic-vale")
SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "mystic_vale"
HEADER = "game: mystic-vale\nplayers: Ann, Bob\ncards: cards.toml\n"


def _table(tmp_path: Path) -> Path:
    """A log with Ann's first turn, its catalogue the sample's copied beside it."""
    (tmp_path / "cards.toml").write_bytes((SAMPLES / "catalogue.toml").read_bytes())
    log = tmp_path / "tonight.log"
    log.write_text(HEADER + "Ann: 1 10 13 2 14 3 pass\n", encoding="utf-8")
    return log


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
@pytest.mark.slow
def test_play_asks_what_a_new_card_shows_and_the_next_game_knows_it(tmp_path: Path) -> None:
    log = _table(tmp_path)
    before = (tmp_path / "cards.toml").read_text(encoding="utf-8")
    term = Terminal("play", str(log), cwd=tmp_path)
    term.expect(r"> $")
    term.type("Ann: buy Moon Well top into 13\n")
    shown = term.expect(r"name: $")
    assert "Moon Well, an advancement, is not in the card catalogue cards.toml" in shown
    assert "Enter takes: Moon Well" in shown
    term.type("\n")
    assert "choices: I, II, III, fertile soil" in term.expect(r"level: $")
    term.type("IV\n")  # a wrong answer is said at once and asked again
    assert "gamelog: level: the level is one of I, II, III, fertile soil" in term.expect(
        r"level: $"
    )
    term.type("\n")  # Enter takes I
    term.expect(r"cost: $")
    term.type("three\n")
    assert "a whole number" in term.expect(r"cost: $")
    term.type("3\n")
    term.expect(r"positions: $")
    term.type("top\n")
    term.expect(r"symbols: $")
    term.type("1 mana 1 any\n")
    assert "'any' is a vale cost" in term.expect(r"symbols: $")
    term.type("1 mana, 1 growth\n")
    term.expect(r"ability: $")
    term.type("gain 1 vp once per turn\n")
    shown = term.expect(r"Bob> $")
    assert "cards.toml, line " in shown and "[[advancement]] Moon Well added" in shown
    assert "Ann buys Moon Well (Level I, top) for 3 mana, into sleeve 13" in shown
    term.type("quit\n")
    assert term.close() == 0
    assert log.read_text(encoding="utf-8").endswith("Ann: buy Moon Well top into 13\n")
    # The catalogue gained the card in its own format: a table at its end, the rest kept.
    after = (tmp_path / "cards.toml").read_text(encoding="utf-8")
    assert after.startswith(before)
    assert after[len(before) :] == (
        '\n[[advancement]]\nname = "Moon Well"\nlevel = "I"\ncost = 3\npositions = ["top"]\n'
        'mana = 1\ngrowth = 1\nability = "gain 1 vp once per turn"\n'
    )
    assert tomllib.loads(after)["advancement"][-1]["name"] == "Moon Well"
    # The next game with the catalogue knows the card.
    second = HEADER + "Ann: 1 10 13 2 14 3 pass; buy Moon Well top into 13\nBob: 4 pass\n"
    (tmp_path / "next.log").write_text(second, encoding="utf-8")
    result = replay(GAME, second, str(tmp_path / "next.log"))
    assert result.error is None
    assert result.state.players[0].slot(13, "top").symbols.growth == 1


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
@pytest.mark.slow
def test_a_card_named_from_a_gain_asks_its_kind_and_ctrl_c_writes_nothing(
    tmp_path: Path,
) -> None:
    log = _table(tmp_path)
    before = (tmp_path / "cards.toml").read_bytes()
    term = Terminal("play", str(log), cwd=tmp_path)
    term.expect(r"> $")
    term.type("Ann: gain 1 mana from Old Well\n")
    shown = term.expect(r"kind: $")
    assert "Old Well, a card, is not in the card catalogue" in shown
    assert "choices: advancement, vale" in shown
    term.type("vale\n")
    term.expect(r"name: $")
    term.type("\n")
    term.expect(r"level: $")
    term.type("\x03")  # not now
    shown = term.expect(r"> $")
    assert "not learnt: nothing is written" in shown
    assert "Old Well is not a known card" in shown  # the line's problem, as without a lesson
    term.type("quit\n")
    assert term.close() == 0
    assert (tmp_path / "cards.toml").read_bytes() == before
    assert "Old Well" not in log.read_text(encoding="utf-8")


def test_piped_input_is_not_asked(tmp_path: Path) -> None:
    log = _table(tmp_path)
    before = (tmp_path / "cards.toml").read_bytes()
    done = subprocess.run(
        [sys.executable, "-m", "gamelog", "play", str(log)],
        input="Ann: buy Moon Well top into 13\nI\n3\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 1  # a line of piped input was refused
    assert "Moon Well, an advancement, is not in the card catalogue cards.toml" in done.stderr
    assert "piped input is not asked" in done.stderr
    assert (tmp_path / "cards.toml").read_bytes() == before
    assert "Moon Well" not in log.read_text(encoding="utf-8")


def _answer(session: Session, line: str, answers: dict[str, str]) -> None:
    """``line`` refused for a card, its lesson answered (defaults where not given)."""
    outcome = session.submit(line)
    assert not outcome.accepted and outcome.error is not None
    lesson = session.lesson(outcome.error)
    assert lesson is not None
    given: dict[str, str] = {}
    while (question := lesson.ask(given)) is not None:
        answer = answers.get(question.key, question.default)
        assert answer is not None and question.check(answer) is None, question.key
        given[question.key] = answer
    lesson.learn(given)
    session.learnt()


def test_a_vale_is_written_in_a_crlf_catalogue_with_its_byte_order_mark(tmp_path: Path) -> None:
    text = (SAMPLES / "catalogue.toml").read_text(encoding="utf-8")
    (tmp_path / "cards.toml").write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode())
    log = tmp_path / "tonight.log"
    log.write_text(HEADER + "Ann: 1 10 13 2 14 3 pass\n", encoding="utf-8")
    session = Session(GAME, str(log))
    _answer(session, "Ann: buy vale Quiet Pool", {"cost": "1 any", "vp": "2"})
    # Known now, the line is checked by the rules: Ann's field shows no spirit.
    outcome = session.submit("Ann: buy vale Quiet Pool")
    assert outcome.error is not None and "not enough spirits" in outcome.error.message
    session.close()
    data = (tmp_path / "cards.toml").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and b"\n" not in data.replace(b"\r\n", b"")
    assert data.endswith(
        b'\r\n\r\n[[vale]]\r\nname = "Quiet Pool"\r\nlevel = "I"\r\ncost = { any = 1 }\r\n'
        b"vp = 2\r\n"
    )


def test_a_log_without_a_catalogue_has_no_lesson(tmp_path: Path) -> None:
    log = tmp_path / "tonight.log"
    log.write_text("game: mystic-vale\nplayers: Ann, Bob\nAnn: 1 10 13 2 14 3 pass\n")
    session = Session(GAME, str(log))
    outcome = session.submit("Ann: buy Moon Well top into 13")
    assert outcome.error is not None and session.lesson(outcome.error) is None
    session.close()
    # nor has a problem of another kind in a log that names one
    other = Session(GAME, str(_table(tmp_path)))
    outcome = other.submit("Ann: buy Sunlit Glade top into 13; buy Dew Sprite top into 14")
    assert outcome.error is not None and other.lesson(outcome.error) is None
    # nor a card of the other kind: the line wants 'buy vale'
    outcome = other.submit("Ann: buy Mossy Steps top into 13")
    assert outcome.error is not None and "write 'buy vale Mossy Steps'" in outcome.error.message
    assert other.lesson(outcome.error) is None
    other.close()

"""The completion engine (core/complete.py), the one source of `play`'s Tab and the
language server's completion, on real positions of the bundled samples: what a user
sees offered for the line typed so far."""

from __future__ import annotations

from pathlib import Path

from gamelog import games
from gamelog.core.complete import Completer, common_start
from gamelog.core.replay import replay

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def _completer(package: str, name: str, lines: int | None = None) -> Completer:
    """The completer at the sample's end (before its illegal move, if it has one), or
    after its first ``lines`` lines."""
    rules = games.load(package)
    path = SAMPLES / package / name
    text = path.read_text(encoding="utf-8")
    if lines is not None:
        text = "".join(line + "\n" for line in text.split("\n")[:lines])
    result = replay(rules, text, str(path))
    assert result.state is not None
    return Completer(rules, result.state, result.log, text=text, path=str(path))


def test_an_empty_line_offers_every_players_name_and_the_legal_lines() -> None:
    completer = _completer("seikatsu", "complete-3p.log", 8)  # Kai has moved: Ann's turn
    found = completer.candidates("")
    names = [c.text for c in found if c.kind == "name"]
    assert names == ["Kai: ", "Ann: ", "Bob: "]
    lines = [c.text for c in found if c.kind == "line"]
    assert lines and all(line.startswith("Ann: ") for line in lines)
    assert lines == [line for line, _, _ in completer.listed][: len(lines)]


def test_whole_lines_are_those_that_begin_with_what_is_typed_whatever_its_case() -> None:
    completer = _completer("seikatsu", "complete-3p.log", 8)
    found = [c.text for c in completer.candidates("ann: rp at d") if c.kind == "line"]
    assert found == ["Ann: RP at D2", "Ann: RP at D5", "Ann: RP at D6"]


def test_the_next_word_grows_the_line_by_one_word_of_a_legal_line() -> None:
    completer = _completer("seikatsu", "complete-3p.log", 8)
    words = {c.text for c in completer.candidates("Ann: RP ") if c.kind == "word"}
    assert "Ann: RP at " in words
    assert all(text.startswith("Ann: RP ") for text in words)


def test_play_implies_the_seat_and_hands_back_the_line_without_it() -> None:
    completer = _completer("seikatsu", "complete-3p.log", 8)
    offered = completer.complete("RP at D")
    assert offered == ["RP at D2", "RP at D5", "RP at D6"]
    assert common_start(offered) == "RP at D"


def test_an_option_line_completes_the_option_names_while_the_game_is_set_up() -> None:
    completer = _completer("terra_mystica", "league_game.txt", 1)
    offered = completer.complete("option strict-")
    assert offered == [
        "option strict-chaosmagician-sh",
        "option strict-darkling-sh",
        "option strict-leech",
    ]


def test_a_form_offers_its_blank_where_chance_decides_never_a_word_to_type() -> None:
    completer = _completer("mystical_seeds", "illegal_advance_wrong_track.log")
    form = next(line for line, _, is_form in completer.listed if is_form and "<" in line)
    typed = form[: form.index("<")]
    blanks = [c for c in completer.candidates(typed) if c.kind == "blank"]
    assert blanks and all(c.text.startswith(typed) and "<" in c.text for c in blanks)
    assert form in {c.text for c in blanks}
    # play's Tab never types a blank onto the line
    assert all("<" not in text for text in completer.complete(typed))

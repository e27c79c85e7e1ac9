"""The header of a Terra Mystica log, read by the core: only ``game:`` and the
information keys, every faction of the data starts a move, faction names without
regard to case, and the two things a site log keeps that a header would lose
(comments above the first move, ledger rows that look like ``key: value``)."""

from __future__ import annotations

from pathlib import Path

from gamelog.core.errors import IllegalMove, SetupError
from gamelog.core.replay import replay
from gamelog.games.terra_mystica import GAME

ROOT = Path(__file__).resolve().parent.parent.parent
CORPUS = ROOT / "tests" / "corpus" / "terra_mystica"
LEAGUE = (ROOT / "samples" / "terra_mystica" / "league_game.txt").read_text()
S1_G2 = (CORPUS / "commands" / "4pLeague_S1_D1L1_G2.txt").read_text()
OPENING = "\n".join(LEAGUE.split("\n")[:19])  # the comment, setup, the factions


def final_vp(text: str) -> dict[str, int]:
    result = replay(GAME, text, "log")
    assert result.error is None, str(result.error)
    assert result.finished
    return {f.name: f.r["VP"] for f in result.state.order}


def test_a_mistyped_game_key_is_a_header_error() -> None:
    error = replay(GAME, "gmae: terra-mystica\n" + S1_G2, "typo").error
    assert isinstance(error, SetupError)
    assert (error.line, error.column) == (1, 1)
    assert error.message == "unknown header key 'gmae'; did you mean 'game'?"


def test_the_game_line_and_information_keys_are_header_lines() -> None:
    text = "game: terra-mystica\ndate: 2024-01-12\nevent: league S1\n" + S1_G2
    assert final_vp(text) == final_vp(S1_G2)
    wrong = replay(GAME, "game: seikatsu\n" + S1_G2, "x").error
    assert isinstance(wrong, SetupError) and wrong.line == 1


def test_a_header_line_among_the_moves_is_a_header_error() -> None:
    lines = S1_G2.split("\n")
    lines.insert(40, "game: terra-mystica")
    error = replay(GAME, "\n".join(lines), "x").error
    assert isinstance(error, SetupError) and error.line == 41
    assert error.message.startswith("the header line 'game:' comes after the first move")


def test_a_faction_is_the_same_faction_in_any_case() -> None:
    upper = "\n".join(
        line.replace("halflings:", "Halflings:").replace("mermaids:", "MERMAIDS:")
        for line in S1_G2.split("\n")
    )
    assert final_vp(upper) == final_vp(S1_G2)


def test_a_mistyped_faction_gets_the_nearest_faction() -> None:
    error = replay(GAME, OPENING + "\nwitchs: build E6\n", "x").error
    assert isinstance(error, IllegalMove) and (error.line, error.column) == (20, 9)
    assert error.message == (
        "witchs: build E6: witchs is not a player of this game; did you mean 'witches'?"
    )
    assert error.facts == ["the players: halflings, darklings, engineers, witches"]


def test_a_faction_line_before_any_setup_says_no_faction_is_set_up() -> None:
    """Not an empty 'the players:' fact (issue 21, item 12)."""
    error = replay(GAME, "option strict-leech\nwitches: build E6\n", "x").error
    assert isinstance(error, IllegalMove) and (error.line, error.column) == (2, 10)
    assert error.message == "witches: build E6: witches is not a player of this game"
    assert error.facts[0] == "no faction is set up yet"


def test_comments_above_the_first_move_stay_rows_of_the_ledger() -> None:
    result = replay(GAME, "# Default game options\n" + S1_G2, "x", keep_steps=True)
    assert GAME.export(result, "ledger").startswith(" Default game options\n")


def test_a_ledger_that_starts_with_a_row_like_a_key_is_still_a_ledger() -> None:
    """A ledger whose first row is 'Round 1 scoring: ...' (its option rows further down)
    and with a comment 'note: ...' among its rows: rows, not mistyped header keys. The
    rows are the site's own (the corpus ledger of the game), so they verify."""
    site = (CORPUS / "ledgers" / "4pLeague_S1_D1L1_G2.txt").read_text(encoding="utf-8")
    lines = [line.removesuffix("\tshow history") for line in site.split("\n")[:80]]
    lines = [line for line in lines if line.strip()]
    options = [line for line in lines if line.startswith(("option ", "Default game options"))]
    rest = [line for line in lines if line not in options]
    first = next(i for i, line in enumerate(rest) if line.startswith("Round 1 scoring"))
    rows = rest[first:]
    rows.insert(rows.index(next(r for r in rows if "\t" in r)), " note: a comment of the log")
    text = "\n".join(rows[:6] + options + rows[6:]) + "\n"
    assert text.startswith("Round 1 scoring: ")
    result = replay(GAME, text, "x")
    assert result.error is None, str(result.error)
    assert result.state.verified_rows == sum(1 for row in rows if "\t" in row)
    assert result.state.round == 1

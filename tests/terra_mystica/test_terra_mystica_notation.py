"""The command language in both dialects and both containers: what parses, what it
means, and the notation errors for what does not parse."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelog.core.errors import NotationError
from gamelog.core.outcome import record
from gamelog.core.replay import replay
from gamelog.games import detect
from gamelog.games.terra_mystica import GAME
from gamelog.games.terra_mystica.meta import is_ledger
from gamelog.games.terra_mystica.notation import commands as cmd
from gamelog.games.terra_mystica.notation import moves
from gamelog.games.terra_mystica.notation.commands import ADMIN
from gamelog.games.terra_mystica.notation.moves import LedgerRow, read_command_log

ROOT = Path(__file__).resolve().parent.parent.parent
CORPUS = ROOT / "tests" / "corpus" / "terra_mystica"
SAMPLES = ROOT / "samples" / "terra_mystica"
EXPECTED = json.loads((CORPUS / "expected.json").read_text())


def final_vp(text: str) -> dict[str, int]:
    result = replay(GAME, text, "log")
    assert result.error is None, str(result.error)
    assert result.finished
    return {f.name: f.r["VP"] for f in result.state.order}


def test_keywords_hexes_and_factions_are_case_insensitive() -> None:
    text = (CORPUS / "commands" / "4pLeague_S1_D1L1_G3.txt").read_text()
    assert final_vp(text.upper()) == EXPECTED["4pLeague_S1_D1L1_G3.txt"]


def test_game_header_and_comments_are_accepted() -> None:
    text = (CORPUS / "commands" / "4pLeague_S1_D1L1_G2.txt").read_text()
    annotated = "game: terra-mystica\n# league game\n" + text.replace("\n", "  # note\n", 5)
    assert final_vp(annotated) == EXPECTED["4pLeague_S1_D1L1_G2.txt"]


def test_both_forms_are_recognised_without_a_game_line() -> None:
    commands = (CORPUS / "commands" / "4pLeague_S1_D1L1_G2.txt").read_text()
    ledger = (CORPUS / "ledgers" / "4pLeague_S1_D1L1_G2.txt").read_text()
    assert detect(commands) is GAME
    assert detect(ledger) is GAME
    assert GAME.parse(ledger).header.form == "ledger"
    assert GAME.parse(commands).header.form == "commands"


def test_a_line_holds_several_commands_and_its_leech_answers_come_first() -> None:
    (line,) = read_command_log("Witches: burn 4. Action ACT5. build E7. Leech 1 from darklings\n")
    kinds = [type(c) for _, c in line.entries]
    assert kinds == [cmd.Leech, cmd.Burn, cmd.Action, cmd.Build]
    assert [c.text for _, c in line.entries] == [
        "Leech 1 from darklings",
        "burn 4",
        "Action ACT5",
        "build E7",
    ]
    assert {actor for actor, _ in line.entries} == {"witches"}


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("convert 1pw to 1c", cmd.Convert("convert 1pw to 1c", 1, "PW", 1, "C")),
        ("Convert 3 power to 3 coins", cmd.Convert("Convert 3 power to 3 coins", 3, "PW", 3, "C")),
        ("convert pw to c", cmd.Convert("convert pw to c", 1, "PW", 1, "C")),
        ("upgrade e2 to trading post", cmd.Upgrade("upgrade e2 to trading post", "E2", "TP")),
        ("send priest to air for 1", cmd.Send("send priest to air for 1", "AIR", 1)),
        ("transform f2 to grey", cmd.Transform("transform f2 to grey", "F2", "gray")),
        ("+2TW5", cmd.Adjust("+2TW5", 2, "TW5", None)),
        ("-SPADE", cmd.Adjust("-SPADE", -1, "SPADE", None)),
        ("advance shipping", cmd.Advance("advance shipping", "ship")),
        ("Leech 1", cmd.Leech("Leech 1", 1, None)),
        ("decline", cmd.Decline("decline", None, None)),
        ("pass", cmd.Pass("pass", None)),
        ("connect r12", cmd.Connect("connect r12", ("r12",))),
        ("bridge d4:c2", cmd.Bridge("bridge d4:c2", "D4", "C2", False)),
    ],
)
def test_command_meaning(text: str, command: cmd.Command) -> None:
    (line,) = read_command_log(f"nomads: {text}\n")
    assert line.entries == (("nomads", command),)


def test_first_bonus_tiles_in_2013_style() -> None:
    (line,) = read_command_log("Darklings: +Bon5\n")
    assert line.entries == (("darklings", cmd.Pass("pass BON5", "BON5")),)


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("setup witches\nwitches: biuld E7\n", 2, 10, "unexpected 'biuld"),
        ("setup witches\nwitches: upgrade E7 to palace\n", 2, 24, "a building"),
        ("setup witches\nwitches: send p to moon\n", 2, 20, "a cult track"),
        ("opton strict-leech\n", 1, 1, "unexpected"),
        (
            "setup witches\nwitches: convert 1pw to\n",
            2,
            24,
            "end of line; expected a number or a resource",
        ),
    ],
)
def test_notation_errors_point_at_the_fault(text: str, line: int, column: int, words: str) -> None:
    result = replay(GAME, text, "bad")
    assert isinstance(result.error, NotationError)
    assert (result.error.line, result.error.column) == (line, column)
    assert words in result.error.message


def test_ledger_rows_carry_the_recorded_state() -> None:
    moves = GAME.parse((CORPUS / "ledgers" / "4pLeague_S66_D1L1_G5.txt").read_text()).moves
    row = next(m for m in moves if isinstance(m, LedgerRow) and m.source == "dig 1. build H7")
    assert row.faction == "darklings"
    recorded = row.recorded
    assert (recorded.vp, recorded.coins, recorded.workers, recorded.priests) == (24, 13, 5, 0)
    assert recorded.bowls == (5, 7, 0)
    assert recorded.cults == (0, 1, 1, 0)
    assert recorded.leech == (1,)


@pytest.mark.parametrize(
    ("cell", "replacement"),
    [("24 VP", "24 PV"), ("13 C", "13"), ("5/7/0 PW", "5/7 PW"), ("0/1/1/0", "0/1/1")],
)
def test_malformed_ledger_cells_are_notation_errors(cell: str, replacement: str) -> None:
    lines = (CORPUS / "ledgers" / "4pLeague_S66_D1L1_G5.txt").read_text().split("\n")
    number = next(i for i, line in enumerate(lines) if line.endswith("dig 1. build H7"))
    lines[number] = lines[number].replace(cell, replacement, 1)
    result = replay(GAME, "\n".join(lines), "bad")
    assert isinstance(result.error, NotationError)
    assert result.error.line == number + 1


def test_lines_parsed_by_shape_mean_what_they_mean_parsed_alone() -> None:
    """Lines that differ only in hexes, numbers and case share one parse ("shape"); every
    body of the corpus and the samples must come out as Lark parses it on its own."""
    from gamelog.games.terra_mystica.notation import line_cache
    from gamelog.games.terra_mystica.notation.moves import GRAMMAR
    from gamelog.games.terra_mystica.notation.transformer import SOURCE_LINES

    line_cache.clear_caches()
    for path in [*sorted((CORPUS / "commands").glob("*.txt")), *sorted(SAMPLES.glob("*.txt"))]:
        text = path.read_text(encoding="utf-8")
        if "\t" not in text:
            with contextlib.suppress(NotationError):
                read_command_log(text)
    assert len(line_cache._SHAPE_CACHE) > 50  # the shapes did the work
    for body, parsed in line_cache._BODY_CACHE.items():
        SOURCE_LINES.clear()
        SOURCE_LINES[1] = f"x:{body}"
        ((_, alone),) = GRAMMAR.parse(f"x:{body}\n")
        SOURCE_LINES.clear()
        assert [(type(c), c) for c in parsed.commands] == [(type(c), c) for c in alone.commands]
        assert parsed.comments == alone.comments


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        ("witches: build E7", "witches: Build f12", cmd.Build("Build f12", "F12")),
        (
            "witches: leech 1 from cultists",
            "witches: Leech 3 from cultists",
            cmd.Leech("Leech 3 from cultists", 3, "cultists"),
        ),
        (
            "engineers: bridge D4:C2",
            "engineers: bridge e6:f5",
            cmd.Bridge("bridge e6:f5", "E6", "F5", False),
        ),
        # Zero is no stand-in (a count of 0 is read as the default count of 1).
        (
            "witches: convert 1 W to 1 C",
            "witches: convert 0 W to 0 C",
            cmd.Convert("convert 0 W to 0 C", 1, "W", 1, "C"),
        ),
        # A hex-like word that is not a hex keeps its own parse.
        (
            "witches: send p to fire for 1",
            "witches: gain P3 for VP",
            cmd.GainFor("gain P3 for VP", "P3", "VP"),
        ),
    ],
)
def test_a_line_with_a_known_shape_gets_its_own_values(
    first: str, second: str, expected: cmd.Command
) -> None:
    from gamelog.games.terra_mystica.notation import line_cache

    line_cache.clear_caches()
    read_command_log(f"{first}\n")
    (line,) = read_command_log(f"{second}\n")
    assert line.entries[-1][1] == expected and type(line.entries[-1][1]) is type(expected)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab1 +.:\t\u00a0-#E7", max_size=12))
def test_tidying_skips_only_text_it_would_not_change(text: str) -> None:
    from gamelog.games.terra_mystica.notation import transformer

    slow = transformer._SPACES.sub(" ", text).strip()
    slow = transformer._AFTER_WORD.sub(r"\1\2", transformer._BEFORE_WORD.sub(r"\1\2", slow))
    assert transformer.tidy(text) == slow


# --- comments and the two forms side by side (issue 21) ----------------------------

LEAGUE = SAMPLES / "league_game.txt"


def _record(text: str) -> dict:  # type: ignore[type-arg]
    return record(replay(GAME, text, "log"))


def _scores(outcome: dict) -> tuple:  # type: ignore[type-arg]
    return (
        outcome["status"],
        outcome["moves"],
        [(p["name"], p["total"]) for p in outcome["players"]],
    )


@pytest.mark.parametrize(
    ("line", "text", "comment"),
    [
        # The witches' stronghold action grants a dwelling, built on the next line.
        (158, "witches: build A10  # note", "note"),
        (158, "# the free dwelling of ACTW\nwitches: build A10", "the free dwelling of ACTW"),
        (157, "witches: Action actw  # then a free dwelling", "then a free dwelling"),
    ],
    ids=["on the next line", "a line between", "on the line"],
)
def test_a_comment_within_a_turn_does_not_end_the_turn(line: int, text: str, comment: str) -> None:
    """The site ends a faction's turn when the next entry is somebody else's, and a
    comment is an entry of the stream (a ledger row); it must not be whose entry is
    next, or ``witches: build A10  # note`` ends the witches' turn before the build
    and the next witches' line is out of turn (issue 21, item 11)."""
    lines = LEAGUE.read_text(encoding="utf-8").split("\n")
    assert lines[156:158] == ["witches: Action actw", "witches: build A10"]
    lines[line - 1] = text
    commented = "\n".join(lines)
    assert _scores(_record(commented)) == _scores(_record(LEAGUE.read_text(encoding="utf-8")))
    # The comment is still a row of the ledger, just above the witches' row it is in.
    rows = GAME.export(replay(GAME, commented, "log"), "ledger").split("\n")
    at = rows.index(next(row for row in rows if row.endswith("\tAction actw. build A10")))
    assert rows[at - 1] == f" {comment}"


def test_a_comment_between_two_equal_gains_does_not_part_them() -> None:
    """Two identical ``+X`` of one faction in a row are one ``+2X`` on the site; a
    comment between them is no entry of a faction's and leaves them in a row."""
    from gamelog.games.terra_mystica.notation.commands import COMMENT
    from gamelog.games.terra_mystica.notation.rewrites import rewrite_stream

    gain = cmd.Adjust("+FIRE", 1, "FIRE", None)
    stream = [("auren", gain), (COMMENT, cmd.Comment(" a note")), ("auren", gain)]
    rewrite_stream(stream)
    assert stream[0] == ("auren", cmd.Adjust("+2FIRE", 2, "FIRE", None))
    assert stream[1:] == [(COMMENT, cmd.Comment(" a note")), None]


def test_a_note_may_end_a_ledger_row_or_a_comment_row() -> None:
    """A ledger's rows take a ``# note`` at their end, after a space or a tab; an admin
    comment row (``option ...``, ``map ...``) still sets what it says."""
    lines = (SAMPLES / "league_game_ledger.txt").read_text(encoding="utf-8").split("\n")
    plain = GAME.parse("\n".join(lines)).moves
    lines[1] += "  # the site's default"  # option strict-leech
    lines[25] += "\t# note"  # halflings ... setup
    lines[29] += " # note"  # halflings ... build E6
    noted = GAME.parse("\n".join(lines)).moves
    assert [(m.line, m.entries) for m in noted] == [(m.line, m.entries) for m in plain]
    assert noted[0].entries == ((ADMIN, cmd.Option("option strict-leech", "strict-leech")),)


def test_a_ledger_row_in_a_command_log_is_a_notation_error_at_the_row() -> None:
    """A row of the ledger export pasted into a command log (issue 21, item 12): the log
    stays a command log, the row is a notation error at its line, and the provisional
    sheet is that of the log cut there (198 moves, the four factions)."""
    lines = LEAGUE.read_text(encoding="utf-8").split("\n")
    row = "halflings\t\t20 VP\t\t15 C\t\t3 W\t\t0 P\t\t3/9/0 PW\t\t0/0/1/1\t\tpass"
    text = "\n".join([*lines[:199], row, *lines[199:]])
    assert GAME.parse(text.replace(row, "")).header.form == "commands"
    result = replay(GAME, text, "log")
    assert isinstance(result.error, NotationError)
    assert (result.error.line, result.error.column) == (200, 1)
    assert result.error.message == (
        "a ledger row in a command log: a command log writes this move as 'halflings: pass'; "
        "rows of cells between tabs are the site's ledger export, a log of its own"
    )
    cut = _record("\n".join(lines[:199]) + "\n")
    assert _scores(cut)[1:] == (198, _scores(cut)[2]) and len(cut["players"]) == 4
    assert _scores(record(result))[1:] == _scores(cut)[1:]


def test_a_ledger_row_says_what_a_command_log_writes() -> None:
    setup_row = "witches\t\t20 VP\t\t15 C\t\t3 W\t\t0 P\t\t5/7/0 PW\t\t0/0/0/2\t\tsetup"
    result = replay(GAME, f"option strict-leech\nsetup darklings\n{setup_row}\n", "log")
    assert isinstance(result.error, NotationError)
    assert (result.error.line, result.error.column) == (3, 1)
    assert "writes this move as 'setup witches'" in result.error.message


def test_a_notation_error_above_a_ledger_row_comes_first() -> None:
    lines = LEAGUE.read_text(encoding="utf-8").split("\n")
    lines[149] = "engineers: convert 4pw to"
    lines.insert(199, "witches\t\t20 VP\t\t15 C\t\t3 W\t\t0 P\t\t5/7/0 PW\t\t0/0/0/2\t\tbuild A1")
    result = replay(GAME, "\n".join(lines), "log")
    assert isinstance(result.error, NotationError)
    assert result.error.line == 150


def test_a_ledger_with_a_command_line_is_still_a_ledger() -> None:
    lines = (SAMPLES / "league_game_ledger.txt").read_text(encoding="utf-8").split("\n")
    lines.insert(40, "witches: build E6")
    assert GAME.parse("\n".join(lines)).header.form == "ledger"


def test_a_ledger_read_line_by_line_is_the_ledger_read_whole() -> None:
    """Each ledger line is read alone once per process (moves._LEDGER_LINES): the moves
    are those of the whole text read at once, line numbers and all, for every ledger
    of the samples and the corpus; a ledger that does not read gives the same error."""
    paths = [*sorted(SAMPLES.glob("*.txt")), *sorted((CORPUS / "ledgers").glob("*.txt"))]
    ledgers = [p.read_text(encoding="utf-8") for p in paths]
    ledgers = [text for text in ledgers if is_ledger(text)]
    assert len(ledgers) > 40
    broken = 0
    for text in ledgers:
        for edited in (text, text.replace("\tbuild ", "\tbiuld ", 1)):
            try:
                whole: object = [vars(m) for m in moves._read_ledger_text(edited)]
            except NotationError as error:
                whole = (error.message, error.line, error.column)
                broken += 1
            try:
                by_line: object = [vars(m) for m in moves.read_ledger(edited)]
            except NotationError as error:
                by_line = (error.message, error.line, error.column)
            assert by_line == whole
    assert broken

"""Compiler-style reports: path:line:column, the source line, a caret, rule and facts."""

from gamelog.core.errors import IllegalMove, NotationError
from gamelog.core.report import format_error, one_line

TEXT = "game: seikatsu\nAnn: GK D7\n"


def test_report_points_at_the_column_and_names_rule_and_facts() -> None:
    error = IllegalMove(
        "D7 is not adjacent to any tile",
        line=2,
        column=9,
        rule="a tile goes next to a tile already in the garden",
        facts=["its neighbours C6, D6, E6 are empty"],
        path="game.log",
    )
    assert format_error(error, TEXT).split("\n") == [
        "game.log:2:9: illegal move: D7 is not adjacent to any tile",
        " 2 | Ann: GK D7",
        "   |         ^",
        "  rule: a tile goes next to a tile already in the garden",
        "  fact: its neighbours C6, D6, E6 are empty",
    ]


def test_report_without_a_source_line_still_names_the_place() -> None:
    error = NotationError("unexpected 'x'", line=40, column=2, path="a.log")
    assert format_error(error, TEXT) == "a.log:40:2: notation error: unexpected 'x'"
    assert one_line(error) == "40:2: unexpected 'x'"


def test_a_huge_line_is_clipped_around_the_caret() -> None:
    long_line = "x" * 5_000_000
    error = NotationError("unexpected 'x'", line=1, column=2_500_000, path="big.log")
    lines = format_error(error, long_line).split("\n")
    assert all(len(line) < 400 for line in lines)
    source, caret = lines[1], lines[2]
    assert caret.index("^") < len(source)


def test_a_line_without_a_column_gets_column_1() -> None:
    from gamelog.core.errors import SetupError

    error = SetupError("no players", line=3).at(1, 5)
    assert (error.line, error.column) == (3, 1)
    unplaced = SetupError("no players").at(7, 5)
    assert (unplaced.line, unplaced.column) == (7, 5)

"""The plain table that audit and `games` print without tabulate."""

from pathlib import Path

import pytest

from gamelog.core import render
from gamelog.core.errors import GamelogError
from gamelog.core.render import plain_table

SAMPLES = Path(__file__).resolve().parent.parent.parent / "samples"


def test_plain_table_pads_text_left_and_numbers_right() -> None:
    table = plain_table([["a.log", "12", "ok"], ["longer.log", "3", ""]], ["file", "moves", "note"])
    assert table.splitlines() == [
        "file        moves  note",
        "----------  -----  ----",
        "a.log          12  ok",
        "longer.log      3",
    ]


def test_plain_table_with_no_rows_is_header_and_rule() -> None:
    assert plain_table([], ["game", "title"]).splitlines() == ["game  title", "----  -----"]


def test_plain_table_treats_ranges_as_text() -> None:
    lines = plain_table([["2-4"], ["10"]], ["players"]).splitlines()
    assert lines[2:] == ["2-4", "10"]


# --- the score tables, drawn without tabulate where their cells allow ---------------

TABLES = [
    ([["VP", "12", "3 (2 towns)"], ["total", "-4", "10"]], ["category", "Ann", "Bob"]),
    ([[1, "Ann", "40", "most seeds"], [2, "Bo", "38", ""]], ["rank", "player", "total", "x"]),
    ([["a", ""], ["b", ""]], ["name", "empty column"]),
    ([["x", "", "7"], ["yy", "3", ""]], ["k", "mixed", "ints"]),
    ([["José", "1"]], ["name", "n"]),
    ([["2-4", "1e5"]], ["range", "float"]),
    ([["1,000", "True"]], ["thousands", "truth"]),
    ([["8 (Elder Root 4, Crown 4)", "-1,000.5"]], ["points, named", "signed thousands"]),
    ([["1,0000", "1,2,3"], ["12,345", ",5"]], ["not thousands", "commas"]),
    ([[" padded", "0.5"]], ["space", "half"]),
    ([["+3", "007"]], ["signed", "zeros"]),
    ([["two\nlines", "inf"]], ["multi", "infinite"]),
]


@pytest.mark.parametrize(("rows", "headers"), TABLES)
@pytest.mark.parametrize("tablefmt", ["simple", "github"])
def test_tables_are_drawn_exactly_as_tabulate_draws_them(
    rows: list[list[object]], headers: list[str], tablefmt: str
) -> None:
    from tabulate import tabulate as reference

    assert render.tabulate(rows, headers, tablefmt) == reference(
        rows, headers=headers, tablefmt=tablefmt
    )


def test_score_tables_of_every_sample_match_tabulate(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every sample's score and ranking table, as the commands draw them."""
    from tabulate import tabulate as reference

    from gamelog.core.logs import game_for, read_log
    from gamelog.core.outcome import record, sheet_of
    from gamelog.core.replay import replay

    original = render.tabulate
    calls: list[tuple[list[list[object]], list[str], str]] = []

    def spy(rows: list[list[object]], headers: list[str], tablefmt: str) -> str:
        calls.append((rows, headers, tablefmt))
        return original(rows, headers, tablefmt)

    monkeypatch.setattr(render, "tabulate", spy)
    for path in sorted(SAMPLES.rglob("*")):
        if path.suffix not in (".log", ".txt"):
            continue
        text = read_log(str(path), 10_000_000)
        try:
            game = game_for(text, None)
        except GamelogError:
            continue
        result = replay(game, text, str(path))
        sheet = sheet_of(result)
        if sheet is None:
            continue
        render.score_table(sheet)
        render.ranking_table(record(result, sheet))
    drawn = 0
    for rows, headers, tablefmt in calls:
        assert original(rows, headers, tablefmt) == reference(
            rows, headers=headers, tablefmt=tablefmt
        ), (rows, headers)
        drawn += render._plain_table(rows, headers, tablefmt) is not None
    assert drawn > 100  # most are drawn without tabulate

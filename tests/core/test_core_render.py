"""The plain table that audit and `games` print without tabulate."""

from gamelog.core.render import plain_table


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

"""The board view for ``replay --to N``: the hex garden from pink's side."""

from __future__ import annotations

from seikatsu_helpers import HEADER_2P, run, run_sample

from gamelog.games.seikatsu import GAME


def test_empty_garden_shows_labels_pond_and_pagodas() -> None:
    view = GAME.render_position(run(HEADER_2P).state)
    lines = view.split("\n")
    assert lines[0].strip() == "d7"
    assert lines[3].split() == ["a4", "c5", "e5", "g4", "[blue:", "Bob]"]
    assert lines[6].split() == ["b3", "~~", "f3"]
    assert lines[8].split() == ["b2", "GK", "f2"]  # the setup tile on D3
    assert lines[12].strip() == "d1"
    assert lines[13].strip() == "[pink: Ann]"
    assert "2/36 spaces filled" in view
    assert "next: Ann (pink)" in view


def test_columns_line_up_as_flat_top_hexes() -> None:
    lines = GAME.render_position(run(HEADER_2P).state).split("\n")
    d7, d1 = lines[0].index("d7"), lines[12].index("d1")
    assert d7 == d1  # column D is one vertical line
    assert lines[1].index("c6") == d7 - 6 and lines[1].index("e6") == d7 + 6


def test_full_garden_shows_every_tile_code() -> None:
    result = run_sample("complete-3p.log")
    view = GAME.render_position(result.state)
    assert "[green: Bob]" in view.split("\n")[3]  # green sits behind A4, left
    assert view.split("\n")[3].endswith("[blue: Kai]")
    board_lines = view.split("\n")[:13]
    assert sum(line.split().count("KOI") for line in board_lines) == 4
    assert "the garden is full" in view
    cells = [w for line in view.split("\n")[:13] for w in line.split() if w != "~~"]
    tiles = [w for w in cells if not w.startswith("[") and not w.endswith("]")]
    assert len(tiles) == 36 and all(t.isupper() for t in tiles)


def test_tournament_view_shows_koi_in_hand() -> None:
    text = "players: Ann (pink), Bob (blue)\nmode: tournament\nsetup: GK D3, RB E4\nAnn: koi C3\n"
    view = GAME.render_position(run(text).state)
    assert "koi in hand: Ann 1, Bob 2" in view

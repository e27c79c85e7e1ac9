"""The garden's geometry, derived from axial coordinates, against the reference table
(a copy of the reference's seikatsu_spaces.json kept beside this test)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamelog.games.seikatsu import board

REFERENCE = json.loads((Path(__file__).parent / "seikatsu_spaces.json").read_text(encoding="utf-8"))
BY_LABEL = {entry["pink"]: entry for entry in REFERENCE}


def test_36_spaces_with_the_pond_left_out() -> None:
    assert len(board.SPACES) == 36
    assert set(board.SPACES) == set(BY_LABEL)
    assert "D4" not in board.SPACES
    rows = {letter: [s for s in board.SPACES if s[0] == letter] for letter in "ABCDEFG"}
    assert rows["A"] == ["A1", "A2", "A3", "A4"]
    assert rows["D"] == ["D1", "D2", "D3", "D5", "D6", "D7"]
    assert [len(r) for r in rows.values()] == [4, 5, 6, 6, 6, 5, 4]


@pytest.mark.parametrize("label", sorted(BY_LABEL))
def test_axial_coordinates_match_the_reference(label: str) -> None:
    entry = BY_LABEL[label]
    assert board.AXIAL[board.INDEX[label]] == (entry["q"], entry["r"])


@pytest.mark.parametrize("label", sorted(BY_LABEL))
def test_neighbours_match_the_reference(label: str) -> None:
    ours = {board.SPACES[n] for n in board.NEIGHBOURS[board.INDEX[label]]}
    assert ours == set(BY_LABEL[label]["nbrs"])


def test_84_adjacent_pairs_and_corners_have_3_neighbours() -> None:
    assert sum(len(n) for n in board.NEIGHBOURS) == 2 * 84
    corners = {board.SPACES[i] for i, n in enumerate(board.NEIGHBOURS) if len(n) == 3}
    assert corners == {"A1", "A4", "D1", "D7", "G1", "G4"}


def test_pond_neighbours() -> None:
    ours = {board.SPACES[i] for i in board.POND_ADJACENT}
    assert ours == {label for label, e in BY_LABEL.items() if e["pond_adjacent"]}
    assert ours == {"C3", "C4", "D3", "D5", "E3", "E4"}


@pytest.mark.parametrize(("corner", "column"), [("G4", "FR"), ("A4", "FL")])
def test_other_pagodas_see_the_reference_labels(corner: str, column: str) -> None:
    for label, entry in BY_LABEL.items():
        assert board.VIEW_LABELS[corner][board.INDEX[label]] == entry[column], label


def test_each_pagoda_has_7_rows_of_4_5_6_6_6_5_4() -> None:
    assert board.row_lengths() == {c: [4, 5, 6, 6, 6, 5, 4] for c in board.CORNERS}
    for rows in board.ROWS.values():
        covered = sorted(i for _, cells in rows for i in cells)
        assert covered == list(range(36))  # every space in exactly one row


def test_rows_run_away_from_their_pagoda() -> None:
    pink = dict(board.ROWS["D1"])
    assert board.names(pink["D"]) == "D1, D2, D3, D5, D6, D7"
    front_right = dict(board.ROWS["G4"])
    assert board.names(front_right["A"]) == "G1, F1, E1, D1"
    assert board.names(front_right["D"]) == "G4, F4, E4, C3, B2, A1"
    front_left = dict(board.ROWS["A4"])
    assert board.names(front_left["D"]) == "A4, B4, C4, E3, F2, G1"
    assert board.names(front_left["G"]) == "A1, B1, C1, D1"


def test_rows_are_straight_lines_of_one_axis() -> None:
    """Pink's rows keep q, the G4 pagoda's keep s, the A4 pagoda's keep r."""
    axis = {"D1": lambda q, r: q, "G4": lambda q, r: -q - r, "A4": lambda q, r: r}
    for corner, rows in board.ROWS.items():
        for _, cells in rows:
            assert len({axis[corner](*board.AXIAL[i]) for i in cells}) == 1


def test_space_problems_name_the_row() -> None:
    assert board.space_problem("c4") is None
    assert board.space_problem("D4") is None  # the pond: a real place, rejected by the rules
    assert board.space_problem("A5") == "'A5' is not a space: row A runs from A1 to A4"
    assert board.space_problem("H1") == "'H1' is not a space: the rows are A to G"

"""Map geometry: coordinates, adjacency, river distances and bridge spots of the
original map, the other maps shipped as terrain files, and the terrain wheel."""

from __future__ import annotations

import pytest

from gamelog.games.terra_mystica.board import board_for, colour_difference, colours_on_cycle
from gamelog.games.terra_mystica.components import MAPS, map_id

ORIGINAL = "126fe960806d587c78546b30f1a90853b1ada468"


@pytest.fixture(scope="module")
def original():
    return board_for(MAPS[ORIGINAL])


def test_original_map_has_77_land_and_36_river_hexes(original) -> None:
    assert len(original.land) == 77
    assert len(original.rivers) == 36
    assert original.land[:3] == ("A1", "A2", "A3")
    assert original.start_colour["E7"] == "gray"
    assert original.start_colour["I12"] == "red"
    assert "r35" in original.rivers


def test_map_ids_are_the_sha1_of_the_terrain(original) -> None:
    for key, terrain in MAPS.items():
        assert map_id(terrain) == key
    assert ORIGINAL in MAPS


def test_neighbours_follow_the_shifted_rows(original) -> None:
    # Row E is even (0-based 4): neighbours above and below sit at positions p-1 and p.
    assert original.neighbours["E7"] == frozenset({"E6", "E8", "D4", "D5", "F4", "r22"})
    # Row B is odd: positions p and p+1.
    assert original.neighbours["B1"] == frozenset({"A1", "A2", "r0", "r6", "r7"})
    assert all(a in original.neighbours[b] for a in original.hexes for b in original.neighbours[a])


def test_river_distance_counts_river_hexes_crossed(original) -> None:
    assert original.river_range["C3"]["C4"] == 1  # across r10
    assert original.river_range["E8"]["E9"] == 2  # across r18 and r19
    assert original.river_range["E8"]["D6"] == 1
    assert original.river_range["E8"]["B4"] == 2
    assert "E2" not in original.river_range["E8"]  # no river path
    assert original.land_range["E7"]["E8"] == 0  # adjacent: distance 1, range 0
    assert original.land_range["E7"]["E9"] == 3


def test_29_bridge_spots_on_the_original_map(original) -> None:
    pairs = {frozenset((a, b)) for a, others in original.bridgable.items() for b in others}
    assert len(pairs) == 29
    assert frozenset(("D4", "C2")) in pairs
    assert frozenset(("F4", "G3")) in pairs


def test_fire_and_ice_side_1_starts_with_an_empty_row() -> None:
    board = board_for(MAPS["95a66999127893f5925a5f591d54f8bcb9a670e6"])
    assert board.land[0] == "B1"
    assert board.rows[0] == "A"
    assert board.land[-1].startswith("J")


@pytest.mark.parametrize(
    ("start", "target", "steps"),
    [("yellow", "brown", 1), ("yellow", "red", -1), ("brown", "gray", -3), ("green", "yellow", 3)],
)
def test_terrain_wheel(start: str, target: str, steps: int) -> None:
    assert colour_difference(start, target) == steps


def test_spades_walk_towards_home() -> None:
    # From green with one spade a brown faction gets blue (towards brown), not gray.
    assert colours_on_cycle("green", "brown", 1)[0] == "blue"
    assert colours_on_cycle("green", "brown", 3)[0] == "brown"


def test_a_map_line_switches_to_that_terrain_file() -> None:
    from gamelog.core.replay import replay
    from gamelog.games.terra_mystica import GAME

    log = (
        "map 95a66999127893f5925a5f591d54f8bcb9a670e6\n"
        "score SCORE1,SCORE2,SCORE3,SCORE4,SCORE5,SCORE6\n"
        "setup witches\nsetup halflings\n"
        "witches: build B6\nhalflings: build B1\nhalflings: build B2\n"
    )
    result = replay(GAME, log, "fire-and-ice.txt")
    assert result.error is None, str(result.error)
    engine = result.state
    assert engine.building == {"B6": "D", "B1": "D", "B2": "D"}
    assert engine.colour["B6"] == "green"
    bad = replay(GAME, log.replace("build B6", "build A1"), "x")
    assert bad.error is not None and "no hex A1" in bad.error.message

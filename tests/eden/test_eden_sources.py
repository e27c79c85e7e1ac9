"""Where each point of an Eden score sheet came from: every cell's sources are the lines
that placed, raised or conquered the fields it counts, worked out by hand from the
samples (their comments give the moves)."""

from __future__ import annotations

import json

from click.testing import CliRunner
from eden_helpers import GAME, SAMPLES, legal, replay_sample

from gamelog.cli import main


def _trail(name: str, player: str) -> dict[str, list[tuple[int, int]]]:
    out = CliRunner().invoke(main, ["score", str(SAMPLES / name), "--format", "json"])
    entry = next(p for p in json.loads(out.output)["players"] if p["name"] == player)
    return {
        category: [(source["line"], source["points"]) for source in sources]
        for category, sources in entry["trail"].items()
    }


def test_a_field_counts_its_irrigation_and_each_raise() -> None:
    """three_players.log, Ann's six 3-point fields (18): A1 A2 irrigated on line 21 and
    B1 B2 on line 25 (+2 each); all four raised to 2 by O4 on line 29 (+4); A3 irrigated
    on line 33 and raised by I2 on line 37 (+1 each: B3, placed and raised with it, was
    lost to Cleo on line 45); A1 A2 A3 raised to 3 by I3 on line 41 (+3); B3 taken back
    from Cleo at value 2 on line 47 (+2); B1 B2 B3 raised to 3 on line 52 (+3)."""
    trail = _trail("three_players.log", "Ann")
    assert trail["3-point fields"] == [
        (21, 2),
        (25, 2),
        (29, 4),
        (33, 1),
        (37, 1),
        (41, 3),
        (47, 2),
        (52, 3),
    ]
    assert sum(points for _, points in trail["3-point fields"]) == 18
    # A4 and B4, irrigated on line 47, are her two 1-point fields.
    assert trail["1-point fields"] == [(47, 2)]
    assert "2-point fields" not in trail  # none: an empty cell has no sources


def test_a_conquered_field_counts_the_conquest_with_its_value() -> None:
    """conquest_win.log, Ben's four 1-point fields: E1 E2 irrigated on line 29 (+2), and
    D1 D2, Ann's attacking cards, won from her at value 1 each on line 31 (+2)."""
    trail = _trail("conquest_win.log", "Ben")
    assert trail["1-point fields"] == [(29, 2), (31, 2)]
    assert trail["3-point fields"] == [(16, 2), (18, 2), (20, 4), (27, 4)]


def test_explain_prints_each_line_as_written() -> None:
    out = (
        CliRunner()
        .invoke(
            main,
            [
                "explain",
                str(SAMPLES / "conquest_win.log"),
                "--player",
                "ben",
                "--category",
                "1-point fields",
            ],
        )
        .output
    )
    assert "1-point fields: 4 (4: D1 E1 D2 E2)" in out
    assert "line 29: Ben: income 50, irrigate E1 E2  +2" in out
    assert (
        "line 31: Ann: income 30, irrigate D2, attack E2 with D2 D1 bid 10, Ben 15, "
        "Ann accepts  +2" in out
    )


def test_the_sources_of_every_cell_add_up_to_its_points() -> None:
    for path in sorted(SAMPLES.glob("*.log")):
        result = replay_sample(path.name)
        if result.state is None:
            continue
        sheet = GAME.score(result.state)
        for row in sheet.rows:
            for player, points in row.points.items():
                sources = row.sources.get(player, [])
                assert sum(s.points for s in sources) == points, (path.name, row.category)
                assert all(s.move for s in sources), (path.name, row.category)


def test_a_turn_on_two_lines_names_the_line_of_each_point() -> None:
    """Ann's second turn is on lines 6 and 7: the raise is line 7's, written as on the
    line (its comment is not part of the move)."""
    result = legal(
        "Ann: irrigate A1 A2\n"
        "Ben: pass\n"
        "Cleo: pass\n"
        "Ann: sell I3\n"
        "Ann: cultivate I2 A1 A2  # both to 2\n"
    )
    sheet = GAME.score(result.state)
    sources = sheet.row("2-point fields").sources["Ann"]
    assert [(s.line, s.move, s.points) for s in sources] == [
        (3, "Ann: irrigate A1 A2", 2),
        (7, "Ann: cultivate I2 A1 A2", 2),
    ]

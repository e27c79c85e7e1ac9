"""Terra Mystica standings split by setup (issue 20): logs of several maps, final
scoring tiles or playtest boards get a table each, headed by what sets it apart, in
the table and in JSON; each table's figures are worked out from the published or
reference scores (the corpora's expected.json), not by gamelog."""

from __future__ import annotations

import json
import shutil
import statistics
from pathlib import Path

from click.testing import CliRunner

from gamelog.cli import main
from gamelog.core.audit import audit_file
from gamelog.games.terra_mystica.components import CONSTANTS, MAPS

ROOT = Path(__file__).resolve().parent.parent.parent
LEAGUE = ROOT / "tests" / "corpus" / "terra_mystica"
FIRE_ICE = ROOT / "tests" / "corpus" / "terra_mystica_fire_ice"
#: Final VP per faction of every corpus game, from the corpora.
SCORES = {
    **json.loads((LEAGUE / "expected.json").read_text()),
    **json.loads((FIRE_ICE / "expected.json").read_text()),
}


def season(tmp_path: Path, *paths: Path) -> Path:
    folder = tmp_path / "season"
    folder.mkdir()
    for path in paths:
        shutil.copy(path, folder / path.name)
    return folder


def run(folder: Path, *args: str) -> str:
    result = CliRunner().invoke(main, ["standings", str(folder), "--by", "faction", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def expected_table(files: list[str]) -> dict[str, tuple[int, float, float, int]]:
    """Each faction's games, wins (a shared first place shared), mean and best VP."""
    figures: dict[str, list] = {}
    for name in files:
        scores = SCORES[name]
        firsts = [f for f, vp in scores.items() if vp == max(scores.values())]
        for faction, vp in scores.items():
            entry = figures.setdefault(faction, [[], 0.0])
            entry[0].append(vp)
            entry[1] += 1 / len(firsts) if faction in firsts else 0
    return {
        faction: (len(vps), wins, round(statistics.fmean(vps), 2), max(vps))
        for faction, (vps, wins) in figures.items()
    }


def figures(table: dict) -> dict[str, tuple[int, float, float, int]]:
    return {e["name"]: (e["games"], e["wins"], e["mean"], e["best"]) for e in table["entrants"]}


def test_logs_of_two_maps_get_a_table_each(tmp_path: Path) -> None:
    original = ["4pLeague_S1_D1L1_G2.txt", "4pLeague_S1_D1L1_G3.txt"]
    side_1 = ["random_2p_7072.txt", "random_3p_7005.txt"]  # no final tile, released boards
    folder = season(
        tmp_path,
        *(LEAGUE / "commands" / name for name in original),
        *(FIRE_ICE / n for n in side_1),
    )
    tables = json.loads(run(folder, "--format", "json"))["tables"]
    assert [(t["setup"], t["games"]) for t in tables] == [
        ({"map": "Fire & Ice Side 1"}, 2),
        ({"map": "Original"}, 2),
    ]
    assert figures(tables[0]) == expected_table(side_1)
    assert figures(tables[1]) == expected_table(original)
    # Dragonlords (Side 1 only) and mermaids (Original only) are in their map's table.
    assert "dragonlords" in figures(tables[0]) and "mermaids" not in figures(tables[0])
    text = run(folder)
    headings = [line for line in text.split("\n") if line.startswith("Terra Mystica standings")]
    assert headings == [
        "Terra Mystica standings, map Fire & Ice Side 1: 2 games "
        "(by faction; order: wins, mean-rank, mean)",
        "Terra Mystica standings, map Original: 2 games (by faction; order: wins, mean-rank, mean)",
    ]
    first, second = text.split(headings[1])
    assert "dragonlords" in first and "mermaids" not in first
    assert "mermaids" in second and "dragonlords" not in second


def test_one_map_of_several_final_tiles_and_boards_is_split_by_those(tmp_path: Path) -> None:
    """Five games on the original map: the headings name what differs (the final
    scoring tile, the boards), not the map they share."""
    plain = ["random_3p_7105.txt", "random_4p_7010.txt"]
    on_edge = ["random_2p_7020.txt", "random_3p_7045.txt"]
    playtest = ["random_3p_7077.txt"]  # connected-sa-sh-distance; riverwalkers' v4 board
    folder = season(tmp_path, *(FIRE_ICE / name for name in [*plain, *on_edge, *playtest]))
    tables = json.loads(run(folder, "--format", "json"))["tables"]
    released = ("faction boards", "as released")
    by_setup = {tuple(t["setup"].items()): t for t in tables}
    assert set(by_setup) == {
        (("final scoring", "none"), released),
        (("final scoring", "building-on-edge"), released),
        (
            ("final scoring", "connected-sa-sh-distance"),
            ("faction boards", "riverwalkers final_variable_v4"),
        ),
    }
    assert figures(by_setup[(("final scoring", "none"), released)]) == expected_table(plain)
    on_edge_table = by_setup[(("final scoring", "building-on-edge"), released)]
    assert figures(on_edge_table) == expected_table(on_edge)
    assert sum(t["games"] for t in tables) == 5
    assert (
        "Terra Mystica standings, final scoring building-on-edge, faction boards as released: "
        "2 games (by faction; order: wins, mean-rank, mean)"
    ) in run(folder).split("\n")


def test_one_setup_is_one_table_without_a_heading_for_it(tmp_path: Path) -> None:
    names = ["4pLeague_S1_D1L1_G2.txt", "4pLeague_S1_D1L1_G3.txt"]
    folder = season(tmp_path, *(LEAGUE / "commands" / name for name in names))
    (table,) = json.loads(run(folder, "--format", "json"))["tables"]
    assert table["setup"] == {} and figures(table) == expected_table(names)


def test_the_record_names_the_map_the_final_tile_and_playtest_boards() -> None:
    league = audit_file(str(ROOT / "samples" / "terra_mystica" / "league_game.txt"))
    assert league["setup"] == {
        "map": "Original",
        "final scoring": "none",
        "faction boards": "as released",
    }
    variant = audit_file(str(FIRE_ICE / "examples" / "acolytes_2017_vp.txt"))
    assert variant["setup"]["map"] == "Original [2017 vp]"
    two_tiles = audit_file(str(FIRE_ICE / "random_3p_7057.txt"))
    assert two_tiles["setup"] == {
        "map": "Fire & Ice Side 2",
        "final scoring": "connected-clusters, connected-distance",
        "faction boards": "shapeshifters final_variable",
    }
    # A ledger names its map, tile and boards as its command log does.
    ledger = audit_file(str(LEAGUE / "ledgers" / "4pLeague_S1_D1L1_G2.txt"))
    commands = audit_file(str(LEAGUE / "commands" / "4pLeague_S1_D1L1_G2.txt"))
    assert ledger["setup"] == commands["setup"]


def test_every_map_has_a_name() -> None:
    assert set(CONSTANTS.map_names) == set(MAPS) | set(CONSTANTS.vp_variant_maps)

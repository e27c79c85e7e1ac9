"""Terra Mystica ratings as the online site rates: a season worked out by hand (players
and factions, a shadow rating, a dropped faction), the games the site leaves out and
why, who plays each faction (player lines, a ledger's Player rows, the players: line),
and the league corpus rated exactly as the site's own code rates it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from gamelog.cli import main

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpus"
LEAGUE = CORPUS / "terra_mystica" / "commands"
LEDGERS = CORPUS / "terra_mystica" / "ledgers"
FIRE_ICE = CORPUS / "terra_mystica_fire_ice"
RANDOM = CORPUS / "terra_mystica_random"


def ratings(*args: str, code: tuple[int, ...] = (0, 1)) -> dict:
    result = CliRunner().invoke(main, ["ratings", *args, "--format", "json", "--jobs", "2"])
    assert result.exit_code in code, result.output
    assert "Traceback" not in result.output
    return json.loads(result.stdout)


def with_header(source: Path, target: Path, *lines: str) -> Path:
    target.write_text("".join(f"{line}\n" for line in lines) + source.read_text())
    return target


def test_a_season_worked_out_by_hand(tmp_path: Path) -> None:
    """``--passes 1 --min-games 2``, stake 16, factions on the original map.

    g1 (S1 G2): mermaids 148 Ann, darklings 140 Bob, dwarves 130 Cid, halflings 121 Dee.
    g2 (S64 G3): cultists 168 Bob, darklings 152 Cid, swarmlings 149 Eve, witches 92 Ann
    (dropped). Ann, Bob, Cid have 2 games; Dee and Eve 1 (shadow ratings).

    g1 Ann-Bob d=0: E 0.5, +-8 (players and factions); Ann-Cid d=(1008+1008)-(1000+1000)
    =16: E 0.523010, +-7.631847; Ann-Dee d=31.2637: only Dee moves (-7.282064); Bob-Cid
    d=-0.7363: +-8.016954; Bob-Dee d=7.316: only Dee (-7.831568); Cid-Dee d=-16.184:
    only Dee (-8.37238). g2 Bob-Cid d=15.6488: +-7.639917 (and cultists, darklings);
    Bob-Eve: only Eve moves (-7.648006); Bob-Ann (dropped: no faction term, d=-7.975):
    +-8.183598, factions unmoved; Cid-Eve: only Eve (-8.534867); Cid-Ann (dropped):
    +-8.705904; Eve-Ann: only Eve (+8.343455).
    """
    folder = tmp_path / "season"
    folder.mkdir()
    with_header(
        LEAGUE / "4pLeague_S1_D1L1_G2.txt",
        folder / "g1.txt",
        "date: 2024-01-01",
        "players: Dee (halflings), Bob (darklings), Cid (dwarves), Ann (mermaids)",
    )
    with_header(
        LEAGUE / "4pLeague_S64_D1L1_G3.txt",
        folder / "g2.txt",
        "date: 2024-01-02",
        "players: Cid, Bob, Ann, Eve",  # in the order of the setup lines
    )
    result = ratings(str(folder), "--passes", "1", "--min-games", "2", code=(0,))
    assert result["method"] == (
        "pairwise Elo in passes: the online Terra Mystica site's method, players and "
        "factions per map"
    )
    assert result["parameters"]["faction_weight"] == 1
    players = {p["name"]: (p["rating"], p["games"], p["shadow"]) for p in result["players"]}
    assert players == {
        "Ann": (pytest.approx(998.742344, abs=1e-6), 2, False),
        "Bob": (pytest.approx(1015.840469, abs=1e-6), 2, False),
        "Cid": (pytest.approx(985.417187, abs=1e-6), 2, False),
        "Dee": (pytest.approx(976.513988, abs=1e-6), 1, True),
        "Eve": (pytest.approx(992.160582, abs=1e-6), 1, True),
    }
    factions = {(f["faction"], f["map"]): (f["rating"], f["games"]) for f in result["factions"]}
    assert factions == {
        ("mermaids", "Original"): (pytest.approx(1015.631847, abs=1e-6), 1),
        ("darklings", "Original"): (pytest.approx(992.377038, abs=1e-6), 2),
        ("dwarves", "Original"): (pytest.approx(984.351199, abs=1e-6), 1),
        ("halflings", "Original"): (1000, 1),
        ("cultists", "Original"): (pytest.approx(1007.639917, abs=1e-6), 1),
        ("swarmlings", "Original"): (1000, 1),
        ("witches", "Original"): (1000, 1),
    }


def test_the_games_the_site_leaves_out(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    with_header(RANDOM / "random_2p_128054208.txt", folder / "two.txt", "players: Ann, Bob")
    with_header(FIRE_ICE / "random_3p_7069.txt", folder / "v4.txt", "players: Ann, Bob, Cid")
    with_header(FIRE_ICE / "random_3p_7045.txt", folder / "plain.txt", "players: Ann, Bob, Cid")
    with_header(RANDOM / "random_3p_560958615.txt", folder / "dodgy.txt", "players: Ann, Bob, Cid")
    shutil.copy(LEAGUE / "4pLeague_S1_D1L1_G3.txt", folder / "nobody.txt")
    twice = (LEAGUE / "4pLeague_S1_D1L1_G3.txt").read_text()
    (folder / "twice.txt").write_text("player Ann\nplayer Bob\nplayer Ann\nplayer Dee\n" + twice)
    shutil.copy(FIRE_ICE / "random_5p_7023.txt", folder / "v5.txt")  # its own player lines
    result = ratings(str(folder), code=(0,))
    left = {Path(x["file"]).name: x["reason"] for x in result["left_out"]}
    assert left == {
        "two.txt": "2 factions: the site rates games of 3 or more",
        "v4.txt": "shapeshifters_v4: the site rates no game with the variable factions in "
        "their first variants (only variable_v5 options rate them)",
        "plain.txt": "riverwalkers: the site rates no game with the variable factions in "
        "their first variants (only variable_v5 options rate them)",
        "dodgy.txt": "dodgy resource manipulation (option loose-adjust-resource): the site "
        "does not rate it",
        "nobody.txt": "nobody is named for any faction (player lines, or a players: line "
        "such as 'players: Ann (witches), Bob (nomads)'): the site rates only games of "
        "known players",
        "twice.txt": "Ann plays two factions (mermaids, darklings): the site rates no game "
        "with a player twice",
    }
    assert result["games"] == 1  # v5.txt
    assert {f["faction"] for f in result["factions"]} >= {"shapeshifters_v5"}


def test_a_faction_nobody_is_named_for_counts_for_its_faction_only(tmp_path: Path) -> None:
    """S1 G2 with Dee's halflings unnamed: the site's "unknown" player. One pass, nobody
    under --min-games 0: mermaids Ann, darklings Bob, dwarves Cid rated among
    themselves as above (Ann-Bob 8, Ann-Cid 7.631847, Bob-Cid 8.016954); the
    halflings count a game and stay at 1000."""
    folder = tmp_path / "unknown"
    folder.mkdir()
    with_header(
        LEAGUE / "4pLeague_S1_D1L1_G2.txt",
        folder / "g.txt",
        "players: Ann (mermaids), Bob (darklings), Cid (dwarves)",
    )
    result = ratings(str(folder), "--passes", "1", "--min-games", "0", code=(0,))
    players = {p["name"]: p["rating"] for p in result["players"]}
    assert players == pytest.approx(
        {"Ann": 1015.631847, "Bob": 1000.016954, "Cid": 984.351199}, abs=1e-6
    )
    halflings = next(f for f in result["factions"] if f["faction"] == "halflings")
    assert (halflings["rating"], halflings["games"]) == (1000, 1)


def test_who_plays_each_faction_faults(tmp_path: Path) -> None:
    """A players line the game does not fit is the log's fault: left out at its place;
    a faction that does not exist is refused by check itself."""
    folder = tmp_path / "faults"
    folder.mkdir()
    league = LEAGUE / "4pLeague_S1_D1L1_G2.txt"
    with_header(league, folder / "absent.txt", "players: Ann (witches), Bob (darklings)")
    with_header(league, folder / "count.txt", "players: Ann, Bob, Cid")
    (folder / "clash.txt").write_text(
        "players: Ann, Bob, Cid, Dee\nplayer Ann\nplayer Bob\nplayer Eve\nplayer Dee\n"
        + league.read_text()
    )
    result = ratings(str(folder), code=(1,))
    left = {Path(x["file"]).name: (x["line"], x["column"], x["reason"]) for x in result["left_out"]}
    assert left == {
        "absent.txt": (
            1,
            15,
            "the players line gives witches to Ann, but witches do not play in this game "
            "(halflings, darklings, dwarves, mermaids)",
        ),
        "count.txt": (
            1,
            10,
            "the players line names 3 players; the game has 4 seats (name them with their "
            "factions to leave some out)",
        ),
        "clash.txt": (
            1,
            20,
            "the players line gives dwarves to Cid, but the log's player lines give it to Eve",
        ),
    }
    shown = CliRunner().invoke(main, ["ratings", str(folder)]).stdout
    assert f"{folder / 'absent.txt'}:1:15: the players line gives witches to Ann" in shown
    with_header(league, tmp_path / "typo.txt", "players: Ann (halfings), Bob (darklings)")
    check = CliRunner().invoke(main, ["check", str(tmp_path / "typo.txt")])
    assert check.exit_code == 1
    assert (
        f"{tmp_path / 'typo.txt'}:1:15: setup error: 'halfings' is not a faction; "
        "did you mean 'halflings'?" in check.output
    )


def test_the_league_rated_exactly_as_the_sites_code_rates_it() -> None:
    """The 55 league ledgers, each naming its players in its Player N rows, in file-name
    order: the ratings the site's own code (src/Analyze/RatingData.pm and ELO.pm, run
    by benchmarks/tm_ratings_differential.py's reference driver, tied factions in seat
    order) gives, to the last digit it prints."""
    result = ratings(str(LEDGERS), code=(0,))
    assert result["games"] == 55 and result["left_out"] == []
    players = {p["name"].casefold(): (p["rating"], p["games"]) for p in result["players"]}
    assert len(players) == 28
    assert players["georgeshortwell"] == (1092.4293642141731, 17)
    assert players["tom8918"] == (1061.2469080996364, 28)
    assert players["paquito"] == (915.11481549597659, 9)
    assert players["jere"] == (969.93671635438545, 12)
    assert players["xevoc"] == (1067.9551535058536, 3)  # a shadow rating
    assert players["tawy"] == (991.37259029855886, 1)
    factions = {f["faction"]: (f["rating"], f["games"]) for f in result["factions"]}
    assert factions["darklings"] == (1060.7738535284714, 50)
    assert factions["cultists"] == (1045.5454359875757, 43)
    assert factions["engineers"] == (913.25109503147621, 28)
    assert factions["witches"] == (986.87720300570334, 36)
    assert factions["fakirs"] == (1000, 1)
    assert {f["map"] for f in result["factions"]} == {"Original"}

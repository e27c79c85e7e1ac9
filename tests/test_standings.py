"""The organiser's view: standings across a folder of logs, checked by hand from the
samples' own (hand-worked) totals, and Terra Mystica's faction table checked against
the league's published final scores."""

from __future__ import annotations

import json
import shutil
import statistics
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gamelog.cli import main
from gamelog.core import svg

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
CORPUS = ROOT / "tests" / "corpus" / "terra_mystica"


def folder(tmp_path: Path, game: str, names: list[str]) -> Path:
    target = tmp_path / game
    target.mkdir()
    for name in names:
        shutil.copy(SAMPLES / game / name, target / name)
    return target


def standings(*args: str) -> dict:
    result = CliRunner().invoke(main, ["standings", *args, "--format", "json", "--jobs", "2"])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def rows(table: dict) -> list[tuple]:
    return [
        (
            e["place"],
            e["name"],
            e["games"],
            e["wins"],
            e["mean"],
            e["median"],
            e["best"],
            e["mean_rank"],
        )
        for e in table["entrants"]
    ]


def test_seikatsu_standings_with_an_illegal_and_an_unfinished_log(tmp_path: Path) -> None:
    """Totals from the samples: complete-2p Cid 55 Jun 54; tie-2p Cid 49 Bob 49 (Cid by
    the tie-break); complete-3p Bob 60 Kai 53 Ann 50; tournament-2p Dee 57 Fay 52;
    tournament-3p Dee 56 Eli 51 Bob 50. Dee and Cid have 2 wins and mean rank 1 each:
    Dee's mean 56.5 beats Cid's 52."""
    logs = folder(
        tmp_path,
        "seikatsu",
        [
            "complete-2p.log",
            "tie-2p.log",
            "complete-3p.log",
            "tournament-2p.log",
            "tournament-3p.log",
            "illegal-not-adjacent.log",
        ],
    )
    text = (SAMPLES / "seikatsu" / "complete-2p.log").read_text().split("\n")
    (logs / "unfinished.log").write_text("\n".join(text[:30]) + "\n")
    result = standings(str(logs))
    (table,) = result["tables"]
    assert table["games"] == 5
    assert rows(table) == [
        (1, "Dee", 2, 2, 56.5, 56.5, 57, 1),
        (2, "Cid", 2, 2, 52, 52, 55, 1),
        (3, "Bob", 3, 1, 53, 50, 60, 2),
        (4, "Jun", 1, 0, 54, 54, 54, 2),
        (5, "Kai", 1, 0, 53, 53, 53, 2),
        (6, "Fay", 1, 0, 52, 52, 52, 2),
        (7, "Eli", 1, 0, 51, 51, 51, 2),
        (8, "Ann", 1, 0, 50, 50, 50, 3),
    ]
    apart = {Path(a["file"]).name: a["status"] for a in result["not_counted"]}
    assert apart == {"illegal-not-adjacent.log": "illegal", "unfinished.log": "ok"}


def test_a_shared_win_is_counted_as_shared(tmp_path: Path) -> None:
    """Mystical Seeds: tie_shared_victory Ann 10 Bob 10 share first (half a win each);
    tie_most_seeds Ann 10 Bob 10, Ann by the tie-break; two_player_game Ann 11 Bob 10."""
    logs = folder(
        tmp_path,
        "mystical_seeds",
        [
            "tie_shared_victory.log",
            "tie_most_seeds.log",
            "two_player_game.log",
            "tiles_bundle_potions_unfinished.log",
            "illegal_two_actions.log",
        ],
    )
    (table,) = standings(str(logs))["tables"]
    assert rows(table) == [
        (1, "Ann", 3, 2.5, 10.33, 10, 11, 1),
        (2, "Bob", 3, 0.5, 10, 10, 10, 1.67),
    ]


def test_names_are_matched_without_regard_to_case(tmp_path: Path) -> None:
    """Eden: three_players Ann 20 Ben 15 Cleo 15; four_players Ben 20 Ann 14 Cleo 14
    Dan 12; conquest_win, its players line written 'ANN', Ben 20 Ann 12."""
    logs = folder(
        tmp_path, "eden", ["three_players.log", "four_players.log", "illegal_underbid.log"]
    )
    text = (SAMPLES / "eden" / "conquest_win.log").read_text()
    (logs / "conquest_win.log").write_text(text.replace("players: Ann", "players: ANN"))
    (table,) = standings(str(logs))["tables"]
    assert rows(table) == [
        (1, "Ben", 3, 2, 18.33, 20, 20, 1.33),
        (2, "Ann", 3, 1, 15.33, 14, 20, 1.67),
        (3, "Cleo", 2, 0, 14.5, 14.5, 15, 2),
        (4, "Dan", 1, 0, 12, 12, 12, 4),
    ]


def test_ties_are_shown_as_ties_and_the_order_can_be_chosen(tmp_path: Path) -> None:
    """Mystic Vale: two_players_tie Ann 21 Bob 21 (shared); two_players Ann 11 Bob 24.
    By best score Bob (24) leads; by games both have 2: a tie on every key."""
    logs = folder(
        tmp_path, "mystic_vale", ["two_players_tie.log", "two_players.log", "catalogue.toml"]
    )
    (table,) = standings(str(logs))["tables"]
    assert rows(table) == [
        (1, "Bob", 2, 1.5, 22.5, 22.5, 24, 1),
        (2, "Ann", 2, 0.5, 16, 16, 21, 1.5),
    ]
    (tied,) = standings(str(logs), "--order", "games")["tables"]
    assert [(e["place"], e["name"]) for e in tied["entrants"]] == [(1, "Ann"), (1, "Bob")]


def test_terra_mystica_factions_against_the_published_results() -> None:
    """Each faction's games, wins (a shared first place shared) and mean VP, worked out
    from expected.json (the league's published final scores), not by gamelog."""
    published = json.loads((CORPUS / "expected.json").read_text())
    expected: dict[str, dict] = {}
    for scores in published.values():
        best = max(scores.values())
        firsts = [f for f, vp in scores.items() if vp == best]
        for faction, vp in scores.items():
            entry = expected.setdefault(faction, {"vps": [], "wins": 0.0})
            entry["vps"].append(vp)
            entry["wins"] += 1 / len(firsts) if faction in firsts else 0
    result = standings(str(CORPUS / "commands"), "--by", "faction")
    (table,) = result["tables"]
    assert result["not_counted"] == []
    assert table["games"] == len(published)
    got = {e["name"]: e for e in table["entrants"]}
    assert set(got) == set(expected)
    for faction, entry in expected.items():
        assert got[faction]["games"] == len(entry["vps"])
        assert got[faction]["wins"] == pytest.approx(entry["wins"])
        assert got[faction]["mean"] == pytest.approx(statistics.fmean(entry["vps"]), abs=0.01)
        assert got[faction]["best"] == max(entry["vps"])
        by_source = got[faction]["mean_by_source"]
        assert sum(by_source.values()) == pytest.approx(got[faction]["mean"], abs=0.1)


def test_usage_errors(tmp_path: Path) -> None:
    runner = CliRunner()
    bad_order = runner.invoke(main, ["standings", str(SAMPLES / "seikatsu"), "--order", "wnis"])
    assert bad_order.exit_code == 2 and "did you mean 'wins'?" in bad_order.stderr
    no_factions = runner.invoke(
        main, ["standings", str(SAMPLES / "seikatsu"), "--game", "seikatsu", "--by", "faction"]
    )
    assert no_factions.exit_code == 2
    assert runner.invoke(main, ["standings", str(tmp_path / "nothing")]).exit_code == 2


def test_the_table_and_markdown_forms(tmp_path: Path) -> None:
    logs = folder(
        tmp_path, "mystic_vale", ["two_players_tie.log", "two_players.log", "catalogue.toml"]
    )
    text = CliRunner().invoke(main, ["standings", str(logs)]).stdout
    assert text.startswith(
        "Mystic Vale standings: 2 games (by player; order: wins, mean-rank, mean)"
    )
    markdown = CliRunner().invoke(main, ["standings", str(logs), "--format", "markdown"]).stdout
    assert markdown.startswith("## Mystic Vale standings")
    assert "place" in markdown.split("\n")[2] and markdown.split("\n")[3].startswith("|--")


SVG = "{http://www.w3.org/2000/svg}"


def _chart_paint(page: str) -> dict[str, tuple[str, str, str]]:
    """Each entrant of a standings page's (first) chart: the colour of its marks, of
    their edges and of the swatch beside its name."""
    import xml.etree.ElementTree as ET

    chart = page[page.index("<svg") : page.index("</svg>") + len("</svg>")]
    root = ET.fromstring(chart)
    paint = {}
    for group in root.iter(f"{SVG}g"):
        if group.get("class") != "entrant":
            continue
        swatch = next(e for e in group if e.get("class") == "swatch")
        marks = [e for e in group if e.get("fill-opacity")]
        assert marks, "an entrant without a mark"
        drawn = {_colour_and_edge(m) for m in marks}
        assert len(drawn) == 1
        colour, edge = drawn.pop()
        assert _colour_and_edge(swatch)[1] == edge
        paint[group.get("data-player", "")] = (colour, edge, _colour_and_edge(swatch)[0])
    return paint


def _colour_and_edge(mark: Any) -> tuple[str, str]:
    """A mark's colour and its edge's: a filled shape's fill and outline, a cross's
    stroke and that of the wider cross under it."""
    if mark.tag == f"{SVG}g":  # a cross
        edge, line = list(mark)
        return line.get("stroke", ""), edge.get("stroke", "")
    return mark.get("fill", ""), mark.get("stroke", "")


def _page(*args: str) -> str:
    result = CliRunner().invoke(main, ["standings", *args, "--format", "html", "--jobs", "2"])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_terra_mystica_factions_are_charted_in_their_terrain_s_colour() -> None:
    """The faction data gives each faction its home terrain, and the chart of the
    standings by faction draws it in that terrain's colour (as the map does): the
    witches and auren green, the darklings and alchemists black, edged light so that
    a dark page shows them; each name's swatch in the same colour."""
    paint = _chart_paint(_page(str(CORPUS / "commands"), "--by", "faction"))
    fill = {name: colours[0] for name, colours in paint.items()}
    assert fill["witches"] == fill["auren"] == "#4f9d45"
    assert fill["darklings"] == fill["alchemists"] == "#3b3b3b"
    assert fill["cultists"] == fill["halflings"] == "#a8733f"
    assert fill["mermaids"] == fill["swarmlings"] == "#4a86d6"
    assert fill["nomads"] == fill["fakirs"] == "#f3d54e"
    assert fill["giants"] == fill["chaosmagicians"] == "#c9452f"
    assert fill["engineers"] == fill["dwarves"] == "#a3a3a3"
    assert paint["darklings"][1] == "#ffffff"  # black, edged white
    assert paint["nomads"][1] == "#333333"  # yellow, edged dark
    for name, (colour, _, swatch) in paint.items():
        assert swatch == colour, name


def test_players_named_for_no_colour_get_the_palette(tmp_path: Path) -> None:
    """By player, a season's people have no colour of their own in the game: the
    palette's, each a different one."""
    logs = folder(tmp_path, "eden", ["three_players.log", "four_players.log"])
    paint = _chart_paint(_page(str(logs)))
    assert set(paint) == {"Ann", "Ben", "Cleo", "Dan"}
    palette = [c.lower() for c in svg.PALETTE]
    assert [paint[name][0] for name in ("Ben", "Ann", "Cleo", "Dan")] == palette[:4]


def test_seats_named_by_their_colour_are_charted_in_it(tmp_path: Path) -> None:
    """Seikatsu players who go by their pagoda's colour ("Blue", "Pink") are charted
    in that pagoda's colour, as on the board."""
    target = tmp_path / "seikatsu"
    target.mkdir()
    text = (SAMPLES / "seikatsu" / "complete-2p.log").read_text()
    renamed = text.replace("Jun", "Blue").replace("Cid", "Pink")
    (target / "colours.log").write_text(renamed)
    paint = _chart_paint(_page(str(target)))
    assert paint["Blue"][0] == "#7fb2e5" and paint["Pink"][0] == "#f2a7c3"

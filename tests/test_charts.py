"""The charts in the game's own colours, with swatches and round ticks: Eden's blue
player is drawn blue, Terra Mystica's witches green and its darklings black (edged
light, so that they show on a dark page too), every end label has its player's
swatch, and the value axis is ticked at 1, 2 or 5 times a power of ten."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from conformance.declared import declared, packages

from gamelog.cli import main
from gamelog.core import charts, svg
from gamelog.core.logs import game_for
from gamelog.core.replay import replay

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"


def _race(sample: str) -> ET.Element:
    drawn = CliRunner().invoke(main, ["score", str(ROOT / "samples" / sample), "--format", "svg"])
    assert drawn.exit_code == 0, drawn.output
    return ET.fromstring(drawn.output)


def _line_colours(root: ET.Element) -> dict[str, str]:
    return {
        group.get("data-player", ""): group.findall(f"{SVG}polyline")[0].get("stroke", "")
        for group in root.iter(f"{SVG}g")
        if group.get("class") == "player"
    }


def test_eden_s_players_are_drawn_in_their_own_colours() -> None:
    lines = _line_colours(_race("eden/four_players.log"))
    # The header: Ann (red), Ben (blue), Cleo (yellow), Dan (pink).
    assert lines == {"Ann": "#d55e00", "Ben": "#0072b2", "Cleo": "#b8a800", "Dan": "#cc79a7"}


def test_terra_mystica_s_factions_are_drawn_in_their_terrain_s_colour() -> None:
    root = _race("terra_mystica/league_game.txt")
    lines = _line_colours(root)
    assert lines["witches"] == "#4f9d45"  # green
    assert lines["darklings"] == "#3b3b3b"  # black (swamp)
    assert lines["halflings"] == "#a8733f"  # brown
    # The black line is edged in white, so that a dark page shows it.
    darklings = next(g for g in root.iter(f"{SVG}g") if g.get("data-player") == "darklings")
    edge = next(p for p in darklings.iter(f"{SVG}path") if p.get("class") == "edge")
    assert edge.get("stroke") == "#ffffff"


def test_every_end_label_has_a_swatch_of_its_player_s_colour() -> None:
    root = _race("eden/four_players.log")
    lines = _line_colours(root)
    ends = [g for g in root.iter(f"{SVG}g") if g.get("class") == "end"]
    assert {g.get("data-player") for g in ends} == set(lines)
    for end in ends:
        swatch = next(child for child in end if child.tag != f"{SVG}text")
        assert swatch.get("fill") == lines[end.get("data-player", "")]
        words = end.find(f"{SVG}text")
        assert words is not None and (words.text or "").startswith(end.get("data-player", ""))


def _round(value: float) -> bool:
    """1, 2 or 5 times a power of ten (or 0)."""
    digits = f"{abs(value):g}".replace(".", "").strip("0")
    return value == 0 or digits in ("1", "2", "5")


@pytest.mark.parametrize(
    "sample", ["eden/four_players.log", "terra_mystica/league_game.txt", "seikatsu/complete-3p.log"]
)
def test_the_axes_are_ticked_at_round_numbers(sample: str) -> None:
    root = _race(sample)
    axes = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "axes")
    labels = [t for t in axes.iter(f"{SVG}text") if t.get("text-anchor") == "end"]
    values = [float(t.text or "") for t in labels]
    assert values[0] == 0 and len(values) >= 3
    step = values[1] - values[0]
    assert _round(step), values
    assert values == [step * k for k in range(len(values))]
    moves = [
        float(t.text or "")
        for t in axes.iter(f"{SVG}text")
        if t.get("text-anchor") == "middle" and (t.text or "").isdigit()
    ]
    move_step = moves[1] - moves[0]
    assert _round(move_step), moves


@pytest.mark.parametrize(
    ("low", "high", "expected"),
    [
        (0, 73.5, (0, 80, 20)),  # the 13.75, 27.5, ... axis
        (0, 55, (0, 60, 20)),
        (0, 157, (0, 200, 50)),
        (0, 7, (0, 8, 2)),
        (0, 1, (0, 1, 1)),  # points are whole: no 0.2 steps
        (1450, 1580, (1450, 1600, 50)),  # a ratings axis from its floor
    ],
)
def test_value_ticks(low: float, high: float, expected: tuple[int, int, int]) -> None:
    assert charts.value_ticks(low, high, low) == expected


def test_a_colour_the_game_does_not_give_is_the_palette_s_first_not_taken() -> None:
    paint = charts.seat_paint(["Ann", "Ben"], {"Ann": "#0072B2"})
    assert paint["Ann"][0] == "#0072b2"
    assert paint["Ben"][0] == "#e69f00"  # blue is Ann's: the next palette colour
    assert paint["Ann"][1] != paint["Ben"][1]  # and the shapes differ


@pytest.mark.parametrize("package", packages())
def test_every_game_gives_every_scored_player_a_colour(package: str) -> None:
    """The game's own colour for each name its running scores use (its showcase),
    distinct, so that the chart's lines match the board's pieces."""
    path = ROOT / "samples" / package / declared(package).showcase
    text = path.read_text(encoding="utf-8")
    game = game_for(text)
    result = replay(game, text, str(path))
    assert result.state is not None
    colours = game.seat_colours(result.state)
    assert set(colours) == set(game.running_scores(result.state))
    assert all(re.fullmatch(r"#[0-9a-fA-F]{6}", c) for c in colours.values())
    assert len({c.lower() for c in colours.values()}) == len(colours)


@pytest.mark.parametrize("package", packages())
def test_a_side_s_name_gives_the_colour_its_seat_is_drawn_in(package: str) -> None:
    """Where a game gives a colour to a side's name alone (``side_colour``, what the
    standings charts use), it is the colour the game's own pictures give that seat:
    the standings and a game's report draw a faction alike."""
    path = ROOT / "samples" / package / declared(package).showcase
    text = path.read_text(encoding="utf-8")
    game = game_for(text)
    result = replay(game, text, str(path))
    assert result.state is not None
    for name, colour in game.seat_colours(result.state).items():
        named = game.side_colour(name)
        assert named is None or named.lower() == colour.lower(), (name, named, colour)


def test_a_dark_cross_is_edged_light() -> None:
    """The fifth seat's mark is a cross, a stroke with nothing to outline: a black one
    is drawn over a wider light cross, so that it shows on a dark page."""
    players = ["A", "B", "C", "D", "E"]
    drawn = charts.distribution(
        [(p, [10, 20]) for p in players], label="spread", colours={"E": "#3b3b3b"}
    )
    root = ET.fromstring(drawn)
    entrant = next(g for g in root.iter(f"{SVG}g") if g.get("data-player") == "E")
    crosses = [child for child in entrant if child.tag == f"{SVG}g"]
    assert len(crosses) == 3  # the swatch and two scores
    for cross in crosses:
        edge, line = list(cross)
        assert line.get("stroke") == "#3b3b3b"
        assert edge.get("stroke") == "#ffffff"
        assert float(edge.get("stroke-width", "0")) > float(line.get("stroke-width", "0"))


def _contrast(a: str, b: str) -> float:
    light, dark = sorted((charts.luminance(a), charts.luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


#: The pages' grounds: light, and dark (base.html's --bg in a dark colour scheme).
GROUNDS = ("#ffffff", "#17181a")


@pytest.mark.parametrize("package", packages())
def test_every_colour_shows_on_a_light_and_a_dark_page_by_its_fill_or_its_edge(
    package: str,
) -> None:
    """The palette's colours and every colour a game gives its seats (the showcase's)
    or a side's name (Terra Mystica's factions' terrains): on either page, the colour or the
    edge it is drawn with stands out at 3:1 or more (WCAG's least for graphics)."""
    path = ROOT / "samples" / package / declared(package).showcase
    text = path.read_text(encoding="utf-8")
    game = game_for(text)
    result = replay(game, text, str(path))
    assert result.state is not None
    colours = {*game.seat_colours(result.state).values(), *svg.PALETTE}
    seats = game.running_scores(result.state)
    colours |= {c for name in seats if (c := game.side_colour(name))}
    for colour in colours:
        colour = colour.lower()
        for ground in GROUNDS:
            best = max(_contrast(colour, ground), _contrast(charts.edge_of(colour), ground))
            assert best >= 3, (colour, ground, round(best, 2))

"""The position as a picture (render.render_svg): what each piece says, and a board
that stays the same under the pieces as a report steps through the moves."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from mystical_seeds_helpers import sample

from gamelog.games.mystical_seeds import GAME

SVG = "{http://www.w3.org/2000/svg}"


def _pieces(picture: str) -> dict[str, list[ET.Element]]:
    root = ET.fromstring(picture)
    found: dict[str, list[ET.Element]] = {}
    for element in root.iter():
        classes = element.get("class", "").split()
        if "piece" in classes:
            found.setdefault(classes[1], []).append(element)
    return found


def test_each_piece_says_what_it_is() -> None:
    """tiles_sun_swap_thrift.log after 19 turns (by the text view of that position):
    Mia holds blue 1, blue 2 and red 3 with the sun token in circle 3, four tiles."""
    result = sample("tiles_sun_swap_thrift.log")
    state = GAME.setup(result.log)
    for played in list(result.log.moves)[:19]:
        GAME.apply(state, played)
    picture = GAME.render_svg(state)
    pieces = _pieces(picture)
    titles = {piece.find(f"{SVG}title").text for kind in pieces.values() for piece in kind}
    assert "Mia's circle 3: a red seed (Level 1)" in titles
    assert "Mia's circle 1: a blue seed (Level 1)" in titles
    assert any(t.startswith("Mia's Knowledge tile sun (sun token in circle 3)") for t in titles)
    assert "the Duplicate fairy, at the red location" in titles
    assert "Mia's fairy on space 7 of the yellow track" in titles
    assert 'plant card L1 "Moon Drop": blue blue, 1 prestige' in titles
    assert len(pieces["garden-fairy"]) == 3
    assert len(pieces["fairy"]) == 4 * 2  # three tracks and the lab, each player
    # Each seed carries its colour's initial, not only its colour.
    red = next(p for p in pieces["seed"] if p.get("data-colour") == "red")
    assert red.find(f"{SVG}text").text == "R"
    assert "Mia&#x27;s sun token in circle 3" in picture  # the ring round circle 3
    root = ET.fromstring(picture)
    assert root.find(f"{SVG}title").text == "Mystical Seeds, round 10, Ned to play"
    assert "Mia: 8 prestige, seeds 1 blue, 2 blue, 3 red" in root.find(f"{SVG}desc").text


def test_the_boards_are_drawn_once_under_the_pieces() -> None:
    """A report keeps each top-level element once with the steps it stands in, in the
    order first seen: a board redrawn later would cover the pieces drawn before it."""
    result = sample("two_player_game.log")
    state = GAME.setup(result.log)
    boards = set()
    for played in [None, *result.log.moves]:
        if played is not None:
            GAME.apply(state, played)
        picture = GAME.render_svg(state)
        for kind in ("laboratory", "tracks", "location", "tile-spaces"):
            boards.update(re.findall(rf'<g class="{kind}".*?</g>', picture))
    assert len(boards) == 2 + 1 + 3 + 2

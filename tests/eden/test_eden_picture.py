"""The Eden board as a picture (``replay --format svg``, the report): every landscape card
a titled piece on its field with its value, owner and irrigation, in words and shapes
as well as colours; the players' supplies beside the board."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from eden_helpers import GAME, legal

SVG = "{http://www.w3.org/2000/svg}"


def _picture(moves: str) -> ET.Element:
    return ET.fromstring(GAME.render_svg(legal(moves).state))


def _texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{SVG}text")]


def test_each_card_says_its_field_value_owner_and_irrigation() -> None:
    root = _picture(
        """
        Ann: irrigate A1 B1
        Ben: irrigate G7
        Cleo: irrigate D4
        Ann: cultivate I2 A1 B1
        """
    )
    cards = {
        piece.get("data-field"): piece
        for piece in root.iter(f"{SVG}g")
        if "piece" in piece.get("class", "").split()
    }
    assert set(cards) == {"A1", "B1", "G7", "D4"}
    a1 = cards["A1"]
    assert a1.find(f"{SVG}title").text == (
        "A1: Ann's landscape card (red), value 2 (1 white and 1 red point); irrigated at line 3"
    )
    assert {"A1", "2", "Ann", "irr."} <= set(_texts(a1))  # not by colour alone
    assert (a1.get("data-owner"), a1.get("data-value")) == ("Ann", "2")
    # its fertility points: one white dot, one red
    fills = [c.get("fill") for c in a1.iter(f"{SVG}circle")]
    assert fills.count("#ffffff") == 1 and fills.count("#c0392b") == 1
    # a drop marks the irrigation card played there
    assert a1.find(f"{SVG}path") is not None
    # each owner has a marker shape of their own: Ann a circle, Ben a triangle, Cleo a square
    assert cards["G7"].find(f"{SVG}polygon") is not None
    assert cards["D4"].find(f"{SVG}rect[@width='10']") is not None
    empty = [g for g in root.iter(f"{SVG}g") if g.get("class") == "field"]
    assert len(empty) == 45
    assert empty[0].find(f"{SVG}title").text == "C1: empty, not irrigated"


def test_the_supplies_and_the_words_of_the_picture() -> None:
    root = _picture("Ann: irrigate A1 B1\nBen: irrigate G7, sell L4\n")
    assert root.find(f"{SVG}title").text == (
        "Eden: 3 of 49 fields irrigated; Ann 2 points, Ben 1 point, Cleo 0 points"
    )
    description = root.find(f"{SVG}desc").text
    assert description.startswith("Ann (red) 2 points, 100 mana; Ben (blue) 1 point, 140 mana")
    assert "G7: Ben's landscape card (blue), value 1" in description
    supplies = {g.get("data-player"): g for g in root.iter(f"{SVG}g") if g.get("class") == "supply"}
    assert _texts(supplies["Ben"]) == [
        "Ben (blue)",
        "1 fertility point, 140 mana",
        "hand: 4 cards",  # 6, less G7 and L4: his draw comes when Cleo begins
        "left: 11 x 1/2, 12 x 3/4 cards",
    ]
    assert "bank, face up: L4" in _texts(root)
    assert "turn 2: Ben (from line 4)" in _texts(root)

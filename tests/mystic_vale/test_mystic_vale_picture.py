"""The position as a picture: every player's 20 cards with the advancements in their
three slots, laid out by where each card is, their vales, and the VP pool; each a
``piece`` saying in words what it is."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from gamelog.core.replay import replay
from gamelog.games import find

GAME = find("mystic-vale")
SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "mystic_vale"
SVG = "{http://www.w3.org/2000/svg}"


def _pieces(name: str) -> tuple[ET.Element, dict[str, list[str]]]:
    path = SAMPLES / name
    result = replay(GAME, path.read_text(encoding="utf-8"), str(path))
    root = ET.fromstring(GAME.render_svg(result.state))
    kinds: dict[str, list[str]] = {}
    for element in root.iter():
        classes = element.get("class", "").split()
        if "piece" in classes:
            title = element.find(f"{SVG}title")
            assert title is not None and title.text
            kinds.setdefault(classes[1], []).append(title.text)
    return root, kinds


def test_every_card_vale_and_the_pool_is_a_piece_with_its_words() -> None:
    """two_players.log at the end: 2 x 20 cards, Ann's Amber Hollow and Bob's Mossy
    Steps, the empty pool."""
    root, kinds = _pieces("two_players.log")
    assert len(kinds["card"]) == 40
    assert sorted(kinds["vale"]) == [
        "Ann's vale Amber Hollow (Level I, cost 1 yellow 1 brown): 2 VP, bought on line 27",
        "Bob's vale Mossy Steps (Level I, cost 1 any): 1 VP, bought on line 33",
    ]
    assert kinds["pool"] == ["the VP pool: 0 of 23 tokens left (emptied by Bob)"]
    # Bob's last turn (line 32) sleeved Heartwood into the top slot of sleeve 5.
    assert (
        "Bob's sleeve 5, in the field of Bob's last turn (line 32), now in the discard pile: "
        "top Heartwood, middle Cursed Land, bottom empty; " in " ".join(kinds["card"])
    )
    assert root.find(f"{SVG}title").text == "Mystic Vale: VP pool 0 of 23 left; game over"  # type: ignore[union-attr]
    assert "Ann: 6 VP in tokens" in root.find(f"{SVG}desc").text  # type: ignore[union-attr]


def test_each_card_says_where_it_is_in_words() -> None:
    _, kinds = _pieces("three_players_mid_round.log")
    words = " ".join(kinds["card"])
    for where in ("the on-deck card, face up", "in the deck, face down", "in the field of"):
        assert where in words
    zones = {title.split(", ")[1].split(":")[0].split(" (")[0] for title in kinds["card"]}
    assert len(zones) >= 3

"""The wording of every Seikatsu rule an error cites, in the rule text's terms.

Errors name the rule they break (``rule:`` under the message); keeping the
wording here, in one place, keeps it the same wherever the rule is checked.
"""

from __future__ import annotations

from gamelog.games.seikatsu.components import COMPONENTS

COPIES_PER_GARDEN_TILE: int = COMPONENTS["copies_per_garden_tile"]
KOI_TILES: int = COMPONENTS["koi_tiles"]

TURN_ORDER_RULE = "players take turns in the order of the players line, clockwise"
PLAYERS_RULE = "the header lists the players in turn order with their pagoda colours"
EMPTY_SPACE_RULE = "a tile is played on an empty space"
POND_RULE = "the centre space is the koi pond; no tile may be played there"
ADJACENT_RULE = "a tile is played adjacent to a tile already in the garden"
COPIES_RULE = (
    f"there are {COPIES_PER_GARDEN_TILE} copies of each garden tile and {KOI_TILES} koi pond tiles"
)
TOURNAMENT_RULE = (
    "tournament mode: the koi tiles are dealt face up at the start "
    "(2 players: 2 each; 3 players: 1 each and the fourth to the last player); "
    "only their holders play them"
)
HAND_RULE = "every tile in hand is played by the end of the game"
SETUP_TILES_RULE = "the setup tiles are placed on spaces adjacent to the koi pond"
FLOWER_SPACES_RULE = (
    "the setup tiles are placed on the spaces next to the koi pond that have flowers "
    "(every other space around the pond)"
)

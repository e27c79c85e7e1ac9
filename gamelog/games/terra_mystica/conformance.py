"""What the conformance suite (tests/conformance/) needs to know of Terra Mystica.

A log of the site has no header to fill in: after ``gamelog new`` (the ``player``
lines) the game is set up by admin lines, typed like moves: the round scoring tiles
and a faction per player (``setup``). A random game then plays the factions' lines
that ``gamelog moves`` lists, weighted so that it looks a little like play and ends:
what a faction owes (a power offer to answer, a tile, spades) comes first, building
and upgrading are likelier than converting, and the admin lines are left alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gamelog.core.conformance import Conformance
from gamelog.core.game import OptionGroup
from gamelog.games.terra_mystica.components import FACTIONS, TILES
from gamelog.games.terra_mystica.invariants import INVARIANTS, STEP_INVARIANTS
from gamelog.games.terra_mystica.state import TerraMysticaState

#: How likely each kind of a faction's turn is picked, against the others listed.
_TURN_WEIGHTS = {
    "build a dwelling": 6.0,
    "build after a spade action": 3.0,
    "terraform without building": 0.7,
    "upgrade": 5.0,
    "send a priest to a cult track": 2.0,
    "power and faction actions": 3.0,
    "shipping and digging": 1.5,
    "pass": 1.0,
    "free actions (before or after the action)": 0.3,
}
#: What a faction owes is answered at once.
_OBLIGATION = 20.0
#: The lines of a faction other than the one the log waits for (a power offer answered
#: early, say) are rare.
_OTHERS = 0.05


def pieces(state: TerraMysticaState) -> int:
    """Buildings and bridges on the map, a marker per faction on each cult track, and
    the priests on the tracks' spaces."""
    priests = sum(1 for cult in state.cults for taken in state.cult_spaces[cult] if taken)
    markers = len(state.cults) * len(state.scored_factions())
    return len(state.building) + len(state.bridges) + markers + priests


def setup(players: Sequence[str], rng: random.Random) -> list[str]:
    """Six round scoring tiles of the base game, then a base faction per player, no two
    of one colour."""
    scoring = [name for name, tile in TILES.items() if tile.kind == "scoring" and not tile.option]
    factions: list[str] = []
    for name in rng.sample(sorted(FACTIONS), len(FACTIONS)):
        if all(FACTIONS[name].color != FACTIONS[other].color for other in factions):
            factions.append(name)
    return [
        f"score {','.join(rng.sample(scoring, 6))}",
        *(f"setup {name}" for name in factions[: len(players)]),
    ]


def weight(state: TerraMysticaState, group: OptionGroup) -> float:
    if "(admin)" in group.kind:
        return 0.0
    kind, _, other = group.kind.partition(": ")
    chosen = _TURN_WEIGHTS.get(kind, _OBLIGATION)
    return chosen * _OTHERS if other else chosen


CONFORMANCE = Conformance(
    pieces=pieces,
    seated=False,
    at_the_table="illegal_unreachable_hex.txt",
    showcase="league_game.txt",
    setup=setup,
    weight=weight,
    opt_outs={
        "chunked": (
            "parses each distinct line once (moves.line_cache), never a chunk with the "
            "lines above it blank"
        ),
        "events-add-up": (
            "a move's events are the ledger rows it closes, and a faction's row closes when "
            "its turn fragment ends, a move or more after the command that changed its VP"
        ),
        "renamed-players": (
            "the players are the factions, named by the rules (witches, darklings); the "
            "'player NAME' lines name people the score sheet does not rank"
        ),
        "moves-walk": (
            "most kinds are listed as samples (any amount may be converted or burnt, a "
            "ledger lists the rows of those lines), so the move played next is not always "
            "a listed line: "
            "listed lines are replayed after the moves so far and the complete groups hold "
            "the line played next, in tests/terra_mystica/test_terra_mystica_legal.py"
        ),
        "players-line-corrected": (
            "a log of the site has no players line: the players are the `player NAME` "
            "admin lines among the moves, and the factions move"
        ),
    },
    invariants=INVARIANTS,
    step_invariants=STEP_INVARIANTS,
)

"""What the conformance suite (tests/conformance/) needs to know of Mystic Vale.

At the table the deck is face down: which sleeves a turn turns up is chance, so
``gamelog moves`` lists the planting only as far as the log's later lines show it
(at the end of a log: the on-deck card passed at once, or nothing). A random game
turns the deck up itself: the next sleeve is any card of the deck (of the discard
pile, once the deck is empty), and the player stops pushing at random, or spoils.
Each planting is tried by the rules' own planting on a copy before it is written.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gamelog.core.conformance import Conformance
from gamelog.core.game import OptionGroup
from gamelog.games.mystic_vale import legal
from gamelog.games.mystic_vale.invariants import INVARIANTS, STEP_INVARIANTS
from gamelog.games.mystic_vale.state import GameState

#: The chance of stopping after each push that passes (a player pushes 3 to 4 cards).
_STOP = 0.2
#: The cards of a random game, typed into its header (the box's cards are the group's
#: own catalogue, which a random game does not have): invented, a few of each level,
#: with VP tokens so that the pool runs out, and spirits that pay for the vales.
_BOX = (
    "advancement Dew Moss: level I, cost 2, 1 mana, 1 growth",
    "advancement Sun Glade: level I, cost 3, 1 vp, 1 growth",
    "advancement Fern Warden: level I, cost 3, 1 green, 1 grey",
    "advancement Ember Root: level I, cost 4, 2 mana",
    "advancement Storm Grove: level II, cost 5, 2 vp, 1 yellow",
    "advancement Bright Spring: level II, cost 6, 2 mana, 1 growth, 1 brown",
    "advancement Crown Oak: level III, cost 8, 3 vp, 1 purple, 1 grey",
    "vale Mossy Steps: level I, cost 2 green, 3 vp",
    "vale Amber Pool: level I, cost 2 yellow, 3 vp",
    "vale Star Peak: level II, cost 3 brown, 6 vp",
)


def pieces(state: GameState) -> int:
    """Each player's 20 cards (sleeves 1-20) and vales, and the VP pool."""
    return sum(len(p.slots) - 1 + len(p.vales) for p in state.players) + 1


def setup(players: Sequence[str], rng: random.Random) -> list[str]:
    """The cards of the game (``_BOX``), in an order of chance's choosing."""
    return rng.sample(_BOX, len(_BOX))


def chance(state: GameState, group: OptionGroup, rng: random.Random) -> list[str]:
    """The planting of the player to move, as a shuffled deck would turn it up."""
    if state.finished or not group.kind.startswith(f"{state.players[state.seat].name}'s turn"):
        return []
    player = state.players[state.seat]
    reveals = [player.on_deck] if player.on_deck is not None else []
    while True:
        if reveals:
            passed = legal._plants(player, reveals, False, "pass")
            if passed is None:
                spoiled = legal._plants(player, reveals, False, "spoil")
                return [_line(player.name, reveals, "spoil")] if spoiled is not None else []
            if rng.random() < _STOP:
                return [_line(player.name, reveals, "pass")]
            face_down = sorted(passed.deck or passed.discard)
        else:
            face_down = sorted(player.deck or player.discard)
        if not face_down:  # every card is in the field: the deck is empty
            for outcome in ("pass", "spoil"):
                if legal._plants(player, reveals, True, outcome) is not None:
                    return [_line(player.name, reveals, f"empty {outcome}")]
            return []
        reveals.append(rng.choice(face_down))


def _line(player: str, reveals: list[int], outcome: str) -> str:
    return f"{player}: {' '.join(str(s) for s in reveals)} {outcome}"


def weight(state: GameState, group: OptionGroup) -> float:
    """A purchase is likelier than ending the harvest; the token is kept for later."""
    if "harvest" not in group.kind:
        return 1.0
    return 0.5 if group.kind.endswith("spend the mana token") else 2.0


CONFORMANCE = Conformance(
    pieces=pieces,
    seated=True,
    at_the_table="illegal_token_inactive.log",
    showcase="four_players.log",
    setup=setup,
    chance=chance,
    weight=weight,
    invariants=INVARIANTS,
    step_invariants=STEP_INVARIANTS,
    opt_outs={
        "moves-walk": (
            "a harvest line continues the turn above and does not parse alone, and a turn "
            "mixes chance (the sleeves turned up) with purchases in any order: its listed "
            "lines are appended to the log cut there and the log replayed, step by step "
            "inside each turn, by tests/mystic_vale/test_mystic_vale_legal.py"
        ),
    },
)

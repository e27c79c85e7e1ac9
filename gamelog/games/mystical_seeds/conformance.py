"""What the conformance suite (tests/conformance/) needs to know of Mystical Seeds.

A random game needs what a table's chance turns up: the Research Area and the
Bookshelf dealt at setup, and in play the plant card revealed for a Research slot
and the tile that refills a Bookshelf slot (the blanks of a listed form). They are
made up here, from the box's colours and tile kinds, with names no log has used.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gamelog.core.conformance import Conformance
from gamelog.core.game import Option
from gamelog.games.mystical_seeds import legal, lines
from gamelog.games.mystical_seeds.components import STARTING_CARDS, TILE_KINDS
from gamelog.games.mystical_seeds.invariants import INVARIANTS, STEP_INVARIANTS
from gamelog.games.mystical_seeds.moves import Clause
from gamelog.games.mystical_seeds.seeds import BROWN, PRIMARY, SECONDARY
from gamelog.games.mystical_seeds.state import GameState

#: Tiles that take no choices of their own (a plant tile names its seeds).
_PLAIN_TILES = {
    row: sorted(kind.id for kind in TILE_KINDS.values() if kind.level == row and kind.id != "plant")
    for row in (1, 2)
}
#: The Starting Resource cards that ask the player nothing.
_PLAIN_CARDS = sorted(card.id for card in STARTING_CARDS.values() if not card.choose)


def pieces(state: GameState) -> int:
    """Seeds in the Laboratories, the three Garden fairies, the Bookshelf's tiles, the
    Research Area's cards, and each player's four fairies and Knowledge tiles."""
    seeds = sum(1 for p in state.players.values() for seed in p.lab if seed is not None)
    shelf = sum(1 for tile in state.shelf.values() if tile is not None)
    cards = sum(1 for slot in state.research if slot.card is not None)
    held = sum(len(p.tiles) for p in state.players.values())
    return seeds + 3 + shelf + cards + 4 * len(state.players) + held


def _plant(level: int, name: str, rng: random.Random) -> str:
    """A plant card as a log declares it: a Level 1 card shows Level 1 seeds, a Level 2
    card Level 2 seeds too (and now and then a brown one)."""
    colours = list(PRIMARY) if level == 1 else [*PRIMARY, *SECONDARY, *SECONDARY]
    if level == 2 and rng.random() < 0.2:
        colours.append(BROWN)
    seeds = [rng.choice(colours) for _ in range(rng.randint(1, 3) if level == 1 else 3)]
    if level == 2 and not any(seed not in PRIMARY for seed in seeds):
        seeds[0] = rng.choice(SECONDARY)
    points = len(seeds) - 1 + level + rng.randint(0, 1)
    return f'L{level} "{name}" {" ".join(seeds)} = {points}'


def _new_name(state: GameState | None, rng: random.Random, taken: set[str]) -> str:
    known = set(state.known_cards) if state is not None else set()
    while True:
        name = f"Plant {rng.randrange(10_000)}"
        if name.casefold() not in known and name not in taken:
            taken.add(name)
            return name


def setup(players: Sequence[str], rng: random.Random) -> list[str]:
    """Three L1 and three L2 cards, a Bookshelf of four tiles per row, and each player's
    Starting Resource card (each card once)."""
    taken: set[str] = set()
    lines = [
        f"research: {_plant(level, _new_name(None, rng, taken), rng)}"
        for level in (1, 1, 1, 2, 2, 2)
    ]
    lines.append(f"bookshelf I: {' '.join(rng.choices(_PLAIN_TILES[1], k=4))}")
    lines.append(f"bookshelf II: {' '.join(rng.choices(_PLAIN_TILES[2], k=4))}")
    cards = rng.sample(_PLAIN_CARDS, len(players))
    lines += [f"card {player}: {card}" for player, card in zip(players, cards, strict=True)]
    return lines


def fill_form(state: GameState, option: Option, rng: random.Random) -> str | None:
    """The listed form with its blanks filled in: the card revealed, the tile that
    refills a slot, and for ``...`` the rest of the turn, picked among what is listed
    after the clauses before it. None for the blanks a random game leaves alone (the
    tiles Draw three turns up, a top-deck cultivation)."""
    player = legal.to_move(state)
    plan = next(
        (p for p in legal.plans(state) if f"{player}: {legal.plan_text(p)}" == option.line), None
    )
    if plan is None:
        return None
    return _filled(state, plan, rng, depth=0)


def _filled(state: GameState, plan: legal.Plan, rng: random.Random, depth: int) -> str | None:
    player = legal.to_move(state)
    written: list[str] = []
    clauses: list[Clause] = []
    for item in plan.items:
        if not isinstance(item, lines.Blank):
            clauses.append(item)
            written.append(lines.clause_text(item))
        elif item.kind == "card":
            written.append(f"reveal {_plant(item.level, _new_name(state, rng, set()), rng)}")
        elif item.kind == "tile":
            written.append(f"refill {item.slot} {rng.choice(_PLAIN_TILES[item.level])}")
        elif item.kind == "rest" and depth < 8:
            rest = [p for p in legal.plans(state, clauses) if not _hard(p)]
            if not rest:
                return None
            whole = _filled(state, rng.choice(rest), rng, depth + 1)
            return whole
        else:
            return None
    return f"{player}: {'; '.join(written)}"


def _hard(plan: legal.Plan) -> bool:
    """A plan with a blank no random game fills (see ``fill_form``)."""
    return any(isinstance(i, lines.Blank) and i.kind in ("draw", "top") for i in plan.items)


CONFORMANCE = Conformance(
    pieces=pieces,
    seated=True,
    at_the_table="illegal_missing_refill.log",
    showcase="three_player_game.log",
    setup=setup,
    fill_form=fill_form,
    invariants=INVARIANTS,
    step_invariants=STEP_INVARIANTS,
    opt_outs={
        "moves-walk": (
            "what a deck or pile turns up is written in the turn itself and any number of "
            "Inspiration clauses may open it, so turns are listed as forms (blanks, '...') "
            "and a turn played is found among lines and forms by the position it reaches "
            "(legal.listed), by tests/mystical_seeds/test_mystical_seeds_legal.py"
        ),
    },
)

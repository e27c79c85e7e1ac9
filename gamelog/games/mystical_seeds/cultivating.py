"""Cultivating a plant, the other action: from the Research Area, from the top of a
deck (Top deck tile) or a plant tile in the Inspiration phase; paying its seeds,
advancing the tracks it shows, the Scholar and Harvest tiles right after it, and
the card revealed in the cleanup to refill the Research Area.

Each function takes the ``TurnRunner`` playing the turn and one clause, checks
it and returns the words of its event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamelog.core.suggest import suggestion
from gamelog.core.words import article
from gamelog.games.mystical_seeds import rulebook as R
from gamelog.games.mystical_seeds.moves import Clause, Cultivate, HarvestUse, Reveal, ScholarUse
from gamelog.games.mystical_seeds.payment import covers, shortfall
from gamelog.games.mystical_seeds.plants import PlantCard
from gamelog.games.mystical_seeds.seeds import SECONDARY, describe_seeds, level, tracks_for
from gamelog.games.mystical_seeds.state import remember_card
from gamelog.games.mystical_seeds.tiles import TileSpec

if TYPE_CHECKING:
    from gamelog.games.mystical_seeds.turn import TurnRunner


def cultivate(runner: TurnRunner, clause: Cultivate) -> str:
    if clause.tile is not None:
        runner.require_inspiration(clause, "cultivating a plant tile")
        card, source = plant_tile(runner, clause, clause.tile)
    else:
        runner.start_action(clause, "cultivate")
        card, source = plant_card(runner, clause)
    paid = [runner.seed_in(clause, number) for number in clause.circles]
    if len(set(clause.circles)) != len(clause.circles):
        raise runner.illegal(clause, "a circle is listed twice in the seeds traded in", R.CULTIVATE)
    thrift = runner.player.holds("thrift")
    if not covers(paid, list(card.seeds), thrift):
        offered = ", ".join(f"{s} ({n})" for s, n in zip(paid, clause.circles, strict=True))
        facts = [f"the card shows {describe_seeds(card.seeds)}"]
        facts.append(f"traded in: {offered or 'nothing'}")
        facts.extend(shortfall(paid, list(card.seeds)))
        if thrift:
            facts.append(f"Thrift lets {thrift} Level 1 seed(s) go unpaid")
        raise runner.illegal(
            clause,
            f'the seeds traded in do not pay for "{card.name}"',
            R.CULTIVATE,
            facts,
        )
    choices = [seed for seed in card.seeds if level(seed) > 1]
    if len(clause.advances) != len(choices):
        raise runner.illegal(
            clause,
            f'"{card.name}" shows {len(choices)} seed(s) of Level 2 or 3 '
            f"({describe_seeds(choices)}); name one track for each, in order "
            f"(advance {' '.join(tracks_for(seed)[0] for seed in choices) or '...'}), "
            f"not {len(clause.advances)}",
            R.TRACK_ADVANCE,
        )
    for number in clause.circles:
        seed = runner.player.lab[number - 1]
        assert seed is not None
        runner.to_garden(seed)
        runner.player.lab[number - 1] = None
    runner.ctx.openings.clear()
    moves = []
    picks = iter(clause.advances)
    for seed in card.seeds:
        if level(seed) == 1:
            moves.append(runner.advance(clause, seed, chosen=False))
            continue
        track = next(picks)
        if track not in tracks_for(seed):
            raise runner.illegal(
                clause,
                f"{article(seed)} {seed} seed advances "
                f"{' or '.join(tracks_for(seed))}, not {track}",
                R.TRACK_ADVANCE,
            )
        moves.append(runner.advance(clause, track, chosen=True))
    runner.player.plants.append(card)
    runner.player.plant_sources.append((runner.turn.line, runner.turn.source))
    runner.ctx.bonus_clause = clause
    runner.ctx.scholar_left = runner.player.holds("scholar")
    runner.ctx.harvest_left = runner.player.holds("harvest")
    paid_words = " ".join(paid) if paid else "nothing"
    what = source if clause.tile else f'{source} "{card.name}"'
    return (
        f"cultivates {what} ({describe_seeds(card.seeds)}) with "
        f"{paid_words}, +{card.points}; tracks: {', '.join(moves) or 'none'}"
    )


def plant_card(runner: TurnRunner, clause: Cultivate) -> tuple[PlantCard, str]:
    state = runner.state
    if clause.top is not None:
        card = clause.top
        if not runner.player.holds("topdeck"):
            raise runner.illegal(
                clause,
                "cultivating the top card of a deck needs the Top deck tile",
                R.TILE_TOPDECK,
                [f"{runner.player.name} holds no Top deck tile"],
            )
        draw_from_deck(runner, clause, card)
        return card, f"the top L{card.level} card"
    name = str(clause.name)
    slots = [s for s in state.research if s.card and s.card.name.lower() == name.lower()]
    if not slots:
        listing = "; ".join(s.card.describe() for s in state.research if s.card)
        names = [s.card.name for s in state.research if s.card]
        raise runner.illegal(
            clause,
            f'there is no "{name}" in the Research Area'
            + suggestion(name, names, quote='"', not_itself=True),
            R.CULTIVATE,
            [f"Research Area: {listing or 'empty'}"],
        )
    free = [s for s in slots if s.x_owner is None]
    if not free:
        raise runner.illegal(
            clause,
            f'{slots[0].x_owner}\'s X token lies on "{name}"; a card with an X token '
            "cannot be cultivated",
            R.TILE_X,
        )
    slot = free[0]
    card = slot.card
    assert card is not None
    slot.card = None
    runner.ctx.reveal_slot = slot
    runner.ctx.reveal_clause = clause
    return card, "the Research Area's"


def draw_from_deck(runner: TurnRunner, clause: Clause, card: PlantCard) -> None:
    state = runner.state
    deck = card.level
    if state.deck_out[deck]:
        raise runner.illegal(
            clause,
            f"the Level {deck} plant deck has run out, and decks are not replenished",
            R.DECKS,
        )
    left = state.deck_left[deck]
    if left is not None:
        state.deck_left[deck] = left - 1
        if left - 1 == 0:
            state.deck_out[deck] = True
    complaint = remember_card(state, card, clause.line)
    if complaint:
        raise runner.illegal(clause, complaint, R.CARD_NAMES)


def plant_tile(runner: TurnRunner, clause: Cultivate, spec: TileSpec) -> tuple[PlantCard, str]:
    held = [tile for tile in runner.player.tiles if spec.matches(tile.spec)]
    if not held:
        raise runner.illegal(
            clause,
            f"{runner.player.name} holds no plant tile"
            + ("" if spec.seeds is None else f" {spec.describe()}"),
            R.TILE_PLANT,
            [runner.tiles_fact()],
        )
    if len({tile.spec for tile in held}) > 1:
        raise runner.illegal(
            clause,
            f"{runner.player.name} holds several plant tiles; say which: "
            + " or ".join(f"cultivate {t.spec.describe()}" for t in held),
            R.TILE_PLANT,
        )
    runner.player.tiles.remove(held[0])
    tile = held[0].spec
    assert tile.seeds is not None and tile.points is not None
    card = PlantCard(1, "plant tile", tile.seeds, tile.points)
    return card, "the plant tile"


def _tile_use_left(runner: TurnRunner, clause: Clause, left: int, tile: str, does: str) -> None:
    """A Scholar or Harvest tile is used right after a cultivation, once per tile held."""
    if left <= 0:
        raise runner.illegal(
            clause,
            f"{tile.lower()} {does} right after a cultivation, once per {tile} tile held",
            R.TILE_SCHOLAR if tile == "Scholar" else R.TILE_HARVEST,
            [f"{runner.player.name} holds {runner.player.holds(tile.lower())} {tile} tile(s)"],
        )


def scholar(runner: TurnRunner, clause: ScholarUse) -> str:
    _tile_use_left(runner, clause, runner.ctx.scholar_left, "Scholar", "advances a track")
    runner.ctx.scholar_left -= 1
    return "studies with Scholar: " + runner.advance(clause, clause.track, chosen=True)


def harvest(runner: TurnRunner, clause: HarvestUse) -> str:
    _tile_use_left(runner, clause, runner.ctx.harvest_left, "Harvest", "gains a Level 2 seed")
    if clause.colour not in SECONDARY:
        raise runner.illegal(
            clause,
            f"Harvest gives a Level 2 seed (orange, green or purple), not {clause.colour}",
            R.TILE_HARVEST,
        )
    index = runner.circle(clause, clause.circle)
    runner.from_garden(clause, clause.colour)
    runner.ctx.harvest_left -= 1
    return "harvests " + runner.put(index, clause.colour)


def reveal(runner: TurnRunner, clause: Reveal) -> str:
    ctx, state = runner.ctx, runner.state
    slot = ctx.reveal_slot
    if slot is None:
        raise runner.illegal(
            clause,
            "no plant card left the Research Area this turn, so none is revealed",
            R.REFILL_RESEARCH,
        )
    ctx.reveal_slot = None
    deck = slot.level
    if clause.card is None:
        left = state.deck_left[deck]
        if left:
            raise runner.illegal(
                clause,
                f"the Level {deck} deck still holds {left} card(s); reveal the next one",
                R.DECKS,
            )
        state.deck_out[deck] = True
        return f"finds the Level {deck} deck empty; the Research Area stays a card short"
    if clause.card.level != deck:
        raise runner.illegal(
            clause,
            f"a Level {deck} card left the Research Area, so the refill is a Level {deck} "
            f"card, not Level {clause.card.level}",
            R.REFILL_RESEARCH,
        )
    draw_from_deck(runner, clause, clause.card)
    slot.card = clause.card
    return f"reveals {clause.card.describe()} for the Research Area"

"""Knowledge tiles in play: taking them from the Bookshelf, their one-time effects,
the lasting ones used in the Inspiration phase (sun, X tokens), and refills.

Each function takes the ``TurnRunner`` playing the turn and one clause, checks
it and returns the words of its event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamelog.core.suggest import suggestion
from gamelog.core.words import counted
from gamelog.games.mystical_seeds import rulebook as R
from gamelog.games.mystical_seeds.moves import MoveX, Refill, SunUse, Take
from gamelog.games.mystical_seeds.seeds import PRIMARY, SECONDARY, level
from gamelog.games.mystical_seeds.tiles import HeldTile, TileSpec, slots_beside, tile_row_problem

if TYPE_CHECKING:
    from gamelog.games.mystical_seeds.turn import TurnRunner


# ---------------------------------------------------------------- taking


def take(runner: TurnRunner, clause: Take) -> str:
    ctx = runner.ctx
    if ctx.draw_pending:
        return _keep_drawn(runner, clause)
    if not ctx.openings:
        raise runner.illegal(
            clause,
            f"a Knowledge tile is taken right after a fairy enters space 3 or 6 of a track; "
            f"no fairy of {runner.player.name} just did",
            R.TILES,
            [runner.tracks_fact()],
        )
    shelf = runner.state.shelf
    candidates: list[str] = []
    for track, space in ctx.openings:
        for slot in slots_beside(track, space):
            tile = shelf[slot]
            if tile is None or not clause.tile.matches(tile) or slot in candidates:
                continue
            if clause.slot is None or clause.slot == slot:
                candidates.append(slot)
    feasible = [s for s in candidates if _assignable(ctx.openings, [*ctx.group_slots, s])]
    if not feasible:
        facts = [_beside_fact(runner, track, space) for track, space in ctx.openings]
        if candidates:
            message = (
                f"each space entered gives one tile, and the spaces just entered have "
                f"given theirs; {clause.tile.describe()} cannot be taken too"
            )
        else:
            where = f" in {clause.slot}" if clause.slot else ""
            beside = [
                tile.kind
                for track, space in ctx.openings
                for slot in slots_beside(track, space)
                if (tile := shelf[slot]) is not None
            ]
            message = (
                f"{clause.tile.describe()}{where} does not lie beside a space "
                f"{runner.player.name}'s fairy just entered"
                + suggestion(clause.tile.kind, beside, not_itself=True)
            )
        raise runner.illegal(clause, message, R.TILES, facts)
    if len(feasible) > 1 and len({shelf[s] for s in feasible}) == 1:
        raise runner.illegal(
            clause,
            f"{clause.tile.describe()} lies in {' and '.join(feasible)}; say which: "
            f"take {clause.tile.describe()} from {feasible[0]}",
            R.TILES,
        )
    if len(feasible) > 1:
        raise runner.illegal(
            clause,
            f"{clause.tile.describe()} could be any of "
            + ", ".join(str(shelf[s].describe()) for s in feasible if shelf[s])
            + "; name the plant tile's seeds, e.g. take plant(red blue = 1)",
            R.TILES,
        )
    _room_for_tile(runner, clause)
    slot = feasible[0]
    spec = shelf[slot]
    assert spec is not None
    shelf[slot] = None
    ctx.emptied.append(slot)
    ctx.group_slots.append(slot)
    held = HeldTile(spec, line=runner.turn.line, move=runner.turn.source)
    runner.player.tiles.append(held)
    effect = _apply_effect(runner, clause, held)
    return f"takes {spec.describe()} from {slot}" + (f": {effect}" if effect else "")


def _assignable(openings: list[tuple[str, int]], slots: list[str]) -> bool:
    """Whether each slot taken can be paired with a different space entered."""
    used = [False] * len(openings)

    def place(index: int) -> bool:
        if index == len(slots):
            return True
        for number, (track, space) in enumerate(openings):
            if not used[number] and slots[index] in slots_beside(track, space):
                used[number] = True
                if place(index + 1):
                    return True
                used[number] = False
        return False

    return place(0)


def _beside_fact(runner: TurnRunner, track: str, space: int) -> str:
    shelf = runner.state.shelf
    beside = ", ".join(
        f"{slot} {shelf[slot].describe() if shelf[slot] else 'empty'}"  # type: ignore[union-attr]
        for slot in slots_beside(track, space)
    )
    return f"{track} {space} lies beside {beside}"


def _room_for_tile(runner: TurnRunner, clause: Take) -> None:
    spaces = runner.state.graph.tile_spaces
    if len(runner.player.tiles) >= spaces:
        raise runner.illegal(
            clause,
            f"{runner.player.name}'s Laboratory has no free Knowledge-tile space "
            f"({counted(spaces, 'space')}, all taken)",
            R.TILE_SPACES,
            [runner.tiles_fact()],
        )


def _keep_drawn(runner: TurnRunner, clause: Take) -> str:
    ctx = runner.ctx
    drawn = ctx.draw_pending
    chosen = next((tile for tile in drawn if clause.tile.matches(tile)), None)
    if chosen is None or clause.slot is not None:
        raise runner.illegal(
            clause,
            "after Draw three the tile kept is one of those drawn: "
            + ", ".join(tile.describe() for tile in drawn)
            + suggestion(clause.tile.kind, [tile.kind for tile in drawn], not_itself=True),
            R.TILE_DRAW,
        )
    _room_for_tile(runner, clause)
    runner.return_drawn(kept=chosen)
    held = HeldTile(chosen, line=runner.turn.line, move=runner.turn.source)
    runner.player.tiles.append(held)
    effect = _apply_effect(runner, clause, held)
    return f"keeps {chosen.describe()} from the draw" + (f": {effect}" if effect else "")


# ---------------------------------------------------------------- effects


def _apply_effect(runner: TurnRunner, clause: Take, held: HeldTile) -> str:
    kind = held.spec.kind
    player, ctx = runner.player, runner.ctx
    if kind == "potion":
        player.potions += 1
        return "gains a potion"
    if kind == "potions":
        player.potions += 2
        return "gains two potions"
    if kind == "twoturns":
        ctx.extra_turns += 2
        return "will take two more turns"
    if kind == "extraturn":
        player.potions += 1
        ctx.extra_turns += 1
        return "gains a potion and will take one more turn"
    if kind == "twoseeds":
        return _gain_seeds(runner, clause, SECONDARY, 2, "take twoseeds orange at 2 purple at 5")
    if kind == "bundle":
        seed = _gain_seeds(runner, clause, PRIMARY, 1, "take bundle red at 3 advance blue")
        player.potions += 1
        if clause.advance is None:
            raise runner.illegal(
                clause,
                "Bundle also advances a track of the player's choice: "
                "take bundle red at 3 advance blue",
                R.TILE_EFFECT,
            )
        return (
            f"{seed} and a potion; advances {runner.advance(clause, clause.advance, chosen=True)}"
        )
    if kind == "draw":
        return _draw(runner, clause)
    if kind == "swap":
        return _swap(runner, clause)
    if kind == "sun":
        if clause.place is None:
            raise runner.illegal(
                clause, "the sun token goes in a circle: take sun at 4", R.TILE_SUN
            )
        held.sun_circle = runner.circle(clause, clause.place)
        return f"puts the sun token in {clause.place}"
    if kind == "xtokens":
        return _place_x(runner, clause)
    return ""


def _gain_seeds(
    runner: TurnRunner, clause: Take, colours: tuple[str, ...], count: int, usage: str
) -> str:
    words = "Level 1" if colours == PRIMARY else "Level 2"
    for colour, _ in clause.seeds:
        if colour not in colours:
            raise runner.illegal(
                clause,
                f"{clause.tile.kind} gives {words} seeds ({', '.join(colours)}), not {colour}",
                R.TILE_EFFECT,
            )
    available = sum(
        count if runner.state.supply[c] is None else (runner.state.supply[c] or 0) for c in colours
    )
    if len(clause.seeds) != min(count, available):
        raise runner.illegal(
            clause,
            f"{clause.tile.kind} gives {count} {words} seed{'s' if count > 1 else ''} of the "
            f"player's choice; the log names {len(clause.seeds)} ({usage})",
            R.TILE_EFFECT,
        )
    placed = []
    for colour, number in clause.seeds:
        index = runner.circle(clause, number)
        runner.from_garden(clause, colour)
        placed.append(runner.put(index, colour))
    return "gains " + ", ".join(placed) if placed else "the Garden has none to give"


def _draw(runner: TurnRunner, clause: Take) -> str:
    state = runner.state
    drawn = clause.drawn
    if not drawn:
        raise runner.illegal(
            clause,
            "Draw three: say which Level II tiles were drawn "
            "(take draw drew sun crown potions; take crown)",
            R.TILE_DRAW,
        )
    if len(drawn) > 3:
        raise runner.illegal(clause, "Draw three draws three tiles, not more", R.TILE_DRAW)
    for tile in drawn:
        _check_tile(runner, clause, tile, 2)
    left = state.pile_left[2]
    if state.pile_out[2] or (left is not None and left < len(drawn)):
        raise runner.illegal(
            clause,
            f"the Level II pile holds {left or 0} tile(s); {len(drawn)} cannot be drawn",
            R.DECKS,
        )
    if left is not None:
        state.pile_left[2] = left - len(drawn)
    runner.ctx.draw_pending = drawn
    runner.ctx.draw_clause = clause
    return "draws " + ", ".join(tile.describe() for tile in drawn)


def _swap(runner: TurnRunner, clause: Take) -> str:
    if clause.swap is None:
        return "does not use it"
    back, forward = clause.swap
    player = runner.player
    if back == forward:
        raise runner.illegal(
            clause, "Swap moves back on one track and forward on another", R.TILE_SWAP
        )
    if player.tracks[back] < 2:
        raise runner.illegal(
            clause,
            f"the {back} fairy is on space {player.tracks[back]} and cannot move back two",
            R.TILE_SWAP,
            [runner.tracks_fact()],
        )
    player.move_fairy(back, player.tracks[back] - 2, runner.turn.line, runner.turn.source)
    steps = [runner.advance(clause, forward, chosen=True) for _ in range(2)]
    return f"{back} back to {player.tracks[back]}, {', '.join(steps)}"


def _place_x(runner: TurnRunner, clause: Take) -> str:
    research = runner.state.research
    eligible = [s for s in research if s.card is not None and s.x_owner is None]
    wanted = min(2, len(eligible))
    if len(clause.x_on) != wanted or len({n.lower() for n in clause.x_on}) != wanted:
        raise runner.illegal(
            clause,
            f"the two X tokens go on {wanted} different plant card(s) of the Research Area: "
            'take xtokens on "Name" "Name"',
            R.TILE_X,
        )
    for name in clause.x_on:
        slot = next((s for s in eligible if s.card and s.card.name.lower() == name.lower()), None)
        if slot is None:
            names = [s.card.name for s in eligible if s.card]
            raise runner.illegal(
                clause,
                f'"{name}" is not a plant card of the Research Area without an X token'
                + suggestion(name, names, quote='"', not_itself=True),
                R.TILE_X,
            )
        slot.x_owner = runner.player.name
        eligible.remove(slot)
    return "puts X tokens on " + " and ".join(f'"{n}"' for n in clause.x_on)


def _check_tile(runner: TurnRunner, clause: Take | Refill, tile: TileSpec, row: int) -> None:
    problem = tile_row_problem(tile, row)
    if problem is not None:
        raise runner.illegal(clause, problem, R.TILE_EFFECT)


# ---------------------------------------------------------------- lasting tiles


def use_sun(runner: TurnRunner, clause: SunUse) -> str:
    runner.require_inspiration(clause, "the sun token")
    player = runner.player
    suns = [tile for tile in player.tiles if tile.spec.kind == "sun"]
    if not suns:
        raise runner.illegal(
            clause, f"{player.name} holds no Sun tile", R.TILE_SUN, [runner.tiles_fact()]
        )
    if clause.circle is not None:
        suns = [tile for tile in suns if tile.sun_circle == clause.circle - 1]
        if not suns:
            raise runner.illegal(
                clause, f"no sun token of {player.name} lies in {clause.circle}", R.TILE_SUN
            )
    unused = [tile for tile in suns if id(tile) not in runner.ctx.suns_used]
    if not unused:
        raise runner.illegal(clause, "a sun token works once per Inspiration phase", R.TILE_SUN)
    sun = unused[0]
    runner.ctx.suns_used.add(id(sun))
    index = sun.sun_circle
    assert index is not None
    seed = player.lab[index]
    if seed is None:
        if level(clause.colour) != 1:
            raise runner.illegal(
                clause,
                f"the sun's circle {index + 1} is empty, so it gets a Level 1 seed "
                f"(red, yellow or blue), not {clause.colour}",
                R.TILE_SUN,
            )
    elif level(seed) == 1:
        if level(clause.colour) != 2:
            raise runner.illegal(
                clause,
                f"the sun's circle {index + 1} holds {seed}, so it becomes a Level 2 seed "
                f"(orange, green or purple), not {clause.colour}",
                R.TILE_SUN,
            )
    else:
        raise runner.illegal(
            clause,
            f"the sun's circle {index + 1} holds {seed}; the sun only fills an empty circle "
            "or turns a Level 1 seed into a Level 2 seed",
            R.TILE_SUN,
        )
    runner.from_garden(clause, clause.colour)
    return "uses the sun: " + runner.put(index, clause.colour)


def move_x(runner: TurnRunner, clause: MoveX) -> str:
    runner.require_inspiration(clause, "moving an X token")
    research = runner.state.research
    source = next(
        (
            s
            for s in research
            if s.card and s.card.name.lower() == clause.source.lower() and s.x_owner
        ),
        None,
    )
    if source is None:
        marked = [s.card.name for s in research if s.card and s.x_owner]
        raise runner.illegal(
            clause,
            f'no X token lies on "{clause.source}" in the Research Area'
            + suggestion(clause.source, marked, quote='"', not_itself=True),
            R.TILE_X,
        )
    target = next(
        (
            s
            for s in research
            if s.card and s.card.name.lower() == clause.target.lower() and not s.x_owner
        ),
        None,
    )
    if target is None:
        free = [s.card.name for s in research if s.card and not s.x_owner]
        raise runner.illegal(
            clause,
            f'"{clause.target}" is not a Research Area card without an X token'
            + suggestion(clause.target, free, quote='"', not_itself=True),
            R.TILE_X,
        )
    owner_name = source.x_owner
    assert owner_name is not None
    words = f'moves {owner_name}\'s X token from "{clause.source}" to "{clause.target}"'
    if owner_name == runner.player.name:
        if clause.pay_from is not None:
            raise runner.illegal(clause, "a player moves their own X tokens for free", R.TILE_X)
    else:
        if clause.pay_from is None or clause.pay_to is None:
            raise runner.illegal(
                clause,
                f"moving {owner_name}'s X token costs a seed paid to {owner_name}: "
                f'move x "{clause.source}" to "{clause.target}" pay 3 to 5 '
                f"(from your circle 3 into {owner_name}'s circle 5)",
                R.TILE_X,
            )
        owner = runner.state.players[owner_name]
        seed = runner.seed_in(clause, clause.pay_from)
        runner.player.lab[clause.pay_from - 1] = None
        index = runner.circle(clause, clause.pay_to)
        words += f", paying {owner_name} a {seed} ({runner.put(index, seed, owner)})"
    source.x_owner = None
    target.x_owner = owner_name
    return words


# ---------------------------------------------------------------- cleanup


def refill(runner: TurnRunner, clause: Refill) -> str:
    ctx, state = runner.ctx, runner.state
    if ctx.action is None or (ctx.action == "collect" and not ctx.fairy_moved):
        raise runner.illegal(
            clause,
            "the Bookshelf is refilled in the cleanup, after the action",
            R.PHASES,
        )
    slot = clause.slot
    if slot not in ctx.emptied or slot in ctx.refilled:
        emptied = [s for s in ctx.emptied if s not in ctx.refilled]
        raise runner.illegal(
            clause,
            f"slot {slot} was not emptied this turn"
            + (" (or is refilled already)" if slot in ctx.refilled else ""),
            R.REFILL_SHELF,
            [f"emptied and not yet refilled: {', '.join(emptied) or 'none'}"],
        )
    row = 2 if slot.startswith("II") else 1
    left = state.pile_left[row]
    pile = f"Level {'I' * row} pile"
    ctx.refilled.add(slot)
    if clause.tile is None:
        if left:
            raise runner.illegal(
                clause, f"the {pile} still holds {left} tile(s); refill the slot", R.DECKS
            )
        state.pile_out[row] = True
        state.shelf[slot] = None
        return f"finds the {pile} empty; {slot} stays empty"
    _check_tile(runner, clause, clause.tile, row)
    if state.pile_out[row]:
        raise runner.illegal(
            clause,
            f"the {pile} has run out, and piles are not replenished",
            R.DECKS,
        )
    if left is not None:
        state.pile_left[row] = left - 1
        if left - 1 == 0:
            state.pile_out[row] = True
    state.shelf[slot] = clause.tile
    return f"refills {slot} with {clause.tile.describe()}"

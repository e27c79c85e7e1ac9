"""Playing a cultivation card: the shape on the board, the raise, its price in mana and
in landscape cards."""

from __future__ import annotations

from dataclasses import dataclass

from gamelog.core.errors import IllegalMove
from gamelog.core.game import Event
from gamelog.core.words import counted, field_list, plural
from gamelog.games.eden import rulebook as rb
from gamelog.games.eden.board import Tile
from gamelog.games.eden.moves import Cultivate
from gamelog.games.eden.shapes import is_mirror_image, matches, shape_of, shapes
from gamelog.games.eden.state import EdenState, check_payment


@dataclass(frozen=True)
class Raise:
    """What a cultivation that its checks let pass raises, from which value, and its cost."""

    raised: tuple[str, ...]
    lowest: int
    cost: int


def check_cultivation(state: EdenState, player: str, action: Cultivate) -> Raise:
    """Check a cultivation of the player's own fields (changing nothing): the lowest
    fields of the area are raised by one."""
    _check_shape(action)
    board = state.board
    for field in action.fields:
        tile = board[field]
        if tile is None or tile.owner != player:
            held = "is empty" if tile is None else f"is {tile.owner}'s"
            raise IllegalMove(
                f"{field} {held}; {player} may cultivate only their own landscape cards",
                rule=rb.OWN_FIELDS,
                facts=[board.describe(f) for f in action.fields],
                column=action.column,
            )
    values = {field: board[field].value for field in action.fields}  # type: ignore[union-attr]
    lowest = min(values.values())
    if lowest == 4:
        raise IllegalMove(
            "every field of the area already has value 4: nothing can be raised",
            rule=rb.HIGHEST_VALUE,
            column=action.column,
        )
    raised = [field for field in action.fields if values[field] == lowest]
    if action.raised is not None:
        _check_raised(action, values, lowest, raised)

    cost = rb.COST_PER_RAISED_FIELD * len(raised)
    check_payment(
        state,
        player,
        cost,
        f"to raise {field_list(raised)}",
        rule=rb.CULTIVATION_COST,
        recalled=rb.MANA,
        column=action.column,
    )
    owner = state.players[player]
    if lowest == 2 and owner.three_four_left < len(raised):
        raise IllegalMove(
            f"{player} has {counted(owner.three_four_left, '3/4 landscape card')} left, "
            "too few to raise "
            f"{field_list(raised)} from 2 to 3",
            rule=rb.SUPPLY,
            column=action.column,
        )
    return Raise(tuple(raised), lowest, cost)


def raise_fields(
    state: EdenState, player: str, action: Cultivate, plan: Raise, line: int
) -> list[Event]:
    """Raise the fields ``check_cultivation`` found; the card was already played."""
    board = state.board
    owner = state.players[player]
    lowest, raised, cost = plan.lowest, plan.raised, plan.cost
    owner.mana -= cost
    if lowest == 2:  # a 1/2 card goes back to the supply, a 3/4 card comes out
        owner.one_two_left += len(raised)
        owner.three_four_left -= len(raised)
    for field in raised:
        board.place(field, Tile(player, lowest + 1))
        state.gains.setdefault(field, []).append((line, 1))
    points = board.points(player)
    return [
        Event(
            f"{player} cultivates {action.shape} on {field_list(action.fields)}: "
            f"{field_list(raised)} {lowest}->{lowest + 1} for {cost} mana "
            f"(+{len(raised)}, {counted(points, 'point')})",
            player,
            len(raised),
        )
    ]


def _check_shape(action: Cultivate) -> None:
    shape = shapes()[action.shape]
    fields = action.fields
    twice = sorted({f for f in fields if fields.count(f) > 1})
    if twice:
        raise IllegalMove(
            f"{field_list(twice)} named twice in the area of {action.shape}",
            rule=rb.SHAPE,
            column=action.column,
        )
    picture = " / ".join(shape.picture)
    if len(fields) != shape.size:
        raise IllegalMove(
            f"{action.shape} shows {shape.size} fields, but {len(fields)} are named "
            f"({field_list(fields)})",
            rule=rb.SHAPE,
            facts=[f"{action.shape} looks like {picture}"],
            column=action.column,
        )
    if matches(action.shape, fields):
        return
    if is_mirror_image(action.shape, fields):
        message = (
            f"{field_list(fields)} form the mirror image of {action.shape}; "
            f"a cultivation card may be turned but not flipped over"
        )
    else:
        formed = shape_of(fields)
        message = f"{field_list(fields)} do not form the shape of {action.shape}"
        if formed is not None:
            message += f" (they form {formed})"
    raise IllegalMove(
        message,
        rule=rb.SHAPE,
        facts=[f"{action.shape} looks like {picture} (rows top to bottom)"],
        column=action.column,
    )


def _check_raised(
    action: Cultivate, values: dict[str, int], lowest: int, raised: list[str]
) -> None:
    """The log named the raised fields: they must be exactly the area's lowest ones."""
    outside = [f for f in action.raised or () if f not in values]
    if outside:
        raise IllegalMove(
            f"{field_list(outside)} {plural(len(outside), 'is', 'are')} not in the area "
            f"of the card ({field_list(action.fields)})",
            rule=rb.LOWEST_ONLY,
            column=action.column,
        )
    higher = [f for f in action.raised or () if values[f] > lowest]
    facts = [f"{field} has value {value}" for field, value in values.items()]
    missing = [f for f in raised if f not in (action.raised or ())]
    if higher or missing:
        message = (
            f"{field_list(higher)} cannot be raised: only the fields of the lowest value "
            f"({lowest}) are, here {field_list(raised)}"
            if higher
            else f"{field_list(missing)} must be raised too: every field of the lowest value "
            f"({lowest}) in the area is raised"
        )
        raise IllegalMove(message, rule=rb.LOWEST_ONLY, facts=facts, column=action.column)

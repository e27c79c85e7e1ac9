"""The rules engine: one turn (a Turn, the lines of one player) applied to the position
in place.

A turn is income, then one card action (1 or 2 irrigation cards, each with an
optional land conquest; or 1 cultivation card; or a pass) with any number of
sales to and purchases from the bank around it, then the draw. The income may
be declared at any point of the turn (a log that never writes it receives it
at the start); once the turn has ended, a forgotten income is lost. A turn may
be written on several consecutive lines of the same player; the next player's
line ends it (with the automatic draw if the log did not write one).
"""

from __future__ import annotations

from collections.abc import Sequence

from gamelog.core.errors import IllegalMove
from gamelog.core.game import Event
from gamelog.games.eden import rulebook as rb
from gamelog.games.eden import scoring
from gamelog.games.eden.board import Tile
from gamelog.games.eden.cards import is_irrigation
from gamelog.games.eden.conquest import land_conquest
from gamelog.games.eden.cultivation import cultivate
from gamelog.games.eden.moves import (
    Action,
    Attack,
    Buy,
    Cultivate,
    Draw,
    Income,
    Irrigate,
    Pass,
    Sell,
    Turn,
    TurnLine,
)
from gamelog.games.eden.shapes import shapes
from gamelog.games.eden.state import EdenState
from gamelog.games.eden.state import Turn as TurnState
from gamelog.games.eden.words import counted, field_list


def apply(state: EdenState, move: Turn) -> list[Event]:
    """Play every line of one turn; raise IllegalMove at the first action that breaks a
    rule, with the line and column of the action (or bid) at fault."""
    events: list[Event] = []
    for index, line in enumerate(move.lines):
        try:
            _apply_line(state, move.lines[index:], index > 0, events)
        except IllegalMove as error:
            if error.line is None:
                error.line = line.line
                error.column = error.column or line.column
            raise
    return events


def _apply_line(
    state: EdenState, lines: Sequence[TurnLine], continued: bool, events: list[Event]
) -> None:
    """Play the first of ``lines`` (the others are the rest of the turn written so far)."""
    line = lines[0]
    if state.ended_at is not None:
        raise _after_the_end(state, line.column) if continued else _game_over(state, line.column)
    turn = _turn_for(state, lines, events)
    for action in line.actions:
        if state.ended_at is not None:
            raise _game_over(state, action.column)
        if turn.drawn_at is not None:
            if isinstance(action, Income):
                raise _income_after_the_turn(turn, action.column)
            raise IllegalMove(
                f"{turn.player} already drew a card (line {turn.drawn_at}), which ends the turn",
                rule=rb.DRAW_ENDS_TURN,
                column=action.column,
            )
        if not isinstance(action, Attack | Irrigate):
            turn.attack_from = None  # a land conquest must follow its irrigation card at once
        events.extend(_play(state, turn, action, line.line))
        _check_end(state, line.line, events)


def is_finished(state: EdenState) -> bool:
    return state.ended_at is not None


def _game_over(state: EdenState, column: int) -> IllegalMove:
    return IllegalMove(
        f"the game is over: {_reached(state)} at line {state.ended_at}; nothing may follow",
        rule=rb.GAME_END,
        facts=end_facts(state),
        column=column,
    )


def _after_the_end(state: EdenState, column: int) -> IllegalMove:
    """A line of the turn in which the game ended, after the line that ended it."""
    return IllegalMove(
        rb.AFTER_THE_END, rule=rb.NO_MOVE_AFTER_THE_END, facts=end_facts(state), column=column
    )


def _reached(state: EdenState) -> str:
    """``Ben reached 20 fertility points``: the winners as the score sheet ranks them."""
    winners = scoring.winners(state)
    points = state.board.points(winners[0])
    return f"{field_list(winners)} reached {points} fertility points"


def end_facts(state: EdenState) -> list[str]:
    """Why the game is over: who reached 20, where, and on whose turn."""
    if state.ended_at is None:
        return []
    winners = scoring.winners(state)
    whose = state.turn.player if state.turn is not None else winners[0]
    during = "on their own turn" if winners == [whose] else f"during {whose}'s turn"
    return [f"{_reached(state)} at line {state.ended_at}, {during}", rb.GAME_END]


# --- turns and income -----------------------------------------------------------


def _turn_for(state: EdenState, lines: Sequence[TurnLine], events: list[Event]) -> TurnState:
    """The turn the first of ``lines`` belongs to: the current one continued, or the
    next player's (``lines`` are the rest of the turn as written, which says whether
    the log declares the income somewhere in it).

    ``state.turns.current`` is whose turn starts next; a line of the player whose
    turn it is continues that turn until they draw.
    """
    line = lines[0]
    turn = state.turn
    player = state.turns.roster.get(line.player)
    if turn is not None and player == turn.player:
        if turn.drawn_at is not None:
            if line.actions and isinstance(line.actions[0], Income):
                error = _income_after_the_turn(turn, line.column)
                error.facts = [f"it is {state.turns.current}'s turn"]
                raise error
            raise IllegalMove(
                f"{player}'s turn ended with the draw at line {turn.drawn_at}; "
                f"it is {state.turns.current}'s turn",
                rule=rb.DRAW_ENDS_TURN,
                column=line.column,
            )
        return turn
    facts = [] if turn is None else [f"the last turn was {turn.player}'s (from line {turn.line})"]
    player = state.turns.check(line.player, rule=rb.TURN_ORDER, facts=facts, column=line.column)
    if turn is not None:
        events.extend(_automatic_draw(state, turn))
    state.turns.advance()
    turn = TurnState(player, line.line)
    turn.income_fields = _fields_above_one(state, player)
    turn.income_due = rb.INCOME_PER_RED_POINT * sum(value - 1 for _, value in turn.income_fields)
    state.turn = turn
    state.turns_played += 1
    if not any(isinstance(action, Income) for later in lines for action in later.actions):
        events.extend(_receive_income(state, turn, turn.income_due, line.line))
    return turn


def _fields_above_one(state: EdenState, player: str) -> tuple[tuple[str, int], ...]:
    """The player's fields that show red points (value 2 or more), in board order."""
    return tuple((f, tile.value) for f, tile in state.board.fields_of(player) if tile.value > 1)


def _receive_income(state: EdenState, turn: TurnState, amount: int, line: int) -> list[Event]:
    turn.income_line = line
    if amount == 0:
        return []
    state.players[turn.player].mana += amount
    reds = amount // rb.INCOME_PER_RED_POINT
    return [
        Event(
            f"{turn.player} receives {amount} mana ({reds} red point{'' if reds == 1 else 's'})",
            turn.player,
        )
    ]


def _income_after_the_turn(turn: TurnState, column: int) -> IllegalMove:
    return IllegalMove(
        f"{turn.player}'s turn ended with the draw at line {turn.drawn_at}; "
        f"an income not received during the turn is lost",
        rule=rb.INCOME,
        column=column,
    )


def _income(state: EdenState, turn: TurnState, action: Income, line: int) -> list[Event]:
    """The income declared at any point of the turn: the amount its start gave."""
    if turn.income_line is not None:
        settled = (
            "declared the income of this turn forgotten"
            if turn.income_forgotten
            else "received the income of this turn"
        )
        raise IllegalMove(
            f"{turn.player} already {settled} (line {turn.income_line})",
            rule=rb.INCOME,
            column=action.column,
        )
    if action.amount is None:  # forgotten: the rules give nothing afterwards
        turn.income_line, turn.income_forgotten = line, True
        return [Event(f"{turn.player} forgets the income and receives nothing", turn.player)]
    due = turn.income_due
    if action.amount != due:
        raise IllegalMove(
            f"{turn.player}'s income is {due} mana, not {action.amount}",
            rule=rb.INCOME,
            facts=_income_facts(state, turn),
            column=action.column,
        )
    return _receive_income(state, turn, due, line)


def _income_facts(state: EdenState, turn: TurnState) -> list[str]:
    """The red points the income counts: the player's fields at the start of the turn
    (said in the present tense while they are still the same)."""
    reds = turn.income_due // rb.INCOME_PER_RED_POINT
    points = f"{reds} red fertility point{'' if reds == 1 else 's'}"
    if _fields_above_one(state, turn.player) == turn.income_fields:
        first = f"{turn.player} has {points}"
    else:
        first = f"{turn.player} had {points} at the start of the turn (line {turn.line})"
    by_value: dict[int, list[str]] = {}
    for field, value in turn.income_fields:
        by_value.setdefault(value, []).append(field)
    return [
        first,
        *(
            f"value {value} (red points {value - 1} each): {field_list(fields)}"
            for value, fields in sorted(by_value.items())
        ),
    ]


# --- card actions ----------------------------------------------------------------


def _choose_action(state: EdenState, turn: TurnState, kind: str, column: int) -> None:
    """Irrigation (twice at most), cultivation or pass: one kind of card action a turn."""
    if turn.action is None or (kind == "irrigation" and turn.action == "irrigation"):
        if kind == "irrigation" and turn.irrigations >= rb.MAX_IRRIGATION_CARDS:
            raise IllegalMove(
                f"{turn.player} already played {rb.MAX_IRRIGATION_CARDS} irrigation cards "
                f"this turn",
                rule=rb.ONE_ACTION,
                column=column,
            )
        turn.action = kind
        return
    done = {
        "irrigation": "played irrigation",
        "cultivation": "played a cultivation card",
        "pass": "passed",
    }
    raise IllegalMove(
        f"{turn.player} already {done[turn.action]} this turn; "
        f"{'a pass' if kind == 'pass' else kind} cannot follow",
        rule=rb.ONE_ACTION,
        column=column,
    )


def play_card(state: EdenState, player: str, card: str, line: int, column: int) -> None:
    """Take ``card`` out of the player's hand (a known card, or one of the unknown ones)."""
    hand = state.players[player].hand
    kind = "irrigation" if is_irrigation(card) else "cultivation"
    if hand.known[card] > 0:
        hand.known[card] -= 1
    elif hand.unknown > 0:
        problem = state.census.problem(card)
        if problem is not None:
            raise IllegalMove(
                f"{player} cannot play {kind} card {card}: {problem}",
                rule=rb.HAND,
                column=column,
            )
        hand.unknown -= 1
        state.census.see(card, f"played at line {line}")
    else:
        raise IllegalMove(
            f"{kind} card {card} is not in {player}'s hand",
            rule=rb.HAND,
            facts=[f"{player} holds {hand.describe()}"],
            column=column,
        )
    if kind == "irrigation":
        state.census.irrigation[card] = f"played at line {line}"


def _irrigate(state: EdenState, turn: TurnState, action: Irrigate, line: int) -> list[Event]:
    player = state.players[turn.player]
    field = action.field
    _choose_action(state, turn, "irrigation", action.column)
    occupant = state.board[field]
    if occupant is not None:
        facts = [f"{state.board.describe(field)}"]
        if field in state.irrigated_at:
            facts.append(f"irrigation card {field} was played at line {state.irrigated_at[field]}")
        raise IllegalMove(
            f"{field} is already occupied by {occupant.owner}'s landscape card",
            rule=rb.IRRIGATION,
            facts=facts,
            column=action.column,
        )
    if player.one_two_left == 0:
        raise IllegalMove(
            f"{turn.player} has no 1/2 landscape card left to place on {field}",
            rule=rb.SUPPLY,
            facts=[f"all of {turn.player}'s 1/2 cards are on the board"],
            column=action.column,
        )
    play_card(state, turn.player, field, line, action.column)
    player.one_two_left -= 1
    state.board.place(field, Tile(turn.player, 1))
    state.irrigated_at[field] = line
    turn.irrigations += 1
    turn.attack_from = field
    points = state.board.points(turn.player)
    return [
        Event(f"{turn.player} irrigates {field} (+1, {counted(points, 'point')})", turn.player, 1)
    ]


def _cultivate(state: EdenState, turn: TurnState, action: Cultivate, line: int) -> list[Event]:
    if turn.bought[action.shape] and turn.action in ("irrigation", "cultivation"):
        raise IllegalMove(
            f"{turn.player} bought {action.shape} this turn after playing a card already",
            rule=rb.BOUGHT_CARD,
            column=action.column,
        )
    _choose_action(state, turn, "cultivation", action.column)
    play_card(state, turn.player, action.shape, line, action.column)
    return cultivate(state, turn.player, action)


def _pass(state: EdenState, turn: TurnState, action: Pass, line: int) -> list[Event]:
    _choose_action(state, turn, "pass", action.column)
    return [Event(f"{turn.player} passes", turn.player)]


def _attack(state: EdenState, turn: TurnState, action: Attack, line: int) -> list[Event]:
    placed = turn.attack_from
    if placed is None:
        raise IllegalMove(
            "a land conquest must follow an irrigation card immediately",
            rule=rb.CONQUEST_TIMING,
            facts=[
                "no irrigation card was played this turn"
                if turn.irrigations == 0
                else "the last irrigation card already had its chance to attack"
            ],
            column=action.column,
        )
    turn.attack_from = None
    return land_conquest(state, turn.player, placed, action)


# --- the bank ----------------------------------------------------------------------


def _sell(state: EdenState, turn: TurnState, action: Sell, line: int) -> list[Event]:
    play_card(state, turn.player, action.shape, line, action.column)
    price = rb.SELL_PER_FIELD * shapes()[action.shape].size
    state.players[turn.player].mana += price
    state.bank[action.shape] += 1
    return [Event(f"{turn.player} sells {action.shape} to the bank for {price} mana", turn.player)]


def _buy(state: EdenState, turn: TurnState, action: Buy, line: int) -> list[Event]:
    player = state.players[turn.player]
    if state.bank[action.shape] == 0:
        lying = sorted(state.bank.elements())
        raise IllegalMove(
            f"no {action.shape} card lies face up at the bank",
            rule=rb.BUYING,
            facts=[f"face up at the bank: {', '.join(lying) if lying else 'nothing'}"],
            column=action.column,
        )
    price = rb.BUY_BASE_PRICE + rb.BUY_PER_FIELD * shapes()[action.shape].size
    if price > player.mana:
        raise IllegalMove(
            f"{turn.player} cannot pay {price} mana for {action.shape}",
            rule=rb.MANA,
            facts=[f"{turn.player} has {player.mana} mana", rb.BUYING],
            column=action.column,
        )
    player.mana -= price
    state.bank[action.shape] -= 1
    player.hand.known[action.shape] += 1
    turn.bought[action.shape] += 1
    return [Event(f"{turn.player} buys {action.shape} from the bank for {price} mana", turn.player)]


# --- the draw ----------------------------------------------------------------------


def _draw(state: EdenState, turn: TurnState, action: Draw, line: int) -> list[Event]:
    hand = state.players[turn.player].hand
    if hand.size >= rb.DRAW_BELOW:
        raise IllegalMove(
            f"{turn.player} holds {hand.size} cards and may not draw another",
            rule=rb.DRAWING,
            facts=[f"{turn.player} holds {hand.describe()}"],
            column=action.column,
        )
    if state.draw_pile == 0:
        raise IllegalMove(
            "the draw pile is empty",
            rule=rb.DRAWING,
            column=action.column,
        )
    card = action.card
    if card is not None:
        problem = state.census.problem(card)
        if problem is not None:
            raise IllegalMove(
                f"{turn.player} cannot draw {card}: {problem}",
                rule=rb.DRAWING,
                column=action.column,
            )
        state.census.see(card, f"in {turn.player}'s hand")
        hand.known[card] += 1
    else:
        hand.unknown += 1
    state.draw_pile -= 1
    turn.drawn_at = line
    what = card if card is not None else "a card"
    return [Event(f"{turn.player} draws {what} ({hand.size} in hand)", turn.player)]


def _automatic_draw(state: EdenState, turn: TurnState) -> list[Event]:
    """The draw the log did not write down: one unknown card if the hand is below 5."""
    if turn.drawn_at is not None:
        return []
    hand = state.players[turn.player].hand
    if hand.size >= rb.DRAW_BELOW or state.draw_pile == 0:
        return []
    hand.unknown += 1
    state.draw_pile -= 1
    return [Event(f"{turn.player} ends the turn drawing a card ({hand.size} in hand)", turn.player)]


# --- the end ------------------------------------------------------------------------


def _check_end(state: EdenState, line: int, events: list[Event]) -> None:
    """The game ends the moment anyone (not only the player whose turn it is) has 20;
    who wins is the score sheet's first place."""
    if all(state.board.points(name) < rb.WINNING_POINTS for name in state.order):
        return
    state.ended_at = line
    for name in scoring.winners(state):
        points = state.board.points(name)
        events.append(Event(f"{name} has {points} fertility points and wins", name))


def _play(state: EdenState, turn: TurnState, action: Action, line: int) -> list[Event]:
    """Dispatch one action to the rule that governs it."""
    match action:
        case Income():
            return _income(state, turn, action, line)
        case Irrigate():
            return _irrigate(state, turn, action, line)
        case Attack():
            return _attack(state, turn, action, line)
        case Cultivate():
            return _cultivate(state, turn, action, line)
        case Pass():
            return _pass(state, turn, action, line)
        case Sell():
            return _sell(state, turn, action, line)
        case Buy():
            return _buy(state, turn, action, line)
        case Draw():
            return _draw(state, turn, action, line)
    raise TypeError(f"unknown action {action!r}")  # pragma: no cover - the grammar has no other

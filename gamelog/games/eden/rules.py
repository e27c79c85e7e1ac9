"""The rules engine: one log line (a TurnLine) applied to the position in place.

A turn is income, then one card action (1 or 2 irrigation cards, each with an
optional land conquest; or 1 cultivation card; or a pass) with any number of
sales to and purchases from the bank around it, then the draw. A turn may be
written on several consecutive lines of the same player; the next player's line
ends it (with the automatic draw if the log did not write one).
"""

from __future__ import annotations

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
    TurnLine,
)
from gamelog.games.eden.shapes import shapes
from gamelog.games.eden.state import EdenState, Turn
from gamelog.games.eden.words import counted, field_list


def apply(state: EdenState, move: TurnLine) -> list[Event]:
    """Play every action of one line; raise IllegalMove at the first that breaks a rule.

    Errors carry the column of the action (or bid) at fault; the line is the move's.
    """
    try:
        return _apply(state, move)
    except IllegalMove as error:
        if error.line is None:
            error.line = move.line
            error.column = error.column or move.column
        raise


def _apply(state: EdenState, move: TurnLine) -> list[Event]:
    if state.ended_at is not None:
        raise _game_over(state, move.column)
    events: list[Event] = []
    turn = _turn_for(state, move, events)
    for action in move.actions:
        if state.ended_at is not None:
            raise _game_over(state, action.column)
        if turn.drawn_at is not None:
            raise IllegalMove(
                f"{turn.player} already drew a card (line {turn.drawn_at}), which ends the turn",
                rule=rb.DRAW_ENDS_TURN,
                column=action.column,
            )
        if not isinstance(action, Attack | Irrigate):
            turn.attack_from = None  # a land conquest must follow its irrigation card at once
        events.extend(_play(state, turn, action, move.line))
        _check_end(state, move.line, events)
    return events


def is_finished(state: EdenState) -> bool:
    return state.ended_at is not None


def _game_over(state: EdenState, column: int) -> IllegalMove:
    return IllegalMove(
        f"the game is over: {_reached(state)} at line {state.ended_at}; nothing may follow",
        rule=rb.GAME_END,
        facts=end_facts(state),
        column=column,
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


def _turn_for(state: EdenState, move: TurnLine, events: list[Event]) -> Turn:
    """The turn this line belongs to: the current one continued, or the next player's.

    ``state.turns.current`` is whose turn starts next; a line of the player whose
    turn it is continues that turn until they draw.
    """
    turn = state.turn
    player = state.turns.roster.get(move.player)
    if turn is not None and player == turn.player:
        if turn.drawn_at is not None:
            raise IllegalMove(
                f"{player}'s turn ended with the draw at line {turn.drawn_at}; "
                f"it is {state.turns.current}'s turn",
                rule=rb.DRAW_ENDS_TURN,
                column=move.column,
            )
        return turn
    facts = [] if turn is None else [f"the last turn was {turn.player}'s (from line {turn.line})"]
    player = state.turns.check(move.player, rule=rb.TURN_ORDER, facts=facts, column=move.column)
    if turn is not None:
        events.extend(_automatic_draw(state, turn))
    state.turns.advance()
    turn = Turn(player, move.line)
    state.turn = turn
    state.turns_played += 1
    if not (move.actions and isinstance(move.actions[0], Income)):
        events.extend(_receive_income(state, turn, _income_due(state, player)))
    return turn


def _income_due(state: EdenState, player: str) -> int:
    return rb.INCOME_PER_RED_POINT * state.board.red_points(player)


def _receive_income(state: EdenState, turn: Turn, amount: int) -> list[Event]:
    turn.income_done = True
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


def _income(state: EdenState, turn: Turn, action: Income, line: int) -> list[Event]:
    if turn.income_done:
        raise IllegalMove(
            "income is received at the start of the turn, before anything else",
            rule=rb.INCOME,
            column=action.column,
        )
    if action.amount is None:  # forgotten: the rules give nothing afterwards
        turn.income_done = True
        return [Event(f"{turn.player} forgets the income and receives nothing", turn.player)]
    due = _income_due(state, turn.player)
    if action.amount != due:
        reds = state.board.red_points(turn.player)
        raise IllegalMove(
            f"{turn.player}'s income is {due} mana, not {action.amount}",
            rule=rb.INCOME,
            facts=[
                f"{turn.player} has {reds} red fertility point{'' if reds == 1 else 's'}",
                *_fields_by_value(state, turn.player),
            ],
            column=action.column,
        )
    return _receive_income(state, turn, due)


def _fields_by_value(state: EdenState, player: str) -> list[str]:
    by_value: dict[int, list[str]] = {}
    for field, tile in state.board.fields_of(player):
        by_value.setdefault(tile.value, []).append(field)
    return [
        f"value {value} (red points {value - 1} each): {field_list(fields)}"
        for value, fields in sorted(by_value.items())
        if value > 1
    ]


# --- card actions ----------------------------------------------------------------


def _choose_action(state: EdenState, turn: Turn, kind: str, column: int) -> None:
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


def _irrigate(state: EdenState, turn: Turn, action: Irrigate, line: int) -> list[Event]:
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


def _cultivate(state: EdenState, turn: Turn, action: Cultivate, line: int) -> list[Event]:
    if turn.bought[action.shape] and turn.action in ("irrigation", "cultivation"):
        raise IllegalMove(
            f"{turn.player} bought {action.shape} this turn after playing a card already",
            rule=rb.BOUGHT_CARD,
            column=action.column,
        )
    _choose_action(state, turn, "cultivation", action.column)
    play_card(state, turn.player, action.shape, line, action.column)
    return cultivate(state, turn.player, action)


def _pass(state: EdenState, turn: Turn, action: Pass, line: int) -> list[Event]:
    _choose_action(state, turn, "pass", action.column)
    return [Event(f"{turn.player} passes", turn.player)]


def _attack(state: EdenState, turn: Turn, action: Attack, line: int) -> list[Event]:
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


def _sell(state: EdenState, turn: Turn, action: Sell, line: int) -> list[Event]:
    play_card(state, turn.player, action.shape, line, action.column)
    price = rb.SELL_PER_FIELD * shapes()[action.shape].size
    state.players[turn.player].mana += price
    state.bank[action.shape] += 1
    return [Event(f"{turn.player} sells {action.shape} to the bank for {price} mana", turn.player)]


def _buy(state: EdenState, turn: Turn, action: Buy, line: int) -> list[Event]:
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


def _draw(state: EdenState, turn: Turn, action: Draw, line: int) -> list[Event]:
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


def _automatic_draw(state: EdenState, turn: Turn) -> list[Event]:
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


def _play(state: EdenState, turn: Turn, action: Action, line: int) -> list[Event]:
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

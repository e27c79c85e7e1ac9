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
from gamelog.core.words import counted, field_list
from gamelog.games.eden import rulebook as rb
from gamelog.games.eden import scoring
from gamelog.games.eden.board import Tile
from gamelog.games.eden.cards import is_irrigation
from gamelog.games.eden.conquest import Conquest, check_conquest, settle
from gamelog.games.eden.cultivation import Raise, check_cultivation, raise_fields
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
from gamelog.games.eden.state import EdenState, check_payment
from gamelog.games.eden.state import Turn as TurnState


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
    state.line_text[line.line] = line.source
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
        plan = check_action(state, turn, action)
        events.extend(_perform(state, turn, action, plan, line.line))
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
    declared = any(isinstance(action, Income) for later in lines for action in later.actions)
    return start_turn(state, line.line, declared, events)


def start_turn(state: EdenState, line: int, declared: bool, events: list[Event]) -> TurnState:
    """The next player's turn begins on ``line``: the turn before it ends (with the
    draw its log did not write), and the income is paid now unless the turn, as
    written, ``declared`` it somewhere."""
    if state.turn is not None:
        events.extend(_automatic_draw(state, state.turn))
    player = state.turns.current
    state.turns.advance()
    turn = TurnState(player, line)
    turn.income_fields = _fields_above_one(state, player)
    turn.income_due = rb.INCOME_PER_RED_POINT * sum(value - 1 for _, value in turn.income_fields)
    state.turn = turn
    state.turns_played += 1
    if not declared:
        events.extend(_receive_income(state, turn, turn.income_due, line))
        turn.income_automatic = True
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
            f"{turn.player} receives {amount} mana ({counted(reds, 'red point')})",
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


def _check_income(state: EdenState, turn: TurnState, action: Income) -> None:
    """The income declared at any point of the turn: the amount its start gave.

    A turn applied a line at a time (``gamelog play``) was paid its income at the
    start when its first lines did not declare it; a later line may still declare it
    (or declare it forgotten) when the turn never needed that mana, which is just
    what the whole turn, replayed with the income where it is written, gives."""
    if turn.income_line is not None and not turn.income_automatic:
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
    due = turn.income_due
    if action.amount is not None and action.amount != due:
        raise IllegalMove(
            f"{turn.player}'s income is {due} mana, not {action.amount}",
            rule=rb.INCOME,
            facts=_income_facts(state, turn),
            column=action.column,
        )
    if turn.income_automatic:
        spare = min(state.players[turn.player].mana, turn.spare if turn.spare is not None else due)
        if spare < due:
            where = f"line {turn.spare_line}" if turn.spare_line is not None else "now"
            raise IllegalMove(
                f"{turn.player}'s income of {due} mana was paid at the start of the turn "
                f"(line {turn.income_line}), which did not declare it, and the turn has "
                f"needed it since; declared here, it would come too late",
                rule=rb.INCOME,
                facts=[
                    f"without the income {turn.player} would have been {due - spare} mana "
                    f"short at {where}",
                    rb.MANA,
                ],
                column=action.column,
            )


def _income(state: EdenState, turn: TurnState, action: Income, line: int) -> list[Event]:
    due = turn.income_due
    if turn.income_automatic:  # paid at the start: declared (or forgotten) only now
        paid_at = turn.income_line
        turn.income_line, turn.income_automatic = line, False
        if action.amount is None:
            turn.income_forgotten = True
            state.players[turn.player].mana -= due
            return [
                Event(
                    f"{turn.player} forgets the income and receives nothing (the {due} mana "
                    f"paid at the start of the turn, line {paid_at}, go back)",
                    turn.player,
                )
            ]
        return [
            Event(
                f"{turn.player} declares the income: {due} mana, paid at the start of the "
                f"turn (line {paid_at})",
                turn.player,
            )
        ]
    if action.amount is None:  # forgotten: the rules give nothing afterwards
        turn.income_line, turn.income_forgotten = line, True
        return [Event(f"{turn.player} forgets the income and receives nothing", turn.player)]
    return _receive_income(state, turn, due, line)


def _income_facts(state: EdenState, turn: TurnState) -> list[str]:
    """The red points the income counts: the player's fields at the start of the turn
    (said in the present tense while they are still the same)."""
    reds = turn.income_due // rb.INCOME_PER_RED_POINT
    points = counted(reds, "red fertility point")
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


def _check_choice(turn: TurnState, kind: str, column: int) -> None:
    """Irrigation (twice at most), cultivation or pass: one kind of card action a turn."""
    if turn.action is None or (kind == "irrigation" and turn.action == "irrigation"):
        if kind == "irrigation" and turn.irrigations >= rb.MAX_IRRIGATION_CARDS:
            raise IllegalMove(
                f"{turn.player} already played {rb.MAX_IRRIGATION_CARDS} irrigation cards "
                f"this turn",
                rule=rb.ONE_ACTION,
                column=column,
            )
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


def check_card(state: EdenState, player: str, card: str, column: int) -> None:
    """Whether ``card`` can come out of the player's hand: a known card, or one of the
    unknown ones that can still exist."""
    hand = state.players[player].hand
    kind = "irrigation" if is_irrigation(card) else "cultivation"
    if hand.known[card] > 0:
        return
    if hand.unknown > 0:
        problem = state.census.problem(card)
        if problem is not None:
            raise IllegalMove(
                f"{player} cannot play {kind} card {card}: {problem}",
                rule=rb.HAND,
                column=column,
            )
        return
    raise IllegalMove(
        f"{kind} card {card} is not in {player}'s hand",
        rule=rb.HAND,
        facts=[f"{player} holds {hand.describe()}"],
        column=column,
    )


def _take_card(state: EdenState, player: str, card: str, line: int) -> None:
    """Take ``card`` (checked by ``check_card``) out of the player's hand."""
    hand = state.players[player].hand
    if hand.known[card] > 0:
        hand.known[card] -= 1
    else:
        hand.unknown -= 1
        state.census.see(card, f"played at line {line}")
    if is_irrigation(card):
        state.census.irrigation[card] = f"played at line {line}"


def _check_irrigate(state: EdenState, turn: TurnState, action: Irrigate) -> None:
    player = state.players[turn.player]
    field = action.field
    _check_choice(turn, "irrigation", action.column)
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
    check_card(state, turn.player, field, action.column)


def _irrigate(state: EdenState, turn: TurnState, action: Irrigate, line: int) -> list[Event]:
    field = action.field
    turn.action = "irrigation"
    _take_card(state, turn.player, field, line)
    state.players[turn.player].one_two_left -= 1
    state.board.place(field, Tile(turn.player, 1))
    state.gains[field] = [(line, 1)]
    state.irrigated_at[field] = line
    turn.irrigations += 1
    turn.attack_from = field
    points = state.board.points(turn.player)
    return [
        Event(f"{turn.player} irrigates {field} (+1, {counted(points, 'point')})", turn.player, 1)
    ]


def _check_cultivate(state: EdenState, turn: TurnState, action: Cultivate) -> Raise:
    if turn.bought[action.shape] and turn.action in ("irrigation", "cultivation"):
        raise IllegalMove(
            f"{turn.player} bought {action.shape} this turn after playing a card already",
            rule=rb.BOUGHT_CARD,
            column=action.column,
        )
    _check_choice(turn, "cultivation", action.column)
    check_card(state, turn.player, action.shape, action.column)
    return check_cultivation(state, turn.player, action)


def _cultivate(
    state: EdenState, turn: TurnState, action: Cultivate, plan: Raise, line: int
) -> list[Event]:
    turn.action = "cultivation"
    _take_card(state, turn.player, action.shape, line)
    turn.note_spare(state.players[turn.player].mana - plan.cost, line)
    return raise_fields(state, turn.player, action, plan, line)


def _check_pass(turn: TurnState, action: Pass) -> None:
    _check_choice(turn, "pass", action.column)


def _pass(turn: TurnState) -> list[Event]:
    turn.action = "pass"
    return [Event(f"{turn.player} passes", turn.player)]


def _check_attack(state: EdenState, turn: TurnState, action: Attack) -> Conquest:
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
    return check_conquest(state, turn.player, placed, action)


def _attack(state: EdenState, turn: TurnState, plan: Conquest, line: int) -> list[Event]:
    turn.attack_from = None
    if plan.attacker_spare is not None:
        turn.note_spare(plan.attacker_spare, line)
    return settle(state, plan, line)


# --- the bank ----------------------------------------------------------------------


def _check_sell(state: EdenState, turn: TurnState, action: Sell) -> None:
    check_card(state, turn.player, action.shape, action.column)


def _sell(state: EdenState, turn: TurnState, action: Sell, line: int) -> list[Event]:
    _take_card(state, turn.player, action.shape, line)
    price = rb.SELL_PER_FIELD * shapes()[action.shape].size
    state.players[turn.player].mana += price
    state.bank[action.shape] += 1
    return [Event(f"{turn.player} sells {action.shape} to the bank for {price} mana", turn.player)]


def buy_price(shape: str) -> int:
    return rb.BUY_BASE_PRICE + rb.BUY_PER_FIELD * shapes()[shape].size


def _check_buy(state: EdenState, turn: TurnState, action: Buy) -> None:
    if state.bank[action.shape] == 0:
        lying = sorted(state.bank.elements())
        raise IllegalMove(
            f"no {action.shape} card lies face up at the bank",
            rule=rb.BUYING,
            facts=[f"face up at the bank: {', '.join(lying) if lying else 'nothing'}"],
            column=action.column,
        )
    check_payment(
        state,
        turn.player,
        buy_price(action.shape),
        f"for {action.shape}",
        rule=rb.MANA,
        recalled=rb.BUYING,
        column=action.column,
    )


def _buy(state: EdenState, turn: TurnState, action: Buy, line: int) -> list[Event]:
    player = state.players[turn.player]
    price = buy_price(action.shape)
    turn.note_spare(player.mana - price, line)
    player.mana -= price
    state.bank[action.shape] -= 1
    player.hand.known[action.shape] += 1
    turn.bought[action.shape] += 1
    return [Event(f"{turn.player} buys {action.shape} from the bank for {price} mana", turn.player)]


# --- the draw ----------------------------------------------------------------------


def _check_draw(state: EdenState, turn: TurnState, action: Draw) -> None:
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


def _draw(state: EdenState, turn: TurnState, action: Draw, line: int) -> list[Event]:
    hand = state.players[turn.player].hand
    card = action.card
    if card is not None:
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


def check_action(state: EdenState, turn: TurnState, action: Action) -> Raise | Conquest | None:
    """Raise IllegalMove if ``action`` cannot be the next action of ``turn`` (changing
    nothing); else what a cultivation or a conquest will do. The rules apply an action
    only after this check, and the legal moves (legal.py) are the actions it lets pass."""
    match action:
        case Income():
            _check_income(state, turn, action)
        case Irrigate():
            _check_irrigate(state, turn, action)
        case Attack():
            return _check_attack(state, turn, action)
        case Cultivate():
            return _check_cultivate(state, turn, action)
        case Pass():
            _check_pass(turn, action)
        case Sell():
            _check_sell(state, turn, action)
        case Buy():
            _check_buy(state, turn, action)
        case Draw():
            _check_draw(state, turn, action)
        case _:  # pragma: no cover - the grammar has no other
            raise TypeError(f"unknown action {action!r}")
    return None


def _perform(
    state: EdenState, turn: TurnState, action: Action, plan: Raise | Conquest | None, line: int
) -> list[Event]:
    """Play one action that ``check_action`` let pass."""
    match action:
        case Income():
            return _income(state, turn, action, line)
        case Irrigate():
            return _irrigate(state, turn, action, line)
        case Attack():
            assert isinstance(plan, Conquest)
            return _attack(state, turn, plan, line)
        case Cultivate():
            assert isinstance(plan, Raise)
            return _cultivate(state, turn, action, plan, line)
        case Pass():
            return _pass(turn)
        case Sell():
            return _sell(state, turn, action, line)
        case Buy():
            return _buy(state, turn, action, line)
        case Draw():
            return _draw(state, turn, action, line)
    raise TypeError(f"unknown action {action!r}")  # pragma: no cover - the grammar has no other

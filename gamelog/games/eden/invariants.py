"""Eden's rules worked out a second way, for the conformance suite's invariants
(``conformance.py`` declares them; tests/conformance/test_invariants.py runs them).

Each check recounts a fact straight from the rules text and the position (or the
turn as written), without the engine's tables or its bookkeeping: the score from the
cards on the board, the end from the 20 points, a turn's mana from its income, its
raises, its purchases, its sales and its conquests, the landscape cards and the hand
from what the turn played and drew. Where the engine's figure differs, one of the two
computations is wrong. The figures are the rules text's own, written here again on
purpose: a constant changed in the engine must show.
"""

from __future__ import annotations

from collections.abc import Sequence

from gamelog.core.conformance import Invariant, StepInvariant
from gamelog.core.game import Event
from gamelog.games.eden.moves import Attack, Buy, Cultivate, Draw, Income, Irrigate, Sell, Turn
from gamelog.games.eden.scoring import score_sheet
from gamelog.games.eden.state import EdenState

#: "The player who first has landscape cards with a combined value of 20 fertility
#: points lying on the game board wins."
WINNING_POINTS = 20
#: "For every red point you receive 5 mana from the bank."
MANA_PER_RED_POINT = 5
#: "For each field you increase, you must pay 10 mana to the bank."
MANA_PER_RAISE = 10
#: "For each field shown on the card you receive 10 mana"; buying costs "10 mana ...
#: regardless of the number of fields shown, and in addition 10 mana for each field".
MANA_PER_FIELD_SHOWN = 10
BUYING_BASE = 10
#: "If you have fewer than 5 cards, you draw one card."
FULL_HAND = 5


def _fields_shown(shape: str) -> int:
    """A cultivation card's code ends in the number of fields it shows (I2, L3, O4)."""
    return int(shape[-1])


def _points(state: EdenState) -> dict[str, int]:
    """Each player's fertility points, counted card by card on the board."""
    points = dict.fromkeys(state.order, 0)
    for _, tile in state.board.tiles():
        points[tile.owner] += tile.value
    return points


def score_from_the_board(state: EdenState) -> str | None:
    """The sheet (its total and each 'n-point fields' row) against the cards on the
    board: a value-n card is n points."""
    sheet = score_sheet(state)
    counted = _points(state)
    for player in state.order:
        if sheet.total(player) != counted[player]:
            return f"{player}: the sheet says {sheet.total(player)}, the board {counted[player]}"
        for value in range(1, 5):
            cards = sum(1 for _, t in state.board.fields_of(player) if t.value == value)
            row = sheet.breakdown(player).get(f"{value}-point fields", 0)
            if row != value * cards:
                return f"{player}: {cards} cards of value {value}, the sheet's row says {row}"
    return None


def points_from_their_lines(state: EdenState) -> str | None:
    """Each field's value against the points its lines brought (the irrigation card's
    1, each raise's 1, a conquest's value): the trail the explanations show."""
    for field, tile in state.board.tiles():
        gained = sum(points for _, points in state.gains.get(field, ()))
        if gained != tile.value:
            return f"{field} has value {tile.value}, its lines brought {gained}"
    return None


def the_end(state: EdenState) -> str | None:
    """The game is over exactly when somebody has 20 fertility points on the board."""
    best = max(_points(state).values(), default=0)
    over = state.ended_at is not None
    if over != (best >= WINNING_POINTS):
        said = "over" if over else "not over"
        return f"the game is {said} with {best} points the most anyone has"
    return None


def _owners(state: EdenState) -> dict[str, tuple[str, int]]:
    return {field: (tile.owner, tile.value) for field, tile in state.board.tiles()}


def mana_of_the_turn(
    before: EdenState, after: EdenState, move: Turn, events: Sequence[Event]
) -> str | None:
    """Each player's mana after the turn against the mana before it plus what the
    rules text says the turn brought and cost: the income (5 a red point at the start
    of the turn, unless declared forgotten), 10 a raised field, a purchase's 10 and 10
    a field shown, a sale's 10 a field shown, and each conquest's bid times the points
    of the side the highest bidder takes, paid to the other side."""
    player = before.turns.roster.get(move.player) or move.player
    change = dict.fromkeys(before.order, 0)
    actions = [action for line in move.lines for action in line.actions]
    incomes = [action for action in actions if isinstance(action, Income)]
    if not incomes or incomes[-1].amount is not None:
        reds = sum(tile.value - 1 for _, tile in before.board.fields_of(player))
        change[player] += MANA_PER_RED_POINT * reds
    board = _owners(before)
    placed = None
    for action in actions:
        if isinstance(action, Irrigate):
            board[action.field] = (player, 1)
            placed = action.field
        elif isinstance(action, Sell):
            change[player] += MANA_PER_FIELD_SHOWN * _fields_shown(action.shape)
        elif isinstance(action, Buy):
            change[player] -= BUYING_BASE + MANA_PER_FIELD_SHOWN * _fields_shown(action.shape)
        elif isinstance(action, Attack) and placed is not None:
            _conquest(action, player, action.attackers or (placed,), board, change)
    raised = [
        field
        for field, tile in after.board.tiles()
        if tile.owner == player
        and field in board
        and board[field][0] == player
        and tile.value > board[field][1]
    ]
    if any(isinstance(action, Cultivate) for action in actions):
        change[player] -= MANA_PER_RAISE * len(raised)
    for name in before.order:
        expected = before.players[name].mana + change[name]
        if after.players[name].mana != expected:
            return (
                f"{name} has {after.players[name].mana} mana after line {move.line}; "
                f"{before.players[name].mana} before and the turn's {change[name]:+} make "
                f"{expected}"
            )
    return None


def _conquest(
    action: Attack,
    attacker: str,
    attacking: tuple[str, ...],
    board: dict[str, tuple[str, int]],
    change: dict[str, int],
) -> None:
    """The highest bidder (the last bid: the attacker bids first, then each side in
    turn) pays the bid times the points of the other side's cards, and takes them."""
    defender = board[action.targets[0]][0]
    winner = attacker if len(action.bids) % 2 == 1 else defender
    loser = defender if winner == attacker else attacker
    taken = action.targets if winner == attacker else attacking
    price = action.bids[-1].amount * sum(board[field][1] for field in taken)
    change[winner] -= price
    change[loser] += price
    for field in taken:
        board[field] = (winner, board[field][1])


def cards_of_the_turn(
    before: EdenState, after: EdenState, move: Turn, events: Sequence[Event]
) -> str | None:
    """Hands, the draw pile and the landscape cards against what the turn did: each card
    played or sold leaves the hand, each bought or drawn comes in; the turn before ends
    with the draw its log did not write, one card if that hand held fewer than 5; each
    landscape card is on the board or in its owner's supply, 1/2 and 3/4 cards alike."""
    player = before.turns.roster.get(move.player) or move.player
    actions = [action for line in move.lines for action in line.actions]
    hand = {name: 0 for name in before.order}
    pile = 0
    last = before.turn
    if last is not None and last.drawn_at is None:
        held = before.players[last.player].hand.size
        if held < FULL_HAND and before.draw_pile > 0:
            hand[last.player] += 1
            pile -= 1
    for action in actions:
        if isinstance(action, Irrigate | Cultivate | Sell):
            hand[player] -= 1
        elif isinstance(action, Buy):
            hand[player] += 1
        elif isinstance(action, Draw):
            hand[player] += 1
            pile -= 1
    for name in before.order:
        expected = before.players[name].hand.size + hand[name]
        if after.players[name].hand.size != expected:
            return (
                f"{name} holds {after.players[name].hand.size} cards after line {move.line}; "
                f"the turn leaves {expected}"
            )
    if after.draw_pile != before.draw_pile + pile:
        expected = before.draw_pile + pile
        return f"the draw pile holds {after.draw_pile} cards, the turn leaves {expected}"
    for name in before.order:
        left = after.players[name]
        if min(left.one_two_left, left.three_four_left) < 0:
            return f"{name} has placed landscape cards they do not have (line {move.line})"
        for low, kind in ((True, "1/2"), (False, "3/4")):
            if _landscape(after, name, low) != _landscape(before, name, low):
                was, now = _landscape(before, name, low), _landscape(after, name, low)
                return f"{name} has {now} {kind} landscape cards, {was} before line {move.line}"
    return None


def _landscape(state: EdenState, player: str, low: bool) -> int:
    """A player's 1/2 (``low``) or 3/4 landscape cards: on the board and in the supply."""
    on_board = sum(1 for _, tile in state.board.fields_of(player) if (tile.value <= 2) == low)
    left = state.players[player]
    return on_board + (left.one_two_left if low else left.three_four_left)


INVARIANTS = (
    Invariant("the score from the cards on the board", score_from_the_board),
    Invariant("each field's value from the lines that brought it", points_from_their_lines),
    Invariant("the end at 20 fertility points", the_end),
)
STEP_INVARIANTS = (
    StepInvariant("a turn's mana: income, raises, purchases, sales, conquests", mana_of_the_turn),
    StepInvariant("a turn's cards: hands, the draw pile, the landscape cards", cards_of_the_turn),
)

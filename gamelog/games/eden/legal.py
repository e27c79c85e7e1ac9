"""What may legally come next in an Eden log, as lines a person would write next.

A move of an Eden log is a whole turn (income, one card action, sales and
purchases, the draw), written on one line or several; the options are the single
*next actions*, one a line (``Ann: irrigate C3``, ``Ann: draws``), each of which,
written next, replays as legal:

- while a turn is open (its player has not drawn), that player's next actions:
  the income (if not yet declared), each empty field they may irrigate, each land
  conquest the card just placed allows (the attacked cards and the attacking ones,
  with the opening bid at the minimum and the defender accepting: the bidding is
  the players' to write), each placement of each cultivation card on their own
  fields, a pass, a sale, a purchase, the draw;
- and always (unless the game is over) the next player's first action, which
  ends the open turn (with the draw it did not write).

A hand is secret, so "may play" means a card known to be in the hand, or one that
can still be among its unknown cards. Every option is an action the engine's own
check (``rules.check_action``) lets pass in that position; nothing here decides
legality a second time. Spellings that change nothing (the order in which fields
are named, ``raising ...``, ``of PLAYER``, a drawn card's name) are given once,
in the canonical form; the notes say what each option does.
"""

from __future__ import annotations

import copy
from dataclasses import replace

from gamelog.core.errors import IllegalMove
from gamelog.core.game import Option, OptionGroup
from gamelog.core.words import field_list
from gamelog.games.eden import lines
from gamelog.games.eden import rulebook as rb
from gamelog.games.eden.board import all_fields, neighbours, position
from gamelog.games.eden.components import COMPONENTS
from gamelog.games.eden.conquest import Conquest
from gamelog.games.eden.cultivation import Raise
from gamelog.games.eden.moves import (
    Action,
    Attack,
    Bid,
    Buy,
    Cultivate,
    Draw,
    Income,
    Irrigate,
    Pass,
    Sell,
    Turn,
)
from gamelog.games.eden.rules import buy_price, check_action, is_finished, start_turn
from gamelog.games.eden.shapes import shapes
from gamelog.games.eden.state import EdenState
from gamelog.games.eden.state import Turn as TurnState


def _open(state: EdenState) -> TurnState | None:
    """The turn in progress, while its player may still add to it."""
    turn = state.turn
    return turn if turn is not None and turn.drawn_at is None else None


def to_move(state: EdenState) -> str | None:
    """The player whose turn is open (until they draw), else the next player; None
    once the game is over. (The next player may also begin at any time: their line
    ends the open turn.)"""
    if is_finished(state):
        return None
    turn = _open(state)
    return turn.player if turn is not None else state.turns.current


def legal_moves(state: EdenState) -> list[OptionGroup]:
    if is_finished(state):
        return []
    groups: list[OptionGroup] = []
    turn = _open(state)
    if turn is not None:
        groups.extend(_options(state, turn, ""))
    following = _next_turn(state)
    assert following.turn is not None
    ending = ""
    if turn is not None:
        ending = f"; writing it ends {turn.player}'s turn"
        hand = state.players[turn.player].hand
        if hand.size < rb.DRAW_BELOW and state.draw_pile:
            ending += " (with the draw it did not write)"
    begins = _options(following, following.turn, f"{following.turn.player} begins: ")
    if begins and ending:
        first = begins[0]
        begins[0] = OptionGroup(
            first.kind, first.options, first.complete, (first.note + ending).lstrip("; ")
        )
    return groups + begins


def steps(move: Turn) -> list[Turn]:
    """A move (a turn, on one line or several) as the single actions it is made of,
    each a one-action move on its line and column: applied one after another, they
    give what the whole move gives (the way ``gamelog play`` applies a turn typed a
    line at a time). What a test of the listing walks through, for a game whose move
    is several actions."""
    return [
        Turn(
            line=line.line,
            column=action.column,
            player=line.player,
            source=line.source,
            lines=(replace(line, actions=(action,)),),
        )
        for line in move.lines
        for action in line.actions
    ]


def key(state: EdenState, move: Turn) -> tuple[object, ...]:
    """What a one-action move does in ``state``, without how it was spelt: a listed
    option and the action written are the same move when their keys are equal. The
    spellings that change nothing are left out: the order in which a cultivation's
    fields are named and ``raising``; a conquest's ``of PLAYER``, its bidding (the
    options open at the minimum) and ``with`` the card just placed alone; a drawn
    card's name (chance, not a choice)."""
    ((action,),) = [line.actions for line in move.lines]
    player = state.turns.roster.get(move.player) or move.player
    placed = state.turn.attack_from if state.turn is not None else None
    match action:
        case Income():
            return (player, "income", action.amount)
        case Irrigate():
            return (player, "irrigate", action.field)
        case Attack():
            attacking = action.attackers or (placed,)
            return (player, "attack", frozenset(action.targets), frozenset(attacking))
        case Cultivate():
            return (player, "cultivate", action.shape, frozenset(action.fields))
        case Pass():
            return (player, "pass")
        case Sell():
            return (player, "sell", action.shape)
        case Buy():
            return (player, "buy", action.shape)
        case Draw():
            return (player, "draw")
    raise TypeError(f"unknown action {action!r}")  # pragma: no cover - the grammar has no other


def words(state: EdenState) -> list[str]:
    """Fields and cultivation shapes, for completion at the prompt."""
    return [*all_fields(), *shapes()]


# --- the next turn -----------------------------------------------------------------------


def _next_turn(state: EdenState) -> EdenState:
    """The position once the next player's first line (one without an income) begins
    their turn, as the rules begin it. What a turn's start leaves alone (the board, the
    cards seen, the bank, the history) is shared with ``state``, not copied: the checks
    only read it."""
    shared = (state.board, state.census, state.bank, state.gains, state.line_text)
    memo = {id(part): part for part in shared}
    memo[id(state.irrigated_at)] = state.irrigated_at
    following = copy.deepcopy(state, memo)
    line = max(state.line_text, default=0) + 1
    start_turn(following, line, declared=False, events=[])
    return following


# --- one player's next actions -------------------------------------------------------------


_ILLEGAL = object()


def _verdict(state: EdenState, turn: TurnState, action: Action) -> object:
    """The rules' verdict on ``action`` next: what it will do (a cultivation's or a
    conquest's plan, else None), or ``_ILLEGAL``."""
    try:
        return check_action(state, turn, action)
    except IllegalMove:
        return _ILLEGAL


def _legal(state: EdenState, turn: TurnState, action: Action) -> bool:
    return _verdict(state, turn, action) is not _ILLEGAL


def _options(state: EdenState, turn: TurnState, prefix: str) -> list[OptionGroup]:
    player = turn.player
    groups: list[OptionGroup] = []

    def group(kind: str, options: list[Option], about: str = "") -> None:
        if options:
            groups.append(OptionGroup(prefix + kind, tuple(options), note=about))

    income = []
    due = turn.income_due
    if _legal(state, turn, paid := Income(column=0, amount=due)):
        income.append(Option(lines.line(player, paid), "5 mana per red point"))
    if _legal(state, turn, forgotten := Income(column=0, amount=None)):
        income.append(Option(lines.line(player, forgotten), "forgotten: nothing is received"))
    about = ""
    if turn.income_automatic:
        about = f"paid at the start of the turn unless declared ({due} mana)"
    group("income", income, about)

    fields = [
        Option(lines.line(player, irrigate))
        for field in all_fields()
        if state.board[field] is None
        and _legal(state, turn, irrigate := Irrigate(column=0, field=field))
    ]
    group("irrigation card", fields, "a value-1 card on the empty field")

    if turn.attack_from is not None:
        group(
            f"land conquest from {turn.attack_from}",
            _attacks(state, turn, turn.attack_from),
            f"the opening bid at the minimum ({rb.MINIMUM_BID} per point), the defender "
            f"accepting; the bidding may go on (raises of {rb.MINIMUM_RAISE} or more)",
        )

    group("cultivation card", _cultivations(state, turn), "the fields named in board order")
    if _legal(state, turn, passing := Pass(column=0)):
        group("pass", [Option(lines.line(player, passing), "no card played this turn")])

    sales = [
        Option(lines.line(player, sale), f"+{rb.SELL_PER_FIELD * shape.size} mana")
        for code, shape in shapes().items()
        if _legal(state, turn, sale := Sell(column=0, shape=code))
    ]
    group("sell to the bank", sales)
    purchases = [
        Option(lines.line(player, purchase), f"-{buy_price(code)} mana")
        for code in sorted(state.bank)
        if state.bank[code] and _legal(state, turn, purchase := Buy(column=0, shape=code))
    ]
    group("buy from the bank", purchases)
    if _legal(state, turn, drawing := Draw(column=0, card=None)):
        group(
            "draw",
            [Option(lines.line(player, drawing), "ends the turn")],
            "or name the card drawn: draws C4, draws L4",
        )
    return groups


def _attacks(state: EdenState, turn: TurnState, placed: str) -> list[Option]:
    """Every land conquest from the card just placed: with it alone or with one more of
    the player's cards bordering it, on any set of one opponent's bordering cards."""
    board = state.board
    player = turn.player
    seconds = [f for f in neighbours(placed) if (t := board[f]) is not None and t.owner == player]
    options = []
    for attacking in [(placed,), *((placed, second) for second in seconds)]:
        bordering: dict[str, list[str]] = {}
        for field in sorted({n for a in attacking for n in neighbours(a)}, key=_board_order):
            tile = board[field]
            if tile is not None and tile.owner != player:
                bordering.setdefault(tile.owner, []).append(field)
        for defender, fields in bordering.items():
            for mask in range(1, 1 << len(fields)):
                targets = tuple(f for i, f in enumerate(fields) if mask >> i & 1)
                action = Attack(
                    column=0,
                    targets=targets,
                    opponent=None,
                    attackers=attacking,
                    bids=(Bid(bidder=None, amount=rb.MINIMUM_BID, column=0),),
                    accepter=defender,
                    accepter_column=0,
                )
                plan = _verdict(state, turn, action)
                if not isinstance(plan, Conquest):
                    continue
                cost = rb.MINIMUM_BID * plan.points[player]
                options.append(
                    Option(
                        lines.line(player, action),
                        f"{defender}'s {plan.points[player]} point(s) for {cost} mana",
                    )
                )
    return options


def _board_order(field: str) -> tuple[int, int]:
    column, row = position(field)
    return row, column


def _cultivations(state: EdenState, turn: TurnState) -> list[Option]:
    """Each cultivation card on each set of the player's own fields its shape covers
    (turned, not flipped), as the rules allow it."""
    player = turn.player
    own = {position(field) for field, _ in state.board.fields_of(player)}
    options = []
    for code, shape in shapes().items():
        covered: set[tuple[str, ...]] = set()
        for cells in shape.rotations:
            first = min(cells)
            for column, row in own:
                moved = [(c - first[0] + column, r - first[1] + row) for c, r in cells]
                if all(cell in own for cell in moved):
                    ordered = sorted(moved, key=lambda cell: (cell[1], cell[0]))
                    covered.add(tuple(f"{COMPONENTS.columns[c]}{r + 1}" for c, r in ordered))
        for fields in sorted(covered, key=lambda f: [_board_order(x) for x in f]):
            cultivation = Cultivate(column=0, shape=code, fields=fields, raised=None)
            plan = _verdict(state, turn, cultivation)
            if isinstance(plan, Raise):
                options.append(
                    Option(
                        lines.line(player, cultivation),
                        f"raises {field_list(plan.raised)} {plan.lowest}->{plan.lowest + 1} "
                        f"for {plan.cost} mana",
                    )
                )
    return options

"""Land conquest: an attack right after an irrigation card, settled by open bidding.

Bids are in mana per fertility point of the other side: the attacker's bid is
multiplied by the points of the attacked cards, the defender's by the points of
the attacking cards. Whoever made the highest bid when the other accepts pays
that much to the other player and replaces the other side's cards with cards of
their own colour and the same values.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamelog.core.errors import IllegalMove
from gamelog.core.game import Event
from gamelog.core.words import counted, field_list, plural
from gamelog.games.eden import rulebook as rb
from gamelog.games.eden.board import Tile, borders
from gamelog.games.eden.moves import Attack, Bid
from gamelog.games.eden.state import EdenState


@dataclass(frozen=True)
class Conquest:
    """A land conquest that its checks let pass, and how it ends."""

    attacker: str
    defender: str
    attacking: tuple[str, ...]
    targets: tuple[str, ...]
    #: What each side's bid buys: the fertility points of the other side.
    points: dict[str, int]
    winner: str
    amount: int
    loser: str
    taken: tuple[str, ...]
    bids: tuple[tuple[str, int], ...]
    #: The least mana the attacker had to spare at any of their bids (None: no bid).
    attacker_spare: int | None


def check_conquest(state: EdenState, attacker: str, placed: str, action: Attack) -> Conquest:
    """Check one land conquest made right after ``placed`` was irrigated (changing
    nothing), and say how it ends."""
    attacking = _attacking_cards(state, attacker, placed, action)
    defender = _defender(state, attacker, attacking, action)
    board = state.board
    attack_points = sum(board[f].value for f in attacking)  # type: ignore[union-attr]
    defence_points = sum(board[f].value for f in action.targets)  # type: ignore[union-attr]
    points = {attacker: defence_points, defender: attack_points}  # what each side's bid buys
    last = _check_bids(state, attacker, defender, points, action.bids)
    winner, amount = last
    loser = defender if winner == attacker else attacker
    accepter = state.turns.roster.resolve(
        action.accepter, rule=rb.ACCEPTANCE, column=action.accepter_column
    )
    if accepter not in (attacker, defender):
        raise IllegalMove(
            f"{accepter} takes no part in this land conquest between {attacker} and {defender}",
            rule=rb.ACCEPTANCE,
            column=action.accepter_column,
        )
    if accepter == winner:
        raise IllegalMove(
            f"{winner} made the last bid ({amount}); only {loser} can accept it",
            rule=rb.ACCEPTANCE,
            column=action.accepter_column,
        )
    taken = action.targets if winner == attacker else attacking
    _check_winner_supply(state, winner, taken, action)
    bids = tuple(_bidders(attacker, defender, action))
    mana = state.players[attacker].mana
    spares = [mana - bid * points[attacker] for bidder, bid in bids if bidder == attacker]
    return Conquest(
        attacker=attacker,
        defender=defender,
        attacking=attacking,
        targets=action.targets,
        points=points,
        winner=winner,
        amount=amount,
        loser=loser,
        taken=taken,
        bids=bids,
        attacker_spare=min(spares) if spares else None,
    )


def settle(state: EdenState, plan: Conquest, line: int) -> list[Event]:
    """The highest bidder pays and takes the other side's cards."""
    board = state.board
    winner, loser, taken = plan.winner, plan.loser, plan.taken
    attack_points = plan.points[plan.defender]
    defence_points = plan.points[plan.attacker]
    price = plan.amount * plan.points[winner]
    state.players[winner].mana -= price
    state.players[loser].mana += price
    for field in taken:
        value = board[field].value  # type: ignore[union-attr]
        _return_card(state, loser, value)
        _take_card(state, winner, value)
        board.place(field, Tile(winner, value))
        state.gains[field] = [(line, value)]
    gained = sum(board[f].value for f in taken)  # type: ignore[union-attr]
    bids = ", ".join(f"{bidder} {bid}" for bidder, bid in plan.bids)
    return [
        Event(
            f"{plan.attacker} attacks {plan.defender}'s {field_list(plan.targets)} "
            f"({counted(defence_points, 'point')}) with {field_list(plan.attacking)} "
            f"({counted(attack_points, 'point')}): "
            f"bids {bids}; {loser} accepts",
            plan.attacker,
        ),
        Event(
            f"{winner} pays {loser} {price} mana ({plan.amount} x {plan.points[winner]}) and "
            f"takes {field_list(taken)} (+{gained}, {counted(board.points(winner), 'point')})",
            winner,
            gained,
        ),
        Event(
            f"{loser} loses {field_list(taken)} "
            f"(-{gained}, {counted(board.points(loser), 'point')})",
            loser,
            -gained,
        ),
    ]


def _attacking_cards(
    state: EdenState, attacker: str, placed: str, action: Attack
) -> tuple[str, ...]:
    attacking = action.attackers or (placed,)
    if placed not in attacking:
        raise IllegalMove(
            f"the attacking cards must include {placed}, the card just placed",
            rule=rb.CONQUEST_CARDS,
            facts=[f"attacking cards named: {field_list(attacking)}"],
            column=action.column,
        )
    if len(set(attacking)) != len(attacking) or len(attacking) > rb.MAX_ATTACKING_CARDS:
        raise IllegalMove(
            f"an attack is made with the card just placed and at most one more card, "
            f"not {field_list(attacking)}",
            rule=rb.CONQUEST_CARDS,
            column=action.column,
        )
    for second in attacking:
        if second == placed:
            continue
        tile = state.board[second]
        if tile is None or tile.owner != attacker:
            raise IllegalMove(
                f"{second} is not {attacker}'s card and cannot join the attack",
                rule=rb.CONQUEST_CARDS,
                facts=[state.board.describe(second)],
                column=action.column,
            )
        if not borders(placed, second):
            raise IllegalMove(
                f"{second} does not border {placed}, the card just placed",
                rule=rb.CONQUEST_CARDS,
                column=action.column,
            )
    return attacking


def _defender(state: EdenState, attacker: str, attacking: tuple[str, ...], action: Attack) -> str:
    targets = action.targets
    twice = sorted({f for f in targets if targets.count(f) > 1})
    if twice:
        raise IllegalMove(
            f"{field_list(twice)} attacked twice", rule=rb.CONQUEST_TARGETS, column=action.column
        )
    owners: dict[str, str] = {}
    for field in targets:
        tile = state.board[field]
        if tile is None:
            raise IllegalMove(
                f"{field} is empty: there is no landscape card to attack",
                rule=rb.CONQUEST_TARGETS,
                column=action.column,
            )
        if tile.owner == attacker:
            raise IllegalMove(
                f"{field} is {attacker}'s own card",
                rule=rb.CONQUEST_TARGETS,
                column=action.column,
            )
        if not any(borders(field, a) for a in attacking):
            raise IllegalMove(
                f"{field} does not border the attacking card{'s' if len(attacking) > 1 else ''} "
                f"{field_list(attacking)}",
                rule=rb.CONQUEST_TARGETS,
                column=action.column,
            )
        owners[field] = tile.owner
    defenders = [player for player in state.order if player in owners.values()]
    if len(defenders) > 1:
        raise IllegalMove(
            f"the attacked cards belong to {field_list(defenders)}; only one fellow player "
            f"can be attacked at a time",
            rule=rb.CONQUEST_TARGETS,
            facts=[state.board.describe(f) for f in targets],
            column=action.column,
        )
    defender = defenders[0]
    if action.opponent is None:
        return defender
    opponent = state.turns.roster.resolve(
        action.opponent, rule=rb.CONQUEST_TARGETS, column=action.column
    )
    if opponent != defender:
        raise IllegalMove(
            f"the attacked cards are {defender}'s, not {opponent}'s",
            rule=rb.CONQUEST_TARGETS,
            facts=[state.board.describe(f) for f in targets],
            column=action.column,
        )
    return defender


def _bidders(attacker: str, defender: str, action: Attack) -> list[tuple[str, int]]:
    """Who made each bid: the attacker first, then the two sides in turn."""
    sides = (attacker, defender)
    return [(sides[i % 2], bid.amount) for i, bid in enumerate(action.bids)]


def _check_bids(
    state: EdenState,
    attacker: str,
    defender: str,
    points: dict[str, int],
    bids: tuple[Bid, ...],
) -> tuple[str, int]:
    """Validate the bidding; return the last bidder and their bid."""
    sides = (attacker, defender)
    previous: tuple[str, int] | None = None
    for index, bid in enumerate(bids):
        bidder = sides[index % 2]
        named = None
        if bid.bidder is not None:
            named = state.turns.roster.resolve(bid.bidder, rule=rb.BIDDING_ORDER, column=bid.column)
        if named is not None and named != bidder:
            if named not in sides:
                message = (
                    f"{named} takes no part in this land conquest between {attacker} and {defender}"
                )
            elif previous is None:
                message = f"{attacker} attacks, so {attacker} bids first, not {named}"
            else:
                message = (
                    f"{named} cannot bid again: after {previous[0]}'s {previous[1]} "
                    f"it is {bidder}'s turn to raise or accept"
                )
            raise IllegalMove(message, rule=rb.BIDDING_ORDER, column=bid.column)
        if previous is None and bid.amount < rb.MINIMUM_BID:
            raise IllegalMove(
                f"{attacker}'s opening bid of {bid.amount} is below the minimum of "
                f"{rb.MINIMUM_BID} mana per fertility point",
                rule=rb.MINIMUM_BID_RULE,
                column=bid.column,
            )
        if previous is not None and bid.amount < previous[1] + rb.MINIMUM_RAISE:
            raise IllegalMove(
                f"{bidder}'s bid of {bid.amount} raises {previous[0]}'s {previous[1]} by only "
                f"{bid.amount - previous[1]}; a raise must be at least {rb.MINIMUM_RAISE} more",
                rule=rb.MINIMUM_RAISE_RULE,
                column=bid.column,
            )
        cost = bid.amount * points[bidder]
        mana = state.players[bidder].mana
        if cost > mana:
            raise IllegalMove(
                f"{bidder} cannot pay a bid of {bid.amount}: {bid.amount} x {points[bidder]} "
                f"{plural(points[bidder], 'point')} = {cost} mana, but {bidder} has "
                f"{mana}",
                rule=rb.PAYABLE_BID,
                column=bid.column,
            )
        previous = (bidder, bid.amount)
    assert previous is not None  # the grammar requires an opening bid
    return previous


def _check_winner_supply(
    state: EdenState, winner: str, taken: tuple[str, ...], action: Attack
) -> None:
    """The winner replaces the taken cards with their own cards of the same values."""
    values = [state.board[f].value for f in taken]  # type: ignore[union-attr]
    player = state.players[winner]
    low = sum(1 for v in values if v <= 2)
    high = len(values) - low
    if low > player.one_two_left or high > player.three_four_left:
        raise IllegalMove(
            f"{winner} has too few landscape cards left to replace {field_list(taken)}",
            rule=rb.SUPPLY,
            facts=[
                f"{winner} has {player.one_two_left} 1/2 and {player.three_four_left} 3/4 "
                f"cards left; needed {low} 1/2 and {high} 3/4"
            ],
            column=action.accepter_column,
        )


def _return_card(state: EdenState, player: str, value: int) -> None:
    owner = state.players[player]
    if value <= 2:
        owner.one_two_left += 1
    else:
        owner.three_four_left += 1


def _take_card(state: EdenState, player: str, value: int) -> None:
    owner = state.players[player]
    if value <= 2:
        owner.one_two_left -= 1
    else:
        owner.three_four_left -= 1

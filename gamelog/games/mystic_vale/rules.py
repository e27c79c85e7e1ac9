"""The Mystic Vale rules engine: one whole turn at a time.

A turn is planting (the sleeves turned face up, ending in a pass or a spoil),
then the harvest (abilities, VP, vales, advancements) unless the turn spoiled,
then the discard phase (sleeving, field to discard pile, market refill). The
prep phase of the rules is planting done early, so it is part of the next turn's
reveals (the log lists the on-deck card left over, then every card pushed).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gamelog.core.errors import IllegalMove
from gamelog.core.game import Event

from .cards import Advancement, Position, Symbols, Vale, name_key, setup_facts
from .moves import (
    Action,
    BuyAdvancement,
    BuyVale,
    Gain,
    RefillAdvancement,
    RefillVale,
    Reveal,
    SpendToken,
    Turn,
)
from .state import GameState, OwnedVale, PlayerState

RULE_ORDER = "players take turns clockwise from the first player, who never changes"
RULE_DECK = "a sleeve can only be turned face up from the top of the deck"
RULE_RESHUFFLE = (
    "when the deck is empty the discard pile is shuffled into a new deck; "
    "with both empty nothing can be turned up"
)
RULE_SPOIL = (
    "after a push, 4 or more decay in the field and on the on-deck card, "
    "each growth in the field cancelling one, is a spoil: planting ends, no harvest"
)
RULE_NO_HARVEST = "a spoiled turn skips the harvest: nothing is bought, gained or spent"
RULE_ADVANCEMENTS = "a player buys at most 2 advancements per turn"
RULE_VALES = "a player buys at most 2 vale cards per turn"
RULE_MANA = "advancements are paid with the mana of the field's cards (plus the active mana token)"
RULE_SPIRITS = "vales are paid with the field's spirits; a purple spirit counts as any one colour"
RULE_SLOT = (
    "a bought advancement is sleeved into a card of this turn's field, "
    "into a free slot of its position"
)
RULE_TOKEN = "the mana token pays 1 mana once it has turned active (after a spoil)"
RULE_ABILITY = (
    "only cards in the field (not the on-deck card) and vales bought on an earlier turn "
    "have abilities this turn"
)
RULE_CARD_KNOWN = "every card a log buys must be defined (card catalogue or header)"


@dataclass
class Harvest:
    """What the field gives this turn and what has been spent of it."""

    mana: int
    spirits: dict[str, int]
    mana_spent: int = 0
    spirits_needed: dict[str, int] = field(default_factory=dict)
    token_spent: bool = False
    advancements: list[tuple[BuyAdvancement, Advancement, Position]] = field(default_factory=list)
    vales: list[tuple[BuyVale, Vale]] = field(default_factory=list)
    #: (sleeve, position) -> the line that bought into it this turn
    sleeving: dict[tuple[int, Position], int] = field(default_factory=dict)


def apply_turn(state: GameState, turn: Turn) -> list[Event]:
    player = _check_turn_order(state, turn)
    state.turn_number += 1
    events: list[Event] = []
    spoiled = _plant(player, turn, state, events)
    if spoiled:
        _refuse_harvest(turn)
        player.token_active = True
        events.append(Event(f"{player.name}'s mana token turns active", player.name))
        _refill(state, turn, events)
    else:
        _harvest(state, player, turn, events)
    _discard(state, player, turn, events)
    return events


# --- turn order and end -------------------------------------------------------------


def _check_turn_order(state: GameState, turn: Turn) -> PlayerState:
    expected = state.players[state.seat]
    if turn.player != expected.name:
        named = state.player(turn.player or "")
        facts = [f"turn order: {', '.join(state.player_names)}"]
        if named is None:
            raise IllegalMove(
                f"{turn.player} is not a player in this game",
                rule=RULE_ORDER,
                facts=[f"players: {', '.join(state.player_names)}"],
                line=turn.line,
                column=turn.column,
            )
        raise IllegalMove(
            f"it is {expected.name}'s turn, not {turn.player}'s",
            rule=RULE_ORDER,
            facts=facts,
            line=turn.line,
            column=turn.column,
        )
    return expected


def _end_of_turn(state: GameState, player: PlayerState, events: list[Event]) -> None:
    player.turns_taken += 1
    last_seat = len(state.players) - 1
    if state.vp_pool == 0 and state.end_triggered_by is None:
        state.end_triggered_by = player.name
        if player.seat != last_seat:
            events.append(
                Event(
                    f"The VP pool is empty: the round is played to its end "
                    f"({state.players[last_seat].name} has the last turn)"
                )
            )
    if state.end_triggered_by is not None and player.seat == last_seat:
        state.finished = True
        events.append(Event("The round is over and the VP pool is empty: game over"))
    state.seat = (state.seat + 1) % len(state.players)


# --- planting --------------------------------------------------------------------------


def _plant(player: PlayerState, turn: Turn, state: GameState, events: list[Event]) -> bool:
    """Turn up and push the listed sleeves; return whether the turn spoiled."""
    first = turn.reveals[0]
    if player.on_deck is None:
        _turn_up(player, first, turn, events)
    elif first.sleeve != player.on_deck:
        raise IllegalMove(
            f"{player.name}'s turn starts with the on-deck card, sleeve {player.on_deck}, "
            f"not {first.sleeve}",
            rule=RULE_DECK,
            facts=[
                f"sleeve {player.on_deck} was left face up on the deck at the end of "
                f"{player.name}'s last turn",
                f"sleeve {first.sleeve} is {player.where_is(first.sleeve)}",
            ],
            line=turn.line,
            column=first.column,
        )
    spoil_at: Reveal | None = None
    for reveal in turn.reveals[1:]:
        if spoil_at is not None:
            _pushed_after_spoil(player, spoil_at, reveal.column, turn)
        _push(player)
        _turn_up(player, reveal, turn, events)
        if _is_spoiled(player):
            spoil_at = reveal
    if turn.exhausted:
        if spoil_at is not None:
            _pushed_after_spoil(player, spoil_at, turn.outcome_column, turn)
        _push(player)
        left = sorted(player.deck) + sorted(player.discard)
        if left:
            raise IllegalMove(
                "'empty' says no card was left to turn up, but some are",
                rule=RULE_RESHUFFLE,
                facts=[f"still face down or in the discard pile: {_list(left)}"],
                line=turn.line,
                column=turn.outcome_column,
            )
        if _is_spoiled(player):
            spoil_at = turn.reveals[-1]
    decay, growth = _decay_showing(player)
    pushed = _list(player.field)
    on_deck = f"on deck {player.on_deck}" if player.on_deck is not None else "nothing on deck"
    showing = f"{decay} decay against {growth} growth"
    if turn.outcome == "pass":
        if spoil_at is not None:
            raise IllegalMove(
                f"{player.name} cannot pass: the turn spoiled when sleeve {spoil_at.sleeve} "
                "was turned up",
                rule=RULE_SPOIL,
                facts=[f"field {pushed} and {on_deck} show {showing}"],
                line=turn.line,
                column=turn.outcome_column,
            )
        events.append(
            Event(f"{player.name} plants {pushed or 'nothing'} ({on_deck}) and passes: {showing}")
        )
        return False
    if spoil_at is None:
        raise IllegalMove(
            f"{player.name} did not spoil: the decay showing stays below 4",
            rule=RULE_SPOIL,
            facts=[f"field {pushed or '(empty)'} and {on_deck} show {showing}"],
            line=turn.line,
            column=turn.outcome_column,
        )
    events.append(
        Event(
            f"{player.name} plants {pushed} ({on_deck}) and spoils: {showing}; no harvest",
            player.name,
        )
    )
    return True


def _pushed_after_spoil(player: PlayerState, spoil_at: Reveal, column: int, turn: Turn) -> None:
    decay, growth = _decay_showing(player)
    raise IllegalMove(
        f"the turn spoiled when sleeve {spoil_at.sleeve} was turned up; no push may follow a spoil",
        rule=RULE_SPOIL,
        facts=[
            f"field {_list(player.field)} and on deck {player.on_deck} "
            f"show {decay} decay against {growth} growth"
        ],
        line=turn.line,
        column=column,
    )


def _push(player: PlayerState) -> None:
    assert player.on_deck is not None
    player.field.append(player.on_deck)
    player.on_deck = None


def _turn_up(player: PlayerState, reveal: Reveal, turn: Turn, events: list[Event]) -> None:
    """Turn the top of the deck face up, shuffling the discard pile in when the deck is empty."""
    sleeve = reveal.sleeve
    if not player.deck:
        if not player.discard:
            raise IllegalMove(
                f"nothing is left to turn up for sleeve {sleeve}: deck and discard pile are empty",
                rule=RULE_RESHUFFLE,
                facts=[
                    f"all 20 sleeves are in the field ({_list(player.field)}); "
                    "write 'empty' after the last sleeve pushed"
                ],
                line=turn.line,
                column=reveal.column,
            )
        player.deck = set(player.discard)
        player.discard.clear()
        player.reshuffles += 1
        events.append(
            Event(
                f"{player.name}'s deck is empty: the discard pile ({len(player.deck)} sleeves) "
                "is shuffled into a new deck",
                player.name,
            )
        )
    if sleeve not in player.deck:
        where = player.where_is(sleeve)
        if not 1 <= sleeve <= setup_facts()["turn"]["sleeves_per_player"]:
            where = "not a sleeve: sleeves are numbered 1-20"
        raise IllegalMove(
            f"sleeve {sleeve} is not in {player.name}'s deck",
            rule=RULE_DECK,
            facts=[
                f"sleeve {sleeve} is {where}",
                f"the deck holds {len(player.deck)} sleeves: {_list(sorted(player.deck))}",
            ],
            line=turn.line,
            column=reveal.column,
        )
    player.deck.discard(sleeve)
    player.on_deck = sleeve


def _decay_showing(player: PlayerState) -> tuple[int, int]:
    """Decay of field + on-deck card, growth of the field only (the rules text)."""
    decay = growth = 0
    for sleeve in player.field:
        symbols = player.symbols[sleeve]
        decay += symbols.decay
        growth += symbols.growth
    if player.on_deck is not None:
        decay += player.symbols[player.on_deck].decay
    return decay, growth


def _is_spoiled(player: PlayerState) -> bool:
    decay, growth = _decay_showing(player)
    return decay - growth >= setup_facts()["turn"]["spoil_at"]


# --- harvest --------------------------------------------------------------------------------


def _refuse_harvest(turn: Turn) -> None:
    for action in turn.actions:
        if isinstance(action, RefillAdvancement | RefillVale):
            continue
        what = {
            BuyAdvancement: "buy an advancement",
            BuyVale: "buy a vale",
            Gain: "gain from an ability",
            SpendToken: "spend the mana token",
        }[type(action)]
        raise IllegalMove(
            f"{turn.player} spoiled this turn and cannot {what}",
            rule=RULE_NO_HARVEST,
            facts=["the turn line ends in 'spoil'"],
            line=action.line,
            column=action.column,
        )


def _harvest(state: GameState, player: PlayerState, turn: Turn, events: list[Event]) -> None:
    field_symbols = Symbols()
    for sleeve in player.field:
        field_symbols = field_symbols + player.symbols[sleeve]
    harvest = Harvest(mana=field_symbols.mana, spirits=field_symbols.spirits())
    events.append(
        Event(
            f"{player.name} harvests {_describe_harvest(field_symbols)}",
            player.name,
        )
    )
    vales_bought_now = {name_key(a.card): a.line for a in turn.actions if isinstance(a, BuyVale)}
    vp = field_symbols.vp
    # Abilities (stated gains) and the mana token come first in the harvest.
    for action in turn.actions:
        if isinstance(action, Gain):
            _check_gain_source(player, action, vales_bought_now, state)
            harvest.mana += action.mana
            for colour, amount in action.spirits:
                harvest.spirits[colour] += amount
            vp += action.vp
            events.append(Event(_describe_gain(player, action), player.name))
        elif isinstance(action, SpendToken):
            _spend_token(player, harvest, action)
            events.append(Event(f"{player.name} spends the mana token for 1 mana", player.name))
    if vp:
        events.append(_take_vp(state, player, vp, "harvest"))
    for action in turn.actions:
        if isinstance(action, BuyAdvancement):
            events.append(_buy_advancement(state, player, harvest, action))
        elif isinstance(action, BuyVale):
            events.append(_buy_vale(state, player, harvest, action))
    _refill(state, turn, events)
    for buy, card, position in harvest.advancements:
        player.set_slot(buy.sleeve, position, card)
    left = harvest.mana - harvest.mana_spent
    if left > 0:
        events.append(Event(f"{player.name} leaves {left} mana unused (lost)", player.name))


def _take_vp(state: GameState, player: PlayerState, vp: int, why: str) -> Event:
    from_pool = min(vp, state.vp_pool)
    from_box = vp - from_pool
    state.vp_pool -= from_pool
    player.vp_pool += from_pool
    player.vp_box += from_box
    where = f"{from_pool} from the pool ({state.vp_pool} left)" if from_pool else ""
    if from_box:
        where += (" and " if where else "") + f"{from_box} from the box"
    return Event(f"{player.name} takes {vp} VP ({why}): {where}", player.name, vp)


def _check_gain_source(
    player: PlayerState, gain: Gain, vales_bought_now: dict[str, int], state: GameState
) -> None:
    if gain.source is None:
        return
    key = name_key(gain.source)
    for sleeve in player.field:
        if any(card is not None and name_key(card.name) == key for card in player.slots[sleeve]):
            return
    for owned in player.vales:
        if name_key(owned.card.name) == key and owned.bought_on_turn < state.turn_number:
            return
    facts = [f"field: {_describe_field(player)}"]
    if key in vales_bought_now:
        facts.append(f"{gain.source} is bought this turn (line {vales_bought_now[key]})")
        message = f"{gain.source} was bought this turn; its ability works from the next turn"
    elif player.on_deck is not None and any(
        c is not None and name_key(c.name) == key for c in player.slots[player.on_deck]
    ):
        facts.append(f"{gain.source} is on the on-deck card {player.on_deck}")
        message = f"{gain.source} is on the on-deck card, which gives only its decay"
    else:
        owned_names = ", ".join(v.card.name for v in player.vales) or "none"
        facts.append(f"{player.name}'s vales: {owned_names}")
        message = f"{gain.source} is neither in {player.name}'s field nor among their vales"
    raise IllegalMove(message, rule=RULE_ABILITY, facts=facts, line=gain.line, column=gain.column)


def _spend_token(player: PlayerState, harvest: Harvest, action: SpendToken) -> None:
    if harvest.token_spent:
        raise IllegalMove(
            "the mana token is already spent this turn",
            rule=RULE_TOKEN,
            facts=["it pays 1 mana once and then turns inactive"],
            line=action.line,
            column=action.column,
        )
    if not player.token_active:
        raise IllegalMove(
            f"{player.name}'s mana token is not active",
            rule=RULE_TOKEN,
            facts=["it turns active only when its owner spoils, and was not since last spent"],
            line=action.line,
            column=action.column,
        )
    player.token_active = False
    harvest.token_spent = True
    harvest.mana += 1


def _buy_advancement(
    state: GameState, player: PlayerState, harvest: Harvest, buy: BuyAdvancement
) -> Event:
    def illegal(message: str, rule: str, facts: list[str]) -> IllegalMove:
        return IllegalMove(message, rule=rule, facts=facts, line=buy.line, column=buy.column)

    limit = setup_facts()["turn"]["advancements_per_turn"]
    if len(harvest.advancements) >= limit:
        bought = [f"{card.name} (line {b.line})" for b, card, _ in harvest.advancements]
        raise illegal(
            f"{player.name} has already bought {limit} advancements this turn",
            RULE_ADVANCEMENTS,
            [f"bought: {', '.join(bought)}"],
        )
    card = state.catalogue.advancement(buy.card)
    if card is None:
        raise illegal(
            f"{buy.card} is not a known advancement",
            RULE_CARD_KNOWN,
            [f"known advancements: {_known(state.catalogue.advancements.values())}"],
        )
    if not card.for_sale:
        raise illegal(f"{card.name} is a starting card, never for sale", RULE_CARD_KNOWN, [])
    position = _position(card, buy)
    left = harvest.mana - harvest.mana_spent
    if card.cost > left:
        facts = [f"the field {_list(player.field)} gives {harvest.mana} mana in all"]
        if harvest.mana_spent:
            facts.append(f"{harvest.mana_spent} already spent this turn")
        if player.token_active and not harvest.token_spent:
            facts.append("the active mana token was not spent")
        raise illegal(
            f"not enough mana: {card.name} costs {card.cost}, {player.name} has {left} left",
            RULE_MANA,
            facts,
        )
    _check_slot(player, harvest, buy, card, position)
    try:
        state.market.take_advancement(card, position)
    except IllegalMove as error:
        raise error.at(buy.line, buy.column) from None
    harvest.mana_spent += card.cost
    harvest.advancements.append((buy, card, position))
    harvest.sleeving[(buy.sleeve, position)] = buy.line
    return Event(
        f"{player.name} buys {card.name} ({_level_words(card.level)}, {position}) for {card.cost} "
        f"mana, into sleeve {buy.sleeve}",
        player.name,
    )


def _position(card: Advancement, buy: BuyAdvancement) -> Position:
    if buy.position is None:
        if len(card.positions) == 1:
            return card.positions[0]
        raise IllegalMove(
            f"{card.name} is printed for {' and '.join(card.positions)}: name the position",
            rule=RULE_SLOT,
            facts=[f"write e.g. 'buy {card.name} {card.positions[0]} into {buy.sleeve}'"],
            line=buy.line,
            column=buy.column,
        )
    if buy.position not in card.positions:
        raise IllegalMove(
            f"{card.name} is printed for {' and '.join(card.positions)}, not {buy.position}",
            rule=RULE_SLOT,
            facts=[],
            line=buy.line,
            column=buy.column,
        )
    return buy.position


def _check_slot(
    player: PlayerState, harvest: Harvest, buy: BuyAdvancement, card: Advancement, pos: Position
) -> None:
    sleeve = buy.sleeve
    if sleeve not in player.field:
        where = player.where_is(sleeve)
        if not 1 <= sleeve <= setup_facts()["turn"]["sleeves_per_player"]:
            where = "not a sleeve: sleeves are numbered 1-20"
        raise IllegalMove(
            f"sleeve {sleeve} is not in {player.name}'s field",
            rule=RULE_SLOT,
            facts=[f"sleeve {sleeve} is {where}", f"field: {_list(player.field)}"],
            line=buy.line,
            column=buy.column,
        )
    printed = player.slot(sleeve, pos)
    if printed is not None:
        raise IllegalMove(
            f"the {pos} slot of sleeve {sleeve} is already taken by {printed.name}",
            rule=RULE_SLOT,
            facts=[
                f"sleeve {sleeve} holds {player.describe_sleeve(sleeve)}",
                f"free {pos} slots in the field: {_free_slots(player, harvest, pos)}",
            ],
            line=buy.line,
            column=buy.column,
        )
    if (sleeve, pos) in harvest.sleeving:
        raise IllegalMove(
            f"the {pos} slot of sleeve {sleeve} is already taken by the advancement bought "
            f"on line {harvest.sleeving[(sleeve, pos)]}",
            rule=RULE_SLOT,
            facts=[f"free {pos} slots in the field: {_free_slots(player, harvest, pos)}"],
            line=buy.line,
            column=buy.column,
        )


def _free_slots(player: PlayerState, harvest: Harvest, pos: Position) -> str:
    free = [
        s for s in player.field if player.slot(s, pos) is None and (s, pos) not in harvest.sleeving
    ]
    return _list(free) or "none"


def _buy_vale(state: GameState, player: PlayerState, harvest: Harvest, buy: BuyVale) -> Event:
    limit = setup_facts()["turn"]["vales_per_turn"]
    if len(harvest.vales) >= limit:
        bought = [f"{card.name} (line {b.line})" for b, card in harvest.vales]
        raise IllegalMove(
            f"{player.name} has already bought {limit} vales this turn",
            rule=RULE_VALES,
            facts=[f"bought: {', '.join(bought)}"],
            line=buy.line,
            column=buy.column,
        )
    vale = state.catalogue.vale(buy.card)
    if vale is None:
        raise IllegalMove(
            f"{buy.card} is not a known vale",
            rule=RULE_CARD_KNOWN,
            facts=[f"known vales: {_known(state.catalogue.vales.values())}"],
            line=buy.line,
            column=buy.column,
        )
    needed = dict(harvest.spirits_needed)
    for colour, amount in vale.cost.items():
        needed[colour] = needed.get(colour, 0) + amount
    shortfall = _spirit_shortfall(harvest.spirits, needed)
    if shortfall:
        have = ", ".join(f"{n} {c}" for c, n in harvest.spirits.items() if n) or "no spirits"
        facts = [f"{vale.name} costs {vale.describe_cost()}", f"the field gives {have}"]
        if harvest.vales:
            paid = ", ".join(f"{v.name} ({v.describe_cost()})" for _, v in harvest.vales)
            facts.append(f"already paid this turn: {paid}")
        raise IllegalMove(
            f"not enough spirits for {vale.name}: {shortfall}",
            rule=RULE_SPIRITS,
            facts=facts,
            line=buy.line,
            column=buy.column,
        )
    try:
        state.market.take_vale(vale)
    except IllegalMove as error:
        raise error.at(buy.line, buy.column) from None
    harvest.spirits_needed = needed
    harvest.vales.append((buy, vale))
    player.vales.append(OwnedVale(vale, state.turn_number))
    return Event(
        f"{player.name} buys the vale {vale.name} for {vale.describe_cost()} "
        "(its ability works from the next turn)",
        player.name,
    )


def _spirit_shortfall(have: dict[str, int], need: dict[str, int]) -> str:
    """Why ``have`` cannot pay ``need`` (purple wild, 'any' paid by anything), or ''."""
    short = {
        colour: need.get(colour, 0) - have.get(colour, 0)
        for colour in ("green", "yellow", "brown")
        if need.get(colour, 0) > have.get(colour, 0)
    }
    purple = have.get("purple", 0)
    if sum(short.values()) > purple:
        missing = " and ".join(f"{n} {colour}" for colour, n in short.items())
        return f"{missing} short, with {purple} purple to stand in"
    total_need = sum(need.values())
    total_have = sum(have.values())
    if total_need > total_have:
        return f"{total_need} spirits needed in all, the field gives {total_have}"
    return ""


# --- discard and refill -----------------------------------------------------------------------


def _refill(state: GameState, turn: Turn, events: list[Event]) -> None:
    for action in turn.actions:
        try:
            if isinstance(action, RefillAdvancement):
                card = state.catalogue.advancement(action.card)
                if card is None:
                    raise IllegalMove(
                        f"{action.card} is not a known advancement",
                        rule=RULE_CARD_KNOWN,
                        facts=[],
                    )
                position = _position(
                    card,
                    BuyAdvancement(
                        line=action.line,
                        column=action.column,
                        card=action.card,
                        position=action.position,
                        sleeve=0,
                    ),
                )
                level = state.market.refill_advancement(card, position)
                events.append(
                    Event(
                        f"{card.name} ({position}) is revealed into a Level {level} market slot "
                        f"(Level {card.level} deck: {state.market.deck_left[card.level]} left)"
                    )
                )
            elif isinstance(action, RefillVale):
                vale = state.catalogue.vale(action.card)
                if vale is None:
                    raise IllegalMove(
                        f"{action.card} is not a known vale", rule=RULE_CARD_KNOWN, facts=[]
                    )
                state.market.refill_vale(vale)
                events.append(Event(f"the vale {vale.name} is revealed (Level {vale.level})"))
        except IllegalMove as error:
            raise error.at(action.line, action.column) from None
    missing = state.market.unfilled()
    if missing:
        last: Action | Turn = turn.actions[-1] if turn.actions else turn
        raise IllegalMove(
            "the market is not refilled at the end of the turn",
            rule="the log names each card revealed into the market ('refill NAME POSITION')",
            facts=missing,
            line=last.line,
            column=last.column,
        )


def _discard(state: GameState, player: PlayerState, turn: Turn, events: list[Event]) -> None:
    player.discard.extend(player.field)
    player.field.clear()
    _end_of_turn(state, player, events)


# --- words --------------------------------------------------------------------------------


def _list(sleeves: list[int] | tuple[int, ...]) -> str:
    return ", ".join(str(s) for s in sleeves)


def _known(cards: object) -> str:
    names = sorted(c.name for c in cards if getattr(c, "for_sale", True))  # type: ignore[attr-defined]
    return ", ".join(names) or "none"


def _level_words(level: str) -> str:
    return "the Fertile Soil supply" if level == "fertile soil" else f"Level {level}"


def _describe_harvest(symbols: Symbols) -> str:
    parts = [f"{symbols.mana} mana"]
    parts += [f"{n} {c}" for c, n in symbols.spirits().items() if n]
    if symbols.vp:
        parts.append(f"{symbols.vp} VP")
    return ", ".join(parts)


def _describe_gain(player: PlayerState, gain: Gain) -> str:
    parts = []
    if gain.mana:
        parts.append(f"{gain.mana} mana")
    parts += [f"{n} {c}" for c, n in gain.spirits]
    if gain.vp:
        parts.append(f"{gain.vp} VP")
    source = f" from {gain.source}" if gain.source else ""
    return f"{player.name} gains {', '.join(parts) or 'nothing'}{source}"


def _describe_field(player: PlayerState) -> str:
    return "; ".join(f"{s}: {player.describe_sleeve(s)}" for s in player.field) or "empty"

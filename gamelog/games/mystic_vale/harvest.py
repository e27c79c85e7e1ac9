"""The harvest: what the field gives (mana, spirits, coloured VP), the abilities a log
states (``gain``), the mana token, and the purchases it pays for (at most 2
advancements, sleeved into the field's free slots, and 2 vales).

A spoiled turn has no harvest. The bought advancements are sleeved after the
market refill, at the end of the turn (:func:`sleeve_purchases`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from gamelog.core.errors import IllegalMove, NotationError
from gamelog.core.game import Event, Located
from gamelog.core.suggest import suggestion
from gamelog.games.mystic_vale.cards import (
    Advancement,
    Catalogue,
    Position,
    Symbols,
    Vale,
    name_column,
    name_key,
)
from gamelog.games.mystic_vale.components import TURN
from gamelog.games.mystic_vale.moves import (
    BuyAdvancement,
    BuyVale,
    Gain,
    RefillAdvancement,
    RefillVale,
    SpendToken,
    Turn,
    line_text,
)
from gamelog.games.mystic_vale.rulebook import (
    ABILITY_RULE,
    ADVANCEMENTS_RULE,
    CARD_KNOWN_RULE,
    MANA_RULE,
    NO_HARVEST_RULE,
    POSITION_RULE,
    SLEEVE_NAMED_RULE,
    SLOT_RULE,
    SPIRITS_RULE,
    TOKEN_RULE,
    VALES_RULE,
)
from gamelog.games.mystic_vale.state import (
    GameState,
    OwnedVale,
    PlayerState,
    VpTaken,
    Written,
    sleeve_list,
)


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


def refuse_harvest(player: PlayerState, turn: Turn) -> None:
    """A spoiled turn buys, gains and spends nothing (refills still happen)."""
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
            f"{player.name} spoiled this turn and cannot {what}",
            rule=NO_HARVEST_RULE,
            facts=["the turn line ends in 'spoil'"],
            line=action.line,
            column=action.column,
        )


def take_harvest(state: GameState, player: PlayerState, turn: Turn, events: list[Event]) -> Harvest:
    """Gains and the token first, then the coloured VP, then the purchases in order."""
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
            spend_token(player, harvest, action)
            events.append(Event(f"{player.name} spends the mana token for 1 mana", player.name))
    if vp:
        events.append(_take_vp(state, player, vp, "harvest", Written(turn.line, turn.source)))
    for action in turn.actions:
        if isinstance(action, BuyAdvancement):
            events.append(buy_advancement(state, player, harvest, action))
        elif isinstance(action, BuyVale):
            event = buy_vale(state, player, harvest, action)
            player.vales[-1].bought = Written(action.line, line_text(turn, action.line))
            events.append(event)
    return harvest


def sleeve_purchases(
    player: PlayerState, harvest: Harvest, turn: Turn, events: list[Event]
) -> None:
    """Sleeve the bought advancements into their cards; unspent mana is lost."""
    for buy, card, position in harvest.advancements:
        player.set_slot(buy.sleeve, position, card)
        player.bought[(buy.sleeve, position)] = Written(buy.line, line_text(turn, buy.line))
    left = harvest.mana - harvest.mana_spent
    if left > 0:
        # closing: a harvest line below may still spend it (gamelog play says it once
        # the turn is over)
        events.append(
            Event(f"{player.name} leaves {left} mana unused (lost)", player.name, closing=True)
        )


def _take_vp(state: GameState, player: PlayerState, vp: int, why: str, written: Written) -> Event:
    from_pool = min(vp, state.vp_pool)
    from_box = vp - from_pool
    state.vp_pool -= from_pool
    player.vp_pool += from_pool
    player.vp_box += from_box
    player.vp_taken.append(VpTaken(written, from_pool, from_box))
    where = f"{from_pool} from the pool ({state.vp_pool} left)" if from_pool else ""
    if from_box:
        where += (" and " if where else "") + f"{from_box} from the box"
    return Event(f"{player.name} takes {vp} VP ({why}): {where}", player.name, vp)


def _check_gain_source(
    player: PlayerState, gain: Gain, vales_bought_now: dict[str, int], state: GameState
) -> None:
    if gain.source is None:
        return
    state.catalogue.require_card(gain.source, gain)
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
    raise IllegalMove(message, rule=ABILITY_RULE, facts=facts, line=gain.line, column=gain.column)


def spend_token(player: PlayerState, harvest: Harvest, action: SpendToken) -> None:
    if harvest.token_spent:
        raise IllegalMove(
            "the mana token is already spent this turn",
            rule=TOKEN_RULE,
            facts=["it pays 1 mana once and then turns inactive"],
            line=action.line,
            column=action.column,
        )
    if not player.token_active:
        raise IllegalMove(
            f"{player.name}'s mana token is not active",
            rule=TOKEN_RULE,
            facts=[
                f"{player.name} spent it on line {player.token_spent_line} "
                "and has not spoiled since"
            ],
            line=action.line,
            column=action.column,
        )
    player.token_active = False
    player.token_spent_line = action.line
    harvest.token_spent = True
    harvest.mana += 1


def buy_advancement(
    state: GameState, player: PlayerState, harvest: Harvest, buy: BuyAdvancement
) -> Event:
    def illegal(message: str, rule: str, facts: list[str]) -> IllegalMove:
        return IllegalMove(message, rule=rule, facts=facts, line=buy.line, column=buy.column)

    card, position = bought_card(state.catalogue, buy)
    buy = resolve_sleeve(player, buy)
    limit = TURN["advancements_per_turn"]
    if len(harvest.advancements) >= limit:
        bought = [f"{card.name} (line {b.line})" for b, card, _ in harvest.advancements]
        raise illegal(
            f"{player.name} has already bought {limit} advancements this turn",
            ADVANCEMENTS_RULE,
            [f"bought: {', '.join(bought)}"],
        )
    if not card.for_sale:
        raise illegal(f"{card.name} is a starting card, never for sale", CARD_KNOWN_RULE, [])
    left = harvest.mana - harvest.mana_spent
    if card.cost > left:
        token = 1 if harvest.token_spent else 0
        facts = [f"the field {sleeve_list(player.field)} gives {harvest.mana - token} mana in all"]
        if token:
            facts.append("the mana token spent this turn gives 1 more")
        if harvest.mana_spent:
            facts.append(f"{harvest.mana_spent} already spent this turn")
        if player.token_active and not harvest.token_spent:
            facts.append("the active mana token was not spent")
        raise illegal(
            f"not enough mana: {card.name} costs {card.cost}, {player.name} has {left} left",
            MANA_RULE,
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
        f"mana, into sleeve {buy.sleeve}" + (f" (ability: {card.ability})" if card.ability else ""),
        player.name,
        card.symbols.grey,  # grey VP count from now on (the running score shows them)
    )


def check_card_names(catalogue: Catalogue, turn: Turn) -> None:
    """Every card a turn names, in the order written, must be a card of the catalogue or
    the header, named with a position it is printed for: a notation error otherwise,
    before any rule is checked."""
    for action in turn.actions:
        if isinstance(action, BuyAdvancement):
            bought_card(catalogue, action)
        elif isinstance(action, RefillAdvancement):
            revealed_card(catalogue, action)
        elif isinstance(action, BuyVale):
            catalogue.require_vale(action.card, action)
        elif isinstance(action, RefillVale):
            catalogue.require_vale(action.card, action, verb="refill")
        elif isinstance(action, Gain) and action.source is not None:
            catalogue.require_card(action.source, action)


def bought_card(catalogue: Catalogue, buy: BuyAdvancement) -> tuple[Advancement, Position]:
    """The advancement and position ``buy NAME [POSITION] into S`` names."""
    card = catalogue.require_advancement(buy.card, buy)
    example = f"buy {card.name} {card.positions[0]} into {buy.sleeve_card or buy.sleeve}"
    return card, printed_position(card, buy.position, example, buy, buy.card)


def revealed_card(catalogue: Catalogue, refill: RefillAdvancement) -> tuple[Advancement, Position]:
    """The advancement and position ``refill NAME [POSITION]`` names."""
    card = catalogue.require_advancement(refill.card, refill, verb="refill")
    example = f"refill {card.name} {card.positions[0]}"
    return card, printed_position(card, refill.position, example, refill, refill.card)


def printed_position(
    card: Advancement, position: Position | None, example: str, where: Located, written: str
) -> Position:
    """The position a bought (or revealed) design is printed for: the one named, or the
    only one it has. A card named without the position it needs, or with one it is not
    printed for, names no card: a notation error (``example`` shows the way to write it,
    ``written`` is the name as the log writes it)."""
    if position in card.positions:
        return position
    if position is None and len(card.positions) == 1:
        return card.positions[0]
    printed = f"{card.name} is printed for {' and '.join(card.positions)}"
    raise NotationError(
        f"{printed}: name the position" if position is None else f"{printed}, not {position}",
        rule=POSITION_RULE,
        facts=[f"write e.g. '{example}'"],
        line=where.line,
        column=name_column(written, where.column),
    )


def resolve_sleeve(player: PlayerState, buy: BuyAdvancement) -> BuyAdvancement:
    """``buy`` with the sleeve named by a card on it (``into Fertile Soil``) turned into
    its number: the one sleeve of the field that holds that card now (advancements
    bought earlier in the turn are sleeved at its end, so they do not name a sleeve yet).
    A name no field card holds, or more than one does, is an illegal move at the name."""
    written = buy.sleeve_card
    if written is None:
        return buy
    key = name_key(written)
    holders = [
        sleeve
        for sleeve, slots in enumerate(player.slots)
        if any(card is not None and name_key(card.name) == key for card in slots)
    ]
    holding = [sleeve for sleeve in holders if sleeve in player.field]
    if len(holding) == 1:
        return replace(buy, sleeve=holding[0])
    column = name_column(written, buy.column)
    if holding:
        raise IllegalMove(
            f"sleeves {sleeve_list(holding)} of the field all hold {written}: "
            "name the sleeve by its number",
            rule=SLEEVE_NAMED_RULE,
            facts=[f"field: {_describe_field(player)}"],
            line=buy.line,
            column=column,
        )
    on_field = sorted(
        {card.name for s in player.field for card in player.slots[s] if card is not None}
    )
    elsewhere = [f"sleeve {s}, {player.where_is(s)}, holds {written}" for s in holders]
    raise IllegalMove(
        f"no card of {player.name}'s field holds {written}" + suggestion(written, on_field),
        rule=SLEEVE_NAMED_RULE,
        facts=[f"field: {_describe_field(player)}", *elsewhere],
        line=buy.line,
        column=column,
    )


def _check_slot(
    player: PlayerState, harvest: Harvest, buy: BuyAdvancement, card: Advancement, pos: Position
) -> None:
    sleeve = buy.sleeve
    if sleeve not in player.field:
        raise player.not_in(
            "field",
            sleeve,
            rule=SLOT_RULE,
            facts=[f"field: {sleeve_list(player.field)}"],
            line=buy.line,
            column=buy.column,
        )
    printed = player.slot(sleeve, pos)
    if printed is not None:
        raise IllegalMove(
            f"the {pos} slot of sleeve {sleeve} is already taken by {printed.name}",
            rule=SLOT_RULE,
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
            rule=SLOT_RULE,
            facts=[f"free {pos} slots in the field: {_free_slots(player, harvest, pos)}"],
            line=buy.line,
            column=buy.column,
        )


def _free_slots(player: PlayerState, harvest: Harvest, pos: Position) -> str:
    free = [
        s for s in player.field if player.slot(s, pos) is None and (s, pos) not in harvest.sleeving
    ]
    return sleeve_list(free) or "none"


def buy_vale(state: GameState, player: PlayerState, harvest: Harvest, buy: BuyVale) -> Event:
    vale = state.catalogue.require_vale(buy.card, buy)
    limit = TURN["vales_per_turn"]
    if len(harvest.vales) >= limit:
        bought = [f"{card.name} (line {b.line})" for b, card in harvest.vales]
        raise IllegalMove(
            f"{player.name} has already bought {limit} vales this turn",
            rule=VALES_RULE,
            facts=[f"bought: {', '.join(bought)}"],
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
            rule=SPIRITS_RULE,
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
        vale.vp,
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

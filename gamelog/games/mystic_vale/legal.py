"""What may be written next in a Mystic Vale log, as lines that replay as legal there
(``gamelog moves``), and the words ``gamelog play`` completes.

A turn is written as the sleeves turned face up in order, then ``pass`` or ``spoil``,
then the harvest actions, after ``;`` on the turn line or on lines of their own
below it. So at any point between two turn lines two kinds of line may come next:

- **the next player's turn line.** Which sleeves it lists is the deck's doing (face
  down, shuffled); what the player chooses is when to stop pushing. Where the log's
  later lines show the order the deck turns its cards up in (a recorded log looked
  at before one of its lines), every stop is listed, up to the spoil; where they do
  not (at the table, nothing below is written yet), only the on-deck card passed at
  once, and a note says the rest is what the deck shows.
- **a harvest line continuing the turn above** (``Bob: buy ...``): each affordable
  advancement, in each position it is on offer in, into each free slot of that
  position on each card of that turn's field; each affordable vale; the mana
  token. In a tracked market a purchase must name the card revealed into its slot
  on the same line (without it the turn leaves a slot unfilled, which is illegal),
  so a purchase there is listed only where the log's later refills show that card.
  Gains (``gain 2 mana from NAME``) are what a card's text gives, which the
  catalogue does not state: a note names the cards that may give them.

Every line listed is checked with the engine's own rule functions on copies of the
position (planting.plant; harvest's purchases and the token; refill.refill_market
for the turn as it would stand with the line below it), never with a second copy
of the rules.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace

from gamelog.core.errors import GamelogError
from gamelog.core.game import Option, OptionGroup
from gamelog.games.mystic_vale import lines
from gamelog.games.mystic_vale.cards import POSITIONS, Advancement, Position, Vale
from gamelog.games.mystic_vale.components import TURN
from gamelog.games.mystic_vale.harvest import Harvest, buy_advancement, buy_vale, spend_token
from gamelog.games.mystic_vale.market import ADVANCEMENT_DECKS, VALE_DECKS, Market
from gamelog.games.mystic_vale.moves import (
    Action,
    BuyAdvancement,
    BuyVale,
    RefillAdvancement,
    RefillVale,
    Reveal,
    SpendToken,
    Turn,
)
from gamelog.games.mystic_vale.planting import decay_showing, plant
from gamelog.games.mystic_vale.refill import refill_market
from gamelog.games.mystic_vale.state import GameState, LastTurn, PlayerState, sleeve_list


def to_move(state: GameState) -> str | None:
    """The player whose turn line comes next (None once the game is over). The player
    of the turn above may still write harvest lines (see legal_moves)."""
    return None if state.finished else state.players[state.seat].name


def legal_moves(state: GameState) -> list[OptionGroup]:
    groups = [] if state.finished else [_planting(state)]
    return groups + _harvest(state)


def words(state: GameState) -> list[str]:
    """Card names and the sleeves that may be written next, for completion."""
    catalogue = state.catalogue
    names = {card.name for card in catalogue.advancements.values() if card.for_sale}
    names |= {vale.name for vale in catalogue.vales.values()}
    player = state.players[state.seat]
    sleeves = {*player.deck, *player.discard}
    if player.on_deck is not None:
        sleeves.add(player.on_deck)
    if state.last_turn is not None:
        sleeves |= set(state.last_turn.field)
    return [*sorted(names), *(str(s) for s in sorted(sleeves))]


# --- what the log's later lines show of the decks ---------------------------------------


@dataclass(frozen=True)
class _Shown:
    """The order the decks turned their cards up in, as the log's turns write it down:
    per seat the sleeves turned up from the deck (with the index of the turn that
    turned each up), per advancement deck the cards its refills revealed, per vale
    deck the vales."""

    draws: dict[int, list[tuple[int, int]]]
    refills: dict[str, list[tuple[Advancement, Position]]]
    vale_refills: dict[str, list[Vale]]


def _shown(state: GameState) -> _Shown:
    moves = state.log_moves
    if state.shown is not None and state.shown[0] is moves:
        return state.shown[1]  # type: ignore[no-any-return]
    seats = {player.name.casefold(): player.seat for player in state.players}
    draws: dict[int, list[tuple[int, int]]] = {seat: [] for seat in seats.values()}
    carried = dict.fromkeys(draws, False)  # an on-deck card left from the last turn
    refills: dict[str, list[tuple[Advancement, Position]]] = {d: [] for d in ADVANCEMENT_DECKS}
    vale_refills: dict[str, list[Vale]] = {d: [] for d in VALE_DECKS}
    catalogue = state.catalogue
    try:
        for index, move in enumerate(moves):
            seat = seats.get((move.player or "").casefold())
            if seat is None:
                break
            sleeves = [reveal.sleeve for reveal in move.reveals]
            draws[seat].extend((index, s) for s in (sleeves[1:] if carried[seat] else sleeves))
            carried[seat] = not move.exhausted
            for action in move.actions:
                if isinstance(action, RefillAdvancement):
                    card = catalogue.advancement(action.card)
                    position = action.position
                    if card is not None and position is None and len(card.positions) == 1:
                        position = card.positions[0]
                    if card is None or position is None or card.level not in refills:
                        raise _Unreadable
                    refills[card.level].append((card, position))
                elif isinstance(action, RefillVale):
                    vale = catalogue.vale(action.card)
                    if vale is None:
                        raise _Unreadable
                    vale_refills[vale.level].append(vale)
    except (GamelogError, _Unreadable):
        pass  # a line below does not parse or names no card: known down to it
    shown = _Shown(draws, refills, vale_refills)
    state.shown = (moves, shown)
    return shown


class _Unreadable(Exception):
    pass


def known_draws(state: GameState, player: PlayerState) -> list[int]:
    """The sleeves ``player``'s deck turns up next, as far as the log's later turns show
    them: those of the turn to be written (across a reshuffle in it: the discard
    pile is then the one of now), then those of later turns until the deck runs out
    (a reshuffle after this turn would shuffle a different discard pile)."""
    ahead = _shown(state).draws[player.seat][player.drawn :]
    deck, discard = set(player.deck), list(player.discard)
    known: list[int] = []
    for index, sleeve in ahead:
        if not deck:
            if index != state.turn_number or not discard:
                break
            deck, discard = set(discard), []
        if sleeve not in deck:
            break
        deck.discard(sleeve)
        known.append(sleeve)
    return known


# --- the next turn line: the planting -----------------------------------------------------


def _planting(state: GameState) -> OptionGroup:
    player = state.players[state.seat]
    known = known_draws(state, player)
    sequence = ([player.on_deck] if player.on_deck is not None else []) + known
    options: list[Option] = []
    ended = False  # a spoil, or every card in the field: no further stop
    for count in range(1, len(sequence) + 1):
        reveals = sequence[:count]
        passed = _plants(player, reveals, False, "pass")
        if passed is not None:
            options.append(_planting_option(player, reveals, False, "pass", passed))
            continue
        spoiled = _plants(player, reveals, False, "spoil")
        if spoiled is not None:
            options.append(_planting_option(player, reveals, False, "spoil", spoiled))
        ended = True
        break
    if not ended and sequence:
        for outcome in ("pass", "spoil"):
            emptied = _plants(player, sequence, True, outcome)
            if emptied is not None:
                options.append(_planting_option(player, sequence, True, outcome, emptied))
                ended = True
    if not ended:
        options.append(_pushing_form(player))
    kind = f"{player.name}'s turn: the sleeves turned up, then pass or spoil"
    if ended:
        note = "in the order the log's later lines show the deck in: pass at any stop, or spoil"
    elif known:
        note = (
            f"the log's later lines show the deck's next {len(known)} cards; "
            "pushing further turns up cards they do not show"
        )
    else:
        note = _face_down_note(player)
    return OptionGroup(kind, tuple(options), complete=ended, note=note)


#: The blank of a planting past what the log shows: the sleeves the deck turns up.
TURNED_UP = "<sleeves the deck turns up>"


def _pushing_form(player: PlayerState) -> Option:
    """The planting pushed on past what is known (at the table, past the on-deck card):
    a form whose blank is the sleeves the deck turns up, in that order, then ``pass``
    (the end of most turns; ``spoil`` once 4 decay show is written instead). What it
    gives the prompt: Tab puts the on-deck card on the line, and ``pass`` after the
    sleeves typed."""
    start = f"{player.on_deck} " if player.on_deck is not None else ""
    return Option(
        f"{player.name}: {start}{TURNED_UP} pass",
        "push on: each sleeve the deck turns up, in order, then pass (or spoil once "
        "4 decay show, or empty before pass where the deck and the discard pile ran out)",
        form=True,
    )


def _face_down_note(player: PlayerState) -> str:
    face_down = sleeve_list(sorted(player.deck or player.discard))
    start = (
        f"after the on-deck card {player.on_deck}, each push turns up"
        if player.on_deck is not None
        else "the first sleeve is the one the deck turns up, then each push turns up"
    )
    return (
        f"the planting is what the deck shows: {start} the deck's top card "
        f"(face down: {face_down}); write the sleeves in that order, then pass, "
        "or spoil once 4 decay show"
    )


def _plants(
    player: PlayerState, reveals: list[int], exhausted: bool, outcome: str
) -> PlayerState | None:
    """The player after planting ``reveals`` (on a copy), or None where the rules refuse it."""
    trial = replace(
        player, deck=set(player.deck), field=list(player.field), discard=list(player.discard)
    )
    turn = Turn(
        line=0,
        player=player.name,
        reveals=tuple(Reveal(sleeve=s, column=1) for s in reveals),
        exhausted=exhausted,
        outcome=outcome,  # type: ignore[arg-type]
        outcome_column=1,
    )
    try:
        plant(trial, turn, [])
    except GamelogError:
        return None
    return trial


def _planting_option(
    player: PlayerState, reveals: list[int], exhausted: bool, outcome: str, after: PlayerState
) -> Option:
    line = lines.planting(player.name, reveals, exhausted, outcome)
    decay, growth = decay_showing(after)
    mana = sum(after.symbols[s].mana for s in after.field)
    showing = f"{decay} decay against {growth} growth"
    if outcome == "spoil":
        return Option(line, f"spoils: {showing}; no harvest")
    return Option(line, f"{mana} mana; {showing}")


# --- harvest lines continuing the turn above ---------------------------------------------------


def _harvest(state: GameState) -> list[OptionGroup]:
    last = state.last_turn
    if last is None or last.spoiled or last.harvest is None:
        return []
    player = state.players[last.seat]
    harvest = last.harvest
    whose = f"{player.name}'s harvest, continuing the turn above (line {last.turn.line})"
    left = harvest.mana - harvest.mana_spent
    groups: list[OptionGroup] = []

    bought = len(harvest.advancements)
    limit = TURN["advancements_per_turn"]
    if bought < limit:
        options, unshown = _advancement_options(state, last, player, left)
        note = f"{left} mana left, {limit - bought} of {limit} advancements"
        if unshown:
            note += (
                f"; {unshown} name the card revealed into the market, which the log's "
                "later lines do not show: a blank to fill in (refill NAME POSITION)"
            )
        if options or unshown:
            groups.append(
                OptionGroup(
                    f"{whose}: buy an advancement", options, complete=not unshown, note=note
                )
            )
    vales = len(harvest.vales)
    vale_limit = TURN["vales_per_turn"]
    if vales < vale_limit:
        options, unshown = _vale_options(state, last, player)
        note = f"spirits: {_spirits_left(harvest)}; {vale_limit - vales} of {vale_limit} vales"
        if unshown:
            note += f"; {unshown} name the vale revealed, which the log does not show: a blank"
        if options or unshown:
            groups.append(
                OptionGroup(f"{whose}: buy a vale", options, complete=not unshown, note=note)
            )
    token = (SpendToken(line=0),)
    if not harvest.token_spent and player.token_active and _continues(state, last, token):
        groups.append(
            OptionGroup(
                f"{whose}: spend the mana token",
                (
                    Option(
                        lines.harvest(player.name, [SpendToken(line=0, column=1)]),
                        "1 mana more for this turn's purchases",
                    ),
                ),
            )
        )
    sources = _ability_cards(state, last, player)
    if sources:
        groups.append(
            OptionGroup(
                f"{whose}: gain from an ability",
                (),
                complete=False,
                note=(
                    "what a card's text gives, which the catalogue does not state: "
                    f"gain N mana|vp|green|yellow|brown|purple from one of {', '.join(sources)}"
                ),
            )
        )
    return groups


def _advancement_options(
    state: GameState, last: LastTurn, player: PlayerState, left: int
) -> tuple[tuple[Option, ...], int]:
    options: list[Option] = []
    unshown = 0
    tracked = last.market.face_up is not None
    for card, positions in _advancements_on_offer(state, last.market):
        if card.cost > left:
            continue
        for position in positions:
            for sleeve in last.field:
                if player.slot(sleeve, position) is not None:
                    continue
                buy = BuyAdvancement(line=0, card=card.name, position=position, sleeve=sleeve)
                actions: tuple[Action, ...] = (buy,)
                if tracked and card.level != "fertile soil":
                    refilled = _with_refill(state, last, buy)
                    if refilled is None:
                        unshown += 1
                        if _buys(state, last, (buy,)):
                            options.append(_refill_form(player.name, buy, card))
                        continue
                    actions = refilled
                elif not _continues(state, last, actions):
                    continue
                options.append(
                    Option(
                        lines.harvest(player.name, actions),
                        _card_note(card),
                    )
                )
    return tuple(options), unshown


def _advancements_on_offer(state: GameState, market: Market) -> list[tuple[Advancement, list]]:
    """Each design that may be bought, with the positions it is offered in: the face-up
    cards and Fertile Soil in a tracked market, else every design for sale."""
    catalogue = state.catalogue
    if market.face_up is None:
        designs = sorted(
            (card for card in catalogue.advancements.values() if card.for_sale),
            key=lambda card: card.name.casefold(),
        )
        return [(card, list(card.positions)) for card in designs]
    offered: dict[str, tuple[Advancement, list]] = {}
    for slots in market.face_up.values():
        for shown in slots:
            if shown is not None:
                entry = offered.setdefault(shown.card.name, (shown.card, []))
                if shown.position not in entry[1]:
                    entry[1].append(shown.position)
    fertile = [card for card in catalogue.advancements.values() if card.level == "fertile soil"]
    for card in fertile:
        offered.setdefault(card.name, (card, [p for p in POSITIONS if p in card.positions]))
    return [offered[name] for name in sorted(offered, key=str.casefold)]


def _with_refill(
    state: GameState, last: LastTurn, buy: BuyAdvancement
) -> tuple[Action, ...] | None:
    """The purchase with the refill of its slot, the next card of a deck as the log's
    later refills show it; None where they show none that the rules accept."""
    shown = _shown(state).refills
    for level in ADVANCEMENT_DECKS:
        cards = shown[level]
        index = state.market.drawn[level]
        if index >= len(cards):
            continue
        card, position = cards[index]
        refill = RefillAdvancement(line=0, card=card.name, position=position)
        if _continues(state, last, (buy, refill)):
            return buy, refill
    return None


def _vale_options(
    state: GameState, last: LastTurn, player: PlayerState
) -> tuple[tuple[Option, ...], int]:
    market = last.market
    if market.vales_up is None:
        offered = sorted(state.catalogue.vales.values(), key=lambda vale: vale.name.casefold())
    else:
        offered = [vale for slots in market.vales_up.values() for vale in slots if vale]
    options: list[Option] = []
    unshown = 0
    for vale in offered:
        buy = BuyVale(line=0, card=vale.name)
        actions: tuple[Action, ...] = (buy,)
        if market.vales_up is not None:
            shown = _shown(state).vale_refills[vale.level]
            index = state.market.vales_drawn[vale.level]
            if index >= len(shown):
                if _affordable(state, last, buy):
                    unshown += 1
                    line = lines.harvest(player.name, (buy,))
                    options.append(
                        Option(
                            f"{line}; refill vale {VALE_REVEALED}",
                            f"{_vale_note(vale)}; "
                            "the vale the deck reveals into its slot is the table's to write",
                            form=True,
                        )
                    )
                continue
            actions = (buy, RefillVale(line=0, card=shown[index].name))
        if _continues(state, last, actions):
            options.append(
                Option(
                    lines.harvest(player.name, actions),
                    _vale_note(vale),
                )
            )
    return tuple(options), unshown


#: The blanks of a purchase in a tracked market where the log does not show the card the
#: deck reveals into the emptied slot (at the table): chance's to fill in.
CARD_REVEALED = "<card revealed> <its position>"
VALE_REVEALED = "<vale revealed>"


def _refill_form(player: str, buy: BuyAdvancement, card: Advancement) -> Option:
    """A purchase of a tracked market with the refill of its slot left blank: which card
    the deck reveals is chance, but what may be bought, where, and that a refill must
    follow on the same line are known (what Tab completes at the table)."""
    line = lines.harvest(player, (buy,))
    return Option(
        f"{line}; refill {CARD_REVEALED}",
        f"{_card_note(card)}; the card the deck reveals into its slot is the table's to write",
        form=True,
    )


def _card_note(card: Advancement) -> str:
    """What an advancement offered shows: level, cost, symbols, and its catalogue
    ability, as its purchase event shows it."""
    level = "Fertile Soil" if card.level == "fertile soil" else f"Level {card.level}"
    return f"{level}, cost {card.cost}; {card.symbols.describe()}{_ability(card.ability)}"


def _vale_note(vale: Vale) -> str:
    """What a vale offered shows: level, cost, VP and its catalogue ability."""
    return f"Level {vale.level}, cost {vale.describe_cost()}; {vale.vp} VP{_ability(vale.ability)}"


def _ability(ability: str) -> str:
    """A card's catalogue ability in a listing's note, as its purchase event shows it."""
    return f" (ability: {ability})" if ability else ""


def _buys(state: GameState, last: LastTurn, actions: tuple[Action, ...]) -> bool:
    """Whether the purchases ``actions`` may be made now, the market's refill aside
    (a tracked market's refill is written with them, but the log does not show it)."""
    trial_state, trial_player, harvest = _trial(state, last, player_too=False)
    try:
        for action in actions:
            if isinstance(action, BuyAdvancement):
                buy_advancement(trial_state, trial_player, harvest, action)
    except GamelogError:
        return False
    return True


def _affordable(state: GameState, last: LastTurn, buy: BuyVale) -> bool:
    """Whether the vale could be paid for, its refill left aside."""
    trial_state, trial_player, harvest = _trial(state, last)
    try:
        buy_vale(trial_state, trial_player, harvest, buy)
    except GamelogError:
        return False
    return True


def _spirits_left(harvest: Harvest) -> str:
    parts = [f"{n} {colour}" for colour, n in harvest.spirits.items() if n]
    spent = sum(harvest.spirits_needed.values())
    have = ", ".join(parts) or "none"
    return f"{have} in the field" + (f", {spent} already paid" if spent else "")


def _ability_cards(state: GameState, last: LastTurn, player: PlayerState) -> list[str]:
    """The cards whose abilities work this turn: the field's advancements (Cursed Land
    and Fertile Soil have none) and the vales bought on an earlier turn."""
    names: dict[str, None] = {}
    for sleeve in last.field:
        for card in player.slots[sleeve]:
            if card is not None and card.level not in ("starting", "fertile soil"):
                names[card.name] = None
    for owned in player.vales:
        if owned.bought_on_turn < state.turn_number:
            names[owned.card.name] = None
    return list(names)


# --- checking a line that continues the turn above --------------------------------------------


def _trial(
    state: GameState, last: LastTurn, *, player_too: bool = True
) -> tuple[GameState, PlayerState, Harvest]:
    """Copies to try more of the last turn's harvest on: the market as the turn's
    purchases left it (before its refill), the player with the turn's field (shared
    with the position where ``player_too`` is False: an advancement's purchase reads
    the player and changes nothing of theirs), the harvest as it stands."""
    assert last.harvest is not None
    trial_state = copy.copy(state)
    trial_state.market = last.market.copy()
    player = state.players[last.seat]
    if player_too or last.scratch is None:
        trial_player = replace(player, field=list(last.field), vales=list(player.vales))
        if not player_too:
            last.scratch = trial_player
    else:
        trial_player = last.scratch
    done = last.harvest
    harvest = copy.copy(done)
    harvest.spirits = dict(done.spirits)
    harvest.spirits_needed = dict(done.spirits_needed)
    harvest.advancements = list(done.advancements)
    harvest.vales = list(done.vales)
    harvest.sleeving = dict(done.sleeving)
    return trial_state, trial_player, harvest


def _continues(state: GameState, last: LastTurn, actions: tuple[Action, ...]) -> bool:
    """Whether the last turn, with ``actions`` written below it, is still legal: the
    token first and then the purchases, as the harvest takes them, then the market
    refill of the whole turn."""
    player_too = any(isinstance(a, SpendToken | BuyVale) for a in actions)
    trial_state, trial_player, harvest = _trial(state, last, player_too=player_too)
    try:
        for action in actions:
            if isinstance(action, SpendToken):
                spend_token(trial_player, harvest, action)
        for action in actions:
            if isinstance(action, BuyAdvancement):
                buy_advancement(trial_state, trial_player, harvest, action)
            elif isinstance(action, BuyVale):
                buy_vale(trial_state, trial_player, harvest, action)
        whole = replace(last.turn, actions=(*last.turn.actions, *actions))
        refill_market(trial_state, whole, [])
    except GamelogError:
        return False
    return True

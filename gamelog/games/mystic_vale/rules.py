"""The Mystic Vale rules engine: one whole turn at a time.

A turn is planting (the sleeves turned face up, ending in a pass or a spoil:
planting.py), then the harvest (abilities, VP, vales, advancements: harvest.py)
unless the turn spoiled, then the discard phase (the market refill: refill.py;
sleeving; field to discard pile). The game ends after the round in which the VP
pool runs out.
"""

from __future__ import annotations

from collections.abc import Sequence

from gamelog.core.errors import IllegalMove
from gamelog.core.game import Event
from gamelog.games.mystic_vale.cards import name_column
from gamelog.games.mystic_vale.harvest import (
    check_card_names,
    refuse_harvest,
    sleeve_purchases,
    take_harvest,
)
from gamelog.games.mystic_vale.moves import Turn
from gamelog.games.mystic_vale.planting import plant
from gamelog.games.mystic_vale.refill import refill_market
from gamelog.games.mystic_vale.rulebook import FINAL_RULE, TURN_ORDER_RULE
from gamelog.games.mystic_vale.state import GameState, LastTurn, PlayerState


def apply(state: GameState, turn: Turn) -> list[Event]:
    """Check ``turn`` against the rules and play it: planting, harvest, discard phase."""
    state.turns.check(turn.player, rule=TURN_ORDER_RULE, line=turn.line, column=turn.column)
    check_card_names(state.catalogue, turn)
    player = state.players[state.turns.index]
    state.turn_number += 1
    events: list[Event] = []
    spoiled = plant(player, turn, events)
    gathered = None
    if spoiled:
        refuse_harvest(player, turn)
        change = "stays" if player.token_active else "turns"
        player.token_active = True
        events.append(Event(f"{player.name}'s mana token {change} active", player.name))
        before_refill = state.market.copy()
        refill_market(state, turn, events)
    else:
        gathered = take_harvest(state, player, turn, events)
        before_refill = state.market.copy()
        refill_market(state, turn, events)
        sleeve_purchases(player, gathered, turn, events)
    field = tuple(player.field)
    state.last_turn = LastTurn(player.seat, turn, spoiled, field, gathered, before_refill)
    player.last_field = list(field)
    player.last_turn_line = turn.line
    player.discard.extend(player.field)
    player.field.clear()
    _end_of_turn(state, player, turn, events)
    return events


def extend(state: GameState, moves: Sequence[Turn]) -> None:
    """Turns written after those of the log the state was set up from (``gamelog play``
    appends them one line at a time): the log's turns, as legal.py reads what the
    decks show from them."""
    state.log_moves = [*state.log_moves, *moves]


def is_finished(state: GameState) -> bool:
    """The round in which the VP pool ran out is over."""
    return state.finished


def end_facts(state: GameState) -> list[str]:
    """Why a finished game is over (for a move written after its end)."""
    if not state.finished:
        return []
    last = state.players[-1].name
    emptied = (
        f"the VP pool ({state.vp_pool_size} tokens) ran out on "
        f"{state.end_triggered_by}'s turn (line {state.end_triggered_line})"
    )
    if state.end_triggered_line == state.last_turn_line:
        return [f"{emptied}, the last turn of the round ({last} sits last)"]
    return [emptied, f"the round ended with {last}'s turn (line {state.last_turn_line})"]


def _end_of_turn(state: GameState, player: PlayerState, turn: Turn, events: list[Event]) -> None:
    player.turns_taken += 1
    state.last_turn_line = turn.line
    state.last_line = max([turn.line, *(action.line for action in turn.actions)])
    last_seat = len(state.players) - 1
    if state.vp_pool == 0 and state.end_triggered_by is None:
        state.end_triggered_by = player.name
        state.end_triggered_line = turn.line
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
        _check_finals(state)
    state.turns.advance()


def _check_finals(state: GameState) -> None:
    """At the end, every ``final: ... from CARD`` names a card its player owns (as a
    ``gain ... from CARD`` names a card of the field or an earlier vale)."""
    for final in sorted(state.final_effects(), key=lambda f: f.line):
        player = state.player(final.player)
        if final.source is None or player is None or player.owns(final.source):
            continue
        advancements = player.advancement_names()
        raise IllegalMove(
            f"{final.source} is not among {player.name}'s cards at the end of the game",
            rule=FINAL_RULE,
            facts=[
                f"{player.name}'s advancements: {', '.join(advancements) or 'none'}",
                f"{player.name}'s vales: {', '.join(o.card.name for o in player.vales) or 'none'}",
            ],
            line=final.line,
            column=name_column(final.source, final.column),
        )

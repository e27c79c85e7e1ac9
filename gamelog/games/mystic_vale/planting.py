"""Planting: the sleeves a turn turns face up, pushed one by one into the field, and
the spoil.

The log lists the on-deck card left over from the player's last turn, then one
card per push (the prep phase of the rules is planting done early, so it is part
of the next turn's list); the last one stays on deck. When the deck runs out the
discard pile is shuffled into a new deck. A push that makes the field and the
on-deck card show 4 or more decay, net of the field's growth, spoils the turn.
"""

from __future__ import annotations

from gamelog.core.errors import IllegalMove
from gamelog.core.game import Event
from gamelog.games.mystic_vale.components import TURN
from gamelog.games.mystic_vale.moves import Reveal, Turn
from gamelog.games.mystic_vale.rulebook import DECK_RULE, RESHUFFLE_RULE, SPOIL_RULE
from gamelog.games.mystic_vale.state import PlayerState, sleeve_list


def plant(player: PlayerState, turn: Turn, events: list[Event]) -> bool:
    """Turn up and push the listed sleeves; return whether the turn spoiled."""
    first = turn.reveals[0]
    if player.on_deck is None:
        _turn_up(player, first, turn, events)
    elif first.sleeve != player.on_deck:
        raise IllegalMove(
            f"{player.name}'s turn starts with the on-deck card, sleeve {player.on_deck}, "
            f"not {first.sleeve}",
            rule=DECK_RULE,
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
                rule=RESHUFFLE_RULE,
                facts=[f"still face down or in the discard pile: {sleeve_list(left)}"],
                line=turn.line,
                column=turn.outcome_column,
            )
        if _is_spoiled(player):
            spoil_at = turn.reveals[-1]
    decay, growth = decay_showing(player)
    pushed = sleeve_list(player.field)
    on_deck = f"on deck {player.on_deck}" if player.on_deck is not None else "nothing on deck"
    showing = f"{decay} decay against {growth} growth"
    if turn.outcome == "pass":
        if spoil_at is not None:
            raise IllegalMove(
                f"{player.name} cannot pass: the turn spoiled when sleeve {spoil_at.sleeve} "
                "was turned up",
                rule=SPOIL_RULE,
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
            rule=SPOIL_RULE,
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
    decay, growth = decay_showing(player)
    raise IllegalMove(
        f"the turn spoiled when sleeve {spoil_at.sleeve} was turned up; no push may follow a spoil",
        rule=SPOIL_RULE,
        facts=[
            f"field {sleeve_list(player.field)} and on deck {player.on_deck} "
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
                rule=RESHUFFLE_RULE,
                facts=[
                    f"all 20 sleeves are in the field ({sleeve_list(player.field)}); "
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
        raise player.not_in(
            "deck",
            sleeve,
            rule=DECK_RULE,
            facts=[
                f"the deck holds {len(player.deck)} sleeves: {sleeve_list(sorted(player.deck))}"
            ],
            line=turn.line,
            column=reveal.column,
        )
    player.deck.discard(sleeve)
    player.on_deck = sleeve
    player.drawn += 1


def decay_showing(player: PlayerState) -> tuple[int, int]:
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
    decay, growth = decay_showing(player)
    return decay - growth >= TURN["spoil_at"]

"""The market refill at the end of a turn: the log names each card revealed into an
emptied slot (``refill NAME POSITION``, ``refill vale NAME``), checked against the
refill order (market.py); a tracked market left with a slot the rules would
refill is an error.
"""

from __future__ import annotations

from gamelog.core.errors import GamelogError, IllegalMove
from gamelog.core.game import Event
from gamelog.games.mystic_vale.harvest import revealed_card
from gamelog.games.mystic_vale.moves import Action, RefillAdvancement, RefillVale, Turn
from gamelog.games.mystic_vale.rulebook import REFILL_NAMED_RULE
from gamelog.games.mystic_vale.state import GameState


def refill_market(state: GameState, turn: Turn, events: list[Event]) -> None:
    """The cards the turn names as revealed into the market, then the check that no
    slot the rules would refill is left empty."""
    for action in turn.actions:
        try:
            if isinstance(action, RefillAdvancement):
                card, position = revealed_card(state.catalogue, action)
                level = state.market.refill_advancement(card, position)
                events.append(
                    Event(
                        f"{card.name} ({position}) is revealed into a Level {level} market slot "
                        f"(Level {card.level} deck: {state.market.deck_left[card.level]} left)"
                    )
                )
            elif isinstance(action, RefillVale):
                vale = state.catalogue.require_vale(action.card, action, verb="refill")
                state.market.refill_vale(vale)
                events.append(Event(f"the vale {vale.name} is revealed (Level {vale.level})"))
        except GamelogError as error:
            raise error.at(action.line, action.column) from None
    missing = state.market.unfilled()
    if missing:
        last: Action | Turn = turn.actions[-1] if turn.actions else turn
        raise IllegalMove(
            "the market is not refilled at the end of the turn",
            rule=REFILL_NAMED_RULE,
            facts=missing,
            line=last.line,
            column=last.column,
        )

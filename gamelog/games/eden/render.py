"""The position as text, for ``gamelog replay --to N``: the board, then each player."""

from __future__ import annotations

from gamelog.games.eden import scoring
from gamelog.games.eden.components import COMPONENTS
from gamelog.games.eden.state import EdenState
from gamelog.games.eden.words import counted, field_list


def render(state: EdenState) -> str:
    box = COMPONENTS
    initials = {name: p.colour[0].upper() for name, p in state.players.items()}
    lines = ["    " + " ".join(f"{c:>2}" for c in box.columns)]
    for row in range(1, box.rows + 1):
        cells = []
        for column in box.columns:
            tile = state.board[f"{column}{row}"]
            cells.append(" ." if tile is None else f"{initials[tile.owner]}{tile.value}")
        lines.append(f"{row:>3} " + " ".join(cells))
    lines.append("")
    for name in state.order:
        player = state.players[name]
        lines.append(
            f"{name} ({player.colour}, {initials[name]}): "
            f"{counted(state.board.points(name), 'point')}, "
            f"{player.mana} mana, hand {player.hand.size} ({player.hand.describe()}), "
            f"landscape cards left: {player.one_two_left} x 1/2, {player.three_four_left} x 3/4"
        )
    bank = sorted(state.bank.elements())
    lines.append(f"bank, face up: {field_list(bank) if bank else 'nothing'}")
    lines.append(f"draw pile: {state.draw_pile} cards")
    winners = scoring.winners(state)
    if winners:
        lines.append(f"game over: {field_list(winners)} won at line {state.ended_at}")
    elif state.turn is not None:
        lines.append(
            f"turn {state.turns_played}: {state.turn.player} (from line {state.turn.line})"
        )
    return "\n".join(lines)

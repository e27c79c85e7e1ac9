"""The position as text, for ``gamelog replay --to N``."""

from __future__ import annotations

from gamelog.games.mystical_seeds.scoring import number
from gamelog.games.mystical_seeds.seeds import COLOURS, PRIMARY
from gamelog.games.mystical_seeds.state import FAIRIES, GameState, PlayerState
from gamelog.games.mystical_seeds.tiles import SLOT_COLUMNS, slot_name


def render(state: GameState) -> str:
    lines: list[str] = []
    if state.finished:
        lines.append(f"Game over after round {state.round - 1}")
    else:
        extra = " (an extra turn)" if state.extra_turn_next else ""
        lines.append(f"Round {state.round}: {state.current} to play{extra}")
    lines.append(
        "Garden: "
        + " | ".join(
            f"{loc}: {', '.join(f.title() for f in FAIRIES if state.garden[f] == loc) or '-'}"
            for loc in PRIMARY
        )
    )
    limited = [f"{c} {state.supply[c]}" for c in COLOURS if state.supply[c] is not None]
    lines.append("Supply: " + (", ".join(limited) if limited else "unlimited"))
    lines.append("Research Area:")
    for slot in state.research:
        if slot.card is None:
            lines.append(f"  L{slot.level} (empty: deck ran out)")
            continue
        x = f"  [X {slot.x_owner}]" if slot.x_owner else ""
        lines.append(f"  {slot.card.describe()}{x}")
    for deck in (1, 2):
        left = state.deck_left[deck]
        status = "out" if state.deck_out[deck] else ("?" if left is None else str(left))
        lines.append(f"  L{deck} deck: {status}")
    lines.append("Bookshelf:")
    for row in (1, 2):
        cells = []
        for column in range(1, SLOT_COLUMNS + 1):
            name = slot_name(row, column)
            tile = state.shelf[name]
            cells.append(f"{name} {tile.describe() if tile else '-'}")
        left = state.pile_left[row]
        pile = "out" if state.pile_out[row] else ("?" if left is None else str(left))
        lines.append(f"  {' | '.join(cells)}  (pile: {pile})")
    for name in state.order:
        lines.extend(_player(state, state.players[name]))
    return "\n".join(lines) + "\n"


def _player(state: GameState, player: PlayerState) -> list[str]:
    suns = {t.sun_circle for t in player.tiles if t.sun_circle is not None}
    cells = []
    for index, seed in enumerate(player.lab):
        marks = ("@" if index == player.fairy else "") + ("*" if index in suns else "")
        cells.append(f"{index + 1}{marks} {seed or '-'}")
    tracks = ", ".join(f"{t} {player.tracks[t]}" for t in PRIMARY)
    tiles = ", ".join(t.spec.describe() for t in player.tiles) or "none"
    plants = ", ".join(f'"{c.name}" {c.points}' for c in player.plants) or "none"
    return [
        f"{player.name}: {number(player.prestige())} prestige, {player.potions} potion(s), "
        f"card {player.card}",
        f"  lab: {' | '.join(cells)}   (@ lab fairy, * sun)",
        f"  tracks: {tracks}",
        f"  tiles: {tiles}",
        f"  plants: {plants}",
    ]

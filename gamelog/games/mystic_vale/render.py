"""The position as text, for ``gamelog replay --to N``."""

from __future__ import annotations

from gamelog.games.mystic_vale.state import GameState, PlayerState


def render(state: GameState) -> str:
    lines = [
        f"VP pool: {state.vp_pool} of {state.vp_pool_size} left"
        + (f" (emptied by {state.end_triggered_by})" if state.end_triggered_by else ""),
    ]
    if state.finished:
        lines.append("Game over.")
    else:
        lines.append(f"Next turn: {state.players[state.seat].name}")
    market = state.market
    if market.face_up is not None:
        lines.append(f"Market: {market.describe_face_up()}")
    if market.vales_up is not None:
        lines.append(f"Vales: {market.describe_vales()}")
    lines.append(market.describe_decks())
    lines.append(f"Fertile Soil left: {market.describe_fertile()}")
    for player in state.players:
        lines.append("")
        lines.extend(_player(player))
    return "\n".join(lines)


def _player(player: PlayerState) -> list[str]:
    token = "active" if player.token_active else "inactive"
    vales = ", ".join(o.card.name for o in player.vales) or "none"
    on_deck = str(player.on_deck) if player.on_deck is not None else "-"
    discard = ", ".join(str(s) for s in sorted(player.discard)) or "-"
    deck = ", ".join(str(s) for s in sorted(player.deck)) or "-"
    lines = [
        f"{player.name}: {player.vp_pool + player.vp_box} VP in tokens "
        f"({player.vp_box} from the box), mana token {token}, vales: {vales}",
        f"  on deck: {on_deck}   deck ({len(player.deck)}): {deck}",
        f"  discard pile ({len(player.discard)}): {discard}",
    ]
    printed = [
        f"    {sleeve:>2}: {player.describe_sleeve(sleeve)}"
        for sleeve in range(1, len(player.slots))
        if any(player.slots[sleeve])
    ]
    lines.append("  sleeves (blank ones left out):")
    lines.extend(printed)
    return lines

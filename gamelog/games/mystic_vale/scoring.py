"""The end-game score of Mystic Vale: VP tokens (pool and box), grey VP on every
advancement of a player's 20 cards, VP of the vales, and the end-game effects
the log states.

The rules have no tie-break: tied players share the place.
"""

from __future__ import annotations

from collections import Counter

from gamelog.core.scoring import ScoreSheet
from gamelog.games.mystic_vale.state import GameState, PlayerState

NO_TIE_BREAK = "the rules have no tie-break: players with equal totals share the place"


def score_sheet(state: GameState) -> ScoreSheet:
    sheet = ScoreSheet(players=state.player_names, finished=state.finished, notes=[NO_TIE_BREAK])
    for player in state.players:
        name = player.name
        sheet.add("VP tokens (pool)", name, player.vp_pool)
        sheet.add("VP tokens (box)", name, player.vp_box)
        grey, grey_note = _grey_vp(player)
        sheet.add("grey VP on cards", name, grey, grey_note)
        vale_vp = sum(owned.card.vp for owned in player.vales)
        vale_note = ", ".join(f"{o.card.name} {o.card.vp}" for o in player.vales if o.card.vp)
        sheet.add("vale VP", name, vale_vp, vale_note or None)
        finals = [f for f in state.final_effects() if f.player == name]
        final_note = ", ".join(f"{f.vp} {f.source}" if f.source else str(f.vp) for f in finals)
        sheet.add("end-game effects", name, sum(f.vp for f in finals), final_note or None)
    if not state.finished:
        sheet.notes.append(
            f"provisional: the game is not over ({state.vp_pool} VP left in the pool)"
        )
        if state.finals:
            stated = len(state.finals)
            effects = "an end-game effect" if stated == 1 else f"{stated} end-game effects"
            sheet.notes.append(
                f"the log states {effects} ('final:'): counted when the game is over"
            )
    return sheet


def _grey_vp(player: PlayerState) -> tuple[int, str | None]:
    """Grey VP of every advancement on the player's 20 cards, wherever the cards are."""
    per_card: Counter[str] = Counter()
    total = 0
    for slots in player.slots:
        for card in slots:
            if card is not None and card.symbols.grey:
                per_card[card.name] += card.symbols.grey
                total += card.symbols.grey
    note = ", ".join(f"{name} {points}" for name, points in per_card.items())
    return total, note or None


def running_scores(state: GameState) -> dict[str, int]:
    """The VP tokens taken so far (pool and box); cards, vales and effects count at the end."""
    return {p.name: p.vp_pool + p.vp_box for p in state.players}

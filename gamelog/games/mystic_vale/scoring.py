"""The end-game score of Mystic Vale: VP tokens (pool and box), grey VP on every
advancement of a player's 20 cards, VP of the vales, and the end-game effects
the log states.

The rules have no tie-break: tied players share the place.
"""

from __future__ import annotations

from collections import Counter

from gamelog.core.scoring import ScoreSheet, Source
from gamelog.games.mystic_vale.cards import POSITIONS
from gamelog.games.mystic_vale.header import FinalEffect
from gamelog.games.mystic_vale.state import GameState, PlayerState

NO_TIE_BREAK = "the rules have no tie-break: players with equal totals share the place"


def score_sheet(state: GameState) -> ScoreSheet:
    """Each cell with the lines its points came from: the turns whose harvest took the
    tokens, the lines that bought the advancements with grey VP and the vales, the
    ``final:`` lines."""
    sheet = ScoreSheet(players=state.player_names, finished=state.finished, notes=[NO_TIE_BREAK])
    for player in state.players:
        name = player.name
        pool = [Source(t.written.line, t.written.text, t.from_pool) for t in player.vp_taken]
        box = [Source(t.written.line, t.written.text, t.from_box) for t in player.vp_taken]
        sheet.add("VP tokens (pool)", name, player.vp_pool, sources=[s for s in pool if s.points])
        sheet.add("VP tokens (box)", name, player.vp_box, sources=[s for s in box if s.points])
        grey, grey_note, grey_sources = _grey_vp(player)
        sheet.add("grey VP on cards", name, grey, grey_note, grey_sources)
        vale_vp = sum(owned.card.vp for owned in player.vales)
        vale_note = ", ".join(f"{o.card.name} {o.card.vp}" for o in player.vales if o.card.vp)
        vale_sources = [
            Source(o.bought.line, o.bought.text + _ability(o.card.ability), o.card.vp)
            for o in player.vales
            if o.bought is not None and o.card.vp
        ]
        sheet.add("vale VP", name, vale_vp, vale_note or None, vale_sources)
        finals = [f for f in state.final_effects() if f.player == name]
        final_note = ", ".join(f"{f.vp} {f.source}" if f.source else str(f.vp) for f in finals)
        final_sources = [Source(f.line, _final_text(f), f.vp) for f in finals]
        sheet.add(
            "end-game effects", name, sum(f.vp for f in finals), final_note or None, final_sources
        )
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


def _ability(ability: str) -> str:
    """A card's catalogue ability after the line that bought it, as its purchase event
    shows it: what the card does is read with the points it gave (``gamelog explain``)."""
    return f" (ability: {ability})" if ability else ""


def _final_text(final: FinalEffect) -> str:
    source = f" from {final.source}" if final.source else ""
    return f"final: {final.player} {final.vp} vp{source}"


def _grey_vp(player: PlayerState) -> tuple[int, str | None, list[Source]]:
    """Grey VP of every advancement on the player's 20 cards, wherever the cards are,
    with the lines that bought them."""
    per_card: Counter[str] = Counter()
    total = 0
    sources: list[Source] = []
    for sleeve, slots in enumerate(player.slots):
        for position, card in zip(POSITIONS, slots, strict=True):
            if card is not None and card.symbols.grey:
                per_card[card.name] += card.symbols.grey
                total += card.symbols.grey
                bought = player.bought.get((sleeve, position))
                if bought is not None:
                    text = bought.text + _ability(card.ability)
                    sources.append(Source(bought.line, text, card.symbols.grey))
    note = ", ".join(f"{name} {points}" for name, points in per_card.items())
    return total, note or None, sorted(sources, key=lambda s: s.line)


def running_scores(state: GameState) -> dict[str, int]:
    """Points so far: the sheet's totals as the position stands (VP tokens, grey VP on
    the cards and the vales' VP; the end-game effects once the game is over), so that
    the score race ends at the sheet's totals."""
    sheet = score_sheet(state)
    return {name: int(sheet.total(name)) for name in sheet.players}

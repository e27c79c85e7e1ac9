"""Mystical Seeds as a gamelog Game: what the game is; its folder's modules do the rest."""

from __future__ import annotations

from typing import ClassVar

from gamelog.core.game import Parts, TemplateGame
from gamelog.core.header import HeaderKey
from gamelog.core.meta import GameMeta
from gamelog.games.mystical_seeds import header, legal, lines, moves, render, rules, scoring, state
from gamelog.games.mystical_seeds.header import Header
from gamelog.games.mystical_seeds.meta import META
from gamelog.games.mystical_seeds.moves import Turn
from gamelog.games.mystical_seeds.state import GameState


class MysticalSeeds(TemplateGame[Header, GameState, Turn]):
    """Seeds collected and grafted in a Laboratory, plants cultivated for prestige."""

    meta: ClassVar[GameMeta] = META
    header_keys: ClassVar[tuple[HeaderKey, ...]] = header.KEYS
    parts: ClassVar[Parts] = Parts(
        header,
        moves,
        state,
        rules,
        scoring,
        render,
        legal,
        lines,
        end_facts=rules.end_facts,
        render_svg=render.render_svg,
        seat_colours=render.seat_colours,
        round_of=state.round_of,
    )


GAME = MysticalSeeds()

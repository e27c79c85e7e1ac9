"""Mystic Vale as a gamelog Game: what the game is; its folder's modules do the rest."""

from __future__ import annotations

from typing import ClassVar

from gamelog.core.game import Parts, TemplateGame
from gamelog.core.header import HeaderKey
from gamelog.core.meta import GameMeta
from gamelog.games.mystic_vale import header, legal, lines, moves, render, rules, scoring, state
from gamelog.games.mystic_vale.header import Header
from gamelog.games.mystic_vale.meta import META
from gamelog.games.mystic_vale.moves import Turn
from gamelog.games.mystic_vale.state import GameState


class MysticVale(TemplateGame[Header, GameState, Turn]):
    """Mystic Vale (2-4 players): sleeved cards, planting and spoil, harvest purchases,
    the game ending with the round in which the VP pool runs out."""

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
        extend=rules.extend,
        render_svg=render.render_svg,
        seat_colours=render.seat_colours,
        lesson=state.lesson,
    )


GAME = MysticVale()

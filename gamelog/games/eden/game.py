"""Eden as a gamelog Game: what the game is; its folder's modules do the rest."""

from __future__ import annotations

from typing import ClassVar

from gamelog.core.game import Parts, TemplateGame
from gamelog.core.header import HeaderKey
from gamelog.core.meta import GameMeta
from gamelog.games.eden import header, legal, lines, moves, render, rules, scoring, state
from gamelog.games.eden.header import Header
from gamelog.games.eden.meta import META
from gamelog.games.eden.moves import Turn
from gamelog.games.eden.state import EdenState


class Eden(TemplateGame[Header, EdenState, Turn]):
    """Eden (Kosmos, 2001): irrigate fields, cultivate shapes, conquer land; first to 20."""

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
        side_colour=render.side_colour,
        steps=legal.steps,
        key=legal.key,
    )


GAME = Eden()

"""Seikatsu as a gamelog Game: what the game is; its folder's modules do the rest."""

from __future__ import annotations

from typing import ClassVar

from gamelog.core.game import Parts, TemplateGame
from gamelog.core.header import HeaderKey
from gamelog.core.meta import GameMeta
from gamelog.games.seikatsu import header, legal, lines, moves, render, rules, scoring, state
from gamelog.games.seikatsu.header import Header
from gamelog.games.seikatsu.meta import META
from gamelog.games.seikatsu.moves import Placement
from gamelog.games.seikatsu.state import SeikatsuState


class Seikatsu(TemplateGame[Header, SeikatsuState, Placement]):
    """Seikatsu (2-3 players): tiles around a koi pond, birds scored as played and
    flower rows scored at the end from each player's pagoda."""

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
    )


GAME = Seikatsu()

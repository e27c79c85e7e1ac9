"""Terra Mystica as a gamelog Game: what the game is; its folder's modules do the rest."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from gamelog.core.game import Parts, TemplateGame
from gamelog.core.header import HeaderKey, HeaderLines
from gamelog.core.meta import GameMeta
from gamelog.core.replay import Replay
from gamelog.games.terra_mystica import (
    ledger_file,
    legal,
    lines,
    ratings,
    render,
    rules,
    scoring,
    state,
)
from gamelog.games.terra_mystica.meta import META
from gamelog.games.terra_mystica.notation import header, moves
from gamelog.games.terra_mystica.notation.header import Header
from gamelog.games.terra_mystica.notation.moves import LogMove
from gamelog.games.terra_mystica.state import TerraMysticaState


class TerraMystica(TemplateGame[Header, TerraMysticaState, LogMove]):
    """Terra Mystica (2-5 factions) as the online site (terra.snellman.net) plays it:
    a command log or the site's ledger export, replayed to the exact final VP."""

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
        ratings=ratings,
        extend=rules.extend,
        render_svg=render.render_svg,
        seat_colours=render.seat_colours,
        side_colour=render.side_colour,
        copy_state=state.copy_state,
        round_of=state.round_of,
    )

    # The two calls a replay makes for every move go straight to the rules (the
    # template's methods would look them up in ``parts`` and call them, a frame more
    # per move).
    apply = staticmethod(rules.apply)  # type: ignore[assignment]
    is_finished = staticmethod(rules.is_finished)  # type: ignore[assignment]

    def read_header(self, text: str) -> HeaderLines:
        """Every faction starts a move, and in a ledger its rows too (header.py)."""
        return header.read_header(text, self)

    def movers(self) -> Sequence[str]:
        return header.movers()

    def new_log(self, players: Sequence[str]) -> str:
        """The core's header, then the ``player`` lines (header.player_lines)."""
        return super().new_log(players) + header.player_lines(players)

    def export(self, result: Replay, fmt: str) -> str:
        return ledger_file.export(result.state, fmt)


GAME = TerraMystica()

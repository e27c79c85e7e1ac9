"""Terra Mystica as a gamelog Game: the online site's command logs and ledgers, read,
replayed and scored through the core's interface."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from gamelog.core.game import Event, Game, GameLog
from gamelog.core.header import HeaderKey, HeaderLines
from gamelog.core.scoring import ScoreSheet
from gamelog.games.terra_mystica import header, ledger, moves, render, rules, scoring, state
from gamelog.games.terra_mystica.header import KEYS, Header, header_from
from gamelog.games.terra_mystica.moves import LogMove
from gamelog.games.terra_mystica.state import TerraMysticaState

if TYPE_CHECKING:
    from gamelog.core.replay import Replay


class TerraMystica(Game[Header, TerraMysticaState, LogMove]):
    """Terra Mystica (2-5 factions) as the online site (terra.snellman.net) plays it:
    a command log or the site's ledger export, replayed to the exact final VP."""

    name: ClassVar[str] = "terra-mystica"
    title: ClassVar[str] = "Terra Mystica"
    aliases: ClassVar[tuple[str, ...]] = ("terra_mystica", "tm", "terramystica")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    notation_hint: ClassVar[str] = (
        "the terra.snellman.net command log ('darklings: dig 1. build H7') or its ledger export"
    )
    export_formats: ClassVar[tuple[str, ...]] = ("ledger",)
    header_keys: ClassVar[tuple[HeaderKey, ...]] = KEYS

    def read_header(self, text: str) -> HeaderLines:
        return header.read_header(text, self)

    def movers(self) -> Sequence[str]:
        return header.movers()

    def header_from(self, lines: HeaderLines) -> Header:
        return header_from(lines)

    def moves_from(self, body: str, header: Header) -> list[LogMove]:
        return moves.moves_from(body, header.form)

    def setup(self, log: GameLog[Header, LogMove]) -> TerraMysticaState:
        return state.new_game(log.header, log.moves)

    def apply(self, state: TerraMysticaState, move: LogMove) -> list[Event]:
        return rules.apply(state, move)

    def is_finished(self, state: TerraMysticaState) -> bool:
        return rules.is_finished(state)

    def score(self, state: TerraMysticaState) -> ScoreSheet:
        return scoring.score_sheet(state)

    def running_scores(self, state: TerraMysticaState) -> Mapping[str, int]:
        return scoring.running_scores(state)

    def render_position(self, state: TerraMysticaState) -> str:
        return render.render_position(state)

    def export(self, result: Replay, fmt: str) -> str:
        return ledger.export(result.state, fmt)


GAME = TerraMystica()

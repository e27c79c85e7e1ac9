"""Seikatsu as a gamelog Game: its header keys, notation, rules, scoring and board view
wired to the core's interface."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from gamelog.core.game import Event, Game, GameLog, OptionGroup
from gamelog.core.header import HeaderKey, HeaderLines
from gamelog.core.scoring import ScoreSheet
from gamelog.games.seikatsu import legal, moves, render, rules, scoring, state
from gamelog.games.seikatsu.header import KEYS, Header, header_from
from gamelog.games.seikatsu.moves import Placement
from gamelog.games.seikatsu.state import SeikatsuState


class Seikatsu(Game[Header, SeikatsuState, Placement]):
    """Seikatsu (2-3 players): tiles around a koi pond, birds scored as played and
    flower rows scored at the end from each player's pagoda."""

    name: ClassVar[str] = "seikatsu"
    title: ClassVar[str] = "Seikatsu"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    notation_hint: ClassVar[str] = (
        "Ann: GK at C4  (bird R/G/N/B + flower P/K/O/B; Bob: koi as grey at E5)"
    )
    header_keys: ClassVar[tuple[HeaderKey, ...]] = KEYS

    def header_from(self, lines: HeaderLines) -> Header:
        return header_from(lines)

    def moves_from(self, body: str, header: Header) -> Sequence[Placement]:
        return moves.moves_from(body)

    def setup(self, log: GameLog[Header, Placement]) -> SeikatsuState:
        return state.new_game(log.header)

    def apply(self, state: SeikatsuState, move: Placement) -> list[Event]:
        return rules.play(state, move)

    def is_finished(self, state: SeikatsuState) -> bool:
        return rules.is_finished(state)

    def end_facts(self, state: SeikatsuState) -> list[str]:
        return rules.end_facts(state)

    def score(self, state: SeikatsuState) -> ScoreSheet:
        return scoring.score_sheet(state)

    def running_scores(self, state: SeikatsuState) -> Mapping[str, int]:
        return scoring.running_scores(state)

    def render_position(self, state: SeikatsuState) -> str:
        return render.render(state)

    def render_svg(self, state: SeikatsuState) -> str:
        return render.render_svg(state)

    def to_move(self, state: SeikatsuState) -> str | None:
        return legal.to_move(state)

    def legal_moves(self, state: SeikatsuState) -> list[OptionGroup]:
        return legal.legal_moves(state)

    def keywords(self) -> list[str]:
        return moves.GRAMMAR.keywords()

    def words(self, state: SeikatsuState) -> list[str]:
        return legal.words(state)


GAME = Seikatsu()

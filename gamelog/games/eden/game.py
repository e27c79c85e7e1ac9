"""Eden as a gamelog Game: its header keys, notation, rules, scoring and board view
wired to the core's interface."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from gamelog.core.game import Event, Game, GameLog
from gamelog.core.header import HeaderKey, HeaderLines
from gamelog.core.scoring import ScoreSheet
from gamelog.games.eden import moves, render, rules, scoring, state
from gamelog.games.eden.header import KEYS, Header, header_from
from gamelog.games.eden.moves import Turn
from gamelog.games.eden.state import EdenState


class Eden(Game[Header, EdenState, Turn]):
    """Eden (Kosmos, 2001): irrigate fields, cultivate shapes, conquer land; first to 20."""

    name: ClassVar[str] = "eden"
    title: ClassVar[str] = "Eden"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    notation_hint: ClassVar[str] = (
        "Ann: irrigate D4, attack E4 bid 10, Ben 15, Ann accepts; "
        "Ben: cultivate L4 C3 C4 C5 D5, draws C2"
    )
    header_keys: ClassVar[tuple[HeaderKey, ...]] = KEYS

    def header_from(self, lines: HeaderLines) -> Header:
        return header_from(lines)

    def moves_from(self, body: str, header: Header) -> Sequence[Turn]:
        return moves.moves_from(body, [seat.name for seat in header.seats])

    def setup(self, log: GameLog[Header, Turn]) -> EdenState:
        return state.new_state(log.header)

    def apply(self, state: EdenState, move: Turn) -> list[Event]:
        return rules.apply(state, move)

    def is_finished(self, state: EdenState) -> bool:
        return rules.is_finished(state)

    def end_facts(self, state: EdenState) -> list[str]:
        return rules.end_facts(state)

    def score(self, state: EdenState) -> ScoreSheet:
        return scoring.score_sheet(state)

    def running_scores(self, state: EdenState) -> Mapping[str, int]:
        return scoring.running_scores(state)

    def render_position(self, state: EdenState) -> str:
        return render.render(state)


GAME = Eden()

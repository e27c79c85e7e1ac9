"""Mystical Seeds as a gamelog Game: its header keys, notation, rules, scoring and
position view wired to the core's interface."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from gamelog.core.game import Event, Game, GameLog
from gamelog.core.header import HeaderKey, HeaderLines
from gamelog.core.scoring import Number, ScoreSheet
from gamelog.games.mystical_seeds import moves, render, rules, scoring, state
from gamelog.games.mystical_seeds.header import KEYS, Header, header_from
from gamelog.games.mystical_seeds.moves import Turn
from gamelog.games.mystical_seeds.state import GameState


class MysticalSeeds(Game[Header, GameState, Turn]):
    """Seeds collected and grafted in a Laboratory, plants cultivated for prestige."""

    name: ClassVar[str] = "mystical-seeds"
    title: ClassVar[str] = "Mystical Seeds"
    aliases: ClassVar[tuple[str, ...]] = ("mystical_seeds", "mysticalseeds")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    notation_hint: ClassVar[str] = "Ann: collect upgrade; upgrade 1 to orange; fairy to red"
    header_keys: ClassVar[tuple[HeaderKey, ...]] = KEYS

    def header_from(self, lines: HeaderLines) -> Header:
        return header_from(lines)

    def moves_from(self, body: str, header: Header) -> Sequence[Turn]:
        return moves.moves_from(body)

    def setup(self, log: GameLog[Header, Turn]) -> GameState:
        return state.setup_state(log.header)

    def apply(self, state: GameState, move: Turn) -> list[Event]:
        return rules.play(state, move)

    def is_finished(self, state: GameState) -> bool:
        return rules.is_finished(state)

    def end_facts(self, state: GameState) -> list[str]:
        return rules.end_facts(state)

    def score(self, state: GameState) -> ScoreSheet:
        return scoring.score_sheet(state)

    def running_scores(self, state: GameState) -> Mapping[str, Number]:
        return scoring.running_scores(state)

    def render_position(self, state: GameState) -> str:
        return render.render(state)


GAME = MysticalSeeds()

"""Mystic Vale as a gamelog Game: its header keys, notation, rules, scoring and position
view wired to the core's interface."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from gamelog.core.game import Event, Game, GameLog
from gamelog.core.header import HeaderKey, HeaderLines
from gamelog.core.scoring import ScoreSheet
from gamelog.games.mystic_vale import moves, render, rules, scoring, state
from gamelog.games.mystic_vale.header import KEYS, Header, header_from
from gamelog.games.mystic_vale.moves import Turn
from gamelog.games.mystic_vale.state import GameState


class MysticVale(Game[Header, GameState, Turn]):
    """Mystic Vale (2-4 players): sleeved cards, planting and spoil, harvest purchases,
    the game ending with the round in which the VP pool runs out."""

    name: ClassVar[str] = "mystic-vale"
    title: ClassVar[str] = "Mystic Vale"
    aliases: ClassVar[tuple[str, ...]] = ("mystic_vale", "mysticvale")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    notation_hint: ClassVar[str] = (
        "Ann: 4 11 13 17 18 pass; buy Grove Keeper top into 13; buy vale Sun Pool"
    )
    header_keys: ClassVar[tuple[HeaderKey, ...]] = KEYS

    def header_from(self, lines: HeaderLines) -> Header:
        return header_from(lines)

    def moves_from(self, body: str, header: Header) -> Sequence[Turn]:
        return moves.moves_from(body, header.player_names)

    def setup(self, log: GameLog[Header, Turn]) -> GameState:
        return state.new_game(log.header, log.path)

    def apply(self, state: GameState, move: Turn) -> list[Event]:
        return rules.play(state, move)

    def is_finished(self, state: GameState) -> bool:
        return rules.is_finished(state)

    def end_facts(self, state: GameState) -> list[str]:
        return rules.end_facts(state)

    def score(self, state: GameState) -> ScoreSheet:
        return scoring.score_sheet(state)

    def running_scores(self, state: GameState) -> Mapping[str, int]:
        return scoring.running_scores(state)

    def render_position(self, state: GameState) -> str:
        return render.render(state)


GAME = MysticVale()

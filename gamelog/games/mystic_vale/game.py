"""The Mystic Vale engine as the core sees it: parse, setup, apply, score, render."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamelog.core.errors import IllegalMove
from gamelog.core.game import Event, Game, GameLog, Move
from gamelog.core.scoring import Number, ScoreSheet

from .moves import Turn, parse_log
from .render import render
from .rules import apply_turn
from .scoring import score_sheet
from .setup import build_state
from .state import GameState


class MysticVale(Game):
    name = "mystic-vale"
    title = "Mystic Vale"
    aliases = ("mystic_vale", "mysticvale")
    min_players = 2
    max_players = 4
    notation_hint = "Ann: 4 11 13 17 18 pass; buy Grove Keeper top into 13; buy vale Sun Pool"

    def parse(self, text: str) -> GameLog:
        return parse_log(text)

    # The reshape to the one template replaces parse() with these two.
    def header_from(self, lines):  # type: ignore[no-untyped-def]
        raise NotImplementedError

    def moves_from(self, body, header):  # type: ignore[no-untyped-def]
        raise NotImplementedError

    def setup(self, log: GameLog) -> GameState:
        return build_state(log)

    def apply(self, state: Any, move: Move) -> list[Event]:
        if not isinstance(move, Turn):  # pragma: no cover - parse_log makes only turns
            raise IllegalMove("not a Mystic Vale turn", line=move.line)
        return apply_turn(state, move)

    def is_finished(self, state: Any) -> bool:
        return bool(state.finished)

    def score(self, state: Any) -> ScoreSheet:
        return score_sheet(state)

    def running_scores(self, state: Any) -> Mapping[str, Number]:
        return {p.name: p.vp_pool + p.vp_box for p in state.players}

    def render_position(self, state: Any) -> str:
        return render(state)


GAME = MysticVale()

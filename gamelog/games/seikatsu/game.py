"""Seikatsu as a gamelog Game: the notation, rules, scoring and board view wired to the
core's interface."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from gamelog.core.errors import NotationError
from gamelog.core.game import Event, Game, GameLog, Move
from gamelog.core.notation import parse
from gamelog.core.scoring import ScoreSheet
from gamelog.games.seikatsu import render, rules, scoring
from gamelog.games.seikatsu.moves import DESCRIBE, Header, Placement, read
from gamelog.games.seikatsu.rules import SeikatsuState


# A move line of this notation: "Ann: GK at C4", "Bob: koi as grey E5".
class Seikatsu(Game):
    """Seikatsu (2-3 players): tiles around a koi pond, birds scored as played and
    flower rows scored at the end from each player's pagoda."""

    name: ClassVar[str] = "seikatsu"
    title: ClassVar[str] = "Seikatsu"
    aliases: ClassVar[tuple[str, ...]] = ()
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    notation_hint: ClassVar[str] = (
        "Ann: GK at C4  (bird R/G/N/B + flower P/K/O/B; Bob: koi as grey at E5)"
    )

    def parse(self, text: str) -> GameLog:
        tree = parse("seikatsu", text, describe=DESCRIBE, positions=False)
        header, moves = read(tree, text)
        return GameLog(header=header, moves=moves, players=[p.name for p in header.players])

    def setup(self, log: GameLog) -> SeikatsuState:
        header = log.header
        if not isinstance(header, Header):  # pragma: no cover - parse always builds one
            raise NotationError("not a Seikatsu log", line=1)
        return rules.new_game(header)

    def apply(self, state: SeikatsuState, move: Move) -> list[Event]:
        assert isinstance(move, Placement)
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


GAME = Seikatsu()

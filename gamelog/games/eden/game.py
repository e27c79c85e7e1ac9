"""Eden as a gamelog Game: the notation, the rules engine, the score and the board view
wired together."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from gamelog.core import notation
from gamelog.core.game import Event, Game, GameLog, Move
from gamelog.core.scoring import Number, ScoreSheet
from gamelog.games.eden import rules
from gamelog.games.eden.moves import EdenHeader, EdenTransformer, PlayersEntry, TurnLine
from gamelog.games.eden.render import render_position
from gamelog.games.eden.scoring import score_sheet
from gamelog.games.eden.setup import MAX_PLAYERS, MIN_PLAYERS, new_state
from gamelog.games.eden.state import EdenState

_ACTION = "an action (irrigate, attack, cultivate, pass, sell, buy, draws, income)"

#: Friendly words for the grammar's terminals in "expected ..." messages.
DESCRIBE = {
    "FIELD": "a field A1-G7",
    "SHAPE": "a cultivation shape (I2 I3 L3 I4 O4 T4 S4 Z4 L4 J4)",
    "INT": "a number",
    "NAME": "a player's name",
    "CARD_SIDES": "1/2 or 3/4",
    "_SEP": "',' or ';'",
    "INCOME": _ACTION,
    "NO": _ACTION,
    "IRRIGATE": _ACTION,
    "ATTACK": _ACTION,
    "CULTIVATE": _ACTION,
    "PASS": _ACTION,
    "SELL": _ACTION,
    "BUY": _ACTION,
    "DRAW": _ACTION,
    "IRRIGATION": "'irrigation'",
    "CULTIVATION": "'cultivation'",
    "OF": "'of'",
    "WITH": "'with'",
    "AT": "'at'",
    "BID": "'bid'",
    "ACCEPTS": "'accepts'",
    "RAISING": "'raising'",
    "REST_OF_LINE": "text",
}


class Eden(Game):
    """Eden (Kosmos, 2001): irrigate fields, cultivate shapes, conquer land; first to 20."""

    name: ClassVar[str] = "eden"
    title: ClassVar[str] = "Eden"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    notation_hint: ClassVar[str] = (
        "Ann: irrigate D4, attack E4 bid 10, Ben 15, Ann accepts; "
        "Ben: cultivate L4 C3 C4 C5 D5, draws C2"
    )

    def parse(self, text: str) -> GameLog:
        tree = notation.parse("eden", text, describe=DESCRIBE)
        header, moves = notation.transform(EdenTransformer(text.split("\n")).transform, tree)
        players = next(
            ([p.name for p in e.players] for e in header.entries if isinstance(e, PlayersEntry)),
            [],
        )
        return GameLog(header=header, moves=moves, players=players)

    # The reshape to the one template replaces parse() with these two.
    def header_from(self, lines):  # type: ignore[no-untyped-def]
        raise NotImplementedError

    def moves_from(self, body, header):  # type: ignore[no-untyped-def]
        raise NotImplementedError

    def setup(self, log: GameLog) -> EdenState:
        header = log.header
        assert isinstance(header, EdenHeader)
        return new_state(header)

    def apply(self, state: Any, move: Move) -> list[Event]:
        assert isinstance(move, TurnLine)
        return rules.apply(state, move)

    def is_finished(self, state: Any) -> bool:
        return state.winner is not None

    def end_facts(self, state: Any) -> list[str]:
        return rules.end_facts(state)

    def score(self, state: Any) -> ScoreSheet:
        return score_sheet(state)

    def running_scores(self, state: Any) -> Mapping[str, Number]:
        return {name: state.board.points(name) for name in state.order}

    def render_position(self, state: Any) -> str:
        return render_position(state)


GAME = Eden()

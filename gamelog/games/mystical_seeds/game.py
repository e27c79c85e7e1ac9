"""Mystical Seeds as a gamelog ``Game``: notation, rules engine, scoring, view."""

from __future__ import annotations

from gamelog.core import notation
from gamelog.core.errors import IllegalMove
from gamelog.core.game import Event, Game, GameLog, Move
from gamelog.core.scoring import Number, ScoreSheet
from gamelog.games.mystical_seeds import rulebook as R
from gamelog.games.mystical_seeds.moves import DESCRIBE, Turn, build
from gamelog.games.mystical_seeds.render import render
from gamelog.games.mystical_seeds.rules import TurnRunner
from gamelog.games.mystical_seeds.scoring import number, score_sheet
from gamelog.games.mystical_seeds.state import GameState, setup_state


class MysticalSeeds(Game):
    """Seeds collected and grafted in a Laboratory, plants cultivated for prestige."""

    name = "mystical-seeds"
    title = "Mystical Seeds"
    aliases = ("mystical_seeds", "mysticalseeds")
    min_players = 2
    max_players = 4
    notation_hint = "Ann: collect upgrade; upgrade 1 to orange; fairy to red"

    def parse(self, text: str) -> GameLog:
        tree = notation.parse("mystical_seeds", text, describe=DESCRIBE)
        header, turns = build(tree, text)
        return GameLog(header, turns, list(header.players))

    # The reshape to the one template replaces parse() with these two.
    def header_from(self, lines):  # type: ignore[no-untyped-def]
        raise NotImplementedError

    def moves_from(self, body, header):  # type: ignore[no-untyped-def]
        raise NotImplementedError

    def setup(self, log: GameLog) -> GameState:
        return setup_state(log.header)

    def apply(self, state: GameState, move: Move) -> list[Event]:
        assert isinstance(move, Turn)
        if state.finished:
            raise IllegalMove(
                "the game is over; no turn may follow",
                rule=R.GAME_END,
                facts=list(state.end_reason),
                line=move.line,
                column=move.column,
            )
        player = state.players.get(str(move.player))
        if player is None:
            raise IllegalMove(
                f"{move.player} is not a player of this game",
                rule=R.PLAYERS,
                facts=[f"players: {', '.join(state.players)}"],
                line=move.line,
                column=move.column,
            )
        if player.name != state.current:
            why = (
                f"{state.current} has an extra turn to take"
                if state.extra_turn_next
                else f"turn order: {', '.join(state.order)}"
            )
            raise IllegalMove(
                f"it is {state.current}'s turn, not {player.name}'s",
                rule=R.TURN_ORDER,
                facts=[why, f"round {state.round}"],
                line=move.line,
                column=move.column,
            )
        return TurnRunner(state, player, move).run()

    def is_finished(self, state: GameState) -> bool:
        return state.finished

    def end_facts(self, state: GameState) -> list[str]:
        return list(state.end_reason)

    def score(self, state: GameState) -> ScoreSheet:
        return score_sheet(state)

    def running_scores(self, state: GameState) -> dict[str, Number]:
        return {name: number(p.prestige()) for name, p in state.players.items()}

    def render_position(self, state: GameState) -> str:
        return render(state)


GAME = MysticalSeeds()

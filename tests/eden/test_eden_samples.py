"""The shipped Eden samples, for what their ``# expect:`` lines cannot state (those are
checked for every sample by tests/test_samples.py): the notes of the score sheet,
the position kept before an illegal move, and that the winner of a finished game
comes from one place, the score sheet, wherever it is shown."""

from __future__ import annotations

import copy

from eden_helpers import GAME, SAMPLES, replay_sample

from gamelog.core.outcome import record
from gamelog.core.replay import replay
from gamelog.games import find, header_game_name
from gamelog.games.eden import rules, scoring
from gamelog.games.eden.board import Tile
from gamelog.games.eden.meta import looks_like


def test_the_registry_finds_eden_by_its_header_and_by_sniffing() -> None:
    assert GAME is not None and GAME.title == "Eden"
    assert find("EDEN") is GAME
    text = (SAMPLES / "three_players.log").read_text(encoding="utf-8")
    assert header_game_name(text) == ("eden", 16)
    assert looks_like(text.replace("game: eden", ""))
    assert not looks_like("game: seikatsu\nplayers: Ann, Bob\nAnn: place RP at A1\n")


# The line on which the winner reached 20, and each player's mana at the end (counted
# move by move; each sample's comments give the final position and mana).
NOTES = {
    "three_players.log": ("Ann", 52, {"Ann": 105, "Ben": 130, "Cleo": 140}),
    "four_players.log": ("Ben", 60, {"Ann": 160, "Ben": 45, "Cleo": 110, "Dan": 70}),
    "conquest_win.log": ("Ben", 31, {"Ann": 190, "Ben": 90}),
}


def test_the_sheet_notes_the_winning_line_and_the_mana() -> None:
    for name, (winner, line, mana) in NOTES.items():
        result = replay_sample(name)
        sheet = GAME.score(result.state)
        assert (
            sheet.notes[0] == f"{winner} reached 20 fertility points first (line {line}) and wins"
        )
        assert result.state.ended_at == line
        for player, amount in mana.items():
            assert sheet.figures["mana"][player] == amount, name
        assert "mana (worth nothing)" not in sheet.breakdown(winner), name


def test_the_winner_comes_from_the_score_sheet_everywhere() -> None:
    """Ben wins with a conquest on Ann's turn: the sheet's first place is the winner
    in the record, the end-of-game event, the facts of a move after the end and the
    board view."""
    result = replay(
        GAME, (SAMPLES / "conquest_win.log").read_text(encoding="utf-8"), keep_steps=True
    )
    state = result.state
    assert state.turn.player == "Ann" and state.board.points("Ben") == 20
    sheet = GAME.score(state)
    assert sheet.winners() == scoring.winners(state) == record(result)["winners"] == ["Ben"]
    assert result.steps[-1].events[-1].text == "Ben has 20 fertility points and wins"
    assert rules.end_facts(state)[0] == (
        "Ben reached 20 fertility points at line 31, during Ann's turn"
    )
    assert "game over: Ben won at line 31" in GAME.render_position(state)


def test_a_tie_at_the_top_is_shown_alike_everywhere() -> None:
    """No legal game ends in a tie (only the player who gains on a move can reach 20),
    so the tie is made by hand: Ann is given 20 too. Sheet, record, facts and view
    all name both winners, from the one ranking."""
    result = replay_sample("conquest_win.log")
    state = copy.deepcopy(result.state)
    for field in ("A4", "B4", "C4", "D4"):
        state.board.place(field, Tile("Ann", 2))
    result.state = state
    sheet = GAME.score(state)
    assert {s.player: s.rank for s in sheet.ranking()} == {"Ann": 1, "Ben": 1}
    assert sorted(record(result)["winners"]) == scoring.winners(state) == ["Ann", "Ben"]
    assert sheet.notes[0] == (
        "Ann and Ben reached 20 fertility points first (line 31) and share the win"
    )
    assert rules.end_facts(state)[0] == (
        "Ann and Ben reached 20 fertility points at line 31, during Ann's turn"
    )
    assert "game over: Ann and Ben won at line 31" in GAME.render_position(state)


def test_a_log_that_stops_early_is_scored_provisionally() -> None:
    text = (SAMPLES / "three_players.log").read_text(encoding="utf-8")
    cut = text[: text.index("# round 8")]
    result = replay(GAME, cut)
    assert result.error is None and not result.finished
    sheet = GAME.score(result.state)
    assert not sheet.finished and scoring.winners(result.state) == []
    assert {p: sheet.total(p) for p in sheet.players} == {"Ann": 17, "Ben": 15, "Cleo": 15}
    assert sheet.notes[0] == "provisional: nobody has 20 fertility points on the board yet"
    assert {s.player: s.rank for s in sheet.ranking()} == {"Ann": 1, "Ben": 2, "Cleo": 2}


def test_illegal_samples_keep_the_position_before_the_bad_move() -> None:
    result = replay_sample("illegal_occupied_field.log")
    assert result.moves_applied == 2
    assert result.state.board["C4"].owner == "Ann"

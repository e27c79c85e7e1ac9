"""The shipped Eden samples, for what their ``# expect:`` lines cannot state (those are
checked for every sample by tests/test_samples.py): the notes of the score sheet
and the position kept before an illegal move."""

from __future__ import annotations

from eden_helpers import GAME, SAMPLES, replay_sample

from gamelog.core.replay import replay
from gamelog.games import find, header_game_name
from gamelog.games.eden.sniff import looks_like


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
        assert result.state.won_at == line
        for player, amount in mana.items():
            assert sheet.row("mana (worth nothing)").notes[player] == f"{amount} mana", name


def test_the_conquest_win_comes_on_another_players_turn() -> None:
    result = replay_sample("conquest_win.log")
    assert result.state.turn.player == "Ann"
    assert result.state.winner == "Ben"
    assert result.state.board.points("Ben") == 20


def test_a_log_that_stops_early_is_scored_provisionally() -> None:
    text = (SAMPLES / "three_players.log").read_text(encoding="utf-8")
    cut = text[: text.index("# round 8")]
    result = replay(GAME, cut)
    assert result.error is None and not result.finished
    sheet = GAME.score(result.state)
    assert not sheet.finished
    assert {p: sheet.total(p) for p in sheet.players} == {"Ann": 17, "Ben": 15, "Cleo": 15}
    assert sheet.notes[0] == "provisional: nobody has 20 fertility points on the board yet"
    assert {s.player: s.rank for s in sheet.ranking()} == {"Ann": 1, "Ben": 2, "Cleo": 2}


def test_illegal_samples_keep_the_position_before_the_bad_move() -> None:
    result = replay_sample("illegal_occupied_field.log")
    assert result.moves_applied == 2
    assert result.state.board["C4"].owner == "Ann"

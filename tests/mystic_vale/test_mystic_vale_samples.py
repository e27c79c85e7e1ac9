"""The shipped Mystic Vale samples, for what their ``# expect:`` lines cannot state: the
registry and sniffing, the tie's notes, and the events of the end of a game and of a
reshuffle. (Totals, categories, winners, and every problem's place, message, rule and
facts are stated in the samples themselves and checked by tests/test_samples.py.)"""

from __future__ import annotations

from pathlib import Path

from gamelog.core.replay import Replay, replay
from gamelog.games import find, header_game_name
from gamelog.games.mystic_vale.meta import looks_like

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "mystic_vale"
GAME = find("mystic-vale")


def replay_sample(name: str) -> Replay:
    path = SAMPLES / name
    return replay(GAME, path.read_text(encoding="utf-8"), str(path))


def test_registry_finds_the_game_by_its_header_value() -> None:
    assert GAME is not None and GAME.title == "Mystic Vale"
    text = (SAMPLES / "two_players.log").read_text(encoding="utf-8")
    name, line = header_game_name(text)
    assert (name, line) == ("mystic-vale", 5)
    assert find(name) is GAME
    without_header = text.replace("game: mystic-vale", "")
    assert looks_like(without_header)
    assert not looks_like("game: seikatsu\nplayers: Ann, Bob\nAnn: place A1\n")
    assert find("MYSTIC_VALE") is GAME


def test_the_tie_sheet_says_there_is_no_tie_break() -> None:
    sheet = GAME.score(replay_sample("two_players_tie.log").state)
    assert sheet.tiebreaks == []
    assert any("no tie-break" in note and "share" in note for note in sheet.notes)


def test_pool_running_out_mid_round_finishes_the_round_from_the_box() -> None:
    result = replay(
        GAME,
        (SAMPLES / "three_players_mid_round.log").read_text(encoding="utf-8"),
        str(SAMPLES / "three_players_mid_round.log"),
        keep_steps=True,
    )
    assert result.finished
    texts = [event.text for step in result.steps for event in step.events]
    assert "The VP pool is empty: the round is played to its end (Cid has the last turn)" in texts
    assert texts[-1] == "The round is over and the VP pool is empty: game over"
    last_turn = result.steps[-1]
    assert last_turn.move.player == "Cid"
    assert any(e.text == "Cid takes 2 VP (harvest): 2 from the box" for e in last_turn.events)
    assert result.state.end_triggered_by == "Bob"


def test_reshuffle_happens_in_the_sample_games() -> None:
    result = replay(
        GAME,
        (SAMPLES / "two_players.log").read_text(encoding="utf-8"),
        str(SAMPLES / "two_players.log"),
        keep_steps=True,
    )
    reshuffles = [
        (step.move.line, event.text)
        for step in result.steps
        for event in step.events
        if "shuffled" in event.text
    ]
    assert reshuffles[0] == (
        19,
        "Ann's deck is empty: the discard pile (17 sleeves) is shuffled into a new deck",
    )
    assert {p.name: p.reshuffles for p in result.state.players} == {"Ann": 2, "Bob": 3}

"""The shipped Mystic Vale samples: exact final scores of complete games, and the line
and reason of every illegal one."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamelog.core.errors import IllegalMove, NotationError, SetupError
from gamelog.core.replay import Replay, replay
from gamelog.games import find, header_game_name
from gamelog.games.mystic_vale.sniff import looks_like

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


# --- complete games: the totals were counted by hand from the logs (see each file's
# closing comment), category by category.

COMPLETE_GAMES = {
    "two_players.log": {
        "Ann": {"VP tokens (pool)": 6, "VP tokens (box)": 0, "grey VP on cards": 3, "vale VP": 2},
        "Bob": {"VP tokens (pool)": 17, "VP tokens (box)": 0, "grey VP on cards": 6, "vale VP": 1},
    },
    "two_players_tie.log": {
        "Ann": {"VP tokens (pool)": 13, "VP tokens (box)": 0, "grey VP on cards": 8, "vale VP": 0},
        "Bob": {"VP tokens (pool)": 10, "VP tokens (box)": 3, "grey VP on cards": 2, "vale VP": 6},
    },
    "three_players_mid_round.log": {
        "Ann": {"VP tokens (pool)": 9, "VP tokens (box)": 0, "grey VP on cards": 5, "vale VP": 2},
        "Bob": {"VP tokens (pool)": 15, "VP tokens (box)": 0, "grey VP on cards": 0, "vale VP": 9},
        "Cid": {"VP tokens (pool)": 4, "VP tokens (box)": 2, "grey VP on cards": 4, "vale VP": 3},
    },
    "four_players.log": {
        "Ann": {"VP tokens (pool)": 12, "VP tokens (box)": 0, "grey VP on cards": 6, "vale VP": 7},
        "Bob": {"VP tokens (pool)": 7, "VP tokens (box)": 0, "grey VP on cards": 8, "vale VP": 0},
        "Cid": {"VP tokens (pool)": 5, "VP tokens (box)": 0, "grey VP on cards": 6, "vale VP": 0},
        "Dee": {"VP tokens (pool)": 9, "VP tokens (box)": 2, "grey VP on cards": 2, "vale VP": 8},
    },
}


@pytest.mark.parametrize("name", sorted(COMPLETE_GAMES))
def test_complete_game_scores_exactly(name: str) -> None:
    result = replay_sample(name)
    assert result.error is None, result.error
    assert result.finished
    sheet = GAME.score(result.state)
    assert sheet.finished
    for player, expected in COMPLETE_GAMES[name].items():
        breakdown = sheet.breakdown(player)
        assert {k: breakdown[k] for k in expected} == expected, player
        assert breakdown["end-game effects"] == 0
        assert sheet.total(player) == sum(expected.values())


def test_pool_tokens_add_up_to_the_pool_size() -> None:
    """Every token of the pool was taken exactly once; the rest came from the box."""
    pools = {"two_players.log": 23, "three_players_mid_round.log": 28, "four_players.log": 33}
    for name, size in pools.items():
        taken = sum(row["VP tokens (pool)"] for row in COMPLETE_GAMES[name].values())
        assert taken == size, name
        state = replay_sample(name).state
        assert state.vp_pool == 0


def test_two_player_winner_and_totals() -> None:
    sheet = GAME.score(replay_sample("two_players.log").state)
    assert [(s.player, s.total, s.rank) for s in sheet.ranking()] == [
        ("Bob", 24, 1),
        ("Ann", 11, 2),
    ]


def test_tied_players_share_first_place_and_the_sheet_says_why() -> None:
    sheet = GAME.score(replay_sample("two_players_tie.log").state)
    assert sheet.total("Ann") == sheet.total("Bob") == 21
    assert [s.rank for s in sheet.ranking()] == [1, 1]
    assert sorted(sheet.winners()) == ["Ann", "Bob"]
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


# --- illegal samples: line, column and the reason --------------------------------

ILLEGAL = {
    "illegal_sleeve_not_in_deck.log": (11, 14, "sleeve 5 is not in Bob's deck"),
    "illegal_pass_after_spoil.log": (
        9,
        14,
        "Bob cannot pass: the turn spoiled when sleeve 8 was turned up",
    ),
    "illegal_spoil_claimed.log": (7, 15, "Ann did not spoil: the decay showing stays below 4"),
    "illegal_third_advancement.log": (17, 3, "Bob has already bought 2 advancements this turn"),
    "illegal_slot_taken.log": (7, 27, "the top slot of sleeve 1 is already taken by Cursed Land"),
    "illegal_slot_taken_this_turn.log": (
        9,
        31,
        "the top slot of sleeve 15 is already taken by the advancement bought on line 9",
    ),
    "illegal_not_enough_mana.log": (7, 27, "not enough mana: Grove Keeper costs 5, Ann has 3 left"),
    "illegal_not_enough_spirits.log": (
        16,
        3,
        "not enough spirits for Whispering Pool: 2 green short, with 0 purple to stand in",
    ),
    "illegal_buy_after_spoil.log": (9, 3, "Bob spoiled this turn and cannot buy an advancement"),
    "illegal_token_inactive.log": (7, 27, "Ann's mana token is not active"),
    "illegal_new_vale_ability.log": (
        16,
        3,
        "Mossy Steps was bought this turn; its ability works from the next turn",
    ),
    "illegal_turn_order.log": (7, 1, "it is Bob's turn, not Ann's"),
    "illegal_move_after_end.log": (31, 1, "the game is already over; no move may follow"),
    "illegal_market_not_face_up.log": (9, 27, "Dew Sprite (top) is not face up in the market"),
    "illegal_market_refill_level.log": (
        11,
        3,
        "Grove Keeper cannot refill the market: no empty slot draws from the Level II deck",
    ),
    "illegal_market_not_refilled.log": (9, 27, "the market is not refilled at the end of the turn"),
}


def test_every_illegal_sample_is_tested() -> None:
    shipped = {p.name for p in SAMPLES.glob("illegal_*.log")}
    assert shipped == set(ILLEGAL)


@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_illegal_sample_reports_line_and_reason(name: str) -> None:
    line, column, message = ILLEGAL[name]
    result = replay_sample(name)
    assert isinstance(result.error, IllegalMove)
    assert (result.error.line, result.error.column, result.error.message) == (
        line,
        column,
        message,
    )
    assert result.error.rule
    assert result.error.path == str(SAMPLES / name)
    # the comment at the top of the sample names the same line
    assert f"line {line})" in (SAMPLES / name).read_text(encoding="utf-8")


def test_illegal_facts_show_the_evidence() -> None:
    sleeve = replay_sample("illegal_sleeve_not_in_deck.log").error
    assert sleeve is not None
    assert sleeve.facts == [
        "sleeve 5 is in the discard pile",
        "the deck holds 11 sleeves: 1, 2, 3, 7, 8, 9, 14, 17, 18, 19, 20",
    ]
    spoil = replay_sample("illegal_pass_after_spoil.log").error
    assert spoil is not None
    assert spoil.facts == ["field 4, 5, 6 and on deck 8 show 4 decay against 0 growth"]
    mana = replay_sample("illegal_not_enough_mana.log").error
    assert mana is not None
    assert mana.facts == ["the field 1, 10, 13, 2, 14 gives 3 mana in all"]
    refill = replay_sample("illegal_market_refill_level.log").error
    assert refill is not None
    assert "an empty Level I slot draws from the Level I deck" in refill.facts


def test_notation_error_sample() -> None:
    result = replay_sample("notation_error.log")
    assert isinstance(result.error, NotationError)
    assert (result.error.line, result.error.column) == (6, 21)
    assert result.error.message == ("unexpected 'pas'; expected ',', 'empty', 'pass' or 'spoil'")


def test_setup_error_sample() -> None:
    result = replay_sample("setup_error_five_players.log")
    assert isinstance(result.error, SetupError)
    assert result.error.line == 3
    assert result.error.message == "Mystic Vale is played by 2 to 4 players; the header names 5"

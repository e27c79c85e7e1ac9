"""The shipped Eden samples: exact final scores of the complete games (worked out by hand,
see the final position drawn in each file's comments), and the line, column and reason
of every illegal one."""

from __future__ import annotations

import pytest
from eden_helpers import GAME, SAMPLES, replay_sample

from gamelog.core.errors import IllegalMove, NotationError
from gamelog.core.replay import replay
from gamelog.games import find, header_game_name
from gamelog.games.eden import rulebook as rb
from gamelog.games.eden.sniff import looks_like

ROWS = ("1-point fields", "2-point fields", "3-point fields", "4-point fields")


def test_the_registry_finds_eden_by_its_header_and_by_sniffing() -> None:
    assert GAME is not None and GAME.title == "Eden"
    assert find("EDEN") is GAME
    text = (SAMPLES / "three_players.log").read_text(encoding="utf-8")
    assert header_game_name(text) == ("eden", 16)
    assert looks_like(text.replace("game: eden", ""))
    assert not looks_like("game: seikatsu\nplayers: Ann, Bob\nAnn: place RP at A1\n")


# Points per row (count x value) and mana, counted from the final positions.
COMPLETE = {
    "three_players.log": {
        "winner": "Ann",
        "won_at": 52,
        "rows": {
            "Ann": (2, 0, 18, 0),  # A4 B4 at 1; A1-A3 and B1-B3 at 3
            "Ben": (1, 14, 0, 0),  # G4 at 1; F1-F4, G1-G3 at 2
            "Cleo": (3, 12, 0, 0),  # C3 C4 E6 at 1; C5 C6 D6 C7 D7 E7 at 2
        },
        "mana": {"Ann": 105, "Ben": 130, "Cleo": 140},
        "ranks": {"Ann": 1, "Ben": 2, "Cleo": 2},
    },
    "four_players.log": {
        "winner": "Ben",
        "won_at": 60,
        "rows": {
            "Ann": (2, 12, 0, 0),  # C1 C3 at 1; A1-B3 at 2
            "Ben": (2, 0, 18, 0),  # C2 D2 at 1 (won from Ann); E1-G2 at 3
            "Cleo": (2, 12, 0, 0),  # B5 C6 at 1; A6 B6 A7 B7 C7 D7 at 2
            "Dan": (0, 12, 0, 0),  # E6-G7 at 2
        },
        "mana": {"Ann": 160, "Ben": 45, "Cleo": 110, "Dan": 70},
        "ranks": {"Ben": 1, "Ann": 2, "Cleo": 2, "Dan": 4},
    },
    "conquest_win.log": {
        "winner": "Ben",
        "won_at": 31,
        "rows": {
            "Ann": (0, 12, 0, 0),  # A1-B3 at 2
            "Ben": (4, 4, 12, 0),  # D1 E1 D2 E2 at 1; F3 G3 at 2; F1 G1 F2 G2 at 3
        },
        "mana": {"Ann": 190, "Ben": 90},
        "ranks": {"Ben": 1, "Ann": 2},
    },
}


@pytest.mark.parametrize("name", sorted(COMPLETE))
def test_complete_games_score_exactly(name: str) -> None:
    expected = COMPLETE[name]
    result = replay_sample(name)
    assert result.error is None, str(result.error)
    assert result.finished
    sheet = GAME.score(result.state)
    assert sheet.finished
    for player, rows in expected["rows"].items():
        breakdown = sheet.breakdown(player)
        assert tuple(breakdown[row] for row in ROWS) == rows, player
        assert sheet.total(player) == sum(rows)
        assert sheet.row("mana (worth nothing)").notes[player] == f"{expected['mana'][player]} mana"
        assert breakdown["mana (worth nothing)"] == 0
    assert sheet.winners() == [expected["winner"]]
    assert {s.player: s.rank for s in sheet.ranking()} == expected["ranks"]
    assert result.state.won_at == expected["won_at"]
    assert sheet.notes[0] == (
        f"{expected['winner']} reached 20 fertility points first "
        f"(line {expected['won_at']}) and wins"
    )


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


# Each illegal sample: where the engine stops, why, and under which rule.
ILLEGAL = {
    "illegal_occupied_field.log": (
        9,
        7,
        "C4 is already occupied by Ann's landscape card",
        rb.IRRIGATION,
    ),
    "illegal_wrong_shape.log": (
        12,
        6,
        "A1, B1, A2 and B2 do not form the shape of T4 (they form O4)",
        rb.SHAPE,
    ),
    "illegal_mirrored_shape.log": (
        16,
        6,
        "A1, A2, A3 and B1 form the mirror image of L4; "
        "a cultivation card may be turned but not flipped over",
        rb.SHAPE,
    ),
    "illegal_raise_not_lowest.log": (
        15,
        6,
        "A1 cannot be raised: only the fields of the lowest value (1) are, here B1",
        rb.LOWEST_ONLY,
    ),
    "illegal_foreign_field.log": (
        9,
        6,
        "B1 is Ben's; Ann may cultivate only their own landscape cards",
        rb.OWN_FIELDS,
    ),
    "illegal_underbid.log": (
        8,
        33,
        "Ben's opening bid of 5 is below the minimum of 10 mana per fertility point",
        rb.MINIMUM_BID_RULE,
    ),
    "illegal_small_raise.log": (
        8,
        37,
        "Ann's bid of 12 raises Ben's 10 by only 2; a raise must be at least 5 more",
        rb.MINIMUM_RAISE_RULE,
    ),
    "illegal_unpayable_bid.log": (
        8,
        50,
        "Ben cannot pay a bid of 55: 55 x 2 points = 110 mana, but Ben has 100",
        rb.PAYABLE_BID,
    ),
    "illegal_sixth_card.log": (
        9,
        6,
        "Ben holds 5 cards and may not draw another",
        rb.DRAWING,
    ),
    "illegal_after_end.log": (
        21,
        1,
        "the game is already over; no move may follow",
        None,  # the replay driver's own wording; the facts below are Eden's
    ),
}


@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_illegal_samples_stop_at_the_broken_rule(name: str) -> None:
    line, column, message, rule = ILLEGAL[name]
    result = replay_sample(name)
    error = result.error
    assert isinstance(error, IllegalMove)
    assert (error.line, error.column) == (line, column)
    assert error.message == message
    if rule is not None:
        assert error.rule == rule
    assert error.path == str(SAMPLES / name)
    # each file says in its first comment where it breaks
    first = (SAMPLES / name).read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith(f"# ILLEGAL at line {line}:")


def test_a_move_after_the_end_says_who_won_and_when() -> None:
    error = replay_sample("illegal_after_end.log").error
    assert error.facts == [
        "Ben reached 20 fertility points at line 20, during Ann's turn",
        rb.GAME_END,
    ]


def test_illegal_samples_keep_the_position_before_the_bad_move() -> None:
    result = replay_sample("illegal_occupied_field.log")
    assert result.moves_applied == 2
    assert result.state.board["C4"].owner == "Ann"


def test_occupied_field_names_where_the_card_was_played() -> None:
    error = replay_sample("illegal_occupied_field.log").error
    assert error.facts == ["C4 (Ann's 1)", "irrigation card C4 was played at line 6"]


def test_the_notation_error_sample() -> None:
    error = replay_sample("notation_error.log").error
    assert isinstance(error, NotationError)
    assert (error.line, error.column) == (8, 16)
    assert error.message == "unexpected 'D8'; expected a field A1-G7"


def test_every_sample_is_covered() -> None:
    covered = set(COMPLETE) | set(ILLEGAL) | {"notation_error.log"}
    assert {p.name for p in SAMPLES.glob("*.log")} == covered

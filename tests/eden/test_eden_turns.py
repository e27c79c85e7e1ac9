"""A move is a turn: the lines of one player put together, counted once in the record and
in ``replay --to N``; a conquest between two irrigation cards (the cheat-sheet's
example); the provisional score after a problem, which is the position of the log
cut before the bad line; and the mana in the JSON record."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from eden_helpers import GAME, SAMPLES, THREE, illegal, legal, run

from gamelog.cli import main
from gamelog.core import notation
from gamelog.core.audit import audit_file
from gamelog.core.outcome import record
from gamelog.core.replay import replay
from gamelog.games.eden import rulebook as rb
from gamelog.games.eden.moves import Turn

TWO = "game: eden\nplayers: Ann (red), Ben (blue)\n"

# --- a move is a turn -------------------------------------------------------------------


def test_the_lines_of_one_player_are_one_move() -> None:
    """Lines 3-4 are Ann's (``ann`` is Ann), 5 is Ben's, 6-7 Cleo's: three turns (Cleo
    plays two of her 6 cards, so she may draw)."""
    text = (
        THREE + "Ann: irrigate A1\nann: irrigate A2\nBen: pass\nCleo: irrigate D7 E7\nCleo: draws\n"
    )
    moves = list(GAME.parse(text).moves)
    assert all(isinstance(move, Turn) for move in moves)
    assert [(m.line, m.player, [line.line for line in m.lines]) for m in moves] == [
        (3, "Ann", [3, 4]),
        (5, "Ben", [5]),
        (6, "Cleo", [6, 7]),
    ]
    assert moves[0].source == "Ann: irrigate A1 / ann: irrigate A2"
    result = legal(text, header="")
    assert result.moves_applied == 3
    assert record(result)["moves"] == 3


def test_replay_to_n_stops_after_n_turns() -> None:
    """Stopping after 1 move is the position after all of Ann's two-line turn."""
    text = THREE + "Ann: irrigate A1\nAnn: irrigate A2\nBen: irrigate G1\n"
    stopped = replay(GAME, text, stop_after=1)
    assert stopped.moves_applied == 1
    assert stopped.state.board.points("Ann") == 2
    assert stopped.state.board["G1"] is None


def test_a_misspelt_name_does_not_join_the_turn_above() -> None:
    error = illegal("Ann: irrigate A1\nAnne: irrigate A2\n")
    assert (error.line, error.column) == (4, 1)
    assert error.message == (
        "Anne is not a player of this game (did you mean 'Ann'?); it is Ben's turn"
    )


def test_a_second_line_after_the_end_is_refused_as_a_move_after_the_end() -> None:
    """conquest_win.log ends on line 31, in Ann's turn; an ``Ann:`` line after it belongs
    to the same turn, and is refused as the replay refuses any move after the end."""
    text = (SAMPLES / "conquest_win.log").read_text(encoding="utf-8")
    lines = text.split("\n")
    lines.insert(31, "Ann: draws")
    result = run("\n".join(lines), header="")
    error = result.error
    assert error is not None and (error.line, error.column) == (32, 1)
    assert error.message == "the game is already over; no move may follow"
    assert error.rule == rb.NO_MOVE_AFTER_THE_END
    assert error.facts[0] == "Ben reached 20 fertility points at line 31, during Ann's turn"
    # The result stands: Ben won; the turns before Ann's last are 14, and hers has a bad line.
    assert result.finished and record(result)["winners"] == ["Ben"]
    assert result.moves_applied == 14


def test_a_turn_across_the_edge_of_a_chunk_is_one_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Long logs are parsed a few lines at a time; a turn whose lines fall in two chunks
    is still one turn, and a bad line in the second chunk, inside a turn, keeps the
    turn's lines above it (the log cut before the bad line)."""
    text = TWO + "Ann: irrigate A1\nAnn: irrigate A2\nBen: irrigate G1\nBen: irrigate G8\n"
    whole = record(replay(GAME, text))
    cut = record(replay(GAME, text.replace("Ben: irrigate G8\n", "")))
    monkeypatch.setattr(notation, "CHUNK_LINES", 3)
    chunked = record(replay(GAME, text))
    assert whole == chunked
    assert whole["error"]["line"] == 6 and whole["status"] == "notation-error"
    # Ann's turn (lines 3-4) and Ben's first line: Ben's G1 counts, and two moves.
    assert [(p["name"], p["total"]) for p in whole["players"]] == [("Ann", 2), ("Ben", 1)]
    assert whole["moves"] == cut["moves"] == 2
    assert whole["players"] == cut["players"]


# --- a conquest after the first of two irrigation cards ------------------------------------

BETWEEN = "Ann: irrigate C3, attack D3 with C3 bid 10, Ben accepts, irrigate C4"


def test_the_cheat_sheet_shows_a_conquest_between_two_irrigation_cards() -> None:
    assert BETWEEN in GAME.cheat_sheet().splitlines()
    # Ben's D3 (1 point) is attacked with Ann's new C3 (1 point): 10 x 1 to Ben, and D3
    # is Ann's; then her second card waters C4. Ann: A1, C3, D3, C4 = 4 points.
    result = legal("Ann: irrigate A1\nBen: irrigate D3\n" + BETWEEN + "\n", header=TWO)
    state = result.state
    assert [state.board[f].owner for f in ("C3", "D3", "C4")] == ["Ann"] * 3
    assert state.board.points("Ann") == 4 and state.board.points("Ben") == 0
    assert (state.players["Ann"].mana, state.players["Ben"].mana) == (90, 110)


def test_the_second_irrigation_card_may_attack_too() -> None:
    """C4 then attacks Ben's D4 (1 point) with C4: Ann opens at 10, Ben raises to 15 and
    Ann accepts: Ben pays 15 x 1 and takes C4. Ann: A1, C3, D3 = 3; Ben: D4, C4 = 2."""
    result = legal(
        "Ann: irrigate A1\nBen: irrigate D3 D4\n"
        + BETWEEN
        + ", attack D4 with C4 bid 10, Ben 15, Ann accepts\n",
        header=TWO,
    )
    state = result.state
    assert state.board["C4"].owner == "Ben"
    assert (state.board.points("Ann"), state.board.points("Ben")) == (3, 2)
    # Ann: 100 - 10 + 15; Ben: 100 + 10 - 15.
    assert (state.players["Ann"].mana, state.players["Ben"].mana) == (105, 95)


# --- the provisional score after a problem ---------------------------------------------------

PROBLEM_SAMPLES = sorted(
    path.name
    for path in SAMPLES.glob("*.log")
    if audit_file(str(path))["status"] in ("illegal", "notation-error")
)


def _standing(rec: dict) -> dict:
    """What a provisional score shows: each player's total, rank, breakdown and notes
    (the mana), whether the game is over, and who won."""
    return {
        "players": rec["players"],
        "finished": rec["finished"],
        "winners": rec["winners"],
        "notes": rec["notes"],
    }


@pytest.mark.parametrize("name", PROBLEM_SAMPLES)
def test_the_provisional_score_is_the_log_cut_before_the_bad_line(name: str) -> None:
    path = SAMPLES / name
    text = path.read_text(encoding="utf-8")
    whole = replay(GAME, text, str(path))
    assert whole.error is not None and whole.error.line is not None
    cut_text = "\n".join(text.split("\n")[: whole.error.line - 1]) + "\n"
    cut = replay(GAME, cut_text, str(path))
    assert cut.error is None, str(cut.error)
    assert _standing(record(whole)) == _standing(record(cut))
    assert GAME.render_position(whole.state) == GAME.render_position(cut.state)


def test_the_problem_samples_are_all_tried() -> None:
    assert len(PROBLEM_SAMPLES) >= 12  # 11 illegal samples and notation_error.log at least


@pytest.mark.parametrize(
    "moves",
    [
        # the second line of a turn at fault, after a legal first one
        "Ann: irrigate A1 A2\nBen: irrigate G1\nBen: irrigate G1\n",
        # an income declared late, with a wrong amount, on the turn's second line
        "Ann: irrigate A1 A2\nBen: pass\nCleo: pass\nAnn: cultivate I2 A1 A2\nBen: pass\n"
        "Cleo: pass\nAnn: irrigate C1\nAnn: income 15\n",
        # a conquest half settled: the raise is illegal after a legal irrigation
        "Ann: irrigate C3\nBen: sell I2\nBen: irrigate C4, attack C3 bid 10, Ann 12, Ben accepts\n",
    ],
)
def test_a_turn_with_a_bad_later_line_scores_its_legal_lines(moves: str) -> None:
    whole = run(moves)
    assert whole.error is not None and whole.error.kind == "illegal"
    cut = run("\n".join(moves.split("\n")[: whole.error.line - 3]) + "\n")
    assert cut.error is None, str(cut.error)
    assert _standing(record(whole)) == _standing(record(cut))
    assert GAME.render_position(whole.state) == GAME.render_position(cut.state)


# --- the mana in the JSON record ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "mana"),
    [
        ("conquest_win.log", {"Ann": 190, "Ben": 90}),
        # 100 - 20 - 10 + 10 + 10 for Ann; 100 + 10 - 20 for Ben (the sample's comments)
        ("late_income.log", {"Ann": 90, "Ben": 90}),
    ],
)
def test_the_score_json_gives_each_players_mana(name: str, mana: dict[str, int]) -> None:
    """Mana is worth nothing, so it is no points: the JSON record carries it as a figure
    of each player (a number beside the points, never part of the total), and the text
    score prints it on a line of its own."""
    out = CliRunner().invoke(main, ["score", str(SAMPLES / name), "--format", "json"])
    assert out.exit_code in (0, 1), out.output
    players = {p["name"]: p for p in json.loads(out.output)["players"]}
    assert set(players) == set(mana)
    for player, amount in mana.items():
        assert players[player]["figures"] == {"mana": amount}
        assert players[player]["total"] == sum(players[player]["breakdown"].values())
        assert not any("mana" in category for category in players[player]["breakdown"])
    text = CliRunner().invoke(main, ["score", str(SAMPLES / name)]).output
    (line,) = [line for line in text.splitlines() if line.startswith("mana (not points): ")]
    assert sorted(line.removeprefix("mana (not points): ").split(", ")) == sorted(
        f"{player} {amount}" for player, amount in mana.items()
    )

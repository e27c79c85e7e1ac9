"""The referee's tools: the position at any line, what was legal, what if, where each
point came from; and the header of a new log."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from gamelog.cli import main

ROOT = Path(__file__).resolve().parent.parent
SEIKATSU = ROOT / "samples" / "seikatsu"
COMPLETE = str(SEIKATSU / "complete-2p.log")
OCCUPIED = str(SEIKATSU / "illegal-occupied.log")


def run(*args: str):
    return CliRunner().invoke(main, list(args))


# --- a new log -----------------------------------------------------------------------


def test_new_writes_every_key_explained_with_the_players_seated(tmp_path: Path) -> None:
    target = tmp_path / "tonight.log"
    assert run("new", "seikatsu", "--players", "Ann, Bob, Cid", "-o", str(target)).exit_code == 0
    text = target.read_text()
    assert "players: Ann (pink), Bob (blue), Cid (green)" in text
    for key in ("mode", "seating", "setup"):
        assert f"# {key}:" in text
    assert "\nsetup:\n" in text  # required: left to fill in
    assert "\n# mode: standard\n" in text  # optional: shown, commented out
    assert text.startswith("# Seikatsu: a new log")
    assert run("new", "seikatsu", "--players", "Ann, Bob", "-o", str(target)).exit_code == 2


def test_new_refuses_a_wrong_number_of_players_or_an_unknown_game() -> None:
    result = run("new", "seikatsu", "--players", "Ann")
    assert result.exit_code == 2
    assert "Seikatsu is played by 2 to 3 players; --players names 1" in result.stderr
    assert run("new", "chess", "--players", "Ann, Bob").exit_code == 2
    assert run("new", "eden", "--players", "Ann, ann").exit_code == 2


# --- the position at any line ----------------------------------------------------------


def test_replay_line_shows_the_position_just_before_that_line() -> None:
    """Line 12 of complete-2p.log is Cid's BO at F4: before it, 2 setup tiles and the
    five moves of lines 7-11 stand in the garden."""
    out = run("replay", COMPLETE, "--line", "12").stdout
    assert "7/36 spaces filled" in out
    assert "line  11: Jun: BP at D5" in out and "line  12:" not in out  # by file line


def test_a_line_or_move_past_the_end_is_a_usage_error() -> None:
    assert run("replay", COMPLETE, "--to", "35").exit_code == 2
    assert run("replay", COMPLETE, "--line", "999").exit_code == 2
    assert run("moves", COMPLETE, "--line", "999").exit_code == 2
    assert run("replay", COMPLETE, "--to", "34").exit_code == 0


def test_check_show_draws_the_position_before_the_failing_line() -> None:
    result = run("check", "--show", OCCUPIED)
    assert result.exit_code == 1
    assert "the position before line 12:" in result.stderr
    assert "7/36 spaces filled" in result.stderr


# --- what was legal ----------------------------------------------------------------------


def test_moves_lists_the_player_to_move_and_their_options() -> None:
    rec = json.loads(run("moves", COMPLETE, "--line", "12", "--format", "json").stdout)
    assert rec["to_move"] == "Cid"
    lines = [move["line"] for group in rec["groups"] for move in group["moves"]]
    assert "Cid: BO at F4" in lines  # what Cid played there
    assert all(line.startswith("Cid: ") for line in lines)
    text = run("moves", COMPLETE, "--line", "12").stdout
    assert "Cid to move" in text and "place a garden tile" in text


def test_a_line_inside_a_turn_of_several_lines_is_the_turn_so_far() -> None:
    """Eden's four_players.log: line 43 is Ann's turn (income, irrigation, conquest) and
    line 44 her draw, the same turn. Just before line 44 she has not drawn: her turn is
    still open, the draw is listed, and the board has her conquest of line 43."""
    eden = str(ROOT / "samples" / "eden" / "four_players.log")
    rec = json.loads(run("moves", eden, "--line", "44", "--format", "json").stdout)
    lines = [move["line"] for group in rec["groups"] for move in group["moves"]]
    assert rec["to_move"] == "Ann" and "Ann: draws" in lines
    assert not any(line.startswith("Ann: income") for line in lines)  # declared on 43
    before = json.loads(run("moves", eden, "--line", "43", "--format", "json").stdout)
    assert "Ann: income 20" in [m["line"] for g in before["groups"] for m in g["moves"]]
    steps = json.loads(run("replay", eden, "--line", "44", "--format", "json").stdout)["steps"]
    assert steps[-1]["line"] == 43


def test_an_illegal_move_ends_with_the_nearest_legal_lines() -> None:
    result = run("check", OCCUPIED)
    assert "fact: legal instead: Cid: BP at " in result.stderr


def test_an_action_refused_inside_a_line_gets_the_legal_actions_at_that_point() -> None:
    """Line 11 of Eden's illegal_late_income.log is `Ann: cultivate I2 A1 A2, income 20`; the
    income (column 26) is refused after the cultivation was done, so the nearest legal
    line is the income she could declare there, not a first action of her turn."""
    result = run("check", str(ROOT / "samples" / "eden" / "illegal_late_income.log"))
    assert "11:26: illegal move" in result.stderr
    assert "fact: legal instead: Ann: income 10\n" in result.stderr  # one line each


# --- what if -----------------------------------------------------------------------------


def test_what_if_a_line_were_written_otherwise() -> None:
    """Line 8 is Cid's koi as grey at C5, 2 points (grey C4); as red there it matches
    no bird: Cid loses those 2 bird points, and the flower rows stay as they are."""
    result = run("check", COMPLETE, "--replace", "8", "Cid: koi as red at C5")
    assert result.exit_code == 0
    assert "as written: finished, 34 moves: Cid 55, Jun 54; winner: Cid" in result.stdout
    assert "changed:    finished, 34 moves: Jun 54, Cid 53; winner: Jun" in result.stdout
    assert "difference: Cid -2, Jun +0" in result.stdout


def test_what_if_a_line_were_not_there() -> None:
    """Without line 40 (Cid's last move) the game stops one tile short of the end."""
    result = run("check", COMPLETE, "--delete", "40")
    assert "changed:    unfinished, 33 moves" in result.stdout
    assert run("check", COMPLETE, COMPLETE, "--delete", "40").exit_code == 2


# --- where the points came from --------------------------------------------------------


def test_explain_lists_the_moves_behind_each_cell() -> None:
    """Cid's birds (working in complete-2p.log): koi as grey C5 +2, koi C2 +3, F2 +2."""
    out = run("explain", COMPLETE, "--player", "cid", "--category", "birds").stdout
    assert "birds: 7" in out
    assert "line 8: Cid: koi as grey at C5  +2" in out
    assert "line 32: Cid: koi at C2  +3" in out
    assert "line 36: Cid: RK at F2  +2" in out
    assert "Jun" not in out.split("\n", 1)[1]


def test_explain_of_an_unknown_player_is_a_usage_error_with_a_suggestion() -> None:
    result = run("explain", COMPLETE, "--player", "Cyd")
    assert result.exit_code == 2
    assert "did you mean 'Cid'?" in result.stderr


def test_score_json_carries_the_trail_of_each_cell() -> None:
    rec = json.loads(run("score", COMPLETE, "--format", "json").stdout)
    cid = next(p for p in rec["players"] if p["name"] == "Cid")
    assert [s["points"] for s in cid["trail"]["birds"]] == [2, 3, 2]
    assert {s["line"] for s in cid["trail"]["row A"]} == {18, 23, 37}

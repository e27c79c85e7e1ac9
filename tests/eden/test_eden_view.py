"""What a user sees: the position drawn as text, the event texts of a replay, the
cheat-sheet, and the commands run on Eden samples."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner
from eden_helpers import GAME, SAMPLES, legal

from gamelog.cli import main
from gamelog.core.replay import replay


def test_the_position_is_drawn_with_rows_top_to_bottom() -> None:
    state = legal(
        """
        Ann: irrigate A1 B1
        Ben: irrigate G7, sell L4
        Cleo: irrigate D4, sell I2, draws irrigation C5
        Ann: cultivate I2 A1 B1
        """
    ).state
    assert GAME.render_position(state) == "\n".join(
        [
            "     A  B  C  D  E  F  G",
            "  1 R2 R2  .  .  .  .  .",
            "  2  .  .  .  .  .  .  .",
            "  3  .  .  .  .  .  .  .",
            "  4  .  .  . Y1  .  .  .",
            "  5  .  .  .  .  .  .  .",
            "  6  .  .  .  .  .  .  .",
            "  7  .  .  .  .  .  . B1",
            "",
            "Ann (red, R): 4 points, 80 mana, hand 4 (4 unknown cards), "
            "landscape cards left: 10 x 1/2, 12 x 3/4",
            "Ben (blue, B): 1 point, 140 mana, hand 5 (5 unknown cards), "
            "landscape cards left: 11 x 1/2, 12 x 3/4",
            "Cleo (yellow, Y): 1 point, 120 mana, hand 5 (C5 and 4 unknown cards), "
            "landscape cards left: 11 x 1/2, 12 x 3/4",
            "bank, face up: I2 and L4",
            "draw pile: 45 cards",
            "turn 4: Ann (from line 6)",
        ]
    )


def test_replay_events_say_what_each_move_did() -> None:
    text = (SAMPLES / "three_players.log").read_text(encoding="utf-8")
    steps = replay(GAME, text, keep_steps=True).steps
    by_line = {step.move.line: [event.text for event in step.events] for step in steps}
    assert by_line[47] == [
        "Cleo ends the turn drawing a card (1 in hand)",
        "Ann receives 40 mana (8 red points)",
        "Ann irrigates A4 (+1, 14 points)",
        "Ann irrigates B4 (+1, 15 points)",
        "Ann attacks Cleo's B3 (2 points) with B4 (1 point): bids Ann 15; Cleo accepts",
        "Ann pays Cleo 30 mana (15 x 2) and takes B3 (+2, 17 points)",
        "Cleo loses B3 (-2, 13 points)",
    ]
    assert by_line[39] == [
        "Ben ends the turn drawing a card (3 in hand)",
        "Cleo receives 20 mana (4 red points)",
        "Cleo sells I3 to the bank for 30 mana",
        "Cleo irrigates C5 (+1, 11 points)",
        "Cleo irrigates C4 (+1, 12 points)",
    ]
    assert by_line[52][-2:] == [
        "Ann cultivates I3 on B1, B2 and B3: B1, B2 and B3 2->3 for 30 mana (+3, 20 points)",
        "Ann has 20 fertility points and wins",
    ]
    conquest = [e for e in steps[-1].events if e.player == "Ann"]
    assert [e.points for e in conquest] == [0, 3, 0]


def test_running_scores_are_the_fertility_points() -> None:
    state = replay(GAME, (SAMPLES / "four_players.log").read_text(encoding="utf-8")).state
    assert GAME.running_scores(state) == {"Ann": 14, "Ben": 20, "Cleo": 14, "Dan": 12}


def test_the_cheat_sheet_example_is_a_legal_log() -> None:
    sheet = GAME.cheat_sheet()
    example = re.search(r"## Example\n\n```\n(.*?)```", sheet, re.S)
    assert example is not None
    result = replay(GAME, example.group(1))
    assert result.error is None, str(result.error)
    assert result.state.board["B3"].owner == "Cleo"
    assert result.state.players["Ann"].mana == 100 + 20 + 20  # Cleo's 20 x 1, the sold I2


def test_notation_command_prints_the_cheat_sheet() -> None:
    out = CliRunner().invoke(main, ["notation", "eden", "--format", "markdown"])
    assert out.exit_code == 0
    assert out.output.startswith("# Eden notation")
    assert "attack TARGETS [of PLAYER] [with ATTACKERS]" in out.output


def test_score_json_of_a_complete_game() -> None:
    out = CliRunner().invoke(main, ["score", str(SAMPLES / "conquest_win.log"), "--format", "json"])
    assert out.exit_code == 0, out.output
    record = json.loads(out.output)
    assert record["game"] == "eden" or record["game"] == "Eden"
    assert record["finished"] is True and record["winners"] == ["Ben"]
    assert [(p["name"], p["total"], p["rank"]) for p in record["players"]] == [
        ("Ben", 20, 1),
        ("Ann", 12, 2),
    ]
    assert record["players"][0]["breakdown"]["3-point fields"] == 12


def test_check_reports_the_illegal_move_and_exits_1() -> None:
    path = str(SAMPLES / "illegal_small_raise.log")
    out = CliRunner().invoke(main, ["check", path])
    assert out.exit_code == 1
    assert f"{path}:8:37: illegal move: Ann's bid of 12 raises Ben's 10 by only 2" in out.output


def test_replay_to_a_move_draws_the_position() -> None:
    out = CliRunner().invoke(main, ["replay", str(SAMPLES / "conquest_win.log"), "--to", "3"])
    assert out.exit_code == 0, out.output
    assert "  1 R1 R1  .  .  . B1 B1" in out.output
    assert "turn 3: Ann (from line 17)" in out.output

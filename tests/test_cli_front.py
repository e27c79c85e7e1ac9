"""The command line's second pass (issue 25): options after the command, one voice,
tables fitted to the terminal, the pager, folders for `check` and its JSON, and the
small conventions each command follows."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from gamelog.cli import main
from gamelog.core.width import cells, fit_table, wrap

ROOT = Path(__file__).resolve().parents[1]
SEIKATSU = ROOT / "samples" / "seikatsu"
COMPLETE = str(SEIKATSU / "complete-2p.log")
POND = str(SEIKATSU / "illegal-pond.log")


def run(*args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(main, list(args), env=env)


def on_terminal(*args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    """``gamelog ARGS`` with standard output on a pseudo-terminal: its exit status and
    what the terminal showed (standard error goes there too)."""
    leader, follower = pty.openpty()
    full = {**os.environ, "LINES": "20", "COLUMNS": "80", **(env or {})}
    process = subprocess.Popen(
        [sys.executable, "-m", "gamelog", *args],
        stdin=subprocess.DEVNULL,
        stdout=follower,
        stderr=follower,
        env=full,
        cwd=ROOT,
    )
    os.close(follower)
    shown = b""
    while True:
        ready, _, _ = select.select([leader], [], [], 30)
        if not ready:
            break
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    os.close(leader)
    return process.wait(timeout=30), shown.decode("utf-8", "replace").replace("\r\n", "\n")


# --- options after the command ------------------------------------------------------


def test_color_is_taken_after_the_command_as_before_it() -> None:
    after = run("check", POND, "--color", "always")
    before = run("--color", "always", "check", POND)
    assert after.exit_code == before.exit_code == 1
    assert "\x1b[" in after.stderr and after.stderr == before.stderr
    # given after, it wins over the one before
    assert "\x1b[" not in run("--color", "always", "check", POND, "--color", "never").stderr


@pytest.mark.parametrize(
    "command",
    ["check", "score", "replay", "explain", "moves", "audit", "standings", "ratings", "report"],
)
def test_every_command_takes_the_shared_options(command: str) -> None:
    shown = run(command, "--help").stdout
    for option in ("--color", "--wide", "--no-pager"):
        assert option in shown, (command, option)


# --- one voice ----------------------------------------------------------------------


def test_clicks_own_errors_speak_as_gamelog_does() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gamelog", "check", "--frobnicate", COMPLETE],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 2
    assert "gamelog: error: no such option '--frobnicate'" in done.stderr
    assert "Error:" not in done.stderr
    assert done.stderr.startswith("Usage: gamelog check")


def test_counts_are_in_the_right_number(tmp_path: Path) -> None:
    lines = Path(COMPLETE).read_text().splitlines()
    one = tmp_path / "one.log"
    one.write_text("\n".join(lines[:7]) + "\n")  # the header and the first move
    shown = run("check", str(one)).stdout
    assert shown == f"{one}: ok (1 move; the log ends before the game does)\n"
    assert run("check", COMPLETE).stdout == f"{COMPLETE}: ok (34 moves)\n"


def test_a_name_nothing_like_a_key_gets_no_key_suggested(tmp_path: Path) -> None:
    log = tmp_path / "cid.log"
    log.write_text("game: seikatsu\nCid: BP at C3\n")
    shown = run("check", str(log)).stderr
    assert "unknown header key 'Cid' (nothing like a key of Seikatsu)" in shown
    assert "nearest" not in shown and "did you mean" not in shown
    assert "if Cid is a player, the players line comes first" in shown


def test_the_caret_stands_under_the_culprit_after_wide_characters(tmp_path: Path) -> None:
    log = tmp_path / "wide.log"
    log.write_text(
        "game: seikatsu\nplayers: 日本 (pink), Bob (blue)\nsetup: GK at D3, RB at E4\n"
        "日本: BP at D4\n",
        encoding="utf-8",
    )
    lines = run("check", str(log)).stderr.splitlines()
    assert lines[0].startswith(f"{log}:4:8: illegal move: D4 is the koi pond")
    source, caret = lines[1], lines[2]
    # on the screen, the caret is under the 8th character of the line: 'a' of 'at'
    gutter = source.index("| ") + 2
    assert cells(caret[: caret.index("^")]) == cells(source[: gutter + 7])
    assert source[gutter + 7] == "a"


def test_no_help_text_leaks_an_identifier() -> None:
    group = main
    ctx = click.Context(group, info_name="gamelog")
    for name in group.list_commands(ctx):
        shown = run(name, "--help").stdout
        assert "options." not in shown and "_options" not in shown, name
        assert "standard output" in shown or name not in ("check",), name


# --- tables fitted ------------------------------------------------------------------


def test_a_fitted_table_wraps_text_and_never_splits_a_number() -> None:
    rows = [["Ann", "12345678901", "a long note about the points " * 3]]
    text = fit_table(rows, ["name", "points", "note"], 40, [False, True, False])
    lines = text.split("\n")
    assert all(cells(line) <= 40 for line in lines)
    assert "12345678901" in lines[2]
    assert " ".join(" ".join(lines[2:]).split()).count("a long note about the points") == 3


def test_a_table_of_numbers_wider_than_the_terminal_is_sliced_with_its_names() -> None:
    headers = ["name", *(f"category {i}" for i in range(12))]
    rows = [["witches", *(str(100 + i) for i in range(12))], ["nomads", *("7" * 12)]]
    text = fit_table(rows, headers, 50, [False, *[True] * 12])
    slices = text.split("\n\n")
    assert len(slices) > 1
    for part in slices:
        assert part.startswith("name") and "witches" in part and "nomads" in part
        assert all(cells(line) <= 50 for line in part.split("\n"))
    for i in range(12):
        assert str(100 + i) in text


def test_wide_characters_take_two_columns() -> None:
    assert cells("日本") == 4 and cells("e\u0301") == 1
    assert all(cells(line) <= 10 for line in wrap("日本 日本 日本 日本 日本", 10))


def test_the_tables_are_whole_into_a_pipe_without_columns() -> None:
    four = str(ROOT / "samples" / "mystic_vale" / "four_players.log")
    piped = run("score", four).stdout
    assert max(cells(line) for line in piped.splitlines()) > 80
    fitted = run("score", four, env={"COLUMNS": "80"}).stdout
    assert max(cells(line) for line in fitted.splitlines()) <= 80
    assert run("score", four, "--wide", env={"COLUMNS": "80"}).stdout == piped


# --- the pager ----------------------------------------------------------------------


def test_long_output_on_a_terminal_goes_through_the_pager(tmp_path: Path) -> None:
    paged = tmp_path / "paged"
    pager = f"cat > {paged}"
    status, shown = on_terminal("replay", COMPLETE, env={"GAMELOG_PAGER": pager})
    assert status == 0
    assert "34. " in paged.read_text()  # the whole replay went to the pager
    assert "34. " not in shown


def test_no_pager_and_short_output_go_straight_to_the_terminal(tmp_path: Path) -> None:
    paged = tmp_path / "paged"
    env = {"GAMELOG_PAGER": f"cat > {paged}"}
    status, shown = on_terminal("replay", COMPLETE, "--no-pager", env=env)
    assert status == 0 and "34. " in shown and not paged.exists()
    status, shown = on_terminal("check", COMPLETE, env=env)
    assert "ok (34 moves)" in shown and not paged.exists()


def test_a_pipe_is_never_paged(tmp_path: Path) -> None:
    paged = tmp_path / "paged"
    done = subprocess.run(
        [sys.executable, "-m", "gamelog", "replay", COMPLETE],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "GAMELOG_PAGER": f"cat > {paged}", "LINES": "5"},
    )
    assert done.returncode == 0 and "34. " in done.stdout and not paged.exists()


def test_report_does_not_pour_html_into_a_terminal(tmp_path: Path) -> None:
    status, shown = on_terminal("report", COMPLETE)
    assert status == 2
    assert "<html" not in shown.lower()
    assert "gamelog: error: the report is an HTML page" in shown and "-o FILE" in shown
    assert run("report", COMPLETE).stdout.lstrip().lower().startswith("<!doctype html")


# --- check: folders, JSON, what if --------------------------------------------------


def test_check_walks_a_folder_as_audit_does() -> None:
    result = run("check", str(SEIKATSU))
    assert result.exit_code == 1
    checked = {line.split(":")[0] for line in result.stdout.splitlines()}
    problems = {line.split(":")[0] for line in result.stderr.splitlines() if ".log:" in line}
    assert checked | problems == {str(p) for p in SEIKATSU.glob("*.log")}
    assert "is a directory" not in result.stderr


def test_an_empty_folder_is_a_usage_error(tmp_path: Path) -> None:
    result = run("check", str(tmp_path))
    assert result.exit_code == 2 and f"no log files under {tmp_path}" in result.stderr


def test_check_format_json_is_one_record_per_log() -> None:
    result = run("check", COMPLETE, POND, "--format", "json")
    assert result.exit_code == 1 and result.stderr == ""
    records = json.loads(result.stdout)
    assert [(r["file"], r["status"]) for r in records] == [(COMPLETE, "ok"), (POND, "illegal")]
    error = records[1]["error"]
    assert (error["line"], error["column"]) == (10, 9)
    assert error["message"] == "D4 is the koi pond, not a space"


def test_replace_and_delete_of_one_line_are_refused() -> None:
    result = run("check", COMPLETE, "--replace", "8", "Cid: RB at C5", "--delete", "8")
    assert result.exit_code == 2
    assert "line 8 is both replaced (--replace 8) and deleted (--delete 8)" in result.stderr


def test_a_provisional_score_is_not_set_against_the_final_one() -> None:
    result = run("check", COMPLETE, "--delete", "8")
    assert result.exit_code == 1
    assert "changed:    illegal at line 9, 1 move: Cid 3, Jun 3" in result.stdout
    assert (
        "difference: not compared: the changed log's score is provisional (it stops at "
        "line 9), the log as written's is final" in result.stdout
    )
    assert "Cid -52" not in result.stdout


# --- the other commands -------------------------------------------------------------


def test_new_refuses_a_name_the_players_line_cannot_hold(tmp_path: Path) -> None:
    target = tmp_path / "new.log"
    result = run("new", "seikatsu", "--players", "Ann, Setup", "-o", str(target))
    assert result.exit_code == 2 and not target.exists()
    assert "--players: a player may not be called Setup" in result.stderr


def test_standings_made_exit_0_with_the_logs_left_out_listed() -> None:
    result = run("standings", "-j", "1", str(SEIKATSU))
    assert result.exit_code == 0
    assert "not counted: 10 files" in result.stdout
    assert "illegal-pond.log" in result.stdout
    assert "0 the standings were made" in run("standings", "--help").stdout


def test_standings_with_nothing_counted_exit_1(tmp_path: Path) -> None:
    (tmp_path / "pond.log").write_text(Path(POND).read_text())
    result = run("standings", "-j", "1", str(tmp_path))
    assert result.exit_code == 1 and "not counted: 1 file\n" in result.stdout


def test_replay_line_numbers_the_moves_by_their_file_line() -> None:
    lines = run("replay", COMPLETE, "--line", "12").stdout.splitlines()
    moves = [line for line in lines if line.startswith("line")]
    assert moves == [
        "line   7: Jun: NB at B4",
        "line   8: Cid: koi as grey at C5",
        "line   9: Jun: no at C3",
        "line  10: Cid: BO E3",
        "line  11: Jun: BP at D5",
    ]

"""Every command's output and exit code, as a user at a terminal (or a script) sees them."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from gamelog import __version__, games
from gamelog.cli import main
from gamelog.core.audit import log_suffixes

ROOT = Path(__file__).resolve().parent.parent
SEIKATSU = ROOT / "samples" / "seikatsu"
COMPLETE = str(SEIKATSU / "complete-2p.log")
TIE = str(SEIKATSU / "tie-2p.log")
NOT_ADJACENT = str(SEIKATSU / "illegal-not-adjacent.log")
NOTATION_ERROR = str(SEIKATSU / "notation-error.log")


def run(*args: str, stdin: str | None = None, env: dict[str, str] | None = None):
    return CliRunner().invoke(main, list(args), input=stdin, env=env)


# --- check ----------------------------------------------------------------------


def test_check_legal_log_says_ok_and_exits_0() -> None:
    result = run("check", COMPLETE)
    assert result.exit_code == 0
    assert result.stdout == f"{COMPLETE}: ok (34 moves)\n"


def test_check_illegal_log_reports_compiler_style_and_exits_1() -> None:
    result = run("check", NOT_ADJACENT)
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f"{NOT_ADJACENT}:14:")
    assert "illegal move: A1 is not adjacent to any tile" in lines[0]
    assert lines[1] == " 14 | Jun: RK at A1"
    assert lines[2].strip().endswith("^")
    assert "rule: a tile is played adjacent to a tile already in the garden" in result.stderr
    assert "fact: its neighbours A2, B1, B2 are empty" in result.stderr


def test_check_goes_on_after_a_bad_log_and_reports_each() -> None:
    result = run("check", NOTATION_ERROR, COMPLETE)
    assert result.exit_code == 1
    assert f"{NOTATION_ERROR}:11:6: notation error:" in result.stderr
    assert f"{COMPLETE}: ok" in result.stdout


def test_check_missing_file_is_a_usage_error() -> None:
    result = run("check", "no/such/file.log")
    assert result.exit_code == 2
    assert "no such file: no/such/file.log" in result.stderr


def test_bad_flag_is_a_usage_error() -> None:
    assert run("check", "--frobnicate", COMPLETE).exit_code == 2
    assert run("score", COMPLETE, "--format", "yaml").exit_code == 2


def test_check_of_a_binary_file_points_at_the_first_bad_byte(tmp_path: Path) -> None:
    log = tmp_path / "photo.log"
    log.write_bytes(b"game: seikatsu\nplayers: A\xffn (pink)\n")
    result = run("check", str(log), COMPLETE)
    assert result.exit_code == 1
    assert f"{log}:2:11: unreadable file: not UTF-8 text (byte 0xff)" in result.stderr
    assert f"{COMPLETE}: ok" in result.stdout


def test_check_reads_standard_input() -> None:
    text = Path(COMPLETE).read_text()
    result = run("check", "-", stdin=text)
    assert result.exit_code == 0
    assert result.stdout == "<stdin>: ok (34 moves)\n"


def test_unknown_game_header_is_a_setup_error_at_its_line(tmp_path: Path) -> None:
    log = tmp_path / "chess.log"
    log.write_text("# a comment\ngame: chess\nAnn: e4\n")
    result = run("check", str(log))
    assert result.exit_code == 1
    assert f"{log}:2:1: setup error: unknown game 'chess'" in result.stderr


def test_no_colour_codes_when_not_on_a_terminal() -> None:
    result = run("check", NOT_ADJACENT)
    assert "\x1b[" not in result.stderr


# --- score ----------------------------------------------------------------------


def test_score_table_shows_categories_totals_ranking_and_winner() -> None:
    result = run("score", COMPLETE)
    assert result.exit_code == 0
    out = result.stdout
    assert "Seikatsu" in out and "final score" in out
    for category in ("birds", "row A", "row G", "total"):
        assert category in out
    assert "winner: Cid" in out


def test_score_json_is_the_documented_record() -> None:
    result = run("score", COMPLETE, "--format", "json")
    assert result.exit_code == 0
    rec = json.loads(result.stdout)
    assert rec["game"] == "seikatsu"
    assert rec["file"] == COMPLETE
    assert rec["status"] == "ok"
    assert rec["finished"] is True
    assert rec["error"] is None
    assert rec["winners"] == ["Cid"]
    assert [(p["name"], p["total"], p["rank"]) for p in rec["players"]] == [
        ("Cid", 55, 1),
        ("Jun", 54, 2),
    ]
    for player in rec["players"]:
        assert sum(player["breakdown"].values()) == player["total"]


def test_score_tie_is_settled_by_turn_order() -> None:
    rec = json.loads(run("score", TIE, "--format", "json").stdout)
    assert [(p["name"], p["total"], p["rank"]) for p in rec["players"]] == [
        ("Cid", 49, 1),
        ("Bob", 49, 2),
    ]
    assert rec["players"][0]["decided_by"] == "last in turn order"
    assert rec["winners"] == ["Cid"]
    table = run("score", TIE).stdout
    assert "last in turn order" in table and "winner: Cid" in table


def test_score_csv_and_markdown() -> None:
    csv_out = run("score", COMPLETE, "--format", "csv").stdout.splitlines()
    assert csv_out[0] == "category,Jun,Cid"
    assert csv_out[-1] == "total,54,55"
    markdown = run("score", COMPLETE, "--format", "markdown").stdout
    assert "| category" in markdown and "|---" in markdown.replace(":", "-").replace(" ", "")


def test_unfinished_game_is_scored_provisionally_with_a_warning(tmp_path: Path) -> None:
    lines = Path(COMPLETE).read_text().splitlines()
    log = tmp_path / "half.log"
    log.write_text("\n".join(lines[:20]) + "\n")
    result = run("score", str(log), "--format", "json")
    assert result.exit_code == 0
    rec = json.loads(result.stdout)
    assert rec["finished"] is False
    assert rec["winners"] == []
    assert rec["warnings"] == ["provisional score: the log ends before the game does"]
    assert "PROVISIONAL" in run("score", str(log)).stdout


def test_score_of_an_illegal_log_reports_the_error_and_exits_1() -> None:
    result = run("score", NOT_ADJACENT, "--format", "json")
    assert result.exit_code == 1
    rec = json.loads(result.stdout)
    assert rec["status"] == "illegal"
    assert rec["error"]["kind"] == "illegal"
    assert rec["error"]["line"] == 14
    assert rec["finished"] is False


def test_score_of_an_unparseable_log_scores_the_moves_before_it() -> None:
    """notation-error.log breaks on line 11: the four moves above it still score."""
    result = run("score", NOTATION_ERROR, "--format", "json")
    assert result.exit_code == 1
    rec = json.loads(result.stdout)
    assert rec["status"] == "notation-error"
    assert (rec["error"]["line"], rec["error"]["column"]) == (11, 6)
    assert rec["moves"] == 4 and not rec["finished"] and rec["winners"] == []
    assert {p["name"]: p["breakdown"]["birds"] for p in rec["players"]} == {"Jun": 0, "Cid": 2}
    assert rec["warnings"] == [
        "provisional score: the position before line 11, where the replay stopped "
        "before the game ended"
    ]


# --- replay ---------------------------------------------------------------------


def test_replay_shows_each_move_its_effect_and_the_running_score() -> None:
    result = run("replay", COMPLETE)
    assert result.exit_code == 0
    out = result.stdout
    assert "   1. Jun: NB at B4" in out
    assert "Cid +2: koi as grey at C5, flock with C4" in out
    assert "score: Jun 0, Cid 2" in out
    assert "  34. " in out


def test_replay_to_n_stops_and_draws_the_garden() -> None:
    result = run("replay", COMPLETE, "--to", "6")
    assert result.exit_code == 0
    assert "   6. " in result.stdout and "   7. " not in result.stdout
    assert "~~" in result.stdout  # the pond
    assert "8/36 spaces filled" in result.stdout


def test_replay_json_lists_steps() -> None:
    rec = json.loads(run("replay", COMPLETE, "--format", "json", "--to", "2").stdout)
    assert [step["number"] for step in rec["steps"]] == [1, 2]
    assert rec["steps"][1]["scores"] == {"Jun": 0, "Cid": 2}


def test_replay_of_an_illegal_log_stops_at_the_move() -> None:
    result = run("replay", NOT_ADJACENT)
    assert result.exit_code == 1
    assert "   6. " in result.stdout and "   7. " not in result.stdout
    assert ":14:" in result.stderr


def test_replay_rejects_a_format_the_game_does_not_have() -> None:
    result = run("replay", COMPLETE, "--format", "ledger")
    assert result.exit_code == 2


# --- audit ----------------------------------------------------------------------


@pytest.fixture
def mixed_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "logs"
    (folder / "deep").mkdir(parents=True)
    shutil.copy(COMPLETE, folder / "good.log")
    shutil.copy(NOT_ADJACENT, folder / "deep" / "illegal.log")
    shutil.copy(NOTATION_ERROR, folder / "typo.log")
    (folder / "binary.log").write_bytes(bytes(range(256)))
    (folder / "empty.log").write_text("")
    (folder / "huge.log").write_text("game: seikatsu\n" + "x" * 5_000_000)
    return folder


def test_audit_of_a_mixed_folder_reports_every_file(mixed_folder: Path) -> None:
    result = run("audit", "--jobs", "1", str(mixed_folder))
    assert result.exit_code == 1
    rows = {
        Path(line.split()[0]).name: line.split()[2]
        for line in result.stdout.splitlines()
        if line.startswith(str(mixed_folder))
    }
    assert rows == {
        "binary.log": "unreadable",
        "illegal.log": "illegal",
        "empty.log": "setup-error",
        "good.log": "ok",
        "huge.log": "notation-error",
        "typo.log": "notation-error",
    }
    assert "6 files: 1 ok, 1 illegal, 2 notation-error, 1 setup-error, 1 unreadable" in (
        result.stdout
    )


def test_audit_json_records_match_score_json(mixed_folder: Path) -> None:
    result = run("audit", "--jobs", "2", "--format", "json", str(mixed_folder))
    records = {Path(rec["file"]).name: rec for rec in json.loads(result.stdout)}
    good = records["good.log"]
    alone = json.loads(run("score", str(mixed_folder / "good.log"), "--format", "json").stdout)
    assert good == alone
    assert records["illegal.log"]["error"]["line"] == 14
    assert records["binary.log"]["error"]["message"].startswith("not a text file")


def test_audit_with_two_jobs_gives_the_same_rows(mixed_folder: Path) -> None:
    one = run("audit", "--jobs", "1", "--format", "csv", str(mixed_folder)).stdout
    two = run("audit", "--jobs", "2", "--format", "csv", str(mixed_folder)).stdout
    assert one == two
    assert one.splitlines()[0] == "file,game,status,moves,result,first problem"


def test_audit_all_ok_exits_0() -> None:
    result = run("audit", str(SEIKATSU / "complete-*.log"))
    assert result.exit_code == 0
    assert "2 files: 2 ok" in result.stdout


def test_audit_of_nothing_is_a_usage_error(tmp_path: Path) -> None:
    assert run("audit", str(tmp_path / "none" / "*.log")).exit_code == 2
    assert run("audit", str(tmp_path)).exit_code == 2


# --- games, notation, version ----------------------------------------------------


def test_games_lists_every_game_with_player_counts() -> None:
    rows = {line.split()[0]: line for line in run("games").stdout.splitlines() if line.strip()}
    for game in games.all_games():
        assert game.name in rows, game.name
        assert f"{game.min_players}-{game.max_players}" in rows[game.name]


def test_notation_prints_the_cheat_sheet_for_the_terminal_or_as_markdown() -> None:
    result = run("notation", "seikatsu", env={"COLUMNS": "80"})
    assert result.exit_code == 0
    assert result.stdout.startswith("Seikatsu notation\n")
    assert "```" not in result.stdout and "|---" not in result.stdout
    assert "\nplayers: Ann (pink), Bob (blue)" in result.stdout  # code, without fences
    assert "\n    players: Ann (pink)" in run("notation", "seikatsu", env={"COLUMNS": "120"}).stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
    raw = run("notation", "seikatsu", "--format", "markdown")
    assert raw.stdout.startswith("# Seikatsu notation\n")
    assert "```" in raw.stdout


def test_notation_of_an_unknown_game_is_a_usage_error() -> None:
    result = run("notation", "chess")
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.stderr


def test_version_and_module_entry_point() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gamelog", "--version"],
        capture_output=True,
        text=True,
        cwd=ROOT / "tests",
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout.strip() == f"gamelog, version {__version__}"


# --- paying only for the command run ------------------------------------------------


def _fresh(script: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return done.stdout


def test_version_imports_no_command_no_engine_and_no_worker_pool() -> None:
    out = _fresh(
        "import sys\n"
        "from gamelog.cli import main\n"
        "try:\n"
        "    main.main(['--version'], standalone_mode=False)\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith(('gamelog.cli.', 'gamelog.core',"
        " 'gamelog.games', 'multiprocessing', 'lark', 'tabulate', 'jinja2'))))"
    )
    assert out.splitlines() == [
        f"gamelog, version {__version__}",
        "['gamelog.cli.settings', 'gamelog.cli.shared']",
    ]


def test_games_imports_no_engine_no_parser_and_no_score_sheet() -> None:
    """`gamelog games` reads the games' meta only: no engine, no Lark, no engine
    interface or score sheet, no pager, no table library."""
    out = _fresh(
        "import os, sys\n"
        "os._exit = lambda code: None\n"
        "sys.argv = ['gamelog', 'games']\n"
        "from gamelog.cli import run\n"
        "run()\n"
        "sys.stdout.flush()\n"
        "print(sorted(m for m in sys.modules if m.startswith(('lark', 'tabulate', 'jinja2',"
        " 'multiprocessing', 'subprocess', 'gamelog.core.game', 'gamelog.core.scoring',"
        " 'gamelog.cli.loading')) or (m.startswith('gamelog.games.') and"
        " m.count('.') > 2 and not m.endswith('.meta'))))"
    )
    assert "seikatsu" in out
    assert out.splitlines()[-1] == "[]"


@pytest.mark.parametrize("package", games.package_names())
def test_score_of_one_game_imports_no_other_engine_no_pool_and_no_pages(package: str) -> None:
    """A one-shot `gamelog score` pays for its own game's engine only: no other game,
    no worker pool, no charts, pages, ratings, tables library or HTML module."""
    log = next(
        path
        for path in sorted((ROOT / "samples" / package).iterdir())
        if path.suffix in log_suffixes()
    )
    out = _fresh(
        "import os, sys\n"
        "os._exit = lambda code: None\n"
        f"sys.argv = ['gamelog', 'score', {str(log)!r}]\n"
        "from gamelog.cli import run\n"
        "run()\n"
        "sys.stdout.flush()\n"
        "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('gamelog.games.')"
        " and not m.endswith('.meta') and m.count('.') > 2}),"
        " sorted(m for m in sys.modules if m.startswith(('tabulate', 'jinja2', 'multiprocessing',"
        " 'html', 'gamelog.core.ratings', 'gamelog.core.charts', 'gamelog.core.pages'))))"
    )
    assert out.splitlines()[-1] == f"[{package!r}] []"


def test_help_lists_every_command_with_its_own_short_help() -> None:
    listed = run("--help").stdout.split("Commands:\n", 1)[1].split("\n\n", 1)[0]
    names = [line.split()[0] for line in listed.splitlines() if line.startswith("  ")]
    assert names == sorted(main.list_commands(None))  # type: ignore[arg-type]
    for line in listed.splitlines():
        name, short = line.split(None, 1)
        whole = " ".join((main.commands[name].help or "").split())
        assert whole.startswith(short.strip().removesuffix("...")), name


def test_completion_of_command_names_loads_them() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gamelog"],
        env={
            **os.environ,
            "_GAMELOG_COMPLETE": "zsh_complete",
            "COMP_WORDS": "gamelog st",
            "COMP_CWORD": "1",
        },
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert "standings" in done.stdout
    assert "The standings of the players" in done.stdout

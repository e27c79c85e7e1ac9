"""The conventions of good command-line tools, in every command: exit codes, -o, colour,
formats, help, completion, closed pipes, and results that survive a stray line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from markdown_it import MarkdownIt

from gamelog import games
from gamelog.cli import main

ROOT = Path(__file__).resolve().parent.parent
SEIKATSU = ROOT / "samples" / "seikatsu"
COMPLETE = str(SEIKATSU / "complete-2p.log")
AFTER_END = str(SEIKATSU / "illegal-after-end.log")
NOTATION_ERROR = str(SEIKATSU / "notation-error.log")
LEAGUE = str(ROOT / "samples" / "terra_mystica" / "league_game.txt")
COMMANDS = ("check", "score", "replay", "audit")


def run(*args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(main, list(args), env=env)


def half_game(tmp_path: Path) -> str:
    lines = Path(COMPLETE).read_text().splitlines()
    log = tmp_path / "half.log"
    log.write_text("\n".join(lines[:20]) + "\n")
    return str(log)


# --- results and exit codes ------------------------------------------------------------


def test_a_finished_game_keeps_its_result_after_a_stray_line() -> None:
    rec = json.loads(run("score", AFTER_END, "--format", "json").stdout)
    assert rec["status"] == "illegal" and rec["finished"] is True
    assert rec["winners"] == ["Cid"] and rec["warnings"] == []
    table = run("score", AFTER_END)
    assert table.exit_code == 1
    assert "final score" in table.stdout and "winner: Cid" in table.stdout
    assert "already over" in table.stderr


@pytest.mark.parametrize("command", COMMANDS)
def test_usage_errors_exit_2_in_every_command(command: str) -> None:
    assert run(command, COMPLETE, "--game", "chess").exit_code == 2
    assert run(command, "no/such/file.log").exit_code == 2
    assert run(command, COMPLETE, "--frobnicate").exit_code == 2


def test_audit_still_audits_the_paths_that_exist_when_one_does_not() -> None:
    result = run("audit", COMPLETE, "no/such/file.log", "--format", "json")
    assert result.exit_code == 2
    records = json.loads(result.stdout)
    assert [rec["status"] for rec in records] == ["ok", "unreadable"]
    assert records[1]["error"]["message"] == "no such file"


def test_format_names_are_not_case_sensitive() -> None:
    assert json.loads(run("score", COMPLETE, "--format", "JSON").stdout)["winners"] == ["Cid"]
    assert run("audit", COMPLETE, "--format", "Csv").stdout.startswith("file,")
    assert json.loads(run("replay", COMPLETE, "--format", "Json", "--to", "1").stdout)["steps"]


def test_a_warning_is_printed_once(tmp_path: Path) -> None:
    log = half_game(tmp_path)
    result = run("score", log)
    assert (result.stdout + result.stderr).count("warning:") == 1
    csv = run("score", log, "--format", "csv")
    assert (csv.stdout + csv.stderr).count("warning:") == 1


def test_a_closed_pipe_ends_quietly() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "gamelog", "replay", LEAGUE],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    process.stdout.readline()
    process.stdout.close()
    process.wait(timeout=30)
    assert process.stderr is not None
    err = process.stderr.read().decode()
    assert "Error" not in err and "internal error" not in err
    assert process.returncode == 141


# --- output conventions --------------------------------------------------------------


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_writes_its_result_to_a_file_with_o(command: str, tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    result = run(command, COMPLETE, "-o", str(target))
    assert result.exit_code == 0
    assert result.stdout == ""
    assert target.read_text().strip()


def test_an_unwritable_output_is_a_usage_error(tmp_path: Path) -> None:
    assert run("score", COMPLETE, "-o", str(tmp_path / "no" / "dir" / "x")).exit_code == 2


@pytest.mark.parametrize(
    ("args", "env", "coloured"),
    [
        ((), {}, False),
        (("--color", "always"), {}, True),
        (("--color", "always"), {"NO_COLOR": "1"}, True),
        ((), {"FORCE_COLOR": "1"}, True),
        ((), {"FORCE_COLOR": "1", "NO_COLOR": "1"}, False),
        (("--color", "never"), {"FORCE_COLOR": "1"}, False),
    ],
)
def test_colour(args: tuple[str, ...], env: dict[str, str], coloured: bool) -> None:
    result = run(*args, "score", COMPLETE, env={"NO_COLOR": "", "FORCE_COLOR": "", **env})
    assert ("\x1b[" in result.stdout) is coloured


def test_audit_jsonl_is_one_record_per_line() -> None:
    result = run("audit", str(SEIKATSU), "--format", "jsonl", "--jobs", "2")
    lines = result.stdout.splitlines()
    records = [json.loads(line) for line in lines]
    assert len(records) == len(list(SEIKATSU.glob("*.log")))
    assert {rec["file"] for rec in records} == {str(p) for p in SEIKATSU.glob("*.log")}


def test_the_audit_table_fits_the_terminal_and_tells_finished_from_unfinished(
    tmp_path: Path,
) -> None:
    half = half_game(tmp_path)
    width = len(half) + 80
    result = run("audit", COMPLETE, half, NOTATION_ERROR, env={"COLUMNS": str(width)})
    lines = result.stdout.splitlines()
    assert all(len(line) <= width for line in lines)
    starts = [i for i, line in enumerate(lines) if "  seikatsu  " in line]
    blocks = ["\n".join(lines[i:j]) for i, j in zip(starts, [*starts[1:], -2], strict=True)]
    rows = {
        name: next(block for block in blocks if name in "".join(block.split()))
        for name in ("complete-2p.log", "half.log", "notation-error.log")
    }
    assert "winner: Cid" in rows["complete-2p.log"]
    assert "unfinished" in rows["half.log"]
    # the problem is wrapped in its column, never cut: every word of it is there
    message = json.loads(run("score", NOTATION_ERROR, "--format", "json").stdout)["error"]
    shown = " ".join(rows["notation-error.log"].split())
    assert all(word in shown for word in message["message"].split()), shown
    assert "..." not in shown


def test_a_timed_out_or_unreadable_row_names_the_game(tmp_path: Path) -> None:
    big = tmp_path / "big.log"
    big.write_text(Path(COMPLETE).read_text() + "#" * 5000 + "\n")
    rec = json.loads(run("audit", str(big), "--max-bytes", "1000", "--format", "json").stdout)[0]
    assert (rec["status"], rec["game"]) == ("unreadable", "seikatsu")


def test_markdown_renders_notes_outside_the_tables() -> None:
    text = run("score", COMPLETE, "--format", "markdown").stdout
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    kinds = [token.type for token in tokens if token.level == 0 and token.nesting >= 0]
    assert kinds.count("table_open") == 2
    assert "bullet_list_open" in kinds
    cells = [t.content for t in tokens if t.type == "inline"]
    notes = [cell for cell in cells if cell.startswith("note:")]
    assert notes and all("|" not in note for note in notes)
    assert "**winner: Cid**" in cells


# --- help and completion --------------------------------------------------------------


@pytest.mark.parametrize("command", [*COMMANDS, "games", "notation"])
def test_help_says_what_each_command_prints_with_an_example(command: str) -> None:
    text = run(command, "--help").stdout
    assert "Example:" in text
    if command not in ("games",):
        assert "Exit codes:" in text


def test_check_help_shows_what_check_really_prints() -> None:
    text = run("check", "--help").stdout
    assert "game.log:14:9: illegal move:" in text


def test_main_help_names_the_environment_and_the_cache() -> None:
    text = run("--help").stdout
    for word in ("NO_COLOR", "FORCE_COLOR", "COLUMNS", "XDG_CACHE_HOME", "~/.cache/gamelog"):
        assert word in text
    assert "_GAMELOG_COMPLETE" in text


def _completed(words: str) -> set[str]:
    """The game names bash completion offers for the last of ``words``."""
    env = {
        **os.environ,
        "_GAMELOG_COMPLETE": "bash_complete",
        "COMP_WORDS": words,
        "COMP_CWORD": str(len(words.split()) - 1),
    }
    result = subprocess.run(
        [sys.executable, "-m", "gamelog"], env=env, capture_output=True, text=True, check=False
    )
    names = {game.name for game in games.all_games()}
    return {word for line in result.stdout.splitlines() for word in line.split(",")} & names


def test_shell_completion_completes_game_names() -> None:
    """Each two letters a game's name starts with complete to the games whose names do,
    after `notation` and after `--game`."""
    names = sorted(game.name for game in games.all_games())
    prefixes = sorted({name[:2] for name in names})
    for prefix in prefixes:
        expected = {name for name in names if name.startswith(prefix)}
        assert _completed(f"gamelog notation {prefix}") == expected, prefix
    shared = max(prefixes, key=lambda prefix: sum(n.startswith(prefix) for n in names))
    expected = {name for name in names if name.startswith(shared)}
    assert _completed(f"gamelog score x.log --game {shared}") == expected


# --- messages -------------------------------------------------------------------------


def test_check_lists_every_line_that_does_not_parse(tmp_path: Path) -> None:
    lines = Path(COMPLETE).read_text().split("\n")
    lines[7] = "Cid: koi az grey at C5"
    lines[12] = "Cid: BO at Q9"
    log = tmp_path / "typos.log"
    log.write_text("\n".join(lines))
    result = run("check", str(log))
    assert result.exit_code == 1
    heads = [line for line in result.stderr.splitlines() if line.startswith(str(log))]
    assert [head.split(":")[1] for head in heads] == ["8", "13"]


def test_curly_quotes_are_read_as_quotes() -> None:
    from gamelog.core.notation import normalise

    assert normalise("cultivate \u201cCandlestick Lotus\u201d, O\u2019Brien") == (
        'cultivate "Candlestick Lotus", O\'Brien\n'
    )


def test_the_progress_bar_counts_files_and_starts_with_the_largest(tmp_path: Path) -> None:
    """On a terminal, the audit shows files done of all; the largest file is started
    first, so that the bar does not wait on it at the end."""
    import pty
    import select

    from gamelog.core.audit import Target, start_order

    small, large = tmp_path / "small.log", tmp_path / "large.log"
    small.write_text("x")
    large.write_text("x" * 1000)
    assert start_order([Target(str(small)), Target(str(large))]) == [1, 0]
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(
            sys.executable,
            [sys.executable, "-m", "gamelog", "audit", "--jobs", "2", str(SEIKATSU)],
            {**os.environ, "NO_COLOR": "1", "COLUMNS": "200"},
        )
    seen = b""
    while True:
        ready, _, _ = select.select([fd], [], [], 30)
        if not ready:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.waitpid(pid, 0)
    total = len(list(SEIKATSU.glob("*.log")))
    assert f"{total}/{total}".encode() in seen


@pytest.mark.parametrize("command", ["check", "score", "replay"])
def test_one_log_commands_stop_at_their_timeout(command: str) -> None:
    """A ledger takes some 70 ms to verify: a limit of a millisecond stops it."""
    ledger = str(ROOT / "samples" / "terra_mystica" / "league_game_ledger.txt")
    result = run(command, ledger, "--timeout", "0.001")
    assert result.exit_code == 1
    assert "timeout: stopped after 0.001 s (--timeout)" in result.stderr
    assert "Traceback" not in result.output

"""``-o FILE`` in every command that has it: never one of the command's inputs, written
whole (beside FILE, then renamed), and a command that fails, crashes or is stopped
leaves FILE as it was. An audit's JSON lines are whole lines, whatever signal comes.

The commands are found from the command line itself (every command with an
``--output`` option), so a new command is in these tests at once."""

from __future__ import annotations

import fcntl
import json
import os
import random
import resource
import signal
import stat
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from gamelog.cli import main

ROOT = Path(__file__).resolve().parent.parent
COMPLETE = ROOT / "samples" / "seikatsu" / "complete-2p.log"
SETUP_ERROR = ROOT / "samples" / "eden" / "setup_error_header_typo.log"
LEAGUE = ROOT / "samples" / "terra_mystica" / "league_game.txt"
LEDGER = ROOT / "samples" / "terra_mystica" / "league_game_ledger.txt"
PREVIOUS = "the previous result\n"


def _reads_logs(command: click.Command) -> bool:
    return any(
        isinstance(p, click.Argument) and p.name in ("log", "logs", "paths") for p in command.params
    )


#: Every command with -o FILE, and those of them that read logs.
WITH_OUTPUT = sorted(
    name
    for name, command in main.commands.items()
    if any(param.name == "output" for param in command.params)
)
READING = [name for name in WITH_OUTPUT if _reads_logs(main.commands[name])]


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, [str(arg) for arg in args], input=stdin)


def gamelog(*args: object) -> list[str]:
    """The command line of the real program, in a process of its own."""
    return [sys.executable, "-m", "gamelog", *(str(arg) for arg in args)]


def leftovers(folder: Path) -> list[str]:
    """Scratch files a write left behind."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "s.log"
    path.write_bytes(COMPLETE.read_bytes())
    return path


def test_the_commands_with_o_are_found() -> None:
    assert {"check", "score", "replay", "report", "audit", "standings", "new"} <= set(WITH_OUTPUT)
    assert set(WITH_OUTPUT) - set(READING) == {"new"}  # new reads no log


# --- never an input ---------------------------------------------------------------------


def _alias(log: Path, how: str) -> Path:
    if how == "same name":
        return log
    if how == "another spelling":
        return log.parent / "." / log.name
    alias = log.parent / f"{how.replace(' ', '-')}.log"
    if how == "symbolic link":
        alias.symlink_to(log.name)
    else:
        os.link(log, alias)
    return alias


@pytest.mark.parametrize("how", ["same name", "another spelling", "symbolic link", "hard link"])
@pytest.mark.parametrize("command", READING)
def test_o_naming_an_input_is_refused_and_the_input_is_kept(
    command: str, how: str, log: Path
) -> None:
    before = log.read_bytes()
    result = run(command, log, "-o", _alias(log, how))
    assert result.exit_code == 2, result.output
    assert "one of the files read" in result.stderr or "is read by this command" in result.stderr
    assert log.read_bytes() == before
    assert leftovers(log.parent) == []


@pytest.mark.parametrize("command", ["audit", "standings"])
def test_o_inside_the_folder_audited_is_refused_when_it_is_a_log_there(
    command: str, log: Path
) -> None:
    before = log.read_bytes()
    result = run(command, log.parent, "-o", log)
    assert result.exit_code == 2
    assert log.read_bytes() == before


def test_a_log_read_from_standard_input_is_an_input_too(log: Path) -> None:
    before = log.read_bytes()
    with log.open("rb") as stdin:
        process = subprocess.run(
            [sys.executable, "-m", "gamelog", "check", "-", "-o", str(log)],
            stdin=stdin,
            capture_output=True,
            text=True,
        )
    assert process.returncode == 2, process.stderr
    assert "<stdin>" in process.stderr
    assert log.read_bytes() == before


# --- a failure leaves the file as it was ----------------------------------------------


#: A log with a setup error gives these commands nothing to write.
NOTHING_TO_WRITE = [
    ("check",),
    ("score",),
    ("score", "--format", "svg"),
    ("score", "--format", "csv"),
    ("replay",),
    ("replay", "--format", "svg"),
    ("explain",),
    ("moves",),
]


@pytest.mark.parametrize("args", NOTHING_TO_WRITE, ids=" ".join)
@pytest.mark.parametrize("previous", [True, False], ids=["previous file", "no file"])
def test_a_command_that_fails_leaves_the_file_as_it_was(
    args: tuple[str, ...], previous: bool, tmp_path: Path
) -> None:
    target = tmp_path / "result.out"
    if previous:
        target.write_text(PREVIOUS)
    result = run(args[0], SETUP_ERROR, *args[1:], "-o", target)
    assert result.exit_code == 1
    if previous:
        assert target.read_text() == PREVIOUS
    else:
        assert not target.exists()  # no empty file where there was none
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("score", "--format", "json"), '"status": "setup-error"'),
        (("report",), "<html"),
        (("audit", "--format", "json"), '"status": "setup-error"'),
        (("standings",), "not counted"),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, tuple) else "",
)
def test_a_result_that_states_the_problem_is_a_result(
    args: tuple[str, ...], expected: str, tmp_path: Path
) -> None:
    target = tmp_path / "result.out"
    target.write_text(PREVIOUS)
    result = run(args[0], SETUP_ERROR, *args[1:], "-o", target)
    assert result.exit_code == 1
    assert expected in target.read_text()


def test_a_previous_result_is_replaced_by_the_new_one(log: Path, tmp_path: Path) -> None:
    target = tmp_path / "result.txt"
    target.write_text(PREVIOUS)
    assert run("check", log, "-o", target).exit_code == 0
    assert target.read_text() == f"{log}: ok (34 moves)\n"


def test_check_quiet_with_every_log_legal_writes_its_empty_result(log: Path) -> None:
    target = log.parent / "problems.txt"
    target.write_text(PREVIOUS)
    assert run("check", "-q", log, "-o", target).exit_code == 0
    assert target.read_text() == ""


def test_a_bug_in_the_middle_of_the_output_leaves_the_file_as_it_was(
    log: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """replay writes a line per move as it goes; a bug after them is no result."""
    from gamelog.cli import replay

    def broken(result: object) -> None:
        raise ValueError("a bug")

    monkeypatch.setattr(replay, "sheet_of", broken)
    target = log.parent / "moves.txt"
    target.write_text(PREVIOUS)
    result = run("replay", log, "-o", target)
    assert result.exit_code == 1
    assert "internal error: ValueError: a bug" in result.stderr
    assert target.read_text() == PREVIOUS
    assert leftovers(log.parent) == []


def test_ctrl_c_in_the_middle_of_the_output_leaves_the_file_as_it_was(
    log: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gamelog.cli import replay

    real = replay._print_step
    printed: list[int] = []

    def interrupted(*args: object) -> None:
        real(*args)  # type: ignore[arg-type]
        printed.append(1)
        if len(printed) == 10:
            raise KeyboardInterrupt

    monkeypatch.setattr(replay, "_print_step", interrupted)
    target = log.parent / "moves.txt"
    target.write_text(PREVIOUS)
    run("replay", log, "-o", target)
    assert len(printed) == 10
    assert target.read_text() == PREVIOUS
    assert leftovers(log.parent) == []


@pytest.mark.slow
def test_an_audit_killed_mid_run_leaves_the_previous_result(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    # Hard links, as many as an audit cannot finish in the 2 s before it is killed
    # (a ledger's lines are parsed once per process: 200 copies took under 2 s).
    for i in range(3000):
        os.link(LEDGER, logs / f"game{i:04}.txt")
    target = tmp_path / "r.json"
    target.write_text(PREVIOUS)
    process = subprocess.Popen(
        gamelog("audit", "--jobs", "2", "--format", "json", logs, "-o", target),
        stderr=subprocess.DEVNULL,
    )
    time.sleep(2)
    assert process.poll() is None, "the audit ended before it could be killed"
    process.kill()
    process.wait(10)
    assert target.read_text() == PREVIOUS
    assert leftovers(tmp_path) == []


def _limited(size: int):  # type: ignore[no-untyped-def]
    """A child process that may write no file past ``size`` bytes (``ulimit -f``)."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return limit


def test_a_result_the_disk_cannot_take_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    target = tmp_path / "r.json"
    target.write_text(PREVIOUS)
    process = subprocess.run(
        gamelog("score", COMPLETE, "--format", "json", "-o", target),
        capture_output=True,
        text=True,
        preexec_fn=_limited(2000),  # the record is larger
    )
    assert process.returncode == 1
    assert process.stderr.strip() == (
        f"gamelog: error: cannot write {target}: File too large ({target} is as it was)"
    )
    assert target.read_text() == PREVIOUS
    assert leftovers(tmp_path) == []


# --- what the file keeps ------------------------------------------------------------------


@pytest.fixture
def umask() -> Iterator[int]:
    previous = os.umask(0o022)
    yield 0o022
    os.umask(previous)


def test_a_new_result_has_the_usual_mode(log: Path, umask: int) -> None:
    target = log.parent / "new.txt"
    assert run("check", log, "-o", target).exit_code == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask


def test_a_replaced_result_keeps_its_mode(log: Path, umask: int) -> None:
    target = log.parent / "kept.txt"
    target.write_text(PREVIOUS)
    target.chmod(0o640)
    assert run("check", log, "-o", target).exit_code == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert target.read_text() != PREVIOUS


def test_a_result_through_a_link_replaces_the_file_it_names(log: Path) -> None:
    real = log.parent / "real.txt"
    real.write_text(PREVIOUS)
    link = log.parent / "link.txt"
    link.symlink_to(real.name)
    assert run("check", log, "-o", link).exit_code == 0
    assert link.is_symlink()
    assert real.read_text() == f"{log}: ok (34 moves)\n"


def test_a_device_is_written_where_it_is(log: Path) -> None:
    """-o /dev/null is not replaced by a file (root could, and the system would break)."""
    assert run("score", log, "-o", "/dev/null").exit_code == 0
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_new_refuses_an_existing_file_without_force_and_replaces_it_whole_with(
    tmp_path: Path,
) -> None:
    target = tmp_path / "tonight.log"
    target.write_text(PREVIOUS)
    target.chmod(0o640)
    refused = run("new", "seikatsu", "--players", "Ann, Bob", "-o", target)
    assert refused.exit_code == 2 and "--force" in refused.stderr
    assert target.read_text() == PREVIOUS
    assert run("new", "seikatsu", "--players", "Ann, Bob", "-o", target, "--force").exit_code == 0
    assert target.read_text().startswith("game: seikatsu") or "game: seikatsu" in target.read_text()
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_an_output_in_a_folder_that_is_not_there_is_a_usage_error_before_any_work(
    tmp_path: Path,
) -> None:
    result = run("audit", ROOT / "samples", "-o", tmp_path / "no" / "such" / "r.json")
    assert result.exit_code == 2
    assert "no such folder" in result.stderr


# --- JSON lines: whole, whatever happens -------------------------------------------------


def _copies(folder: Path, count: int, source: Path = LEAGUE) -> Path:
    folder.mkdir(exist_ok=True)
    text = source.read_text(encoding="utf-8")
    for i in range(count):
        (folder / f"game{i:03}.log").write_text(f"{text}# copy {i}\n", encoding="utf-8")
    return folder


def _parsed(lines: list[str]) -> list[dict[str, object]]:
    """Every line a whole record (a cut one fails here with its number)."""
    records = []
    for number, line in enumerate(lines, start=1):
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError as error:
            raise AssertionError(f"line {number} is not a whole record: {error}") from None
    return records


def test_json_lines_stop_at_the_last_whole_record_when_the_disk_is_full(tmp_path: Path) -> None:
    logs = _copies(tmp_path / "logs", 6)
    target = tmp_path / "r.jsonl"
    record_size = len(
        run("audit", logs / "game000.log", "--format", "jsonl").stdout.encode("utf-8")
    )
    process = subprocess.run(
        gamelog("audit", "--jobs", "1", "--format", "jsonl", logs, "-o", target),
        capture_output=True,
        text=True,
        preexec_fn=_limited(int(record_size * 2.5)),
    )
    assert process.returncode == 1, process.stderr
    assert "File too large (the records before it are kept)" in process.stderr
    data = target.read_bytes()
    assert data.endswith(b"\n")
    assert len(_parsed(data.decode().splitlines())) == 2


def _pipe_is_full(fd: int) -> bool:
    waiting = bytearray(4)
    fcntl.ioctl(fd, termios.FIONREAD, waiting)
    return int.from_bytes(waiting, sys.byteorder) >= fcntl.fcntl(fd, fcntl.F_GETPIPE_SZ)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(fcntl, "F_SETPIPE_SZ"), reason="Linux: sets a pipe's size")
@pytest.mark.parametrize(("signum", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_while_a_record_waits_on_a_full_pipe_cuts_no_record(
    tmp_path: Path, signum: int, code: int
) -> None:
    """The torn line of issue 20, made certain: the reader stops reading, the pipe
    fills, the audit waits in the middle of writing a record (14 kB, larger than the
    pipe), and the signal comes then. Before the fix the record was cut there."""
    logs = _copies(tmp_path / "logs", 40)
    read_end, write_end = os.pipe()
    fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, 4096)
    process = subprocess.Popen(
        gamelog("audit", "--jobs", "2", "--format", "jsonl", logs),
        stdout=write_end,
        stderr=subprocess.PIPE,
    )
    os.close(write_end)
    deadline = time.monotonic() + 60
    while not _pipe_is_full(read_end):
        assert time.monotonic() < deadline, "the audit never filled the pipe"
        time.sleep(0.05)
    time.sleep(0.2)  # it is blocked in the middle of a record's write
    process.send_signal(signum)
    with os.fdopen(read_end, "rb") as reader:
        out = reader.read()
    assert process.wait(20) == code
    assert process.stderr is not None
    err = process.stderr.read().decode()
    records = _parsed(out.decode().splitlines())
    assert f"stopped ({len(records)} of 40 files done)" in err
    assert {rec["status"] for rec in records} == {"ok"}


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(fcntl, "F_SETPIPE_SZ"), reason="Linux: sets a pipe's size")
def test_signals_at_random_moments_of_a_slowly_read_audit_cut_no_record(tmp_path: Path) -> None:
    """A small pipe read slowly keeps the audit waiting in its writes; a signal at a
    random moment of each of several runs finds no record cut in two, and every
    record the audit says it finished is there."""
    logs = _copies(tmp_path / "logs", 20)
    chance = random.Random(20)
    for _ in range(3):
        read_end, write_end = os.pipe()
        fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, 4096)
        process = subprocess.Popen(
            gamelog("audit", "--jobs", "2", "--format", "jsonl", logs),
            stdout=write_end,
            stderr=subprocess.PIPE,
        )
        os.close(write_end)
        out = b""
        when = time.monotonic() + chance.uniform(0.8, 2.0)
        signum = chance.choice([signal.SIGINT, signal.SIGTERM])
        sent = False
        with os.fdopen(read_end, "rb", buffering=0) as reader:
            while True:
                if not sent and time.monotonic() >= when:
                    process.send_signal(signum)
                    sent = True
                chunk = reader.read(1000)
                if not chunk:
                    break
                out += chunk
                time.sleep(0.01)  # slower than the audit writes: it waits on the pipe
        process.wait(20)
        assert process.stderr is not None
        err = process.stderr.read().decode()
        records = _parsed(out.decode().splitlines())
        if "stopped (" in err:
            assert f"stopped ({len(records)} of 20 files done)" in err
        else:
            assert len(records) == 20

"""``gamelog play`` and the file it records into: a lock for the session, each line
written whole or not at all (a full disk, a file size limit), ``undo`` in place
(mode, owner, links and line endings kept), every typed line checked for control
characters, and a read-only log opened read-only. The prompt is fed through a pipe,
as ``printf ... | gamelog play LOG`` does."""

from __future__ import annotations

import contextlib
import os
import re
import resource
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from ordinary_user import NOBODY, as_ordinary_user, open_folder

from gamelog.cli import main
from gamelog.core.logfile import LogFile, LogLocked, marker_path
from gamelog.core.replay import replay
from gamelog.core.session import Session
from gamelog.games.seikatsu.game import GAME

ROOT = Path(__file__).resolve().parent.parent
COMPLETE = ROOT / "samples" / "seikatsu" / "complete-2p.log"
#: The sample's comments, header and the blank line before its moves (6 lines).
HEADER = "".join(COMPLETE.read_text(encoding="utf-8").splitlines(keepends=True)[:6])
FIRST, SECOND = "Jun: NB at B4", "Cid: koi as grey at C5"


def play(log: Path, typed: str | bytes, **options: object) -> subprocess.CompletedProcess[str]:
    """``printf TYPED | gamelog play LOG``."""
    data = typed if isinstance(typed, bytes) else typed.encode("utf-8")
    process = subprocess.run(
        [sys.executable, "-m", "gamelog", "play", str(log)],
        input=data,
        capture_output=True,
        env={**os.environ, "NO_COLOR": "1"},
        **options,  # type: ignore[arg-type]
    )
    return subprocess.CompletedProcess(
        process.args,
        process.returncode,
        process.stdout.decode("utf-8", "replace"),
        process.stderr.decode("utf-8", "replace"),
    )


def header_log(folder: Path, name: str = "game.log", text: str = HEADER) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


#: What play prints for a typed line it refuses (``path:line:column: KIND: ...``).
_REFUSED = re.compile(
    r"^\S+:\d+:\d+: (not written|illegal move|notation error|setup error): ", re.M
)


def no_internal_error(result: subprocess.CompletedProcess[str]) -> None:
    """No traceback; exit 0, or 1 where a piped line was refused (a script learns that
    its log was not all recorded)."""
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr
    expected = 1 if _REFUSED.search(result.stderr) else 0
    assert result.returncode == expected, result.stderr


# --- whole lines: a full disk, a file size limit ------------------------------------------


def _padded(folder: Path, room: int) -> Path:
    """A log whose size leaves ``room`` bytes in its last 4 kB block, so that a line
    longer than that must take a new block."""
    padding = 4096 - room - len(HEADER.encode()) - 3
    return header_log(folder, "full.log", HEADER + "# " + "x" * padding + "\n")


@pytest.fixture
def small_file_system() -> Iterator[Path]:
    """A 64 kB tmpfs (root only; skipped where mounts are not allowed)."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small file system needs root")
    folder = Path(tempfile.mkdtemp(prefix="gamelog-small-"))
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)], capture_output=True
    )
    if mounted.returncode != 0:
        folder.rmdir()
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=False)
        folder.rmdir()


def _fill(folder: Path) -> Path:
    """Take every free block of the file system ``folder`` is on."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        with contextlib.suppress(OSError):
            while True:
                os.write(fd, b"x" * 4096)
    finally:
        os.close(fd)
    return filler


def test_a_line_the_full_disk_cannot_take_is_refused_and_the_file_keeps_its_lines(
    small_file_system: Path,
) -> None:
    """Issue 21's 16 kB file system: the file ended in 'Cid: k' and the session died
    with 'internal error: OSError'."""
    log = _padded(small_file_system, room=6)
    before = log.read_bytes()
    filler = _fill(small_file_system)
    result = play(log, f"{FIRST}\nboard\nquit\n")
    no_internal_error(result)
    assert "full.log:8:1: not written: cannot write the file: No space left on device" in (
        result.stderr
    )
    assert "the line is not recorded, and the file is as it was (7 lines)" in result.stderr
    assert log.read_bytes() == before
    assert "~~" in result.stdout  # the board still shows: the session went on

    # The session stays usable: once there is room, the same line is written.
    session = Session(GAME, str(log))
    refused = session.submit(FIRST)
    assert not refused.accepted and "No space left on device" in str(refused.error)
    assert log.read_bytes() == before and session.to_move() == "Jun"
    filler.unlink()
    assert session.submit(FIRST).accepted
    assert log.read_bytes() == before + f"{FIRST}\n".encode()
    session.close()


def _size_limit(size: int):  # type: ignore[no-untyped-def]
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return limit


def test_a_line_past_the_file_size_limit_is_refused_and_the_session_goes_on(
    tmp_path: Path,
) -> None:
    """``ulimit -f``: EFBIG in the middle of the line (issue 21: Errno 27)."""
    log = header_log(tmp_path)
    before = log.read_bytes()
    result = play(log, f"{FIRST}\nscore\nquit\n", preexec_fn=_size_limit(len(before) + 6))
    no_internal_error(result)
    assert "not written: cannot write the file: File too large" in result.stderr
    assert log.read_bytes() == before
    assert "birds" in result.stdout  # score answered after the refused line


# --- one session at a time --------------------------------------------------------------


def test_a_second_session_on_the_log_is_refused_with_who_holds_it(tmp_path: Path) -> None:
    log = header_log(tmp_path)
    first = Session(GAME, str(log))
    for name in (log, tmp_path / "link.log", tmp_path / "hard.log"):
        if name.name == "link.log":
            name.symlink_to(log.name)
        elif name.name == "hard.log":
            os.link(log, name)
        with pytest.raises(LogLocked) as refused:
            Session(GAME, str(name))
        assert refused.value.holder is not None
        assert refused.value.holder.pid == os.getpid()
        assert refused.value.holder.host == socket.gethostname()
    first.close()
    assert not Path(marker_path(str(log))).exists()
    Session(GAME, str(log)).close()  # free again


def _wait_for_lock(log: Path, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while not Path(marker_path(str(log))).exists():
        assert process.poll() is None, "the first session ended"
        assert time.monotonic() < deadline, "the first session never took the lock"
        time.sleep(0.05)


def test_two_sessions_on_one_file_cannot_both_record_a_turn(tmp_path: Path) -> None:
    """Issue 21: both accepted a move for the same turn, and check then failed."""
    log = header_log(tmp_path)
    first = subprocess.Popen(
        [sys.executable, "-m", "gamelog", "play", str(log)],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    assert first.stdin is not None
    _wait_for_lock(log, first)
    second = play(log, f"{FIRST}\nquit\n")
    assert second.returncode == 1
    assert f"is being recorded by another session (pid {first.pid} on " in second.stderr
    assert ", since " in second.stderr
    first.stdin.write(f"{FIRST}\nquit\n".encode())
    first.stdin.close()
    assert first.wait(30) == 0
    assert log.read_text() == HEADER + FIRST + "\n"
    text = log.read_text()
    assert replay(GAME, text, str(log)).error is None


def test_a_killed_session_lets_go_of_the_lock(tmp_path: Path) -> None:
    log = header_log(tmp_path)
    first = subprocess.Popen(
        [sys.executable, "-m", "gamelog", "play", str(log)],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _wait_for_lock(log, first)
    first.send_signal(signal.SIGKILL)
    first.wait(10)
    assert Path(marker_path(str(log))).exists()  # stale: the lock itself went with it
    result = play(log, f"{FIRST}\nquit\n")
    no_internal_error(result)
    assert log.read_text() == HEADER + FIRST + "\n"


def test_a_file_changed_behind_the_session_is_not_written_over(tmp_path: Path) -> None:
    log = header_log(tmp_path)
    session = Session(GAME, str(log))
    with log.open("a") as editor:
        editor.write("# added in an editor\n")
    refused = session.submit(FIRST)
    assert not refused.accepted
    assert "changed outside this session" in str(refused.error)
    assert log.read_text() == HEADER + "# added in an editor\n"
    session.close()


# --- undo in place ------------------------------------------------------------------------


def test_undo_through_a_symbolic_link_keeps_the_link(tmp_path: Path) -> None:
    log = header_log(tmp_path)
    link = tmp_path / "tonight.log"
    link.symlink_to(log.name)
    session = Session(GAME, str(link))
    assert session.submit(FIRST).accepted and session.submit(SECOND).accepted
    assert session.undo() == SECOND
    session.close()
    assert link.is_symlink() and os.readlink(link) == log.name
    assert log.read_text() == HEADER + FIRST + "\n"


def test_undo_keeps_hard_links_mode_and_owner(tmp_path: Path) -> None:
    log = header_log(tmp_path)
    other = tmp_path / "other-name.log"
    os.link(log, other)
    log.chmod(0o644)
    owner = (NOBODY, NOBODY) if os.geteuid() == 0 else (os.getuid(), os.getgid())
    if os.geteuid() == 0:
        os.chown(log, *owner)
    before = log.stat()
    session = Session(GAME, str(log))
    assert session.submit(FIRST).accepted and session.submit(SECOND).accepted
    assert session.undo() == SECOND
    session.close()
    after = log.stat()
    assert after.st_ino == before.st_ino and after.st_nlink == 2
    assert stat.S_IMODE(after.st_mode) == 0o644
    assert (after.st_uid, after.st_gid) == owner
    assert other.read_text() == HEADER + FIRST + "\n"


@pytest.mark.parametrize(
    ("name", "start", "newline"),
    [
        ("crlf", b"", b"\r\n"),
        ("crlf with a byte-order mark", b"\xef\xbb\xbf", b"\r\n"),
        ("lf with a byte-order mark", b"\xef\xbb\xbf", b"\n"),
    ],
)
def test_a_log_keeps_its_line_endings_and_byte_order_mark(
    tmp_path: Path, name: str, start: bytes, newline: bytes
) -> None:
    log = tmp_path / "game.log"
    original = start + HEADER.encode().replace(b"\n", newline)
    log.write_bytes(original)
    session = Session(GAME, str(log))
    assert session.submit(FIRST).accepted and session.submit(SECOND).accepted
    assert log.read_bytes() == original + f"{FIRST}{newline.decode()}{SECOND}".encode() + newline
    assert session.undo() == SECOND
    assert log.read_bytes() == original + FIRST.encode() + newline
    assert session.undo() == FIRST
    assert log.read_bytes() == original
    session.close()


def test_a_last_line_without_its_end_is_ended_in_the_file_s_own_way(tmp_path: Path) -> None:
    log = tmp_path / "game.log"
    original = HEADER.encode().replace(b"\n", b"\r\n") + b"# the last line, unended"
    log.write_bytes(original)
    session = Session(GAME, str(log))
    assert session.submit(FIRST).accepted
    assert log.read_bytes() == original + b"\r\n" + FIRST.encode() + b"\r\n"
    assert session.undo() == FIRST
    assert log.read_bytes() == original + b"\r\n"
    session.close()


def test_undo_at_the_prompt_through_a_pipe_on_a_crlf_log(tmp_path: Path) -> None:
    log = tmp_path / "game.log"
    original = b"\xef\xbb\xbf" + HEADER.encode().replace(b"\n", b"\r\n")
    log.write_bytes(original)
    result = play(log, f"{FIRST}\r\n{SECOND}\r\nundo\r\nquit\r\n")
    no_internal_error(result)
    assert f"took back: {SECOND}" in result.stdout
    assert log.read_bytes() == original + FIRST.encode() + b"\r\n"


# --- every typed line is one line of text -------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        # Issue 21's examples: three lines in the file, two never checked; a NUL.
        (b"# note\rCid: XX at Z9\rJun: NB at A1\nquit\n", "7:7: notation error: a carriage return"),
        (b"# a\0b\nquit\n", "7:4: notation error: a NUL byte (U+0000)"),
        (b"Jun: NB at B4\x1b[2J\nquit\n", "7:14: notation error: an escape character (U+001B)"),
        (b"Jun: NB at B4 # \x07\nquit\n", "7:17: notation error: a control character (U+0007)"),
        (
            "Jun: NB at B4\u2028Cid: XX\nquit\n".encode(),
            "7:14: notation error: a line separator (U+2028)",
        ),
    ],
    ids=["carriage returns", "NUL", "escape", "bell in a comment", "line separator"],
)
def test_a_typed_line_with_a_control_character_is_refused(
    tmp_path: Path, typed: bytes, said: str
) -> None:
    log = header_log(tmp_path)
    result = play(log, typed)
    no_internal_error(result)
    assert said in result.stderr
    assert "cannot be written in a log" in result.stderr
    assert log.read_text() == HEADER
    checked = CliRunner().invoke(main, ["check", str(log)])
    assert checked.exit_code == 0, checked.output  # the file is still a log


def test_the_refused_line_is_shown_without_its_control_characters(tmp_path: Path) -> None:
    log = header_log(tmp_path)
    result = play(log, b"# note\rCid: XX at Z9\nquit\n")
    assert " 7 | # note\u240dCid: XX at Z9" in result.stderr
    assert "\r" not in result.stderr


def test_a_header_line_typed_with_a_carriage_return_is_refused(tmp_path: Path) -> None:
    new = CliRunner().invoke(
        main, ["new", "seikatsu", "--players", "Ann, Bob", "-o", str(tmp_path / "t.log")]
    )
    assert new.exit_code == 0
    log = tmp_path / "t.log"
    before = log.read_bytes()
    result = play(log, b"setup: GK at D3\rgame: eden, RB at E4\nquit\n")
    no_internal_error(result)
    assert "a carriage return (U+000D) cannot be written in a log" in result.stderr
    assert log.read_bytes() == before


# --- a read-only log ------------------------------------------------------------------------


def _play_in_process(log: Path, typed: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["play", str(log)], input=typed, env={"NO_COLOR": "1"})
    return result.exit_code, result.stdout, result.stderr


def test_a_read_only_log_opens_read_only_and_still_shows_the_game() -> None:
    """Issue 21: not noticed at the start, and the first legal move ended the session
    with 'internal error: PermissionError'; undo replaced the file."""
    typed = f"{FIRST}\nboard\nscore\nmoves\nundo\nquit\n"
    with open_folder() as folder:
        warm = header_log(folder, "warm.log", HEADER + FIRST + "\n")
        _play_in_process(warm, "board\nscore\nmoves\nundo\nquit\n")  # imports all it needs
        log = header_log(folder, text=HEADER + FIRST + "\n")
        log.chmod(0o444)
        before = log.read_bytes()
        code, out, err = as_ordinary_user(lambda: _play_in_process(log, typed))
        assert code == 1  # the piped move was refused: not recorded
        assert "game.log is read-only (Permission denied): no line can be recorded" in out
        assert "board, score and moves still work" in out
        assert "read-only> " in out
        assert "not written: the log is read-only (Permission denied)" in err
        assert "~~" in out and "birds" in out and "Cid: " in out
        assert "nothing is taken back" in err
        assert "internal error" not in err + out
        assert log.read_bytes() == before
        assert stat.S_IMODE(log.stat().st_mode) == 0o444


def test_a_read_only_file_system_opens_read_only(tmp_path: Path) -> None:
    """EROFS, which root meets too."""
    if os.geteuid() != 0:
        pytest.skip("mounting needs root")
    folder = Path(tempfile.mkdtemp(prefix="gamelog-ro-"))
    try:
        if subprocess.run(["mount", "-t", "tmpfs", "tmpfs", str(folder)]).returncode != 0:
            pytest.skip("cannot mount a tmpfs here")
        try:
            log = header_log(folder)
            remount = subprocess.run(["mount", "-o", "remount,ro", str(folder)])
            if remount.returncode != 0:
                pytest.skip("cannot remount read-only here")
            result = play(log, f"{FIRST}\nquit\n")
            no_internal_error(result)
            assert "is read-only (Read-only file system)" in result.stdout
            assert log.read_text() == HEADER
        finally:
            subprocess.run(["umount", str(folder)], check=False)
    finally:
        with contextlib.suppress(OSError):
            folder.rmdir()


# --- the header filled in at the prompt ------------------------------------------------------


def _new_log(folder: Path) -> Path:
    log = folder / "t.log"
    made = CliRunner().invoke(main, ["new", "seikatsu", "--players", "Ann, Bob", "-o", str(log)])
    assert made.exit_code == 0
    return log


def test_a_header_line_filled_in_keeps_the_file_s_line_endings_and_mark(tmp_path: Path) -> None:
    log = _new_log(tmp_path)
    original = b"\xef\xbb\xbf" + log.read_bytes().replace(b"\n", b"\r\n")
    log.write_bytes(original)
    inode = log.stat().st_ino
    result = play(log, "setup: GK at D3, RB at E4\r\nAnn: GO at E3\r\nquit\r\n")
    no_internal_error(result)
    data = log.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and b"\n" not in data.replace(b"\r\n", b"")
    assert b"setup: GK at D3, RB at E4\r\n" in data and data.endswith(b"Ann: GO at E3\r\n")
    assert log.stat().st_ino == inode  # edited in place, not replaced


def test_a_header_line_the_file_cannot_take_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    log = _new_log(tmp_path)
    before = log.read_bytes()
    long_setup = "setup: GK at D3, RB at E4  # " + "x" * 200
    result = play(log, f"{long_setup}\nquit\n", preexec_fn=_size_limit(len(before) + 100))
    no_internal_error(result)
    assert "not written: cannot write the file: File too large" in result.stderr
    assert log.read_bytes() == before


def test_a_log_that_is_only_a_byte_order_mark_takes_its_first_line_at_line_1(
    tmp_path: Path,
) -> None:
    log = tmp_path / "game.log"
    log.write_bytes(b"\xef\xbb\xbf")
    session = Session(GAME, str(log))
    assert session.next_line == 1
    session.close()
    with LogFile(str(log)) as file:
        file.append_line("# the first line")
        assert log.read_bytes() == b"\xef\xbb\xbf# the first line\n"
        file.keep_lines(0)
        assert log.read_bytes() == b"\xef\xbb\xbf"


def test_a_look_at_a_log_being_recorded_takes_no_lock_and_writes_nothing(tmp_path: Path) -> None:
    log = header_log(tmp_path)
    recording = Session(GAME, str(log))
    assert recording.submit(FIRST).accepted
    look = Session(GAME, str(log), read_only=True)  # not refused: it takes no lock
    assert look.result.moves_applied == 1 and look.to_move() == "Cid"
    refused = look.submit(SECOND)
    assert not refused.accepted and "read-only" in str(refused.error)
    look.close()
    assert recording.submit(SECOND).accepted
    recording.close()
    assert log.read_text() == HEADER + f"{FIRST}\n{SECOND}\n"

"""Faults an audit must survive without losing a record: killed workers, stuck workers,
timeouts that fire anywhere, signals, paths that are no files, inputs without bounds.

The signal tests run the real program in a process of its own (they are marked
slow but run in CI)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from lark import Transformer, Tree

from gamelog.core import audit, notation
from gamelog.core.audit import AuditTimeout, Target, audit_file, deadline, expand, run_audit
from gamelog.core.logs import read_log

ROOT = Path(__file__).resolve().parents[2]
SEIKATSU = ROOT / "samples" / "seikatsu"
LEAGUE = ROOT / "samples" / "terra_mystica" / "league_game.txt"
#: A ledger takes about 70 ms to verify: 400 of them keep two workers busy for seconds.
LEDGER = ROOT / "samples" / "terra_mystica" / "league_game_ledger.txt"
TYPED = {"ok", "illegal", "notation-error", "setup-error", "unreadable", "timeout"}


def copies(folder: Path, count: int, source: Path = SEIKATSU / "complete-2p.log") -> list[str]:
    folder.mkdir(exist_ok=True)
    text = source.read_text(encoding="utf-8")
    paths = []
    for i in range(count):
        path = folder / f"game{i:03}.log"
        path.write_text(f"{text}# copy {i}\n", encoding="utf-8")
        paths.append(str(path))
    return paths


# --- workers that die or hang ----------------------------------------------------------


def test_a_killed_worker_loses_no_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each file kills its worker once (a marker file says it has): every file is
    retried in a fresh worker and ends with its real record."""
    paths = copies(tmp_path / "logs", 12)
    real = audit.game_for

    def kill_once(text: str, forced: str | None = None):  # type: ignore[no-untyped-def]
        marker = tmp_path / f"killed-{text.rsplit('copy', 1)[1].strip()}"
        if not marker.exists():
            marker.write_text("")
            os.kill(os.getpid(), signal.SIGKILL)
        return real(text, forced)

    monkeypatch.setattr(audit, "game_for", kill_once)
    records = run_audit(paths, jobs=2)
    assert [rec["file"] for rec in records] == paths
    assert {rec["status"] for rec in records} == {"ok"}


def test_a_file_that_kills_its_worker_twice_is_an_internal_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = copies(tmp_path / "logs", 6)
    poison = paths[2]
    real = audit.game_for

    def kill_on_poison(text: str, forced: str | None = None):  # type: ignore[no-untyped-def]
        if "poison" in text:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(text, forced)

    Path(poison).write_text(Path(poison).read_text() + "# poison\n")
    monkeypatch.setattr(audit, "game_for", kill_on_poison)
    records = run_audit(paths, jobs=2)
    assert len(records) == 6
    by_file = {rec["file"]: rec for rec in records}
    assert by_file[poison]["status"] == "internal-error"
    assert by_file[poison]["error"]["message"] == (
        "the worker replaying this file died (it was tried twice)"
    )
    assert all(rec["status"] == "ok" for path, rec in by_file.items() if path != poison)


def test_a_worker_stuck_where_no_alarm_reaches_is_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = copies(tmp_path / "logs", 3)

    def deaf(text: str, forced: str | None = None):  # type: ignore[no-untyped-def]
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
        time.sleep(60)

    monkeypatch.setattr(audit, "game_for", deaf)
    started = time.monotonic()
    records = run_audit(paths, jobs=2, timeout=0.2)
    assert time.monotonic() - started < 20
    assert [rec["status"] for rec in records] == ["timeout"] * 3
    assert "its worker was killed" in records[0]["error"]["message"]


# --- timeouts ----------------------------------------------------------------------


class _Slow(Transformer):  # type: ignore[type-arg]
    def start(self, children: list[object]) -> None:
        time.sleep(5)


def test_a_timeout_inside_a_lark_transformer_is_not_wrapped() -> None:
    """Lark wraps what a callback raises in VisitError, unless it is no Exception."""
    with pytest.raises(AuditTimeout), deadline(0.05):
        notation.transform(_Slow().transform, Tree("start", []))


def test_a_timeout_during_the_parse_is_a_timeout_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gamelog.games.seikatsu import moves

    def slow(*args: object) -> list[object]:
        time.sleep(5)
        return []

    monkeypatch.setattr(moves, "moves_from", slow)
    rec = audit_file(str(SEIKATSU / "complete-2p.log"), timeout=0.1)
    assert rec["status"] == "timeout"
    assert rec["game"] == "seikatsu"


@pytest.mark.parametrize("run", range(3))
def test_tiny_timeouts_over_all_samples_give_only_records(run: int) -> None:
    targets, _ = expand([str(ROOT / "samples")])
    records = run_audit(targets, jobs=2, timeout=0.005)
    assert len(records) == len(targets)
    assert {rec["status"] for rec in records} <= TYPED


# --- signals -----------------------------------------------------------------------


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc to find the workers")
@pytest.mark.parametrize(("signum", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_stops_the_audit_at_once_with_its_finished_records(
    tmp_path: Path, signum: int, code: int
) -> None:
    copies(tmp_path / "logs", 400, LEAGUE)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gamelog",
            "audit",
            "--jobs",
            "2",
            "--format",
            "jsonl",
            str(tmp_path / "logs"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")},
        # Unbuffered: communicate() reads the pipe itself, so bytes a buffered readline
        # had read ahead (the start of the fourth record) would be lost to it -- the
        # torn record of issue 20 was this test's own read, not the audit's write.
        bufsize=0,
    )
    assert process.stdout is not None
    first = [process.stdout.readline() for _ in range(3)]  # the audit is under way
    workers = _children(process.pid)
    assert workers, "the audit started no workers"
    sent = time.monotonic()
    process.send_signal(signum)
    out, err = process.communicate(timeout=10)
    assert time.monotonic() - sent < 2.0
    assert process.returncode == code, err
    records = [json.loads(line) for line in [*first, *out.splitlines()]]
    assert 3 <= len(records) < 400
    assert {rec["status"] for rec in records} == {"ok"}
    assert b"stopped (" in err and b"Traceback" not in err
    for pid in workers:
        for _ in range(40):
            if not _alive(pid):
                break
            time.sleep(0.05)
        assert not _alive(pid), f"worker {pid} outlived the audit"


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc to find the workers")
def test_a_signal_during_a_json_audit_prints_valid_json(tmp_path: Path) -> None:
    copies(tmp_path / "logs", 400, LEDGER)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gamelog",
            "audit",
            "--jobs",
            "2",
            "--format",
            "json",
            str(tmp_path / "logs"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")},
    )
    time.sleep(2)
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=10)
    assert process.returncode == 143, err
    assert isinstance(json.loads(out), list)


# --- paths that are no files, inputs without bounds -------------------------------------


def test_a_folder_walk_keeps_every_entry(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "good.log").write_text((SEIKATSU / "complete-2p.log").read_text())
    (logs / "dangling.log").symlink_to(logs / "gone.log")
    (logs / "loop.log").symlink_to(logs / "loop.log")
    os.mkfifo(logs / "pipe.log")
    (logs / "sub").mkdir()
    (logs / "sub" / "up").symlink_to(logs)
    targets, _ = expand([str(logs), str(tmp_path / "missing.log")])
    records = {Path(rec["file"]).name: rec for rec in run_audit(targets, jobs=2, timeout=5)}
    assert records["good.log"]["status"] == "ok"
    reasons = {name: rec["error"]["message"] for name, rec in records.items() if rec["error"]}
    assert reasons == {
        "dangling.log": f"a link to a missing file ({logs / 'gone.log'})",
        "loop.log": "a symbolic link that loops back on itself",
        "pipe.log": "a named pipe (FIFO), not a log file",
        "up": "a link back to a folder above it (a loop)",
        "missing.log": "no such file",
    }
    assert all(records[name]["status"] == "unreadable" for name in reasons)


def test_an_unreadable_folder_is_a_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As root no folder is unreadable, so the refusal is simulated."""
    (tmp_path / "locked").mkdir()
    real = os.scandir

    def refuse(path: object = ".") -> object:
        if str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", refuse)
    targets, _ = expand([str(tmp_path)])
    assert targets == [
        Target(str(tmp_path / "locked"), "cannot read the folder: Permission denied")
    ]


def test_devices_and_fifos_are_refused_unread(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo.log")
    for path, words in (("/dev/zero", "a device"), (str(tmp_path / "fifo.log"), "named pipe")):
        rec = audit_file(path)
        assert rec["status"] == "unreadable" and words in rec["error"]["message"]


def test_a_file_above_the_size_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.log"
    big.write_text("game: seikatsu\n" + "#" * 2000 + "\n")
    rec = audit_file(str(big), max_bytes=1000)
    assert rec["status"] == "unreadable"
    assert rec["error"]["message"] == (
        "the file is too large to be a game log (2,016 bytes; the limit is 1,000, see --max-bytes)"
    )
    assert rec["game"] == "seikatsu"  # named from its first bytes


def test_standard_input_is_read_only_up_to_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"x" * 50)))
    with pytest.raises(audit.GamelogError) as caught:
        read_log("-", max_bytes=10)
    assert "more than 10 bytes" in caught.value.message


@pytest.mark.parametrize(
    "text",
    [
        "game: terra-mystica\nengineers: convert " + "9" * 4301 + "PW to 1W\n",
        "game: eden\nplayers: Ann (red), Ben (blue)\nmana: " + "9" * 30 + "\n",
    ],
)
def test_a_number_longer_than_any_game_allows_is_a_notation_error(
    tmp_path: Path, text: str
) -> None:
    log = tmp_path / "long.log"
    log.write_text(text)
    rec = audit_file(str(log))
    assert rec["status"] == "notation-error"
    assert "is larger than any game allows" in rec["error"]["message"]
    line = text.split("\n")[rec["error"]["line"] - 1]
    assert line[rec["error"]["column"] - 1 :].startswith("999")

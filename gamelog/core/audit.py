"""Batch audits: many log files, any games, in parallel worker processes.

Each file becomes one record (see outcome.py) whatever happens to it: a parse
error, an illegal move, an unreadable or binary file, a bug in an engine or a
replay that runs too long. One bad file never stops the batch.
"""

from __future__ import annotations

import glob
import os
import signal
import traceback
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from gamelog.core.errors import GamelogError
from gamelog.core.logs import game_for, read_log
from gamelog.core.outcome import failure_record, record
from gamelog.core.replay import replay

DEFAULT_TIMEOUT = 30.0
LOG_SUFFIXES = (".log", ".txt", ".tm", ".gamelog")


class AuditTimeout(Exception):
    """Raised inside a worker when one file has used up its time."""


class Stopped(GamelogError):
    """A file whose replay took longer than --timeout."""

    kind = "timeout"
    label = "timeout"


class Crashed(GamelogError):
    """A bug in gamelog met while replaying one file (never the user's fault)."""

    kind = "internal-error"
    label = "internal error"


def expand(paths: Iterable[str]) -> tuple[list[str], list[str]]:
    """Files named, files under folders (recursively, log-like suffixes), and glob
    matches, in a stable order. Returns (files, patterns that matched nothing)."""
    files: list[str] = []
    missing: list[str] = []
    for given in paths:
        if os.path.isdir(given):
            found = sorted(
                str(p)
                for p in Path(given).rglob("*")
                if p.is_file() and p.suffix.lower() in LOG_SUFFIXES and not _hidden(p)
            )
            files.extend(found)
        elif os.path.exists(given) or given == "-":
            files.append(given)
        elif glob.has_magic(given):
            matches = sorted(m for m in glob.glob(given, recursive=True) if os.path.isfile(m))
            files.extend(matches) if matches else missing.append(given)
        else:
            missing.append(given)
    seen: set[str] = set()
    unique = [f for f in files if not (f in seen or seen.add(f))]
    return unique, missing


def _hidden(path: Path) -> bool:
    return any(part.startswith(".") and part not in {".", ".."} for part in path.parts)


def audit_file(path: str, game: str | None = None, timeout: float | None = None) -> dict[str, Any]:
    """The record of one file; never raises."""
    armed = _arm(timeout)
    try:
        text = read_log(path)
        chosen = game_for(text, game)
        return record(replay(chosen, text, path))
    except GamelogError as error:  # unreadable, or no game to read it with
        error.path = path
        return failure_record(path, error)
    except AuditTimeout:
        return failure_record(path, Stopped(f"stopped after {timeout:g} s (--timeout)"), game)
    except RecursionError:
        return failure_record(path, Crashed("the log nests too deeply to replay"))
    except Exception as error:  # an engine bug: report it on this file, go on with the rest
        rec = failure_record(path, Crashed(f"{type(error).__name__}: {error}"))
        rec["traceback"] = traceback.format_exc()
        return rec
    finally:
        if armed:
            signal.setitimer(signal.ITIMER_REAL, 0)


def _arm(timeout: float | None) -> bool:
    """Interrupt this process after ``timeout`` seconds (Unix, main thread only)."""
    if not timeout or not hasattr(signal, "setitimer"):
        return False
    try:
        signal.signal(signal.SIGALRM, _on_alarm)
    except ValueError:  # not the main thread
        return False
    signal.setitimer(signal.ITIMER_REAL, timeout)
    return True


def _on_alarm(signum: int, frame: object) -> None:
    raise AuditTimeout


def _audit_star(args: tuple[str, str | None, float | None]) -> dict[str, Any]:
    return audit_file(*args)


def run_audit(
    files: list[str],
    *,
    game: str | None = None,
    jobs: int = 1,
    timeout: float | None = DEFAULT_TIMEOUT,
    on_done: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Audit ``files`` with ``jobs`` worker processes; records come back in file order."""
    tasks = [(path, game, timeout) for path in files]
    if jobs <= 1 or len(files) <= 1 or "-" in files:
        results = []
        for task in tasks:
            results.append(_audit_star(task))
            if on_done:
                on_done(results[-1])
        return results
    results = []
    for rec in _parallel(tasks, jobs):
        results.append(rec)
        if on_done:
            on_done(rec)
    return results


def _parallel(tasks: list[tuple[str, str | None, float | None]], jobs: int) -> Iterator[dict]:
    from concurrent.futures import ProcessPoolExecutor  # only audits with --jobs > 1 pay for it

    chunk = max(1, min(64, len(tasks) // (jobs * 8)))
    with ProcessPoolExecutor(max_workers=jobs, initializer=_worker_init) as pool:
        yield from pool.map(_audit_star, tasks, chunksize=chunk)


def _worker_init() -> None:
    """Workers leave Ctrl-C to the parent, which shuts the pool down."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

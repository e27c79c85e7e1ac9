"""Batch audits: many log files, any games, in parallel worker processes.

Each file becomes one record (see outcome.py) whatever happens to it: a parse
error, an illegal move, an unreadable, binary or oversized file, something that
is no file at all (a dangling link, a FIFO), a bug in an engine, a replay that
runs too long, a worker process that dies. One bad file never stops the batch,
and a signal stops it with every finished record kept (workers.py).
"""

from __future__ import annotations

import glob
import json
import os
import traceback
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from gamelog import games
from gamelog.core.errors import Crashed, GamelogError, Stopped
from gamelog.core.logs import (
    DEFAULT_MAX_BYTES,
    UnreadableLog,
    game_for,
    guess_game,
    is_absent,
    read_log,
)
from gamelog.core.outcome import failure_record, record
from gamelog.core.replay import replay
from gamelog.core.timer import DEFAULT_TIMEOUT, AuditTimeout, deadline, import_was_cut
from gamelog.core.workers import run_here

if TYPE_CHECKING:
    from gamelog.core.replay import Replay

#: Turns a replay and its record into what a caller keeps of it (made in the worker,
#: so that only that crosses back): ``ratings`` keeps a few numbers per game.
Shape = Callable[["Replay", dict[str, Any]], dict[str, Any]]

#: The file suffixes of any game's logs; a game adds its own in its meta.py.
COMMON_SUFFIXES = (".log", ".txt", ".gamelog")


def log_suffixes() -> tuple[str, ...]:
    """The suffixes of the files a folder's walk takes: the common ones and every
    game's own (``GameMeta.suffixes``)."""
    return (*COMMON_SUFFIXES, *(s for s in games.suffixes() if s not in COMMON_SUFFIXES))


def summary(result: Replay, rec: dict[str, Any]) -> dict[str, Any]:
    """What an audit's table, CSV and page show of a record (a ``Shape``): its file,
    game, status, moves, result and first problem, and the players' names. A whole
    record is some 56 KB in the parent (every player's breakdown, notes, figures);
    this is a few hundred bytes, so that the parent of an audit of any size holds
    little more than one row per file."""
    return summarise(rec)


def json_line(result: Replay, rec: dict[str, Any]) -> dict[str, Any]:
    """A record as its line of JSON, made in the worker (a ``Shape``): the text is
    what an audit's JSON lines write, and a string crosses the pipe for a fraction of
    what the nested record costs to pickle and to dump again in the parent. Keeps
    the file, game and status besides, for the exit code and the progress bar."""
    return {
        "file": rec["file"],
        "game": rec["game"],
        "status": rec["status"],
        "json_line": json.dumps(rec, ensure_ascii=False),
    }


def json_text(result: Replay, rec: dict[str, Any]) -> dict[str, Any]:
    """A record as ``json.dumps(record, indent=2)`` writes it, compressed (a ``Shape``,
    made in the worker): ``audit --format json`` sets these down in a temporary file
    as they come and writes them out in the files' order at the end, so that its
    parent holds no record (whole, 56 KB each, they made 5.6 GB at 100,000 logs). A
    text of some 30 KB is some 3 KB compressed (zlib level 1, a quarter of a
    millisecond): the temporary file of 100,000 logs is some 300 MB, not 3 GB.
    Keeps the file, game and status besides, for the exit code."""
    return {
        "file": rec["file"],
        "game": rec["game"],
        "status": rec["status"],
        "json_text": compressed_json(rec),
    }


def compressed_json(rec: dict[str, Any]) -> bytes:
    """``json.dumps(public(rec), indent=2)``, UTF-8, compressed (``zlib``, level 1)."""
    text = json.dumps(public(rec), indent=2, ensure_ascii=False)
    return zlib.compress(text.encode("utf-8"), 1)


def public(rec: dict[str, Any]) -> dict[str, Any]:
    """A record as the output shows it: without the traceback of an internal error
    (``--debug`` prints it)."""
    return {key: value for key, value in rec.items() if key != "traceback"}


class SharedText:
    """The summaries an audit's parent keeps, their repeated text held once: unpickled,
    each record has its own copy of every key, game, status and player's name (some
    1.5 KB of a summary's 2.5 KB); settled here, a summary holds one copy of each
    across the batch, and the same ``{"name": ...}`` for a player named in many logs.
    Only what repeats is shared (a file's path is its own)."""

    def __init__(self) -> None:
        self.texts: dict[str, str] = {}
        self.players: dict[str, dict[str, str]] = {}

    def text(self, value: Any) -> Any:
        return self.texts.setdefault(value, value) if isinstance(value, str) else value

    def __call__(self, rec: dict[str, Any]) -> dict[str, Any]:
        text = self.text
        kept = {text(key): value for key, value in rec.items()}
        for key in ("game", "status"):
            kept[key] = text(rec.get(key))
        players = rec.get("players")
        if players and all(len(player) == 1 and "name" in player for player in players):
            kept["players"] = [
                self.players.setdefault(player["name"], {text("name"): text(player["name"])})
                for player in players
            ]
        if rec.get("winners"):
            kept["winners"] = [text(name) for name in rec["winners"]]
        error = rec.get("error")
        if isinstance(error, dict):
            kept["error"] = {text(key): value for key, value in error.items()}
        return kept


def summarise(rec: dict[str, Any]) -> dict[str, Any]:
    """The summary of a record, whatever it is (replayed, or a failure's)."""
    error = rec["error"]
    kept: dict[str, Any] = {
        "file": rec["file"],
        "game": rec["game"],
        "status": rec["status"],
        "moves": rec["moves"],
        "finished": rec["finished"],
        "winners": rec["winners"],
        "players": [{"name": player["name"]} for player in rec["players"]],
        "error": None if error is None else {"line": error["line"], "message": error["message"]},
    }
    if "traceback" in rec:
        kept["traceback"] = rec["traceback"]
    return kept


class Target(NamedTuple):
    """One entry of an audit: a file to replay, or a path that cannot be one (with why).

    A named tuple, not a dataclass, as ``_Task`` is: an audit holds one per file (some
    56 bytes, where a dataclass's instance is twice that), and a dataclass costs a
    millisecond of every audit's start-up to make."""

    path: str
    problem: str | None = None


def expand(paths: Iterable[str]) -> tuple[list[Target], list[str]]:
    """The files named, the log files under folders (recursively) and glob matches, in a
    stable order, with every entry that cannot be read as a log kept as a Target
    with its problem (a dangling link, a link loop, a FIFO, a folder that cannot be
    read, a name that does not exist). Returns (targets, names that matched nothing)."""
    targets: list[Target] = []
    missing: list[str] = []
    for given in paths:
        if given == "-":
            targets.append(Target(given))
        elif os.path.isdir(given):
            targets.extend(_walk(Path(given)))
        elif not is_absent(given):
            targets.append(Target(given))
        elif glob.has_magic(given):
            matches = sorted(glob.glob(given, recursive=True))
            if not matches:
                missing.append(given)
                targets.append(Target(given, "no file matches this pattern"))
            for match in matches:
                targets.extend(_walk(Path(match)) if os.path.isdir(match) else [Target(match)])
        else:
            missing.append(given)
            targets.append(Target(given, "no such file"))
    seen: set[str] = set()
    unique = [t for t in targets if not (t.path in seen or seen.add(t.path))]
    return unique, missing


def _walk(folder: Path) -> list[Target]:
    """Log files under ``folder``, links to folders followed; entries that cannot be
    walked or read are kept with their problem, and a link back into a folder
    already walked (a loop) is kept as one entry instead of being walked for ever."""
    found: list[Target] = []
    suffixes = log_suffixes()
    visited: set[tuple[int, int]] = set()

    def unreadable(error: OSError) -> None:
        found.append(Target(error.filename, f"cannot read the folder: {error.strerror}"))

    for root, folders, files in os.walk(folder, onerror=unreadable, followlinks=True):
        base = Path(root)
        try:
            info = os.stat(root)
        except OSError:
            continue
        visited.add((info.st_dev, info.st_ino))
        kept = []
        for name in sorted(folders):
            if name.startswith("."):
                continue
            try:
                child = os.stat(base / name)
            except OSError:
                continue
            if (child.st_dev, child.st_ino) in visited:
                found.append(Target(str(base / name), "a link back to a folder above it (a loop)"))
                continue
            kept.append(name)
        folders[:] = kept
        for name in sorted(files):
            path = base / name
            if name.startswith(".") or path.suffix.lower() not in suffixes:
                continue
            found.append(Target(str(path)))
    found.sort(key=lambda target: target.path)
    return found


# --- one file ----------------------------------------------------------------------


def audit_file(
    path: str,
    game: str | None = None,
    timeout: float | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    text: str | None = None,
    shape: Shape | None = None,
) -> dict[str, Any]:
    """The record of one file (``text``: already read, e.g. standard input), or what
    ``shape`` makes of a replayed one; never raises.

    A timeout that fires anywhere (reading, importing an engine, parsing, the
    replay, building the record) gives the timeout record.
    """
    known: list[str | None] = [game]  # the game, once it is known (for a timeout's record)
    try:
        with deadline(timeout):
            return _audit(path, known, max_bytes, text, shape)
    except AuditTimeout:
        return failure_record(path, Stopped(f"stopped after {timeout:g} s (--timeout)"), known[0])


def _audit(
    path: str, known: list[str | None], max_bytes: int, text: str | None, shape: Shape | None
) -> dict[str, Any]:
    try:
        if text is None:
            text = read_log(path, max_bytes)
        chosen = game_for(text, known[0])
        known[0] = chosen.name
        result = replay(chosen, text, path)
        return record(result) if shape is None else shape(result, record(result))
    except UnreadableLog as error:
        error.path = path
        return failure_record(path, error, known[0] or guess_game(path))
    except GamelogError as error:  # no game to read it with
        error.path = path
        return failure_record(path, error, known[0])
    except RecursionError:
        return failure_record(path, Crashed("the log nests too deeply to replay"), known[0])
    except Exception as error:  # an engine bug: report it on this file, go on with the rest
        rec = failure_record(path, Crashed(f"{type(error).__name__}: {error}"), known[0])
        rec["traceback"] = traceback.format_exc()
        return rec


# --- many files --------------------------------------------------------------------


class _Task(NamedTuple):
    """What a worker is sent of one file (a tuple: pickled small and fast)."""

    target: Target
    game: str | None
    timeout: float | None
    max_bytes: int
    text: str | None = None
    shape: Shape | None = None


def _work(task: _Task) -> dict[str, Any]:
    if task.target.problem is not None:
        error = UnreadableLog(task.target.problem, path=task.target.path)
        return failure_record(task.target.path, error, task.game)
    return audit_file(
        task.target.path, task.game, task.timeout, task.max_bytes, task.text, task.shape
    )


def _died(task: _Task) -> dict[str, Any]:
    error = Crashed("the worker replaying this file died (it was tried twice)")
    return failure_record(task.target.path, error, task.game)


def _stuck(task: _Task) -> dict[str, Any]:
    error = Stopped(f"stopped after {task.timeout:g} s (--timeout); its worker was killed")
    return failure_record(task.target.path, error, task.game)


def run_audit(
    targets: list[Target] | list[str],
    *,
    game: str | None = None,
    jobs: int = 1,
    timeout: float | None = DEFAULT_TIMEOUT,
    max_bytes: int = DEFAULT_MAX_BYTES,
    on_done: Callable[[dict[str, Any]], None] | None = None,
    shape: Shape | None = None,
    keep: bool = True,
    on_done_at: Callable[[int, dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Audit ``targets`` with ``jobs`` worker processes; records come back in the
    targets' order, and ``on_done`` sees each as it finishes. The largest files start
    first, so that the batch does not wait on one big file at its end. ``shape`` makes
    what comes back of each replayed file (in the worker); with ``keep`` False nothing
    is kept (``on_done`` takes each as it comes, and the list returned is empty), so
    that a batch of any size costs no more memory than its caller keeps.

    ``on_done_at(index, record)`` is ``on_done`` told the target's place as well
    (records finish in any order).

    Raises workers.Interrupted (with the finished records) on Ctrl-C or SIGTERM.
    """
    tasks = [
        _task(Target(t) if isinstance(t, str) else t, game, timeout, max_bytes, shape)
        for t in targets
    ]
    entries = [task.target for task in tasks]

    done = on_done_at or ((lambda index, rec: on_done(rec)) if on_done else None)
    order = start_order(entries) if len(tasks) > 1 else None
    pool = {
        "timeout": timeout,
        "died": _died,
        "stuck": _stuck,
        "order": order,
        "on_done": done,
        "keep": keep,
        "unsound": import_was_cut,
        "settle": SharedText() if keep and shape is summary else None,
    }
    if jobs <= 1 or len(tasks) == 1:
        return run_here(tasks, _work, **pool)
    from gamelog.core.workers import run_pool  # multiprocessing only for a pool

    return run_pool(tasks, _work, jobs=jobs, **pool)


def _task(
    target: Target, game: str | None, timeout: float | None, max_bytes: int, shape: Shape | None
) -> _Task:
    """The task of one target; standard input is read here, by the parent, once."""
    if target.path != "-" or target.problem is not None:
        return _Task(target, game, timeout, max_bytes, shape=shape)
    try:
        text = read_log("-", max_bytes)
    except GamelogError as error:
        return _Task(Target("-", error.message), game, timeout, max_bytes, shape=shape)
    return _Task(target, game, timeout, max_bytes, text, shape)


def start_order(targets: list[Target]) -> list[int]:
    """The order to start files in: the largest first, so that a batch never ends
    waiting on one big file (and a progress bar keeps moving to the end)."""
    return sorted(range(len(targets)), key=lambda i: -_size(targets[i]))


def _size(target: Target) -> int:
    try:
        return os.stat(target.path).st_size if target.problem is None else 0
    except OSError:
        return 0

"""Worker processes for batch audits that lose no record, whatever happens to a worker.

A pool from the standard library gives up when one of its workers dies (a
``kill -9``, the kernel's out-of-memory killer, a crash in C code) and cannot say
which file was being replayed. This pool gives each worker one file at a time
over its own pipe, so the parent always knows what every worker holds:

* a worker that dies is replaced, and its file is tried once more in the fresh
  worker; a file that kills its worker twice is recorded as an internal error;
* a worker still busy well past the file's timeout (stuck where Python's own
  alarm cannot reach) is killed and its file recorded as a timeout;
* on Ctrl-C or SIGTERM the parent kills every worker at once and hands back what
  has finished (``Interrupted``).

With one job there is no pool: ``run_here`` replays the files in this process, under
the same rules (each file's record whatever happens to it, the records finished
before a signal handed back), and hands what is left to fresh processes if a file
has left this one unsound.

Workers write nothing to the terminal (their standard streams go to /dev/null, so
a worker left behind can never hold a caller's pipe open) and die with the
parent (Linux: PR_SET_PDEATHSIG; elsewhere the pipe's end stops them).
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from gamelog.core.files import signals_held

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

Record = dict[str, Any]
#: ``work(task)`` in a worker: one record, never an exception.
Work = Callable[[Any], Record]

#: How long past its timeout a worker may stay silent before the parent kills it.
GRACE = 2.0


class Interrupted(BaseException):
    """The audit was stopped by a signal; ``records`` holds every finished record (in
    task order, None where a task did not finish)."""

    def __init__(self, signum: int, records: list[Record | None]) -> None:
        super().__init__(signum)
        self.signum = signum
        self.records = records


class Terminated(BaseException):
    """Raised in the parent by its SIGTERM handler."""


class _Worker:
    """One worker process, the pipe to it, and the task it holds since when."""

    __slots__ = ("connection", "process", "started", "task")

    def __init__(self, process: Any, connection: Connection) -> None:
        self.process = process
        self.connection = connection
        self.task: int | None = None
        self.started = 0.0


def run_here(
    tasks: Sequence[Any],
    work: Work,
    *,
    timeout: float | None,
    died: Callable[[Any], Record],
    stuck: Callable[[Any], Record],
    order: Sequence[int] | None = None,
    on_done: Callable[[int, Record], None] | None = None,
    keep: bool = True,
    unsound: Callable[[], bool] | None = None,
    settle: Callable[[Record], Record] | None = None,
) -> list[Record]:
    """``run_pool`` with one job, in this process: no process to start, nothing to
    pickle. ``work`` keeps each file to its time (core/timer.py) and turns whatever
    goes wrong into its record; Ctrl-C and SIGTERM raise ``Interrupted`` with the
    finished records, as the pool does. If ``unsound()`` says a task has left this
    process unsound (a timeout cut an import short), the tasks left go to a pool of
    one fresh interpreter (spawned: a fork would inherit the half-imported module).
    ``settle`` as for ``run_pool``."""
    results: list[Record | None] = [None] * len(tasks) if keep else []
    pending = deque(order if order is not None else range(len(tasks)))

    def finish(index: int, record: Record) -> None:
        if keep:
            results[index] = record = settle(record) if settle is not None else record
        elif on_done is not None:  # kept nowhere else: a signal waits until it is handed on
            with signals_held():
                on_done(index, record)
            return
        if on_done is not None:
            on_done(index, record)

    with _terminate_as_exception():
        try:
            while pending:
                index = pending[0]
                record = work(tasks[index])
                pending.popleft()
                finish(index, record)
                if pending and unsound is not None and unsound():
                    rest = list(pending)
                    pending.clear()
                    run_pool(
                        tasks,
                        work,
                        jobs=1,
                        timeout=timeout,
                        died=died,
                        stuck=stuck,
                        order=rest,
                        on_done=finish,
                        keep=False,
                        unsound=unsound,
                        fresh=True,
                    )
        except Interrupted as stop:  # in the pool of the tasks left
            raise Interrupted(stop.signum, results) from None
        except (KeyboardInterrupt, Terminated) as stop:
            signum = signal.SIGINT if isinstance(stop, KeyboardInterrupt) else signal.SIGTERM
            raise Interrupted(signum, results) from None
    return [record for record in results if record is not None]


def run_pool(
    tasks: Sequence[Any],
    work: Work,
    *,
    jobs: int,
    timeout: float | None,
    died: Callable[[Any], Record],
    stuck: Callable[[Any], Record],
    order: Sequence[int] | None = None,
    on_done: Callable[[int, Record], None] | None = None,
    keep: bool = True,
    unsound: Callable[[], bool] | None = None,
    fresh: bool = False,
    settle: Callable[[Record], Record] | None = None,
) -> list[Record]:
    """Run ``work`` over ``tasks`` in ``jobs`` worker processes; one record per task,
    in task order. ``died(task)`` and ``stuck(task)`` make the records of a task whose
    worker died twice or would not stop. ``order`` is the order to start them in.
    With ``keep`` False no record is kept (``on_done`` sees each one; the list is
    empty). A worker in which ``unsound()`` is true after a task (asked there) is
    replaced by a fresh one before it is given another. ``fresh``: workers are new
    interpreters (spawned), not copies of this process. ``settle(record)`` is what is
    kept of a record (``core.audit.SharedText``: its repeated text held once)."""
    from multiprocessing.connection import wait

    results: list[Record | None] = [None] * len(tasks) if keep else []
    pending = deque(order if order is not None else range(len(tasks)))
    retried: set[int] = set()
    context = _context(fresh)
    workers: list[_Worker] = []
    deadline = (timeout + GRACE) if timeout else None

    def finish(index: int, record: Record) -> None:
        if keep:
            results[index] = record = settle(record) if settle is not None else record
        elif on_done is not None:  # kept nowhere else: a signal waits until it is handed on
            with signals_held():
                on_done(index, record)
            return
        if on_done is not None:
            on_done(index, record)

    def start() -> _Worker:
        parent_end, child_end = context.Pipe()
        process = context.Process(target=_serve, args=(child_end, work, unsound), daemon=True)
        process.start()
        child_end.close()
        worker = _Worker(process, parent_end)
        workers.append(worker)
        return worker

    def retire(worker: _Worker, kill: bool) -> None:
        workers.remove(worker)
        if kill:
            _kill(worker.process)
        worker.process.join(1)
        worker.connection.close()

    def assign(worker: _Worker, index: int) -> None:
        worker.task = index
        worker.started = time.monotonic()
        worker.connection.send(tasks[index])

    with _terminate_as_exception():
        try:
            for _ in range(min(jobs, len(tasks))):
                start()
            while pending or any(w.task is not None for w in workers):
                for worker in workers:
                    if worker.task is None and pending:
                        assign(worker, pending.popleft())
                busy = [w for w in workers if w.task is not None]
                ready = set(wait([w.connection for w in busy], timeout=0.25))
                for worker in busy:
                    index = worker.task
                    assert index is not None
                    if worker.connection in ready:
                        try:
                            record, spent = worker.connection.recv()
                        except (EOFError, OSError):
                            record = None
                        if record is not None:
                            worker.task = None
                            finish(index, record)
                            if spent:  # it stops after sending
                                retire(worker, kill=False)
                                start()
                            continue
                    elif worker.process.is_alive():
                        if deadline and time.monotonic() - worker.started > deadline:
                            retire(worker, kill=True)
                            finish(index, stuck(tasks[index]))
                            start()
                        continue
                    # The worker died holding this task: once more in a fresh one.
                    retire(worker, kill=True)
                    replacement = start()
                    if index in retried:
                        finish(index, died(tasks[index]))
                    else:
                        retried.add(index)
                        assign(replacement, index)
        except (KeyboardInterrupt, Terminated) as stop:
            for worker in list(workers):
                retire(worker, kill=True)
            signum = signal.SIGINT if isinstance(stop, KeyboardInterrupt) else signal.SIGTERM
            raise Interrupted(signum, results) from None
        finally:
            for worker in list(workers):
                with contextlib.suppress(OSError):
                    worker.connection.send(None)
                retire(worker, kill=worker.task is not None)
    return [record for record in results if record is not None]


def _serve(connection: Connection, work: Work, unsound: Callable[[], bool] | None) -> None:
    """A worker: replay what the parent sends until it sends None or goes away, or
    the work has left this process unsound (it says so with its record, and stops)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent()
    _silence()
    while True:
        try:
            task = connection.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        record = work(task)
        spent = unsound is not None and unsound()
        connection.send((record, spent))
        if spent:
            return


def _context(fresh: bool = False) -> Any:
    """Fork where there is one (workers start in milliseconds, with the parent's
    modules), else spawn; spawn when ``fresh``."""
    import multiprocessing

    if fresh:
        return multiprocessing.get_context("spawn")
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def _kill(process: Any) -> None:
    with contextlib.suppress(OSError, AttributeError):
        process.kill()


def _silence() -> None:
    """Point the worker's standard streams at /dev/null."""
    with contextlib.suppress(OSError):
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)
        os.close(devnull)


def _die_with_parent() -> None:
    """Ask Linux to kill this worker when its parent dies."""
    with contextlib.suppress(Exception):
        import ctypes

        libc = ctypes.CDLL(None)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGKILL)
        if os.getppid() == 1:  # the parent died before the request took hold
            os._exit(1)


@contextlib.contextmanager
def _terminate_as_exception() -> Any:
    """While the pool runs, SIGTERM in the parent raises Terminated (in the main
    thread), so that workers are stopped and finished records kept."""

    def on_term(signum: int, frame: object) -> None:
        raise Terminated

    try:
        previous = signal.signal(signal.SIGTERM, on_term)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)

"""Deadlines: a replay (or anything) stopped after so many seconds, in this process,
by the interval timer's alarm; and the blocks no alarm may cut short.

A deadline raises :class:`AuditTimeout` wherever the code is when the time is up.
That is what bounds an engine's work on a hostile log, and it is also why a
one-time piece of work of the process, importing a game's engine, is made
:func:`untimed`: cut short, it would leave the process unsound for every file
after (see :func:`import_was_cut`).
"""

from __future__ import annotations

import contextlib
import signal
import time
from collections.abc import Iterator
from types import FrameType

#: A log's time limit when none is given (``--timeout``).
DEFAULT_TIMEOUT = 30.0
#: Seconds between alarms once a deadline's time is up, until the block is left. One
#: alarm is not enough: an exception raised where Python drops it (inside a garbage
#: collector callback, which it prints as "Exception ignored" and forgets, or a
#: ``__del__``) would leave the block running with no deadline at all.
REPEAT = 0.1


class AuditTimeout(BaseException):
    """Raised inside a replay when its file has used up its time.

    A BaseException, like KeyboardInterrupt, so that no ``except Exception`` on the
    way (an engine's, Lark's own transformer wrapper) can swallow or re-wrap it:
    wherever it fires, it reaches the code that armed it.
    """


class deadline:
    """Raise AuditTimeout in this process after ``seconds`` (Unix, main thread);
    nothing elsewhere.

    Deadlines nest: one armed inside another fires at the sooner of the two, and on
    leaving it the outer one is armed again for what is left of its time (at once,
    if that has run out while the inner one was armed)."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.armed = False
        self.outer_ends: float | None = None

    def __enter__(self) -> deadline:
        if self.seconds and hasattr(signal, "setitimer"):
            try:
                self.previous = signal.signal(signal.SIGALRM, _on_alarm)
            except ValueError:  # not the main thread
                return self
            self.armed = True
            try:
                outer, _ = signal.getitimer(signal.ITIMER_REAL)
                self.outer_ends = time.monotonic() + outer if outer else None
                first = min(self.seconds, outer or self.seconds)
                signal.setitimer(signal.ITIMER_REAL, first, REPEAT)
            except AuditTimeout:
                # The time ran out before the block began (a process paused just after
                # the timer was set, a tiny timeout). ``with`` leaves without calling
                # ``__exit__`` when ``__enter__`` raises, and a timer left repeating would
                # fire in whatever the process does next: the next file's deadline
                # would take it for an outer one and arm it again on leaving.
                self.__exit__()
                raise
        return self

    def __exit__(self, *exc: object) -> None:
        if self.armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)
            self.armed = False
            if self.outer_ends is not None:
                left = self.outer_ends - time.monotonic()
                signal.setitimer(signal.ITIMER_REAL, max(left, 0.001), REPEAT)


#: The imports a timeout has cut short, noted for :func:`import_was_cut`.
_CUT_IMPORTS: list[str] = []


def _on_alarm(signum: int, frame: FrameType | None) -> None:
    """The deadline's alarm: the time is up here. An import it cuts short is noted."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            _CUT_IMPORTS.append(frame.f_code.co_name)
            break
        frame = frame.f_back
    raise AuditTimeout


@contextlib.contextmanager
def untimed() -> Iterator[None]:
    """Stop the clock of an armed deadline for the block; it goes on where it was
    after it. For importing a game's engine, which is the process's cost, not the
    file's, and must never be cut short: an import cut short leaves behind the
    modules it had finished, holding the half-run ones they imported (a rule module
    without its last functions), and every later file of the process fails on them."""
    if not hasattr(signal, "setitimer"):
        yield
        return
    left, repeat = signal.setitimer(signal.ITIMER_REAL, 0)
    try:
        yield
    finally:
        if left:
            signal.setitimer(signal.ITIMER_REAL, left, repeat)


def import_was_cut() -> bool:
    """Whether a timeout in this process has cut an import short since the last call
    (then the process is unsound: see :func:`untimed`)."""
    cut = bool(_CUT_IMPORTS)
    _CUT_IMPORTS.clear()
    return cut

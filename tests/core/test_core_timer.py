"""A deadline ends its block even when its first alarm is lost: an exception raised
inside a garbage collector callback is printed and dropped by Python, and the block
went on without any deadline (a ``check --timeout 2`` ran for 497 s under pytest,
whose Hypothesis plugin times collections with such a callback)."""

from __future__ import annotations

import contextlib
import gc
import signal
import time

import pytest

from gamelog.core.timer import REPEAT, AuditTimeout, deadline, untimed


def _spin(seconds: float) -> None:
    """Busy work for at most ``seconds``; the deadline must end it first."""
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        pass


# The first alarm's AuditTimeout is dropped in the callback: what Python says of it.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_an_alarm_lost_in_a_collector_callback_is_given_again() -> None:
    def slow_callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            time.sleep(0.3)  # the alarm is due here, where its exception is dropped

    gc.callbacks.append(slow_callback)
    started = time.monotonic()
    try:
        with pytest.raises(AuditTimeout), deadline(0.05):
            gc.collect()
            gc.callbacks.remove(slow_callback)
            _spin(3.0)
    finally:
        if slow_callback in gc.callbacks:
            gc.callbacks.remove(slow_callback)
    assert time.monotonic() - started < 0.3 + 5 * REPEAT + 0.5


def test_an_alarm_swallowed_by_the_code_is_given_again() -> None:
    swallowed = 0
    started = time.monotonic()
    with pytest.raises(AuditTimeout), deadline(0.05):
        try:
            _spin(3.0)
        except BaseException:  # code that catches too much, as some libraries do
            swallowed += 1
        _spin(3.0)
    assert swallowed == 1
    assert time.monotonic() - started < 1.0


def test_no_alarm_after_the_block_is_left() -> None:
    with deadline(0.05):
        pass
    _spin(0.3)  # an alarm still armed would raise here


def test_untimed_keeps_the_repeat_of_the_deadline_around_it() -> None:
    started = time.monotonic()
    with pytest.raises(AuditTimeout), deadline(0.1):
        with untimed():
            _spin(0.3)  # not counted
        with contextlib.suppress(AuditTimeout):
            _spin(3.0)
        _spin(3.0)
    assert 0.35 < time.monotonic() - started < 1.5


def test_an_alarm_due_before_the_block_begins_leaves_no_timer_running(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The process paused just after the timer was set, so that the alarm comes inside
    ``__enter__`` (an audit's ``--timeout 0.005`` on a loaded machine): ``with`` then
    never calls ``__exit__``, and a timer left repeating fired in the next file's
    record, outside every deadline, and killed the worker."""
    real_setitimer = signal.setitimer

    def paused_after(which: int, seconds: float, interval: float = 0.0) -> tuple[float, float]:
        previous = real_setitimer(which, seconds, interval)
        if seconds:
            time.sleep(0.2)  # the alarm is due here, before the block begins
        return previous

    handler = signal.getsignal(signal.SIGALRM)
    outer, _ = signal.getitimer(signal.ITIMER_REAL)  # pytest-timeout's, where it runs
    started = time.monotonic()
    monkeypatch.setattr(signal, "setitimer", paused_after)
    with pytest.raises(AuditTimeout), deadline(0.01):
        pytest.fail("the block began after its time was up")
    monkeypatch.undo()
    left, _ = signal.getitimer(signal.ITIMER_REAL)
    if outer:  # an outer timer goes on with what is left of its time
        assert abs(left - (outer - (time.monotonic() - started))) < 0.5
    else:
        assert left == 0.0
    assert signal.getsignal(signal.SIGALRM) == handler
    if not outer:
        _spin(0.3)  # an alarm still armed would raise here

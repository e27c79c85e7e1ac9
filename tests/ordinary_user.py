"""Running a piece of a test as an ordinary user: root reads and writes every file
whatever its mode, so a read-only log or a folder that cannot be searched is only
what it says for someone else.

Under root the piece runs in a forked child that has become ``nobody`` (no new
program is started: the interpreter may live where nobody can read); as anyone
else it simply runs. What it returns comes back through a pipe."""

from __future__ import annotations

import os
import pickle
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")
NOBODY = 65534


def as_ordinary_user(action: Callable[[], T]) -> T:
    """``action()``, run without root's powers. Modules it needs should be imported
    before (in the child, nobody may not be able to read them)."""
    if os.geteuid() != 0:
        return action()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: nobody, then the action, then out without cleanup
        os.close(read_end)
        try:
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            outcome: tuple[bool, object] = (True, action())
        except BaseException as error:  # handed to the parent
            outcome = (False, repr(error))
        with os.fdopen(write_end, "wb") as pipe:
            pickle.dump(outcome, pipe)
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    ok, value = pickle.loads(data)
    if not ok:
        raise AssertionError(f"as an ordinary user: {value}")
    return value  # type: ignore[return-value]


@contextmanager
def open_folder() -> Iterator[Path]:
    """A scratch folder an ordinary user can reach (pytest's own is root's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="gamelog-test-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        for path in [folder, *folder.rglob("*")]:
            if path.is_dir() and not path.is_symlink():
                path.chmod(0o755)
        shutil.rmtree(folder, ignore_errors=True)

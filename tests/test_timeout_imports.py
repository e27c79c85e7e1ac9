"""A timeout never leaves a process half-imported: the engine of a game is imported
whole before its file's time can run out, and an audit worker whose file timed out
(wherever that happened) is replaced before the next file. Each case runs in a fresh
interpreter, so that the engines are not imported yet."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TERRA_MYSTICA = sorted((ROOT / "samples" / "terra_mystica").glob("*.txt"))[:6]


def _python(script: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_timeout_due_during_an_engine_s_import_fires_after_it() -> None:
    """10 ms: less than importing Terra Mystica's engine takes. The deadline comes due
    during the import, fires once it is done, and the engine is there whole."""
    out = _python(
        """
        import json, sys, time
        from gamelog import games
        from gamelog.core.timer import AuditTimeout, deadline
        loaded = False
        started = time.monotonic()
        try:
            with deadline(0.01):
                games.load("terra_mystica")
                loaded = True
                time.sleep(10)
        except AuditTimeout:
            pass
        whole = "gamelog.games.terra_mystica.game" in sys.modules
        from gamelog.games.terra_mystica.rules import actions, turn
        print(json.dumps([loaded, whole, actions.turn is turn, time.monotonic() - started]))
        """
    )
    loaded, whole, same, took = json.loads(out)
    assert (loaded, whole, same) == (True, True, True)
    assert took < 5  # the deadline did fire, after the import


def test_an_audit_worker_whose_file_timed_out_is_not_given_another(tmp_path: Path) -> None:
    """The deadline's alarm made to fire inside Terra Mystica's rules/turn.py as it is
    first imported (in the audit's one worker), before its ``require_subaction`` is
    defined, which actions.py, imported after it, uses. (An engine is imported
    untimed, so this stands for any import a timeout could still cut.) The first file
    times out, and every other file gets its own verdict, in a fresh worker, not
    "turn has no attribute require_subaction"."""
    flow = ROOT / "gamelog" / "games" / "terra_mystica" / "rules" / "turn.py"
    line = next(
        number
        for number, text in enumerate(flow.read_text().split("\n"), start=1)
        if text.startswith("def require_subaction")
    )
    paths = [str(path) for path in TERRA_MYSTICA]
    once = tmp_path / "cut"
    out = _python(
        f"""
        import json, os, signal, sys
        from gamelog.core import timer
        from gamelog.core.audit import run_audit

        def trace(frame, event, arg):
            if frame.f_code.co_filename.endswith("terra_mystica/rules/turn.py"):
                return cut
            return None

        def cut(frame, event, arg):
            if event == "line" and frame.f_lineno >= {line}:
                sys.settrace(None)
                if not os.path.exists({str(once)!r}):  # in the first worker only
                    open({str(once)!r}, "w").close()
                    timer._on_alarm(signal.SIGALRM, frame)  # the deadline's alarm, here
            return cut

        sys.settrace(trace)
        records = run_audit({paths!r}, jobs=1, timeout=60)
        sys.settrace(None)
        print(json.dumps([[r["file"], r["status"], r["error"]] for r in records]))
        """
    )
    records = json.loads(out)
    assert len(records) == len(paths)
    assert sum(status == "timeout" for _, status, _ in records) == 1
    assert all(status != "internal-error" for _, status, _ in records), records
    expected = _python(
        f"""
        import json
        from gamelog.core.audit import run_audit
        records = run_audit({paths!r}, jobs=1, timeout=60)
        print(json.dumps([[r["file"], r["status"], r["error"]] for r in records]))
        """
    )
    finished = {path for path, status, _ in records if status != "timeout"}
    assert [r for r in records if r[0] in finished] == [
        r for r in json.loads(expected) if r[0] in finished
    ]

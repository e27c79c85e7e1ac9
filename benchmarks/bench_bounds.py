"""Time and memory of hostile inputs within the size limit, each as a whole `gamelog`
process: the figures of issue 21's bounds (items 7, 8 and 9).

    python benchmarks/bench_bounds.py [--only NAME] [--source PATH] [--limit SECONDS]

Each case writes its input into a scratch folder and runs one command on it,
reporting wall time and peak memory (the process's maximum resident set). With
``--source`` the command runs another checkout's code (``PYTHONPATH=PATH``), to
measure before and after on the same machine; ``--limit`` kills a case that runs
longer (reported as "> N s"). Run it on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONQUEST = ROOT / "samples" / "eden" / "conquest_win.log"
VALE = ROOT / "samples" / "mystic_vale" / "two_players.log"
SEIKATSU_HEAD = "game: seikatsu\nplayers: Jun (blue), Cid (pink)\nsetup: RB at E4, GB at C4\n"
EDEN_HEAD = "game: eden\nplayers: Ann (red), Ben (blue)\n"


def bids(count: int) -> str:
    """Eden's conquest sample, its attack written with ``count`` raises of 1."""
    lines = CONQUEST.read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("Ann: income 30, irrigate D2"))
    raises = ", ".join(f"{('Ben', 'Ann')[k % 2]} {11 + k}" for k in range(count))
    attack = f"Ann: income 30, irrigate D2, attack E2 with D2 D1 bid 10, {raises}, Ben accepts"
    return "\n".join([*lines[:at], attack]) + "\n"


def passing(turns: int) -> str:
    """An Eden game that never ends: both players pass, turn after turn."""
    return EDEN_HEAD + "".join(f"{('Ann', 'Ben')[k % 2]}: pass\n" for k in range(turns))


def card_name(words: int) -> str:
    """Mystic Vale: a bought card's name of ``words`` repeated words (the sample's
    catalogue is beside it, so the log is written there, under a scratch name)."""
    text = VALE.read_text(encoding="utf-8")
    return text.replace("buy Sunlit Glade top", "buy " + "Sunlit " * words + "Glade top", 1)


#: name -> (the input, the command's arguments before the log, where to write it)
CASES: dict[str, tuple[Callable[[], str], list[str], str]] = {
    "item 7: check, an Eden line of 2,000 bids (20 KB)": (lambda: bids(2_000), ["check"], ""),
    "item 7: check, an Eden line of 8,000 bids": (lambda: bids(8_000), ["check"], ""),
    "item 7: check --timeout 10, an Eden line of 100,000 bids (1.1 MB)": (
        lambda: bids(100_000),
        ["check", "--timeout", "10"],
        "",
    ),
    "item 8: report, Eden, 6,000 moves": (lambda: passing(6_000), ["report", "-o", "page"], ""),
    "item 8: report, Eden, 20,000 moves": (lambda: passing(20_000), ["report", "-o", "page"], ""),
    "item 8: report, Eden, 100,000 moves": (
        lambda: passing(100_000),
        ["report", "--timeout", "120", "-o", "page"],
        "",
    ),
    "item 8: score --format svg, Eden, 20,000 moves": (
        lambda: passing(20_000),
        ["score", "--format", "svg", "-o", "page"],
        "",
    ),
    "item 9: check, 350,000 unparsable Seikatsu lines": (
        lambda: SEIKATSU_HEAD + "Jun: ZZ at Q9\n" * 350_000,
        ["check"],
        "",
    ),
    "item 9: check, an Eden line of 700,000 bids (8.3 MB)": (
        lambda: bids(700_000),
        ["check"],
        "",
    ),
    "item 9: check, a Mystic Vale card name of 14,000 words (98 KB)": (
        lambda: card_name(14_000),
        ["check"],
        str(VALE.parent),
    ),
    "item 9: check --timeout 120, 250,000 lines of an Eden game that never ends": (
        lambda: passing(250_000),
        ["check", "--timeout", "120"],
        "",
    ),
}


def measure(args: list[str], source: str | None, limit: float) -> tuple[float, float, bool]:
    """Seconds, peak megabytes, and whether it ran past ``limit`` (then killed)."""
    env = dict(os.environ)
    if source:
        env["PYTHONPATH"] = source
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "gamelog", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        cwd=tempfile.gettempdir(),
    )
    killed = False
    while True:
        pid, _, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() - started > limit:
            process.kill()
            killed = True
            pid, _, usage = os.wait4(process.pid, 0)
            break
        time.sleep(0.05)
    return time.perf_counter() - started, usage.ru_maxrss / 1024, killed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="run the cases whose name holds this")
    parser.add_argument("--source", help="run the code of this checkout instead")
    parser.add_argument("--limit", type=float, default=300.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        for name, (make, command, where) in CASES.items():
            if args.only and args.only not in name:
                continue
            folder = Path(where or scratch)
            log = folder / f".bench-bounds-{os.getpid()}.log"
            page = Path(scratch) / "out"
            log.write_text(make(), encoding="utf-8")
            try:
                argv = [str(page) if a == "page" else a for a in command] + [str(log)]
                seconds, megabytes, killed = measure(argv, args.source, args.limit)
            finally:
                log.unlink()
            shown = f"> {args.limit:.0f} s (killed)" if killed else f"{seconds:.2f} s"
            print(f"{name}: {shown}, {megabytes:.0f} MB", flush=True)


if __name__ == "__main__":
    main()

"""How long the pages take and how big they are: the report of a Terra Mystica league
game (target: under 1.5 s and 3 MB), and the audit page of every bundled sample
(target: under 5 s), each as a whole `gamelog` process.

    python benchmarks/bench_pages.py
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(args: list[str], repeat: int, target: Path) -> tuple[list[float], int]:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "gamelog", *args, "-o", str(target)],
            capture_output=True,
            check=False,
        )
        times.append(time.perf_counter() - started)
    return times, target.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "page.html"
        for name, command in (
            (
                "report, Terra Mystica league game",
                ["report", str(ROOT / "samples" / "terra_mystica" / "league_game.txt")],
            ),
            (
                "report, Seikatsu 3-player game",
                ["report", str(ROOT / "samples" / "seikatsu" / "complete-3p.log")],
            ),
            ("audit page of every sample", ["audit", str(ROOT / "samples"), "--format", "html"]),
        ):
            times, size = timed(command, args.repeat, out)
            print(
                f"{name}: {min(times):.2f} s best, {statistics.median(times):.2f} s median, "
                f"{size / 1e6:.2f} MB"
            )


if __name__ == "__main__":
    main()

"""Standings over many logs: 10,000 random complete Seikatsu games (the generator of
bench_audit.py), a whole `gamelog standings` process, on 2 worker processes.

    python benchmarks/bench_standings.py --count 10000 --jobs 2
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import generate_seikatsu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gamelog-standings-") as folder:
        rng = random.Random(1)
        for index in range(args.count):
            text = generate_seikatsu.generate_game(rng, 2 + index % 2, index % 3 == 0)
            (Path(folder) / f"game{index:05}.log").write_text(text)
        started = time.perf_counter()
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "gamelog",
                "standings",
                folder,
                "--jobs",
                str(args.jobs),
                "--format",
                "json",
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        elapsed = time.perf_counter() - started
    print(
        f"standings of {args.count:,} logs, --jobs {args.jobs}: {elapsed:.1f} s "
        f"({args.count / elapsed:,.0f} logs a second; exit {result.returncode})"
    )


if __name__ == "__main__":
    main()

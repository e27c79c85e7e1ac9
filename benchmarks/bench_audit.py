"""Audit throughput and one-shot latency, measured as a user runs the tool.

    python benchmarks/bench_audit.py [--count 1000] [--seed 1]

Generates COUNT complete random legal Seikatsu games, audits them as a whole
process with --jobs 1 and --jobs 2 (logs per second), and times `gamelog score`
of one log as a whole process (best and median of 10 runs). Run it on an
otherwise idle machine; the figures go into the issue notes.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def load_generator():
    spec = importlib.util.spec_from_file_location(
        "generate_seikatsu", HERE / "generate_seikatsu.py"
    )
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def gamelog(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gamelog", *args], capture_output=True, text=True, check=False
    )


def timed(*args: str) -> float:
    start = time.perf_counter()
    done = gamelog(*args)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"gamelog {' '.join(args)} failed:\n{done.stdout[-2000:]}{done.stderr}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="gamelog-bench-"))
    try:
        generator = load_generator()
        generator.write_games(folder, count=args.count, seed=args.seed)
        logs = sorted(folder.glob("*.log"))
        print(f"{len(logs)} random complete Seikatsu games in {folder}")
        timed("score", str(logs[0]))  # warm the grammar cache once, as any install would

        for jobs in (1, 2):
            elapsed = timed("audit", "--jobs", str(jobs), "--format", "csv", str(folder))
            print(f"audit --jobs {jobs}: {elapsed:.2f} s, {len(logs) / elapsed:.0f} logs/s")

        runs = [timed("score", str(logs[0])) for _ in range(10)]
        print(
            f"score one log (whole process): best {min(runs) * 1000:.0f} ms, "
            f"median {statistics.median(runs) * 1000:.0f} ms"
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()

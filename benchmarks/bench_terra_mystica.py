"""Terra Mystica speed over the corpus: in-process per game, and whole processes.

    python benchmarks/bench_terra_mystica.py [--repeat 5] [--processes 5]

In-process (parse + replay + score, one game at a time):
  * cold: the first game of a fresh process, parser tables loaded from disk;
  * per game: every corpus command log, best of --repeat runs each, averaged --
    with the per-process cache of parsed lines that a batch builds up;
  * per game without that cache (every line through Lark);
  * ledgers: parse + replay + row-by-row verification.
Whole process: ``gamelog audit --jobs 1`` over the first 21 command logs and
``gamelog score`` of one log, best and median of --processes runs.

Run it on an otherwise idle machine with bytecode caching on (unset
PYTHONDONTWRITEBYTECODE); the figures go into the issue notes.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus" / "terra_mystica"
sys.path.insert(0, str(ROOT))


def in_process(repeat: int) -> None:
    start = time.perf_counter()
    from gamelog.core.replay import replay
    from gamelog.games.terra_mystica import GAME, reading

    commands = [p.read_text() for p in sorted((CORPUS / "commands").glob("*.txt"))]
    ledgers = [p.read_text() for p in sorted((CORPUS / "ledgers").glob("*.txt"))]

    def one(text: str) -> float:
        t0 = time.perf_counter()
        result = replay(GAME, text, "bench")
        GAME.score(result.state)
        assert result.error is None and result.finished
        return time.perf_counter() - t0

    first = one(commands[0])
    print(f"import + first game (cold): {1000 * (time.perf_counter() - start):7.1f} ms")
    print(f"first game alone (cold):    {1000 * first:7.1f} ms")
    best = [min(one(text) for _ in range(repeat)) for text in commands]
    print(
        f"per game, warm line cache:  {1000 * statistics.mean(best):7.1f} ms mean, "
        f"{1000 * max(best):.1f} ms max over {len(best)} games"
    )
    cold: list[float] = []
    for text in commands:
        reading.clear_caches()
        cold.append(one(text))
    print(f"per game, no line cache:    {1000 * statistics.mean(cold):7.1f} ms mean")
    t0 = time.perf_counter()
    for text in ledgers:
        result = replay(GAME, text, "bench")
        assert result.error is None and result.finished
    per_ledger = 1000 * (time.perf_counter() - t0) / len(ledgers)
    print(f"per ledger (verify rows):   {per_ledger:7.1f} ms mean")


def whole_process(runs: int) -> None:
    files = [str(p) for p in sorted((CORPUS / "commands").glob("*.txt"))[:21]]
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)

    def run(*args: str) -> float:
        t0 = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "gamelog", *args],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            check=False,
        )
        elapsed = time.perf_counter() - t0
        if done.returncode != 0:
            raise SystemExit(f"gamelog {args[0]} failed:\n{done.stdout[-1500:]}{done.stderr}")
        return elapsed

    run("audit", "--jobs", "1", *files)  # warm the bytecode and grammar caches
    audits = [run("audit", "--jobs", "1", *files) for _ in range(runs)]
    scores = [run("score", files[0]) for _ in range(runs)]
    for label, times in (("audit --jobs 1, 21 logs:", audits), ("score, one log:", scores)):
        print(f"{label:<28}{min(times):.2f} s best, {statistics.median(times):.2f} s median")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--processes", type=int, default=5)
    args = parser.parse_args()
    in_process(args.repeat)
    whole_process(args.processes)


if __name__ == "__main__":
    main()

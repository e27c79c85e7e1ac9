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

Side by side: ``--reference "perl /path/to/replay.pl"`` also runs that command
with the same 21 files (and with the one file), alternating with gamelog's runs
so that both see the same machine load, and prints the ratios. The established
engine is not part of this repository; any command that replays the command
logs it is given will do (see the issue note for how the baseline was built).

Run it on an otherwise idle machine with bytecode caching on (unset
PYTHONDONTWRITEBYTECODE); the figures go into the issue notes.
"""

from __future__ import annotations

import argparse
import os
import shlex
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
    from gamelog.games.terra_mystica import GAME
    from gamelog.games.terra_mystica.notation import line_cache

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
        line_cache.clear_caches()
        cold.append(one(text))
    print(f"per game, no line cache:    {1000 * statistics.mean(cold):7.1f} ms mean")
    t0 = time.perf_counter()
    for text in ledgers:
        result = replay(GAME, text, "bench")
        assert result.error is None and result.finished
    per_ledger = 1000 * (time.perf_counter() - t0) / len(ledgers)
    print(f"per ledger (verify rows):   {per_ledger:7.1f} ms mean")


def whole_process(runs: int, reference: str | None) -> None:
    files = [str(p) for p in sorted((CORPUS / "commands").glob("*.txt"))[:21]]
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)

    def timed(command: list[str]) -> float:
        t0 = time.perf_counter()
        done = subprocess.run(
            command, capture_output=True, text=True, cwd=ROOT, env=env, check=False
        )
        elapsed = time.perf_counter() - t0
        if done.returncode != 0:
            raise SystemExit(
                f"{shlex.join(command[:3])} ... failed:\n{done.stdout[-1500:]}{done.stderr}"
            )
        return elapsed

    gamelog = [sys.executable, "-m", "gamelog"]
    contenders = {
        "gamelog audit --jobs 1": (
            [*gamelog, "audit", "--jobs", "1", *files],
            [*gamelog, "score", files[0]],
        )
    }
    if reference:
        contenders["reference"] = (
            [*shlex.split(reference), *files],
            [*shlex.split(reference), files[0]],
        )
    batch: dict[str, list[float]] = {name: [] for name in contenders}
    single: dict[str, list[float]] = {name: [] for name in contenders}
    for many, _one in contenders.values():  # warm bytecode, grammar and disk caches
        timed(many)
    for _ in range(runs):
        for name, (many, one) in contenders.items():
            batch[name].append(timed(many))
            single[name].append(timed(one))
    for name in contenders:
        for label, times in ((f"{name}, 21 logs:", batch[name]), ("  one log:", single[name])):
            print(f"{label:<36}{min(times):.2f} s best, {statistics.median(times):.2f} s median")
    if reference:
        ours, theirs = batch["gamelog audit --jobs 1"], batch["reference"]
        print(
            f"reference / gamelog, 21 logs:      {min(theirs) / min(ours):.1f}x best, "
            f"{statistics.median(theirs) / statistics.median(ours):.1f}x median"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--processes", type=int, default=5)
    parser.add_argument(
        "--reference", metavar="COMMAND", help="another engine to time side by side"
    )
    parser.add_argument(
        "--whole-process-only", action="store_true", help="skip the in-process figures"
    )
    args = parser.parse_args()
    if not args.whole_process_only:
        in_process(args.repeat)
    whole_process(args.processes, args.reference)


if __name__ == "__main__":
    main()

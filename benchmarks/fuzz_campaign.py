"""The long fuzz campaign: tens of thousands of seeded mutants per game, replayed in
worker processes, with a count of every outcome and the seed of every failure.

    python benchmarks/fuzz_campaign.py --per-game 20000 --jobs 2

A failure is an internal error or a timeout. Its seed rebuilds the mutant
(``tests/fuzz.py``: ``mutant(bases, seed)``); ``--save DIR`` also writes each
failing mutant to DIR for a bug report. The bounded run in the test suite is
tests/test_fuzz.py.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from fuzz import ROOT, corpus_games, fire_ice_games, mutant, samples_of

from gamelog.core.audit import audit_file

GAMES = ("seikatsu", "eden", "mystical_seeds", "mystic_vale", "terra_mystica")
_BASES: dict[str, list[str]] = {}


def _bases(folder: str) -> list[str]:
    if folder not in _BASES:
        texts = samples_of(folder)
        if folder == "terra_mystica":
            texts += corpus_games() + fire_ice_games()
        _BASES[folder] = texts
    return _BASES[folder]


def _one(task: tuple[str, int, float]) -> tuple[str, int, str, str]:
    folder, seed, timeout = task
    rec = audit_file(
        str(ROOT / "samples" / folder / f"mutant-{seed}.log"),
        game=folder.replace("_", "-"),
        timeout=timeout,
        text=mutant(_bases(folder), seed),
    )
    message = rec["error"]["message"] if rec["error"] else ""
    return folder, seed, rec["status"], message


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-game", type=int, default=20_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--save", type=Path, help="write each failing mutant here")
    args = parser.parse_args()
    games = args.game or list(GAMES)
    tasks = [
        (folder, seed, args.timeout)
        for folder in games
        for seed in range(args.first_seed, args.first_seed + args.per_game)
    ]
    counts: dict[str, Counter[str]] = {folder: Counter() for folder in games}
    failures: list[tuple[str, int, str, str]] = []
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for folder, seed, status, message in pool.map(_one, tasks, chunksize=64):
            counts[folder][status] += 1
            if status in ("internal-error", "timeout"):
                failures.append((folder, seed, status, message))
    elapsed = time.perf_counter() - started
    print(f"{len(tasks):,} mutants in {elapsed:.0f} s ({len(tasks) / elapsed:,.0f} a second)")
    for folder in games:
        shown = ", ".join(f"{status} {n:,}" for status, n in counts[folder].most_common())
        print(f"  {folder}: {shown}")
    print(f"failures: {len(failures)}")
    for folder, seed, status, message in failures:
        print(f"  {folder} seed {seed}: {status}: {message}")
        if args.save:
            args.save.mkdir(parents=True, exist_ok=True)
            (args.save / f"{folder}-{seed}.log").write_text(mutant(_bases(folder), seed))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()

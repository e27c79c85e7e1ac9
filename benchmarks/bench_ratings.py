"""Ratings over many logs: a league of COUNT games (copies of a few games, their players
drawn from a pool, each with a date), one whole ``gamelog ratings`` process, its time
and memory (the peak resident size of the command's own process, which keeps the
ratings' data, and of its largest worker).

    python benchmarks/bench_ratings.py --count 100000 --jobs 2                 # Seikatsu
    python benchmarks/bench_ratings.py --count 100000 --game terra-mystica     # league copies

Seikatsu games come from bench_audit's generator; Terra Mystica's are the 55 league
command logs, each copy with a ``players:`` line. The pool has --players names, so
that most players reach the five games that make a rating count.
"""

from __future__ import annotations

import argparse
import datetime
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

import generate_seikatsu  # noqa: E402

LEAGUE = ROOT.parent / "tests" / "corpus" / "terra_mystica" / "commands"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--game", choices=("seikatsu", "terra-mystica"), default="seikatsu")
    parser.add_argument("--format", default="json")
    parser.add_argument(
        "--command",
        choices=("ratings", "standings"),
        default="ratings",
        help="standings: the same logs through a command that keeps every audit record",
    )
    args = parser.parse_args()
    rng = random.Random(26)
    pool = [f"P{number:05d}" for number in range(args.players)]
    with tempfile.TemporaryDirectory(prefix="gamelog-ratings-") as folder:
        started = time.perf_counter()
        _write(Path(folder), args, pool, rng)
        written = time.perf_counter() - started
        started = time.perf_counter()
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gamelog",
                args.command,
                folder,
                "--jobs",
                str(args.jobs),
                "--format",
                args.format,
                "-o",
                str(Path(folder) / "out.txt"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        parent_peak, worker_peak = _watch(process)
        elapsed = time.perf_counter() - started
        code = process.returncode
    print(
        f"{args.command} of {args.count:,} {args.game} logs ({args.players:,} players), --jobs "
        f"{args.jobs}, --format {args.format}: {elapsed:.1f} s ({args.count / elapsed:,.0f} "
        f"logs a second; exit {code}); peak memory: the command {parent_peak / 2**20:.0f} MiB, "
        f"its largest worker {worker_peak / 2**20:.0f} MiB (writing the logs took {written:.0f} s)"
    )


def _write(folder: Path, args: argparse.Namespace, pool: list[str], rng: random.Random) -> None:
    day = datetime.date(2020, 1, 1)
    if args.game == "seikatsu":
        models = [
            (text, re.search(r"^players:(.*)$", text, re.M).group(1))  # type: ignore[union-attr]
            for _, text in generate_seikatsu.generate_games(200, seed=3)
        ]
    else:
        models = [(path.read_text(), "") for path in sorted(LEAGUE.glob("*.txt"))]
    for number in range(args.count):
        text, seated = models[number % len(models)]
        date = day + datetime.timedelta(days=number // 50)
        if args.game == "seikatsu":
            old = [part.split("(")[0].strip() for part in seated.split(",")]
            new = rng.sample(pool, len(old))
            for mark, name in enumerate(old):
                text = re.sub(rf"\b{name}\b", f"\x00{mark}\x00", text)
            for mark, name in enumerate(new):
                text = text.replace(f"\x00{mark}\x00", name)
            text = text.replace("game: seikatsu", f"game: seikatsu\ndate: {date}", 1)
        else:
            seats = len(re.findall(r"^setup ", text, re.M))
            text = f"date: {date}\nplayers: {', '.join(rng.sample(pool, seats))}\n" + text
        (folder / f"game{number:06d}.log").write_text(text)


def _watch(process: subprocess.Popen[str]) -> tuple[int, int]:
    """The peak resident size of ``process`` and of its largest child, polled."""
    parent_peak = worker_peak = 0
    while process.poll() is None:
        parent_peak = max(parent_peak, _rss(process.pid))
        for child in _children(process.pid):
            worker_peak = max(worker_peak, _rss(child))
        time.sleep(0.2)
    return parent_peak, worker_peak


def _rss(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(child) for child in text.split()]


if __name__ == "__main__":
    main()

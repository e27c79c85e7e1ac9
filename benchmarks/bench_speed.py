"""Every figure of issue 23's table, whole process, paired as ratios.

    python benchmarks/bench_speed.py [--runs 10] [--against REV] [--reference CMD]
                                     [--memory 1000,10000] [--jobs 2]

Prints, as the median of --runs runs of a whole ``python -m gamelog`` process (wall
time, and the CPU time of the process and its children, which a loaded machine
disturbs less):

* ``gamelog --version`` and ``gamelog games``;
* ``gamelog score`` of one small log of every game of the registry (its smallest
  sample that scores without a problem);
* ``gamelog moves`` at a late Terra Mystica position (the last move of a corpus
  log);
* ``gamelog audit --jobs 1`` of the first 21 Terra Mystica corpus logs, and with
  ``--reference CMD`` the established engine (``CMD FILE...``) on the same 21 files,
  as a ratio; without it, the driver ``/work/tm-reference/README`` describes
  (``perl /work/tm-reference/replay.pl``), if it is there;
* with ``--memory``, the peak resident memory (the largest process) and the
  throughput of ``gamelog audit`` (``--format jsonl``, ``json`` and the table) and
  ``gamelog standings --format json`` over that many copies of the Terra Mystica
  corpus (hard links in a temporary folder) at ``--jobs``; and one game's CPU time,
  cold and warm: a copy after the first is warm (its lines already parsed, in the
  Terra Mystica engine's per-process line cache), so the copies' throughput is a
  warm figure, and an archive of distinct logs is nearer the cold one.

``--against REV`` runs the same figures on that commit (a git worktree of it in
/tmp, with its own cache folder) alternating run by run with this tree, and prints
REV / this tree as ratios. Bytecode is cached (PYTHONDONTWRITEBYTECODE unset, both
trees compiled first) and each command is run once before it is timed, so that
neither side pays for compiling grammars or bytecode.

Run by hand, not in CI; say how loaded the machine was with the figures.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus" / "terra_mystica" / "commands"
REFERENCE_README = Path("/work/tm-reference/README")

Command = list[str]


class Tree:
    """A checkout to run ``python -m gamelog`` from, with its own cache folder."""

    def __init__(self, label: str, root: Path, cache: Path) -> None:
        self.label = label
        self.root = root
        self.env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        self.env["PYTHONPATH"] = str(root)
        self.env["XDG_CACHE_HOME"] = str(cache)
        self.env["COLUMNS"] = "100"

    def gamelog(self, *args: str) -> Command:
        return [sys.executable, "-m", "gamelog", *args]

    def compile(self) -> None:
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(self.root / "gamelog")],
            env=self.env,
            check=False,
            capture_output=True,
        )


def timed(
    command: Command, env: dict[str, str], cwd: Path, codes: tuple[int, ...] = (0,)
) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (user + system, children included) and peak RSS (KB,
    the largest process) of one run."""
    started = time.perf_counter()
    process = subprocess.Popen(
        command, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    err = process.stderr.read() if process.stderr else b""
    if process.returncode not in codes:
        raise SystemExit(
            f"{shlex.join(command[:6])} ... exit {process.returncode}:\n{err.decode()[-2000:]}"
        )
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def median_of(runs: list[tuple[float, float, int]]) -> tuple[float, float, int]:
    return (
        statistics.median(r[0] for r in runs),
        statistics.median(r[1] for r in runs),
        max(r[2] for r in runs),
    )


def small_logs(tree: Tree) -> list[tuple[str, Path]]:
    """Each game of the registry with its smallest sample that scores cleanly."""
    listing = subprocess.run(
        [
            sys.executable,
            "-c",
            "from gamelog import games\nfor g in games.all_games(): print(g.name)",
        ],
        env=tree.env,
        cwd=tree.root,
        capture_output=True,
        text=True,
        check=True,
    )
    chosen = []
    for name in listing.stdout.split():
        samples = sorted(
            (
                p
                for p in (ROOT / "samples" / name.replace("-", "_")).rglob("*")
                if p.suffix in (".log", ".txt")
            ),
            key=lambda p: p.stat().st_size,
        )
        for sample in samples:
            done = subprocess.run(
                tree.gamelog("score", str(sample)), env=tree.env, cwd=tree.root, capture_output=True
            )
            if done.returncode == 0:
                chosen.append((name, sample))
                break
    return chosen


def late_position() -> tuple[Path, int]:
    """A Terra Mystica corpus log and the line of its last move."""
    log = sorted(CORPUS.glob("*.txt"))[0]
    lines = log.read_text().splitlines()
    last = max(i for i, line in enumerate(lines, start=1) if line.strip() and ":" in line)
    return log, last


def reference_command(given: str | None) -> str | None:
    """The established engine's command: given, or the driver that the README of
    /work/tm-reference describes (``perl /work/tm-reference/replay.pl LOG...``)."""
    if given:
        return given
    driver = REFERENCE_README.parent / "replay.pl"
    if REFERENCE_README.is_file() and driver.is_file():
        return f"perl {driver}"
    return None


def figures(trees: list[Tree], runs: int, reference: str | None) -> None:
    files = [str(p) for p in sorted(CORPUS.glob("*.txt"))[:21]]
    log, line = late_position()
    rows: list[tuple[str, Callable[[Tree], Command], tuple[int, ...]]] = [
        ("--version", lambda t: t.gamelog("--version"), (0,)),
        ("games", lambda t: t.gamelog("games"), (0,)),
    ]
    for name, sample in small_logs(trees[0]):
        rows.append(
            (f"score, {name} ({sample.name})", lambda t, s=sample: t.gamelog("score", str(s)), (0,))
        )
    rows.append(
        (
            f"moves --line {line}, TM",
            lambda t: t.gamelog("moves", str(log), "--line", str(line)),
            (0,),
        )
    )
    rows.append(
        ("audit --jobs 1, 21 TM logs", lambda t: t.gamelog("audit", "--jobs", "1", *files), (0,))
    )
    header = f"{'command':<44}" + "".join(
        f"{t.label + ' wall':>14}{t.label + ' cpu':>13}" for t in trees
    )
    if len(trees) > 1:
        header += f"{'ratio wall':>12}{'ratio cpu':>11}"
    print(header)
    audit_cpu: dict[str, float] = {}
    for label, command, codes in rows:
        results: dict[str, list[tuple[float, float, int]]] = {t.label: [] for t in trees}
        for tree in trees:  # once untimed: caches, bytecode
            timed(command(tree), tree.env, tree.root, codes)
        for _ in range(runs):
            for tree in trees:
                results[tree.label].append(timed(command(tree), tree.env, tree.root, codes))
        medians = {name: median_of(r) for name, r in results.items()}
        text = f"{label:<44}" + "".join(
            f"{1000 * medians[t.label][0]:>11.0f} ms{1000 * medians[t.label][1]:>10.0f} ms"
            for t in trees
        )
        if len(trees) > 1:
            old, new = medians[trees[1].label], medians[trees[0].label]
            text += f"{old[0] / new[0]:>11.2f}x{old[1] / new[1]:>10.2f}x"
        print(text, flush=True)
        if label.startswith("audit"):
            audit_cpu = {name: m[1] for name, m in medians.items()} | {
                f"{name} wall": m[0] for name, m in medians.items()
            }
    if reference:
        command = [*shlex.split(reference), *files]
        timed(command, dict(os.environ), ROOT)
        theirs = median_of([timed(command, dict(os.environ), ROOT) for _ in range(runs)])
        print(
            f"{'established engine, same 21 logs':<44}{1000 * theirs[0]:>11.0f} ms"
            f"{1000 * theirs[1]:>10.0f} ms"
        )
        for tree in trees:
            print(
                f"  gamelog ({tree.label}) / established engine: "
                f"{audit_cpu[tree.label + ' wall'] / theirs[0]:.2f} wall, "
                f"{audit_cpu[tree.label] / theirs[1]:.2f} cpu (target 0.15 or less)"
            )


def memory(trees: list[Tree], counts: list[int], jobs: int) -> None:
    sources = sorted(CORPUS.glob("*.txt"))
    for count in counts:
        folder = Path(tempfile.mkdtemp(prefix=f"gamelog-bench-{count}-"))
        try:
            for index in range(count):
                sub = folder / f"{index // 1000:04}"
                sub.mkdir(exist_ok=True)
                os.link(sources[index % len(sources)], sub / f"g{index:07}.txt")
            for kind, args in (
                ("audit --format jsonl", ["audit", "--format", "jsonl"]),
                ("audit --format json", ["audit", "--format", "json"]),
                ("audit (table)", ["audit"]),
                ("standings", ["standings", "--format", "json"]),
            ):
                for tree in trees:
                    wall, cpu, rss = timed(
                        tree.gamelog(*args, "--jobs", str(jobs), str(folder)),
                        tree.env,
                        tree.root,
                        (0, 1),  # audit: 1 if a log has a problem (the corpus has none)
                    )
                    print(
                        f"{kind} of {count:,} TM logs, --jobs {jobs} ({tree.label}): "
                        f"peak RSS {rss / 1024:.0f} MB, {wall:.1f} s wall "
                        f"({count / wall:,.0f} games/s), {cpu:.1f} s CPU "
                        f"({1000 * cpu / count:.1f} ms CPU a game: "
                        f"{count / cpu * min(jobs, os.cpu_count() or 1):,.0f} games/s "
                        f"on {min(jobs, os.cpu_count() or 1)} idle cores)",
                        flush=True,
                    )
        finally:
            shutil.rmtree(folder, ignore_errors=True)


COLD_WARM = """
import glob, sys, time
from gamelog.core.audit import json_line, run_audit
files = sorted(glob.glob(sys.argv[1] + "/*.txt"))
run_audit(files[:1], jobs=1, shape=json_line, keep=False, on_done=lambda rec: None)
for label in ("cold", "warm"):
    started = time.process_time()
    run_audit(files, jobs=1, shape=json_line, keep=False, on_done=lambda rec: None)
    print(label, (time.process_time() - started) / len(files))
"""


def cold_and_warm(trees: list[Tree]) -> None:
    """The CPU time of one game, cold and warm, in one process (``--jobs 1``'s path,
    the engine already imported): the corpus replayed once (each log's lines new to
    the process, as in an archive of distinct logs: Terra Mystica parses each distinct
    line once per process), then again (as every copy after the first of a folder of
    copies: every line already parsed). The memory figures' copies are warm but for
    the first round of the corpus in each worker."""
    for tree in trees:
        done = subprocess.run(
            [sys.executable, "-c", COLD_WARM, str(CORPUS)],
            env=tree.env,
            cwd=tree.root,
            capture_output=True,
            text=True,
            check=True,
        )
        figures = dict(line.split() for line in done.stdout.splitlines())
        print(
            f"one game's CPU ({tree.label}, {len(list(CORPUS.glob('*.txt')))} corpus logs, "
            f"in process): cold {1000 * float(figures['cold']):.2f} ms, "
            f"warm {1000 * float(figures['warm']):.2f} ms",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--against", metavar="REV", help="a commit to compare with")
    parser.add_argument("--reference", metavar="CMD", help="the established engine's command")
    parser.add_argument("--memory", metavar="COUNTS", help="e.g. 1000,10000")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--skip-times", action="store_true", help="only the memory figures")
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="gamelog-bench-"))
    trees = [Tree("this", ROOT, scratch / "cache-this")]
    worktree = None
    try:
        if args.against:
            rev = subprocess.run(
                ["git", "-C", str(ROOT), "rev-parse", "--short", args.against],
                capture_output=True,
                text=True,
                check=True,
            ).stdout.strip()
            worktree = scratch / f"tree-{rev}"
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(worktree), rev],
                check=True,
                capture_output=True,
            )
            trees.append(Tree(rev, worktree, scratch / "cache-against"))
        for tree in trees:
            tree.compile()
        load = os.getloadavg()
        print(f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} cores")
        if not args.skip_times:
            figures(trees, args.runs, reference_command(args.reference))
        if args.memory:
            cold_and_warm(trees)
            memory(trees, [int(n) for n in args.memory.split(",")], args.jobs)
    finally:
        if worktree is not None:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(worktree)],
                check=False,
                capture_output=True,
            )
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()

"""Terra Mystica replay work per game, in figures a loaded machine does not blur:
Python calls per move (cProfile), and a workload to count instructions with.

    python benchmarks/bench_terra_mystica_calls.py calls [--games 20]
    valgrind --tool=callgrind python benchmarks/bench_terra_mystica_calls.py run --passes 1
    valgrind --tool=callgrind python benchmarks/bench_terra_mystica_calls.py run --passes 2

``run`` replays (and scores) the first ``--games`` corpus command logs once to warm
the per-process caches (parser tables, parsed lines), then ``--passes`` more times.
The instructions of one game are the difference of the two callgrind totals divided
by ``--games`` (the issue note's figures: ``--games 10``): import, warm-up and
teardown cancel out. ``calls`` prints the Python calls per move of one warm pass and
the functions called most.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus" / "terra_mystica" / "commands"
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=("calls", "run"))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--passes", type=int, default=1)
    args = parser.parse_args()

    from gamelog.core.replay import replay
    from gamelog.games.terra_mystica import GAME

    texts = [path.read_text() for path in sorted(CORPUS.glob("*.txt"))[: args.games]]

    def one_pass() -> int:
        moves = 0
        for text in texts:
            result = replay(GAME, text, "bench")
            GAME.score(result.state)
            assert result.error is None and result.finished
            moves += result.moves_applied
        return moves

    one_pass()  # warm
    if args.mode == "run":
        for _ in range(args.passes):
            one_pass()
        return
    import cProfile
    import pstats

    profile = cProfile.Profile()
    profile.enable()
    moves = one_pass()
    profile.disable()
    stats = pstats.Stats(profile)
    print(
        f"{stats.total_calls} calls, {moves} moves: {stats.total_calls / moves:.1f} calls per move"
    )
    stats.sort_stats("ncalls").print_stats(20)


if __name__ == "__main__":
    main()

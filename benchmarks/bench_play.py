"""How fast the table tools answer: `gamelog play` from a typed line to the next
prompt (the line checked against the kept position, written and flushed, whose turn
next); the listing of legal moves at every position of a sample (CPU time, median and
worst); and `gamelog moves` at a line of a Terra Mystica league game, whole process.

    python benchmarks/bench_play.py

Targets (issue 13): play under 50 ms for Terra Mystica in round 5, under 20 ms for
the other games; moves under 0.5 s.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gamelog.core.logs import game_for
from gamelog.core.session import Session

ROOT = Path(__file__).resolve().parent.parent
#: A finished sample per game, and where in it to type: a fraction of its moves (Terra
#: Mystica: a line in round 5).
GAMES = {
    "seikatsu": ("samples/seikatsu/complete-3p.log", 0.6),
    "eden": ("samples/eden/four_players.log", 0.6),
    "mystical-seeds": ("samples/mystical_seeds/three_player_game.log", 0.6),
    "mystic-vale": ("samples/mystic_vale/four_players.log", 0.6),
    "terra-mystica": ("samples/terra_mystica/league_game.txt", "Round 5"),
}


def _cut(lines: list[str], where: float | str) -> int:
    """The index of the line to type: the first move line past the point."""
    if isinstance(where, str):
        marker = next((i for i, line in enumerate(lines) if where.lower() in line.lower()), None)
        start = marker + 1 if marker is not None else len(lines) * 2 // 3
    else:
        start = int(len(lines) * where)
    for index in range(start, len(lines)):
        if lines[index].strip() and not lines[index].lstrip().startswith("#"):
            return index
    raise SystemExit("no line to type")


def play_latency(sample: str, where: float | str, repeat: int) -> list[float]:
    text = (ROOT / sample).read_text(encoding="utf-8")
    lines = text.split("\n")
    index = _cut(lines, where)
    game = game_for(text)
    times = []
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "game.log"
        for _ in range(repeat):
            log.write_text("\n".join(lines[:index]) + "\n", encoding="utf-8")
            if (ROOT / sample).with_name("catalogue.toml").exists():
                shutil.copy((ROOT / sample).with_name("catalogue.toml"), folder)
            session = Session(game, str(log))
            try:
                started = time.perf_counter()
                outcome = session.submit(lines[index])
                session.to_move()
                times.append((time.perf_counter() - started) * 1000)
            finally:
                session.close()  # its lock on the log, which the next run rewrites
            assert outcome.accepted, outcome.error
    return times


def listing_latency(sample: str) -> list[float]:
    """CPU milliseconds of ``legal_moves`` before each move of a sample."""
    from gamelog.core.replay import replay

    text = (ROOT / sample).read_text(encoding="utf-8")
    game = game_for(text)
    whole = replay(game, text, str(ROOT / sample))
    assert whole.log is not None
    state = game.setup(whole.log)
    times = []
    for move in whole.log.moves:
        started = time.process_time()
        game.legal_moves(state)
        times.append((time.process_time() - started) * 1000)
        game.apply(state, move)
    return times


def moves_latency(repeat: int) -> list[float]:
    league = ROOT / "samples" / "terra_mystica" / "league_game.txt"
    line = _cut(league.read_text().split("\n"), "Round 5") + 1
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "gamelog", "moves", str(league), "--line", str(line)],
            capture_output=True,
            text=True,
            check=False,
        )
        times.append(time.perf_counter() - started)
        if done.returncode != 0:
            raise RuntimeError(done.stderr.strip().splitlines()[-1])
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    for name, (sample, where) in GAMES.items():
        times = play_latency(sample, where, args.repeat)
        print(
            f"play, {name:<15} typed line to prompt: {min(times):6.1f} ms best, "
            f"{statistics.median(times):6.1f} ms median"
        )
    for name, (sample, _) in GAMES.items():
        try:
            times = listing_latency(sample)
        except NotImplementedError:
            continue
        print(
            f"list, {name:<15} legal moves, {len(times)} positions: "
            f"{statistics.median(times):6.1f} ms median, {max(times):7.1f} ms worst"
        )
    times = moves_latency(max(3, args.repeat // 4))
    print(
        f"moves, Terra Mystica round 5, whole process: {min(times):.2f} s best, "
        f"{statistics.median(times):.2f} s median"
    )


if __name__ == "__main__":
    main()

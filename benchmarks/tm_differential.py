"""Terra Mystica against another engine: random legal games, written by gamelog,
replayed by gamelog and by the reference engine, final scores compared.

    python benchmarks/tm_differential.py --reference "perl /work/tm-reference/replay.pl" \\
        --games 300 --players 2-5 --factions all --jobs 2 --out /tmp/tm-games

Each game is written by ``tm_random_game.py`` beside this script: a random setup (the
``player`` lines, the site's default options, a random map of ``data/maps/``, random
round scoring tiles, Fire & Ice final-scoring tiles by ``final-scoring`` lines or by
``option fire-and-ice-final-scoring`` and ``randomize``, random factions) and then a
random choice, line after line, among the lines gamelog's ``legal_moves`` lists for the
faction to move, to the end of round 6. ``--factions`` is the pool: ``base`` (the
fourteen factions), ``fire-ice`` (as many Fire & Ice factions as fit in each game, one
of each type, the rest base) or ``all`` (any faction gamelog accepts). Game *i* has
seed ``--seed + i`` and ``2 + i mod 4`` players within ``--players`` (``2-5``, ``3``,
``2,4``), so a run is the same run again on the same code.

Every game is then replayed from its text by gamelog (as ``gamelog score`` would) and
by the reference, and the two agree on a game when both accept it, both finish it and
every faction's final VP is the same. A game gamelog wrote that the reference refuses
is a disagreement like any other. The summary gives the games, the lines, how many
agree, the first files that do not (with what differs), and the time of each engine;
the exit code is 1 if any game disagrees (or could not be written), else 0.
``--ledger`` also compares every faction row of the two ledgers (faction, VP, C, W,
P, power bowls, cult tracks: gamelog's ledger export against the reference's
``--dump-dir`` JSON) and names the first row that differs. ``--logs FILE...`` compares
given logs instead of writing new ones (to rescore a corpus). ``--out DIR`` keeps the
logs (else they go to a temporary folder), with ``summary.json`` holding every game's
two results. ``--corpus DIR`` copies agreeing games that cover ``CORPUS_NEEDS`` (the
Fire & Ice factions, maps, final tiles, player counts, setup forms, abilities) to DIR
with the reference's VP in ``expected.json`` (tests/corpus/terra_mystica_fire_ice).

Measured on the shared 2-core machine (``--factions fire-ice --ledger --jobs 2``): 320
games (49,677 lines) in 10 minutes wall while the test suite ran beside it; writing is
the cost, 1.3-1.4 s of CPU a game; gamelog replays a game in about 9 ms of CPU, the
reference in 0.1-0.4 s.

The reference is a command line (``--reference``, split like a shell would); the log
files are appended to it, a batch at a time, and it prints one JSON object per file on
its own line, in the order of the files, with at least ``ok`` (true if the engine
accepted every line), ``error`` (null or the message, with its line), ``finished``
(true if final scoring was reached) and ``vp`` (faction name -> VP of the state
reached), and optionally ``file`` and ``seconds`` (its time for that file). That is
what ``replay.pl``, the driver of the site's engine (``jsnell/terra-mystica``, run
outside this repository), prints; with ``--ledger`` it is also given ``--dump-dir DIR``
before the files and writes ``DIR/<file name>.json`` holding the ledger (a list of rows,
the faction rows with ``faction``, ``commands`` and ``{"value": ...}`` cells ``VP``,
``C``, ``W``, ``P``, ``PW``, ``CULT``). Without ``--reference`` only gamelog's side runs.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tm_random_game import FIRE_ICE_FACTIONS, write_game

from gamelog.core.replay import replay
from gamelog.games.terra_mystica import GAME
from gamelog.games.terra_mystica.components import CONSTANTS

#: Files given to one run of the reference command.
BATCH = 20


def players_of(spec: str) -> list[int]:
    """``2-5`` -> [2, 3, 4, 5]; ``2,4`` -> [2, 4]; ``3`` -> [3]."""
    counts: list[int] = []
    for part in spec.split(","):
        low, _, high = part.partition("-")
        counts += range(int(low), int(high or low) + 1)
    if not counts or min(counts) < 2 or max(counts) > 5:
        raise argparse.ArgumentTypeError(f"players between 2 and 5, not {spec}")
    return counts


def ours(path: Path, ledger: bool = False) -> dict:
    """gamelog's result for one log: accepted, finished, final VP, time (and with
    ``ledger`` the faction rows of its ledger export, see ``exported_rows``)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as problem:
        return _failed(str(problem))
    started = time.process_time()
    result = replay(GAME, text, str(path), keep_steps=ledger)
    seconds = time.process_time() - started
    rows: list[list[str]] = []
    if ledger and result.state is not None:
        try:
            rows = exported_rows(GAME.export(result, "ledger"))
        except Exception as problem:  # reported, not raised
            rows = [["export", str(problem)]]
    vp: dict[str, int] = {}
    if result.state is not None:
        try:
            sheet = GAME.score(result.state)
            vp = {p: int(sheet.total(p)) for p in sheet.players}
        except Exception as problem:  # reported, not raised
            return _failed(f"score sheet: {problem}")
    return {
        "ok": result.error is None,
        "error": None if result.error is None else str(result.error),
        "finished": bool(result.finished),
        "vp": vp,
        "seconds": round(seconds, 4),
        "lines": sum(1 for line in text.splitlines() if line.strip()),
        "rows": rows,
        "form": "randomize" if "\nrandomize " in text else "explicit",
        "features": [name for name, pattern in FEATURES.items() if pattern.search(text)],
        **covers(result.state),
    }


def _failed(error: str) -> dict:
    return {"ok": False, "error": error, "finished": False, "vp": {}, "lines": 0, **covers(None)}


def covers(state: object) -> dict:
    """What a game is made of: its factions, map and final-scoring tiles."""
    if state is None:
        return {"factions": [], "map": None, "final_tiles": []}
    return {
        "factions": sorted(f.name for f in state.order),
        "map": state.map_id,
        "final_tiles": sorted(set(state.final_scoring) & set(CONSTANTS.extra_final_scoring)),
    }


def exported_rows(text: str) -> list[list[str]]:
    """The faction rows of a ledger export: faction, VP, C, W, P, power, cults, commands."""
    rows = []
    for line in text.split("\n"):
        cells = line.split("\t")
        if len(cells) >= 15:
            kept = [cells[0], *(cells[i].split()[0] if cells[i] else "" for i in (2, 4, 6, 8, 10))]
            rows.append([*kept, cells[12], " ".join(cells[14].split())])
    return rows


def dumped_rows(path: Path) -> list[list[str]] | None:
    """The same from the reference's dump (the site's view-game JSON, its ``ledger``)."""
    try:
        ledger = json.loads(path.read_text(encoding="utf-8"))["ledger"]
    except (OSError, ValueError, KeyError):
        return None
    rows = []
    for row in ledger:
        if "faction" not in row:
            continue
        values = [str(row.get(k, {}).get("value", "")) for k in ("VP", "C", "W", "P", "PW", "CULT")]
        rows.append([row["faction"], *values, " ".join(str(row.get("commands", "")).split())])
    return rows


def first_row_difference(mine: list[list[str]], theirs: list[list[str]]) -> str | None:
    """Where the two ledgers' faction rows first differ (faction, VP, C, W, P, power,
    cults; the command cell is shown, not compared)."""
    for index, (a, b) in enumerate(zip(mine, theirs, strict=False)):
        if a[:7] != b[:7]:
            return f"faction row {index + 1} ({b[-1]!r}): gamelog {a[:7]}, reference {b[:7]}"
    if len(mine) != len(theirs):
        return f"faction rows: gamelog {len(mine)}, reference {len(theirs)}"
    return None


def _write(task: tuple[int, int, str, str, bool]) -> dict:
    seed, players, which, folder, ledger = task
    started = time.process_time()
    written = write_game(seed, players, which)
    spent = time.process_time() - started
    path = Path(folder) / written.name
    path.write_text(written.text, encoding="utf-8")
    return {
        "file": str(path),
        "name": written.name,
        "written": round(spent, 3),
        "problem": written.problem,
        "dead_ends": len(written.dead_ends),
        "unlisted": written.unlisted,
        "factions": written.factions,
        "gamelog": ours(path, ledger),
    }


def _replayed(task: tuple[str, bool]) -> dict:
    path, ledger = task
    return {"file": path, "name": Path(path).name, "gamelog": ours(Path(path), ledger)}


def reference(command: str, files: list[str], dump: Path | None = None) -> list[dict]:
    """The reference's result for each file (see the module docstring)."""
    argv = shlex.split(command) + (["--dump-dir", str(dump)] if dump else []) + files
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    results = []
    for line in done.stdout.splitlines():
        line = line.strip()
        if line.startswith("{"):
            results.append(json.loads(line))
    if len(results) != len(files):
        problem = f"the reference printed {len(results)} results for {len(files)} files"
        if done.stderr.strip():
            problem += ": " + done.stderr.strip().splitlines()[-1]
        return [{"ok": False, "error": problem, "finished": False, "vp": {}} for _ in files]
    return results


def compare(game: dict) -> str | None:
    """What differs between the two results of a game (None: they agree)."""
    mine, theirs = game["gamelog"], game.get("reference")
    if game.get("problem"):
        return f"not written to the end: {game['problem']}"
    if not mine["ok"]:
        return f"gamelog refuses: {mine['error']}"
    if theirs is None:
        return None
    if not theirs.get("ok"):
        return f"reference refuses: {theirs.get('error')}"
    if bool(mine["finished"]) != bool(theirs.get("finished")):
        return f"finished: gamelog {mine['finished']}, reference {theirs.get('finished')}"
    found = []
    if mine["vp"] != theirs.get("vp"):
        diff = {
            name: (mine["vp"].get(name), theirs.get("vp", {}).get(name))
            for name in sorted(set(mine["vp"]) | set(theirs.get("vp", {})))
            if mine["vp"].get(name) != theirs.get("vp", {}).get(name)
        }
        found.append(
            "VP (gamelog/reference): " + ", ".join(f"{n} {a}/{b}" for n, (a, b) in diff.items())
        )
    if "rows" in theirs:
        if theirs["rows"] is None:
            found.append("the reference wrote no ledger dump")
        else:
            found.append(first_row_difference(mine["rows"], theirs["rows"]) or "")
    return "; ".join(part for part in found if part) or None


#: What a corpus made with ``--corpus`` covers at least: games per Fire & Ice faction
#: (of those in the games), per map, per final-scoring tile, per player count and per
#: form of setup (the site's ``randomize``, or explicit tiles).
CORPUS_NEEDS = {"faction": 5, "map": 3, "tile": 3, "players": 5, "form": 10, "feature": 2}
#: Lines of the Fire & Ice abilities the corpus should hold (twice each, at least).
FEATURES = {
    "Shapeshifters' stronghold action": re.compile(r"^shapeshifters: .*action ACTH", re.M),
    "a power token for VP": re.compile(r"^shapeshifters: .*gain P3 for VP", re.M),
    "a priest kept instead of a terrain": re.compile(r"unlock-terrain gain-priest", re.M),
    "a Riverwalkers' bridge": re.compile(r"^riverwalkers: .*bridge ", re.M),
    "a faction-variant line": re.compile(r"^faction-variant ", re.M),
    **{
        f"{name} stronghold": re.compile(rf"^{name}: .*upgrade \w+ to SH", re.M)
        for name in sorted(FIRE_ICE_FACTIONS)
    },
}


def needs(game: dict) -> list[tuple[str, str]]:
    """The corpus requirements a game helps to meet."""
    mine = game["gamelog"]
    found = [("faction", f) for f in mine["factions"] if f in FIRE_ICE_FACTIONS]
    found += [("map", mine["map"]), ("players", str(len(mine["factions"])))]
    found.append(("form", mine["form"]))
    found += [("feature", name) for name in mine.get("features", ())]
    return found + [("tile", t) for t in mine["final_tiles"]]


def pick_corpus(games: list[dict], size: int) -> list[dict]:
    """Agreeing games that meet CORPUS_NEEDS (greedily, shorter games first), filled up
    to ``size`` with the shortest of the rest."""
    pool = sorted(
        (g for g in games if not g["differs"] and g.get("reference")),
        key=lambda g: (g["gamelog"]["lines"], g["name"]),
    )
    wanted = {}
    for game in pool:
        for kind, value in needs(game):
            wanted[(kind, value)] = CORPUS_NEEDS[kind]
    chosen: list[dict] = []
    while pool:
        gains = [sum(1 for need in needs(g) if wanted.get(need, 0) > 0) for g in pool]
        best = max(gains)
        if best == 0:
            break
        game = pool.pop(gains.index(best))
        chosen.append(game)
        for need in needs(game):
            wanted[need] = wanted.get(need, 0) - 1
    by_players: dict[int, list[dict]] = {}
    for game in pool:
        by_players.setdefault(len(game["gamelog"]["factions"]), []).append(game)
    while len(chosen) < size and any(by_players.values()):
        for count in sorted(by_players):
            if by_players[count] and len(chosen) < size:
                chosen.append(by_players[count].pop(0))
    return sorted(chosen, key=lambda g: g["name"])


def write_corpus(games: list[dict], folder: Path, size: int) -> None:
    """The chosen logs copied to ``folder`` with the reference's VP in expected.json."""
    folder.mkdir(parents=True, exist_ok=True)
    chosen = pick_corpus(games, size)
    expected = {}
    for game in chosen:
        text = Path(game["file"]).read_text(encoding="utf-8")
        (folder / game["name"]).write_text(text, encoding="utf-8")
        expected[game["name"]] = dict(sorted(game["reference"]["vp"].items()))
    (folder / "expected.json").write_text(json.dumps(expected, indent=1) + "\n")
    print(f"corpus: {len(chosen)} games written to {folder}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference", help="the other engine's command (see the docstring)")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=players_of, default=players_of("2-5"))
    parser.add_argument("--factions", choices=("base", "fire-ice", "all"), default="all")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, help="keep the logs (and summary.json) here")
    parser.add_argument("--logs", nargs="+", type=Path, help="compare these logs instead")
    parser.add_argument("--show", type=int, default=10, help="disagreements to list")
    parser.add_argument("--corpus", type=Path, help="write a corpus of agreeing games here")
    parser.add_argument("--corpus-size", type=int, default=40)
    parser.add_argument(
        "--ledger",
        action="store_true",
        help="also compare every faction row of the two ledgers (reference: --dump-dir)",
    )
    args = parser.parse_args(argv)

    folder = args.out or Path(tempfile.mkdtemp(prefix="tm-differential-"))
    folder.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        if args.logs:
            tasks = [(str(p), args.ledger) for p in args.logs]
            games = pool.map(_replayed, tasks, chunksize=4)
        else:
            counts = args.players
            tasks = [
                (args.seed + i, counts[i % len(counts)], args.factions, str(folder), args.ledger)
                for i in range(args.games)
            ]
            games = pool.map(_write, tasks, chunksize=1)
    ours_wall = time.perf_counter() - started

    reference_wall = 0.0
    if args.reference:
        started = time.perf_counter()
        files = [g["file"] for g in games]
        batches = [files[i : i + BATCH] for i in range(0, len(files), BATCH)]
        dump = Path(tempfile.mkdtemp(prefix="tm-dump-")) if args.ledger else None
        with ThreadPoolExecutor(max(1, args.jobs)) as threads:
            answers = list(threads.map(lambda b: reference(args.reference, b, dump), batches))
        for game, answer in zip(games, [a for batch in answers for a in batch], strict=True):
            game["reference"] = answer
            if dump is not None:
                answer["rows"] = dumped_rows(dump / f"{Path(game['file']).name}.json")
        reference_wall = time.perf_counter() - started

    for game in games:
        game["differs"] = compare(game)
        game["gamelog"].pop("rows", None)
        game.get("reference", {}).pop("rows", None)
    (folder / "summary.json").write_text(json.dumps(games, indent=1) + "\n", encoding="utf-8")
    report(games, args, folder, ours_wall, reference_wall)
    if args.corpus:
        write_corpus(games, args.corpus, args.corpus_size)
    return 1 if any(g["differs"] for g in games) else 0


def report(
    games: list[dict], args: argparse.Namespace, folder: Path, wall: float, ref: float
) -> None:
    n = len(games)
    lines = sum(g["gamelog"].get("lines", 0) for g in games)
    bad = [g for g in games if g["differs"]]
    written = [g for g in games if "written" in g]
    replay_time = sum(g["gamelog"].get("seconds", 0) for g in games)
    print(f"games: {n} ({lines} lines, {lines / max(n, 1):.0f} a game), logs in {folder}")
    if written:
        spent = sum(g["written"] for g in written)
        stuck = sum(g["dead_ends"] for g in written)
        print(
            f"writing: {spent / len(written):.2f} s a game of CPU ({wall:.1f} s wall, "
            f"{args.jobs} jobs); {stuck} dead ends backed out of"
        )
        unlisted = sorted({line for g in written for line in g["unlisted"]})
        if unlisted:
            print(f"played though legal_moves did not list them: {', '.join(unlisted)}")
    print(f"gamelog replay: {1000 * replay_time / max(n, 1):.1f} ms of CPU a game")
    if args.reference:
        theirs = [g["reference"].get("seconds") for g in games if g.get("reference")]
        timed = [s for s in theirs if isinstance(s, (int, float))]
        per = f"{1000 * sum(timed) / len(timed):.1f} ms a game by its own clock, " if timed else ""
        print(f"reference replay: {per}{ref:.1f} s wall")
        print(f"agreed: {n - len(bad)} of {n}; disagreed: {len(bad)}")
    else:
        print(f"no reference: gamelog accepted and finished {n - len(bad)} of {n}")
    for game in bad[: args.show]:
        print(f"  {game['file']}: {game['differs']}")


if __name__ == "__main__":
    sys.exit(main())

"""Terra Mystica ratings against the online site's own rating code: the same games
fed to ``gamelog ratings`` and to the site's ``Analyze::RatingData`` and
``Analyze::ELO`` (run outside this repository by a driver that stands in for its
database), every player's and faction's rating compared.

    python benchmarks/tm_ratings_differential.py --reference "perl /work/tm-ratings/driver.pl"

The reference command reads the database rows from the JSON file named by the
environment variable RATING_ROWS (one object per game_role row, the game's columns
joined in, as the site's ``get_finished_game_results`` selects them: game, faction,
vp, start_order, username, dropped, base_map, options, last_update, finished, round,
aborted, exclude_from_stats) and prints ``{"players": {username: {"rating",
"games"}}, "factions": {"FACTION MAP": {"rating", "games"}}, "games": [rated game
ids]}``; ``--seat-order`` is passed to it where tied factions must come in seat order
(the site leaves their order to Perl's hash order; without it, each run of
``--hash-seeds`` shows how far that moves the site's own ratings).

The rows come from the replayed logs as the site's database would hold them (what
``DB/IndexGame.pm`` stores: the faction's name, VP, seat, dropped flag, the game's
options, map, round and finished flag), not from gamelog's ratings code, so that the
site's code alone decides which games count, how the factions are named, the pairs
and the ratings. The players: every log here gets a ``players:`` line (or, for a few
base-game logs, ``player`` lines, one of them naming a player twice), and most a
``date:`` line, drawn from a seeded pool so that some players reach 5 games and some
do not; a ledger keeps its own ``Player N`` rows. A game's time for the site
(``last_update``) is gamelog's order of games: its date, then its file name.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gamelog.core.logs import game_for  # noqa: E402
from gamelog.core.replay import replay  # noqa: E402
from gamelog.games.terra_mystica.people import people  # noqa: E402
from gamelog.games.terra_mystica.ratings import DODGY, MAP_NAMES  # noqa: E402

CORPUS = ROOT / "tests" / "corpus"
DEFAULT_LOGS = [
    CORPUS / "terra_mystica" / "commands",
    CORPUS / "terra_mystica" / "ledgers",
    CORPUS / "terra_mystica_fire_ice",
    CORPUS / "terra_mystica_random",
]
POOL = [
    "Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon",
    "Kim", "Lou", "Max", "Ned", "Ora", "Pia",
]  # fmt: skip
#: How often each name is drawn: the first ones play often, the last ones rarely.
WEIGHTS = [16, 14, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference", required=True, help="the site's rating code, as a command")
    parser.add_argument("--logs", nargs="*", type=Path, default=DEFAULT_LOGS)
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--hash-seeds", type=int, default=5, help="runs without --seat-order")
    parser.add_argument("--out", type=Path, help="keep the copies and rows here")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--as-is", action="store_true", help="copy the logs unchanged (their own players)"
    )
    args = parser.parse_args()
    folder = Path(args.out or tempfile.mkdtemp(prefix="gamelog-ratings-diff-"))
    if folder.exists():
        shutil.rmtree(folder)
    (folder / "logs").mkdir(parents=True)
    rng = random.Random(args.seed)
    files = sorted(
        path
        for given in args.logs
        for path in (given.rglob("*.txt") if given.is_dir() else [given])
        if "illegal" not in path.parts
    )
    written = [
        copy
        for path in files
        if (copy := _copy(path, folder / "logs", None if args.as_is else rng)) is not None
    ]
    rows = [row for copy in written for row in _rows(copy)]
    (folder / "rows.json").write_text(json.dumps(rows, indent=1))
    ours = _gamelog(folder / "logs", args.jobs)
    theirs = _reference(args.reference, folder / "rows.json", seat_order=True)
    report = _compare(ours, theirs, folder / "logs")
    spread = _spread(args.reference, folder / "rows.json", args.hash_seeds)
    print(f"logs: {len(files)} read, {len(written)} finished and copied to {folder / 'logs'}")
    print(report)
    print(spread)


# --- the copies ------------------------------------------------------------------------


def _copy(path: Path, out: Path, rng: random.Random | None) -> Path | None:
    """A copy of the log with who plays each seat (and often a date) in its header
    (with no ``rng``, as it is); None for a log that is not a finished legal game."""
    text = path.read_text(encoding="utf-8")
    game = game_for(text, None)
    if game.name != "terra-mystica":
        return None
    result = replay(game, text, str(path))
    if result.error is not None or not result.finished:
        return None
    if rng is None:
        target = out / f"{path.parent.name}__{path.name}"
        target.write_text(text, encoding="utf-8")
        return target
    state = result.state
    seats = list(state.order)
    header: list[str] = []
    if rng.random() < 0.7:
        day = datetime.datetime(2021, 1, 1) + datetime.timedelta(
            minutes=rng.randrange(60 * 24 * 700)
        )
        # Some share a day (same-day games go by file name), most have a time.
        header.append(
            f"date: {day:%Y-%m-%d}" if rng.random() < 0.3 else f"date: {day:%Y-%m-%d %H:%M}"
        )
    body = text
    if people(state, text).by_faction:
        pass  # its own player lines, or a ledger's Player N rows
    else:
        names = _draw(rng, len(seats))
        base = not state.fire_and_ice
        choice = rng.random()
        if state.form == "commands" and base and not state.players and choice < 0.12:
            if choice < 0.03 and len(names) > 2:
                names[1] = names[0]  # the same player twice: the site leaves it out
            body = "".join(f"player {name}\n" for name in names) + text
        elif choice < 0.55 or any(f.empty_seat for f in seats):
            if not state.players:
                header.append("players: " + ", ".join(names))
        else:
            named = [(n, f.name) for n, f in zip(names, seats, strict=True) if not f.empty_seat]
            if choice > 0.9 and len(named) > 2:
                named.pop(rng.randrange(len(named)))  # a seat nobody is named for
            header.append("players: " + ", ".join(f"{n} ({faction})" for n, faction in named))
    target = out / f"{path.parent.name}__{path.name}"
    target.write_text("".join(f"{line}\n" for line in header) + body, encoding="utf-8")
    check = replay(game, target.read_text(encoding="utf-8"), str(target))
    if check.error is not None or not check.finished:  # player lines changed the game
        target.write_text(text, encoding="utf-8")
    return target


def _draw(rng: random.Random, count: int) -> list[str]:
    names: list[str] = []
    while len(names) < count:
        name = rng.choices(POOL, WEIGHTS)[0]
        if name not in names:
            names.append(name)
    return names


# --- the database's rows -------------------------------------------------------------


def _rows(path: Path) -> list[dict[str, Any]]:
    """The game_role rows the site's database would hold for the game of ``path``."""
    text = path.read_text(encoding="utf-8")
    game = game_for(text, None)
    result = replay(game, text, str(path))
    state = result.state
    sheet = game.score(state)
    who = people(state, text)
    date = next((line.value for line in game.read_header(text).lines if line.key == "date"), "")
    from gamelog.core.ratings import parse_date

    when = f"{parse_date(date) or '' if date else ''}\t{path.name}"
    rows = []
    for f in state.order:
        person = who.by_faction.get(f.name)
        rows.append(
            {
                "game": path.name,
                "faction": f.name,
                "vp": 0 if f.empty_seat else sheet.total(f.name),
                "start_order": f.start_order,
                "username": person.casefold() if person else None,
                "dropped": 1 if f.dropped else 0,
                "base_map": state.map_id,
                "options": sorted(state.options),
                "last_update": when,
                "finished": 1 if state.finished else 0,
                "round": state.round,
                "aborted": 0,
                "exclude_from_stats": any(w.startswith(DODGY) for w in state.warnings),
            }
        )
    return rows


# --- the two answers -------------------------------------------------------------------


def _gamelog(logs: Path, jobs: int) -> dict[str, Any]:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "gamelog",
            "ratings",
            str(logs),
            "--format",
            "json",
            "--jobs",
            str(jobs),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode not in (0, 1):
        raise SystemExit(f"gamelog ratings failed: {done.stderr}")
    return json.loads(done.stdout)


def _reference(
    command: str, rows: Path, *, seat_order: bool, seed: int | None = None
) -> dict[str, Any]:
    env = {**os.environ, "RATING_ROWS": str(rows)}
    if seed is not None:
        env.update(PERL_HASH_SEED=f"{(seed + 1) * 2654435761 % 2**32:08x}", PERL_PERTURB_KEYS="0")
    argv = shlex.split(command) + (["--seat-order"] if seat_order else [])
    done = subprocess.run(argv, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the reference failed: {done.stderr}")
    answer = json.loads(done.stdout)
    for table in (answer["players"], answer["factions"]):
        for value in table.values():
            value["rating"] = float(value["rating"])
    return answer


def _compare(ours: dict[str, Any], theirs: dict[str, Any], logs: Path) -> str:
    map_ids = {name: key for key, name in MAP_NAMES.items()}
    our_games = {Path(p).name for p in _rated_files(ours, logs)}
    their_games = set(theirs["games"])
    lines = [
        f"games rated: gamelog {len(our_games)}, the site's code {len(their_games)}; "
        f"the same games: {our_games == their_games}"
    ]
    for name in sorted(our_games ^ their_games):
        lines.append(f"  only {'gamelog' if name in our_games else 'the site'} rates {name}")
    reasons: dict[str, int] = {}
    for left in ours["left_out"]:
        key = left["reason"].split(":")[0] if ":" in left["reason"] else left["reason"]
        reasons[key] = reasons.get(key, 0) + 1
    lines.append(
        "left out by gamelog: " + "; ".join(f"{k} ({v})" for k, v in sorted(reasons.items()))
    )
    worst = 0.0
    mismatched = []
    their_players = theirs["players"]
    our_players = {p["name"].casefold(): p for p in ours["players"]}
    for name in sorted(set(our_players) | set(their_players)):
        mine, site = our_players.get(name), their_players.get(name)
        if mine is None or site is None or mine["games"] != site["games"]:
            mismatched.append(f"  player {name}: gamelog {mine}, the site {site}")
            continue
        worst = max(worst, abs(mine["rating"] - site["rating"]))
    lines.append(
        f"players: {len(our_players)} (gamelog), {len(their_players)} (the site); "
        f"largest rating difference {worst:.3g}"
    )
    worst_f = 0.0
    our_factions = {
        f"{f['faction']} {map_ids.get(f['map'], f['map'])}": f for f in ours.get("factions", [])
    }
    for key in sorted(set(our_factions) | set(theirs["factions"])):
        mine, site = our_factions.get(key), theirs["factions"].get(key)
        if mine is None or site is None or mine["games"] != site["games"]:
            mismatched.append(f"  faction {key}: gamelog {mine}, the site {site}")
            continue
        worst_f = max(worst_f, abs(mine["rating"] - site["rating"]))
    lines.append(
        f"factions: {len(our_factions)} (gamelog), {len(theirs['factions'])} (the site); "
        f"largest rating difference {worst_f:.3g}"
    )
    lines += mismatched
    return "\n".join(lines)


def _rated_files(ours: dict[str, Any], logs: Path) -> set[str]:
    left = {Path(x["file"]).name for x in ours["left_out"]}
    return {p.name for p in logs.iterdir()} - left


def _spread(command: str, rows: Path, seeds: int) -> str:
    """How far the site's own ratings move from one run to the next (the order of tied
    factions is Perl's hash order)."""
    if seeds <= 0:
        return ""
    runs = [_reference(command, rows, seat_order=False, seed=seed) for seed in range(seeds)]
    widest = 0.0
    for name in runs[0]["players"]:
        values = [run["players"][name]["rating"] for run in runs]
        widest = max(widest, max(values) - min(values))
    ties = _tied_games(rows)
    return (
        f"the site's own runs under {seeds} hash seeds (no --seat-order): player ratings "
        f"differ by up to {widest:.3g} ({ties} rated logs have tied factions)"
    )


def _tied_games(rows_path: Path) -> int:
    rows = json.loads(rows_path.read_text())
    by_game: dict[str, list[int]] = {}
    for row in rows:
        if not row["faction"].startswith("nofaction"):
            by_game.setdefault(row["game"], []).append(row["vp"])
    return sum(1 for vps in by_game.values() if len(vps) != len(set(vps)))


if __name__ == "__main__":
    main()

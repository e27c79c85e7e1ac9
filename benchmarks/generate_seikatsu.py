"""Write random, complete and legal Seikatsu games as gamelog logs.

    python benchmarks/generate_seikatsu.py OUTDIR --count 1000 --seed 1

Games mix 2 and 3 players, standard and tournament mode, and the notation's
spellings (codes, long forms, koi with and without a named bird). Each game is
played out as at the table: the setup tiles are drawn onto the pond's flower
spaces, every player holds two tiles, plays one on an empty space next to a tile
and draws a new one while the bag lasts, until the garden is full.

Only the standard library is used, and the geometry is worked out here from
axial coordinates again rather than imported from gamelog, so that replaying
these games through gamelog is an independent check of its rules engine.
``generate_game``, ``generate_games`` and ``write_games`` are importable (tests,
``benchmarks/bench_audit.py``).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from pathlib import Path

BIRDS = {"R": "red", "G": "grey", "N": "green", "B": "blue"}
FLOWERS = {"P": "purple", "K": "pink", "O": "orange", "B": "blue"}
KOI = "koi"
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eli", "Fay", "Gus", "Hana", "Ines", "Jun", "Kai", "Lou")
TURNS_EACH = {2: 17, 3: 11}
TOURNAMENT_KOI = {2: (2, 2), 3: (1, 1, 2)}
#: The two readings of where the printed flower spaces are (both alternate round the pond).
FLOWER_SPACE_SETS = (("D3", "E4", "C4"), ("D5", "C3", "E3"))
#: Clockwise from pink (behind D1): the pagoda behind A4, then the one behind G4.
CLOCKWISE_CORNERS = ("D1", "A4", "G4")


def _label(q: int, r: int) -> str:
    return f"{'ABCDEFG'[q + 3]}{1 + min(3, 3 - q) - r}"


def _geometry() -> tuple[list[str], dict[str, tuple[str, ...]]]:
    cells = [
        (q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3 and (q, r) != (0, 0)
    ]
    cell_set = set(cells)
    steps = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    neighbours = {
        _label(q, r): tuple(
            _label(q + dq, r + dr) for dq, dr in steps if (q + dq, r + dr) in cell_set
        )
        for q, r in cells
    }
    return sorted(neighbours), neighbours


SPACES, NEIGHBOURS = _geometry()


def _tile_text(rng: random.Random, tile: str) -> str:
    if rng.random() < 0.1:
        return f"{BIRDS[tile[0]]}/{FLOWERS[tile[1]]}"
    return tile if rng.random() < 0.8 else tile.lower()


def _koi_text(rng: random.Random, garden: dict[str, str], space: str) -> str:
    """A koi move names its bird: usually the best one here, sometimes none or another."""
    counts = {bird: 0 for bird in BIRDS}
    for n in NEIGHBOURS[space]:
        tile = garden.get(n)
        if tile and tile != KOI:
            counts[tile[0]] += 1
    roll = rng.random()
    if roll < 0.15:
        return "koi"
    bird = max(counts, key=lambda b: counts[b]) if roll < 0.85 else rng.choice(list(BIRDS))
    return f"koi as {BIRDS[bird]}"


def generate_game(rng: random.Random, players: int = 2, tournament: bool = False) -> str:
    """One complete legal game as log text."""
    names = rng.sample(NAMES, players)
    if players == 2:
        colours = ["pink", "blue"]
        corners = {"pink": "D1", "blue": rng.choice(("G4", "A4"))}
    else:
        colours = ["pink", *rng.sample(["blue", "green"], 2)]
        corners = dict(zip(colours, CLOCKWISE_CORNERS, strict=True))
    first = rng.randrange(players)
    seats = [(names[i], colours[i]) for i in range(players)]
    seats = seats[first:] + seats[:first]  # turn order, still clockwise

    bag = [b + f for b in BIRDS for f in FLOWERS for _copy in range(2)]
    rng.shuffle(bag)
    flower_spaces = list(rng.choice(FLOWER_SPACE_SETS))
    setup_spaces = rng.sample(flower_spaces, players)
    garden: dict[str, str] = {}
    setup = []
    for space in setup_spaces:
        tile = bag.pop()
        garden[space] = tile
        setup.append(f"{_tile_text(rng, tile)} at {space}")

    hands: list[list[str]] = [[] for _ in seats]
    if tournament:
        for hand, koi in zip(hands, TOURNAMENT_KOI[players], strict=True):
            hand.extend([KOI] * koi)
    else:
        bag.extend([KOI] * 4)
        rng.shuffle(bag)
    for hand in hands:
        while len(hand) < 2 and bag:
            hand.append(bag.pop())

    lines = [
        "game: seikatsu",
        "players: " + ", ".join(f"{name} ({colour})" for name, colour in seats),
    ]
    if tournament:
        lines.append("mode: tournament")
    if players == 2 and (corners["blue"] == "A4" or rng.random() < 0.3):
        lines.append(f"seating: blue {corners['blue']}")
    elif players == 3 and rng.random() < 0.3:
        lines.append(f"seating: {', '.join(f'{c} {corners[c]}' for c in colours[1:])}")
    lines.append("setup: " + ", ".join(setup))
    lines.append("")

    for turn in range(players * TURNS_EACH[players]):
        seat = turn % players
        name = seats[seat][0]
        hand = hands[seat]
        tile = hand.pop(rng.randrange(len(hand)))
        playable = [
            s for s in SPACES if s not in garden and any(n in garden for n in NEIGHBOURS[s])
        ]
        space = rng.choice(playable)
        text = _koi_text(rng, garden, space) if tile == KOI else _tile_text(rng, tile)
        at = " at " if rng.random() < 0.9 else " "
        lines.append(f"{name}: {text}{at}{space}")
        garden[space] = tile
        if bag:
            hand.append(bag.pop())
    assert len(garden) == len(SPACES) and not any(hands), "every tile is played"
    return "\n".join(lines) + "\n"


def generate_games(count: int, seed: int = 1) -> Iterator[tuple[str, str]]:
    """``count`` games as (file name, log text), reproducible from ``seed``."""
    rng = random.Random(seed)
    for number in range(1, count + 1):
        players = rng.choice((2, 3))
        tournament = rng.random() < 0.25
        kind = f"{players}p{'-tournament' if tournament else ''}"
        yield f"seikatsu-{number:05d}-{kind}.log", generate_game(rng, players, tournament)


def write_games(outdir: Path, count: int = 1000, seed: int = 1) -> list[Path]:
    """Write ``count`` games into ``outdir`` (created if need be); the paths written."""
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in generate_games(count, seed):
        path = outdir / name
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outdir", type=Path, help="folder to write the .log files to")
    parser.add_argument("--count", type=int, default=1000, help="how many games (1000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (1)")
    args = parser.parse_args(argv)
    write_games(args.outdir, args.count, args.seed)
    print(f"wrote {args.count} Seikatsu games to {args.outdir}")


if __name__ == "__main__":
    main()

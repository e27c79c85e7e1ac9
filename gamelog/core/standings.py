"""Standings across a season of logs: a league table per game, and the figures players
quote about factions, built from the audit's records (so the same files, workers and
fault handling count).

Only finished, legal logs count; every other file is listed apart with its status,
so that nothing is dropped without a word. Players are the same player whatever the
case of their name. A shared first place counts as a share of a win (two players
sharing first place get half a win each), and ties in the table are shown as ties.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamelog.core.scoring import Number
from gamelog.core.suggest import suggestion

#: The league table's keys, each with the direction that ranks first.
ORDER_KEYS = {
    "wins": "higher",
    "games": "higher",
    "mean-rank": "lower",
    "mean": "higher",
    "median": "higher",
    "best": "higher",
}
DEFAULT_ORDER = ("wins", "mean-rank", "mean")


@dataclass
class Played:
    """One finished game of one entrant."""

    file: str
    total: Number
    rank: int
    win: float  # 1, or a share of a shared first place
    breakdown: dict[str, Number]
    setup: dict[str, str]


@dataclass
class Entrant:
    """A player (or faction) and their games."""

    name: str
    played: list[Played] = field(default_factory=list)
    place: int = 0
    #: How often each spelling of the name was written; the most usual one is shown.
    spellings: dict[str, int] = field(default_factory=dict)

    @property
    def games(self) -> int:
        return len(self.played)

    @property
    def wins(self) -> float:
        return sum(game.win for game in self.played)

    @property
    def mean(self) -> float:
        return statistics.fmean(game.total for game in self.played)

    @property
    def median(self) -> float:
        return statistics.median(game.total for game in self.played)

    @property
    def best(self) -> Number:
        return max(game.total for game in self.played)

    @property
    def mean_rank(self) -> float:
        return statistics.fmean(game.rank for game in self.played)

    def value(self, key: str) -> float:
        return float(
            {
                "wins": self.wins,
                "games": self.games,
                "mean-rank": self.mean_rank,
                "mean": self.mean,
                "median": self.median,
                "best": self.best,
            }[key]
        )

    def mean_by_source(self) -> dict[str, float]:
        """Mean points per scoring category over the games (0 where a game lacks it)."""
        categories: list[str] = []
        for game in self.played:
            categories += [c for c in game.breakdown if c not in categories]
        return {
            category: statistics.fmean(game.breakdown.get(category, 0) for game in self.played)
            for category in categories
        }


@dataclass
class Table:
    """The standings of one game, or of one game's logs of one setup."""

    game: str
    by: str
    order: tuple[str, ...]
    entrants: list[Entrant]
    #: What sets this table's logs apart from the game's other tables: the setup keys
    #: whose values differ between them (empty when the game has one table).
    setup: dict[str, str] = field(default_factory=dict)

    @property
    def games(self) -> int:
        return len({game.file for entrant in self.entrants for game in entrant.played})


@dataclass
class Standings:
    tables: list[Table]
    #: Files that do not count: (file, game, status, why).
    apart: list[dict[str, Any]]


def order_keys(text: str | None) -> tuple[str, ...]:
    """``--order wins,mean`` as keys; ValueError naming the known ones for a wrong one."""
    if not text:
        return DEFAULT_ORDER
    keys = tuple(key.strip().lower() for key in text.split(",") if key.strip())
    for key in keys:
        if key not in ORDER_KEYS:
            raise ValueError(
                f"unknown --order key '{key}'"
                + suggestion(key, ORDER_KEYS)
                + f" (known: {', '.join(ORDER_KEYS)})"
            )
    return keys


#: A group of logs: the game, and its setup as (key, value) pairs.
GroupKey = tuple[str, tuple[tuple[str, str], ...]]


def standings(
    records: Iterable[dict[str, Any]],
    *,
    by: str = "player",
    order: Sequence[str] = DEFAULT_ORDER,
    per_setup: bool = True,
) -> Standings:
    """The tables of ``records`` (audit records), one per game, and with ``per_setup``
    one per setup where a game's logs were set up differently: a record's ``setup``
    is what its game was set up with that changes how it scores (Terra Mystica: the
    map, the Fire & Ice final scoring tile, playtest boards; the other games fill in
    nothing), so that totals of one table are comparable. A table's ``setup`` names
    what sets it apart from the game's other tables.

    ``by`` is "player" (each player's name; for games whose players are factions,
    the person behind the faction where the log names them) or "faction".
    """
    apart: list[dict[str, Any]] = []
    grouped: dict[GroupKey, dict[str, Entrant]] = {}
    setups: dict[GroupKey, dict[str, str]] = {}
    for rec in records:
        why = _why_apart(rec)
        if why:
            apart.append(
                {"file": rec["file"], "game": rec["game"], "status": rec["status"], "why": why}
            )
            continue
        setup = dict(rec.get("setup") or {})
        key: GroupKey = (rec["game"], tuple(sorted(setup.items())) if per_setup else ())
        setups.setdefault(key, setup if per_setup else {})
        entrants = grouped.setdefault(key, {})
        firsts = sum(1 for player in rec["players"] if player["rank"] == 1)
        for player in rec["players"]:
            name = _entrant_name(player, by)
            if name is None:
                continue
            folded = name.casefold()
            entrant = entrants.setdefault(folded, Entrant(name))
            entrant.spellings[name] = entrant.spellings.get(name, 0) + 1
            entrant.name = max(entrant.spellings, key=entrant.spellings.__getitem__)
            entrant.played.append(
                Played(
                    file=rec["file"],
                    total=player["total"],
                    rank=player["rank"],
                    win=(1 / firsts) if player["rank"] == 1 else 0.0,
                    breakdown=dict(player["breakdown"]),
                    setup=setup,
                )
            )
    tables = []
    for key, entrants in sorted(grouped.items()):
        ranked = _ranked(list(entrants.values()), order)
        tables.append(Table(key[0], by, tuple(order), ranked, _apart(key, setups)))
    return Standings(tables, apart)


def _apart(key: GroupKey, setups: dict[GroupKey, dict[str, str]]) -> dict[str, str]:
    """The setup keys (in the game's order) in which the group ``key`` differs from
    another group of its game, with the group's values."""
    game, setup = key[0], setups[key]
    others = [other for group, other in setups.items() if group[0] == game and group != key]
    return {
        name: value
        for name, value in setup.items()
        if any(other.get(name) != value for other in others)
    }


def _why_apart(rec: dict[str, Any]) -> str:
    if rec["status"] != "ok":
        error = rec.get("error") or {}
        where = f"line {error['line']}: " if error.get("line") else ""
        return where + (error.get("message") or rec["status"])
    if not rec["finished"]:
        return "the game is not finished"
    return ""


def _entrant_name(player: dict[str, Any], by: str) -> str | None:
    if by == "player":
        return player.get("person") or player["name"]
    return player["name"]


def _ranked(entrants: list[Entrant], order: Sequence[str]) -> list[Entrant]:
    """In league order; entrants equal on every key share the better place."""

    def key(entrant: Entrant) -> tuple[float, ...]:
        values = []
        for name in order:
            value = entrant.value(name)
            values.append(-value if ORDER_KEYS[name] == "higher" else value)
        return tuple(values)

    ordered = sorted(entrants, key=lambda e: (key(e), e.name.casefold()))
    for index, entrant in enumerate(ordered):
        if index and key(ordered[index - 1]) == key(entrant):
            entrant.place = ordered[index - 1].place
        else:
            entrant.place = index + 1
    return ordered


def table_record(table: Table) -> dict[str, Any]:
    """A table as plain values (what ``standings --format json`` prints)."""
    return {
        "game": table.game,
        "by": table.by,
        "order": list(table.order),
        "setup": table.setup,
        "games": table.games,
        "entrants": [
            {
                "place": e.place,
                "name": e.name,
                "games": e.games,
                "wins": e.wins,
                "mean": round(e.mean, 2),
                "median": e.median,
                "best": e.best,
                "mean_rank": round(e.mean_rank, 2),
                "mean_by_source": {k: round(v, 2) for k, v in e.mean_by_source().items()},
                "played": [
                    {"file": g.file, "total": g.total, "rank": g.rank, "win": g.win}
                    for g in e.played
                ],
            }
            for e in table.entrants
        ],
    }

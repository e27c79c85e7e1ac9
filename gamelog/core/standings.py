"""Standings across a season of logs: a league table per game, and the figures players
quote about factions, built from the audit's records (so the same files, workers and
fault handling count).

Only finished, legal logs count; every other file is listed apart with its status,
so that nothing is dropped without a word. Players are the same player whatever the
case of their name. A shared first place counts as a share of a win (two players
sharing first place get half a win each), and ties in the table are shown as ties.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable, Iterable, Iterator, Sequence
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


@dataclass(slots=True)
class Played:
    """One finished game of one entrant: what the tables show of it, and no more (a
    season of 100,000 logs holds one of these per player per game)."""

    file: str
    total: Number
    rank: int
    win: float  # 1, or a share of a shared first place
    #: The log's place among the files given, for the order games are listed in.
    index: int = 0


@dataclass
class Entrant:
    """A player (or faction) and their games."""

    name: str
    played: list[Played] = field(default_factory=list)
    place: int = 0
    #: How often each spelling of the name was written; the most usual one is shown
    #: (of two as usual, the one written first).
    spellings: dict[str, int] = field(default_factory=dict)
    #: The points of every game by scoring category, summed (in the order the
    #: categories were first met), for ``mean_by_source``.
    source_sums: dict[str, Number] = field(default_factory=dict)
    #: Where each spelling was first written (the files' order).
    first_written: dict[str, int] = field(default_factory=dict)
    #: Where each category was first met: (file's place, place in its breakdown).
    source_first: dict[str, tuple[int, int]] = field(default_factory=dict)

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
        return {
            category: self.source_sums[category] / self.games
            for category in sorted(self.source_sums, key=self.source_first.__getitem__)
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
    season = Season(by=by, order=order, per_setup=per_setup)
    for index, rec in enumerate(records):
        season.add(index, rec)
    return season.standings()


def entry(result: object, rec: dict[str, Any]) -> dict[str, Any]:
    """What the standings need of a replayed log's record (an audit ``Shape``, made
    in the worker): a few hundred bytes where the whole record is some 56 KB."""
    return entry_of(rec)


def entry_of(rec: dict[str, Any]) -> dict[str, Any]:
    """What the standings need of a record."""
    error = rec.get("error")
    return {
        "file": rec["file"],
        "game": rec["game"],
        "status": rec["status"],
        "finished": rec["finished"],
        "setup": rec.get("setup") or {},
        "error": None if error is None else {"line": error["line"], "message": error["message"]},
        "players": [
            {
                "name": player["name"],
                "total": player["total"],
                "rank": player["rank"],
                "breakdown": player["breakdown"],
                **({"person": player["person"]} if player.get("person") else {}),
            }
            for player in rec["players"]
        ],
    }


class Season:
    """The standings built up a record at a time, in any order (an audit hands each
    record on as it finishes; ``index`` is its place among the files), keeping of
    each only what the tables show: memory grows with the players' games, not with
    the records."""

    def __init__(
        self, *, by: str = "player", order: Sequence[str] = DEFAULT_ORDER, per_setup: bool = True
    ) -> None:
        self.by = by
        self.order = tuple(order)
        self.per_setup = per_setup
        self.apart: list[tuple[int, dict[str, Any]]] = []
        self.grouped: dict[GroupKey, dict[str, Entrant]] = {}
        self.setups: dict[GroupKey, tuple[int, dict[str, str]]] = {}

    def add(self, index: int, rec: dict[str, Any]) -> None:
        why = _why_apart(rec)
        if why:
            kept = {"file": rec["file"], "game": rec["game"], "status": rec["status"], "why": why}
            self.apart.append((index, kept))
            return
        setup = dict(rec.get("setup") or {})
        key: GroupKey = (rec["game"], tuple(sorted(setup.items())) if self.per_setup else ())
        known = self.setups.get(key)
        if known is None or index < known[0]:
            self.setups[key] = (index, setup if self.per_setup else {})
        entrants = self.grouped.setdefault(key, {})
        firsts = sum(1 for player in rec["players"] if player["rank"] == 1)
        for player in rec["players"]:
            name = _entrant_name(player, self.by)
            if name is None:
                continue
            entrant = entrants.setdefault(name.casefold(), Entrant(name))
            entrant.spellings[name] = entrant.spellings.get(name, 0) + 1
            first = entrant.first_written.get(name)
            entrant.first_written[name] = index if first is None else min(first, index)
            entrant.played.append(
                Played(
                    file=rec["file"],
                    total=player["total"],
                    rank=player["rank"],
                    win=(1 / firsts) if player["rank"] == 1 else 0.0,
                    index=index,
                )
            )
            sums, first_met = entrant.source_sums, entrant.source_first
            for place, (category, points) in enumerate(player["breakdown"].items()):
                sums[category] = sums.get(category, 0) + points
                met = first_met.get(category)
                if met is None or (index, place) < met:
                    first_met[category] = (index, place)

    def standings(self) -> Standings:
        setups = {key: setup for key, (_, setup) in self.setups.items()}
        tables = []
        for key, entrants in sorted(self.grouped.items()):
            for entrant in entrants.values():
                entrant.played.sort(key=lambda game: game.index)
                entrant.name = max(
                    entrant.spellings,
                    key=lambda name: (entrant.spellings[name], -entrant.first_written[name]),
                )
            ranked = _ranked(list(entrants.values()), self.order)
            tables.append(Table(key[0], self.by, self.order, ranked, _apart(key, setups)))
        return Standings(tables, [kept for _, kept in sorted(self.apart, key=lambda a: a[0])])


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
    """A table as plain values (what ``standings --format json`` prints of it)."""
    return {**_table_head(table), "entrants": [_entrant_record(e) for e in table.entrants]}


def _table_head(table: Table) -> dict[str, Any]:
    return {
        "game": table.game,
        "by": table.by,
        "order": list(table.order),
        "setup": table.setup,
        "games": table.games,
    }


def _entrant_record(e: Entrant) -> dict[str, Any]:
    return {
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
            {"file": g.file, "total": g.total, "rank": g.rank, "win": g.win} for g in e.played
        ],
    }


def json_pieces(result: Standings) -> Iterator[str]:
    """``standings --format json``: the text of ``json.dumps({"tables": [table_record
    ...], "not_counted": result.apart}, indent=2, ensure_ascii=False)``, a piece at a
    time, one entrant's record at a time. The records of a whole season at once
    (every game of every entrant, as dicts, then indented JSON's many small chunks)
    were most of a season's peak memory (some 4 KB a log); this holds one entrant's."""

    def table(table: Table) -> _Open:
        return _Open({**_table_head(table), "entrants": _Stream(table.entrants, _entrant_record)})

    whole = _Open({"tables": _Stream(result.tables, table), "not_counted": result.apart})
    yield from _pieces(whole, 0)


class _Open(dict[str, Any]):
    """A JSON object written a member at a time (its values may be ``_Stream``s)."""


class _Stream:
    """A JSON array whose items are made one at a time, as they are written:
    ``make(item)`` of each of ``items``."""

    def __init__(self, items: Iterable[Any], make: Callable[[Any], Any]) -> None:
        self.items = items
        self.make = make

    def __iter__(self) -> Iterator[Any]:
        return (self.make(item) for item in self.items)


def _pieces(value: Any, level: int) -> Iterator[str]:
    """``value`` as ``json.dumps(value, indent=2, ensure_ascii=False)`` writes it at
    nesting ``level``, in pieces (``_Open`` and ``_Stream`` a member or item at a time)."""
    pad = "  " * level
    if isinstance(value, _Stream):
        empty = True
        for item in value:
            yield ("[\n" if empty else ",\n") + pad + "  "
            empty = False
            yield from _pieces(item, level + 1)
        yield "[]" if empty else f"\n{pad}]"
    elif isinstance(value, _Open):
        for number, (key, item) in enumerate(value.items()):
            yield (
                ("{\n" if number == 0 else ",\n")
                + pad
                + "  "
                + json.dumps(key, ensure_ascii=False)
                + ": "
            )
            yield from _pieces(item, level + 1)
        yield f"\n{pad}}}" if value else "{}"
    else:
        yield json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n" + pad)

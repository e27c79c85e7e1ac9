"""Ratings across a season of logs: the pairwise method a big online game site
publishes for its ratings (its ``src/Analyze/ELO.pm``; the game's own part is in its
folder's ``ratings.py``), for every game.

The method, re-expressed (no code of the site's is used):

* A rated game becomes every pair of its seats in finishing order (the first seat
  against each one below it, then the second, ...); tied seats keep their seat order.
  A pair with a seat nobody is named for is skipped (the site's "unknown" player),
  but that seat still counts for its faction and for the game's seats.
* A pair's expected result for the better-placed seat is ``1 / (1 + 10^(-d/400))``,
  ``d`` the difference of (player rating + faction rating), the faction term only in a
  game whose seats have factions; the actual result is 1, or 1/2 for a tie.
* Everyone and every faction starts at 1000. The pairs of all games, ordered by the
  games' time, are run ``passes`` times (3); pass ``k`` stakes ``pot / k^decay``
  (16/k²): each side of a pair gains stake × (actual − expected).
* A player with fewer than ``min_games`` (5) rated games in the whole set has a shadow
  rating: it moves against anyone, but moves nobody else's rating and no faction's
  (two such players move each other). A faction rating moves only in a pair of two
  established players, and not at all, nor counts in the expectation, in a pair with
  a dropped player.

What a game decides itself (``Game.rated``): who sat where and finished how, the
faction key of each seat (the faction as the site names it, and the map), which
games its method leaves out and why, and the name of its method. Everything else is
here, and knows no game.

The per-file entries are built in the audit's workers (:func:`entry`), small and
plain; :class:`Season` keeps only what the ratings need of each game (interned
player and faction numbers, the place of each seat), so that a hundred thousand logs
are rated in a few tens of megabytes.
"""

from __future__ import annotations

import re
from array import array
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gamelog.core.replay import Replay

#: The name of the method in the output (a game's role may name it better).
METHOD = "pairwise Elo in passes"


@dataclass(frozen=True)
class Parameters:
    """The method's figures, named as the output names them (the site's defaults)."""

    start: float = 1000.0
    passes: int = 3
    pot: float = 16.0
    decay: float = 2.0
    min_games: int = 5
    scale: float = 400.0
    faction_weight: float = 1.0

    def record(self, *, factions: bool) -> dict[str, float | int]:
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        if not factions:
            del values["faction_weight"]
        return {
            k: int(v) if isinstance(v, float) and v.is_integer() else v for k, v in values.items()
        }


@dataclass(frozen=True)
class Seat:
    """One seat of a rated game, as the game's ratings role describes it.

    ``player`` is who played it (None: nobody is named); ``place`` the finishing place
    (1 = first; tied seats share one); ``faction`` and ``setup`` the faction key where
    the game's seats have factions (the faction as its game names it for ratings,
    and what the faction is rated apart by, such as the map)."""

    player: str | None
    place: int
    faction: str | None = None
    setup: str | None = None
    dropped: bool = False


@dataclass(frozen=True)
class Rated:
    """What a game's ratings role makes of a finished, legal log: its seats in seat
    order, or why the method leaves it out (where the log is at fault, the line and
    column of the fault); ``method`` names the game's method where it has its own."""

    seats: tuple[Seat, ...] = ()
    left_out: str | None = None
    line: int | None = None
    column: int | None = None
    method: str | None = None


def rated_from_record(result: Replay, rec: dict[str, Any]) -> Rated:
    """The seats of a game whose players are people: each player of the record, in the
    order of the players line, placed by the game's own ranking (its tie-breaks
    decide; a shared place is a tie)."""
    players = {p["name"]: p for p in rec["players"]}
    order = [name for name in (result.log.players if result.log else []) if name in players]
    order += [name for name in players if name not in order]
    return Rated(
        tuple(
            Seat(player=players[name].get("person") or name, place=players[name]["rank"])
            for name in order
        )
    )


# --- in the worker: one file's entry ------------------------------------------------

_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$")
DATE_HELP = "YYYY-MM-DD, optionally with a time: YYYY-MM-DD HH:MM"


def parse_date(text: str) -> str | None:
    """``text`` as a sortable date ("2024-03-02 18:30:00"), or None if it is none."""
    found = _DATE.match(text.strip())
    if found is None:
        return None
    year, month, day, hour, minute, second = found.groups()
    if not (1 <= int(month) <= 12 and 1 <= int(day) <= 31):
        return None
    if hour is not None and not (int(hour) < 24 and int(minute) < 60 and int(second or 0) < 60):
        return None
    return f"{year}-{month}-{day} {hour or '00'}:{minute or '00'}:{second or '00'}"


def entry(result: Replay, rec: dict[str, Any]) -> dict[str, Any]:
    """The small record the ratings need of one replayed log (built in the worker, so
    that only this crosses back): its status, and for a finished legal log its date
    and seats, or why it is left out."""
    small: dict[str, Any] = {
        "file": rec["file"],
        "game": rec["game"],
        "status": rec["status"],
        "finished": rec["finished"],
        "error": rec["error"],
    }
    if rec["status"] != "ok" or not rec["finished"]:
        return small
    date_line = result.game.read_header(result.text).first("date")
    if date_line is not None:
        small["date"] = parse_date(date_line.value)
        if small["date"] is None:
            small["left_out"] = {
                "reason": f"the date '{date_line.value}' is not a date ({DATE_HELP})",
                "line": date_line.line,
                "column": date_line.value_column,
            }
            return small
    rated = result.game.rated(result, rec)
    if rated.method:
        small["method"] = rated.method
    if rated.left_out is not None:
        small["left_out"] = {"reason": rated.left_out, "line": rated.line, "column": rated.column}
    else:
        small["seats"] = [[s.player, s.place, s.faction, s.setup, s.dropped] for s in rated.seats]
    return small


# --- in the parent: the season ------------------------------------------------------


@dataclass
class LeftOut:
    file: str
    reason: str
    line: int | None = None
    column: int | None = None

    def record(self) -> dict[str, Any]:
        return {"file": self.file, "reason": self.reason, "line": self.line, "column": self.column}

    def text(self) -> str:
        where = f":{self.line}:{self.column or 1}" if self.line else ""
        return f"{self.file}{where}: {self.reason}"


#: Seats are kept flat, four numbers each: player (-1: nobody named), place, faction
#: (-1: none), dropped.
_WIDTH = 4


@dataclass(slots=True)
class _Game:
    date: str | None
    file: str
    seats: array  # of _WIDTH ints per seat, in seat order


@dataclass
class _Book:
    """One game's logs: interned players and factions, the rated games."""

    game: str
    players: dict[str, int] = field(default_factory=dict)
    spellings: list[Counter[str]] = field(default_factory=list)
    factions: dict[tuple[str, str], int] = field(default_factory=dict)
    games: list[_Game] = field(default_factory=list)
    left_out: list[LeftOut] = field(default_factory=list)
    #: Games that count for nothing but a problem of their file (not the method's rules).
    problems: int = 0
    #: The game's own name of its method, if it has one.
    method: str | None = None

    def player(self, name: str | None) -> int:
        if name is None:
            return -1
        key = " ".join(name.split()).casefold()
        number = self.players.get(key)
        if number is None:
            number = self.players[key] = len(self.players)
            self.spellings.append(Counter())
        self.spellings[number][name] += 1
        return number

    def faction(self, name: str | None, setup: str | None) -> int:
        if name is None:
            return -1
        key = (name, setup or "")
        number = self.factions.get(key)
        if number is None:
            number = self.factions[key] = len(self.factions)
        return number

    def name(self, number: int) -> str:
        spellings = self.spellings[number]
        return max(spellings, key=lambda s: (spellings[s], s))


class Season:
    """The games of a batch, kept small as they come (``add`` takes the entries of
    :func:`entry`; the audit's own record of a file that never replayed serves too),
    rated by :meth:`ratings`."""

    def __init__(self) -> None:
        self.books: dict[str, _Book] = {}
        #: Files no game could be told for (unreadable, no known game).
        self.nowhere: list[LeftOut] = []

    def book(self, game: str) -> _Book:
        found = self.books.get(game)
        if found is None:
            found = self.books[game] = _Book(game)
        return found

    def add(self, rec: dict[str, Any]) -> None:
        file = rec["file"]
        problem = _problem(rec)
        if problem is not None:
            left = LeftOut(file, *problem)
            if rec.get("game"):
                book = self.book(rec["game"])
                book.left_out.append(left)
                book.problems += 1
            else:
                self.nowhere.append(left)
            return
        book = self.book(rec["game"])
        book.method = book.method or rec.get("method")
        if rec.get("left_out"):
            why = rec["left_out"]
            book.left_out.append(LeftOut(file, why["reason"], why.get("line"), why.get("column")))
            if why.get("line"):  # the log is at fault (a date, who plays), not the method
                book.problems += 1
            return
        seats = array("i")
        for player, place, faction, setup, dropped in rec["seats"]:
            seats.extend((book.player(player), place, book.faction(faction, setup), int(dropped)))
        book.games.append(_Game(rec.get("date"), file, seats))

    def ratings(
        self, parameters: Parameters = Parameters(), *, as_of: str | None = None
    ) -> list[Ratings]:
        """The ratings of each game (by name), as of the end of day ``as_of`` if given."""
        out = []
        for name in sorted(self.books):
            out.append(_rate_book(self.books[name], parameters, as_of))
        if self.nowhere:
            if not out:
                out.append(Ratings(game=None, parameters=parameters))
            out[0].left_out = [*self.nowhere, *out[0].left_out]
            out[0].problems += len(self.nowhere)
        return out


def _problem(rec: dict[str, Any]) -> tuple[str, int | None, int | None] | None:
    """Why a file counts for nothing whatever the method (its status), or None."""
    if rec["status"] != "ok":
        error = rec.get("error") or {}
        message = error.get("message") or rec["status"]
        label = rec["status"].replace("-", " ")
        return f"{label}: {message}", error.get("line"), error.get("column")
    if not rec["finished"]:
        return "the game is not finished", None, None
    return None


# --- the method -----------------------------------------------------------------------


@dataclass
class PlayerRating:
    name: str
    rating: float
    games: int
    shadow: bool
    #: The place among the established players (None for a shadow rating).
    rank: int | None = None


@dataclass
class FactionRating:
    faction: str
    setup: str
    rating: float
    games: int


@dataclass
class Gain:
    player: str
    change: float
    before: float
    after: float
    file: str
    game: int


@dataclass
class Upset:
    winner: str
    loser: str
    expected: float
    file: str
    game: int


@dataclass
class Ratings:
    """The ratings of one game's logs."""

    game: str | None
    parameters: Parameters
    players: list[PlayerRating] = field(default_factory=list)
    factions: list[FactionRating] = field(default_factory=list)
    games: int = 0
    left_out: list[LeftOut] = field(default_factory=list)
    problems: int = 0
    has_factions: bool = False
    as_of: str | None = None
    #: How the games were ordered, in words.
    order: str = ""
    #: The rated games in order: (date, file) -- for the history.
    _games: list[_Game] = field(default_factory=list, repr=False)
    _book: _Book | None = field(default=None, repr=False)

    #: The game's own name of its method, if it has one.
    game_method: str | None = None

    @property
    def method(self) -> str:
        if self.game_method:
            return f"{METHOD}: {self.game_method}"
        return METHOD + (", players and factions" if self.has_factions else "")

    def record(self) -> dict[str, Any]:
        """What ``ratings --format json`` prints for one game (README documents it)."""
        out: dict[str, Any] = {
            "game": self.game,
            "method": self.method,
            "parameters": self.parameters.record(factions=self.has_factions),
            "order": self.order,
            "as_of": self.as_of,
            "games": self.games,
            "players": [
                {"name": p.name, "rating": p.rating, "games": p.games, "shadow": p.shadow}
                for p in self.players
            ],
        }
        if self.has_factions:
            out["factions"] = [
                {"faction": f.faction, "map": f.setup, "rating": f.rating, "games": f.games}
                for f in self.factions
            ]
        out["left_out"] = [left.record() for left in self.left_out]
        return out


def _rate_book(book: _Book, parameters: Parameters, as_of: str | None) -> Ratings:
    left = list(book.left_out)
    games = book.games
    if as_of is not None:
        kept = []
        for game in games:
            if game.date is None:
                left.append(
                    LeftOut(game.file, f"no date: line, so --as-of {as_of} cannot place it")
                )
            elif game.date[: len(as_of)] > as_of:
                left.append(LeftOut(game.file, f"played after {as_of} (--as-of)"))
            else:
                kept.append(game)
        games = kept
    games = sorted(games, key=lambda g: (g.date or "", g.file))
    result = Ratings(
        game=book.game,
        parameters=parameters,
        games=len(games),
        left_out=sorted(left, key=lambda x: x.file),
        problems=book.problems,
        has_factions=any(
            game.seats[i + 2] >= 0 for game in games for i in range(0, len(game.seats), _WIDTH)
        )
        or bool(book.factions),
        as_of=as_of,
        game_method=book.method,
        order=_order_words(games),
        _games=games,
        _book=book,
    )
    state = run([g.seats for g in games], len(book.players), len(book.factions), parameters)
    result.players = _player_table(book, state, parameters)
    names = {number: key for key, number in book.factions.items()}
    result.factions = sorted(
        (
            FactionRating(
                names[f][0], names[f][1], state.faction_ratings[f], state.faction_games[f]
            )
            for f in range(len(book.factions))
            if state.faction_games[f]
        ),
        key=lambda f: (f.setup, -f.rating, f.faction),
    )
    return result


def _order_words(games: Sequence[_Game]) -> str:
    dated = sum(1 for g in games if g.date is not None)
    if not games or dated == 0:
        return "by file name (no log has a date: line)"
    if dated == len(games):
        return "by the date: line, then file name"
    return (
        f"by the date: line, then file name; the {len(games) - dated} games without a "
        "date: line first, by file name"
    )


def _player_table(book: _Book, state: RunState, parameters: Parameters) -> list[PlayerRating]:
    table = [
        PlayerRating(
            book.name(p),
            state.player_ratings[p],
            state.player_games[p],
            state.player_games[p] < parameters.min_games,
        )
        for p in range(len(book.players))
        if state.player_games[p]
    ]
    table.sort(key=lambda p: (p.shadow, -p.rating, p.name.casefold()))
    for index, rated in enumerate(table):
        if rated.shadow:
            break
        previous = table[index - 1] if index else None
        rated.rank = previous.rank if previous and previous.rating == rated.rating else index + 1
    return table


@dataclass
class RunState:
    player_ratings: list[float]
    faction_ratings: list[float]
    player_games: list[int]
    faction_games: list[int]


def _in_place_order(seats: Sequence[int]) -> list[tuple[int, int, int, int]]:
    """A game's seats as (player, place, faction, dropped), best place first, tied seats
    in seat order."""
    rows = [tuple(seats[i : i + _WIDTH]) for i in range(0, len(seats), _WIDTH)]
    return sorted(rows, key=lambda row: row[1])  # type: ignore[return-value]


def run(
    games: Sequence[Sequence[int]],
    players: int,
    factions: int,
    parameters: Parameters,
) -> RunState:
    """The method over ``games`` (each its flat seats, in time order): every rating at
    the end, and the games each player and faction counted."""
    player_games = [0] * players
    faction_games = [0] * factions
    ordered = []
    for seats in games:
        rows = _in_place_order(seats)
        ordered.append(rows)
        for player, _place, faction, _dropped in rows:
            if player >= 0:
                player_games[player] += 1
            if faction >= 0:
                faction_games[faction] += 1
    start = float(parameters.start)
    ratings = [start] * players
    faction_ratings = [start] * factions
    established = [count >= parameters.min_games for count in player_games]
    weight = parameters.faction_weight
    scale = parameters.scale
    for k in range(1, parameters.passes + 1):
        stake = parameters.pot / k**parameters.decay
        for rows in ordered:
            count = len(rows)
            for i in range(count):
                a, place_a, fa, dropped_a = rows[i]
                if a < 0:
                    continue
                for j in range(i + 1, count):
                    b, place_b, fb, dropped_b = rows[j]
                    if b < 0:
                        continue
                    fw = 0 if (dropped_a or dropped_b) else weight
                    qa = faction_ratings[fa] if fa >= 0 else 0.0
                    qb = faction_ratings[fb] if fb >= 0 else 0.0
                    diff = (ratings[a] + qa * fw) - (ratings[b] + qb * fw)
                    expect_a = 1 / (1 + 10 ** (-diff / scale))
                    expect_b = 1 / (1 + 10 ** (diff / scale))
                    if place_a == place_b:
                        actual_a = actual_b = 0.5
                    else:
                        actual_a, actual_b = 1, 0
                    delta_a = stake * (actual_a - expect_a)
                    delta_b = stake * (actual_b - expect_b)
                    est_a, est_b = established[a], established[b]
                    if est_b or not (est_a or est_b):
                        ratings[a] += delta_a
                    if est_a or not (est_a or est_b):
                        ratings[b] += delta_b
                    if not (est_a and est_b):
                        continue
                    if fa >= 0:
                        faction_ratings[fa] += stake * (actual_a - expect_a) * fw
                    if fb >= 0:
                        faction_ratings[fb] += stake * (actual_b - expect_b) * fw
    return RunState(ratings, faction_ratings, player_games, faction_games)


# --- over time ------------------------------------------------------------------------

#: The most pair updates the history of a page may cost (every checkpoint reruns the
#: method over the games before it): past that, it is kept at every n-th game.
HISTORY_BUDGET = 30_000_000
TOP = 10


@dataclass
class History:
    """Each charted player's rating after each checkpoint (a game, or every n-th game),
    the biggest gains from one checkpoint to the next and the biggest upsets."""

    every: int
    points: list[int]  # the game numbers (1-based) of the checkpoints; 0 = before the first
    players: list[str]
    ratings: list[dict[str, float]]
    gains: list[Gain]
    upsets: list[Upset]


def history(result: Ratings, *, chart: int = TOP, budget: int = HISTORY_BUDGET) -> History:
    """The ratings as they stood after every game (the method rerun over the games up
    to it, as ``--as-of`` reruns it), for the ``chart`` best-rated players; the
    biggest gains between checkpoints; and the upsets: the pairs whose winner the
    ratings before the game (player and faction) gave the least chance."""
    book = result._book
    games = result._games
    assert book is not None
    parameters = result.parameters
    pairs = sum(_pair_count(len(g.seats) // _WIDTH) for g in games)
    n = len(games)
    cost_each = max(1, pairs * parameters.passes) // 2 or 1
    every = 1
    while n and (n // every) * cost_each > budget:
        every += 1
    points = [0, *range(every, n + 1, every)]
    if n and points[-1] != n:
        points.append(n)
    charted_numbers = [
        book.players[" ".join(p.name.split()).casefold()] for p in result.players if not p.shadow
    ][:chart] or [book.players[" ".join(p.name.split()).casefold()] for p in result.players][:chart]
    names = {number: book.name(number) for number in range(len(book.players))}
    start = float(parameters.start)
    ratings: list[dict[str, float]] = []
    gains: list[Gain] = []
    upsets: list[Upset] = []
    before: RunState | None = None
    for index, point in enumerate(points):
        after = run(
            [g.seats for g in games[:point]], len(book.players), len(book.factions), parameters
        )
        ratings.append({names[p]: after.player_ratings[p] for p in charted_numbers})
        if before is not None:
            played: dict[int, int] = {}
            for number in range(points[index - 1], point):
                seats = games[number].seats
                for i in range(0, len(seats), _WIDTH):
                    if seats[i] >= 0:
                        played[seats[i]] = number
                upsets.extend(_upsets(games[number], number, before, names, parameters))
            for player, number in played.items():
                old = before.player_ratings[player] if before.player_games[player] else start
                new = after.player_ratings[player]
                gains.append(
                    Gain(names[player], new - old, old, new, games[number].file, number + 1)
                )
        before = after
    gains.sort(key=lambda g: (-g.change, g.game, g.player))
    upsets.sort(key=lambda u: (u.expected, u.game, u.winner))
    return History(
        every,
        points,
        [names[p] for p in charted_numbers],
        ratings,
        [g for g in gains if g.change > 0][:TOP],
        upsets[:TOP],
    )


def _pair_count(seats: int) -> int:
    return seats * (seats - 1) // 2


def _upsets(
    game: _Game, number: int, before: RunState, names: dict[int, str], parameters: Parameters
) -> Iterable[Upset]:
    rows = _in_place_order(game.seats)

    def strength(player: int, faction: int, fw: float) -> float:
        own = before.player_ratings[player]
        return own if faction < 0 else own + before.faction_ratings[faction] * fw

    for i, (a, place_a, fa, da) in enumerate(rows):
        if a < 0:
            continue
        for b, place_b, fb, db in rows[i + 1 :]:
            if b < 0 or place_a == place_b:
                continue
            fw = 0 if (da or db) else parameters.faction_weight
            diff = strength(a, fa, fw) - strength(b, fb, fw)
            expected = 1 / (1 + 10 ** (-diff / parameters.scale))
            if expected < 0.5:
                yield Upset(names[a], names[b], expected, game.file, number + 1)

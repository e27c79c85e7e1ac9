"""The card catalogue file of a log (``cards: my-cards.toml``): reading it with care, and
turning its ``[[advancement]]`` and ``[[vale]]`` tables into a :class:`Catalogue`.

A log may name any file here, so the file is read the way the core reads a log
(core/logs.py): only a regular file is opened (a FIFO would block for ever, a
device such as /dev/zero never ends), at most :data:`MAX_BYTES` are read, and it
must be UTF-8 text. Its problems are reported by the line at fault and never
show what the file holds beyond that line: no other table names, keys or values,
so that an error message cannot be used to read a file that is not a catalogue.
tomllib gives values, not places, so :class:`Places` finds the line of each
table and key by reading the text.

The built-in cards (Cursed Land, Fertile Soil: ``data/cards.toml``) are read by
the same code.

A card learnt at the table (``gamelog play``, learning.py) is added to the file as a
table of its own at its end (:func:`add_card`), in the file's own line ends and
byte-order mark, the whole file written beside it and renamed over it.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from gamelog.core.errors import SetupError
from gamelog.core.files import replace_whole
from gamelog.core.game import Located
from gamelog.core.suggest import did_you_mean
from gamelog.games.mystic_vale.cards import (
    ADVANCEMENT_LEVELS,
    POSITIONS,
    SYMBOL_NAMES,
    VALE_LEVELS,
    Advancement,
    Catalogue,
    Position,
    StartingSleeves,
    Symbols,
    Vale,
    check_spirit_cost,
    cost_spirit_problem,
    normalise_level,
)
from gamelog.games.mystic_vale.components import CARDS

#: The largest catalogue read: a catalogue of every card of the base game and its
#: expansions is some tens of kB; a file larger than this is not a catalogue.
MAX_BYTES = 256_000

_TABLES = ("advancement", "vale", "starting")
_ADVANCEMENT_KEYS = ("name", "level", "cost", "positions", "position", *SYMBOL_NAMES, "ability")
_VALE_KEYS = ("name", "level", "cost", "vp", "ability")


@cache
def builtin_catalogue() -> Catalogue:
    """Cursed Land and Fertile Soil, the cards every game has."""
    return catalogue_from_toml(CARDS, "built-in cards", Places())


@cache
def default_starting_sleeves() -> tuple[StartingSleeves, ...]:
    """The starting sleeves of every player unless the header's ``sleeves:`` says otherwise."""
    return tuple(
        StartingSleeves(tuple(entry["sleeves"]), entry["card"], entry["position"])
        for entry in CARDS["starting"]
    )


def catalogue_path(name: str, log_path: str | None) -> Path:
    """Where a ``cards:`` path points: relative to the log file (to the current
    directory for a log read from standard input)."""
    path = Path(name).expanduser()
    if path.is_absolute() or log_path is None:
        return path
    return Path(log_path).parent / path


def load_catalogue_file(path: str, *, at: Located) -> Catalogue:
    """Read a user's TOML catalogue; any problem is a SetupError at ``at`` (the path in
    the ``cards:`` line)."""
    try:
        text = _read(path)
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise SetupError(
                f"card catalogue {path} is not valid TOML: {_toml_problem(error, text)}"
            ) from None
        return catalogue_from_toml(data, f"card catalogue {path}", Places(text))
    except SetupError as error:
        error.line, error.column = at.line, at.column
        raise


def add_card(path: str, kind: str, entries: Sequence[tuple[str, Any]]) -> int:
    """Add a ``[[kind]]`` table of ``entries`` (key, value: text, a whole number, a
    list of words, or a table of whole numbers) at the end of the catalogue ``path``,
    after a blank line, in the file's line ends (CRLF where it has them) and keeping
    its byte-order mark; the file with it must load as a catalogue, or nothing is
    written. Returns the line of the new table. Raises SetupError (a file that cannot
    be read or written, or that would be too large)."""
    text = _read(path)  # its byte-order mark taken off
    with open(path, "rb") as file:
        bom = file.read(3) == b"\xef\xbb\xbf"
    end = "\r\n" if "\r\n" in text else "\n"
    body = text
    if body.strip():  # a blank line between the file's last table and the new one
        if not body.endswith("\n"):
            body += end
        if not body.endswith(("\n\n", "\n\r\n")):
            body += end
    table = [f"[[{kind}]]", *(f"{key} = {_toml_value(value)}" for key, value in entries)]
    grown = body + end.join(table) + end
    catalogue_from_toml(tomllib.loads(grown), f"card catalogue {path}", Places(grown))
    data = ("\ufeff" if bom else "").encode() + grown.encode("utf-8")
    if len(data) > MAX_BYTES:
        raise SetupError(f"card catalogue {path} would be larger than {MAX_BYTES:,} bytes")
    try:
        replace_whole(path, data)
    except OSError as error:
        raise SetupError(
            f"cannot write card catalogue {path}: {error.strerror or error}; it is as it was"
        ) from None
    return body.count("\n") + 1


def _toml_value(value: Any) -> str:
    """A value as TOML writes it (a JSON string is a TOML basic string)."""
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    return "[" + ", ".join(_toml_value(v) for v in value) + "]"


# --- reading the file ---------------------------------------------------------------


def _read(path: str) -> str:
    """The text of a catalogue file, refusing anything but a regular UTF-8 file of at
    most MAX_BYTES."""
    try:
        kind = _refused_kind(os.stat(path).st_mode)
    except FileNotFoundError:
        raise SetupError(f"card catalogue {path} does not exist") from None
    except OSError as error:
        raise SetupError(
            f"cannot read card catalogue {path}: {error.strerror or 'not readable'}"
        ) from None
    if kind is not None:
        raise SetupError(f"card catalogue {path} is {kind}; a catalogue is a TOML file")
    try:
        # O_NONBLOCK: should the path turn into a FIFO after the check, opening it does
        # not wait for a writer (the check on the open file below then refuses it).
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise SetupError(
            f"cannot read card catalogue {path}: {error.strerror or 'not readable'}"
        ) from None
    with os.fdopen(handle, "rb") as file:
        kind = _refused_kind(os.fstat(file.fileno()).st_mode)
        if kind is not None:
            raise SetupError(f"card catalogue {path} is {kind}; a catalogue is a TOML file")
        data = file.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise SetupError(
            f"card catalogue {path} is larger than {MAX_BYTES:,} bytes, "
            "far more than a catalogue of every card; is it the right file?"
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise SetupError(
            f"card catalogue {path} is not UTF-8 text (byte 0x{data[error.start]:02x} "
            f"on line {line})"
        ) from None


def _refused_kind(mode: int) -> str | None:
    """What a file that is not a regular file is, in words (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


#: tomllib's messages that name nothing of the file, and words for those that do.
_TOML_PLAIN = {
    "Invalid statement",
    "Invalid value",
    "Invalid date or datetime",
    "Invalid hex value",
    "Invalid initial character for a key part",
    "Cannot overwrite a value",
    "Unclosed array",
    "Unclosed inline table",
    "Unterminated string",
    "Unescaped '\\' in a string",
    "Escaped character is not a Unicode scalar value",
    "Expected '=' after a key in a key/value pair",
    "Expected ']' at the end of a table declaration",
    "Expected ']]' at the end of an array declaration",
    "Expected newline or end of document after a statement",
}
_TOML_NAMING = (
    ("Cannot declare", "a table declared twice"),
    ("Cannot mutate immutable namespace", "a table or key defined twice"),
    ("Cannot redefine namespace", "a table or key defined twice"),
    ("Duplicate inline table key", "a key given twice in an inline table"),
    ("Found invalid character", "a character that cannot stand here"),
    ("Illegal character", "a character that cannot stand here"),
)
_TOML_PLACE = re.compile(
    r"^(?P<what>.*) \(at (?:line (?P<line>\d+), column (?P<column>\d+)|end of document)\)$", re.S
)


def _toml_problem(error: tomllib.TOMLDecodeError, text: str) -> str:
    """``line 3, column 7: invalid value``: where tomllib stopped and why, in words that
    quote nothing of the file (some of tomllib's messages quote keys or characters)."""
    match = _TOML_PLACE.match(str(error))
    if match is None:
        return "it cannot be read as TOML"
    what = match["what"]
    if what not in _TOML_PLAIN:
        what = next((words for start, words in _TOML_NAMING if what.startswith(start)), "")
        what = what or "not TOML"
    what = what[0].lower() + what[1:]
    if match["line"] is None:
        last = text.rstrip().count("\n") + 1
        return f"at the end of the file (line {last}): {what}"
    return f"line {match['line']}, column {match['column']}: {what}"


# --- where tables and keys stand -------------------------------------------------------

_ARRAY_TABLE = re.compile(r"^\s*\[\[\s*([^\]]*?)\s*\]\]")
_TABLE = re.compile(r"^\s*\[\s*([^\]]*?)\s*\]")
_KEY = re.compile(r"""^\s*("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)\s*[.=]""")
_MULTILINE = re.compile(r'"""|\'\'\'')


def _bare(key: str) -> str:
    """The first part of a key or table name, without its quotes."""
    first = key.split(".", 1)[0].strip() if key[:1] not in "\"'" else key
    return first.strip("\"'")


class Places:
    """The line of each table and key of a catalogue, found by reading its lines when an
    error first asks (a catalogue that loads is never scanned); what cannot be placed
    (a catalogue written as inline tables, the built-in data) is None."""

    def __init__(self, text: str = "") -> None:
        self._text = text

    @cached_property
    def _found(self) -> _Found:
        found = _Found()
        current: tuple[str, int] | None = None
        in_string: str | None = None
        for number, line in enumerate(self._text.split("\n"), start=1):
            if in_string is not None:
                if line.count(in_string) % 2:
                    in_string = None
                continue
            if match := _ARRAY_TABLE.match(line):
                name = _bare(match[1])
                headers = found.tables.setdefault(name, [])
                current = (name, len(headers))
                headers.append(number)
                found.top.setdefault(name, number)
            elif match := _TABLE.match(line):
                current = None
                found.top.setdefault(_bare(match[1]), number)
            elif match := _KEY.match(line):
                keys = found.top if current is None else found.keys.setdefault(current, {})
                keys.setdefault(_bare(match[1]), number)
            quotes = _MULTILINE.findall(line)
            if len(quotes) % 2:
                in_string = quotes[-1]
        return found

    def top(self, name: str) -> int | None:
        """The line of a top-level key or table."""
        return self._found.top.get(name)

    def table(self, kind: str, index: int) -> int | None:
        headers = self._found.tables.get(kind, [])
        return headers[index] if index < len(headers) else self.top(kind)

    def key(self, kind: str, index: int, key: str) -> int | None:
        return self._found.keys.get((kind, index), {}).get(key) or self.table(kind, index)


@dataclass
class _Found:
    #: The line of each ``[[kind]]`` header, in order.
    tables: dict[str, list[int]] = field(default_factory=dict)
    #: (kind, index) -> key -> the first line it is written on.
    keys: dict[tuple[str, int], dict[str, int]] = field(default_factory=dict)
    #: Top-level keys and table names -> the first line.
    top: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class _Table:
    """One ``[[advancement]]`` or ``[[vale]]`` table, for errors that say where it is."""

    origin: str
    places: Places
    kind: str
    index: int

    def where(self, key: str | None = None) -> str:
        """``card catalogue x.toml, line 14``: the line of ``key``, or of the table."""
        line = (
            self.places.key(self.kind, self.index, key)
            if key is not None
            else self.places.table(self.kind, self.index)
        )
        return f"{self.origin}, " + (
            f"line {line}" if line else f"[[{self.kind}]] table {self.index + 1}"
        )

    def error(self, problem: str, key: str | None = None) -> SetupError:
        """A problem at ``key`` (or the table); it names keys, never the file's values."""
        return SetupError(f"{self.where(key)}: {problem}")


# --- tables to cards ----------------------------------------------------------------


def catalogue_from_toml(data: Mapping[str, Any], origin: str, places: Places) -> Catalogue:
    """Build a catalogue from parsed TOML (``[[advancement]]`` and ``[[vale]]`` tables)."""
    unknown = sorted(set(data) - set(_TABLES), key=lambda k: (places.top(k) or 0, k))
    if unknown:
        name = unknown[0]
        line = places.top(name)
        hint = did_you_mean(name, _TABLES[:2])
        expected = hint or "expected [[advancement]] and [[vale]] tables"
        if line is None:  # not placed: say nothing of its name
            raise SetupError(f"{origin} holds more than card tables; {expected}")
        raise SetupError(
            f"{origin}, line {line}: '{name}' is not a table of a card catalogue; {expected}"
        )
    catalogue = Catalogue()
    for index, entry in enumerate(_entries(data, "advancement", origin, places)):
        catalogue.add_advancement(_advancement(entry, _Table(origin, places, "advancement", index)))
    for index, entry in enumerate(_entries(data, "vale", origin, places)):
        catalogue.add_vale(_vale(entry, _Table(origin, places, "vale", index)))
    return catalogue


def _entries(
    data: Mapping[str, Any], kind: str, origin: str, places: Places
) -> list[Mapping[str, Any]]:
    entries = data.get(kind, [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        line = places.top(kind)
        where = f", line {line}" if line else ""
        raise SetupError(f"{origin}{where}: write each {kind} as a [[{kind}]] table")
    return entries


def _advancement(entry: Mapping[str, Any], table: _Table) -> Advancement:
    name = _name(entry, table)
    _reject_unknown(entry, _ADVANCEMENT_KEYS, table)
    level = _level(entry, ADVANCEMENT_LEVELS, table)
    if level != "starting" and "cost" not in entry:
        raise table.error("an advancement needs its cost in mana (cost = 3)")
    cost = _count(entry, "cost", table)
    key = "positions" if "positions" in entry else "position"
    raw = entry.get(key, list(POSITIONS))
    positions = _positions([raw] if isinstance(raw, str) else raw, key, table)
    symbols = Symbols(**{symbol: _count(entry, symbol, table) for symbol in SYMBOL_NAMES})
    return Advancement(name, level, cost, positions, symbols, _ability(entry, table))


def _vale(entry: Mapping[str, Any], table: _Table) -> Vale:
    name = _name(entry, table)
    _reject_unknown(entry, _VALE_KEYS, table)
    level = _level(entry, VALE_LEVELS, table)
    raw_cost = entry.get("cost", {})
    if not isinstance(raw_cost, dict):
        raise table.error("write a vale's cost as spirits: cost = { green = 2 }", "cost")
    if any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in raw_cost.values()):
        raise table.error("the spirits of a cost are whole numbers 0 or more", "cost")
    for colour in raw_cost:
        problem = cost_spirit_problem(colour)
        if problem is not None:
            raise table.error(problem, "cost")
    cost = check_spirit_cost(raw_cost.items(), table.origin)
    return Vale(name, level, cost, _count(entry, "vp", table), _ability(entry, table))


def _name(entry: Mapping[str, Any], table: _Table) -> str:
    value = entry.get("name")
    if not isinstance(value, str) or not value.strip():
        key = "name" if "name" in entry else None
        raise table.error(f'every {table.kind} needs a name (name = "...")', key)
    return " ".join(value.split())


def _ability(entry: Mapping[str, Any], table: _Table) -> str:
    value = entry.get("ability", "")
    if not isinstance(value, str):
        raise table.error('ability is what its text says, in words (ability = "...")', "ability")
    return " ".join(value.split())


def _reject_unknown(entry: Mapping[str, Any], allowed: tuple[str, ...], table: _Table) -> None:
    unknown = sorted(
        set(entry) - set(allowed), key=lambda k: table.places.key(table.kind, table.index, k) or 0
    )
    if unknown:
        key = unknown[0]
        hint = did_you_mean(key, allowed)
        raise table.error(
            f"'{key}' is not a key of {'an' if table.kind[0] in 'aeiou' else 'a'} {table.kind}; "
            + (hint if hint else f"the keys: {', '.join(allowed)}"),
            key,
        )


def _level(entry: Mapping[str, Any], allowed: tuple[str, ...], table: _Table) -> str:
    value = entry.get("level")
    level = normalise_level(str(value)) if isinstance(value, str | int) else None
    if level not in allowed:
        raise table.error(
            f"level is one of {', '.join(allowed)}", "level" if "level" in entry else None
        )
    return level


def _count(entry: Mapping[str, Any], key: str, table: _Table) -> int:
    value = entry.get(key, 0)
    if isinstance(value, bool) and key == "guardian":
        return int(value)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise table.error(f"{key} must be a whole number 0 or more", key)
    return value


def _positions(values: Any, key: str, table: _Table) -> tuple[Position, ...]:
    words = [str(v).lower() for v in values] if isinstance(values, list) else None
    if words is None or any(word not in POSITIONS for word in words):
        raise table.error(
            f'{key} takes top, middle or bottom, one or a list (positions = ["top", "middle"])',
            key,
        )
    if not words:
        raise table.error("name at least one position", key)
    return tuple(p for p in POSITIONS if p in words)

"""Parsed command-log lines, kept for the life of the process.

League logs repeat most of their lines, and the part after ``faction:`` repeats
across factions, so only text not seen before goes through Lark, all in one
call -- and lines that differ from one seen before only in hexes and numbers
reuse its parse (see "shapes" below). :func:`fill` parses what a log adds;
:func:`parts` then says what each line holds.
"""

from __future__ import annotations

import re
import sys

from gamelog.core.errors import NotationError
from gamelog.core.notation import Grammar
from gamelog.games.terra_mystica.notation import commands as cmd
from gamelog.games.terra_mystica.notation.commands import ADMIN, Entry
from gamelog.games.terra_mystica.notation.transformer import SOURCE_LINES, LineBody, command_texts

#: What a line holds: its entries, its player (None for an admin line, "comment" for
#: a line holding only a comment), the line without the whitespace around it, and
#: the width of its indent.
Parts = tuple[tuple[Entry, ...], str | None, str, int]

#: Parsed command-log lines by their text, shared by every log of the process:
#: whole lines, and the part after ``faction:`` (which repeats across factions).
_LINE_CACHE: dict[str, tuple[Entry, ...]] = {}
_BODY_CACHE: dict[str, LineBody] = {}
#: What each line holds (see Parts).
_LINE_PARTS: dict[str, Parts] = {}
#: Parsed body shapes (see below), by shape.
_SHAPE_CACHE: dict[str, LineBody] = {}
#: Lines kept at the most (the caches start again beyond): measured, a line kept costs
#: some 900 bytes over the four tables, so a worker auditing an archive of distinct
#: logs holds at most about 90 MB of them.
_CACHE_LIMIT = 100_000
_PREFIX = re.compile(r"[ \f\u00a0]*([a-z][a-z0-9_-]*)[ \t]*:(.*)", re.I | re.S)


def clear_caches() -> None:
    """Forget every line, body and shape parsed so far (benchmarks, tests)."""
    _LINE_PARTS.clear()
    _LINE_CACHE.clear()
    _BODY_CACHE.clear()
    _SHAPE_CACHE.clear()


def _line_key(line: str) -> tuple[str, str] | None:
    """(faction, body) of a faction line, or None for admin and comment lines."""
    match = _PREFIX.match(line)
    if match is None:
        return None
    return sys.intern(match[1].lower()), match[2]


# --- interned names -------------------------------------------------------------
#
# The rules look the names a command holds (a faction, a hex, a tile, an option) up
# in tables keyed by the same names from the component data and the map, which are
# interned (compiled.plain): a name that is the very same string is found without
# comparing its characters. So every name a parsed line holds is interned, once per
# body the cache keeps.


def _interned(command: cmd.Command) -> cmd.Command:
    """``command`` with its names (every string field after its text, and the
    strings of a tuple field) interned."""
    values = list(command)  # type: ignore[call-overload]  # a command is a record
    changed = False
    for i in range(1, len(values)):
        value = values[i]
        kind = type(value)
        if kind is str:
            values[i] = sys.intern(value)
            changed = True
        elif kind is tuple and value and type(value[0]) is str:
            values[i] = tuple(sys.intern(v) for v in value)
            changed = True
    return type(command)(*values) if changed else command


def _interned_body(body: LineBody) -> LineBody:
    return LineBody(
        tuple((actor, _interned(c)) for actor, c in body.comments),
        tuple(_interned(c) for c in body.commands),
    )


def fill(lines: list[str], grammar: Grammar) -> None:
    """Parse the lines (tabs already made spaces) not seen before, so that
    :func:`parts` knows every one; raises NotationError at the line at fault."""
    fresh: dict[str, int] = {}
    shaped: dict[str, tuple[str, tuple[str, ...], tuple[int, ...], int]] = {}
    for number, line in enumerate(lines):
        if line in _LINE_PARTS or line in _LINE_CACHE or not line.strip():
            continue
        key = _line_key(line)
        if key is None:
            fresh.setdefault(line, number)
            continue
        body = key[1]
        if body in _BODY_CACHE:
            _LINE_CACHE[line] = _BODY_CACHE[body].entries(key[0])
            continue
        shape = _shape(body)
        if shape is not None:
            known = _SHAPE_CACHE.get(shape[0])
            if known is None:
                shaped.setdefault(body, (*shape, number))
                continue
            typed = _filled_in(known, shape[1], shape[2], body)
            if typed is not None:
                _BODY_CACHE[body] = typed
                _LINE_CACHE[line] = typed.entries(key[0])
                continue
        fresh.setdefault(f"\0{body}", number)
    if shaped:
        for body, number in _parse_shapes(shaped, grammar).items():
            fresh.setdefault(f"\0{body}", number)
    if fresh:
        _parse_fresh([lines[number] for number in fresh.values()], list(fresh.values()), grammar)


def parts(line: str) -> Parts:
    """What ``line`` holds (it went through :func:`fill`)."""
    found = _LINE_PARTS.get(line)
    if found is None:
        found = _LINE_PARTS[line] = _line_parts(line)
    return found


def parts_of(lines: list[str]) -> list[Parts]:
    """What each of ``lines`` holds (they went through :func:`fill`): the lines seen
    before are looked up without a call each (a parts tuple is never empty)."""
    known = _LINE_PARTS.get
    return [known(line) or parts(line) for line in lines]


# --- one parse per command shape ------------------------------------------------
#
# Most fresh lines of a new log differ from lines already parsed only in their
# hexes and numbers ("build E7", "build F5"; "leech 1 from x", "leech 2 from x")
# or in letter case, which the grammar ignores. So a fresh body is parsed as its
# *shape*: lower case, each hex replaced by a stand-in (Q1, Q2, ...) and each
# number by another (9001, 9002, ...); the typed commands of the shape get the
# real hexes, numbers and texts back. A shape whose stand-ins do not all come
# back exactly once as a field (the word was something else there), or that
# does not parse, is not used: those lines go through Lark as they are, which
# also gives any notation error its real place.

#: A word that may be a hex: a letter (not r, which starts river names) and one or
#: two digits, standing alone after a space or a ':' (``bridge D4:C2``).
_HEX_WORD = re.compile(r"(?:(?<=[ :])|^)([a-qs-z]\d{1,2})(?!\w)")
#: A number standing alone (no leading zero: ``convert 0W`` means 1 to the site).
_NUMBER_WORD = re.compile(r"(?<!\w)([1-9]\d{0,3})(?!\w)")
_FIRST_NUMBER = 9001


def _shape(body: str) -> tuple[str, tuple[str, ...], tuple[int, ...]] | None:
    """``body`` in lower case with its hexes and numbers replaced by stand-ins, and
    the hexes and numbers; None with a comment (whose words stay as written)."""
    if "#" in body:
        return None
    hexes: list[str] = []
    numbers: list[int] = []

    def hex_stand_in(match: re.Match[str]) -> str:
        hexes.append(match[1].upper())
        return f"Q{len(hexes)}"

    def number_stand_in(match: re.Match[str]) -> str:
        numbers.append(int(match[1]))
        return str(_FIRST_NUMBER + len(numbers) - 1)

    shape = _NUMBER_WORD.sub(number_stand_in, _HEX_WORD.sub(hex_stand_in, body.lower()))
    return shape, tuple(hexes), tuple(numbers)


def _filled_in(
    shape: LineBody, hexes: tuple[str, ...], numbers: tuple[int, ...], body: str
) -> LineBody | None:
    """The commands of ``shape`` with the real hexes, numbers and texts of ``body``;
    None if a stand-in did not come back exactly once as a field."""
    real: dict[object, object] = {f"Q{i + 1}": h for i, h in enumerate(hexes)}
    real.update({_FIRST_NUMBER + i: n for i, n in enumerate(numbers)})
    texts = command_texts(body)
    if len(texts) != len(shape.commands):
        texts = [type(c).__name__.lower() for c in shape.commands]
    placed = 0
    commands: list[cmd.Command] = []
    for command, text in zip(shape.commands, texts, strict=True):
        values = list(command)
        values[0] = text  # every command's first field is its text
        for i in range(1, len(values)):
            value = values[i]
            kind = type(value)
            if (kind is str or kind is int) and value in real:
                values[i] = real[value]
                placed += 1
            elif kind is tuple and value and type(value[0]) is str:
                values[i] = tuple(real.get(v, v) for v in value)
                placed += sum(1 for v in value if v in real)
        commands.append(type(command)(*values))
    if placed != len(real):
        return None
    return _interned_body(LineBody(shape.comments, tuple(commands)))


def _parse_shapes(
    shaped: dict[str, tuple[str, tuple[str, ...], tuple[int, ...], int]], grammar: Grammar
) -> dict[str, int]:
    """Parse the new shapes in one Lark call and fill the body cache from them;
    returns the bodies that must be parsed as written, with their line numbers."""
    shapes = list(dict.fromkeys(shape for shape, _, _, _ in shaped.values()))
    chunk = "".join(f"q:{shape}\n" for shape in shapes)
    try:
        parsed = grammar.parse(chunk, "command_log")
    except NotationError:
        parsed = []  # some shape does not parse: every body goes as written
    for chunk_line, result in parsed:
        if isinstance(result, LineBody):
            _SHAPE_CACHE[shapes[chunk_line - 1]] = result
    left: dict[str, int] = {}
    for body, (shape, hexes, numbers, number) in shaped.items():
        known = _SHAPE_CACHE.get(shape)
        typed = _filled_in(known, hexes, numbers, body) if known is not None else None
        if typed is None:
            left[body] = number
        else:
            _BODY_CACHE[body] = typed
    return left


def _line_parts(line: str) -> Parts:
    if not line.strip():
        return (), None, "", 0
    entries = _LINE_CACHE.get(line)
    if entries is None:
        key = _line_key(line)
        assert key is not None
        entries = _LINE_CACHE[line] = _BODY_CACHE[key[1]].entries(key[0])
    actor = entries[-1][0] if entries else ADMIN
    return entries, None if actor == ADMIN else actor, line.strip(), len(line) - len(line.lstrip())


def _parse_fresh(fresh: list[str], numbers: list[int], grammar: Grammar) -> None:
    """Parse the lines not seen before, all in one Lark call."""
    chunk = "\n".join(fresh) + "\n"
    SOURCE_LINES.clear()
    SOURCE_LINES.update({i: line for i, line in enumerate(fresh, start=1)})
    try:
        parsed = grammar.parse(chunk, "command_log")
    except NotationError as error:
        if error.line is not None and 1 <= error.line <= len(fresh):
            error.line = numbers[error.line - 1] + 1
        raise
    finally:
        SOURCE_LINES.clear()
    if len(_LINE_CACHE) > _CACHE_LIMIT:
        clear_caches()
    for chunk_line, result in parsed:
        line = fresh[chunk_line - 1]
        if isinstance(result, LineBody):
            key = _line_key(line)
            assert key is not None
            body = _BODY_CACHE[key[1]] = _interned_body(result)
            _LINE_CACHE[line] = body.entries(key[0])
        else:
            _LINE_CACHE[line] = tuple((sys.intern(actor), _interned(c)) for actor, c in result)
    for line in fresh:
        # Lines that hold nothing still count as seen.
        if _line_key(line) is None:
            _LINE_CACHE.setdefault(line, ())

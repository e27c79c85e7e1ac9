"""Reading logs: the two forms of a Terra Mystica game, parsed into moves.

Command logs go through a per-process cache: league logs repeat most of their
lines, and the part after ``faction:`` repeats across factions, so only text
not seen before goes through Lark, all in one call -- and lines that differ from
one seen before only in hexes and numbers reuse its parse (see "shapes" below).
Ledgers are parsed whole; their comment rows that carry setup (options, scoring
tiles, removed bonus tiles, dropped factions) become admin moves.
"""

from __future__ import annotations

import re
from typing import Any

from lark import Token

from gamelog.core.errors import NotationError
from gamelog.core.game import Move
from gamelog.games.terra_mystica import commands as cmd
from gamelog.games.terra_mystica.moves import (
    ADMIN,
    COMMENT,
    SOURCE_LINES,
    Entry,
    LedgerRow,
    LineBody,
    LogLine,
    Recorded,
    command_texts,
    run_parser,
    tidy,
)

#: Parsed command-log lines by their text, shared by every log of the process:
#: whole lines, and the part after ``faction:`` (which repeats across factions).
_LINE_CACHE: dict[str, tuple[Entry, ...]] = {}
_BODY_CACHE: dict[str, LineBody] = {}
#: A line's entries with its player, trimmed text and indent (see _line_parts).
_LINE_PARTS: dict[str, tuple[tuple[Entry, ...], str | None, str, int]] = {}
#: Parsed body shapes (see below), by shape.
_SHAPE_CACHE: dict[str, LineBody] = {}
_CACHE_LIMIT = 200_000
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
    if match is None or match[1].lower() == "game":
        return None
    return match[1].lower(), match[2]


def parse_command_log(text: str) -> list[Move]:
    """Moves of a command log (tabs count as spaces)."""
    lines = text.replace("\t", " ").split("\n")
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
        for body, number in _parse_shapes(shaped).items():
            fresh.setdefault(f"\0{body}", number)
    if fresh:
        _parse_fresh([lines[number] for number in fresh.values()], list(fresh.values()))
    moves: list[Move] = []
    comments: list[Entry] = []
    for number, line in enumerate(lines, start=1):
        parts = _LINE_PARTS.get(line)
        if parts is None:
            parts = _LINE_PARTS[line] = _line_parts(line)
        entries, player, source, indent = parts
        if not entries:
            continue
        if player == COMMENT:
            # A comment line is not a move: its ledger comment row goes with the
            # next move (or, at the end of the log, with the last one).
            comments.extend(entries)
            continue
        if comments:
            entries = (*comments, *entries)
            comments = []
        moves.append(
            LogLine(line=number, player=player, source=source, entries=entries, indent=indent)
        )
    if comments and moves:
        last = moves[-1]
        assert isinstance(last, LogLine)
        moves[-1] = LogLine(
            line=last.line,
            column=last.column,
            player=last.player,
            source=last.source,
            entries=(*last.entries, *comments),
            indent=last.indent,
        )
    return moves


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
    return LineBody(shape.comments, tuple(commands))


def _parse_shapes(
    shaped: dict[str, tuple[str, tuple[str, ...], tuple[int, ...], int]],
) -> dict[str, int]:
    """Parse the new shapes in one Lark call and fill the body cache from them;
    returns the bodies that must be parsed as written, with their line numbers."""
    shapes = list(dict.fromkeys(shape for shape, _, _, _ in shaped.values()))
    chunk = "".join(f"q:{shape}\n" for shape in shapes)
    try:
        parsed = run_parser("command_log", chunk)
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


def _line_parts(line: str) -> tuple[tuple[Entry, ...], str | None, str, int]:
    """What a move of this line holds: its entries, its player (None for an admin
    line, "comment" for a line holding only a comment), the line without the
    whitespace around it, and the width of its indent."""
    if not line.strip():
        return (), None, "", 0
    entries = _LINE_CACHE.get(line)
    if entries is None:
        key = _line_key(line)
        assert key is not None
        entries = _LINE_CACHE[line] = _BODY_CACHE[key[1]].entries(key[0])
    actor = entries[-1][0] if entries else ADMIN
    return entries, None if actor == ADMIN else actor, line.strip(), len(line) - len(line.lstrip())


def _parse_fresh(fresh: list[str], numbers: list[int]) -> None:
    """Parse the lines not seen before, all in one Lark call."""
    chunk = "\n".join(fresh) + "\n"
    SOURCE_LINES.clear()
    SOURCE_LINES.update({i: line for i, line in enumerate(fresh, start=1)})
    try:
        parsed = run_parser("command_log", chunk)
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
            _BODY_CACHE[key[1]] = result
            _LINE_CACHE[line] = result.entries(key[0])
        else:
            _LINE_CACHE[line] = tuple(result)
    for line in fresh:
        # Lines that hold nothing (a lone "game:" header) still count as seen.
        if _line_key(line) is None:
            _LINE_CACHE.setdefault(line, ())


# --- ledgers --------------------------------------------------------------------

_ROUND_SCORING = re.compile(r"^round (\d+) scoring: (score\d+)", re.I)
_REMOVING = re.compile(r"^removing tile (\w+)$", re.I)
_OPTION = re.compile(r"^option (\S+)$", re.I)
_MAP = re.compile(r"^map (\S+)$", re.I)
_FINAL = re.compile(r"^added final scoring tile: (\S+)$", re.I)
_DROPPED = re.compile(r"^(\w+) dropped from the game$", re.I)


def _ledger_comment_command(text: str) -> cmd.Command | None:
    """The admin command a ledger comment row stands for, if any (NOTATION.md §A.6)."""
    text = text.strip()
    if m := _ROUND_SCORING.match(text):
        return cmd.ScoreTile(text, int(m[1]), m[2].upper())
    if m := _REMOVING.match(text):
        return cmd.Delete(f"delete {m[1]}", m[1].upper())
    if m := _OPTION.match(text):
        return cmd.Option(text, m[1].lower())
    if m := _MAP.match(text):
        return cmd.MapSelect(text, m[1])
    if m := _FINAL.match(text):
        return cmd.FinalScoring(text, m[1].lower())
    if m := _DROPPED.match(text):
        return cmd.DropFaction(f"drop-faction {m[1].lower()}", m[1].lower())
    return None


_CELL_NUMBER = re.compile(r"-?\d+")


def parse_ledger(text: str) -> list[Move]:
    """Moves of a ledger: one per faction row, plus the admin rows among the comments."""
    lines = text.split("\n")
    SOURCE_LINES.clear()
    try:
        parsed = run_parser("ledger", text)
    finally:
        SOURCE_LINES.clear()
    moves: list[Move] = []
    for kind, payload in parsed:
        if kind == "comment":
            token: Token = payload
            command = _ledger_comment_command(str(token))
            if command is not None:
                actor = ADMIN
                moves.append(
                    LogLine(
                        line=token.line,
                        source=str(token).strip(),
                        entries=((actor, command),),
                    )
                )
            continue
        moves.append(_ledger_row(payload, lines))
    return moves


def _ledger_row(c: list[Any], lines: list[str]) -> LedgerRow:
    head: Token = c[0]
    faction = str(head).strip(" \u00a0").lower()
    vp_cell, c_cell, w_cell, p_cell, pw_cell, cult_cell = (c[i] for i in (2, 4, 6, 8, 10, 12))
    leech = c[13]
    commands: list[cmd.Command] = c[14] if len(c) > 14 else []
    row_text = lines[head.line - 1]
    command_text = row_text.split("\t")[-1] if "\t" in row_text else ""
    texts = [tidy(p) for p in command_text.split(".") if tidy(p)]
    if len(texts) == len(commands):
        commands = [k._replace(text=t) for k, t in zip(commands, texts, strict=True)]
    bowls = tuple(int(x) for x in _CELL_NUMBER.findall(str(pw_cell)))
    cults = tuple(int(x) for x in _CELL_NUMBER.findall(str(cult_cell)))
    recorded = Recorded(
        vp=int(_CELL_NUMBER.findall(str(vp_cell))[0]),
        coins=int(_CELL_NUMBER.findall(str(c_cell))[0]),
        workers=int(_CELL_NUMBER.findall(str(w_cell))[0]),
        priests=int(_CELL_NUMBER.findall(str(p_cell))[0]),
        bowls=(bowls[0], bowls[1], bowls[2]),
        cults=(cults[0], cults[1], cults[2], cults[3]),
        leech=leech,
    )
    if any(isinstance(k, cmd.SetupRow) for k in commands):
        entries: tuple[Entry, ...] = ((ADMIN, cmd.SetupFaction(f"setup {faction}", faction, None)),)
    else:
        entries = tuple((faction, k) for k in commands if not k.internal)
    columns = [1]
    for cell in row_text.split("\t")[:-1]:
        columns.append(columns[-1] + len(cell) + 1)
    return LedgerRow(
        line=head.line,
        cell_columns=tuple(columns),
        player=faction,
        source=command_text.strip() or f"{faction} (no command)",
        entries=entries,
        faction=faction,
        commands=tuple(commands),
        recorded=recorded,
    )

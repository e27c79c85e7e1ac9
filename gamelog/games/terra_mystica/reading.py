"""Reading logs: the two forms of a Terra Mystica game, parsed into moves.

Command logs go through a per-process cache: league logs repeat most of their
lines, and the part after ``faction:`` repeats across factions, so only text
not seen before goes through Lark, all in one call. Ledgers are parsed whole;
their comment rows that carry setup (options, scoring tiles, removed bonus
tiles, dropped factions) become admin moves.
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
    run_parser,
    tidy,
)

#: Parsed command-log lines by their text, shared by every log of the process:
#: whole lines, and the part after ``faction:`` (which repeats across factions).
_LINE_CACHE: dict[str, tuple[Entry, ...]] = {}
_BODY_CACHE: dict[str, LineBody] = {}
_CACHE_LIMIT = 200_000
_PREFIX = re.compile(r"[ \f\u00a0]*([a-z][a-z0-9_-]*)[ \t]*:(.*)", re.I | re.S)


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
    for number, line in enumerate(lines):
        if line in _LINE_CACHE or not line.strip():
            continue
        key = _line_key(line)
        if key is None:
            fresh.setdefault(line, number)
        elif key[1] in _BODY_CACHE:
            _LINE_CACHE[line] = _BODY_CACHE[key[1]].entries(key[0])
        else:
            fresh.setdefault(f"\0{key[1]}", number)
    if fresh:
        _parse_fresh([lines[number] for number in fresh.values()], list(fresh.values()))
    moves: list[Move] = []
    comments: list[Entry] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        entries = _LINE_CACHE.get(line)
        if entries is None:
            key = _line_key(line)
            assert key is not None
            entries = _LINE_CACHE[line] = _BODY_CACHE[key[1]].entries(key[0])
        if not entries:
            continue
        actor = entries[-1][0]
        if actor == COMMENT:
            # A comment line is not a move: its ledger comment row goes with the
            # next move (or, at the end of the log, with the last one).
            comments.extend(entries)
            continue
        if comments:
            entries = (*comments, *entries)
            comments = []
        moves.append(
            LogLine(
                line=number,
                player=actor if actor != ADMIN else None,
                source=line.strip(),
                entries=entries,
                indent=len(line) - len(line.lstrip()),
            )
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
        _LINE_CACHE.clear()
        _BODY_CACHE.clear()
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

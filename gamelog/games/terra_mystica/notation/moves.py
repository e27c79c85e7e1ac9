"""Typed moves, the grammar they are read with, and ``moves_from``.

A Terra Mystica log comes in two forms of the online site (notation.md):

* a **command log**: one move per line, an admin command (``option ...``,
  ``setup witches``), a comment, or a faction's ``faction: cmd. cmd``;
* a **ledger** (the site's tab-separated export): one move per faction row, the
  commands of that row plus the state the site recorded after it, which the
  rules check (ledger_file.py); comment rows that carry setup (options, scoring
  tiles, removed bonus tiles, dropped factions) are admin moves.

Both are parsed by ``grammars/terra_mystica.lark`` (:data:`GRAMMAR` and
:data:`LEDGER_GRAMMAR`), whose inline transformer (transformer.py) builds the
commands while Lark parses. Each move holds its entries of the command stream (commands.py).
Command logs go through the per-process cache of parsed lines (line_cache.py).
"""

from __future__ import annotations

import re
from typing import Any

from lark import Token

from gamelog.core.errors import GamelogError, NotationError
from gamelog.core.game import Move
from gamelog.core.notation import Grammar
from gamelog.games.terra_mystica.meta import is_ledger_row
from gamelog.games.terra_mystica.notation import commands as cmd
from gamelog.games.terra_mystica.notation import line_cache
from gamelog.games.terra_mystica.notation.commands import ADMIN, COMMENT, Entry
from gamelog.games.terra_mystica.notation.transformer import SOURCE_LINES, ToCommands, tidy
from gamelog.games.terra_mystica.records import Record

# --- moves ----------------------------------------------------------------------

# The moves extend the core's frozen ``Move`` dataclass without being dataclasses
# themselves (generating one costs more at start-up than a game takes to replay):
# their constructors fill the instance dictionary directly.


class LogMove(Move):
    """A move of either form: the entries of the command stream it holds."""

    entries: tuple[Entry, ...]

    def column_of(self, text: str, occurrence: int = 0) -> int | None:
        """The 1-based column where the command ``text`` of this move starts (its
        ``occurrence``-th time on the move, counted from 0), if the move can tell (a
        report then points at the command at fault)."""
        return None

    @property
    def ledger_row(self) -> LedgerRow | None:
        """The ledger row this move is, whose recorded state the rules check."""
        return None


class LogLine(LogMove):
    """One line of a command log (or an admin row of a ledger): its entries of the
    command stream, in order. ``indent`` is the width of the whitespace the line
    starts with (``source`` is the line without it), so that errors can point at
    the command at fault."""

    indent: int

    def __init__(
        self,
        *,
        line: int,
        column: int = 1,
        player: str | None = None,
        source: str = "",
        entries: tuple[Entry, ...] = (),
        indent: int = 0,
    ) -> None:
        fields = self.__dict__
        fields["line"] = line
        fields["column"] = column
        fields["player"] = player
        fields["source"] = source
        fields["entries"] = entries
        fields["indent"] = indent

    def column_of(self, text: str, occurrence: int = 0) -> int | None:
        """The 1-based column where a command of this line starts (1 if not found):
        the ``occurrence``-th time the line writes it (``burn 1. ... burn 1``), each a
        whole command (``burn 1`` is not the start of ``burn 10``)."""
        body = self.source.split(":", 1)[-1] if self.player else self.source
        start = len(self.source) - len(body)
        lowered, wanted = body.lower(), text.lower()
        found = lowered.find(wanted)
        while found >= 0:
            end = found + len(wanted)
            if end == len(lowered) or not lowered[end].isalnum():
                if occurrence == 0:
                    return self.indent + start + found + 1
                occurrence -= 1
            found = lowered.find(wanted, found + 1)
        return 1


class Recorded(Record):
    """What a ledger row says the faction had after it."""

    vp: int
    coins: int
    workers: int
    priests: int
    bowls: tuple[int, int, int]
    cults: tuple[int, int, int, int]
    leech: tuple[int, ...]


class LedgerRow(LogMove):
    """One faction row of a ledger: the commands the engine runs (``entries``),
    the row's whole command column and the state recorded after it."""

    faction: str
    commands: tuple[cmd.Command, ...]
    recorded: Recorded
    #: The 1-based column where each of the 15 cells starts.
    cell_columns: tuple[int, ...]

    def __init__(
        self,
        *,
        line: int,
        column: int = 1,
        player: str | None = None,
        source: str = "",
        entries: tuple[Entry, ...] = (),
        faction: str = "",
        commands: tuple[cmd.Command, ...] = (),
        recorded: Recorded,
        cell_columns: tuple[int, ...] = (),
    ) -> None:
        self.__dict__.update(
            line=line,
            column=column,
            player=player,
            source=source,
            entries=entries,
            faction=faction,
            commands=commands,
            recorded=recorded,
            cell_columns=cell_columns,
        )

    @property
    def ledger_row(self) -> LedgerRow | None:
        return self


# --- the grammar ----------------------------------------------------------------

_A_COMMAND = "a command (build, upgrade, dig, transform, send, action, pass, leech, ...)"
_AN_ADMIN_LINE = "an admin line (option, score, delete, setup, map, ...)"
#: Friendly names of the grammar's terminals for "expected ..." messages.
DESCRIBE = {
    **dict.fromkeys(
        [
            "BUILD",
            "UPGRADE",
            "SEND",
            "CONVERT",
            "BURN",
            "LEECH",
            "DECLINE",
            "TRANSFORM",
            "DIG",
            "BRIDGE",
            "CONNECT",
            "PASS",
            "ACTION",
            "ADVANCE",
            "WAIT",
            "DONE",
            "RESIGN",
            "RESIGN_AS_KW",
            "_PICK_COLOR",
            "_UNLOCK_TERRAIN",
            "GAIN",
            "START",
            "START_PLANNING",
            "SCORE_RESOURCES",
            "SETUP",
            "INCOME_WORD",
            "EFFECT",
            "SIGN",
        ],
        _A_COMMAND,
    ),
    **dict.fromkeys(
        [
            "OPTION_KW",
            "SCORE_KW",
            "DELETE_KW",
            "SETUP_KW",
            "MAP_KW",
            "FACTION_VARIANT_KW",
            "FINAL_SCORING_KW",
            "ORDER_KW",
            "DROP_FACTION_KW",
            "RANDOMIZE_KW",
            "PLAYER_KW",
            "PLAYER_COUNT_KW",
            "ADMIN_INCOME_KW",
            "ADMIN_START_KW",
            "FINISH_KW",
            "ABORT_KW",
            "DROPOPTION_KW",
            "START_PREVIEW_KW",
            "ADMIN_EMAIL_KW",
        ],
        _AN_ADMIN_LINE,
    ),
    "FACTION_PREFIX": "a faction name and ':'",
    "HEX": "a hex like E7",
    "INT": "a number",
    "BUILDING": "a building (TP, TE, SH, SA)",
    "CULT": "a cult track (FIRE, WATER, EARTH, AIR)",
    "RESOURCE": "a resource (C, W, P, PW, VP)",
    "COLOUR": "a terrain colour",
    "BONUS_TILE": "a bonus tile like BON3",
    "ACTION_SPACE": "an action like ACT4",
    "TRACK": "'ship' or 'dig'",
    "ITEM": "a tile or resource like FAV11",
    "NAME": "a faction name",
    "TILE": "a tile like SCORE3",
    "OPTION_NAME": "an option name",
    "_DOT": "'.'",
    "_TAB": "a tab",
    "SIGNED_DELTA": "a change like +2",
    "VP_CELL": "VP like '20 VP'",
    "C_CELL": "coins like '15 C'",
    "W_CELL": "workers like '3 W'",
    "P_CELL": "priests like '0 P'",
    "PW_CELL": "power bowls like '5/7/0 PW'",
    "CULT_CELL": "cult positions like '0/1/1/0'",
    "LEDGER_FACTION": "a faction name",
    "COMMENT_TEXT": "a comment",
    "COMMENT": "a comment",
    "PRIEST": "'p'",
}

#: The command log, and the ledger: one grammar file, a parser per form. One LALR
#: automaton for both would share the states of what both forms parse (the
#: commands, the line breaks), and its contextual lexer would then offer each form
#: the other's terminals (a ledger comment row is any text up to a tab). The
#: transformer runs inline: no parse tree is built.
GRAMMAR = Grammar(
    "terra_mystica",
    starts=("command_log",),
    describe=DESCRIBE,
    positions=False,
    inline=ToCommands,
)
LEDGER_GRAMMAR = Grammar(
    "terra_mystica", starts=("ledger",), describe=DESCRIBE, positions=False, inline=ToCommands
)


def moves_from(body: str, header: Any) -> list[LogMove]:
    """The moves of a log whose header lines are blanked: a command log, or a
    ledger (the header's ``form`` says which)."""
    if header.form == "ledger":
        return read_ledger(body)
    return read_command_log(body)


# --- command logs ---------------------------------------------------------------


_new_move = object.__new__


def read_command_log(text: str) -> list[LogMove]:
    """Moves of a command log (tabs count as spaces). A row of the ledger export among
    its lines is a notation error at that row (after any notation error above it)."""
    lines = text.replace("\t", " ").split("\n")
    row = _first_ledger_row(text) if "\t" in text else None
    if row is not None:
        line_cache.fill(lines[:row], GRAMMAR)
        raise _ledger_row_here(text.split("\n")[row], row + 1)
    line_cache.fill(lines, GRAMMAR)
    moves: list[LogMove] = []
    comments: list[Entry] = []
    for number, (entries, player, source, indent) in enumerate(line_cache.parts_of(lines), start=1):
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
        # LogLine(line=number, player=..., ...), without the keyword call of its
        # constructor: a log has hundreds of lines, each one a move.
        move = _new_move(LogLine)
        move.__dict__.update(
            line=number, column=1, player=player, source=source, entries=entries, indent=indent
        )
        moves.append(move)
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


def _first_ledger_row(text: str) -> int | None:
    """The index of the first line of ``text`` that is a row of the ledger export."""
    for number, line in enumerate(text.split("\n")):
        if "\t" in line and is_ledger_row(line):
            return number
    return None


def _ledger_row_here(row: str, line: int) -> NotationError:
    """The error for a ledger row at ``line`` of a command log, with the row written as
    the command line it stands for."""
    cells = row.split("#", 1)[0].split("\t")
    faction = cells[0].strip(" \u00a0").lower()
    commands = tidy(cells[14]) if len(cells) > 14 else ""
    if commands.lower() == "setup":
        written = f"setup {faction}"
    else:
        written = f"{faction}: {commands or 'COMMANDS'}"
    return NotationError(
        f"a ledger row in a command log: a command log writes this move as '{written}'; "
        "rows of cells between tabs are the site's ledger export, a log of its own",
        line=line,
        column=1,
    )


# --- ledgers --------------------------------------------------------------------

_ROUND_SCORING = re.compile(r"^round (\d+) scoring: (score\d+)", re.I)
_REMOVING = re.compile(r"^removing tile (\w+)$", re.I)
_OPTION = re.compile(r"^option (\S+)$", re.I)
_MAP = re.compile(r"^map (\S+)$", re.I)
_FINAL = re.compile(r"^added final scoring tile: (\S+)$", re.I)
_DROPPED = re.compile(r"^(\w+) dropped from the game$", re.I)
_CELL_NUMBER = re.compile(r"-?\d+")


def _ledger_comment_command(text: str) -> cmd.Command | None:
    """The admin command a ledger comment row stands for, if any (NOTATION.md §A.6);
    a ``# note`` after it is not part of the command."""
    text = text.split("#", 1)[0].strip()
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


#: The moves of each ledger line read alone (as line 1 of a text), by the line: a
#: ledger is read again at every replay of it (``gamelog play`` after a refused row, an
#: edit in the language server), and reading every row with Lark costs some 60 ms at
#: the end of a league game. Grammar rows are one line each (``ledger_line``), so a
#: line reads alone as it reads among the others.
_LEDGER_LINES: dict[str, tuple[LogMove, ...]] = {}
#: Lines kept at the most (the table starts again beyond).
_LEDGER_LINES_MOST = 50_000


def read_ledger(text: str) -> list[LogMove]:
    """Moves of a ledger: one per faction row, plus the admin rows among the comments.
    Each distinct line is read once per process, the lines not read before all in one
    Lark call (a call a line was a fifth slower than reading the ledger whole, on the
    ledgers an audit meets once); a ledger with a line that does not read is read
    whole, so that its notation error is placed as in the text."""
    lines = text.split("\n")
    fresh = [line for line in dict.fromkeys(lines) if line and line not in _LEDGER_LINES]
    if fresh:
        try:
            read = _read_ledger_text("\n".join(fresh) + "\n")
        except GamelogError:
            return _read_ledger_text(text)
        by_line: list[list[LogMove]] = [[] for _ in range(len(fresh) + 1)]
        for move in read:
            by_line[move.line].append(move)
        if len(_LEDGER_LINES) + len(fresh) > _LEDGER_LINES_MOST:
            _LEDGER_LINES.clear()
        for number, line in enumerate(fresh, start=1):
            _LEDGER_LINES[line] = tuple(by_line[number])
    moves: list[LogMove] = []
    for number, line in enumerate(lines, start=1):
        for move in _LEDGER_LINES.get(line, ()):
            placed = _new_move(type(move))
            placed.__dict__.update(move.__dict__)
            placed.__dict__["line"] = number
            moves.append(placed)
    return moves


def _read_ledger_text(text: str) -> list[LogMove]:
    """Moves of a ledger's text, read whole."""
    lines = text.split("\n")
    SOURCE_LINES.clear()
    try:
        parsed = LEDGER_GRAMMAR.parse(text)
    finally:
        SOURCE_LINES.clear()
    moves: list[LogMove] = []
    for kind, payload in parsed:
        if kind == "comment":
            token: Token = payload
            command = _ledger_comment_command(str(token))
            if command is not None:
                moves.append(
                    LogLine(
                        line=token.line or 1,
                        source=str(token).strip(),
                        entries=((ADMIN, command),),
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
    line = head.line or 1
    # The row's 15 cells, without a ``# note`` after them (with or without a tab).
    cells = lines[line - 1].split("#", 1)[0].split("\t")[:15]
    command_text = cells[14] if len(cells) > 14 else ""
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
    for cell in cells[:14]:
        columns.append(columns[-1] + len(cell) + 1)
    return LedgerRow(
        line=line,
        cell_columns=tuple(columns),
        player=faction,
        source=command_text.strip() or f"{faction} (no command)",
        entries=entries,
        faction=faction,
        commands=tuple(commands),
        recorded=recorded,
    )

"""Typed moves, and the Lark transformer that makes them.

A **command log** line is one move: an admin command, a comment, or a faction's
``faction: cmd. cmd``. A **ledger** faction row is one move too: the commands of
that row plus the state the site recorded after it, which the engine checks.
Both forms are parsed by ``grammars/terra_mystica.lark`` (see reading.py); the
transformer here turns the rules into commands and applies the rewrites the
online engine applies to what players typed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from lark import Token, Transformer

from gamelog.core.game import Move
from gamelog.core.notation import parse
from gamelog.games.terra_mystica import commands as cmd
from gamelog.games.terra_mystica.components import rules
from gamelog.games.terra_mystica.records import Record

#: An actor of the command stream: a faction name, "" for admin, "comment".
ADMIN = ""
COMMENT = "comment"

Entry = tuple[str, cmd.Command]

# --- moves ----------------------------------------------------------------------


class Recorded(Record):
    """What a ledger row says the faction had after it."""

    vp: int
    coins: int
    workers: int
    priests: int
    bowls: tuple[int, int, int]
    cults: tuple[int, int, int, int]
    leech: tuple[int, ...]


# The moves extend the core's frozen ``Move`` dataclass without being dataclasses
# themselves (generating one costs more at start-up than a game takes to replay):
# their constructors fill the instance dictionary directly.


class LogLine(Move):
    """One line of a command log: its entries of the command stream, in order.
    ``indent`` is the width of the whitespace the line starts with (``source`` is
    the line without it), so that errors can point at the command at fault."""

    entries: tuple[Entry, ...]
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

    def column_of(self, text: str) -> int:
        """The 1-based column where a command of this line starts (1 if not found)."""
        body = self.source.split(":", 1)[-1] if self.player else self.source
        start = len(self.source) - len(body)
        found = body.lower().find(text.lower())
        return self.indent + start + found + 1 if found >= 0 else 1


class LedgerRow(Move):
    """One faction row of a ledger: the commands the engine runs (``entries``),
    the row's whole command column and the state recorded after it."""

    entries: tuple[Entry, ...]
    faction: str
    commands: tuple[cmd.Command, ...]
    recorded: Recorded | None
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
        recorded: Recorded | None = None,
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


class LogHeader(Record):
    """How the log was written: ``form`` is "commands" or "ledger"."""

    form: str


# --- text tidying as the online engine does it ----------------------------------

_SPACES = re.compile(r"\s+")
_BEFORE_WORD = re.compile(r"(\W)\s(\w)")
_AFTER_WORD = re.compile(r"(\w)\s(\W)")
#: Anything the three rules above would change.
_UNTIDY = re.compile(r"\s\s|[^\S ]|^\s|\s$|\W\s\w|\w\s\W")


@lru_cache(maxsize=1 << 16)
def tidy(text: str) -> str:
    """Collapse whitespace and drop spaces next to punctuation (``+ 2 FIRE`` -> ``+2FIRE``)."""
    if _UNTIDY.search(text) is None:  # the usual case: nothing to do
        return text
    text = _SPACES.sub(" ", text).strip()
    text = _BEFORE_WORD.sub(r"\1\2", text)
    return _AFTER_WORD.sub(r"\1\2", text)


# --- the transformer ------------------------------------------------------------


def _int(token: Token | None, default: int | None = None) -> int | None:
    return int(token) if token is not None else default


def _tokens(children: list[Any], kind: str) -> list[Token]:
    return [c for c in children if isinstance(c, Token) and c.type == kind]


def _first(children: list[Any], kind: str) -> Token | None:
    for child in children:
        if isinstance(child, Token) and child.type == kind:
            return child
    return None


class _ToCommands(Transformer):
    """Turns each grammar rule into a typed command; used inline by the LALR parser."""

    # faction commands. ``source`` is filled by the line rule from the source text.

    def build(self, c: list[Any]) -> cmd.Command:
        return cmd.Build("", c[0].upper())

    def upgrade(self, c: list[Any]) -> cmd.Command:
        name = " ".join(str(c[1]).upper().split())
        return cmd.Upgrade("", c[0].upper(), rules().building_names.get(name, name))

    def send(self, c: list[Any]) -> cmd.Command:
        return cmd.Send("", str(c[1]).upper(), _int(_first(c, "INT")))

    def convert(self, c: list[Any]) -> cmd.Command:
        counts: list[int | None] = []
        kinds: list[str] = []
        pending: int | None = None
        for child in c:
            if child.type == "INT":
                pending = int(child)
            else:
                counts.append(pending)
                kinds.append(_resource(str(child)))
                pending = None
        return cmd.Convert("", counts[0] or 1, kinds[0], counts[1] or 1, kinds[1])

    def burn(self, c: list[Any]) -> cmd.Command:
        return cmd.Burn("", int(c[0]))

    def leech(self, c: list[Any]) -> cmd.Command:
        name = _first(c, "NAME")
        return cmd.Leech("", int(c[0]), str(name).lower() if name else None)

    def decline(self, c: list[Any]) -> cmd.Command:
        if not c:
            return cmd.Decline("", None, None)
        return cmd.Decline("", int(c[0]), str(c[1]).lower())

    def transform(self, c: list[Any]) -> cmd.Command:
        colour = _first(c, "COLOUR")
        return cmd.Transform("", c[0].upper(), _colour(colour) if colour else None)

    def dig(self, c: list[Any]) -> cmd.Command:
        return cmd.Dig("", int(c[0]))

    def bridge(self, c: list[Any]) -> cmd.Command:
        hexes = _tokens(c, "HEX")
        return cmd.Bridge("", hexes[0].upper(), hexes[1].upper(), bool(_first(c, "ALLOW_ILLEGAL")))

    def connect(self, c: list[Any]) -> cmd.Command:
        return cmd.Connect("", tuple(_hex_or_river(str(h)) for h in c))

    def pass_(self, c: list[Any]) -> cmd.Command:
        return cmd.Pass("", str(c[0]).upper() if c else None)

    def action(self, c: list[Any]) -> cmd.Command:
        return cmd.Action("", str(c[0]).upper())

    def advance(self, c: list[Any]) -> cmd.Command:
        return cmd.Advance("", "ship" if str(c[0]).lower().startswith("ship") else "dig")

    def adjust(self, c: list[Any]) -> cmd.Command:
        sign = -1 if str(c[0]) == "-" else 1
        count = _int(_first(c, "INT"), 1)
        assert count is not None
        kind = _resource(str(_first(c, "ITEM")).upper())
        source = _first(c, "SOURCE")
        return cmd.Adjust("", sign * count, kind, str(source).strip().lower() if source else None)

    def wait(self, c: list[Any]) -> cmd.Command:
        return cmd.Wait("")

    def done(self, c: list[Any]) -> cmd.Command:
        return cmd.Done("")

    def resign(self, c: list[Any]) -> cmd.Command:
        return cmd.DropFaction("", "")

    def drop_self(self, c: list[Any]) -> cmd.Command:
        return cmd.DropFaction("", str(c[1]).lower())

    def pick_color(self, c: list[Any]) -> cmd.Command:
        return cmd.PickColour("", _colour(c[0]))

    def unlock_terrain(self, c: list[Any]) -> cmd.Command:
        return cmd.UnlockTerrain("", str(c[0]).lower())

    def gain_for(self, c: list[Any]) -> cmd.Command:
        return cmd.GainFor("", _resource(str(c[0])), _resource(str(c[1])))

    def income(self, c: list[Any]) -> cmd.Command:
        word = str(c[0]).lower()
        if word == "income":
            return cmd.Income("", None)
        phase = word.split("_")[0] if word.count("_") == 3 else "all"
        return cmd.Income("", phase)

    def start(self, c: list[Any]) -> cmd.Command:
        return cmd.Start("")

    def start_planning(self, c: list[Any]) -> cmd.Command:
        return cmd.StartPlanning("")

    def score_resources(self, c: list[Any]) -> cmd.Command:
        return cmd.ScoreResources("")

    def setup_row(self, c: list[Any]) -> cmd.Command:
        return cmd.SetupRow("")

    def effect(self, c: list[Any]) -> cmd.Command:
        return cmd.Effect("")

    # admin commands: (keyword token, command)

    def option(self, c: list[Any]) -> Any:
        return c[0], cmd.Option("", str(c[1]).lower())

    def score_tiles(self, c: list[Any]) -> Any:
        return c[0], cmd.ScoreTiles("", tuple(str(t).upper() for t in c[1:]))

    def delete(self, c: list[Any]) -> Any:
        return c[0], cmd.Delete("", str(c[1]).upper())

    def setup_faction(self, c: list[Any]) -> Any:
        player = c[2] if len(c) > 2 else None
        return c[0], cmd.SetupFaction("", str(c[1]).lower(), str(player) if player else None)

    def map_select(self, c: list[Any]) -> Any:
        return c[0], cmd.MapSelect("", str(c[1]))

    def faction_variant(self, c: list[Any]) -> Any:
        return c[0], cmd.FactionVariant("", str(c[1]).lower())

    def final_scoring(self, c: list[Any]) -> Any:
        return c[0], cmd.FinalScoring("", str(c[1]).lower())

    def order(self, c: list[Any]) -> Any:
        return c[0], cmd.Order("", tuple(str(w).lower() for w in c[1:]))

    def drop_faction(self, c: list[Any]) -> Any:
        return c[0], cmd.DropFaction("", str(c[1]).lower())

    def randomize(self, c: list[Any]) -> Any:
        return c[0], cmd.Randomize("", str(c[1]).lower(), str(c[2]).strip())

    def player(self, c: list[Any]) -> Any:
        return c[0], cmd.Player("", str(c[1]))

    def player_count(self, c: list[Any]) -> Any:
        return c[0], cmd.PlayerCount("", int(c[1]))

    def admin_income(self, c: list[Any]) -> Any:
        return c[0], cmd.Income("", None)

    def admin_start(self, c: list[Any]) -> Any:
        return c[0], cmd.Start("")

    def finish(self, c: list[Any]) -> Any:
        return c[0], cmd.Finish("")

    def abort(self, c: list[Any]) -> Any:
        return c[0], cmd.NoOp("")

    def dropoption(self, c: list[Any]) -> Any:
        return c[0], cmd.DropOption("", str(c[1]).lower())

    def start_preview(self, c: list[Any]) -> Any:
        return c[0], cmd.NoOp("")

    def admin_email(self, c: list[Any]) -> Any:
        return c[0], cmd.NoOp("")

    # lines of a command log: (line number, entries)

    def command_list(self, c: list[Any]) -> list[cmd.Command]:
        return c

    def faction_line(self, c: list[Any]) -> Any:
        prefix: Token = c[0]
        commands = c[1] if len(c) > 1 and isinstance(c[1], list) else []
        comment = c[-1] if isinstance(c[-1], Token) and c[-1].type == "COMMENT" else None
        return prefix.line, LineBody(_comment_entries(comment), _with_texts(commands, prefix))

    def admin_line(self, c: list[Any]) -> Any:
        keyword, command = c[0]
        comment = c[1] if len(c) > 1 else None
        line = SOURCE_LINES.get(keyword.line)
        if line is not None:
            command = command._replace(text=tidy(line.split("#", 1)[0]))
        return keyword.line, (*_comment_entries(comment), (ADMIN, command))

    def comment_line(self, c: list[Any]) -> Any:
        return c[0].line, _comment_entries(c[0])

    def game_header(self, c: list[Any]) -> Any:
        return "header", c[0]

    def command_log(self, c: list[Any]) -> list[Any]:
        return [item for item in c if item[0] != "header"]

    # the ledger

    def delta(self, c: list[Any]) -> int:
        return int(c[0]) if c else 0

    def leech_cell(self, c: list[Any]) -> tuple[int, ...]:
        return tuple(int(t) for t in c)

    def ledger_comment(self, c: list[Any]) -> Any:
        return ("comment", c[0])

    def ledger_row(self, c: list[Any]) -> Any:
        return ("row", c)

    def ledger(self, c: list[Any]) -> list[Any]:
        return [item for item in c if item[0] != "header"]


def _resource(word: str) -> str:
    upper = word.upper()
    return rules().resource_aliases.get(upper, upper)


def _colour(word: str) -> str:
    lower = str(word).lower()
    return rules().colour_aliases.get(lower, lower)


def _hex_or_river(word: str) -> str:
    return word.lower() if word[:1] in "rR" else word.upper()


def _comment_entries(comment: Token | None) -> tuple[Entry, ...]:
    """``# text`` becomes a ledger comment row; ``##`` is a silent note."""
    if comment is None:
        return ()
    text = str(comment)[1:]
    if not text or text.startswith("#"):
        return ()
    return ((COMMENT, cmd.Comment(text)),)


# --- the rewrites of one faction line (``clean_commands`` of the online engine) ---


def _with_text(command: cmd.Command, text: str) -> cmd.Command:
    return command._replace(text=text)


class LineBody(Record):
    """What follows ``faction:`` on a line, parsed once per process whoever the faction."""

    comments: tuple[Entry, ...]
    commands: tuple[cmd.Command, ...]

    def entries(self, faction: str) -> tuple[Entry, ...]:
        commands = self.commands
        if len(commands) == 1 and not _may_be_rewritten(faction, commands[0]):
            return (*self.comments, (faction, commands[0]))
        typed = _legacy_rewrites(faction, list(commands))
        # Leech decisions of a line are taken before anything else on it.
        typed = [c for c in typed if isinstance(c, cmd.Leech | cmd.Decline)] + [
            c for c in typed if not isinstance(c, cmd.Leech | cmd.Decline)
        ]
        return self.comments + tuple((faction, c) for c in typed)


def _with_texts(commands: list[cmd.Command], prefix: Token) -> tuple[cmd.Command, ...]:
    if not commands:
        return ()
    line = SOURCE_LINES.get(prefix.line)
    texts = [] if line is None else command_texts(line[prefix.end_column - 1 :])
    if len(texts) != len(commands):
        texts = [type(c).__name__.lower() for c in commands]
    return tuple(_with_text(c, t) for c, t in zip(commands, texts, strict=True))


def command_texts(body: str) -> list[str]:
    """The tidied text of each command of a line's ``body`` (what follows
    ``faction:``), cut at the dots."""
    return [text for text in (tidy(part) for part in body.split("#", 1)[0].split(".")) if text]


def _may_be_rewritten(faction: str, command: cmd.Command) -> bool:
    """Whether a line holding only ``command`` could be changed by ``_legacy_rewrites``
    (a ``+BONn``, or an Engineers' bridge conversion)."""
    kind = type(command)
    if kind is cmd.Adjust:
        return command.kind.startswith("BON") or faction == "engineers"
    return kind is cmd.Convert and faction == "engineers"


def _legacy_rewrites(faction: str, typed: list[cmd.Command]) -> list[cmd.Command]:
    """Spellings of 2013 logs that the online engine still accepts."""
    out = list(typed)
    if faction == "engineers":
        for i, c in enumerate(out):
            paid_bridge = isinstance(c, cmd.Adjust) and c.delta == -2 and c.kind == "W"
            converted = isinstance(c, cmd.Convert) and c.to_type == "BRIDGE" and c.from_type == "W"
            if (paid_bridge and i + 1 < len(out) and isinstance(out[i + 1], cmd.Bridge)) or (
                converted and c.from_count == 2
            ):
                out[i] = cmd.Action("action ACTE", "ACTE")
    # "pass. +bonN" and a line starting "+bonN": pass taking that tile.
    for i, c in enumerate(out):
        if (
            isinstance(c, cmd.Adjust)
            and c.kind.startswith("BON")
            and c.delta == 1
            and (i == 0 or (isinstance(out[i - 1], cmd.Pass) and out[i - 1].tile is None))
        ):
            tile = c.kind
            if i > 0:
                out[i - 1] = cmd.Pass(f"pass {tile}", tile)
                del out[i]
            else:
                out[i] = cmd.Pass(f"pass {tile}", tile)
            break
    _swap_first(out, cmd.Build, cmd.Transform)
    # Only a pass that takes a bonus tile: after a bare pass (round 6) the faction
    # is no longer the one to act, so a conversion there is refused.
    _swap_first(out, cmd.Pass, cmd.Convert, lambda c: c.tile is not None)
    _swap_first(out, cmd.Dig, cmd.Action)
    return out


def _swap_first(
    out: list[cmd.Command],
    first: type,
    second: type,
    applies: Callable[[Any], bool] = lambda c: True,
) -> None:
    for i in range(len(out) - 1):
        if isinstance(out[i], first) and isinstance(out[i + 1], second) and applies(out[i]):
            out[i], out[i + 1] = out[i + 1], out[i]
            return


# --- parsers --------------------------------------------------------------------

#: Source lines of the chunk being parsed, by chunk line number (for command texts).
SOURCE_LINES: dict[int, str] = {}

_A_COMMAND = "a command (build, upgrade, dig, transform, send, action, pass, leech, ...)"
_AN_ADMIN_LINE = "an admin line (option, score, delete, setup, map, ...)"
_DESCRIBE = {
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
    "GAME_HEADER": "'game: terra-mystica'",
    "PRIEST": "'p'",
}


def run_parser(start: str, text: str) -> Any:
    """Parse one container of command text, the transformer inlined (no parse tree)."""
    return parse(
        "terra_mystica", text, describe=_DESCRIBE, start=start, positions=False, inline=_ToCommands
    )

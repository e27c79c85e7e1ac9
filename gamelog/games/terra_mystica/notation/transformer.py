"""The inline transformer: each rule of ``grammars/terra_mystica.lark`` straight into a
typed command, while Lark parses (no parse tree is built).

Commands keep their text as written (tidied the way the online engine tidies
it), because the ledger shows commands verbatim; the text comes from the source
line, which the reader hands over in ``SOURCE_LINES``. What follows
``faction:`` on a command-log line becomes a :class:`LineBody`, parsed once per
process whoever the faction is.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from lark import Token, Transformer

from gamelog.games.terra_mystica.components import CONSTANTS
from gamelog.games.terra_mystica.notation import commands as cmd
from gamelog.games.terra_mystica.notation import rewrites
from gamelog.games.terra_mystica.notation.commands import ADMIN, COMMENT, Entry
from gamelog.games.terra_mystica.records import Record

#: Source lines of the chunk being parsed, by chunk line number (for command texts).
SOURCE_LINES: dict[int, str] = {}

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


def command_texts(body: str) -> list[str]:
    """The tidied text of each command of a line's ``body`` (what follows
    ``faction:``), cut at the dots."""
    return [text for text in (tidy(part) for part in body.split("#", 1)[0].split(".")) if text]


# --- a faction line's body --------------------------------------------------------


class LineBody(Record):
    """What follows ``faction:`` on a line, parsed once per process whoever the faction."""

    comments: tuple[Entry, ...]
    commands: tuple[cmd.Command, ...]

    def entries(self, faction: str) -> tuple[Entry, ...]:
        """The line's entries of the command stream, as ``faction`` gives them."""
        commands = self.commands
        if len(commands) == 1 and not rewrites.may_be_rewritten(faction, commands[0]):
            return (*self.comments, (faction, commands[0]))
        typed = rewrites.faction_line(faction, list(commands))
        return self.comments + tuple((faction, c) for c in typed)


def _with_texts(commands: list[cmd.Command], prefix: Token) -> tuple[cmd.Command, ...]:
    if not commands:
        return ()
    line = SOURCE_LINES.get(prefix.line)
    texts = [] if line is None else command_texts(line[prefix.end_column - 1 :])
    if len(texts) != len(commands):
        texts = [type(c).__name__.lower() for c in commands]
    return tuple(c._replace(text=t) for c, t in zip(commands, texts, strict=True))


def _comment_entries(comment: Token | None) -> tuple[Entry, ...]:
    """``# text`` becomes a ledger comment row; ``##`` is a silent note."""
    if comment is None:
        return ()
    text = str(comment)[1:]
    if not text or text.startswith("#"):
        return ()
    return ((COMMENT, cmd.Comment(text)),)


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


def _resource(word: str) -> str:
    upper = word.upper()
    return CONSTANTS.resource_aliases.get(upper, upper)


def _colour(word: str) -> str:
    lower = str(word).lower()
    return CONSTANTS.colour_aliases.get(lower, lower)


def _hex_or_river(word: str) -> str:
    return word.lower() if word[:1] in "rR" else word.upper()


class ToCommands(Transformer):
    """Turns each grammar rule into a typed command; used inline by the LALR parser."""

    # faction commands. ``text`` is filled in from the source line (see _with_texts).

    def build(self, c: list[Any]) -> cmd.Command:
        return cmd.Build("", c[0].upper())

    def upgrade(self, c: list[Any]) -> cmd.Command:
        name = " ".join(str(c[1]).upper().split())
        return cmd.Upgrade("", c[0].upper(), CONSTANTS.building_names.get(name, name))

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
        item = _first(c, "ITEM")
        if item is None:  # -GAIN_P3_FOR_VP: the Shapeshifters decline a token
            item = _first(c, "GAIN_RIGHT")
        kind = _resource(str(item).upper())
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

    def command_log(self, c: list[Any]) -> list[Any]:
        return c

    # the ledger

    def delta(self, c: list[Any]) -> int:
        return int(c[0]) if c else 0

    def leech_cell(self, c: list[Any]) -> tuple[int, ...]:
        return tuple(int(t) for t in c)

    def ledger_comment(self, c: list[Any]) -> Any:
        return ("comment", c[0])

    def ledger_row(self, c: list[Any]) -> Any:
        if isinstance(c[-1], Token) and c[-1].type == "COMMENT":
            c = c[:-1]  # a note at the end of the row
        return ("row", c)

    def ledger_blank(self, c: list[Any]) -> Any:
        return ("blank", None)

    def ledger(self, c: list[Any]) -> list[Any]:
        return [line for line in c if line[0] != "blank"]

"""The header of a Terra Mystica log, and which of the site's two forms the log is.

Logs of the online site have no header of their own: the setup (options,
scoring tiles, removed bonus tiles, factions, map) is made by admin lines among
the moves, and there is no players line, because the factions are the ones who
move. So the only keys are the core's: ``game:`` and the information keys every
game takes (``date:``, ``event:``, ...), which the core reads as in every game.
Every faction of the data starts a move (``witches: build E6``), so a mistyped
key such as ``gmae:`` is reported as one. One key of its own says who plays the
factions, for ratings: ``players: Ann (witches), Bob (nomads)`` (people.py); it has
no effect on play.

Comments are part of a Terra Mystica log: the site shows every ``# text`` of a
command log as a row of its ledger (the first is usually ``# Default game
options``), so comment lines above the first move stay in the body the moves
are read from; only the key lines are blanked.

A ledger is the site's tab-separated export, and its comment rows can look like
header lines (``Round 1 scoring: SCORE2, ...``, ``Player 1: Ann``, a comment
``note: ...`` of the command log it came from): in a ledger, the words before
such a colon start a row, not a mistyped key.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, fields

from gamelog.core.game import Game
from gamelog.core.header import HeaderKey, HeaderLines
from gamelog.core.header import read_header as read_lines
from gamelog.games.terra_mystica.components import ALL_FACTION_NAMES
from gamelog.games.terra_mystica.meta import is_ledger
from gamelog.games.terra_mystica.notation.players import PLAYERS_KEY, check_players_line

#: Terra Mystica's own header keys besides ``game:`` and the information keys: who
#: plays each faction (people.py), which the rules never read.
KEYS: tuple[HeaderKey, ...] = (PLAYERS_KEY,)

COMMANDS = "commands"
LEDGER = "ledger"


@dataclass
class Header:
    """A Terra Mystica header: the form of the log (``COMMANDS`` or ``LEDGER``), and
    the header lines as written."""

    form: str = COMMANDS
    lines: HeaderLines = field(default_factory=HeaderLines)


def header_from(lines: HeaderLines) -> Header:
    check_players_line(lines)
    return Header(form=LEDGER if is_ledger(lines.body()) else COMMANDS, lines=lines)


def player_lines(players: Iterable[str]) -> str:
    """What a new log writes after its header: the players, as the site stores them
    (``player NAME``, in seat order), and how the setup goes on."""
    return (
        "# The players, in seat order; then the setup, typed like moves: the round scoring\n"
        "# tiles (score SCORE1,...,SCORE6) and a faction per player (setup FACTION).\n"
        + "".join(f"player {name}\n" for name in players)
    )


def movers() -> tuple[str, ...]:
    """Every faction of the data: each starts a move (``witches: build E6``)."""
    return ALL_FACTION_NAMES


#: What the core takes for a key before a colon (gamelog/core/header.py), within
#: one cell of a ledger row.
_ROW_KEY = re.compile(r"^[ \t]*([^\W\d_][\w'\-]*(?:[ \t]+[^:#\n\t]*?)?)[ \t]*:", re.M)


def ledger_row_starts(text: str) -> Iterable[str]:
    """The words before a colon that start rows of a ledger (``Round 1 scoring``)."""
    return {match[1] for match in _ROW_KEY.finditer(text)}


@dataclass
class CommentedHeaderLines(HeaderLines):
    """The core's header lines, and the comment lines above the first move (by line
    number), which the body keeps: they are rows of the ledger."""

    comments: dict[int, str] = field(default_factory=dict)

    def body(self) -> str:
        text = super().body()
        if not self.comments:
            return text
        rows = text.split("\n")
        for number, line in self.comments.items():
            rows[number - 1] = line
        return "\n".join(rows)


def read_header(text: str, game: Game) -> HeaderLines:
    """The header lines of ``text`` as the core reads them for ``game``, the rows of a
    ledger taken for the moves they are, the comments above the first move kept."""
    starts = movers()
    if is_ledger(text):
        starts = (*starts, *ledger_row_starts(text))
    lines = read_lines(
        text,
        game.header_keys,
        game_names=(game.name, game.title, *game.aliases),
        title=game.title,
        movers=starts,
        min_players=game.min_players,
        max_players=game.max_players,
    )
    if lines.body_line == 1:
        return lines
    above = text.split("\n", lines.body_line - 1)[: lines.body_line - 1]
    comments = {
        number: line for number, line in enumerate(above, start=1) if line.lstrip().startswith("#")
    }
    if not comments:
        return lines
    kept = {part.name: getattr(lines, part.name) for part in fields(HeaderLines)}
    return CommentedHeaderLines(**kept, comments=comments)

"""The header every log starts with: ``key: value`` lines, read the same way for every game.

House style (docs/ARCHITECTURE.md, "The header"): a log opens with ``key: value`` lines (``game:``,
``players:`` and what the rules leave to chance at setup), then the moves, each
``Player: ...``. Both kinds of line look alike, so the header cannot be left to
each game's grammar: a mistyped key (``stup: GK at D3``) would be read as the
move of a player called "stup" and get a baffling parse error. This module reads
the header before any grammar sees the log, with the game's list of keys:

* a line whose key is one of the game's keys is a header line;
* a line that starts with a player's name (or no ``word:`` at all) starts the
  moves, which the game's grammar parses from :meth:`HeaderLines.body`;
* anything else in the header is a mistyped key: a SetupError naming the key,
  the nearest known keys and the list of them;
* a key given twice, or a header line after the first move, is a SetupError.

The ``players:`` line has one form in every game: ``Ann (pink), Bob (blue)``, the
part in brackets being whatever the game seats a player with (a colour), or
just ``Ann, Bob``. Names are matched without regard to case (see
:mod:`gamelog.core.turns`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from gamelog.core.errors import SetupError
from gamelog.core.places import Located
from gamelog.core.suggest import distance, nearest

PLAYERS = "players"
GAME = "game"
#: ``HeaderKey.arguments`` of a key given once per player (``card PLAYER:``).
EACH_PLAYER = ("PLAYER",)

HEADER_RULE = "the header comes first, then the moves"
PLAYERS_LINE_RULE = "the players line names the players in turn order, separated by commas"


@dataclass(frozen=True)
class HeaderKey:
    """One key a game's header may give.

    ``argument`` names a word the key takes before its colon (``hand PLAYER:``,
    ``bookshelf ROW:``); such a key may be given once per argument. ``repeat``
    lets a key be given any number of times (one line per research card, say).
    ``anywhere`` keys may also stand among or after the moves (end-game effects
    a player notes at the end). ``help`` and ``example`` explain the key in error
    messages and in the header written for a new log.
    """

    name: str
    help: str
    example: str = ""
    argument: str | None = None
    repeat: bool = False
    required: bool = False
    anywhere: bool = False
    #: The values the key takes, where they are few (a mode); for ``players``, what
    #: each player may be seated with, in the order ``gamelog new`` hands them out.
    choices: tuple[str, ...] = ()
    #: The arguments a required key is given for (the rows ``I``, ``II``), or
    #: ``EACH_PLAYER``: ``gamelog new`` writes an empty line for each, to fill in.
    arguments: tuple[str, ...] = ()

    @property
    def shown(self) -> str:
        """The key as a person writes it: ``players``, ``hand PLAYER``."""
        return f"{self.name} {self.argument}" if self.argument else self.name


@dataclass(frozen=True, kw_only=True)
class HeaderLine(Located):
    """One header line as written: ``column`` is where its key starts."""

    key: str
    #: The word(s) between the key and the colon (``Ann`` in ``hand Ann:``), blanks folded.
    argument: str | None = None
    argument_column: int = 1
    #: The text after the colon, without a comment and surrounding blanks.
    value: str = ""
    value_column: int = 1

    def at(self, offset: int) -> Located:
        """The place of the character ``offset`` characters into the value."""
        return Located(line=self.line, column=self.value_column + offset)

    def error(self, message: str, *, offset: int = 0, **details: object) -> SetupError:
        """A SetupError pointing into this line's value."""
        return SetupError(
            message,
            line=self.line,
            column=self.value_column + offset,
            **details,  # type: ignore[arg-type]
        )

    def items(self, separator: str = ",") -> list[tuple[str, int]]:
        """The value split at ``separator`` (outside brackets and quotes): each item,
        stripped, with its offset into the value; empty items are kept, so that a
        stray comma can be reported at its place."""
        items: list[tuple[str, int]] = []
        depth, quoted, start = 0, False, 0
        value = self.value
        for index, char in enumerate(value):
            if char == '"':
                quoted = not quoted
            elif quoted:
                continue
            elif char in "([":
                depth += 1
            elif char in ")]":
                depth = max(0, depth - 1)
            elif char == separator and depth == 0:
                items.append(_stripped(value, start, index))
                start = index + 1
        items.append(_stripped(value, start, len(value)))
        return items


@dataclass(frozen=True, kw_only=True)
class PlayerEntry(Located):
    """One player of the ``players:`` line: ``Ann (pink)`` gives name Ann, attribute pink."""

    name: str
    attribute: str | None = None
    attribute_column: int = 1


@dataclass
class HeaderLines:
    """The header of one log: its lines in order, the players, and where the moves start."""

    lines: list[HeaderLine] = field(default_factory=list)
    players: list[PlayerEntry] = field(default_factory=list)
    #: The first line (1-based) after the header: the moves start there.
    body_line: int = 1
    #: Lines of ``anywhere`` keys found among the moves; blanked in :meth:`body`.
    _later: list[HeaderLine] = field(default_factory=list)
    _text: str = ""
    _body_offset: int = 0

    def first(self, key: str) -> HeaderLine | None:
        """The line that gives ``key``, or None."""
        return next((line for line in self.lines if line.key == key), None)

    def line_of(self, key: str) -> int:
        """The line that gives ``key``, or 1 where the header has none: a setup error
        about a value the header gives points at it, or else at the top of the log."""
        line = self.first(key)
        return line.line if line is not None else 1

    def every(self, key: str) -> list[HeaderLine]:
        """Every line that gives ``key``, in the order written."""
        return [line for line in self.lines if line.key == key]

    @property
    def player_names(self) -> list[str]:
        return [entry.name for entry in self.players]

    def body(self) -> str:
        """The log with its header lines blanked: line and column numbers stay those of
        the file, so a grammar that parses only moves reports real places."""
        text = self._text
        if self._body_offset:
            text = "\n" * (self.body_line - 1) + text[self._body_offset :]
        if self._later:
            lines = text.split("\n")
            for later in self._later:
                lines[later.line - 1] = ""
            text = "\n".join(lines)
        return text


def is_header_line(line: str, keys: Sequence[HeaderKey]) -> bool:
    """Whether ``line`` (one line, no line end) gives one of ``keys`` (or ``game``, or
    an information key): a header line, not a move."""
    reader = _Reader(keys, (), "", ())
    match = _KEY_LINE.match(_without_comment(line))
    if match is None:
        return False
    written = _BLANKS.sub(" ", match.group(1)).strip()
    return reader._as_key(written, line, match, 1, match.start(1) + 1) is not None


def key_of(line: str, keys: Sequence[HeaderKey]) -> tuple[HeaderKey, str | None] | None:
    """The key ``line`` gives (one of ``keys``, ``game`` or an information key) and its
    argument, blanks folded and in lower case (``card Ann:`` gives the key ``card`` and
    ``ann``); None where ``line`` is no header line."""
    reader = _Reader(keys, (), "", ())
    match = _KEY_LINE.match(_without_comment(line))
    if match is None:
        return None
    written = _BLANKS.sub(" ", match.group(1)).strip()
    found = reader._as_key(written, line, match, 1, match.start(1) + 1)
    if found is None:
        return None
    key = reader.plain.get(found.key) or reader.with_argument[found.key]
    return key, _fold(found.argument) if found.argument else None


def read_header(
    text: str,
    keys: Sequence[HeaderKey],
    *,
    game_names: Iterable[str],
    title: str,
    movers: Iterable[str] = (),
    min_players: int | None = None,
    max_players: int | None = None,
) -> HeaderLines:
    """Read the header of ``text`` (already normalised: ``\\n`` line ends).

    ``keys`` are the game's keys besides ``game`` (always known); ``game_names``
    the values ``game:`` may take for this game. ``movers`` are names that start
    moves whatever the header says (Terra Mystica's factions); otherwise the
    players line says who moves. Raises SetupError.
    """
    reader = _Reader(keys, game_names, title, movers)
    header = reader.read(text)
    if min_players is not None and max_players is not None:
        _check_player_count(header, title, min_players, max_players)
    return header


# --- reading ----------------------------------------------------------------------

# ``key [argument]: value`` -- the key is a word; the argument anything up to the colon.
_KEY_LINE = re.compile(r"[ \t]*([^\W\d_][\w'\-]*(?:[ \t]+[^:#\n]*?)?)[ \t]*:")
_BLANKS = re.compile(r"[ \t\f\u00a0]+")
#: The first N words of a line and the blanks after them (to find a key's argument).
_FIRST_WORDS = {
    n: re.compile(r"[ \t]*" + r"[ \t]+".join([r"\S+"] * n) + r"[ \t]+") for n in (1, 2, 3)
}

#: Keys every game takes: where and when a game was played, and free notes.
INFO_KEYS = (
    HeaderKey("date", "when the game was played", example="2026-12-01"),
    HeaderKey("event", "the event or league", example="club night"),
    HeaderKey("place", "where the game was played"),
    HeaderKey("site", "where the game was played (another word for place)"),
    HeaderKey("round", "the round of an event"),
    HeaderKey("table", "the table of an event"),
    HeaderKey("notes", "free text", repeat=True),
    HeaderKey("note", "free text", repeat=True),
)


class _Reader:
    def __init__(
        self,
        keys: Sequence[HeaderKey],
        game_names: Iterable[str],
        title: str,
        movers: Iterable[str],
    ) -> None:
        game_key = HeaderKey(GAME, "the game this log is of", example=title.lower())
        own = [key for key in keys if key.name != GAME]
        names = {key.name for key in own}
        self.keys = [game_key, *own, *(key for key in INFO_KEYS if key.name not in names)]
        self.plain = {key.name: key for key in self.keys if key.argument is None}
        self.with_argument = {key.name: key for key in self.keys if key.argument is not None}
        self.game_names = {_fold(name) for name in game_names}
        self.title = title
        self.movers = {_fold(name) for name in movers}
        self.fixed_movers = bool(self.movers)

    # the header zone

    def read(self, text: str) -> HeaderLines:
        header = HeaderLines(_text=text)
        seen: dict[tuple[str, str | None], HeaderLine] = {}
        offset = 0
        number = 0
        length = len(text)
        while offset < length:
            end = text.find("\n", offset)
            if end < 0:
                end = length
            number += 1
            raw = text[offset:end]
            content = _without_comment(raw)
            if content.strip():
                line = self._header_line(content, number, header)
                if line is None:
                    break
                self._note(line, seen, header)
            offset = end + 1
        else:
            number += 1
        header.body_line = number
        header._body_offset = offset if offset < length else length
        if offset < length:
            self._scan_body(text, offset, number, header)
        return header

    def _header_line(self, content: str, number: int, header: HeaderLines) -> HeaderLine | None:
        """The header line ``content`` is, or None when it starts the moves."""
        match = _KEY_LINE.match(content)
        if match is None:
            return None
        written = _BLANKS.sub(" ", match.group(1)).strip()
        column = match.start(1) + 1
        line = self._as_key(written, content, match, number, column)
        if line is not None:
            return line
        folded = _fold(written)
        if folded in self.movers:
            return None
        keyed = self.with_argument.get(folded)
        if keyed is not None:
            example = f" ({keyed.shown}: {keyed.example})" if keyed.example else ""
            raise SetupError(
                f"'{keyed.name}:' needs its {keyed.argument} before the colon: "
                f"'{keyed.shown}:'{example}",
                line=number,
                column=column + len(written),
                rule=HEADER_RULE,
                facts=[f"{keyed.shown}: {keyed.help}"],
            )
        self._unknown_key(written, number, column, header)
        return None

    def _as_key(
        self, written: str, content: str, match: re.Match[str], number: int, column: int
    ) -> HeaderLine | None:
        """``written:`` as one of the game's keys, or None when it is none of them."""
        folded = _fold(written)
        key = self.plain.get(folded)
        argument: str | None = None
        argument_column = 1
        if key is None:
            for name, candidate in self.with_argument.items():
                if folded.startswith(name + " "):
                    key = candidate
                    skip = _FIRST_WORDS[name.count(" ") + 1].match(content, column - 1)
                    assert skip is not None  # the key's own words are there
                    argument = written[len(name) :].strip()
                    argument_column = skip.end() + 1
                    break
        if key is None:
            return None
        value = content[match.end() :]
        return HeaderLine(
            line=number,
            column=column,
            key=key.name,
            argument=argument,
            argument_column=argument_column,
            value=value.strip(),
            value_column=match.end() + 1 + (len(value) - len(value.lstrip())),
        )

    def _note(
        self,
        line: HeaderLine,
        seen: dict[tuple[str, str | None], HeaderLine],
        header: HeaderLines,
    ) -> None:
        key = self.plain.get(line.key) or self.with_argument[line.key]
        ident = (line.key, _fold(line.argument) if line.argument else None)
        if ident in seen and not key.repeat:
            shown = f"{line.key} {line.argument}" if line.argument else line.key
            raise SetupError(
                f"a second '{shown}:' line; the first is on line {seen[ident].line}",
                line=line.line,
                column=line.column,
                rule="each header key is given once",
            )
        seen.setdefault(ident, line)
        header.lines.append(line)
        if line.key == GAME:
            self._check_game(line)
        elif line.key == PLAYERS:
            header.players = _player_entries(line, self)
            if not self.fixed_movers:
                self.movers = {_fold(entry.name) for entry in header.players}

    def _check_game(self, line: HeaderLine) -> None:
        if _fold(line.value) not in self.game_names:
            shown = line.value if len(line.value) <= 40 else line.value[:37] + "..."
            raise line.error(
                f"this log says 'game: {shown}', but it is being read as {self.title}",
                rule="the 'game:' line names the game of the log",
            )

    def _unknown_key(self, written: str, number: int, column: int, header: HeaderLines) -> None:
        """Raise for ``written:`` in the header, unless it reads better as a move (by a
        player the rules will then say is not playing)."""
        names = [key.name for key in self.keys]
        close = nearest(written, names) or nearest(written.split(" ", 1)[0], names)
        if self.movers:
            if not close:
                return
            key_edits = min(distance(written, key) for key in close)
            if any(distance(written, mover) < key_edits for mover in self.movers):
                return
        if close:
            hint = f"; did you mean '{close[0]}'?"
        else:  # nothing like a key: no key is suggested, the keys are listed below
            hint = f" (nothing like a key of {self.title})"
        facts = [f"the header keys of {self.title}: {', '.join(key.shown for key in self.keys)}"]
        if not header.players and PLAYERS in self.plain:
            facts.append(
                f"if {written} is a player, the players line comes first "
                f"(players: {self.plain[PLAYERS].example or 'Ann, Bob'})"
            )
        raise SetupError(
            f"unknown header key '{written}'{hint}",
            line=number,
            column=column,
            rule=HEADER_RULE,
            facts=facts,
        )

    # the moves

    def _scan_body(self, text: str, offset: int, first_line: int, header: HeaderLines) -> None:
        """Header lines among the moves: kept (``anywhere`` keys) or refused."""
        names = tuple(key.name for key in self.keys)
        if _no_key_word(text, offset, names):
            return
        pattern = _body_pattern(names)
        # The pattern starts with the newline before a line (see _body_pattern): the
        # text searched has one put in front, so a match starts, in that text, at the
        # index its line starts at in ``text``, and the search from ``offset`` (a line
        # start) begins at the newline before that line.
        for match in pattern.finditer("\n" + text, offset):
            written = _BLANKS.sub(" ", match.group(1)).strip()
            if _fold(written) in self.movers:
                continue
            line_start = match.start()
            number = first_line + text.count("\n", offset, line_start)
            end = text.find("\n", line_start)
            content = _without_comment(text[line_start : end if end >= 0 else len(text)])
            inner = _KEY_LINE.match(content)
            if inner is None:
                continue
            line = self._as_key(written, content, inner, number, inner.start(1) + 1)
            if line is None:
                continue
            key = self.plain.get(line.key) or self.with_argument[line.key]
            if not key.anywhere:
                raise SetupError(
                    f"the header line '{key.name}:' comes after the first move "
                    f"(line {header.body_line})",
                    line=number,
                    column=line.column,
                    rule=HEADER_RULE,
                )
            header.lines.append(line)
            header._later.append(line)


_PATTERNS: dict[tuple[str, ...], re.Pattern[str]] = {}
_KEY_WORDS: dict[tuple[str, ...], tuple[str, ...] | None] = {}


def _no_key_word(text: str, offset: int, names: tuple[str, ...]) -> bool:
    """Whether no key's first word is anywhere in ``text`` from ``offset`` on, so no
    line of the moves can be a header line: the usual log, told without the regex
    (the body pattern still tries every line). Only for an ASCII text and keys,
    which ``str.lower`` folds as the pattern's IGNORECASE matches them."""
    words = _KEY_WORDS.get(names, ())
    if words == ():
        ascii_names = all(name.isascii() for name in names)
        words = (
            tuple(sorted({name.split(" ")[0].lower() for name in names})) if ascii_names else None
        )
        _KEY_WORDS[names] = words
    if words is None or not text.isascii():
        return False
    lowered = text.lower()
    return not any(lowered.find(word, offset) >= 0 for word in words)


def _body_pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    """A line of the moves that starts with a header key and a colon, matched from the
    newline before it: a literal first character lets the regex engine skip to each
    newline, where a multiline ``^`` would be tried at every character of the log
    (about 3% of a Terra Mystica replay)."""
    pattern = _PATTERNS.get(names)
    if pattern is None:
        alternatives = "|".join(
            re.escape(name).replace(r"\ ", r"[ \t]+") for name in sorted(names, key=len)[::-1]
        )
        pattern = re.compile(
            rf"\n[ \t]*((?:{alternatives})(?:[ \t]+[^:#\n]*?)?)[ \t]*:", re.IGNORECASE
        )
        _PATTERNS[names] = pattern
    return pattern


# --- the players line -----------------------------------------------------------

_PLAYER = re.compile(
    r"(?P<name>[^\W\d_][\w'\-]*(?:[ \t]+[^\W\d_][\w'\-]*)*)"
    r"(?:[ \t]*\([ \t]*(?P<attribute>[^()]*?)[ \t]*\))?$"
)


def _player_entries(line: HeaderLine, reader: _Reader) -> list[PlayerEntry]:
    entries: list[PlayerEntry] = []
    named: dict[str, PlayerEntry] = {}
    for item, offset in line.items():
        place = line.value_column + offset
        if not item:
            raise SetupError(
                "an empty entry in the players line (two commas in a row?)",
                rule=PLAYERS_LINE_RULE,
                line=line.line,
                column=place,
            )
        match = _PLAYER.match(item)
        if match is None:
            raise SetupError(
                f"'{_clip(item)}' is not a player; write a name, with what the player "
                f"plays in brackets where the game needs it "
                f"(players: {reader.plain[PLAYERS].example or 'Ann, Bob'})",
                rule=PLAYERS_LINE_RULE,
                line=line.line,
                column=place,
            )
        name = _BLANKS.sub(" ", match.group("name"))
        attribute = match.group("attribute")
        entry = PlayerEntry(
            line=line.line,
            column=place,
            name=name,
            attribute=attribute.lower() if attribute is not None else None,
            attribute_column=place + (match.start("attribute") if attribute is not None else 0),
        )
        folded = _fold(name)
        if folded in named:
            raise SetupError(
                f"{name} is named twice in the players line",
                rule="each player is named once",
                line=line.line,
                column=place,
            )
        key = reader.plain.get(folded) or reader.plain.get(folded.split(" ", 1)[0])
        if key is not None or folded.split(" ", 1)[0] in reader.with_argument:
            word = folded.split(" ", 1)[0]
            raise SetupError(
                f"a player may not be called {name}: '{word}' starts a header line",
                rule="a player's name is not a header key",
                line=line.line,
                column=place,
            )
        named[folded] = entry
        entries.append(entry)
    return entries


def _check_player_count(header: HeaderLines, title: str, low: int, high: int) -> None:
    line = header.first(PLAYERS)
    if line is None:
        return
    count = len(header.players)
    if not low <= count <= high:
        between = f"{low} or {high}" if high == low + 1 else f"{low} to {high}"
        raise SetupError(
            f"{title} is played by {between} players; the header names {count}",
            rule=f"{title} is played by {between} players",
            line=line.line,
            column=line.value_column,
        )


# --- small pieces -----------------------------------------------------------------


def _fold(text: str) -> str:
    return _BLANKS.sub(" ", text).strip().casefold()


def _without_comment(line: str) -> str:
    """The line up to a ``#`` that is not inside double quotes."""
    if "#" not in line:
        return line
    quoted = False
    for index, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == "#" and not quoted:
            return line[:index]
    return line


def _stripped(value: str, start: int, end: int) -> tuple[str, int]:
    piece = value[start:end]
    lead = len(piece) - len(piece.lstrip())
    return piece.strip(), start + lead


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --- a new log ---------------------------------------------------------------------


def new_header(
    *, name: str, title: str, hint: str, keys: Sequence[HeaderKey], players: Sequence[str]
) -> str:
    """The header of a new log: the game, the players, then every key with what it is
    for; the keys the game needs are left to fill in, the others commented out."""
    import datetime

    out = [
        f"# {title}: a new log, written by `gamelog new`. Fill in the empty keys at setup",
        f"# (`gamelog notation {name}` explains each one), then write one move per line:",
        f"#   {hint}",
        f"game: {name}",
        f"date: {datetime.date.today().isoformat()}",
    ]
    for key in keys:
        out.append("")
        out.append(f"# {key.shown}: {key.help}" + (" (required)" if key.required else ""))
        if key.name == PLAYERS:
            out.append(f"players: {_players_value(key, players)}")
        elif key.required:
            if key.example:
                out.append(f"# e.g. {key.shown}: {key.example}")
            out.extend(f"{prompt}:" for prompt in _prompts(key, players))
        elif key.example:
            out.append(f"# {key.shown}: {key.example}")
    out.append("")
    return "\n".join(out) + "\n"


def _prompts(key: HeaderKey, players: Sequence[str]) -> list[str]:
    """The empty lines a new log leaves for a required key: ``key:``, or one per
    argument (``bookshelf I:``, ``card Ann:``). A key whose arguments nobody knows yet
    gets none: its example above says how to write it, and `play` asks for it."""
    if key.argument is None:
        return [key.name]
    arguments = players if key.arguments == EACH_PLAYER else key.arguments
    return [f"{key.name} {argument}" for argument in arguments]


def _players_value(key: HeaderKey, players: Sequence[str]) -> str:
    if not key.choices:
        return ", ".join(players)
    return ", ".join(
        f"{player} ({key.choices[i]})" if i < len(key.choices) else player
        for i, player in enumerate(players)
    )

"""Loading the games' Lark grammars once per process, and turning Lark's parse errors
into NotationErrors a person can act on.

Grammars are ``grammars/<name>.lark`` at the top of the repository; the wheel
carries them as ``gamelog/grammars``. Each is compiled to an LALR parser on
first use and kept for the life of the process; the compiled tables are also
cached on disk so that a one-shot ``gamelog score`` does not pay for building
them every time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache, partial
from pathlib import Path
from typing import Any, TypeVar

import lark
from lark import Lark, Token, Transformer, Tree
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)
from lark.grammar import Rule
from lark.lexer import TerminalDef

from gamelog.core.cache import built, source_of
from gamelog.core.errors import GamelogError, NotationError
from gamelog.core.header import HeaderLine
from gamelog.core.suggest import did_you_mean, distance

_WORD = re.compile(r"[^\s:,;.#]+")
_PACKAGED = Path(__file__).resolve().parent.parent / "grammars"
_SOURCE_TREE = Path(__file__).resolve().parent.parent.parent / "grammars"


def grammar_dir() -> Path:
    """Where the .lark files are: inside the installed package, else the source tree."""
    return _PACKAGED if _PACKAGED.is_dir() else _SOURCE_TREE


#: Typographic quotes a phone keyboard puts in, read as the plain ones the notations use.
_QUOTES = str.maketrans(
    {
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
    }
)
_CURLY = re.compile("[\u2018-\u201f]")


def normalise(text: str) -> str:
    """Drop a byte-order mark, make every line end a plain newline, and read curly
    quotes as straight ones."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.isascii() and _CURLY.search(text):  # isascii: a flag, not a scan
        text = text.translate(_QUOTES)
    if not text.endswith("\n"):
        text += "\n"
    return text


@cache
def parser(
    name: str,
    starts: tuple[str, ...] = ("start",),
    positions: bool = True,
    inline: type[Transformer[Token, Any]] | None = None,
) -> Lark:
    """The LALR parser of ``grammars/<name>.lark`` with the given start rules (built
    once per process; :class:`Grammar` asks for each grammar with one set of starts).

    ``positions`` gives every tree node the line and column of its text (Lark's
    propagate_positions). Tokens always carry theirs; a transformer that reads
    only token positions should go without it: parsing is then a third faster.
    ``inline`` is a stateless Transformer applied while parsing, so that no parse
    tree is built at all (``parse`` then returns the transformer's result).

    The parse tables are kept in the user's cache as plain values (cache.py): read
    back, they take a tenth of the time of building them.
    """
    directory = grammar_dir()
    options: dict[str, Any] = {
        "parser": "lalr",
        "start": list(starts),
        "propagate_positions": positions,
        "maybe_placeholders": False,
    }
    grammars = source_of(sorted(directory.glob("*.lark")))
    inputs = b"\0".join(
        [lark.__version__.encode(), repr(sorted(options.items())).encode(), grammars]
    )
    tables = built(
        f"lark-{name}",
        inputs + name.encode(),
        partial(_tables, directory / f"{name}.lark", options),
        valid=_looks_like_tables,
        plain=True,
    )
    try:
        return _load(tables, inline)
    except Exception:  # tables that passed the check but do not load: build them here
        return _load(_tables(directory / f"{name}.lark", options), inline)


def _load(tables: dict[str, Any], inline: type[Transformer[Token, Any]] | None) -> Lark:
    """A parser from its tables. ``Lark.load`` takes no transformer, so this goes
    through the method it and Lark's own cache use, which does."""
    extra = {"transformer": inline()} if inline is not None else {}
    return Lark.__new__(Lark)._load(tables, **extra)


def _tables(path: Path, options: dict[str, Any]) -> dict[str, Any]:
    """The parser of ``path`` as plain values (what Lark.load takes)."""
    built_parser = Lark.open(str(path), **options)
    data, memo = built_parser.memo_serialize([TerminalDef, Rule])
    return _plain({"data": data, "memo": memo})


def _plain(value: Any) -> Any:
    """``value`` with Lark's str subclasses (Token) made plain strings, for marshal."""
    if isinstance(value, dict):
        return {_plain(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, tuple):
        return tuple(_plain(item) for item in value)
    if isinstance(value, str) and type(value) is not str:
        return str(value)
    return value


def _looks_like_tables(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("data"), dict) and "memo" in value


T = TypeVar("T")


class LazyValues(Sequence[T]):
    """Values made as they are iterated over (a NotationError further down a long log is
    raised then); iterating again makes them again. Asking for the length or an item
    makes them all once and keeps them."""

    def __init__(self, make: Callable[[], Iterator[T]]) -> None:
        self._make = make
        self._all: list[T] | None = None

    def __iter__(self) -> Iterator[T]:
        return iter(self._all) if self._all is not None else self._make()

    def _everything(self) -> list[T]:
        if self._all is None:
            self._all = list(self._make())
        return self._all

    def __len__(self) -> int:
        return len(self._everything())

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        return self._everything()[index]


U = TypeVar("U")


def regroup(values: Sequence[T], group: Callable[[Iterator[T]], Iterator[U]]) -> Sequence[U]:
    """``group`` over ``values`` (statements to moves, say), as lazy as they are."""
    if isinstance(values, LazyValues):
        return LazyValues(lambda: group(iter(values)))
    return list(group(iter(values)))


#: Lines parsed at a time by Grammar.parse_lines, and the characters at the most (a
#: chunk's parse tree is some hundred times its text).
CHUNK_LINES = 4000
CHUNK_CHARS = 256_000


class Grammar:
    """One game's notation: its Lark grammar, the start rules it is parsed from (the
    moves, and header values that need more than a split at commas), and the
    words its error messages use for the grammar's terminals.

    The LALR parser is built on first use, once per process, whatever start rule
    is asked for.
    """

    def __init__(
        self,
        name: str,
        *,
        starts: tuple[str, ...] = ("start",),
        describe: Mapping[str, str] | None = None,
        positions: bool = True,
        inline: type[Transformer[Token, Any]] | None = None,
    ) -> None:
        self.name = name
        self.starts = starts
        #: Terminal names to words for "expected ..." (``{"SPACE": "a space like C4"}``).
        self.describe = dict(describe or {})
        self.positions = positions
        self.inline = inline

    @property
    def lark(self) -> Lark:
        return parser(self.name, self.starts, self.positions, self.inline)

    def parse(self, text: str, start: str | None = None, *, end: str = "end of file") -> Any:
        """Parse ``text`` from ``start`` (the first start rule by default); raise
        NotationError on bad input. ``end`` names the end of ``text`` in messages."""
        lark_parser = self.lark
        try:
            return lark_parser.parse(text, start=start or self.starts[0])
        except UnexpectedInput as error:
            raise notation_error(error, text, lark_parser, self.describe, end=end) from None
        except VisitError as error:  # a GamelogError raised by an inline transformer
            if isinstance(error.orig_exc, GamelogError):
                raise error.orig_exc from None
            raise

    def keywords(self) -> list[str]:
        """Every keyword of the grammar (for completion at a prompt)."""
        return _keywords((terminal.name for terminal in self.lark.terminals), self.lark)

    def parse_lines(
        self, text: str, read: Callable[[Any, str], list[T]], *, chunk: int | None = None
    ) -> Sequence[T]:
        """Parse a log of one-line statements ``chunk`` lines at a time, ``read`` turning
        each chunk's tree into values at once.

        A log of up to ``chunk`` lines is parsed at once. A longer one gives a lazy
        sequence: its first chunk is parsed now, the others as the replay reaches
        them, so that a problem near the top of a 10 MB log is found without
        parsing the rest, and memory holds one chunk's tree, never a whole log's.
        Each chunk is parsed with the lines above it blanked, so every position is
        the file's.
        """
        lines = text.split("\n")
        chunk = chunk or CHUNK_LINES
        if len(lines) <= chunk and len(text) <= CHUNK_CHARS:
            return read(self.parse(text), text)
        starts = _chunk_starts(lines, chunk, CHUNK_CHARS)
        ends = dict(zip(starts, [*starts[1:], len(lines)], strict=True))

        def piece(start: int) -> str:
            body = "\n" * start + "\n".join(lines[start : ends[start]])
            return body + "\n" if ends[start] < len(lines) else body

        first = read(self.parse(piece(0)), piece(0))  # a problem at the top: raised now

        def values() -> Iterator[T]:
            yield from first
            for start in starts[1:]:
                text = piece(start)
                try:
                    made = read(self.parse(text), text)
                except NotationError as error:
                    yield from before(start, error)
                    raise
                yield from made

        def before(start: int, error: NotationError) -> Iterator[T]:
            """The values of a failing chunk's lines above its error, which parse."""
            if error.line is None or error.line <= start + 1:
                return
            text = "\n" * start + "\n".join(lines[start : error.line - 1]) + "\n"
            try:
                made = read(self.parse(text), text)
            except NotationError:
                return
            yield from made

        return LazyValues(values)

    def parse_value(self, line: HeaderLine, start: str) -> Any:
        """Parse a header line's value from ``start``, every token and error placed
        where the value stands in the file."""
        padded = " " * (line.value_column - 1) + line.value
        try:
            tree = self.parse(padded, start, end="end of line")
        except GamelogError as error:
            if error.line is not None:
                error.line = line.line
            raise
        if isinstance(tree, Tree):
            _relocate(tree, line.line)
        return tree


def _chunk_starts(lines: list[str], most_lines: int, most_chars: int) -> list[int]:
    """Where each chunk of ``lines`` starts: a chunk has at most ``most_lines`` lines and,
    unless it is one line, at most ``most_chars`` characters."""
    starts = [0]
    size = 0
    for index, line in enumerate(lines):
        if index > starts[-1] and (
            index - starts[-1] >= most_lines or size + len(line) + 1 > most_chars
        ):
            starts.append(index)
            size = 0
        size += len(line) + 1
    return starts


def _relocate(tree: Tree[Token], line: int) -> None:
    """Move every token and node of a one-line parse onto line ``line`` of the file."""
    for node in tree.iter_subtrees():
        meta = node._meta
        if meta is not None and not meta.empty:
            meta.line = meta.end_line = line
        for child in node.children:
            if isinstance(child, Token):
                child.line = child.end_line = line


def transform(transformer: Callable[[Tree[Token]], Any], tree: Tree[Token]) -> Any:
    """Run a Transformer, letting the GamelogErrors it raises through unwrapped."""
    try:
        return transformer(tree)
    except VisitError as error:
        if isinstance(error.orig_exc, GamelogError):
            raise error.orig_exc from None
        raise


def notation_error(
    error: UnexpectedInput,
    text: str,
    lark_parser: Lark,
    describe: Mapping[str, str],
    *,
    end: str = "end of file",
) -> NotationError:
    """Say what was found and what would have been accepted there."""
    line = getattr(error, "line", None) or 1
    column = getattr(error, "column", None) or 1
    word = ""
    names: Iterable[str] = ()
    if isinstance(error, UnexpectedCharacters):
        word = _word_at(text, error.pos_in_stream)
        found = _quote(word)
        names = error.allowed or ()
        expected = _expected(names, lark_parser, describe)
    elif isinstance(error, UnexpectedEOF):
        lines = text.rstrip("\n").split("\n")
        line, column = len(lines), len(lines[-1]) + 1
        found = end
        expected = _expected(error.expected, lark_parser, describe)
    elif isinstance(error, UnexpectedToken):
        token = error.token
        if token.type == "$END":
            lines = text.rstrip("\n").split("\n")
            line, column = len(lines), len(lines[-1]) + 1
            found = end
        elif token.type.endswith(("NL", "EOL")) or str(token).strip() == "":
            found = "end of line"
        else:
            word = str(token)
            found = _quote(word)
        names = error.accepts or error.expected
        expected = _expected(names, lark_parser, describe)
    else:  # pragma: no cover - Lark has no other kinds today
        found, expected = "something unexpected", ""
    message = f"unexpected {found}"
    if expected:
        message += f"; expected {expected}"
    hint = (
        did_you_mean(word, _spellings(word, names, lark_parser))
        if _WORDLIKE.fullmatch(word)
        else ""
    )
    if hint:
        message += f"; {hint}"
    return NotationError(message, line=line, column=column)


#: A keyword terminal's pattern: ``irrigate``, ``(irrigates|irrigate|irr)(?![\w])``.
_KEYWORD_PATTERN = re.compile(
    r"\(?((?:[a-z][a-z0-9_\-]*\|)*[a-z][a-z0-9_\-]*)\)?(?:\(\?!\[?\\w\]?\)|\\b)?$", re.I
)
#: A found word worth a suggestion: a letter, then letters, digits or dashes, three
#: characters at least (two-character codes are one edit from too much: a game that
#: has them suggests them itself, knowing what else such a word may be).
_WORDLIKE = re.compile(r"[A-Za-z][\w\-]{2,}")


def _spellings(word: str, names: Iterable[str], lark_parser: Lark) -> list[str]:
    """For each expected keyword terminal, its spelling nearest to ``word`` (so that
    'irigate' is offered 'irrigate', not also 'irrigates')."""
    chosen = []
    for name in names:
        for family in _families(_keywords([name], lark_parser)):
            chosen.append(min(family, key=lambda s: (distance(word, s), len(s))))
    return chosen


def _families(spellings: list[str]) -> list[list[str]]:
    """Spellings of one word grouped: each is a prefix of another in its group
    ('irr', 'irrigate', 'irrigates'); different words ('purple2', 'purple3') apart."""
    families: list[list[str]] = []
    for spelling in sorted(spellings, key=len):
        for family in families:
            if any(spelling.startswith(other) for other in family):
                family.append(spelling)
                break
        else:
            families.append([spelling])
    return families


def _keywords(names: Iterable[str], lark_parser: Lark) -> list[str]:
    """The words the expected terminals stand for, longest spelling first, for a
    "did you mean" (``irigate`` -> ``irrigate``)."""
    words: list[str] = []
    seen: set[str] = set()
    for name in names:
        try:
            pattern = lark_parser.get_terminal(name).pattern
        except KeyError:
            continue
        match = _KEYWORD_PATTERN.match(pattern.value)
        if match is None:
            continue
        for word in sorted(match.group(1).split("|"), key=len, reverse=True):
            if len(word) > 1 and word.casefold() not in seen:
                seen.add(word.casefold())
                words.append(word if word.isupper() else word.lower())
    return words


def _expected(names: Iterable[str], lark_parser: Lark, describe: Mapping[str, str]) -> str:
    words: list[str] = []
    for name in sorted(names):
        word = _describe_terminal(name, lark_parser, describe)
        if word and word not in words:
            words.append(word)
    if len(words) > 8:
        words = [*words[:8], "..."]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


def _describe_terminal(name: str, lark_parser: Lark, describe: Mapping[str, str]) -> str:
    if name in describe:
        return describe[name]
    if name.endswith(("NL", "EOL")) or name == "$END":
        return "the end of the line"
    try:
        pattern = lark_parser.get_terminal(name).pattern
    except KeyError:
        return name.lower()
    if pattern.type == "str":
        return _quote(pattern.value)
    return name.strip("_").lower().replace("_", " ")


def _word_at(text: str, position: int) -> str:
    """The word that starts at ``position`` ("12", not just "1"), or its one character."""
    word = _WORD.match(text, position)
    return word.group() if word else text[position : position + 1]


def _quote(value: str, limit: int = 40) -> str:
    """Quote what was found, clipped: a 5 MB token must not become a 5 MB message."""
    if len(value) > limit:
        value = value[: limit - 3] + "..."
    return f"'{value}'"

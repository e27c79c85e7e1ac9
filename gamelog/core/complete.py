"""Completion from the position: what may follow a partly typed line, read off the legal
lines of the position (``core.legal.legal_lines``), for any front end (the prompt of
``gamelog play``, a language server). No terminal here.

Two ideas make typing short at the table:

* **The seat is implied.** The prompt shows whose turn it is, so a line without a
  name is that player's (``seated``); the file gets the full line. Completion works
  on the line as the file will hold it and hands back what the person typed, grown.
* **Completion is by the legal lines.** What is typed is matched against the start
  of each legal line of the position (without regard to case); each candidate is the
  typed text grown to the end of the next word, with the separator after it (``at ``,
  ``Bob: ``), so one Tab after another walks a legal line word by word. Where no
  listed line matches (a game that lists a sample of a large group: Terra Mystica's
  builds), the current word is completed from the game's words instead (keywords,
  spaces, cards, factions, players).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gamelog.core.game import Game
from gamelog.core.legal import legal_lines
from gamelog.core.replay import replay

__all__ = ["Completer", "completions", "names_of", "seat_of", "seated"]

#: What ends a word of a line: blanks and the notation's separators.
_ENDS = " \t;,.:"
#: A name at the start of a line: ``Ann:``, ``darklings:``.
_NAMED = re.compile(r"\s*([^\s:#;,][^:#;,]*?)\s*:")


def names_of(game: Game, log: Any) -> list[str]:
    """Who may start a line: the players of the log and the game's movers (factions)."""
    players = list(getattr(log, "players", None) or [])
    return [*players, *game.movers()]


def seat_of(line: str, names: Sequence[str]) -> str | None:
    """The name a line starts with (``Ann`` of ``ann: GO at E3``, as the log spells it),
    or None when it starts with no name."""
    found = _NAMED.match(line)
    if found is None:
        return None
    word = found.group(1).casefold()
    return next((name for name in names if name.casefold() == word), None)


def seated(line: str, seat: str | None, names: Sequence[str]) -> str:
    """``line`` as the file holds it: with ``seat: `` before it where it names nobody and
    someone (``seat``, one of ``names``) is to move. A blank line, a comment and a line
    that names someone stay as they are."""
    stripped = line.strip()
    if (
        seat is None
        or seat not in names
        or not stripped
        or stripped.startswith("#")
        or seat_of(line, names) is not None
    ):
        return line
    return f"{seat}: {line.lstrip()}"


def _next_word(rest: str) -> str:
    """The start of ``rest`` up to the end of its first word, with the separators after
    it (the blank after ``at``, the ``: `` after a name)."""
    i = 0
    while i < len(rest) and rest[i] in " \t":
        i += 1
    while i < len(rest) and rest[i] not in _ENDS:
        i += 1
    while i < len(rest) and rest[i] in _ENDS:
        i += 1
    return rest[:i]


def _open_part(line: str) -> str:
    """A form's line up to its first blank (``<L1 card>``, ``...``): what can be completed."""
    cut = min((i for i in (line.find("<"), line.find("...")) if i >= 0), default=len(line))
    return line[:cut]


@dataclass
class Completer:
    """Completions at one position, with its legal lines listed once (a Terra Mystica
    position tries each of its lines on a copy of itself: listing is the slow part,
    matching is quick)."""

    game: Game
    state: Any
    log: Any
    #: The log up to the line typed, where the caller has it: then a line of several
    #: parts (``irrigate C4, attack C3 ...``, a harvest after its planting) is completed
    #: part by part, from the position after the parts typed.
    text: str | None = None
    #: The log's file, where a header names files beside it (a card catalogue).
    path: str | None = None

    def __post_init__(self) -> None:
        self.names = names_of(self.game, self.log)
        self.seat = self.game.to_move(self.state) if self.state is not None else None
        self._lines: list[str] | None = None
        self._after: dict[str, Completer | None] = {}

    @property
    def lines(self) -> list[str]:
        """The legal lines of the position (forms up to their first blank)."""
        if self._lines is None:
            listed = (
                legal_lines(self.game, self.state, forms=True) if self.state is not None else []
            )
            self._lines = list(dict.fromkeys(_open_part(line) for line in listed))
        return self._lines

    def complete(self, partial: str) -> list[str]:
        """What ``partial`` (the line typed so far) may grow into, each a whole
        replacement of it, sorted without regard to case."""
        full = seated(partial, self.seat, self.names) if partial.strip() else partial
        if not partial.strip() and self.seat in self.names:
            full = f"{self.seat}: "
        added = len(full) - len(partial)  # the implied seat, taken off again
        folded = full.casefold()
        found: dict[str, None] = {}
        for line in self.lines:
            if line.casefold().startswith(folded) and len(line) > len(full):
                grown = line[: len(full)] + _next_word(line[len(full) :])
                found[partial + grown[len(full) :] if added else grown] = None
        if partial and seat_of(partial, self.names) is None and ":" not in partial:
            for name in self.names:  # another player's line, by their name
                if name.casefold().startswith(partial.strip().casefold()):
                    found[f"{name}: "] = None
        if not found:
            found = dict.fromkeys(self._rest(partial))
        if not found:
            found = dict.fromkeys(self._words(partial))
        return sorted(found, key=str.casefold)

    def _rest(self, partial: str) -> list[str]:
        """A line typed past its first part: the part after the last separator completed
        at the position the parts before it make (where they replay as a line)."""
        if self.text is None:
            return []
        cut = max(partial.rfind(";"), partial.rfind(","))
        if cut <= 0:
            return []
        head, tail = partial[:cut], partial[cut + 1 :]
        line = seated(head, self.seat, self.names)
        after = self.after(line)
        if after is None:
            return []
        gap = len(tail) - len(tail.lstrip())
        # the rest is the same player's, whoever is to move after the first part
        player = seat_of(line, self.names)
        named = f"{player}: " if player is not None else ""
        grown = after.complete(named + tail.lstrip())
        return [partial[: cut + 1 + gap] + g[len(named) :] for g in grown if g.startswith(named)]

    def after(self, line: str) -> Completer | None:
        """The completer at the position after ``line`` (None where it is not legal)."""
        if line not in self._after:
            assert self.text is not None
            text = self.text + line + "\n"
            result = replay(self.game, text, self.path)
            legal = result.error is None and result.state is not None
            self._after[line] = (
                Completer(self.game, result.state, result.log, text, self.path) if legal else None
            )
        return self._after[line]

    def _words(self, partial: str) -> list[str]:
        """The current word of ``partial`` completed from the game's words."""
        start = max((partial.rfind(c) for c in _ENDS), default=-1) + 1
        word = partial[start:].casefold()
        if not word:
            return []
        words: list[Any] = [*self.game.keywords(), *self.names]
        if self.state is not None:
            words += self.game.words(self.state)
        return [
            partial[:start] + str(each)
            for each in dict.fromkeys(words)
            if str(each).casefold().startswith(word) and len(str(each)) > len(word)
        ]


def completions(
    game: Game,
    text: str,
    partial: str,
    state: Any = None,
    log: Any = None,
    path: str | None = None,
) -> list[str]:
    """The completions of ``partial``, the line being typed, below ``text``, the log up to
    it: each a replacement for the whole of ``partial``. ``state`` and ``log``, where the
    caller keeps them (the position after ``text``), spare a replay; ``path`` is the
    log's file, where its header names files beside it (a card catalogue)."""
    if state is None:
        result = replay(game, text, path)
        if result.error is not None:
            return []
        state, log = result.state, result.log
    return Completer(game, state, log, text, path).complete(partial)


def common_start(matches: Sequence[str]) -> str:
    """What every match starts with (what one Tab puts on the line, as readline does)."""
    if not matches:
        return ""
    first, last = min(matches), max(matches)
    same = 0
    while same < min(len(first), len(last)) and first[same] == last[same]:
        same += 1
    return first[:same]


def fewest_keys(completer: Completer, target: str) -> list[str]:
    """The fewest keystrokes that put ``target`` on the line (Tab, ``\\t``, taking the
    matches' common start, or one character), found over the prefixes of ``target``
    (each reached by the cheapest way there); the keys in order. What the keystroke
    benchmark counts, and what the terminal tests type."""
    cost = [0] + [len(target) + 1] * len(target)
    how: list[tuple[int, str]] = [(0, "")] * (len(target) + 1)
    for i in range(len(target)):
        if cost[i] + 1 < cost[i + 1]:
            cost[i + 1], how[i + 1] = cost[i] + 1, (i, target[i])
        grown = common_start(completer.complete(target[:i]))
        j = len(grown)
        if j > i and target.startswith(grown) and cost[i] + 1 < cost[j]:
            cost[j], how[j] = cost[i] + 1, (i, "\t")
    keys = []
    at = len(target)
    while at > 0:
        at, key = how[at]
        keys.append(key)
    return keys[::-1]

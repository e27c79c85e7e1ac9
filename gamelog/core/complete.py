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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from lark import Token

from gamelog.core.errors import GamelogError
from gamelog.core.game import Game
from gamelog.core.replay import replay

__all__ = [
    "Candidate",
    "Completer",
    "completions",
    "continues_above",
    "names_of",
    "seat_of",
    "seated",
]

#: What ends a word of a line: blanks and the notation's separators.
_ENDS = " \t;,.:"
#: Whole legal lines offered at the most (a Terra Mystica turn can list hundreds).
MOST = 1000
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


def continues_above(game: Game, text: str, log: Any, line: str) -> bool:
    """Whether ``line``, written without a name below ``text`` (the log so far, ``log``
    its reading), reads as a part of the move above it (a Mystic Vale purchase under
    its turn line): the lines of that move and ``line`` parsed together. Such a line
    is that move's player's, whoever is to move next."""
    moves = getattr(log, "moves", None)
    if not moves or not getattr(moves[-1], "line", None):
        return False
    start = moves[-1].line
    lines = text.split("\n")[start - 1 : -1]
    body = "\n".join([*lines, line]) + "\n"  # whether it reads: no line numbers needed
    try:
        return bool(list(game.moves_from(body, log.header)))
    except GamelogError:
        return False


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


#: A form's blank: what chance turns up or the player fills in (``<L1 card or none>``).
_BLANK = re.compile(r"<[^<>]*>")


@dataclass(frozen=True)
class Candidate:
    """One completion: ``text`` replaces the whole of the line typed so far.

    ``kind`` says what it is: ``"line"`` a whole legal line of the position (or a form,
    up to its rest), ``"word"`` what is typed grown by the next word of the legal lines
    or of the game's words, ``"name"`` a player's name, ``"blank"`` a blank of a form
    the cursor is in or at (what chance turns up: the card revealed), shown in
    ``text`` after what is typed, never to be typed as it stands."""

    text: str
    kind: str
    detail: str = ""


@dataclass(frozen=True)
class _Pattern:
    """A legal line or one of its clauses as literal parts and blanks (a blank is a part
    starting with ``<``); a form's ``...`` (the rest of the turn) ends it."""

    parts: tuple[str, ...]
    detail: str

    @classmethod
    def of(cls, line: str, detail: str = "") -> _Pattern:
        line = line.split("...", 1)[0]
        parts: list[str] = []
        at = 0
        for blank in _BLANK.finditer(line):
            if blank.start() > at:
                parts.append(line[at : blank.start()])
            parts.append(blank.group())
            at = blank.end()
        if at < len(line):
            parts.append(line[at:])
        return cls(tuple(parts), detail)

    def follow(
        self, typed: str, reads: Callable[[str], bool] | None = None
    ) -> list[tuple[str, str | None]]:
        """What may follow ``typed`` by this pattern: ``(added, None)``, the text after
        it up to the end of the next word, or ``("", blank)`` where ``typed`` ends at or
        in a blank. Letters are compared without regard to case. Where a word follows
        a blank that took some of what is typed, ``reads`` (where given) says whether
        the notation reads ``typed`` with that word after it: a blank takes any text,
        so ``3 11 pass`` would otherwise be read as sleeves ``11 pass`` still to end."""
        found: list[tuple[str, str | None, bool]] = []
        self._follow(typed.casefold(), 0, 0, found, False)
        return [
            (more, blank)
            for more, blank, crossed in found
            if not crossed or reads is None or reads(typed + more.rstrip(_ENDS))
        ]

    def _follow(
        self,
        typed: str,
        k: int,
        i: int,
        found: list[tuple[str, str | None, bool]],
        crossed: bool,
    ) -> None:
        parts = self.parts
        if k >= len(parts):
            return
        part = parts[k]
        rest = typed[i:]
        if part.startswith("<"):
            # a blank is one value of a clause: it never holds the ``;`` ending one
            end = typed.find(";", i)
            if end < 0:
                end = len(typed)
                found.append(("", part, crossed))
            if k + 1 < len(parts):  # the blank ends where the literal after it starts
                first = parts[k + 1][:1].casefold()
                for j in range(i, end + 1):
                    if j == len(typed) and first.isspace() and typed[j - 1 : j].isspace():
                        continue  # the blank ended at the blank typed: the literal began
                    if j == len(typed) or typed[j] == first:
                        self._follow(typed, k + 1, j, found, crossed or j > i)
            return
        folded = part.casefold()
        if len(rest) < len(folded):
            if folded.startswith(rest):
                left = part[len(rest) :]
                found.append((_next_word(left), None, crossed))
        elif rest.startswith(folded):
            if len(rest) == len(folded) and k + 1 < len(parts) and parts[k + 1].startswith("<"):
                found.append(("", parts[k + 1], crossed))
            else:
                self._follow(typed, k + 1, i + len(folded), found, crossed)

    @property
    def words(self) -> list[str]:
        """The words of its literal parts (amounts, spaces, cards as the listing writes them)."""
        return [w for part in self.parts if not part.startswith("<") for w in _split(part)]


def _split(text: str) -> list[str]:
    return [w for w in re.split(r"[\s;,.:]+", text) if w]


@dataclass
class Completer:
    """Completions at one position, with its legal lines listed once (a Terra Mystica
    position tries each of its lines on a copy of itself: listing is the slow part,
    matching is quick). The one source of completion of ``gamelog play`` (readline's
    Tab: ``complete``) and of ``gamelog lsp`` (``candidates``)."""

    game: Game
    state: Any
    log: Any
    #: The log up to the line typed, where the caller has it: then a line of several
    #: parts (``irrigate C4, attack C3 ...``, a harvest after its planting) is completed
    #: part by part, from the position after the parts typed.
    text: str | None = None
    #: The log's file, where a header names files beside it (a card catalogue).
    path: str | None = None
    #: The position after a line typed below ``text`` (state and log), or None where it
    #: is not legal; where the caller keeps positions (the language server), the replay
    #: from the start is spared.
    replayer: Callable[[str], tuple[Any, Any] | None] | None = None

    def __post_init__(self) -> None:
        self.names = names_of(self.game, self.log)
        self.seat = self.game.to_move(self.state) if self.state is not None else None
        self._listed: list[tuple[str, str, bool]] | None = None
        self._lines: list[str] | None = None
        self._after: dict[str, Completer | None] = {}
        self._patterns: list[_Pattern] | None = None
        self._clauses: list[_Pattern] | None = None
        self._continuing: tuple[list[str], list[_Pattern]] | None = None
        self._read: dict[str, bool] = {}
        self._vocabulary: list[str] | None = None
        self._grammar: dict[
            str, tuple[list[str], list[tuple[str, re.Pattern[str], str]]] | None
        ] = {}

    @property
    def listed(self) -> list[tuple[str, str, bool]]:
        """Every legal line of the position, in the game's order, each once: the line,
        what it is (its group, its note) and whether it is a form (has blanks)."""
        if self._listed is None:
            found: dict[str, tuple[str, str, bool]] = {}
            if self.state is not None:
                try:
                    groups = self.game.legal_moves(self.state)
                except NotImplementedError:
                    groups = []
                for group in groups:
                    for option in group.options:
                        detail = group.kind + (f" ({option.note})" if option.note else "")
                        found.setdefault(option.line, (option.line, detail, option.form))
            self._listed = list(found.values())
        return self._listed

    @property
    def lines(self) -> list[str]:
        """The legal lines of the position (forms up to their first blank)."""
        if self._lines is None:
            self._lines = list(dict.fromkeys(_open_part(line) for line, _, _ in self.listed))
        return self._lines

    @property
    def patterns(self) -> list[_Pattern]:
        if self._patterns is None:
            self._patterns = [_Pattern.of(line, detail) for line, detail, _ in self.listed]
        return self._patterns

    @property
    def clauses(self) -> list[_Pattern]:
        """The clauses of the legal lines (the parts between semicolons, the first
        without its player's name), each once: what a clause typed after a semicolon
        may be, where the parts before it do not replay alone (a turn needs its action)."""
        if self._clauses is None:
            found: dict[str, _Pattern] = {}
            for line, detail, _ in self.listed:
                for index, clause in enumerate(line.split(";")):
                    clause = clause.strip()
                    if index == 0 and seat_of(clause, self.names) is not None:
                        clause = clause.partition(":")[2].strip()
                    if clause and not clause.startswith("..."):
                        found.setdefault(clause, _Pattern.of(clause, detail))
            self._clauses = list(found.values())
        return self._clauses

    @property
    def continuing(self) -> tuple[list[str], list[_Pattern]]:
        """The legal lines of the player of the move above, where that is not the one to
        move and the game reads a line below it without a name as a part of it (a Mystic
        Vale purchase under its turn line: ``buy Dew Sprite top into 15``, written as
        such a line holds them (without the name): what a line typed without a name may
        also be, since the prompt keeps such a line as it is (core/session.py). The
        lines (forms up to their first blank) and their patterns; both empty elsewhere."""
        if self._continuing is None:
            lines: list[str] = []
            patterns: list[_Pattern] = []
            moves = getattr(self.log, "moves", None)
            player = getattr(moves[-1], "player", None) if moves else None
            if self.text is not None and player is not None and player != self.seat:
                bare = [
                    (line.partition(":")[2].lstrip(), detail, form)
                    for line, detail, form in self.listed
                    if seat_of(line, self.names) == player
                ]
                # one line read is enough: the game reads the player's lines alike
                sample = next((line for line, _, form in bare if not form), None)
                if sample is not None and continues_above(self.game, self.text, self.log, sample):
                    lines = list(dict.fromkeys(_open_part(line) for line, _, _ in bare))
                    patterns = [_Pattern.of(line, detail) for line, detail, _ in bare]
            self._continuing = (lines, patterns)
        return self._continuing

    @property
    def vocabulary(self) -> list[str]:
        """The words worth completing: the game's keywords and words (spaces, cards,
        factions), the players, and every word of the legal lines (amounts among them)."""
        if self._vocabulary is None:
            words: list[Any] = [*self.game.keywords(), *self.names]
            if self.state is not None:
                words += self.game.words(self.state)
            words += [w for pattern in self.patterns for w in pattern.words]
            self._vocabulary = [str(w) for w in dict.fromkeys(words)]
        return self._vocabulary

    def complete(self, partial: str) -> list[str]:
        """What ``partial`` (the line typed so far, the seat implied) may grow into,
        each a whole replacement of it, sorted without regard to case: the legal lines
        grown by a word, else a line's later parts, its clause, the current word."""
        full = seated(partial, self.seat, self.names) if partial.strip() else partial
        if not partial.strip() and self.seat in self.names:
            full = f"{self.seat}: "
        added = len(full) - len(partial)  # the implied seat, taken off again
        grown = self._grown(full, partial, added)
        found = dict.fromkeys(c.text for c in grown if c.kind != "blank")
        found.update(dict.fromkeys(c.text for c in self._names(partial)))
        if len(found) == 1 and not self._names(partial):
            found = dict.fromkeys([self._shared(full, partial, added, next(iter(found)))])
        if (
            not found and partial.strip() and not (seat_of(partial, self.names) or ":" in partial)
        ):  # a line of the move above, without a name
            lines, patterns = self.continuing
            grown = self._grown(partial, partial, 0, patterns)
            found.update(dict.fromkeys(c.text for c in grown if c.kind != "blank"))
            if len(found) == 1 and grown:
                one = next(iter(found))
                found = dict.fromkeys([self._shared(partial, partial, 0, one, lines, patterns)])
        if not found:
            found = dict.fromkeys(self._rest(partial))
        if not found:
            found = dict.fromkeys(c.text for c in self._clause(partial) if c.kind != "blank")
        if not found:  # the current word, read by the grammar as the file has the line
            words = self._words(full)
            found = dict.fromkeys(
                c.text[added:]
                for c in words
                if c.kind == "word" and c.text.startswith(full[:added])
            )
        if not found and partial.strip() and self._goes_on(full):
            found = {partial + "; ": None}
        return sorted(found, key=str.casefold)

    def _goes_on(self, full: str) -> bool:
        """Whether ``full``, a line typed to the end of a word, is legal as it stands and
        its player may go on in the same line after ``;`` (a Mystic Vale planting, then
        its harvest): then Tab puts the separator on the line, as it does after a listed
        line that others go on from; Enter ends the line there instead."""
        player = seat_of(full, self.names)
        if (
            self.text is None
            or player is None
            or not full[-1:].isalnum()
            or not self._reads(full + ";")
            or not self._whole(full)
        ):
            return False
        after = self.after(full)
        return after is not None and any(
            seat_of(line, after.names) == player for line in after.lines
        )

    def candidates(self, partial: str) -> list[Candidate]:
        """Everything that may be typed at the end of ``partial``, the line as the file
        holds it (the seat written, as in an editor), best first: the whole legal lines
        it starts, each grown by its next word, the players, the parts and clause after
        a separator, a blank the cursor is in, then the words the current word may be."""
        folded = partial.casefold()
        lines = [
            Candidate(line, "line", detail)
            for line, detail, _ in self.listed
            if len(line) > len(partial) and line.casefold().startswith(folded)
        ][:MOST]
        found: list[Candidate] = [*lines, *self._grown(partial, partial, 0)]
        found += self._names(partial) if partial.strip() else self._everyone()
        found += [Candidate(text, "word") for text in self._rest(partial)]
        found += self._clause(partial)
        found += self._words(partial)
        seen: set[tuple[str, str]] = set()
        unique = []
        for candidate in found:
            if (candidate.text, candidate.kind) not in seen:
                seen.add((candidate.text, candidate.kind))
                unique.append(candidate)
        return unique

    def _grown(
        self, full: str, partial: str, added: int, patterns: list[_Pattern] | None = None
    ) -> list[Candidate]:
        """``full`` grown by the next word of each legal line it starts (a form's blank
        where the cursor is at one); handed back as ``partial`` grown. ``patterns``:
        other lines than the position's (those a line of the move above may be)."""
        found: list[Candidate] = []
        for pattern in self.patterns if patterns is None else patterns:
            for more, blank in pattern.follow(full, self._reads):
                grown = full + (blank or more)
                if len(grown) > len(full):
                    text = partial + grown[len(full) :] if added else grown
                    found.append(Candidate(text, "blank" if blank else "word", pattern.detail))
        return found

    def _shared(
        self,
        full: str,
        partial: str,
        added: int,
        one: str,
        lines: list[str] | None = None,
        patterns: list[_Pattern] | None = None,
    ) -> str:
        """``one``, the only next word the legal lines give ``full``, grown on by the words
        every legal line that starts with ``full`` shares after it (as a shell fills the
        common start of its matches): one Tab puts ``buy vale `` where nothing else may
        follow ``bu``. Only where each such line is listed in full up to that point (no
        blank of a form is crossed), and cut at the end of a word."""
        folded = full.casefold()
        rests = [
            line[len(full) :]
            for line in (self.lines if lines is None else lines)
            if len(line) > len(full) and line.casefold().startswith(folded)
        ]
        ahead = len(one) - len(partial)  # the one word, as added after ``full``
        if not rests or any(
            blank
            for pattern in (self.patterns if patterns is None else patterns)
            for _, blank in pattern.follow(full)
        ):
            return one
        shared = common_start(rests)
        cut = len(shared)
        if any(len(rest) > cut and rest[cut] not in _ENDS for rest in rests):
            while cut > 0 and shared[cut - 1] not in _ENDS:
                cut -= 1
        if cut <= ahead or shared[:ahead] != one[len(partial) :]:
            return one
        return partial + shared[:cut]

    def _whole(self, line: str) -> bool:
        """Whether ``line`` reads as a whole line of moves, alone or as a part of the
        move above (a parse, which spares the replay of the log where it does not)."""
        header = getattr(self.log, "header", None)
        if header is None or self.text is None:
            return True
        try:
            if list(self.game.moves_from(line + "\n", header)):
                return True
        except GamelogError:
            pass
        return continues_above(self.game, self.text, self.log, line)

    def _reads(self, text: str) -> bool:
        """Whether the notation's grammar reads ``text`` as the start of a line (True
        where the game has no grammar to tell)."""
        if text not in self._read:
            grammar = getattr(self.game, "grammar", None)
            read = True
            if grammar is not None:
                try:
                    parser = grammar.lark.parse_interactive(text, start=grammar.starts[0])
                    parser.exhaust_lexer()
                except Exception:  # the grammar does not read it (lark's errors vary)
                    read = False
            self._read[text] = read
        return self._read[text]

    def _names(self, partial: str) -> list[Candidate]:
        """Another player's line, by their name."""
        if not partial or seat_of(partial, self.names) is not None or ":" in partial:
            return []
        typed = partial.strip().casefold()
        return [
            Candidate(f"{name}: ", "name", "a player")
            for name in self.names
            if name.casefold().startswith(typed)
        ]

    def _everyone(self) -> list[Candidate]:
        """Every player's line, by their name: what a line not yet begun may start with
        (``play`` implies the seat instead; an editor's line names its player)."""
        return [Candidate(f"{name}: ", "name", "a player") for name in self.names]

    def _clause(self, partial: str) -> list[Candidate]:
        """The clause after the last semicolon, grown by the clauses of the legal lines
        (a turn's later clauses, where the clauses before them do not replay alone)."""
        cut = partial.rfind(";")
        if cut < 0:
            return []
        tail = partial[cut + 1 :]
        start = cut + 1 + len(tail) - len(tail.lstrip())
        typed = partial[start:]
        # the line before the clause, as the grammar reads it (with its seat)
        before = seated(partial, self.seat, self.names)[: -len(typed) or None]

        def reads(clause: str) -> bool:
            return self._reads(before + clause)

        found: list[Candidate] = []
        for pattern in self.clauses:
            if typed and pattern.parts[:1] and pattern.parts[0].startswith("<"):
                continue  # a clause that starts with a blank takes any text: no guide
            for more, blank in pattern.follow(typed, reads):
                if blank:
                    found.append(Candidate(partial + blank, "blank", pattern.detail))
                elif more:
                    found.append(Candidate(partial + more, "word", pattern.detail))
        return found

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
        if after is None and seat_of(head, self.names) is None and self.continuing[0]:
            line = head  # a line of the move above, kept without a name
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
            if self.replayer is not None:
                reached = self.replayer(text)
            else:
                result = replay(self.game, text, self.path)
                legal = result.error is None and result.state is not None
                reached = (result.state, result.log) if legal else None
            self._after[line] = (
                Completer(self.game, reached[0], reached[1], text, self.path, self.replayer)
                if reached is not None
                else None
            )
        return self._after[line]

    def _words(self, partial: str) -> list[Candidate]:
        """The current word of ``partial`` completed from the vocabulary: the words
        that start with what is typed since a word's start among the last few (a card of
        several words, ``"Mist Lotus"``, ``Crown of the Vale``), every word where a word
        is to start. Where the notation's grammar reads the line up to that start, only
        the words it takes there (its keywords there, and the vocabulary's words of the
        kinds it takes), and its free words as blanks (``free``: a name the position
        does not know, as a card turned up)."""
        starts = [0] + [i + 1 for i, c in enumerate(partial) if c in _ENDS]
        starts = sorted({s for s in starts if s == len(partial) or partial[s] not in _ENDS})
        found: list[Candidate] = []
        for start in starts[-4:]:
            tail = partial[start:]
            typed = tail.casefold()
            expected = self._expected(partial[:start])
            if expected is None:
                words = self.vocabulary if typed else []
            else:
                literals, free = expected
                words = [*literals]
                # a word on its own, never the token so far with it: a list's pattern
                # backtracks for ever on a long list that a word does not end
                # a name of several words (``Sunlit Glade``) where the grammar reads a
                # name word by word: each of its words fits
                words += [
                    w
                    for w in self.vocabulary
                    if any(_fits(r, w) or all(_fits(r, p) for p in w.split()) for _, r, _ in free)
                ]
                for what, pattern, _lead in free:
                    ends = ("", '"', "'")
                    # the words typed on their own (a few at most), never the token so
                    # far with them: a list's pattern backtracks for ever on a long list
                    word = tail.rstrip()
                    if not typed or any(pattern.fullmatch(word + end) for end in ends):
                        found.append(Candidate(f"{partial[:start]}<{what}>", "free", what))
            for word in dict.fromkeys(words):
                if len(word) > len(typed) and word.casefold().startswith(typed):
                    found.append(Candidate(partial[:start] + word, "word"))
        return found

    def _expected(
        self, before: str
    ) -> tuple[list[str], list[tuple[str, re.Pattern[str], str]]] | None:
        """What the notation's grammar takes after ``before`` (a line up to a word's
        start): its keywords there, and its other words' kinds (what each is called,
        its pattern). None where the game has no grammar or it does not read ``before``."""
        if before in self._grammar:
            return self._grammar[before]
        found = None
        grammar = getattr(self.game, "grammar", None)
        if grammar is not None:
            try:
                lark = grammar.lark
                parser = lark.parse_interactive(before, start=grammar.starts[0])
                parser.exhaust_lexer()
                literals: list[str] = []
                free: list[tuple[str, re.Pattern[str], str]] = []
                last = parser.parser_state.value_stack[-1:]
                token = last[0] if last and isinstance(last[0], Token) else None
                if (
                    token is not None
                    and token.end_pos == len(before.rstrip())
                    and before[-1:].isspace()
                    and _goes_on(lark.get_terminal(token.type).pattern, token.value)
                ):  # a token of several words (a list of sleeves) may go on
                    pattern = lark.get_terminal(token.type).pattern
                    what = grammar.describe.get(token.type, token.type.lower().replace("_", " "))
                    lead = before[token.start_pos :]
                    free.append((what, re.compile(pattern.to_regexp()), lead))
                for name in sorted(parser.accepts()):
                    if name.startswith("$"):
                        continue
                    pattern = lark.get_terminal(name).pattern
                    keyword = _keyword(pattern)
                    if keyword is not None:  # kept out of the tree (``_CULTIVATE``) or not
                        if keyword.strip():
                            literals.append(keyword)
                    elif not name.startswith("_"):  # a filtered-out regex: blanks, ends
                        what = grammar.describe.get(name, name.lower().replace("_", " "))
                        free.append((what, re.compile(pattern.to_regexp()), ""))
                found = (literals, free)
            except Exception:  # a line the grammar does not read so far: no filter
                found = None
        self._grammar[before] = found
        return found


def _fits(pattern: re.Pattern[str], word: str) -> bool:
    return pattern.fullmatch(word) is not None


#: A keyword written as a pattern so that it ends at a word's end (``cultivate\\b``).
_WHOLE_WORD = re.compile(r"([^\W\d][\w'-]*)\\b")


def _keyword(pattern: Any) -> str | None:
    """The word a terminal's pattern is, where it is one word (a string, or a word
    ending at a word's end), else None."""
    if pattern.type == "str":
        return str(pattern.value)
    found = _WHOLE_WORD.fullmatch(pattern.value)
    return found.group(1) if found is not None else None


def _goes_on(pattern: Any, value: str) -> bool:
    """Whether a token of ``pattern`` written as ``value`` may take another word after a
    blank (a list of sleeves, ``8 11``, already where one number is typed): its last
    word again after a blank still is one token. A keyword never goes on."""
    if pattern.type == "str" or not value.split():
        return False
    if any(c.isspace() for c in value.strip()):
        return True
    return re.fullmatch(pattern.to_regexp(), f"{value} {value}") is not None


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

"""What may be typed at a place in a log: the legal lines of the position there (the
source of ``gamelog moves`` and ``play``: ``Game.legal_moves``), the header's keys and
their choices, and the words of the notation for the word being typed.

``completions(game, before)`` is the whole of it: the text of the log before the cursor
in, the completions out, with no editor in sight. The language server passes the
analysis it keeps of the document, so that the lines above are replayed only from the
last kept position (analysis.py); ``gamelog play`` could call it with the text of its
log and the line typed so far.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from types import SimpleNamespace

from gamelog.core.complete import Completer
from gamelog.core.game import Game
from gamelog.core.header import GAME, key_of
from gamelog.lsp.analysis import Analysis, analyse

#: Legal lines offered at the most (a Terra Mystica turn can list hundreds).
MOST = 1000
_WORD = re.compile(r"[\w'-]*$")
#: The analysis and legal lines of the text above the line last completed on (the
#: listing of a Terra Mystica position tries every line on it): completion is asked
#: again at every keystroke on the same line.
_listed: dict[tuple[str, str | None], tuple[str, Analysis, list[Completion], Completer | None]] = {}


@dataclass(frozen=True)
class Completion:
    """One thing to type: ``text`` replaces the current line from column ``start``
    (0-based, in characters) to the cursor."""

    label: str
    text: str
    start: int
    kind: str  # "move", "key", "choice" or "word"
    detail: str = ""


def completions(
    game: Game, before: str, path: str | None = None, previous: Analysis | None = None
) -> list[Completion]:
    """What may be typed at the end of ``before`` (the log's text up to the cursor)."""
    above, newline, typed = before.rpartition("\n")
    listed = _listed.get((game.name, path))
    if listed is not None and listed[0] == above:
        analysis, legal, completer = listed[1], listed[2], listed[3]
    else:
        analysis = analyse(game, above + newline, path, previous)
        legal = _legal_lines(game, analysis)
        completer = _completer(game, analysis, above + newline, path)
        _listed.clear()  # one log's lines above kept: typing on goes on at the same line
        _listed[game.name, path] = (above, analysis, legal, completer)
    indent = len(typed) - len(typed.lstrip())
    found: list[Completion] = []
    in_header = not analysis.moves
    key, colon, value = typed.partition(":")
    if in_header and not colon:
        found.extend(_keys(game, analysis, typed, indent))
    elif in_header and colon:
        found.extend(_choices(game, typed, key, value))
    if not colon or key_of(typed, game.header_keys) is None:
        # the whole lines that begin with what is typed on the line (any case)
        begun = typed[indent:].casefold()
        found.extend(replace(c, start=indent) for c in legal if c.text.casefold().startswith(begun))
        if completer is not None:
            found.extend(_grown(completer, typed, indent))
        else:
            found.extend(_words(game, analysis, typed))
    return found


def _completer(game: Game, analysis: Analysis, text: str, path: str | None) -> Completer | None:
    """The position's completer (core/complete.py, the source of ``play``'s Tab too),
    where there is a position to speak of."""
    if analysis.state is None or analysis.illegal is not None or analysis.setup is not None:
        return None
    players = analysis.header_lines.player_names if analysis.header_lines is not None else []
    return Completer(game, analysis.state, SimpleNamespace(players=players), text, path)


def _grown(completer: Completer, typed: str, indent: int) -> list[Completion]:
    """What is typed on the line grown by the next word, a player's name, a blank of a
    form or the grammar's (core/complete.py); whole lines are listed already."""
    found = []
    for candidate in completer.candidates(typed[indent:]):
        if candidate.kind == "line":
            continue
        label = candidate.text[indent:] if candidate.kind != "word" else candidate.text
        found.append(Completion(label, candidate.text[indent:], indent, "word", candidate.detail))
    return found


def _keys(game: Game, analysis: Analysis, typed: str, indent: int) -> list[Completion]:
    """The header keys not given yet (a key given once per argument is offered with the
    argument to fill in)."""
    given = set()
    if analysis.header_lines is not None:
        given = {line.key for line in analysis.header_lines.lines}
    keys = [(GAME, f"the game: {game.name}", False)]
    keys += [(k.shown, k.help, k.repeat or k.argument is not None) for k in game.header_keys]
    return [
        Completion(f"{shown}:", f"{shown}: ", indent, "key", help)
        for shown, help, again in keys
        if again or shown not in given
    ]


def _choices(game: Game, typed: str, key: str, value: str) -> list[Completion]:
    """The values the key takes, for the word being typed after its colon."""
    name = key.strip().split(" ", 1)[0].casefold()
    if name == GAME:
        choices: tuple[str, ...] = (game.name,)
    else:
        found = next((k for k in game.header_keys if k.name.casefold() == name), None)
        choices = found.choices if found is not None else ()
    word = _WORD.search(value)
    start = len(typed) - (len(word.group()) if word else 0)
    return [Completion(choice, choice, start, "choice", key.strip()) for choice in choices]


def _legal_lines(game: Game, analysis: Analysis) -> list[Completion]:
    """Every legal line of the position after the lines above (none after an illegal
    move or a header problem: there is no position to speak of)."""
    state = analysis.state
    if state is None or analysis.illegal is not None or analysis.setup is not None:
        return []
    try:
        groups = game.legal_moves(state)
    except NotImplementedError:
        return []
    found = []
    for group in groups:
        for option in group.options:
            detail = group.kind + (f" ({option.note})" if option.note else "")
            found.append(Completion(option.line, option.line, 0, "move", detail))
            if len(found) >= MOST:
                return found
    return found


def _words(game: Game, analysis: Analysis, typed: str) -> list[Completion]:
    """The notation's keywords, the players and the words the position knows (spaces,
    cards), for the word being typed."""
    word = _WORD.search(typed)
    part = word.group() if word else ""
    if not part:
        return []
    words = [*game.keywords()]
    if analysis.header_lines is not None:
        words += analysis.header_lines.player_names
    if analysis.state is not None and analysis.illegal is None:
        words += game.words(analysis.state)
    folded = part.casefold()
    start = len(typed) - len(part)
    return [
        Completion(w, w, start, "word")
        for w in dict.fromkeys(words)
        if w.casefold().startswith(folded) and w != part
    ]

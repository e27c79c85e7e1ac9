"""``gamelog lsp``: a language server over standard input and output (pygls), for every
game of the registry.

On every open and change, the document's diagnostics: every line that does not parse,
the first illegal move (its rule and facts as related information), a header's problem
on its line; nothing after the first illegal move. Completion from the legal lines of
the position at the cursor (completion.py), hover (a move: whose it was, what it did,
the score after it; a player's name: their score so far), quick fixes replacing an
illegal move with each nearest legal line that replays as legal there
(core/legal.py), and the moves as the document's outline.

Each document keeps its analysis (analysis.py), so an edit replays the log only from
the last position kept above it. The server knows no rule: games come through the
registry (``core.logs.game_for``: the ``game:`` line, else the notation) and the
``Game`` interface.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import groupby

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from gamelog import __version__
from gamelog.core.errors import Crashed, GamelogError, IllegalMove
from gamelog.core.game import Game
from gamelog.core.legal import at_the_action, nearest_legal
from gamelog.core.logs import game_for
from gamelog.core.notation import normalise
from gamelog.core.scoring import Number
from gamelog.core.timer import AuditTimeout, deadline
from gamelog.lsp.analysis import Analysis, Played, analyse
from gamelog.lsp.completion import completions

#: Quick fixes offered for one illegal move at the most, and the seconds spent finding them.
FIXES = 5
FIX_SECONDS = 2.0
SOURCE = "gamelog"

_KINDS = {
    "move": types.CompletionItemKind.Snippet,
    "key": types.CompletionItemKind.Property,
    "choice": types.CompletionItemKind.EnumMember,
    "word": types.CompletionItemKind.Keyword,
}


@dataclass
class Document:
    """One open log: its game (None: the problem saying why none) and its analysis."""

    text: str
    game: Game | None
    analysis: Analysis | None
    problem: GamelogError | None = None


class GamelogServer(LanguageServer):
    """The server, with each open document's analysis."""

    def __init__(self) -> None:
        super().__init__("gamelog", __version__)
        self.documents: dict[str, Document] = {}

    def refresh(self, uri: str) -> Document:
        """The document analysed again (from the last position kept above the change)
        and its diagnostics published."""
        text_document = self.workspace.get_text_document(uri)
        text = text_document.source
        path = text_document.path if uri.startswith("file:") else None
        known = self.documents.get(uri)
        try:
            game = game_for(text)
            previous = known.analysis if known is not None and known.game is game else None
            document = Document(normalise(text), game, analyse(game, text, path, previous))
        except GamelogError as problem:
            document = Document(normalise(text), None, None, problem.at(problem.line or 1))
        except Exception as bug:  # a bug of gamelog's own: said, and the server goes on
            document = Document(normalise(text), None, None, Crashed(_bug(bug), line=1, column=1))
        self.documents[uri] = document
        lines = text.split("\n")
        problems = [document.problem] if document.problem is not None else []
        if document.analysis is not None:
            problems = document.analysis.problems
            lines = document.analysis.lines
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(
                uri=uri,
                version=text_document.version,
                diagnostics=[diagnostic(uri, lines, p) for p in problems],
            )
        )
        return document

    def analysis(self, uri: str) -> Analysis | None:
        document = self.documents.get(uri)
        if document is None or self._stale(uri, document):
            document = self.refresh(uri)
        return document.analysis

    def _stale(self, uri: str, document: Document) -> bool:
        return document.text != normalise(self.workspace.get_text_document(uri).source)


def _bug(bug: Exception) -> str:
    return (
        f"internal error: {type(bug).__name__}: {bug} (this is a bug in gamelog, not in "
        "the log; please report it with the log)"
    )


# --- positions ----------------------------------------------------------------------------


def units(line: str, column: int) -> int:
    """A column in characters (0-based) as the client counts it (UTF-16 code units)."""
    return len(line[:column].encode("utf-16-le")) // 2


def characters(line: str, character: int) -> int:
    """A client's column (UTF-16 code units) in characters."""
    count = 0
    for index, char in enumerate(line):
        if count >= character:
            return index
        count += 2 if ord(char) > 0xFFFF else 1
    return len(line)


def _content_end(line: str) -> int:
    """Where the line's text ends: before its comment and trailing blanks."""
    return len(line.split("#", 1)[0].rstrip())


#: What ends a word of a line (as core/complete.py reads it).
_ENDS = " \t;,.:#"


def _word_end(line: str, column: int) -> int:
    """Where the word the cursor (at ``column``, 0-based) is in ends: the cursor itself
    where it is not inside a word."""
    if column == 0 or line[column - 1 : column] in ("", *_ENDS):
        return column
    end = column
    while end < len(line) and line[end] not in _ENDS:
        end += 1
    return end


def problem_range(lines: list[str], problem: GamelogError) -> types.Range:
    """From the problem's column to the end of its line's text (a character at least)."""
    number = max((problem.line or 1) - 1, 0)
    line = lines[number] if number < len(lines) else ""
    start = max((problem.column or 1) - 1, 0)
    end = max(_content_end(line), start + 1)
    return types.Range(
        start=types.Position(line=number, character=units(line, start)),
        end=types.Position(line=number, character=units(line, end)),
    )


def diagnostic(uri: str, lines: list[str], problem: GamelogError) -> types.Diagnostic:
    """A problem as the editor shows it; an illegal move's rule and facts as related
    information at the move."""
    where = problem_range(lines, problem)
    related = []
    if problem.rule:
        related.append(f"rule: {problem.rule}")
    related.extend(problem.facts)
    return types.Diagnostic(
        range=where,
        message=problem.message,
        severity=types.DiagnosticSeverity.Error,
        code=problem.kind,
        source=SOURCE,
        related_information=[
            types.DiagnosticRelatedInformation(
                location=types.Location(uri=uri, range=where), message=text
            )
            for text in related
        ]
        or None,
    )


# --- the features ---------------------------------------------------------------------------

server = GamelogServer()


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: GamelogServer, params: types.DidOpenTextDocumentParams) -> None:
    ls.refresh(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: GamelogServer, params: types.DidChangeTextDocumentParams) -> None:
    ls.refresh(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: GamelogServer, params: types.DidCloseTextDocumentParams) -> None:
    ls.documents.pop(params.text_document.uri, None)
    ls.text_document_publish_diagnostics(
        types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[])
    )


@server.feature(
    types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=[":", " ", ","])
)
def complete(ls: GamelogServer, params: types.CompletionParams) -> types.CompletionList:
    analysis = ls.analysis(params.text_document.uri)
    if analysis is None:
        return types.CompletionList(is_incomplete=False, items=[])
    number = params.position.line
    lines = analysis.lines
    line = lines[number] if number < len(lines) else ""
    column = characters(line, params.position.character)
    before = "\n".join([*lines[:number], line[:column]])
    items = []
    word_end = units(line, _word_end(line, column))
    line_end = units(line, _content_end(line))
    for rank, found in enumerate(completions(analysis.game, before, analysis.path, analysis)):
        # a whole line replaces the line to its end; anything else the word the cursor
        # is in, up to its end (what is typed of it before the cursor filters)
        end = line_end if found.kind == "move" else word_end
        replaced = types.Range(
            start=types.Position(line=number, character=units(line, found.start)),
            end=types.Position(line=number, character=max(end, params.position.character)),
        )
        items.append(
            types.CompletionItem(
                label=found.label,
                kind=_KINDS[found.kind],
                detail=found.detail or None,
                sort_text=f"{rank:05d}",
                filter_text=found.text,
                text_edit=types.TextEdit(range=replaced, new_text=found.text),
            )
        )
    return types.CompletionList(is_incomplete=False, items=items)


@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(ls: GamelogServer, params: types.HoverParams) -> types.Hover | None:
    analysis = ls.analysis(params.text_document.uri)
    if analysis is None:
        return None
    number = params.position.line
    if number >= len(analysis.lines):
        return None
    line = analysis.lines[number]
    column = characters(line, params.position.character)
    text = hover_text(analysis, number + 1, column)
    if text is None:
        return None
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text))


def _scores(scores: Mapping[str, Number]) -> str:
    return ", ".join(f"{player} {points}" for player, points in scores.items())


def name_at(names: list[str], line: str, column: int) -> str | None:
    """The player's name written at ``column`` (0-based) of ``line``, any case."""
    folded = line.casefold()
    for name in sorted(names, key=len, reverse=True):
        wanted = name.casefold()
        start = folded.find(wanted)
        while start >= 0:
            end = start + len(wanted)
            whole = (start == 0 or not folded[start - 1].isalnum()) and (
                end == len(folded) or not folded[end].isalnum()
            )
            if whole and start <= column < end:
                return name
            start = folded.find(wanted, start + 1)
    return None


def hover_text(analysis: Analysis, line: int, column: int) -> str | None:
    """What a hover at ``line`` (1-based), ``column`` (0-based) shows: over a player's
    name their score so far; over a move whose it was, what it did and the score after."""
    written = analysis.lines[line - 1]
    scores = analysis.scores_at(line)
    named = name_at(list(scores), written, column)
    if named is not None:
        played = next((p for p in reversed(analysis.played) if p.line <= line), None)
        after = f"after move {played.number}" if played is not None else "before the first move"
        return f"**{named}**: {scores[named]} points so far ({after})"
    played = analysis.move_at(line)
    if played is None:
        return None
    whose = f"{played.player}'s move" if played.player else "a move of nobody's"
    parts = [f"**Move {played.number}**: {whose}"]
    if played.events:
        parts.append("\n".join(f"- {event.text}" for event in played.events))
    else:
        parts.append("(no events)")
    parts.append(f"Score after it: {_scores(played.scores)}")
    if played.next_to_move:
        parts.append(f"To move next: {played.next_to_move}")
    return "\n\n".join(parts)


@server.feature(
    types.TEXT_DOCUMENT_CODE_ACTION,
    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]),
)
def code_actions(ls: GamelogServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    uri = params.text_document.uri
    analysis = ls.analysis(uri)
    if analysis is None or not isinstance(analysis.illegal, IllegalMove):
        return []
    illegal = analysis.illegal
    where = problem_range(analysis.lines, illegal)
    wanted = params.range
    if not (wanted.start.line <= where.start.line <= wanted.end.line):
        return []
    fixes = fixes_for(analysis)
    shown = diagnostic(uri, analysis.lines, illegal)
    return [
        types.CodeAction(
            title=f"Replace with: {text}",
            kind=types.CodeActionKind.QuickFix,
            diagnostics=[shown],
            is_preferred=index == 0,
            edit=types.WorkspaceEdit(changes={uri: [edit]}),
        )
        for index, (text, edit) in enumerate(fixes)
    ]


def fixes_for(analysis: Analysis) -> list[tuple[str, types.TextEdit]]:
    """The nearest legal lines to the illegal move (core/legal.py), each as an edit of
    its line that the log replays as legal at that line."""
    illegal = analysis.illegal
    assert illegal is not None and illegal.line is not None
    number = illegal.line
    game = analysis.game
    written = analysis.lines[number - 1]
    cut = "\n".join(analysis.lines[: number - 1]) + "\n"
    found: list[tuple[str, types.TextEdit]] = []
    try:
        with deadline(FIX_SECONDS):
            before = analyse(game, cut, analysis.path, analysis)
            if before.state is None or before.problems:
                return []
            state, compared = at_the_action(
                game, analysis.text, number, illegal.column, before.state
            )
            whole = state is before.state
            for suggestion in nearest_legal(game, state, compared, limit=FIXES * 2):
                start = 0 if whole else (illegal.column or 1) - 1
                text = suggestion if whole else suggestion.partition(":")[2].strip()
                end = _content_end(written)
                fixed = written[:start] + text + written[end:]
                lines = [*analysis.lines[: number - 1], fixed, *analysis.lines[number:]]
                trial = analyse(game, "\n".join(lines), analysis.path, analysis)
                if any((p.line or 0) <= number for p in trial.problems):
                    continue
                edit = types.TextEdit(
                    range=types.Range(
                        start=types.Position(line=number - 1, character=units(written, start)),
                        end=types.Position(line=number - 1, character=units(written, end)),
                    ),
                    new_text=text,
                )
                found.append((fixed.split("#", 1)[0].strip(), edit))
                if len(found) >= FIXES:
                    break
    except AuditTimeout:
        pass
    return found


@server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def symbols(ls: GamelogServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
    analysis = ls.analysis(params.text_document.uri)
    if analysis is None:
        return []
    return outline(analysis)


def outline(analysis: Analysis) -> list[types.DocumentSymbol]:
    """The header, then each move replayed as legal (who, the score after it), folded
    into its round where the game plays rounds (``Game.round_of``), so that a long log
    is walked a round at a time."""
    lines = analysis.lines
    found = []
    first = analysis.first_move_line
    if analysis.header_lines is not None and analysis.header_lines.lines:
        above = [h.line for h in analysis.header_lines.lines if first is None or h.line < first]
        last = max(above, default=1)
        found.append(
            types.DocumentSymbol(
                name="header",
                kind=types.SymbolKind.Namespace,
                range=_lines(lines, 1, last),
                selection_range=_lines(lines, 1, 1),
            )
        )
    moves = [_move_symbol(lines, played) for played in analysis.played]
    if all(played.round is None for played in analysis.played):
        return found + moves
    pairs = zip(analysis.played, moves, strict=True)
    for number, group in groupby(pairs, key=lambda pair: pair[0].round):
        members = list(group)
        start, end = members[0][0], members[-1][0]
        found.append(
            types.DocumentSymbol(
                name=round_name(number),
                detail=_scores(end.scores),
                kind=types.SymbolKind.Namespace,
                range=_lines(lines, start.line, end.end_line),
                selection_range=_lines(lines, start.line, start.line),
                children=[symbol for _, symbol in members],
            )
        )
    return found


def round_name(number: int | None) -> str:
    """A round's name in the outline: the setup before the first round is round 0."""
    return "setup" if number == 0 else f"round {number}"


def _move_symbol(lines: list[str], played: Played) -> types.DocumentSymbol:
    return types.DocumentSymbol(
        name=f"{played.number}. {played.player or '-'}",
        detail=_scores(played.scores),
        kind=types.SymbolKind.Event,
        range=_lines(lines, played.line, played.end_line),
        selection_range=_lines(lines, played.line, played.line),
    )


def _lines(lines: list[str], first: int, last: int) -> types.Range:
    end = lines[last - 1] if last - 1 < len(lines) else ""
    return types.Range(
        start=types.Position(line=first - 1, character=0),
        end=types.Position(line=last - 1, character=units(end, len(end))),
    )


def serve() -> None:
    """Speak the protocol on standard input and output until the client leaves."""
    server.start_io()

"""`gamelog lsp` end to end, every game: a real LSP client (pytest-lsp) starts the server
as an editor does and talks to it over standard input and output.

Each sample opened gets its diagnostics where its ``# expect:`` lines put its problem
(the rule and facts as related information), none for a legal log; the game's
at-the-table sample (an illegal line right after a legal move) gets a quick fix that
makes the log legal, its line edited back to illegal is marked again; completion before
a move lists the legal lines of `gamelog moves` there, the move played next among them
where the game's moves walk takes it; hover shows whose move it was, its events and the
score after it, and over a player's name their score so far; the outline lists the
moves."""

from __future__ import annotations

import re
import sys
from collections.abc import AsyncIterator
from itertools import groupby
from pathlib import Path

import pytest
import pytest_lsp
from declared import SAMPLES, check_applies, declared, game, packages, samples
from expectations import read_expectation
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from test_conformance_moves import _moves_of, _steps_and_key

from gamelog.core.game import Game
from gamelog.core.replay import Replay, replay
from gamelog.lsp.server import round_name

pytestmark = pytest.mark.asyncio


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[sys.executable, "-m", "gamelog", "lsp"]),
)
async def client(lsp_client: LanguageClient) -> AsyncIterator[LanguageClient]:
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            root_uri=SAMPLES.as_uri(),
        )
    )
    yield lsp_client
    await lsp_client.shutdown_session()


async def _published(client: LanguageClient, uri: str) -> list[types.Diagnostic]:
    """Wait for the server's diagnostics of ``uri`` after the last open or change."""
    while True:
        found = await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if found.uri == uri:
            return list(found.diagnostics)


async def _open(client: LanguageClient, path: Path) -> tuple[str, list[types.Diagnostic]]:
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri,
                language_id="gamelog",
                version=1,
                text=path.read_text(encoding="utf-8"),
            )
        )
    )
    return uri, await _published(client, uri)


async def _open_showcase(client: LanguageClient, package: str) -> tuple[Path, str, Replay, str]:
    """The game's showcase opened in the editor: its path, text, replay (with its
    steps) and the document's URI."""
    path = SAMPLES / package / declared(package).showcase
    text = path.read_text(encoding="utf-8")
    whole = replay(game(package), text, str(path), keep_steps=True)
    uri, _ = await _open(client, path)
    return path, text, whole, uri


async def _set_line(
    client: LanguageClient, uri: str, version: int, number: int, old: str, new: str
) -> list[types.Diagnostic]:
    """Line ``number`` (0-based), which reads ``old``, made to read ``new`` by an
    incremental change, as an editor sends a keystroke's."""
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(
                        start=types.Position(line=number, character=0),
                        end=types.Position(line=number, character=len(old)),
                    ),
                    text=new,
                )
            ],
        )
    )
    return await _published(client, uri)


@pytest.mark.parametrize("package", packages())
async def test_every_sample_is_marked_where_its_problem_is(
    client: LanguageClient, package: str
) -> None:
    for path in samples(package):
        text = path.read_text(encoding="utf-8")
        expected = read_expectation(text)
        _, diagnostics = await _open(client, path)
        if expected.status in (None, "ok"):
            assert diagnostics == [], (path.name, diagnostics)
            continue
        assert diagnostics, path.name
        first = diagnostics[0]
        assert first.code == expected.status, path.name
        if expected.line is not None:
            assert first.range.start.line == expected.line - 1, path.name
        if expected.column is not None:
            assert first.range.start.character == expected.column - 1, path.name
        if expected.reason is not None:
            assert first.message == expected.reason, path.name
        related = [info.message for info in first.related_information or ()]
        if expected.rule is not None:
            assert related[0] == f"rule: {expected.rule}", path.name
        for fact in expected.facts or ():
            assert fact in related, (path.name, fact)
        if expected.status == "illegal":
            assert all(d.range.start.line <= first.range.start.line for d in diagnostics)


@pytest.mark.parametrize("package", packages())
async def test_a_quick_fix_makes_the_log_legal_and_the_line_put_back_is_marked_again(
    client: LanguageClient, package: str
) -> None:
    path = SAMPLES / package / declared(package).at_the_table
    uri, diagnostics = await _open(client, path)
    illegal = [d for d in diagnostics if d.code == "illegal"]
    assert len(illegal) == 1
    where = illegal[0].range
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=where,
            context=types.CodeActionContext(diagnostics=illegal),
        )
    )
    assert actions, "no quick fix for the illegal move"
    fix = actions[0]
    assert isinstance(fix, types.CodeAction) and fix.edit is not None and fix.edit.changes
    (edit,) = fix.edit.changes[uri]
    lines = path.read_text(encoding="utf-8").split("\n")
    number = where.start.line
    written = lines[number]
    fixed = (
        written[: edit.range.start.character] + edit.new_text + written[edit.range.end.character :]
    )
    after = await _set_line(client, uri, 2, number, written, fixed)
    assert after == [], (fixed, after)
    again = await _set_line(client, uri, 3, number, fixed, written)
    assert [(d.range, d.message) for d in again] == [(where, illegal[0].message)]


@pytest.mark.parametrize("package", packages())
async def test_completion_lists_the_legal_lines_and_the_move_played_next(
    client: LanguageClient, package: str
) -> None:
    rules = game(package)
    path, text, whole, uri = await _open_showcase(client, package)
    assert whole.error is None and whole.log is not None
    steps, key = _steps_and_key(rules)
    walked = "moves-walk" not in declared(package).opt_outs
    count = len(whole.steps)
    seen = 0
    for index in sorted({0, count // 3, count // 2, count - 1}):
        played = whole.steps[index].move
        found = await client.text_document_completion_async(
            types.CompletionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=played.line - 1, character=0),
            )
        )
        assert isinstance(found, types.CompletionList)
        offered = [
            item.label for item in found.items if item.kind == types.CompletionItemKind.Snippet
        ]
        cut = "".join(line + "\n" for line in text.split("\n")[: played.line - 1])
        state = replay(rules, cut, str(path)).state  # what `play` lists, typing there
        listed = [o.line for g in rules.legal_moves(state) for o in g.options]
        assert offered == listed[: len(offered)], f"line {played.line}"
        seen += len(offered)
        if walked:
            keys = {
                key(state, m)
                for line in offered
                for m in _moves_of(rules, whole.log.header, line, 1)
            }
            assert key(state, steps(played)[0]) in keys, f"line {played.line}: {played.source!r}"
    assert seen, "no legal line completed at any of the positions"


#: What ends a word of a line (as core/complete.py reads a line).
_ENDS = " \t;,.:"
#: A blank of a form at the end of a completion: what chance turns up there.
_BLANK_AT_END = re.compile(r"(.*)<[^<>]*>", re.S)


def _boundaries(line: str) -> list[tuple[str, str]]:
    """The line typed up to each word's start, with the line up to that word's end."""
    found = []
    for start in range(len(line)):
        if (start == 0 or line[start - 1] in _ENDS) and line[start] not in _ENDS:
            end = start
            while end < len(line) and line[end] not in _ENDS:
                end += 1
            found.append((line[:start], line[:end]))
    return found


def _offers(typed: str, wanted: str, item: types.CompletionItem) -> bool:
    """Whether ``item``, applied to the line typed so far, writes the next word of the
    line (or a whole line going on with it), or a blank standing for the words typed
    since a word's start in the same clause (a card chance turns up)."""
    edit = item.text_edit
    assert isinstance(edit, types.TextEdit)
    result = typed[: edit.range.start.character] + edit.new_text
    if result.casefold().startswith(wanted.casefold()):
        return True
    blank = _BLANK_AT_END.fullmatch(result)
    if blank is None:
        return False
    before = blank.group(1)
    return (
        typed.startswith(before)
        and ";" not in typed[len(before) :]
        and (not before or before[-1] in _ENDS + '"')
    )


@pytest.mark.parametrize("package", packages())
async def test_completion_offers_the_next_word_at_every_word_boundary(
    client: LanguageClient, package: str
) -> None:
    check_applies(package, "completion-words")
    _, text, whole, uri = await _open_showcase(client, package)
    lines = text.split("\n")
    count = len(whole.steps)
    version = 1
    for index in sorted({0, count // 3, count // 2, count - 1}):
        number = whole.steps[index].move.line - 1
        written = lines[number]
        line = written.split("#", 1)[0].rstrip()
        for typed, wanted in _boundaries(line):
            version += 1
            await _set_line(client, uri, version, number, written, typed)
            found = await client.text_document_completion_async(
                types.CompletionParams(
                    text_document=types.TextDocumentIdentifier(uri=uri),
                    position=types.Position(line=number, character=len(typed)),
                )
            )
            assert isinstance(found, types.CompletionList)
            assert any(_offers(typed, wanted, item) for item in found.items), (
                f"line {number + 1}: {typed!r} does not go on with {wanted[len(typed) :]!r}"
            )
            written = typed
        version += 1
        await _set_line(client, uri, version, number, written, lines[number])


@pytest.mark.parametrize("package", packages())
async def test_whole_lines_are_filtered_by_the_line_and_replace_it_and_a_word_its_word(
    client: LanguageClient, package: str
) -> None:
    _, text, whole, uri = await _open_showcase(client, package)
    lines = text.split("\n")
    number = whole.steps[len(whole.steps) // 2].move.line - 1
    line = lines[number].split("#", 1)[0].rstrip()
    typed, wanted = _boundaries(line)[1]  # the line up to its second word, in the line
    found = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=number, character=len(typed)),
        )
    )
    assert isinstance(found, types.CompletionList)
    for item in found.items:
        edit = item.text_edit
        assert isinstance(edit, types.TextEdit)
        if item.kind == types.CompletionItemKind.Snippet:  # a whole line, to the line's end
            assert edit.new_text.casefold().startswith(typed.casefold()), edit.new_text
            assert (edit.range.start.character, edit.range.end.character) == (0, len(line))
    inside = len(typed) + 1
    if inside >= len(wanted):
        return  # a word of one letter: no cursor inside it
    found = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=number, character=inside),
        )
    )
    assert isinstance(found, types.CompletionList)
    words = [item for item in found.items if item.kind == types.CompletionItemKind.Keyword]
    assert words, f"nothing completes {line[:inside]!r}"
    for item in words:
        edit = item.text_edit
        assert isinstance(edit, types.TextEdit)
        assert edit.range.end.character == len(wanted)  # the word, to its end
        typed_part = line[edit.range.start.character : inside].casefold()
        if _BLANK_AT_END.fullmatch(edit.new_text):
            continue  # a blank: what the typed part is one of, never to be typed
        assert edit.new_text.casefold().startswith(typed_part), (edit.new_text, typed_part)
    assert any(_offers(line[:inside], wanted, item) for item in words), line[:inside]


@pytest.mark.parametrize("package", packages())
async def test_hover_shows_the_move_and_a_players_score(
    client: LanguageClient, package: str
) -> None:
    rules = game(package)
    path, text, whole, uri = await _open_showcase(client, package)
    lines = text.split("\n")
    index = len(whole.steps) // 2
    step = whole.steps[index]
    line = lines[step.move.line - 1]
    colon = line.index(":")
    shown = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=step.move.line - 1, character=colon + 1),
        )
    )
    assert shown is not None and isinstance(shown.contents, types.MarkupContent)
    value = shown.contents.value
    assert f"**Move {step.number}**" in value
    if step.move.player:
        assert f"{step.move.player}'s move" in value
    for event in step.events:
        assert f"- {event.text}" in value
    scores = dict(rules.running_scores(replay(rules, text, str(path), stop_after=index + 1).state))
    assert "Score after it: " + ", ".join(f"{p} {n}" for p, n in scores.items()) in value
    player = next(p for p in scores if p.casefold() in line.casefold())
    at = line.casefold().index(player.casefold())
    over = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=step.move.line - 1, character=at),
        )
    )
    assert over is not None and isinstance(over.contents, types.MarkupContent)
    assert over.contents.value == (
        f"**{player}**: {scores[player]} points so far (after move {step.number})"
    )


@pytest.mark.parametrize("package", packages())
async def test_the_outline_is_the_header_and_every_move_by_round(
    client: LanguageClient, package: str
) -> None:
    rules = game(package)
    path, text, whole, uri = await _open_showcase(client, package)
    found = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert found is not None
    assert whole.log is not None
    header = [symbol for symbol in found if symbol.name == "header"]
    shown = [symbol for symbol in found if symbol.name != "header"]
    assert len(header) == (1 if whole.log.players and whole.steps[0].move.line > 1 else 0)
    rounds = _rounds_played(rules, text, str(path))
    if all(number is None for number in rounds):
        moves = shown
    else:  # one fold per round, in the order played, each holding its moves
        folds = [(number, len(list(run))) for number, run in groupby(rounds)]
        assert [fold.name for fold in shown] == [round_name(number) for number, _ in folds]
        assert [len(fold.children or []) for fold in shown] == [size for _, size in folds]
        numbers = [number for number, _ in folds]
        assert numbers == sorted(set(numbers)), numbers
        moves = [move for fold in shown for move in fold.children or []]
        for fold in shown:
            assert fold.children and fold.range.start == fold.children[0].range.start
            assert fold.range.end == fold.children[-1].range.end
    assert [m.name for m in moves] == [f"{s.number}. {s.move.player or '-'}" for s in whole.steps]
    assert [m.range.start.line for m in moves] == [s.move.line - 1 for s in whole.steps]


def _rounds_played(rules: Game, text: str, path: str) -> list[int | None]:
    """The round of each move, read off a replay of its own: the position before it
    (the round after the last move is dropped)."""
    after: list[int | None] = []
    replay(
        rules,
        text,
        path,
        on_setup=lambda state: after.append(rules.round_of(state)),
        on_step=lambda _, state: after.append(rules.round_of(state)),
    )
    return after[:-1]


@pytest.mark.parametrize("package", packages())
async def test_the_header_completes_its_keys_and_their_choices(
    client: LanguageClient, package: str, tmp_path: Path
) -> None:
    rules = game(package)
    path = tmp_path / "new.log"
    path.write_text(f"game: {rules.name}\n\n", encoding="utf-8")
    uri, _ = await _open(client, path)
    found = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=1, character=0),
        )
    )
    assert isinstance(found, types.CompletionList)
    labels = [item.label for item in found.items]
    assert "game:" not in labels  # given already
    assert [f"{k.shown}:" for k in rules.header_keys] == [
        label for label in labels if label != "game:"
    ][: len(rules.header_keys)]
    chosen = next((k for k in rules.header_keys if k.choices and k.name != "players"), None)
    if chosen is None:
        return
    await _set_line(client, uri, 2, 1, "", f"{chosen.name}: ")
    found = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=1, character=len(chosen.name) + 2),
        )
    )
    assert isinstance(found, types.CompletionList)
    assert [item.label for item in found.items] == list(chosen.choices)


async def test_a_log_of_no_known_game_is_marked_on_its_first_line(
    client: LanguageClient, tmp_path: Path
) -> None:
    path = tmp_path / "notes.log"
    path.write_text("we played on tuesday\nand it rained\n", encoding="utf-8")
    _, diagnostics = await _open(client, path)
    assert [(d.range.start.line, d.code) for d in diagnostics] == [(0, "setup-error")]
    assert diagnostics[0].message.startswith("cannot tell which game this log is")

"""`gamelog lsp` keystroke latency, measured as an editor sees it.

    python benchmarks/bench_lsp.py [--keys 40]

For the longest sample of each game (by lines), starts the server as a process (as an
editor does), opens the sample and types at the end of its last move: each keystroke
is an incremental change, timed until the server's diagnostics for it arrive; then a
completion and a hover at that place. Prints the median and worst of each, and, in
the same process without the protocol, how many moves the analysis replays for a
keystroke there and what a replay from the start costs (the figure before the kept
positions). Run it on an otherwise idle machine; the figures go into the issue notes.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

from lsprotocol import types
from pytest_lsp import client_capabilities, make_test_lsp_client

from gamelog.core.logs import game_for
from gamelog.lsp.analysis import analyse

ROOT = Path(__file__).resolve().parents[1]
SUFFIXES = (".log", ".tm", ".txt")


def longest_samples() -> list[Path]:
    """Each game's longest sample, by lines."""
    found = []
    for folder in sorted((ROOT / "samples").iterdir()):
        logs = [p for p in folder.iterdir() if p.suffix in SUFFIXES]
        if logs:
            found.append(max(logs, key=lambda p: p.read_text(encoding="utf-8").count("\n")))
    return found


def _ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1e3:6.1f} ms, worst {max(values) * 1e3:6.1f} ms"


async def through_the_protocol(path: Path, keys: int) -> None:
    client = make_test_lsp_client()
    await client.start_io(sys.executable, "-m", "gamelog", "lsp")
    await client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("visual-studio-code"))
    )
    text = path.read_text(encoding="utf-8")
    uri = path.as_uri()
    started = time.perf_counter()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="gamelog", version=1, text=text
            )
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    opened = time.perf_counter() - started
    game = game_for(text)
    last = analyse(game, text, str(path)).moves[-1].line - 1
    line = text.split("\n")[last]
    typed: list[float] = []
    for key in range(keys):
        # type a space at the end of the line, then take it back: the log stays the same
        grows = key % 2 == 0
        where = len(line)
        end = where if grows else where + 1
        change = types.TextDocumentContentChangePartial(
            range=types.Range(
                start=types.Position(line=last, character=where),
                end=types.Position(line=last, character=end),
            ),
            text=" " if grows else "",
        )
        started = time.perf_counter()
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=key + 2),
                content_changes=[change],
            )
        )
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        typed.append(time.perf_counter() - started)
    completed, hovered = [], []
    for _ in range(10):
        started = time.perf_counter()
        await client.text_document_completion_async(
            types.CompletionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=last, character=0),
            )
        )
        completed.append(time.perf_counter() - started)
        started = time.perf_counter()
        await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=last, character=len(line) - 1),
            )
        )
        hovered.append(time.perf_counter() - started)
    await client.shutdown_session()
    await client.stop()
    print(f"  open (whole replay):         {opened * 1e3:6.1f} ms")
    print(f"  keystroke -> diagnostics:    {_ms(typed)}")
    print(f"  completion at the last move: {_ms(completed)}")
    print(f"  hover at the last move:      {_ms(hovered)}")


def in_process(path: Path) -> None:
    """Moves replayed for a keystroke at the end, kept positions against none."""
    text = path.read_text(encoding="utf-8")
    game = game_for(text)
    first = analyse(game, text, str(path))
    lines = text.split("\n")
    last = first.moves[-1].line - 1
    edited = "\n".join([*lines[:last], lines[last] + " ", *lines[last + 1 :]])
    fresh, kept = [], []
    previous = first
    for _ in range(10):
        started = time.perf_counter()
        analyse(game, edited, str(path))
        fresh.append(time.perf_counter() - started)
        started = time.perf_counter()
        again = analyse(game, edited, str(path), previous=previous)
        kept.append(time.perf_counter() - started)
        previous = analyse(game, text, str(path), previous=again)
    replayed = len(first.moves) - again.replayed_from
    print(f"  moves replayed per keystroke: {replayed} of {len(first.moves)}")
    print(f"  analysis from the start:     {_ms(fresh)}")
    print(f"  analysis from a kept place:  {_ms(kept)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keys", type=int, default=40, help="keystrokes typed per sample")
    args = parser.parse_args()
    for path in longest_samples():
        lines = path.read_text(encoding="utf-8").count("\n")
        print(f"{path.relative_to(ROOT)} ({lines} lines)")
        in_process(path)
        asyncio.run(through_the_protocol(path, args.keys))


if __name__ == "__main__":
    main()

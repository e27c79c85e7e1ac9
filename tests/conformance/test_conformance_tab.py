"""One Tab fills every word the legal lines share (as a shell fills its matches' common
start): checked in every game of the registry, at positions spread over its samples
(a game whose lines never share two words after a word typed opts out, with why)."""

from __future__ import annotations

from pathlib import Path

import pytest
from declared import check_applies, packages

from gamelog import games
from gamelog.core.complete import _ENDS, Completer, common_start, seat_of
from gamelog.core.replay import replay

ROOT = Path(__file__).resolve().parents[2]
#: Positions tried per sample, spread from its first move to its last: enough to meet a
#: shared continuation (a setup's moves seldom have one), few enough to be quick.
POSITIONS = 12


def _shared_case(completer: Completer) -> tuple[str, str] | None:
    """A word-start prefix of a legal line after which every listed line it starts shares
    at least two more words, and those words; None where the position has none."""
    # a form's blank is never crossed: a prefix a form goes on from (or into) is no case
    forms = [line.split("<", 1)[0].casefold() for line, _, form in completer.listed if form]
    for line in completer.lines:
        for cut in (i + 1 for i, c in enumerate(line) if c == " "):
            typed = line[:cut]
            folded = typed.casefold()
            if any(form.startswith(folded) or folded.startswith(form) for form in forms):
                continue
            rests = [
                other[cut:]
                for other in completer.lines
                if other.casefold().startswith(typed.casefold()) and len(other) > cut
            ]
            shared = common_start(rests)
            end = len(shared)
            if any(len(r) > end and r[end] not in _ENDS for r in rests):
                while end and shared[end - 1] not in _ENDS:
                    end -= 1
            if len(shared[:end].split()) >= 2:
                return typed, shared[:end]
    return None


@pytest.mark.parametrize("package", packages())
def test_tab_fills_a_shared_continuation_of_several_words(package: str) -> None:
    check_applies(package, "tab-shared-words")
    rules = games.load(package)
    for sample in sorted((ROOT / "samples" / package).iterdir()):
        if sample.suffix not in (".log", ".txt"):
            continue
        text = sample.read_text(encoding="utf-8")
        result = replay(rules, text, str(sample))
        if result.error is not None or result.log is None or not result.log.moves:
            continue
        lines = text.split("\n")
        moves = result.log.moves
        step = max(1, len(moves) // POSITIONS)
        for move in moves[::step][:POSITIONS]:
            before = "".join(f"{line}\n" for line in lines[: move.line - 1])
            at = replay(rules, before, str(sample))
            if at.error is not None or at.state is None:
                continue
            completer = Completer(rules, at.state, at.log, before, str(sample))
            case = _shared_case(completer)
            if case is None:
                continue
            typed, shared = case
            if seat_of(typed, completer.names) is None:
                continue
            matches = completer.complete(typed)
            assert common_start(matches) == typed + shared, (sample.name, typed, matches)
            return
    pytest.fail(f"{package}: no position of its samples has legal lines sharing two words")

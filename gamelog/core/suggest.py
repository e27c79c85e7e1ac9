"""Suggestions for a mistyped word: the known words nearest to it ("did you mean ...?").

People at a table misspell in a few typical ways: a letter dropped, doubled or
changed, two letters swapped (``gmae``), a word in the wrong case. The distance
used here counts each of those as one edit (optimal string alignment, i.e.
Levenshtein plus adjacent transpositions), compared without regard to case.
A candidate is offered only when it is close enough that the suggestion is
likely to be what was meant, scaled to the length of the word.
"""

from __future__ import annotations

from collections.abc import Iterable


def distance(a: str, b: str) -> int:
    """Edits (insert, delete, substitute, swap two neighbours) from ``a`` to ``b``,
    ignoring case."""
    a, b = a.casefold(), b.casefold()
    if a == b:
        return 0
    if not a or not b:
        return max(len(a), len(b))
    before: list[int] | None = None
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, start=1):
        current = [i, *([0] * len(b))]
        for j, char_b in enumerate(b, start=1):
            cost = char_a != char_b
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if before is not None and i > 1 and j > 1 and char_a == b[j - 2] and a[i - 2] == char_b:
                current[j] = min(current[j], before[j - 2] + 1)
        before, previous = previous, current
    return previous[-1]


def tolerance(word: str) -> int:
    """How many edits still look like a typo of a word this long (1 for short words,
    growing to 3 for long names)."""
    return max(1, min(3, len(word) // 3))


def nearest(word: str, candidates: Iterable[str], *, limit: int = 3) -> list[str]:
    """The candidates close enough to ``word`` to be what was meant, nearest first
    (ties in the candidates' own order); a candidate that starts with the word, as
    an abbreviation does, counts as close."""
    scored: list[tuple[int, int, str]] = []
    folded = word.casefold()
    allowed = tolerance(word)
    seen: set[str] = set()
    for index, candidate in enumerate(candidates):
        if candidate in seen:
            continue
        seen.add(candidate)
        edits = distance(word, candidate)
        if edits <= allowed or (len(folded) >= 3 and candidate.casefold().startswith(folded)):
            scored.append((edits, index, candidate))
    scored.sort()
    return [candidate for _, _, candidate in scored[:limit]]


def did_you_mean(word: str, candidates: Iterable[str], *, quote: str = "'") -> str:
    """``"did you mean 'x'?"`` (or ``'x' or 'y'``), or an empty string when nothing is
    close."""
    close = nearest(word, candidates)
    if not close:
        return ""
    shown = [f"{quote}{candidate}{quote}" for candidate in close]
    if len(shown) == 1:
        return f"did you mean {shown[0]}?"
    return f"did you mean {', '.join(shown[:-1])} or {shown[-1]}?"


def suggestion(word: str, candidates: Iterable[str], *, quote: str = "'") -> str:
    """The end of a message about a mistyped word: ``"; did you mean 'x'?"``, or an
    empty string when nothing is close."""
    hint = did_you_mean(word, candidates, quote=quote)
    return f"; {hint}" if hint else ""

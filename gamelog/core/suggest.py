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
    ignoring case.

    Computed a column of the edit table at a time as bits of one integer (Hyyrö's
    bit-vector form of Myers' algorithm, with his step for swaps): a few integer
    operations per letter of ``b`` instead of one comparison per pair of letters, so
    that ranking hundreds of legal lines against a written one stays quick."""
    a, b = a.casefold(), b.casefold()
    if a == b:
        return 0
    if not a or not b:
        return max(len(a), len(b))
    full = (1 << len(a)) - 1
    last = 1 << (len(a) - 1)
    where = _places(a)
    plus, minus, diagonal, before = full, 0, 0, 0  # the column's +1 and -1 steps
    edits = len(a)
    for letter in b:
        match = where.get(letter, 0)
        swap = (((~diagonal) & match) << 1) & before
        diagonal = ((((match & plus) + plus) ^ plus) | match | minus | swap) & full
        right_up = (minus | ~(diagonal | plus)) & full
        right_down = diagonal & plus
        if right_up & last:
            edits += 1
        elif right_down & last:
            edits -= 1
        right_up = ((right_up << 1) | 1) & full
        right_down = (right_down << 1) & full
        plus = (right_down | ~(diagonal | right_up)) & full
        minus = diagonal & right_up
        before = match
    return edits


def _places(a: str) -> dict[str, int]:
    """Each letter of ``a``: the bits of its places (bit i for ``a[i]``), each made at
    once from a string of 0s and 1s: setting a bit at a time in an integer as long as
    ``a`` would cost the square of its length."""
    backwards = a[::-1]
    letters = set(a)
    zeros = dict.fromkeys(map(ord, letters), "0")
    return {letter: int(backwards.translate({**zeros, ord(letter): "1"}), 2) for letter in letters}


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
        theirs = candidate.casefold()
        abbreviation = len(folded) >= 3 and theirs.startswith(folded)
        if not abbreviation and abs(len(theirs) - len(folded)) > allowed:
            continue  # more edits than allowed at the least: no need to count them
        edits = distance(word, candidate)
        if edits <= allowed or abbreviation:
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


def suggestion(
    word: str, candidates: Iterable[str], *, quote: str = "'", not_itself: bool = False
) -> str:
    """The end of a message about a mistyped word: ``"; did you mean 'x'?"``, or an
    empty string when nothing is close. ``not_itself``: the word is never offered,
    whatever its case (a name the log spelt right, whose message says why it is not
    there: a plant not in the market, a tile already taken)."""
    if not_itself:
        candidates = [c for c in candidates if c.casefold() != word.casefold()]
    hint = did_you_mean(word, candidates, quote=quote)
    return f"; {hint}" if hint else ""

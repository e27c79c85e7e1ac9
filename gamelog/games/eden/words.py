"""Small helpers that put numbers and field names into readable messages."""

from __future__ import annotations

from collections.abc import Iterable


def field_list(fields: Iterable[str]) -> str:
    """``C3, C4 and D5`` for messages."""
    names = list(fields)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def counted(number: int, word: str) -> str:
    """``1 point``, ``3 points``."""
    return f"{number} {word}{'' if number == 1 else 's'}"

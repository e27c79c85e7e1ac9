"""English for the messages: a count with its noun in the right number."""

from __future__ import annotations


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``1 move``, ``2 moves``, ``0 moves``: the noun plural unless the number is one
    (``plural`` where adding an s is wrong: ``1 copy``, ``2 copies``)."""
    many = plural if plural is not None else noun + "s"
    return f"{number} {noun if number == 1 else many}"

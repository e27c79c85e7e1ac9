"""Recognising an Eden log that has no ``game:`` line, without importing the engine."""

import re

#: A turn that irrigates a field or cultivates a shape (a letter and its size) on
#: fields: ``Ann: irrigate D4``, ``Ben: income 20, cultivate O4 F1 G1 F2 G2``. Mystical
#: Seeds cultivates too, but a plant card by its name, never a shape on fields.
_TURN = re.compile(
    r"^\s*[^\W\d_][\w'\-]*\s*:[^\n#]*?"
    r"\b(?:irrigate\s+[a-g][1-7]|cultivate\s+[a-z]\d\s+[a-g][1-7])\b",
    re.I | re.M,
)


def looks_like(text: str) -> bool:
    """A line like ``Ann: irrigate C4`` near the top marks an Eden log."""
    return _TURN.search(text, 0, 20_000) is not None

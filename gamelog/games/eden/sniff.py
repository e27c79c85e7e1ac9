"""Recognising an Eden log that has no ``game:`` line, without importing the engine."""

import re

_TURN = re.compile(r"^\s*[^\W\d_][\w'\-]*\s*:\s*(irrigate|cultivate)\s", re.I | re.M)


def looks_like(text: str) -> bool:
    """A line like ``Ann: irrigate C4`` near the top marks an Eden log."""
    return _TURN.search(text, 0, 20_000) is not None

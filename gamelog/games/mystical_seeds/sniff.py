"""Recognising a Mystical Seeds log that has no ``game:`` line, without importing the
engine."""

import re

_HEADER = re.compile(r"^\s*(research\s*:\s*L[12]\b|bookshelf\s+II?\s*:)", re.IGNORECASE | re.M)


def looks_like(text: str) -> bool:
    """A Research Area or Bookshelf header line marks a Mystical Seeds log."""
    return _HEADER.search(text, 0, 20_000) is not None

"""Recognising a Mystic Vale log that has no ``game:`` line, without importing the engine."""

import re

#: A turn line: the player, the sleeves turned up (numbers), then a word (``pass``,
#: ``spoil``, ``empty``, or one mistyped: the notation's error says which). No other
#: game's move starts with numbers.
_TURN_LINE = re.compile(r"^\s*[^\W\d_][\w'-]*\s*:\s*\d+(?:[\s,]+\d+)*\s+[^\W\d_]", re.I)


def looks_like(text: str) -> bool:
    """A turn line (``Ann: 4 11 13 17 pass``) in the first 200 lines marks our notation."""
    return any(_TURN_LINE.match(line) for line in text.splitlines()[:200])

"""Recognising a Seikatsu log that has no ``game:`` line, without importing the engine."""

import re

_MOVE_LINE = re.compile(
    r"^\s*[^\W\d_][\w' -]*:\s*(koi|[rgnb][pkob]|[a-z]+/[a-z]+)\b.*\b[a-g][1-7]\s*(#.*)?$",
    re.IGNORECASE | re.MULTILINE,
)
_PLAYERS_LINE = re.compile(r"^\s*players\s*:.*\((pink|blue|green)\)", re.IGNORECASE | re.MULTILINE)


def looks_like(text: str) -> bool:
    """Players with pagoda colours and a tile placed on a space mark a Seikatsu log."""
    head = text[:20_000]
    return bool(_PLAYERS_LINE.search(head) and _MOVE_LINE.search(head))

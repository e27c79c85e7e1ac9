"""What Seikatsu is, apart from its engine: the facts the registry reads
(core/meta.py), and how a log of it without a ``game:`` line is recognised.
Imports nothing of the engine."""

from __future__ import annotations

import re

from gamelog.core.meta import GameMeta

_MOVE_LINE = re.compile(
    r"^\s*[^\W\d_][\w' -]*:\s*(koi|[rgnb][pkob]|[a-z]+/[a-z]+)\b.*\b[a-g][1-7]\s*(#.*)?$",
    re.IGNORECASE | re.MULTILINE,
)
_PLAYERS_LINE = re.compile(r"^\s*players\s*:.*\((pink|blue|green)\)", re.IGNORECASE | re.MULTILINE)


def looks_like(text: str) -> bool:
    """Players with pagoda colours and a tile placed on a space mark a Seikatsu log."""
    head = text[:20_000]
    if "players" not in head.lower():  # the word first: the patterns try every line
        return False
    return bool(_PLAYERS_LINE.search(head) and _MOVE_LINE.search(head))


META = GameMeta(
    name="seikatsu",
    title="Seikatsu",
    min_players=2,
    max_players=3,
    notation_hint="Ann: GK at C4  (bird R/G/N/B + flower P/K/O/B; Bob: koi as grey at E5)",
    looks_like=looks_like,
)

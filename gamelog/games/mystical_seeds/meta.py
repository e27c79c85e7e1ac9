"""What Mystical Seeds is, apart from its engine: the facts the registry reads
(core/meta.py), and how a log of it without a ``game:`` line is recognised.
Imports nothing of the engine."""

from __future__ import annotations

import re

from gamelog.core.meta import GameMeta

_HEADER = re.compile(r"^\s*(research\s*:\s*L[12]\b|bookshelf\s+II?\s*:)", re.IGNORECASE | re.M)


def looks_like(text: str) -> bool:
    """A Research Area or Bookshelf header line marks a Mystical Seeds log (the words
    looked for first: the pattern is tried at every line start of another game's log)."""
    head = text[:20_000].lower()
    if "research" not in head and "bookshelf" not in head:
        return False
    return _HEADER.search(text, 0, 20_000) is not None


META = GameMeta(
    name="mystical-seeds",
    title="Mystical Seeds",
    aliases=("mystical_seeds", "mysticalseeds"),
    min_players=2,
    max_players=4,
    notation_hint="Ann: collect upgrade; upgrade 1 to orange; fairy to red",
    looks_like=looks_like,
)

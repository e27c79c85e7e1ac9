"""What Mystic Vale is, apart from its engine: the facts the registry reads
(core/meta.py), and how a log of it without a ``game:`` line is recognised.
Imports nothing of the engine."""

from __future__ import annotations

import re

from gamelog.core.meta import GameMeta

#: A turn line: the player, the sleeves turned up (numbers), then a word (``pass``,
#: ``spoil``, ``empty``, or one mistyped: the notation's error says which). No other
#: game's move starts with numbers.
_TURN_LINE = re.compile(r"^\s*[^\W\d_][\w'-]*\s*:\s*\d+(?:[\s,]+\d+)*\s+[^\W\d_]", re.I)
#: What every turn line holds: a colon, blanks, a digit.
_NUMBER_AFTER_COLON = re.compile(r":\s*\d")


def looks_like(text: str) -> bool:
    """A turn line (``Ann: 4 11 13 17 pass``) in the first 200 lines marks our notation.
    A number after a colon is looked for first, in one pass over the text: most logs
    of other games hold none, and they are spared matching the pattern line by line."""
    if _NUMBER_AFTER_COLON.search(text) is None:
        return False
    return any(_TURN_LINE.match(line) for line in text.splitlines()[:200])


META = GameMeta(
    name="mystic-vale",
    title="Mystic Vale",
    aliases=("mystic_vale", "mysticvale"),
    min_players=2,
    max_players=4,
    notation_hint=("Ann: 4 11 13 17 18 pass; buy Grove Keeper top into 13; buy vale Sun Pool"),
    looks_like=looks_like,
)

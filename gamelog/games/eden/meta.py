"""What Eden is, apart from its engine: the facts the registry reads
(core/meta.py), and how a log of it without a ``game:`` line is recognised.
Imports nothing of the engine."""

from __future__ import annotations

import re

from gamelog.core.meta import GameMeta

#: A turn that irrigates a field or cultivates a shape (a letter and its size) on
#: fields: ``Ann: irrigate D4``, ``Ben: income 20, cultivate O4 F1 G1 F2 G2``. Mystical
#: Seeds cultivates too, but a plant card by its name, never a shape on fields.
_TURN = re.compile(
    r"^\s*[^\W\d_][\w'\-]*\s*:[^\n#]*?"
    r"\b(?:irrigate\s+[a-g][1-7]|cultivate\s+[a-z]\d\s+[a-g][1-7])\b",
    re.I | re.M,
)


def looks_like(text: str) -> bool:
    """A line like ``Ann: irrigate C4`` near the top marks an Eden log.

    The words looked for first: the turn pattern tries every line's every position,
    and every log without a ``game:`` line of a game sniffed after Eden (Terra
    Mystica's command logs, most of an archive) was paying it, a twelfth of its audit."""
    head = text[:20_000].lower()
    if "irrigate" not in head and "cultivate" not in head:
        return False
    return _TURN.search(text, 0, 20_000) is not None


META = GameMeta(
    name="eden",
    title="Eden",
    min_players=2,
    max_players=4,
    notation_hint=(
        "Ann: irrigate D4, attack E4 bid 10, Ben 15, Ann accepts; "
        "Ben: cultivate L4 C3 C4 C5 D5, draws C2"
    ),
    looks_like=looks_like,
)

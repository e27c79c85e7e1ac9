"""Small helpers that put numbers and words into readable messages."""

from __future__ import annotations

from collections.abc import Iterable

from gamelog.core.suggest import suggestion as core_suggestion


def article(word: str) -> str:
    """``a`` or ``an`` before ``word`` (an Upgrade, a Graft, an orange seed)."""
    return "an" if word[0] in "aeiou" else "a"


def points_text(value: float) -> str:
    """Prestige as written: ``10``, ``10.5``."""
    return str(int(value)) if value == int(value) else str(value)


def suggestion(written: str, candidates: Iterable[str], *, quote: str = "'") -> str:
    """``; did you mean 'x'?`` for the candidates nearest to a name the log wrote, or
    an empty string when none is close (plant names are quoted as the log writes
    them: ``quote='"'``). The name itself is never offered, whatever its case: the log
    spelt it right, and the message says why it is not there."""
    others = [c for c in candidates if c.casefold() != written.casefold()]
    return core_suggestion(written, others, quote=quote)

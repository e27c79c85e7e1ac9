"""Small helpers that put numbers and words into readable messages."""

from __future__ import annotations


def article(word: str) -> str:
    """``a`` or ``an`` before ``word`` (an Upgrade, a Graft, an orange seed)."""
    return "an" if word[0] in "aeiou" else "a"


def points_text(value: float) -> str:
    """Prestige as written: ``10``, ``10.5``."""
    return str(int(value)) if value == int(value) else str(value)

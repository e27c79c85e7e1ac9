"""A move written back as its notation line: a Seikatsu placement as the notation
writes it (``Ann: GK at C4``, ``Bob: koi as grey at E5``), so that the line, parsed
again, is the same placement. What ``legal.py`` lists is written here."""

from __future__ import annotations


def garden_tile(player: str, code: str, space: str) -> str:
    """A garden tile by its code (bird letter, flower letter) placed on ``space``."""
    return f"{player}: {code} at {space}"


def koi(player: str, space: str, as_bird: str | None = None) -> str:
    """A koi tile on ``space``, counted as the bird ``as_bird`` where one is named
    (without one, it counts as the bird that scores most there)."""
    named = f" as {as_bird}" if as_bird else ""
    return f"{player}: koi{named} at {space}"

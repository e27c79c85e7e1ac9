"""Seed colours and the colour rules: levels, upgrades, grafts, substitutes and tracks.

Everything about what a seed *is* lives here, so the engine, the notation and
the tests share one reading of the rule text's colour tables.
"""

from __future__ import annotations

from collections.abc import Iterable

#: The three primary colours: Level 1 seeds, Garden locations and Knowledge tracks.
PRIMARY: tuple[str, ...] = ("red", "yellow", "blue")
#: Level 2 seeds, each the mix of two primaries.
SECONDARY: tuple[str, ...] = ("orange", "green", "purple")
BROWN = "brown"
COLOURS: tuple[str, ...] = (*PRIMARY, *SECONDARY, BROWN)

#: The two primaries each Level 2 colour is made of (and advances, and stands in for).
COMPONENTS: dict[str, frozenset[str]] = {
    "orange": frozenset({"red", "yellow"}),
    "green": frozenset({"yellow", "blue"}),
    "purple": frozenset({"red", "blue"}),
}
_MIX: dict[frozenset[str], str] = {parts: mix for mix, parts in COMPONENTS.items()}


def level(colour: str) -> int:
    """1 for red/yellow/blue, 2 for orange/green/purple, 3 for brown."""
    if colour in PRIMARY:
        return 1
    if colour in SECONDARY:
        return 2
    return 3


def upgrades(colour: str, *, level3: bool = False) -> tuple[str, ...]:
    """What an Upgrade may turn ``colour`` into: a primary becomes one of the two
    Level 2 colours containing it; a Level 2 seed becomes brown only with the
    Knowledge tile that allows it (``level3``)."""
    if colour in PRIMARY:
        return tuple(mix for mix in SECONDARY if colour in COMPONENTS[mix])
    if colour in SECONDARY and level3:
        return (BROWN,)
    return ()


def graft_result(first: str, second: str) -> str | None:
    """The seed two seeds merge into, or None when the rules forbid the pair.

    Two different primaries give their Level 2 mix; a primary with a Level 2 seed
    gives brown; two primaries of one colour, two Level 2 seeds or anything with
    brown cannot be merged.
    """
    levels = sorted((level(first), level(second)))
    if levels == [1, 1]:
        return _MIX.get(frozenset({first, second}))
    if levels == [1, 2]:
        return BROWN
    return None


def graft_refusal(first: str, second: str) -> str:
    """Why two seeds cannot be merged, in the rule text's words."""
    if first == second and level(first) == 1:
        return "two Level 1 seeds of the same colour cannot be merged"
    if level(first) == 2 and level(second) == 2:
        return "two Level 2 seeds cannot be merged"
    return "a brown (Level 3) seed cannot be merged with anything"


def substitutes(paid: str, shown: str) -> bool:
    """Whether a seed ``paid`` may be traded in for the seed ``shown`` on a plant card:
    the same colour, brown for any seed, a Level 2 seed for either of its primaries."""
    if paid in (shown, BROWN):
        return True
    return paid in COMPONENTS and shown in COMPONENTS[paid]


def tracks_for(colour: str) -> tuple[str, ...]:
    """The Knowledge tracks a seed shown on a plant card may advance."""
    if colour in PRIMARY:
        return (colour,)
    if colour in COMPONENTS:
        return tuple(track for track in PRIMARY if track in COMPONENTS[colour])
    return PRIMARY


def describe_seeds(colours: Iterable[str]) -> str:
    """``red red yellow`` style listing, or "no seeds"."""
    words = list(colours)
    return " ".join(words) if words else "no seeds"

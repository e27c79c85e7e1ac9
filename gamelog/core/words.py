"""English for messages, written once for every game: counted nouns, lists of names,
articles, possessives, amounts.

Every game's messages name numbers of things (``1 point``, ``3 points``), lists of
fields (``C3, C4 and D5``) and factions (``the halflings' turn``). Written inline,
each game grew its own copy, and the copies drifted (a missing plural here, an
Oxford comma there); here each is one function, and a change shows in every game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def plural(count: int, singular: str, many: str | None = None) -> str:
    """``singular`` for exactly one, else its plural (``many``, or ``singular + "s"``):
    ``plural(2, "fairy", "fairies")``; also for verbs: ``plural(n, "is", "are")``."""
    if count == 1:
        return singular
    return singular + "s" if many is None else many


def counted(count: int, singular: str, many: str | None = None) -> str:
    """``1 point``, ``3 points``, ``2 fairies`` (with ``many="fairies"``)."""
    return f"{count} {plural(count, singular, many)}"


def field_list(items: Iterable[str], *, none: str = "") -> str:
    """``C3, C4 and D5``; one item alone; ``none`` for no item at all."""
    names = list(items)
    if not names:
        return none
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def article(word: str) -> str:
    """``a`` or ``an`` before ``word`` (an Upgrade, a Graft, an orange seed), by its
    first letter."""
    return "an" if word[:1].lower() in ("a", "e", "i", "o", "u") else "a"


def with_article(word: str) -> str:
    """``a darklings``, ``an engineers``: ``word`` after its article."""
    return f"{article(word)} {word}"


def possessive(name: str) -> str:
    """``halflings'``, ``auren's``: a name that ends in s takes only the apostrophe."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def number_text(value: float) -> str:
    """A number as a score sheet writes it: ``10``, not ``10.0``; ``10.5``."""
    return str(int(value)) if value == int(value) else str(value)


def amount_text(amount: int, kind: str, names: Mapping[str, tuple[str, str]]) -> str:
    """``2 coins``, ``1 worker``: ``amount`` of ``kind`` in the words ``names`` gives
    (singular, plural) for it; a kind without words is written as it is."""
    singular, many = names.get(kind, (kind, kind))
    return f"{amount} {singular if amount == 1 else many}"


def amounts_text(amounts: Mapping[str, int], names: Mapping[str, tuple[str, str]]) -> str:
    """``3 coins, 1 worker and 2 priests`` for the non-zero amounts, ``nothing`` when
    there are none."""
    return field_list(
        (amount_text(v, k, names) for k, v in amounts.items() if v),
        none="nothing",
    )

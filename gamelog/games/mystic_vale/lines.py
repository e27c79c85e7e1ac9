"""A move written back as its notation line: a Mystic Vale turn's planting line (the
sleeves turned up, then pass or spoil) and its harvest line (purchases, refills,
tokens), each card named the way the grammar reads it back. What ``legal.py``
lists is written here."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from gamelog.games.mystic_vale.moves import (
    Action,
    BuyAdvancement,
    BuyVale,
    RefillAdvancement,
    RefillVale,
    SpendToken,
)


def planting(player: str, reveals: Iterable[int], exhausted: bool, outcome: str) -> str:
    """``Ann: 4 11 13 pass``: the sleeves turned up, ``empty`` where the deck ran out
    before the planting ended, and the outcome."""
    sleeves = " ".join(str(sleeve) for sleeve in reveals)
    return f"{player}: {sleeves}{' empty' if exhausted else ''} {outcome}"


def harvest(player: str, actions: Iterable[Action]) -> str:
    """``Ann: buy Grove Keeper top into 13; token``: the harvest's actions in order."""
    return f"{player}: {'; '.join(action_text(action) for action in actions)}"


def action_text(action: Action) -> str:
    """An action as the notation writes it."""
    if isinstance(action, BuyAdvancement):
        into = card_name(action.sleeve_card) if action.sleeve_card else action.sleeve
        return f"buy {card_name(action.card)} {action.position} into {into}"
    if isinstance(action, BuyVale):
        return f"buy vale {card_name(action.card)}"
    if isinstance(action, RefillAdvancement):
        return f"refill {card_name(action.card)} {action.position}"
    if isinstance(action, RefillVale):
        return f"refill vale {card_name(action.card)}"
    if isinstance(action, SpendToken):
        return "token"
    raise TypeError(action)  # pragma: no cover - every action kind is written above


#: A word the grammar reads as part of a card name (common.lark's NAME), unless it is a
#: keyword that may follow a name there.
_NAME_WORD = re.compile(r"[^\W\d_][\w'\-]*")
_AFTER_A_NAME = {"top", "middle", "bottom", "into"}


@functools.lru_cache(maxsize=1024)
def card_name(name: str) -> str:
    """A card name as a line writes it: in double quotes where the grammar would read a
    word of it otherwise (``buy "Top Soil" middle into 4``)."""
    words = name.split()
    plain = all(
        _NAME_WORD.fullmatch(word) and word.casefold() not in _AFTER_A_NAME for word in words
    )
    return name if plain and words[0].casefold() != "vale" else f'"{name}"'

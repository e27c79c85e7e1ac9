"""Paying for a plant: do the seeds traded in cover the seeds the card shows?

Each seed traded in stands for one seed shown (the same colour, brown for any,
a Level 2 seed for either of its primaries). With Thrift tiles, up to that many
Level 1 seeds shown may go unpaid. It is a small bipartite matching; cards show
a handful of seeds, so trying which Level 1 seeds to leave out is cheap.
"""

from __future__ import annotations

from itertools import combinations

from gamelog.games.mystical_seeds.seeds import level, substitutes


def _perfect_matching(paid: list[str], shown: list[str]) -> bool:
    """Whether every paid seed can stand for a different shown seed, covering all."""
    if len(paid) != len(shown):
        return False
    owner: list[int | None] = [None] * len(shown)

    def assign(payer: int, seen: set[int]) -> bool:
        for slot, wanted in enumerate(shown):
            if slot in seen or not substitutes(paid[payer], wanted):
                continue
            seen.add(slot)
            holder = owner[slot]
            if holder is None or assign(holder, seen):
                owner[slot] = payer
                return True
        return False

    return all(assign(payer, set()) for payer in range(len(paid)))


def covers(paid: list[str], shown: list[str], unpaid_level1: int = 0) -> bool:
    """Whether ``paid`` pays exactly for ``shown``, leaving out at most
    ``unpaid_level1`` Level 1 seeds shown."""
    missing = len(shown) - len(paid)
    if missing < 0 or missing > unpaid_level1:
        return False
    primaries = [index for index, seed in enumerate(shown) if level(seed) == 1]
    for skipped in combinations(primaries, missing):
        rest = [seed for index, seed in enumerate(shown) if index not in skipped]
        if _perfect_matching(paid, rest):
            return True
    return False


def shortfall(paid: list[str], shown: list[str]) -> list[str]:
    """Facts that explain a failed payment: which seeds shown nothing paid can cover,
    and which seeds paid cover nothing shown."""
    facts: list[str] = []
    uncovered = [seed for seed in shown if not any(substitutes(p, seed) for p in paid)]
    if uncovered:
        facts.append(f"nothing traded in can stand for {' '.join(uncovered)}")
    useless = [seed for seed in paid if not any(substitutes(seed, s) for s in shown)]
    if useless:
        facts.append(f"{' '.join(useless)} cannot stand for any seed the card shows")
    return facts

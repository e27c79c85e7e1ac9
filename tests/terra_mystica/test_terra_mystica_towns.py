"""The groups of own buildings that town detection keeps as they grow (rules/towns.py:
a union-find with each group's power and size) are, after every move of every corpus
game, exactly the groups a walk over the map finds: a town found or missed because a
group was kept wrong would change a game's VP only sometimes, so every position of
the league and Fire & Ice corpora is compared."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gamelog.core.replay import replay
from gamelog.games.terra_mystica import GAME
from gamelog.games.terra_mystica.rules import towns
from gamelog.games.terra_mystica.state import Faction, TerraMysticaState

CORPORA = Path(__file__).resolve().parent.parent / "corpus"
LOGS = sorted((CORPORA / "terra_mystica" / "commands").glob("*.txt")) + sorted(
    (CORPORA / "terra_mystica_fire_ice").rglob("*.txt")
)


def walked_groups(state: TerraMysticaState, f: Faction) -> set[tuple[frozenset[str], int, int]]:
    """Each group of ``f``'s linked buildings with its power and size, by a walk."""
    seen: set[str] = set()
    groups = set()
    for start in f.locations:
        if start in seen:
            continue
        members = {start}
        stack = [start]
        while stack:
            here = stack.pop()
            for other in towns.adjacent_own_buildings(state, f, here):
                if other not in members:
                    members.add(other)
                    stack.append(other)
        seen |= members
        kinds = [state.building[h] for h in members]
        power = sum(f.building_power[k] for k in kinds)
        size = sum(2 if k == "SA" else 1 for k in kinds)
        groups.add((frozenset(members), power, size))
    return groups


def kept_groups(f: Faction) -> set[tuple[frozenset[str], int, int]]:
    """The same, as the union-find keeps them."""
    members: dict[str, set[str]] = {}
    for here in f.group_of:
        members.setdefault(towns._root(f.group_of, here), set()).add(here)
    return {
        (frozenset(hexes), f.group_power[top], f.group_size[top]) for top, hexes in members.items()
    }


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.name)
def test_kept_groups_are_the_walked_groups_after_every_move(path: Path) -> None:
    checked = 0

    def check(step: Any, state: TerraMysticaState) -> None:
        nonlocal checked
        for f in state.order:
            assert kept_groups(f) == walked_groups(state, f), (path.name, step.number, f.name)
            checked += len(f.group_of)

    replay(GAME, path.read_text(encoding="utf-8"), str(path), on_step=check)
    assert checked or "illegal" in path.parts  # a game that plays has buildings to check

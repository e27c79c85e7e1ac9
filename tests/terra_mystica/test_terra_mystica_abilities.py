"""Faction abilities behind named hooks: every hook the data names exists, the
factions without one do nothing there, and the Cultists' claim on the top of a
cult track works through its hook."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamelog.core.replay import replay
from gamelog.games.terra_mystica import GAME, meta
from gamelog.games.terra_mystica.components import ALL_FACTION_NAMES, FACTIONS
from gamelog.games.terra_mystica.notation import rewrites
from gamelog.games.terra_mystica.rules import abilities
from gamelog.games.terra_mystica.state import TerraMysticaState, owed

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "terra_mystica"
WITH_CULTISTS = (CORPUS / "commands" / "4pLeague_S2_D1L1_G1_has_giants.txt").read_text()


def test_every_hook_the_data_names_is_a_function_of_its_hook_point() -> None:
    named = {(point, name) for spec in FACTIONS.values() for point, name in spec.hooks.items()}
    assert named, "the data names hooks"
    for point, name in named:
        assert point in (*abilities.HOOK_POINTS, "line"), point
        functions = rewrites.LINE_HOOKS if point == "line" else abilities.HOOKS
        assert name in functions, name
    assert {spec.name for spec in FACTIONS.values() if spec.hooks} == {"cultists", "engineers"}


def test_factions_without_hooks_have_none() -> None:
    assert abilities.of("witches") == {}
    assert abilities.of("nofaction2") == {}
    assert set(abilities.of("engineers")) == {"pass_vp"}  # "line" is the notation's


def test_the_recognised_factions_are_the_data_s() -> None:
    assert meta.faction_names() == ALL_FACTION_NAMES
    assert meta.faction_names()[: len(FACTIONS)] == tuple(FACTIONS)


@pytest.fixture
def state() -> TerraMysticaState:
    result = replay(GAME, "\n".join(WITH_CULTISTS.split("\n")[:60]), "cultists")
    assert result.error is None
    return result.state


def test_others_wait_while_the_cultists_owed_steps_could_reach_10(
    state: TerraMysticaState,
) -> None:
    cultists, witches = state.factions["cultists"], state.factions["witches"]
    cultists.r["KEY"], cultists.r["FIRE"] = 1, 9
    assert abilities.waiting_for(state, witches, "FIRE") is None  # 9 and nothing owed
    state.action_required.append(owed("cult", "cultists"))
    assert abilities.waiting_for(state, witches, "FIRE") is cultists
    assert abilities.waiting_for(state, cultists, "FIRE") is None  # not for themselves
    assert abilities.waiting_for(state, witches, "WATER") is None
    state.options.add("loose-cultist-ordering")
    assert abilities.waiting_for(state, witches, "FIRE") is None

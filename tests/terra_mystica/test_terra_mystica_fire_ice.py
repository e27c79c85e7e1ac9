"""Fire & Ice: faction variants, the boards they give, colour picks and the setup
steps, the ice and volcano factions' abilities. The example logs and the expected
VP are the oracle's (the site's engine run on them, see tests/corpus/
terra_mystica_fire_ice/README.md); the illegal logs are hand-made, each with the
line, column and reason it must be refused for."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamelog.core.errors import IllegalMove, SetupError
from gamelog.core.replay import replay
from gamelog.games.terra_mystica import GAME
from gamelog.games.terra_mystica.components import FACTION_VARIANTS

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "terra_mystica_fire_ice"
EXAMPLES = CORPUS / "examples"
ILLEGAL = CORPUS / "illegal"

HEADER = """option strict-leech
option fire-and-ice-factions/ice
option fire-and-ice-factions/volcano
score SCORE5,SCORE6,SCORE3,SCORE4,SCORE7,SCORE8
player alice
player bob
"""


def run(text: str):  # type: ignore[no-untyped-def]
    return replay(GAME, text, "scenario")


# --- variants and boards ---------------------------------------------------------------


def test_the_data_has_every_variant_of_the_site() -> None:
    assert set(FACTION_VARIANTS) == {
        "final_ice",
        "playtest_v1_ice",
        "final_volcano",
        "playtest_v1_volcano",
        "playtest_v2_volcano",
        "playtest_v3_volcano",
        "final_variable",
        "final_variable_v2",
        "final_variable_v3",
        "final_variable_v4",
        "final_variable_v5",
    }
    ice = FACTION_VARIANTS["final_ice"]["icemaidens"]
    assert ice.dig.advance_cost == {"W": 1, "C": 5, "P": 1}
    assert FACTION_VARIANTS["playtest_v1_ice"]["icemaidens"].dig.advance_cost == {"C": 5, "P": 1}
    assert FACTION_VARIANTS["final_ice"]["yetis"].start["P2"] == 12
    assert FACTION_VARIANTS["playtest_v1_volcano"]["acolytes"].start["W"] == 4
    assert FACTION_VARIANTS["playtest_v2_volcano"]["dragonlords"].buildings["SA"].cost == {
        "W": 4,
        "C": 6,
    }
    assert FACTION_VARIANTS["final_variable"]["shapeshifters"].display == "Shapeshifters (orig)"


def test_a_fire_and_ice_faction_needs_its_variant() -> None:
    result = run("player a\nsetup icemaidens\n")
    assert isinstance(result.error, SetupError)
    assert result.error.message == (
        "icemaidens is a Fire & Ice faction, and no faction variant with it is on"
    )
    assert "option fire-and-ice-factions/ice" in result.error.facts[0]


def test_factions_not_played_yet_are_refused_at_their_setup() -> None:
    result = run("option fire-and-ice-factions/volcano\nsetup acolytes\n")
    assert isinstance(result.error, SetupError)
    assert result.error.message == "Acolytes are not played yet by this engine"
    assert (result.error.line, result.error.column) == (2, 1)


def test_the_first_variant_with_the_faction_gives_its_board() -> None:
    # The faction-variant line is read before the setup adds the option's variant.
    text = (
        "option fire-and-ice-factions/variable\nfaction-variant final_variable_v4\n"
        "setup engineers\n"
    )
    state = run(text).state
    assert state.faction_variants == ["final_variable_v4", "final_variable"]
    text = "option fire-and-ice-factions/variable\ndelete BON1\nfaction-variant final_variable_v4\n"
    assert run(text).state.faction_variants == ["final_variable", "final_variable_v4"]


# --- the examples, against the oracle ------------------------------------------------------


def _oracle() -> dict[str, dict]:  # type: ignore[type-arg]
    lines = (EXAMPLES / "oracle.jsonl").read_text().splitlines()
    return {entry["file"]: entry for entry in map(json.loads, lines)}


PLAYED = ("icemaidens.txt", "yetis.txt")


@pytest.mark.parametrize("name", PLAYED)
def test_an_example_gives_the_oracle_s_vp(name: str) -> None:
    expected = _oracle()[name]
    result = run((EXAMPLES / name).read_text())
    assert result.error is None
    assert {f.name: f.r["VP"] for f in result.state.order} == expected["vp"]
    assert result.state.round == expected["round"]


def test_initial_dwellings_on_the_picked_colour_become_ice_and_ice_costs_the_wheel_distance() -> (
    None
):
    state = run((EXAMPLES / "icemaidens.txt").read_text()).state
    icemaidens = state.factions["icemaidens"]
    assert icemaidens.secondary_color == "gray"
    # F4 and H6 were gray; G2 was red (one step from gray): one spade, 3 workers.
    assert [state.colour[h] for h in ("F4", "H6", "G2")] == ["ice"] * 3
    assert icemaidens.tiles["favor"] == {"FAV11": True}


def test_yetis_power_actions_cost_one_power_less() -> None:
    text = (EXAMPLES / "yetis.txt").read_text().split("burn 3. action ACT3")[0]
    before = run(text + "burn 3\n").state.factions["yetis"].r["P3"]
    after = run(text + "burn 3. action ACT3\n").state.factions["yetis"].r["P3"]
    assert before - after == 3  # ACT3 costs 4 power, the Yetis pay 3


# --- refused logs ---------------------------------------------------------------------------

#: file -> (line, column, message, rule)
REFUSED = {
    "icemaidens_favor_after_the_dwellings.txt": (
        17,
        13,
        "icemaidens: build F4: the initial dwellings come after the colour picks and "
        "starting favor tiles",
        "setup order",
    ),
    "icemaidens_initial_dwelling_off_colour.txt": (
        18,
        13,
        "icemaidens: build E6: E6 is brown, not icemaidens' home terrain ice",
        "initial dwellings go on home terrain",
    ),
    "icemaidens_pick_twice.txt": (
        16,
        13,
        "icemaidens: pick-color red: icemaidens have no colour to pick",
        "the icemaidens pick one wheel colour (or ice), once",
    ),
    "icemaidens_picked_colour_blocks_its_faction.txt": (
        17,
        1,
        "witches cannot join: icemaidens already use green (their picked colour)",
        "each terrain colour belongs to one faction",
    ),
    "two_ice_factions.txt": (
        17,
        1,
        "yetis cannot join: icemaidens already play ice",
        "each terrain colour belongs to one faction",
    ),
    "yetis_pick_a_colour_in_play.txt": (
        8,
        8,
        "yetis: pick-color green: green is not available: the witches play it",
        "each terrain colour belongs to one faction",
    ),
    "yetis_power_action_twice_without_sh.txt": (
        25,
        16,
        "yetis: action ACT2: ACT2 has already been used this round",
        "each action space is used once per round",
    ),
}


def test_every_illegal_log_is_asserted() -> None:
    assert {p.name for p in ILLEGAL.glob("*.txt")} == set(REFUSED)


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_an_illegal_log_is_refused_where_and_why_the_site_refuses_it(name: str) -> None:
    line, column, message, rule = REFUSED[name]
    error = run((ILLEGAL / name).read_text()).error
    assert isinstance(error, IllegalMove | SetupError)
    assert (error.line, error.column, error.message, error.rule) == (line, column, message, rule)

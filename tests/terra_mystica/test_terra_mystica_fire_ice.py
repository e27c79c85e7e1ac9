"""Fire & Ice: faction variants, the boards they give, colour picks and the setup
steps, the ice and volcano factions' abilities. The example logs and the expected
VP are the oracle's (the site's engine run on them, see tests/corpus/
terra_mystica_fire_ice/README.md); the illegal logs are hand-made, each with the
line, column and reason it must be refused for."""

from __future__ import annotations

from pathlib import Path

from gamelog.core.errors import SetupError
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
    result = run("option fire-and-ice-factions/variable_v5\nsetup riverwalkers\n")
    assert isinstance(result.error, SetupError)
    assert result.error.message == "Riverwalkers are not played yet by this engine"
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

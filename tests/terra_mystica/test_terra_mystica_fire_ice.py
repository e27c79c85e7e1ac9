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


#: The examples of the factions played (the random ones are games gamelog wrote from
#: its legal moves, finished, in which each of the four builds its stronghold once);
#: the mixed ones seat one faction of each type together (Yetis, Acolytes,
#: Shapeshifters) on the 2017 VP map with the site's random setup and its F&I final
#: tile, or all four final tiles added by hand.
PLAYED = (
    "mixed_3p_randomize.txt",
    "mixed_3p_finished.txt",
    "all_final_tiles_finished.txt",
    "icemaidens.txt",
    "yetis.txt",
    "acolytes.txt",
    "dragonlords.txt",
    "random_2p_2000.txt",
    "random_5p_2003.txt",
    "random_4p_2006.txt",
    "random_2p_2020.txt",
    "acolytes_2017_vp.txt",
    "dragonlords_2017_vp.txt",
)


@pytest.mark.parametrize("name", PLAYED)
def test_an_example_gives_the_oracle_s_vp(name: str) -> None:
    expected = _oracle()[name]
    result = run((EXAMPLES / name).read_text())
    assert result.error is None
    assert {f.name: f.r["VP"] for f in result.state.order} == expected["vp"]
    assert result.state.round == expected["round"]
    assert result.state.finished == expected["finished"]


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

PICK_AFTER_SETUP = (
    "the volcano factions pick their colour after every faction is set up "
    "(a step that only logs with 'player' lines have)"
)
VOLCANO = (
    "the {faction} make a volcano with the terraform 'dig 1' gives, paying their board's "
    "price (more on a home terrain of a faction)"
)

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
    "acolytes_pick_before_every_setup.txt": (
        14,
        11,
        "acolytes: pick-color blue: acolytes cannot pick a colour yet",
        PICK_AFTER_SETUP,
    ),
    "acolytes_pick_without_player_lines.txt": (
        13,
        11,
        "acolytes: pick-color blue: acolytes cannot pick a colour yet",
        PICK_AFTER_SETUP,
    ),
    "dragonlords_pick_before_every_setup.txt": (
        14,
        14,
        "dragonlords: pick-color yellow: dragonlords cannot pick a colour yet",
        PICK_AFTER_SETUP,
    ),
    "acolytes_volcano_on_a_home_terrain_without_four_steps.txt": (
        22,
        18,
        "acolytes: build I3: a volcano on a home terrain (gray) costs 4 steps on one cult "
        "track, and no track has that many",
        VOLCANO.format(faction="Acolytes"),
    ),
    "acolytes_volcano_steps_on_two_tracks.txt": (
        23,
        11,
        "acolytes: -2FIRE: the 3 cult steps owed must all be lost on one track",
        "cult steps owed for a volcano are lost all on one track ('-3FIRE')",
    ),
    "dragonlords_volcano_without_dig.txt": (
        22,
        14,
        "dragonlords: build F4: turning F4 into a volcano needs the terraform of 'dig 1' first",
        VOLCANO.format(faction="Dragonlords"),
    ),
}


def test_every_illegal_log_is_asserted() -> None:
    own = ("riverwalkers_", "shapeshifters_")  # test_terra_mystica_fire_ice_variable.py
    assert {p.name for p in ILLEGAL.glob("*.txt") if not p.name.startswith(own)} == set(REFUSED)


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_an_illegal_log_is_refused_where_and_why_the_site_refuses_it(name: str) -> None:
    line, column, message, rule = REFUSED[name]
    error = run((ILLEGAL / name).read_text()).error
    assert isinstance(error, IllegalMove | SetupError)
    assert (error.line, error.column, error.message, error.rule) == (line, column, message, rule)


def test_volcanoes_cost_cult_steps_or_power_tokens_and_spades_become_steps_or_tokens() -> None:
    acolytes = run((EXAMPLES / "acolytes.txt").read_text()).state
    a = acolytes.factions["acolytes"]
    assert acolytes.colour["E8"] == "volcano"
    assert (a.r["FIRE"], a.r["WATER"]) == (0, 4)  # -3FIRE for E8; BON1's spade: +WATER
    text = (EXAMPLES / "dragonlords.txt").read_text()
    before = run(text.split("dragonlords: dig 1. build F4")[0]).state.factions["dragonlords"]
    after = run(text.split("halflings: leech 1")[0]).state.factions["dragonlords"]
    tokens = [sum(f.r[b] for b in ("P1", "P2", "P3")) for f in (before, after)]
    assert tokens[0] - tokens[1] == 1  # a volcano on yellow (no home): one token
    end = run(text).state.factions["dragonlords"]
    assert sum(end.r[b] for b in ("P1", "P2", "P3")) == tokens[1] + 1  # BON1: a token


def test_the_stronghold_abilities_of_the_four() -> None:
    yetis = run((EXAMPLES / "random_5p_2003.txt").read_text()).state.factions["yetis"]
    assert yetis.r["ALLOW_REUSE"] == 1 and yetis.building_power["SH"] == 4
    acolytes = run((EXAMPLES / "random_4p_2006.txt").read_text()).state.factions["acolytes"]
    assert acolytes.r["PRIEST_CULT_BONUS"] == 1
    state = run((EXAMPLES / "random_2p_2000.txt").read_text()).state
    assert state.factions["icemaidens"].vp_source["SH"] > 0  # 3 VP a temple when passing


# --- the ledger --------------------------------------------------------------------------


def _faction_rows(tsv: str) -> list[list[str]]:
    """The faction rows of a ledger export as the oracle's dump gives them: faction,
    the changes of VP, C, W, P, power and cults, and the commands."""
    rows = []
    for line in tsv.split("\n"):
        cells = line.split("\t")
        if len(cells) >= 15:
            changes = [cells[i].split()[0] if cells[i] else "" for i in (2, 4, 6, 8, 10)]
            rows.append([cells[0], *changes, cells[12], " ".join(cells[14].split())])
    return rows


@pytest.mark.parametrize("name", PLAYED)
def test_the_ledger_export_is_the_oracle_s_row_by_row_and_verifies(name: str) -> None:
    """The rows the site's engine writes (its --dump-dir ledger, kept in
    oracle_ledgers.json) are the export's; the export, read back as a ledger log, is
    checked row by row and gives the same VP."""
    result = replay(GAME, (EXAMPLES / name).read_text(), name, keep_steps=True)
    tsv = GAME.export(result, "ledger")
    expected = json.loads((EXAMPLES / "oracle_ledgers.json").read_text())[name]
    assert _faction_rows(tsv) == expected
    again = run(tsv)
    assert again.error is None
    vp = {f.name: f.r["VP"] for f in result.state.order}
    assert {f.name: f.r["VP"] for f in again.state.order} == vp


# --- legal lines ---------------------------------------------------------------------------


def _listed(text: str) -> tuple[str | None, list[str]]:
    state = run(text).state
    lines = [option.line for group in GAME.legal_moves(state) for option in group.options]
    return GAME.to_move(state), lines


def _cut(name: str, lines: int) -> str:
    return "\n".join((EXAMPLES / name).read_text().split("\n")[:lines]) + "\n"


def test_the_picks_and_the_starting_favor_are_listed_and_tried() -> None:
    mover, lines = _listed(_cut("icemaidens.txt", 14))  # ... setup icemaidens
    assert mover == "icemaidens"
    wheel = ("yellow", "brown", "black", "blue", "green", "gray", "red")
    assert lines == [f"icemaidens: pick-color {colour}" for colour in wheel]  # not ice
    mover, lines = _listed(_cut("icemaidens.txt", 15))  # ... pick-color gray
    assert mover == "icemaidens" and "icemaidens: +FAV11" in lines
    assert all(line.startswith("icemaidens: +FAV") for line in lines)
    mover, lines = _listed(_cut("acolytes.txt", 14))  # ... setup engineers
    assert mover == "acolytes" and "acolytes: pick-color blue" in lines
    assert "acolytes: pick-color gray" not in lines  # the engineers' colour


def test_volcanoes_and_their_price_are_listed() -> None:
    _, lines = _listed(_cut("acolytes.txt", 21))  # the acolytes' first turn
    assert "acolytes: dig 1. build E8" in lines
    assert "acolytes: dig 1. transform E8" in lines
    mover, lines = _listed(_cut("acolytes.txt", 22))  # ... dig 1. build E8
    assert mover == "acolytes"
    assert {"acolytes: -3FIRE", "acolytes: -3WATER", "acolytes: -3EARTH", "acolytes: -3AIR"} <= (
        set(lines)
    )


def test_the_yetis_power_action_already_taken_is_listed_after_their_stronghold() -> None:
    state = run(_cut("random_5p_2003.txt", 123)).state
    assert GAME.to_move(state) == "yetis" and "ACT2" in state.blocked
    lines = [option.line for group in GAME.legal_moves(state) for option in group.options]
    assert "yetis: action ACT2" in lines


def test_a_ledger_without_its_faction_variant_line_gets_the_release_boards() -> None:
    # The site's ledger keeps no 'faction-variant' line: read back, its factions are
    # the release ones, and the rows show they were.
    text = (EXAMPLES / "acolytes.txt").read_text()
    text = text.replace("option fire-and-ice-factions/volcano", "faction-variant final_volcano")
    result = replay(GAME, text, "x", keep_steps=True)
    tsv = GAME.export(result, "ledger")
    assert "final_volcano" not in tsv
    again = run(tsv)
    assert again.error is None
    assert again.state.factions["acolytes"].r["VP"] == 21


def test_the_views_name_the_picked_colour_and_letter_ice_and_volcano() -> None:
    from gamelog.games.terra_mystica import render

    state = run((EXAMPLES / "random_2p_2000.txt").read_text()).state
    text = render.render(state)
    assert "(ice, picked blue)" in text and "(volcano, picked red)" in text
    assert " iceTE" in text and " volD" in text  # the map's hexes say their terrain
    picture = render.render_svg(state)
    assert "ic ice" in picture and "vo volcano" in picture  # the legend, though the map has none
    assert "icemaidens (ice, picked blue): 80 VP" in picture


def test_the_2017_vp_map_is_the_original_terrain_with_other_starting_vp() -> None:
    from gamelog.games.terra_mystica.components import CONSTANTS, MAPS, map_id

    terrain, variant = CONSTANTS.vp_variant_maps["91645cdb135773c2a7a50e5ca9cb18af54c664c4"]
    # The site names such a map by the SHA-1 of its terrain and the variant's name.
    assert map_id(f"{MAPS[terrain]} {variant}") == "91645cdb135773c2a7a50e5ca9cb18af54c664c4"
    state = run((EXAMPLES / "acolytes_2017_vp.txt").read_text()).state
    assert state.factions["engineers"].vp_source["initial"] == 16
    assert state.factions["acolytes"].vp_source["initial"] == 23


def test_a_faction_that_unlocks_terrains_has_no_home_terrain_for_the_volcano_price() -> None:
    # /work/fi-discrepancies volcano-1: the site skips the Riverwalkers' colour.
    from gamelog.games.terra_mystica.rules import fire_ice

    assert FACTION_VARIANTS["final_variable_v5"]["riverwalkers"].home_terrain is False
    state = run(_cut("acolytes.txt", 21)).state
    assert fire_ice.is_home_terrain(state, "gray")  # the engineers'
    engineers = state.factions["engineers"]
    spec = engineers.spec
    fields = zip(spec._fields, spec, strict=True)
    engineers.spec = type(spec)(*(False if n == "home_terrain" else v for n, v in fields))
    assert not fire_ice.is_home_terrain(state, "gray")


def test_a_ledger_read_back_gives_the_dwelling_filed_in_the_favor_row_to_its_faction() -> None:
    # /work/fi-discrepancies icemaidens-ledger-1: the site's row 'icemaidens +FAV11. build
    # E7' holds the witches' first dwelling.
    lines = (EXAMPLES / "icemaidens.txt").read_text().split("\n")[:13]  # ... player bob
    lines += ["setup witches", "setup icemaidens", "icemaidens: pick-color gray"]
    lines += ["icemaidens: +FAV11", "witches: build E7", "icemaidens: build F4"]
    lines += ["icemaidens: build H6", "witches: build A3"]
    result = replay(GAME, "\n".join(lines) + "\n", "x", keep_steps=True)
    assert result.error is None
    tsv = GAME.export(result, "ledger")
    assert "+FAV11. build E7" in tsv
    again = run(tsv)
    assert again.error is None
    assert again.state.factions["witches"].locations == ["E7", "A3"]


def test_a_huge_free_dig_is_answered_at_once() -> None:
    """The volcano factions' dig costs nothing, so nothing bounds a mistyped amount
    (the fuzz campaign wrote 'dig 1000000000000'; the site's engine never answers it):
    it is gained at once, and the log goes on as with any unused dig."""
    path = CORPUS / "random_2p_7064.txt"
    text = path.read_text(encoding="utf-8")
    written = "dragonlords: dig 1. transform F6"
    assert written in text
    results = [
        run(text.replace(written, f"dragonlords: dig {amount}. transform F6"))
        for amount in (2, 1_000_000_000_000)
    ]
    assert results[0].error is not None
    assert [(r.error.line, r.error.message) for r in results] == [
        (results[0].error.line, results[0].error.message)
    ] * 2

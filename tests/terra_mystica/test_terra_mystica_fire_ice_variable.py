"""Fire & Ice: the variable factions, Riverwalkers and Shapeshifters, as the site's engine
plays them. The example logs' VP are the oracle's (the site's engine run on them, see
tests/corpus/terra_mystica_fire_ice/README.md); every illegal log is refused by the
oracle on the same line (its message is in illegal/README.md), and here with the line,
column and reason asserted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamelog.core.errors import IllegalMove, SetupError
from gamelog.core.replay import replay
from gamelog.games.terra_mystica import GAME
from gamelog.games.terra_mystica.legal import legal_moves
from gamelog.games.terra_mystica.rulebook import SHAPESHIFTS_LEFT_RULE

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "terra_mystica_fire_ice"
EXAMPLES = CORPUS / "examples"
ILLEGAL = CORPUS / "illegal"
ORACLE = {
    row["file"]: row
    for row in map(json.loads, (EXAMPLES / "oracle.jsonl").read_text().splitlines())
}


def run(text: str):  # type: ignore[no-untyped-def]
    return replay(GAME, text, "scenario")


def lines_of(name: str) -> list[str]:
    return (EXAMPLES / name).read_text().splitlines()


def upto(name: str, marker: str, *extra: str, variant: str = "") -> str:
    """The example's lines before the first line that is ``marker``, then ``extra``;
    with ``variant``, its option line switched to that variable variant."""
    lines = lines_of(name)
    lines = lines[: lines.index(marker)] + list(extra)
    if variant:
        lines = [
            line.replace("variable_v5", variant) if line.startswith("option") else line
            for line in lines
        ]
    if variant == "variable":  # the first variant gives the token itself
        lines = [line for line in lines if line != "shapeshifters: gain P3 for VP"]
    return "\n".join(lines) + "\n"


# --- the examples --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["riverwalkers.txt", "shapeshifters.txt"])
def test_an_example_gives_the_oracles_vp(name: str) -> None:
    result = run((EXAMPLES / name).read_text())
    assert result.error is None, str(result.error)
    assert {f.name: f.r["VP"] for f in result.state.order} == ORACLE[name]["vp"]
    assert result.state.round == ORACLE[name]["round"]


# --- Riverwalkers ----------------------------------------------------------------------------

RIVER = "riverwalkers.txt"


def test_the_picked_colour_is_the_first_unlocked_terrain() -> None:
    state = run(upto(RIVER, "setup darklings")).state
    riverwalkers = state.factions["riverwalkers"]
    assert riverwalkers.color == "blue"
    assert riverwalkers.unlocked == {"blue"}
    assert riverwalkers.r["MAX_P"] == 1


def test_a_priest_gained_becomes_an_unlock_priced_by_the_variant() -> None:
    # BON8's priest at the income: an unlock is owed, not a priest.
    state = run(upto(RIVER, "riverwalkers: unlock-terrain yellow")).state
    riverwalkers = state.factions["riverwalkers"]
    assert (riverwalkers.r["P"], riverwalkers.r["UNLOCK_TERRAIN"]) == (0, 1)
    assert [r.type for r in state.action_required] == ["unlock-terrain"]
    assert state.phase == "income-terrain-unlock"
    # v5: 1 C, 2 C for a terrain that is a faction's home (the Darklings' black);
    # v4: 2 C / 3 C; the first variant (and v2, v3): free.
    for variant, colour, price in [
        ("variable_v5", "yellow", 1),
        ("variable_v5", "black", 2),
        ("variable_v4", "yellow", 2),
        ("variable_v4", "black", 3),
        ("variable", "black", 0),
        ("variable_v3", "yellow", 0),
    ]:
        text = upto(
            RIVER,
            "riverwalkers: unlock-terrain yellow",
            f"riverwalkers: unlock-terrain {colour}",
            variant=variant,
        )
        result = run(text)
        assert result.error is None, str(result.error)
        riverwalkers = result.state.factions["riverwalkers"]
        assert riverwalkers.r["C"] == 15 - price, (variant, colour)
        assert riverwalkers.unlocked == {"blue", colour}
        assert riverwalkers.r["MAX_P"] == 2
        assert result.state.phase == "play"


def test_gain_priest_takes_the_priest_and_keeps_the_cap() -> None:
    result = run(
        upto(
            RIVER, "riverwalkers: unlock-terrain yellow", "riverwalkers: unlock-terrain gain-priest"
        )
    )
    assert result.error is None, str(result.error)
    riverwalkers = result.state.factions["riverwalkers"]
    assert (riverwalkers.r["P"], riverwalkers.r["MAX_P"]) == (1, 1)
    assert riverwalkers.unlocked == {"blue"}


def test_a_dwelling_on_an_unlocked_terrain_takes_the_pieces_colour() -> None:
    state = run((EXAMPLES / RIVER).read_text()).state
    assert state.colour["E8"] == "blue"  # yellow before; built across river r16
    assert state.building["E8"] == "D"


def test_the_riverwalkers_build_list_has_only_unlocked_terrains_across_a_river() -> None:
    state = run(upto(RIVER, "riverwalkers: build E8")).state
    builds = {o.line for g in legal_moves(state) if g.kind == "build a dwelling" for o in g.options}
    # From D5 and H2, across one river hex: yellow B4 and E8 (H1 too), no blue in reach,
    # never E7 next door.
    assert builds == {
        "riverwalkers: build B4",
        "riverwalkers: build E8",
        "riverwalkers: build H1",
    }


# --- Shapeshifters ----------------------------------------------------------------------------

SHAPE = "shapeshifters.txt"


def test_an_accepted_offer_lets_the_shapeshifters_buy_a_token_for_a_vp() -> None:
    state = run(upto(SHAPE, "shapeshifters: gain P3 for VP")).state
    shapeshifters = state.factions["shapeshifters"]
    assert shapeshifters.r["GAIN_P3_FOR_VP"] == 1
    assert any(r.type == "gain-token" for r in state.action_required)
    lines = {o.line for g in legal_moves(state) for o in g.options}
    assert {"shapeshifters: gain P3 for VP", "shapeshifters: -GAIN_P3_FOR_VP"} <= lines
    bought = run(upto(SHAPE, "cultists: upgrade E6 to TP")).state.factions["shapeshifters"]
    assert (bought.r["VP"], bought.r["P3"]) == (shapeshifters.r["VP"] - 1, 1)
    assert sum(bought.r[b] for b in ("P1", "P2", "P3")) == 9  # a new token


def test_a_declined_token_right_is_gone_and_the_round_can_end() -> None:
    text = upto(
        SHAPE,
        "shapeshifters: gain P3 for VP",
        "shapeshifters: -GAIN_P3_FOR_VP",
        "cultists: pass BON2",
        "shapeshifters: pass BON5",
    )
    result = run(text)
    assert result.error is None, str(result.error)
    assert result.state.round == 2


def test_an_unused_token_right_holds_the_round_open() -> None:
    # As on the site: the 'gain-token' decision is owed, so round 2 does not start.
    text = upto(SHAPE, "shapeshifters: gain P3 for VP", "cultists: pass BON2")
    text += "shapeshifters: pass BON5\n"
    result = run(text)
    assert result.error is None, str(result.error)
    assert result.state.round == 1
    late = run(text + "shapeshifters: gain P3 for VP\n")
    assert late.error is None and late.state.round == 2


def test_all_opponents_declining_gives_one_power_with_the_errata() -> None:
    text = upto(
        SHAPE, "cultists: leech 1 from shapeshifters", "cultists: decline 1 from shapeshifters"
    )
    shapeshifters = run(text).state.factions["shapeshifters"]
    before = run(upto(SHAPE, "cultists: leech 1 from shapeshifters")).state
    bowls = before.factions["shapeshifters"].r
    assert (shapeshifters.r["P1"], shapeshifters.r["P2"]) == (bowls["P1"] - 1, bowls["P2"] + 1)
    assert shapeshifters.r["GAIN_P3_FOR_VP"] == 0


def test_the_first_variant_gives_the_token_itself() -> None:
    text = upto(SHAPE, "shapeshifters: gain P3 for VP", variant="variable")
    shapeshifters = run(text).state.factions["shapeshifters"]
    assert shapeshifters.r["P3"] == 1 and shapeshifters.r["GAIN_P3_FOR_VP"] == 0
    assert shapeshifters.r["VP"] == 20


def test_the_stronghold_action_recolours_every_shapeshifter_piece() -> None:
    result = run((EXAMPLES / SHAPE).read_text())
    assert result.error is None, str(result.error)
    state = result.state
    shapeshifters = state.factions["shapeshifters"]
    assert shapeshifters.color == "yellow"
    assert state.by_colour["yellow"] is shapeshifters and "gray" not in state.by_colour
    assert {state.colour[h] for h in shapeshifters.locations} == {"yellow"}
    # ACTH6 paid with 5 tokens from the bowls, not power from bowl III.
    before = run(upto(SHAPE, "shapeshifters: action ACTH6")).state.factions["shapeshifters"]
    tokens = sum(before.r[b] for b in ("P1", "P2", "P3"))
    assert sum(shapeshifters.r[b] for b in ("P1", "P2", "P3")) == tokens - 5


@pytest.mark.parametrize(
    ("variant", "action", "paid"),
    [("variable_v4", "ACTH3", 4), ("variable_v3", "ACTH1", 3), ("variable", "ACTH1", 3)],
)
def test_each_variant_has_its_own_stronghold_actions(variant: str, action: str, paid: int) -> None:
    text = upto(SHAPE, "shapeshifters: action ACTH6", variant=variant)
    before = run(text).state.factions["shapeshifters"]
    text += f"shapeshifters: burn 1. action {action}\nshapeshifters: pick-color yellow\n"
    result = run(text)
    assert result.error is None, str(result.error)
    after = result.state.factions["shapeshifters"]
    assert after.color == "yellow"
    assert after.r["P3"] == before.r["P3"] + 1 - paid
    assert after.r["VP"] == before.r["VP"] + (2 if action == "ACTH1" else 0)


def test_v2_and_v3_allow_as_many_shapeshifts_as_players_or_opponents() -> None:
    for variant, allowed in (("variable_v2", 2), ("variable_v3", 1), ("variable", 100)):
        text = upto(SHAPE, "shapeshifters: action ACTH6", variant=variant)
        assert run(text).state.factions["shapeshifters"].r["ALLOW_SHAPESHIFT"] == allowed
    text = upto(
        SHAPE,
        "shapeshifters: action ACTH6",
        "shapeshifters: burn 1. action ACTH1",
        "shapeshifters: pick-color yellow",
        "shapeshifters: action ACTH2",
        variant="variable_v3",
    )
    error = run(text).error
    assert isinstance(error, IllegalMove)
    assert error.message == (
        "shapeshifters: action ACTH2: the shapeshifters have no shapeshift left for ACTH2"
    )
    assert (error.line, error.rule) == (34, SHAPESHIFTS_LEFT_RULE)  # the oracle's line too


# --- refused logs ---------------------------------------------------------------------------

_UNLOCKED_ONLY = (
    "the Riverwalkers build only on terrains they have unlocked (their colour, then one "
    "more for each priest gained), and never terraform"
)
_STRONGHOLD = "faction actions come with the stronghold; tile actions with the tile"

#: file -> (line, column, message, rule); the oracle refuses each on the same line.
REFUSED = {
    "riverwalkers_bon1_action.txt": (
        22,
        15,
        "riverwalkers: action BON1: Riverwalkers may not use BON1",
        "the Riverwalkers may not use the spade actions BON1, ACT5 and ACT6",
    ),
    "riverwalkers_build_before_unlock.txt": (
        22,
        15,
        "riverwalkers: build E8: riverwalkers cannot act during the income phase "
        "(terrains being unlocked)",
        "actions happen in turns during the action phase",
    ),
    "riverwalkers_dig.txt": (
        23,
        15,
        "riverwalkers: dig 1: riverwalkers cannot dig",
        "the Riverwalkers have no digging: they cannot dig, and spades they gain are lost",
    ),
    "riverwalkers_initial_dwelling_inland.txt": (
        16,
        15,
        "riverwalkers: build E11: E11 touches no river",
        "the Riverwalkers' initial dwellings touch a river",
    ),
    "riverwalkers_locked_terrain.txt": (
        23,
        15,
        "riverwalkers: build D6: D6 is red, a terrain the riverwalkers have not unlocked",
        _UNLOCKED_ONLY,
    ),
    "riverwalkers_no_direct_adjacency.txt": (
        23,
        15,
        "riverwalkers: build E7: E7 is out of reach",
        "a faction builds and terraforms next to its buildings, or within shipping range",
    ),
    "riverwalkers_unlock_twice.txt": (
        22,
        15,
        "riverwalkers: unlock-terrain blue: riverwalkers cannot unlock blue (already unlocked)",
        "a terrain is unlocked once: one of the seven wheel colours",
    ),
    "riverwalkers_unlock_without_priest.txt": (
        23,
        15,
        "riverwalkers: unlock-terrain gray: riverwalkers have no gained priest to unlock "
        "a terrain with",
        "the Riverwalkers unlock a terrain (or take the priest) for each priest they gain",
    ),
    "riverwalkers_without_pick_color.txt": (
        13,
        15,
        "riverwalkers: build D5: the riverwalkers have not picked their colour yet",
        "the riverwalkers pick one wheel colour (or ice), once",
    ),
    "shapeshifters_acth1_in_v5.txt": (
        32,
        16,
        "shapeshifters: action ACTH1: shapeshifters have no ACTH1 action",
        _STRONGHOLD,
    ),
    "shapeshifters_acth5_in_v4.txt": (
        32,
        16,
        "shapeshifters: action ACTH5: shapeshifters have no ACTH5 action",
        _STRONGHOLD,
    ),
    "shapeshifters_acth6_without_stronghold.txt": (
        22,
        16,
        "shapeshifters: action ACTH6: shapeshifters have no ACTH6 action",
        _STRONGHOLD,
    ),
    "shapeshifters_gain_p3_nothing_accepted.txt": (
        22,
        16,
        "shapeshifters: gain P3 for VP: shapeshifters may not gain P3 for VP now",
        "the Shapeshifters may buy a power token in bowl III for 1 VP each time an opponent "
        "accepts power from them (not in the first variant, which gives the token)",
    ),
    "shapeshifters_orig_variant_no_gain_p3.txt": (
        24,
        16,
        "shapeshifters: gain P3 for VP: shapeshifters cannot use 'gain P3 for VP'",
        "the Shapeshifters may buy a power token in bowl III for 1 VP each time an opponent "
        "accepts power from them (not in the first variant, which gives the token)",
    ),
    "shapeshifters_pick_color_taken.txt": (
        33,
        16,
        "shapeshifters: pick-color brown: brown is not available: the cultists play it",
        "each terrain colour belongs to one faction",
    ),
    "shapeshifters_pick_color_without_action.txt": (
        22,
        16,
        "shapeshifters: pick-color yellow: shapeshifters have no colour to pick",
        "the shapeshifters pick one wheel colour (or ice), once",
    ),
}


def test_every_variable_illegal_log_is_asserted() -> None:
    found = {
        p.name
        for p in ILLEGAL.glob("*.txt")
        if p.name.startswith(("riverwalkers_", "shapeshifters_"))
    }
    assert found == set(REFUSED)


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_variable_illegal_log_is_refused_where_and_why_the_site_refuses_it(name: str) -> None:
    line, column, message, rule = REFUSED[name]
    error = run((ILLEGAL / name).read_text()).error
    assert isinstance(error, IllegalMove | SetupError)
    assert (error.line, error.column, error.message, error.rule) == (line, column, message, rule)


# --- whole games, row by row -------------------------------------------------------------------

#: Random legal games with the variable factions (written by the differential script's
#: random writer, every variant among them) that the site's engine plays to the end:
#: its final VP (oracle.jsonl) and every faction row of its ledger (oracle_rows.json:
#: faction, VP, C, W, P, power bowls, cults).
GAMES = CORPUS / "variable"
GAME_ORACLE = {
    row["file"]: row for row in map(json.loads, (GAMES / "oracle.jsonl").read_text().splitlines())
}
GAME_ROWS: dict[str, list[list[str]]] = json.loads((GAMES / "oracle_rows.json").read_text())


def _exported_rows(ledger: str) -> list[list[str]]:
    """Faction rows of a ledger export, in the oracle rows' form."""
    rows = []
    for line in ledger.split("\n"):
        cells = line.split("\t")
        if len(cells) >= 15:
            values = [cells[i].split()[0] if cells[i] else "" for i in (2, 4, 6, 8, 10)]
            rows.append([cells[0], *values, cells[12]])
    return rows


def test_every_variable_game_has_the_oracles_answers() -> None:
    assert {p.name for p in GAMES.glob("*.txt")} == set(GAME_ORACLE) == set(GAME_ROWS)


@pytest.mark.parametrize("name", sorted(GAME_ORACLE))
def test_a_variable_game_scores_and_books_every_row_as_the_oracle(name: str) -> None:
    text = (GAMES / name).read_text()
    result = replay(GAME, text, name, keep_steps=True)
    assert result.error is None, str(result.error)
    assert result.finished
    sheet = GAME.score(result.state)
    assert {p: sheet.total(p) for p in sheet.players} == GAME_ORACLE[name]["vp"]
    assert _exported_rows(GAME.export(result, "ledger")) == GAME_ROWS[name]


#: (random_2p_521: the site files the Ice Maidens' starting favor and the next faction's
#: first dwelling in one row of the Ice Maidens; read back all the same.)
@pytest.mark.parametrize("name", sorted(GAME_ORACLE))
def test_a_variable_games_ledger_export_verifies_row_by_row(name: str) -> None:
    result = replay(GAME, (GAMES / name).read_text(), name, keep_steps=True)
    exported = GAME.export(result, "ledger")
    back = replay(GAME, exported, name + ".ledger")
    assert back.error is None, str(back.error)
    assert back.finished
    assert back.state.verified_rows == len(GAME_ROWS[name])

"""Legality is checked, not assumed: rules the corpus exercises only indirectly are
pinned down with small scenarios (the illegal samples state their own outcome, see
tests/test_samples.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamelog.core.errors import IllegalMove, NotationError, SetupError
from gamelog.core.replay import replay
from gamelog.games.terra_mystica import GAME

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "terra_mystica"
S1_G2 = (CORPUS / "commands" / "4pLeague_S1_D1L1_G2.txt").read_text().split("\n")


def play(*extra: str, upto: int = 28) -> tuple[object, object]:
    """The first ``upto`` lines of a real league game, then ``extra`` lines."""
    text = "\n".join(S1_G2[:upto] + list(extra)) + "\n"
    result = replay(GAME, text, "scenario")
    return result.error, result.state


def test_the_message_names_faction_command_and_the_shortfall() -> None:
    error, _ = play(
        "darklings: convert 4W to 4C", "darklings: dig 1", "darklings: build H7", upto=31
    )
    assert isinstance(error, IllegalMove)
    assert error.message == "darklings: build H7: needs 1 worker and 2 coins, has 0 workers"
    assert error.line == 34
    assert error.rule


def test_trading_house_without_neighbours_costs_its_coins_twice() -> None:
    # The Darklings' H5 has no neighbour: its trading house costs 2 W and 6 C, not 3 C.
    error, state = play("darklings: upgrade H5 to TP", upto=31)
    assert error is None
    darklings = state.factions["darklings"]
    assert (darklings.r["C"], darklings.r["W"]) == (19 - 6, 4 - 2)
    assert state.ledger.leech == {}


def test_trading_house_next_to_an_opponent_costs_the_plain_price_and_offers_power() -> None:
    error, state = play("halflings: upgrade F5 to TP")
    assert error is None
    engine = state
    halflings = engine.factions["halflings"]
    assert (halflings.r["C"], halflings.r["W"]) == (21 - 3, 6 - 2)
    offers = {(r.faction, r.amount) for r in engine.action_required if r.type == "leech"}
    assert offers == {("dwarves", 1), ("darklings", 1)}


def test_accepting_power_costs_one_vp_less_than_the_power() -> None:
    error, state = play("darklings: Leech 3 from mermaids", upto=69)
    assert error is None
    darklings = state.factions["darklings"]
    assert darklings.vp_source["leech"] == -1 - 2  # 2 power earlier (-1), 3 now (-2)


def test_a_faction_acting_declines_its_open_offers() -> None:
    # The Dwarves take their turn without answering the Halflings' offer.
    error, state = play("dwarves: upgrade E7 to TP", upto=31)
    assert isinstance(error, IllegalMove)  # it is still the Darklings' turn
    error, state = play(
        "darklings: dig 1", "darklings: build H7", "dwarves: upgrade E7 to TP", upto=29
    )
    assert error is None
    pending = [r for r in state.action_required if r.type == "leech" and r.faction == "dwarves"]
    assert pending == []


def test_a_second_dwelling_in_a_dig_action_must_be_on_the_transformed_hex() -> None:
    error, _ = play("darklings: dig 1", "darklings: build H7", "darklings: build I2", upto=31)
    assert isinstance(error, IllegalMove)
    assert "second action" in error.message


def test_setup_errors_are_setup_errors() -> None:
    result = replay(GAME, "setup elves\n", "x")
    assert isinstance(result.error, SetupError)
    assert "unknown faction 'elves'" in result.error.message
    result = replay(GAME, "option no-such-option\n", "x")
    assert isinstance(result.error, SetupError)
    assert result.error.line == 1


def test_a_command_after_the_end_is_illegal() -> None:
    text = (CORPUS / "commands" / "4pLeague_S1_D1L1_G2.txt").read_text()
    result = replay(GAME, text + "mermaids: burn 1\n", "x")
    assert result.error is not None
    assert result.error.line == len(text.rstrip("\n").split("\n")) + 1
    assert "over" in result.error.message
    closing = replay(GAME, text + "# well played, everyone\n", "x")
    assert closing.error is None and closing.finished


def test_engine_internal_commands_are_not_typed_in_a_command_log() -> None:
    error, _ = play("halflings: other_income_for_faction")
    assert isinstance(error, IllegalMove)
    assert "written by the engine" in error.message


def test_unknown_map_is_a_setup_error() -> None:
    result = replay(GAME, "map 0123456789abcdef0123456789abcdef01234567\nsetup witches\n", "x")
    assert isinstance(result.error, SetupError)
    assert "not known" in result.error.message


def test_notation_error_has_line_and_column() -> None:
    result = replay(GAME, "setup witches\nwitches: build\n", "x")
    assert isinstance(result.error, NotationError)
    assert (result.error.line, result.error.column) == (2, 15)


def test_a_fire_and_ice_final_scoring_adds_18_12_6() -> None:
    text = (CORPUS / "commands" / "4pLeague_S1_D1L1_G2.txt").read_text()
    plain = replay(GAME, text, "x").state
    extra = replay(GAME, "final-scoring connected-clusters\n" + text, "x").state
    gained = {f.name: extra.factions[f.name].r["VP"] - f.r["VP"] for f in plain.order}
    clusters = {f.name: f.measures["connected-clusters"] for f in extra.order}
    assert clusters == {"halflings": 6, "darklings": 4, "dwarves": 4, "mermaids": 7}
    # 18 for 7 clusters, 12 for 6, and the tied third place splits 6 into 3 + 3.
    assert gained == {"halflings": 12, "darklings": 3, "dwarves": 3, "mermaids": 18}
    sheet = GAME.score(extra)
    assert any(row.category == "final scoring tile" for row in sheet.rows)


def _ledger_lines() -> list[str]:
    return (CORPUS / "ledgers" / "4pLeague_S66_D1L1_G5.txt").read_text().split("\n")


def test_ledger_mismatch_names_the_field_and_points_at_its_cell() -> None:
    lines = _ledger_lines()
    number = next(i for i, line in enumerate(lines) if line.endswith("dig 1. build H7"))
    cells = lines[number].split("\t")
    cells[10] = "5/6/1 PW"
    lines[number] = "\t".join(cells)
    error = replay(GAME, "\n".join(lines), "x").error
    assert isinstance(error, IllegalMove) and error.label == "ledger mismatch"
    assert error.line == number + 1
    assert error.message == "darklings power bowls: the ledger records 5/6/1, the rules give 5/7/0"
    assert error.column == len("\t".join(cells[:10])) + 2


def test_ledger_with_a_wrong_leech_offer_is_caught() -> None:
    lines = _ledger_lines()
    number = next(i for i, line in enumerate(lines) if line.endswith("dig 1. build H7"))
    cells = lines[number].split("\t")
    cells[13] = "2"
    lines[number] = "\t".join(cells)
    error = replay(GAME, "\n".join(lines), "x").error
    assert error is not None and "leech" in error.message and error.line == number + 1


def test_ledger_missing_an_effect_row_is_caught() -> None:
    lines = _ledger_lines()
    number = next(i for i, line in enumerate(lines) if "[opponent accepted power]" in line)
    del lines[number]
    error = replay(GAME, "\n".join(lines), "x").error
    assert isinstance(error, IllegalMove) and error.label == "ledger mismatch"
    assert error.line == number + 1  # the row that now stands where the effect row was


def test_leeching_more_than_offered_is_illegal_even_when_the_bowls_cap_the_gain() -> None:
    lines = (CORPUS / "commands" / "4pLeague_S60_D1L1_G5.txt").read_text().split("\n")
    number = lines.index("darklings: Leech 5 from witches")
    lines[number] = "darklings: Leech 8 from witches"
    error = replay(GAME, "\n".join(lines), "x").error
    assert isinstance(error, IllegalMove) and error.line == number + 1
    assert error.message == (
        "darklings: Leech 8 from witches: leech 8 is more than the 5 power offered by the witches"
    )


def _corpus_with(name: str, number: int, line: str) -> str:
    """Corpus game ``name`` with its line ``number`` (1-based) replaced by ``line``."""
    lines = (CORPUS / "commands" / name).read_text().split("\n")
    lines[number - 1] = line
    return "\n".join(lines)


def test_decline_0_declines_every_open_offer_as_on_the_site() -> None:
    text = _corpus_with("4pLeague_S66_D1L1_G1.txt", 118, "dwarves: Decline 0 from cultists")
    result = replay(GAME, text, "x")
    assert result.error is None and result.finished
    assert GAME.running_scores(result.state) == {
        "cultists": 160,
        "darklings": 147,
        "dwarves": 130,
        "witches": 123,
    }


def test_declining_an_offer_that_was_not_made_is_illegal() -> None:
    text = _corpus_with("4pLeague_S66_D1L1_G1.txt", 118, "dwarves: Decline 2 from cultists")
    error = replay(GAME, text, "x").error
    assert isinstance(error, IllegalMove) and error.line == 118
    assert error.message == (
        "dwarves: Decline 2 from cultists: no pending offer of 2 power from cultists to decline"
    )


def test_a_conversion_written_after_taking_a_bonus_tile_counts_before_the_pass() -> None:
    result = replay(
        GAME,
        _corpus_with("4pLeague_S65_D1L1_G1.txt", 301, "swarmlings: pass BON2. convert 1PW to 1C"),
        "x",
    )
    assert result.error is None and result.finished
    assert GAME.running_scores(result.state)["swarmlings"] == 120  # 121 in the game as played


@pytest.mark.parametrize(
    ("game", "number", "line", "message"),
    [
        (  # a bare round-6 pass ends the faction's turn: the conversion is out of turn
            "4pLeague_S65_D1L1_G1.txt",
            409,
            "swarmlings: pass. convert 1PW to 1C",
            "swarmlings: convert 1PW to 1C: it is the engineers' turn, not the swarmlings'",
        ),
        (  # the game's last pass: final scoring has happened
            "4pLeague_S63_D1L1_G3.txt",
            407,
            "swarmlings: pass. convert 3C to 1VP",
            "swarmlings: convert 3C to 1VP: the game is over; "
            "no command may follow the final scoring",
        ),
    ],
)
def test_a_conversion_after_a_round_6_pass_is_illegal_at_its_column(
    game: str, number: int, line: str, message: str
) -> None:
    error = replay(GAME, _corpus_with(game, number, line), "x").error
    assert isinstance(error, IllegalMove)
    assert (error.line, error.column) == (number, len("swarmlings: pass. ") + 1)
    assert error.message == message


def test_a_scoring_tile_given_for_two_rounds_is_a_setup_error() -> None:
    lines = list(S1_G2)
    number = next(i for i, line in enumerate(lines) if line.startswith("score "))
    lines[number] = "score SCORE1,SCORE3,SCORE1,SCORE4,SCORE5,SCORE6"
    error = replay(GAME, "\n".join(lines), "x").error
    assert isinstance(error, SetupError) and error.line == number + 1
    assert error.message == "SCORE1 is already the scoring tile of round 1"


def test_a_ledger_scoring_tile_already_used_in_another_round_is_a_setup_error() -> None:
    lines = _ledger_lines()
    first = next(i for i, line in enumerate(lines) if line.startswith("Round 1 scoring:"))
    tile = lines[first].split()[3].rstrip(",")
    number = next(i for i, line in enumerate(lines) if line.startswith("Round 4 scoring:"))
    lines[number] = f"Round 4 scoring: {tile}, whatever"
    error = replay(GAME, "\n".join(lines), "x").error
    assert isinstance(error, SetupError) and error.line == number + 1
    assert error.message == f"{tile} is already the scoring tile of round 1"


@pytest.mark.parametrize("round_", ["0", "7", "11"])
def test_ledger_scoring_tile_for_a_round_that_does_not_exist_is_a_setup_error(
    round_: str,
) -> None:
    lines = _ledger_lines()
    number = next(i for i, line in enumerate(lines) if line.startswith("Round 5 scoring:"))
    lines[number] = lines[number].replace("Round 5", f"Round {round_}", 1)
    error = replay(GAME, "\n".join(lines), "x").error
    assert isinstance(error, SetupError) and error.line == number + 1
    assert error.message == f"there is no round {round_} to give a scoring tile"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("halflings: pick-color red", "halflings have no colour to pick"),
        ("halflings: unlock-terrain red", "halflings cannot use 'unlock-terrain red'"),
        (
            "halflings: unlock-terrain gain-priest",
            "halflings cannot use 'unlock-terrain gain-priest'",
        ),
        ("halflings: gain P3 for VP", "halflings cannot use 'gain P3 for VP'"),
        ("halflings: action ACTH1", "halflings have no ACTH1 action"),
        ("halflings: action ACTX", "unknown action ACTX"),
    ],
)
def test_fire_and_ice_commands_say_they_are_not_supported(line: str, message: str) -> None:
    error, _ = play(line)
    assert isinstance(error, IllegalMove)
    assert error.line == 29
    assert error.message == f"halflings: {line.split(': ', 1)[1]}: {message}"
    assert error.rule


def test_fire_and_ice_options_and_variants_are_accepted_but_unknown_variants_are_not() -> None:
    assert replay(GAME, "option fire-and-ice-factions/ice\n", "x").error is None
    assert replay(GAME, "faction-variant playtest_v1_ice\n", "x").error is None
    result = replay(GAME, "faction-variant yetis_v2\n", "x")
    assert isinstance(result.error, SetupError)
    assert result.error.message == "there is no faction variant 'yetis_v2'"


def test_planning_and_admin_control_lines_are_accepted_without_effect() -> None:
    error, state = play("halflings: start_planning", "start-preview", "abort", "admin email a@b")
    assert error is None
    assert state.active is state.factions["halflings"]


# --- boundaries the corpus does not reach ------------------------------------------------

LEAGUE = (Path(__file__).resolve().parent.parent.parent / "samples" / "terra_mystica").joinpath(
    "league_game.txt"
)


def _before_last_move() -> tuple[object, object]:
    """The league sample just before its last move (the pass that ends round 6)."""
    text = LEAGUE.read_text(encoding="utf-8")
    count = len(GAME.parse(text).moves)
    result = replay(GAME, text, "league", stop_after=count - 1)
    return result.state, result.log.moves[-1]  # type: ignore[union-attr]


def _final_rows(state: object, cult: str) -> dict[str, str]:
    return {
        row.faction: row.commands
        for row in state.ledger.rows  # type: ignore[attr-defined]
        if not row.is_comment and row.commands.endswith(f"vp for {cult}")
    }


def test_a_three_way_first_place_cult_tie_shares_the_points_rounded_down() -> None:
    """Three factions first on FIRE share first, second and third: (8 + 4 + 2) / 3 is
    4 2/3, so 4 VP each; the fourth, behind them, scores nothing for FIRE."""
    state, last = _before_last_move()
    for name, level in (("witches", 7), ("halflings", 7), ("darklings", 7), ("engineers", 2)):
        state.factions[name].r["FIRE"] = level  # type: ignore[attr-defined]
    GAME.apply(state, last)
    assert state.finished  # type: ignore[attr-defined]
    assert _final_rows(state, "FIRE") == {
        "witches": "+4vp for FIRE",
        "halflings": "+4vp for FIRE",
        "darklings": "+4vp for FIRE",
    }
    sheet = GAME.score(state)
    assert {name: sheet.breakdown(name)["cult: fire"] for name in sheet.players} == {
        "witches": 4,
        "halflings": 4,
        "darklings": 4,
        "engineers": 0,
    }


def test_a_tie_for_second_shares_second_and_third() -> None:
    """One first (8 VP); two second share 4 + 2: 3 VP each; the fourth scores nothing."""
    state, last = _before_last_move()
    for name, level in (("witches", 9), ("halflings", 4), ("darklings", 4), ("engineers", 1)):
        state.factions[name].r["WATER"] = level  # type: ignore[attr-defined]
    GAME.apply(state, last)
    assert _final_rows(state, "WATER") == {
        "witches": "+8vp for WATER",
        "halflings": "+3vp for WATER",
        "darklings": "+3vp for WATER",
    }


def test_taking_power_with_fewer_vp_than_it_would_cost() -> None:
    """Accepting N power costs N-1 VP; with fewer VP the faction takes only VP+1 power
    and ends at 0 VP. The witches accept 4 from the darklings (line 198 of the league
    sample) holding 1 VP: 2 power, 1 VP paid."""
    text = LEAGUE.read_text(encoding="utf-8")
    lines = text.split("\n")
    assert lines[197] == "witches: Leech 4 from darklings"
    above = sum(1 for move in GAME.parse(text).moves if move.line < 198)
    result = replay(GAME, text, "league", stop_after=above)
    state, log = result.state, result.log
    witches = state.factions["witches"]
    offer = next(r for r in state.action_required if r.type == "leech" and r.faction == "witches")
    assert (offer.amount, offer.actual) == (4, 4)
    witches.r["VP"] = 1
    bowls = witches.r["P1"], witches.r["P2"], witches.r["P3"]
    assert bowls[0] >= 2  # both tokens come from bowl I
    GAME.apply(state, log.moves[above])
    assert witches.r["VP"] == 0
    assert (witches.r["P1"], witches.r["P2"], witches.r["P3"]) == (
        bowls[0] - 2,
        bowls[1] + 2,
        bowls[2],
    )
    assert witches.vp_trail[-1][:4] == ("leech", 198, "witches: Leech 4 from darklings", -1)

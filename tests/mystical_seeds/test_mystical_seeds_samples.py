"""The sample logs: exact final scores of complete games (worked out from the logs by
hand, in the comments), tie-break outcomes, and the line and reason of every
illegal sample."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mystical_seeds_helpers import SAMPLES, sample

from gamelog.games.mystical_seeds import GAME
from gamelog.games.mystical_seeds.components import TILE_KINDS

CATEGORIES = ("plant cards", "knowledge tracks", "knowledge tiles", "starting card")


def breakdown(name: str) -> dict[str, tuple[float, ...]]:
    result = sample(name)
    assert result.error is None, result.error
    sheet = GAME.score(result.state)
    return {p: tuple(sheet.breakdown(p)[c] for c in CATEGORIES) for p in sheet.players}


def test_two_player_game_final_score() -> None:
    # Ann: Tide Orchid 4 + Amber Bell 3 + Elder Rose 4 = 11. Tracks: red 1 (card)
    # +2 (Amber Bell) +1 (Elder Rose's orange) = 4, blue 3 (Tide Orchid) +1 = 4: no
    # prestige. Bob: Candlestick Lotus 2 + Sunset Lily 3 + Dawn Thistle 3 +
    # Ember Moss 1 = 9; red 2 + 2 + 2 + 1 = 7 gives 1 point: 10.
    assert breakdown("two_player_game.log") == {"Ann": (11, 0, 0, 0), "Bob": (9, 1, 0, 0)}
    result = sample("two_player_game.log")
    assert result.finished
    assert [(s.player, s.total, s.rank) for s in GAME.score(result.state).ranking()] == [
        ("Ann", 11, 1),
        ("Bob", 10, 2),
    ]


def test_three_player_game_with_half_a_point() -> None:
    # Dee: Fox Bramble 4, plant tile 2, Glow Cap 1, Ember Moss 1, Wild Mint 2 = 10;
    # yellow 1 (card) +2 +1 +2 +1 +1 (Scholar) = 8: 1 point; Top deck tile 0.5.
    # Eve: Night Iris 4, Rain Fern 3, Coral Bloom 4 = 11; Crown 1; prestige card 1.
    # Cid: Moon Fern 1, Mist Lotus 3, Sky Orchid 4 = 8; blue 1 +2 +2 +2 = 7: 1 point.
    assert breakdown("three_player_game.log") == {
        "Cid": (8, 1, 0, 0),
        "Dee": (10, 1, 0.5, 0),
        "Eve": (11, 0, 1, 1),
    }
    ranking = GAME.score(sample("three_player_game.log").state).ranking()
    assert [(s.player, s.total) for s in ranking] == [("Eve", 13), ("Dee", 11.5), ("Cid", 9)]


def test_four_player_tie_goes_to_fewest_prestige_sources() -> None:
    # Hal: Star Vine 5, Fox Bramble 4, Ash Sprout 1 = 10 from 3 sources.
    # Ivy: Night Iris 4, Dawn Thistle 3, Moon Fern 1, blue 7 (1 point), Crown 1 = 10
    # from 4 sources (three cards and the Crown; tracks are not sources).
    assert breakdown("four_player_fewest_sources.log") == {
        "Fay": (9, 0, 0, 0),
        "Gus": (5, 0, 0, 0),
        "Hal": (10, 0, 0, 0),
        "Ivy": (8, 1, 1, 0),
    }
    sheet = GAME.score(sample("four_player_fewest_sources.log").state)
    ranking = sheet.ranking()
    assert [(s.player, s.rank) for s in ranking] == [("Hal", 1), ("Ivy", 2), ("Fay", 3), ("Gus", 4)]
    assert ranking[0].decided_by == "fewest prestige sources"
    assert sheet.tiebreaks[0].values == {"Fay": 3, "Gus": 2, "Hal": 3, "Ivy": 4}


def test_tie_on_sources_goes_to_most_seeds_left() -> None:
    # Ann: Night Iris 4, Tide Orchid 4, Glow Cap 1, blue 7 = 10, 3 sources, 1 seed.
    # Bob: Elder Rose 4, Star Vine 5, prestige card 1 = 10, 3 sources, no seed.
    assert breakdown("tie_most_seeds.log") == {"Ann": (9, 1, 0, 0), "Bob": (9, 0, 0, 1)}
    sheet = GAME.score(sample("tie_most_seeds.log").state)
    ranking = sheet.ranking()
    assert [(s.player, s.rank, s.decided_by) for s in ranking] == [
        ("Ann", 1, "most seeds left in the laboratory"),
        ("Bob", 2, "most seeds left in the laboratory"),
    ]
    assert sheet.tiebreaks[1].values == {"Ann": 1, "Bob": 0}


def test_tie_on_everything_is_a_shared_victory() -> None:
    sheet = GAME.score(sample("tie_shared_victory.log").state)
    assert [(s.player, s.total, s.rank) for s in sheet.ranking()] == [
        ("Ann", 10, 1),
        ("Bob", 10, 1),
    ]
    assert sheet.winners() == ["Ann", "Bob"]


def test_tile_showcase_games() -> None:
    # Kai: Ruby Crest 4, Flame Lily 4, Rose Hip 3; red 1 +3 +3 +2 = 9: 2 points.
    # Lea: Night Iris 4, Tide Orchid 4, Ember Moss 1; blue 1 +3 +3 = 7: 1 point.
    assert breakdown("tiles_xtokens_harvest.log") == {"Kai": (11, 2, 0, 0), "Lea": (9, 1, 0, 0)}
    # Mia: six cards, 9 points; yellow 8 and blue 7 (after the Swap): 2 points.
    # Ned: Sunset Lily 3, Flame Lily 4, Ash Sprout 1, Coral Bloom 4 = 12; red 7.
    assert breakdown("tiles_sun_swap_thrift.log") == {"Mia": (9, 2, 0, 0), "Ned": (12, 1, 0, 0)}
    unfinished = sample("tiles_bundle_potions_unfinished.log")
    assert unfinished.error is None and not unfinished.finished
    assert GAME.running_scores(unfinished.state) == {"Oli": 5, "Pam": 7}
    oli = unfinished.state.players["Oli"]
    assert (oli.potions, oli.tracks) == (2, {"red": 1, "yellow": 2, "blue": 6})
    assert unfinished.state.players["Pam"].potions == 2


def test_the_samples_use_every_kind_of_knowledge_tile() -> None:
    taken: set[str] = set()
    for path in SAMPLES.glob("*.log"):
        result = sample(path.name)
        for step in result.steps:
            for event in step.events:
                found = re.search(r" (?:takes|keeps) (\w+)", event.text)
                if found:
                    taken.add(found.group(1))
    assert taken >= set(TILE_KINDS)


@pytest.mark.parametrize(
    ("name", "line", "column", "words", "rule"),
    [
        ("illegal_graft_same_colour.log", 19, 19, "two Level 1 seeds of the same colour", "Graft"),
        ("illegal_graft_two_level2.log", 20, 27, "two Level 2 seeds cannot be merged", "Graft"),
        (
            "illegal_upgrade_level2_without_tile.log",
            18,
            13,
            "upgrading a Level 2 seed (green in 6) to brown needs the Ascend tile",
            "Upgrade",
        ),
        ("illegal_cultivate_without_seeds.log", 19, 6, 'do not pay for "Tide Orchid"', "trading"),
        ("illegal_collect_empty_supply.log", 19, 6, "no yellow seeds left to collect", "limited"),
        ("illegal_ninth_space_taken.log", 35, 62, "Ann's fairy is already there", "ninth"),
        ("illegal_turn_after_game_end.log", 36, 1, "the game is already over", "end of the game"),
        ("illegal_turn_order.log", 17, 1, "it is Ann's turn, not Bob's", "clockwise"),
        ("illegal_two_actions.log", 17, 51, "exactly one action", "exactly one"),
        ("illegal_no_action.log", 18, 1, "this turn has none", "exactly one"),
        ("illegal_inspiration_after_action.log", 19, 60, "Inspiration phase", "Inspiration"),
        ("illegal_no_potion_left.log", 17, 34, "Ann has no potion left", "potion"),
        ("illegal_exchange_not_identical.log", 17, 6, "three identical seeds", "exchange"),
        ("illegal_wrong_experiment.log", 17, 21, "is a Graft, not an Upgrade", "experiment"),
        ("illegal_experiment_skipped.log", 19, 23, "(upgrade 1 to orange)", "experiment"),
        ("illegal_fairy_not_moved.log", 17, 6, "the tapped fairy moves", "move the fairy"),
        ("illegal_fairy_back_to_same_place.log", 17, 37, "not back to blue", "move the fairy"),
        ("illegal_duplicate_not_joined.log", 18, 25, "not joined to circle 4", "Duplicate"),
        ("illegal_advance_wrong_track.log", 21, 6, "orange seed advances red or yellow", "track"),
        ("illegal_tile_not_beside.log", 20, 88, "potion does not lie beside", "space 3 or 6"),
        ("illegal_tile_no_space.log", 25, 48, "no free Knowledge-tile space", "tile space"),
        ("illegal_missing_refill.log", 20, 1, "slot I4 emptied this turn", "replaced"),
        ("illegal_missing_reveal.log", 19, 34, "reveal the Level 1 card", "refilled"),
        ("illegal_deck_ran_out.log", 19, 38, "Level 1 plant deck has run out", "replenished"),
        ("illegal_topdeck_without_tile.log", 18, 6, "needs the Top deck tile", "Top deck"),
        ("illegal_card_name_reused.log", 18, 38, "was declared on line 8", "name"),
        ("illegal_cultivate_under_x_token.log", 26, 6, "Kai's X token lies on", "X token"),
    ],
)
def test_illegal_sample_reports_line_and_reason(
    name: str, line: int, column: int, words: str, rule: str
) -> None:
    result = sample(name)
    error = result.error
    assert error is not None and error.kind == "illegal"
    assert (error.line, error.column) == (line, column)
    assert words in error.message
    assert error.rule is not None and rule in error.rule
    # each illegal sample says in its opening comment what it breaks
    assert (SAMPLES / name).read_text(encoding="utf-8").startswith("# Breaks ")


def test_notation_and_setup_error_samples() -> None:
    notation = sample("notation_error.log").error
    assert notation is not None and notation.kind == "notation-error"
    assert (notation.line, notation.column) == (17, 46)
    assert notation.message == "unexpected 'purple'; expected red, yellow or blue"
    missing = sample("setup_missing_starting_card.log").error
    assert missing is not None and missing.kind == "setup-error"
    assert (missing.line, missing.message) == (
        4,
        "Bob has no Starting Resource card (card Bob: green3)",
    )
    wrong_row = sample("setup_tile_in_wrong_row.log").error
    assert wrong_row is not None and wrong_row.kind == "setup-error"
    assert (wrong_row.line, wrong_row.message) == (12, "crown is a Level II tile, not Level I")


def test_every_sample_is_covered_by_a_test() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    for path in SAMPLES.glob("*.log"):
        assert path.name in source, f"{path.name} has no test"

"""The rules engine, rule by rule, on small logs from the base header.

Base position (see mystical_seeds_helpers.BASE): Ann has yellow in 4, blue in 5,
green in 6, her lab fairy in circle 1, red track 1 and one potion; Bob has red in
5 and 6 and two potions. Garden: Duplicate at red, Upgrade at yellow, Graft at
blue.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from mystical_seeds_helpers import BASE, give, play, prepared

from gamelog.games.mystical_seeds import GAME
from gamelog.games.mystical_seeds.moves import PlantCard, TileSpec
from gamelog.games.mystical_seeds.payment import covers
from gamelog.games.mystical_seeds.state import GameState, HeldTile

GRAFT_FIRST = "Ann: collect graft; graft 4+5 at 4; fairy to red"
GLOW = 'reveal L1 "Glow Cap" yellow yellow = 1'
THISTLE = 'reveal L2 "Dawn Thistle" purple red blue = 3'


def lab(state: GameState, player: str) -> dict[int, str]:
    return {n + 1: seed for n, seed in enumerate(state.players[player].lab) if seed}


def with_lab(player: str, seeds: dict[int, str], **tracks: int) -> Callable[[GameState], None]:
    def prepare(state: GameState) -> None:
        who = state.players[player]
        who.lab = [seeds.get(n + 1) for n in range(len(who.lab))]
        who.tracks.update(tracks)

    return prepare


def both(*steps: Callable[[GameState], None]) -> Callable[[GameState], None]:
    def prepare(state: GameState) -> None:
        for step in steps:
            step(state)

    return prepare


# ---------------------------------------------------------------- collecting seeds


def test_collect_places_seeds_from_the_lab_fairy_and_the_fairy_moves_on() -> None:
    result = play(GRAFT_FIRST)
    assert result.error is None
    state = result.state
    assert lab(state, "Ann") == {1: "blue", 4: "green", 6: "green"}
    assert state.players["Ann"].fairy == 1  # circle 1 is full: the lab fairy moves to 2
    assert state.garden == {"duplicate": "red", "upgrade": "yellow", "graft": "red"}


def test_a_new_seed_replaces_the_old_unless_the_log_keeps_it() -> None:
    header = BASE.replace("garden: red", "supply: yellow=5 blue=5\ngarden: red")
    on_blue = with_lab("Ann", {4: "yellow", 5: "blue", 6: "green"})

    def fairy_on_5(state: GameState) -> None:
        on_blue(state)
        state.players["Ann"].fairy = 4

    line = "Ann: collect upgrade{}; upgrade 4 to orange; fairy to red"
    state, _, error = prepared([line.format("")], fairy_on_5, header)
    assert error is None
    assert lab(state, "Ann")[5] == "yellow"
    # the card took a yellow and a blue; the upgrade returns its yellow seed
    assert (state.supply["yellow"], state.supply["blue"]) == (4, 5)  # blue went back
    state, _, error = prepared([line.format(" keep 5")], fairy_on_5, header)
    assert error is None
    assert lab(state, "Ann")[5] == "blue"
    assert (state.supply["yellow"], state.supply["blue"]) == (5, 4)  # yellow went back


def test_keep_must_name_a_circle_this_collection_fills() -> None:
    result = play("Ann: collect graft keep 3; graft 4+5 at 4; fairy to red")
    assert result.error is not None
    assert result.error.message == "keep 3: no seed is placed in circle 3 by this collection"
    assert result.error.facts == ["the seeds go to 1"]


def test_keep_on_a_seed_of_the_same_colour_is_legal_and_changes_nothing() -> None:
    # Issue 11. Ann's lab fairy stands on circle 5, which holds a yellow seed; the
    # Upgrade fairy stands alone at yellow, so she collects one yellow seed into 5.
    # The rule: "If any circles have two seeds, choose one of the Seeds to discard":
    # keeping the old yellow (keep 5) or the new one (no keep) both leave one yellow.
    # Supply by hand: yellow=5 blue=5; Ann's green3 card takes a yellow and a blue
    # (4, 4); the collection takes a yellow (3) and one yellow goes back (4); the
    # Upgrade of 4 returns its yellow (5). Blue stays at 4.
    header = BASE.replace("garden: red", "supply: yellow=5 blue=5\ngarden: red")

    def fairy_on_yellow(state: GameState) -> None:
        with_lab("Ann", {4: "yellow", 5: "yellow", 6: "green"})(state)
        state.players["Ann"].fairy = 4

    line = "Ann: collect upgrade{}; upgrade 4 to orange; fairy to red"
    outcomes = []
    for keep in ("", " keep 5"):
        state, events, error = prepared([line.format(keep)], fairy_on_yellow, header)
        assert error is None, error
        assert lab(state, "Ann") == {4: "orange", 5: "yellow", 6: "green"}
        assert (state.supply["yellow"], state.supply["blue"]) == (5, 4)
        assert events[0].text.endswith("collects 1 yellow seed: 5 already holds yellow, kept")
        outcomes.append((lab(state, "Ann"), dict(state.supply)))
    assert outcomes[0] == outcomes[1]


def test_keep_on_an_empty_circle_is_refused() -> None:
    # Ann's lab fairy is on circle 1, which is empty: the one blue seed lands alone.
    result = play("Ann: collect graft keep 1; graft 4+5 at 4; fairy to red")
    assert result.error is not None
    assert result.error.message == (
        "keep 1: circle 1 is empty, so the new seed is the only one there and there is "
        "no seed to keep"
    )
    assert (result.error.line, result.error.column) == (14, 6)
    assert result.error.facts == ["Ann's Laboratory: 4 yellow, 5 blue, 6 green"]


def test_short_supply_gives_what_is_left_and_an_impossible_experiment_is_skipped() -> None:
    header = BASE.replace("garden: red", "supply: red=3\ngarden: red")
    # Bob's card takes two of the three red seeds; two fairies stand at red.
    result = play(GRAFT_FIRST, "Bob: collect duplicate; fairy to yellow", header=header)
    assert result.error is None
    assert lab(result.state, "Bob") == {1: "red", 5: "red", 6: "red"}
    assert result.state.supply["red"] == 0


def test_the_experiment_is_not_skipped_when_one_is_possible() -> None:
    result = play("Ann: collect duplicate; fairy to yellow")
    assert result.error is not None
    assert "the Duplicate experiment comes before the fairy moves on" in result.error.message


# ---------------------------------------------------------------- experiments


def test_duplicate_copies_along_a_line_replacing_what_is_there() -> None:
    result = play("Ann: collect duplicate; duplicate 1 to 6; fairy to yellow")
    assert result.error is None
    assert lab(result.state, "Ann") == {1: "red", 4: "yellow", 5: "blue", 6: "red"}


def test_graft_merges_in_sequence_and_a_level1_with_a_level2_gives_brown() -> None:
    result = play("Ann: collect graft; graft 4+5 at 5 6+1 at 6; fairy to red")
    assert result.error is None
    assert lab(result.state, "Ann") == {5: "green", 6: "brown"}


@pytest.mark.parametrize(
    ("graft", "words"),
    [
        ("graft 4+5 at 3", "goes in one of the two merged circles (4 or 5), not 3"),
        ("graft 4+6 at 4", "circles 4 and 6 are not joined by a line"),
        ("graft 4+5 at 5 5+6 at 6", "green (5) and green (6) cannot be grafted: two Level 2"),
        ("graft 6+1 at 6 5+6 at 5", "a brown (Level 3) seed cannot be merged with anything"),
        ("graft", "the log names none but blue 1 + green 6 could be merged"),
    ],
)
def test_graft_rules(graft: str, words: str) -> None:
    result = play(f"Ann: collect graft; {graft}; fairy to red")
    assert result.error is not None
    assert words in result.error.message


def test_twice_allows_one_more_upgrade_right_after_the_first() -> None:
    lines = ["Ann: collect upgrade; upgrade 1 to orange, upgrade 4 to green; fairy to red"]
    state, _, error = prepared(lines, give("Ann", "twice"))
    assert error is None
    assert lab(state, "Ann") == {1: "orange", 4: "green", 5: "blue", 6: "green"}
    _, _, error = prepared(lines, give("Ann"))
    assert error is not None and "the Upgrade experiment was already made" in error.facts
    late = ["Ann: collect upgrade; upgrade 1 to orange; fairy to red; upgrade 4 to green"]
    _, _, error = prepared(late, give("Ann", "twice"))
    assert error is not None and error.column == 58


def test_ascend_lets_an_upgrade_reach_brown() -> None:
    line = ["Ann: potion upgrade 6 to brown; " + GRAFT_FIRST.split(": ", 1)[1]]
    state, _, error = prepared(line, give("Ann", "ascend"))
    assert error is None and lab(state, "Ann")[6] == "brown"


def test_gather_must_be_said_and_brings_the_graft_fairys_colour() -> None:
    _, _, error = prepared([GRAFT_FIRST], give("Ann", "gather"))
    assert error is not None and "takes a blue seed" in error.message
    line = "Ann: collect graft; graft gather at 2 4+5 at 4; fairy to red"
    state, _, error = prepared([line], give("Ann", "gather"))
    assert error is None
    assert lab(state, "Ann") == {1: "blue", 2: "blue", 4: "green", 6: "green"}


def test_study_advances_a_lowest_fairy() -> None:
    bad = "Ann: collect graft; graft study red 4+5 at 4; fairy to red"
    _, _, error = prepared([bad], give("Ann", "study"))
    assert error is not None
    assert "the lowest is 0 (yellow or blue)" in error.message
    good = bad.replace("study red", "study yellow")
    state, _, error = prepared([good], give("Ann", "study"))
    assert error is None and state.players["Ann"].tracks == {"red": 1, "yellow": 1, "blue": 0}


# ---------------------------------------------------------------- inspiration


def test_exchange_needs_an_empty_target_after_the_trade() -> None:
    three = with_lab("Ann", {1: "yellow", 2: "yellow", 3: "yellow", 4: "blue"})
    ok = "Ann: exchange 1 2 3 for red at 2; collect graft; graft 2+1 at 1; fairy to red"
    state, _, error = prepared([ok], three)
    assert error is None
    assert lab(state, "Ann") == {1: "purple", 4: "blue"}
    bad = "Ann: exchange 1 2 3 for red at 4; collect graft; fairy to red"
    _, _, error = prepared([bad], three)
    assert error is not None
    assert error.message == "the new seed goes in an empty circle; circle 4 holds blue"


def test_sun_fills_its_empty_circle_then_upgrades_a_level1_seed_once_a_turn() -> None:
    def sun_at_2(state: GameState) -> None:
        state.players["Ann"].tiles.append(HeldTile(TileSpec("sun"), sun_circle=1))

    lines = [
        "Ann: sun red; " + GRAFT_FIRST.split(": ", 1)[1],
        "Bob: collect upgrade; upgrade 1 to orange; fairy to blue",
        "Ann: sun purple; collect upgrade; upgrade 1 to purple; fairy to yellow",
    ]
    state, _, error = prepared(lines, sun_at_2)
    assert error is None
    assert lab(state, "Ann")[2] == "purple"
    _, _, error = prepared(["Ann: sun orange; collect graft; fairy to red"], sun_at_2)
    assert error is not None and "gets a Level 1 seed" in error.message
    _, _, error = prepared(["Ann: sun red; sun orange; collect graft; fairy to red"], sun_at_2)
    assert error is not None and error.message == "a sun token works once per Inspiration phase"


def test_x_tokens_block_a_card_and_others_pay_their_owner_to_move_them() -> None:
    def x_on_moon_fern(state: GameState) -> None:
        state.research[1].x_owner = "Bob"

    free = 'Ann: move x "Moon Fern" to "Ember Moss"; ' + GRAFT_FIRST.split(": ", 1)[1]
    _, _, error = prepared([free], x_on_moon_fern)
    assert error is not None and "costs a seed paid to Bob" in error.message
    paid = free.replace('"Ember Moss";', '"Ember Moss" pay 4 to 1;').replace(
        "graft 4+5 at 4", "graft 5+6 at 5"
    )
    state, _, error = prepared([paid], x_on_moon_fern)
    assert error is None
    assert lab(state, "Bob")[1] == "yellow"
    assert [(s.card.name, s.x_owner) for s in state.research if s.x_owner] == [
        ("Ember Moss", "Bob")
    ]
    cultivate = 'Ann: cultivate "Ember Moss" with 4 6; reveal L1 "Glow Cap" yellow yellow = 1'
    _, _, error = prepared(
        [paid, "Bob: collect upgrade; upgrade 1 to orange; fairy to blue", cultivate],
        x_on_moon_fern,
    )
    assert error is not None and "Bob's X token lies on" in error.message


# ---------------------------------------------------------------- cultivation


@pytest.mark.parametrize(
    ("paid", "shown", "unpaid", "ok"),
    [
        (["brown", "orange"], ["orange", "red"], 0, True),
        (["orange", "green", "purple"], ["red", "blue", "yellow"], 0, True),
        (["purple", "purple"], ["red", "yellow"], 0, False),
        (["red"], ["orange"], 0, False),
        (["red"], ["red", "blue"], 1, True),
        (["red"], ["red", "green"], 1, False),  # only Level 1 seeds may go unpaid
        (["red", "blue"], ["red"], 0, False),  # no extra seeds
        ([], ["blue"], 1, True),
    ],
)
def test_payment_substitutes(paid: list[str], shown: list[str], unpaid: int, ok: bool) -> None:
    assert covers(paid, shown, unpaid) is ok


def test_thrift_leaves_one_level1_seed_unpaid() -> None:
    line = ['Ann: cultivate "Moon Fern" with 5; reveal L1 "Glow Cap" yellow yellow = 1']
    state, _, error = prepared(line, give("Ann", "thrift"))
    assert error is None and state.players["Ann"].tracks["blue"] == 2
    _, _, error = prepared(line, give("Ann"))
    assert error is not None and error.facts[:2] == [
        "the card shows blue blue",
        "traded in: blue (5)",
    ]


def test_a_track_is_named_for_each_level2_or_level3_seed_shown() -> None:
    line = 'Ann: cultivate "Tide Orchid" with 1 2 3 advance {}; ' + THISTLE
    prepare = with_lab("Ann", {1: "green", 2: "blue", 3: "purple"})
    _, _, error = prepared([line.format("blue")], prepare)
    assert error is not None
    assert error.message.startswith('"Tide Orchid" shows 2 seed(s) of Level 2 or 3 (green purple)')
    _, _, error = prepared([line.format("blue yellow")], prepare)
    assert error is not None and error.message == "a purple seed advances red or blue, not yellow"
    state, _, error = prepared([line.format("yellow red")], prepare)
    assert error is None
    assert state.players["Ann"].tracks == {"red": 2, "yellow": 1, "blue": 1}


def test_a_level1_seed_shown_is_lost_at_a_taken_ninth_space_but_a_crown_lets_it_in() -> None:
    line = ['Ann: cultivate "Ember Moss" with 1 4; reveal L1 "Glow Cap" yellow yellow = 1']

    def setting(state: GameState) -> None:
        with_lab("Ann", {1: "red", 4: "yellow"}, red=8)(state)
        state.players["Bob"].tracks["red"] = 9

    state, events, error = prepared(line, setting)
    assert error is None
    assert state.players["Ann"].tracks["red"] == 8
    assert "red stays at 8 (Bob holds the ninth space)" in events[0].text
    state, _, error = prepared(line, both(setting, give("Ann", "crown")))
    assert error is None and state.players["Ann"].tracks["red"] == 9


def test_harvest_is_owed_after_each_cultivation_and_scholar_is_optional() -> None:
    line = 'Ann: cultivate "Moon Fern" with 5 6; {}reveal L1 "Glow Cap" yellow yellow = 1'
    _, _, error = prepared([line.format("")], give("Ann", "harvest"))
    assert error is not None and error.column == 6 and "Harvest" in error.rule
    state, _, error = prepared([line.format("harvest orange at 2; ")], give("Ann", "harvest"))
    assert error is None and lab(state, "Ann")[2] == "orange"
    state, _, error = prepared([line.format("scholar red; ")], give("Ann", "scholar"))
    assert error is None and state.players["Ann"].tracks == {"red": 2, "yellow": 0, "blue": 2}
    state, _, error = prepared([line.format("")], give("Ann", "scholar"))
    assert error is None


def test_reveal_rules_and_plant_decks_that_run_out() -> None:
    header = BASE + "decks: L1=1 L2=5\n"
    moon = 'Ann: cultivate "Moon Fern" with 5 6; reveal L1 "Glow Cap" yellow yellow = 1'
    ember = 'Bob: potion upgrade 5 to orange; cultivate "Ember Moss" with 6 5{}'
    result = play(moon, ember.format("; reveal none"), header=header)
    assert result.error is None
    assert [s.card for s in result.state.research].count(None) == 1
    result = play(moon, ember.format('; reveal L1 "Sea Bell" blue = 1'), header=header)
    assert result.error is not None
    assert result.error.message == (
        "the Level 1 plant deck has run out, and decks are not replenished"
    )
    result = play(moon, ember.format(""), header=header)
    assert result.error is not None and "the turn must reveal" in result.error.message
    wrong_level = moon.replace('reveal L1 "Glow Cap"', 'reveal L2 "Glow Cap"')
    assert "so the refill is a Level 1 card" in str(play(wrong_level, header=header).error)
    none_early = moon.replace('reveal L1 "Glow Cap" yellow yellow = 1', "reveal none")
    assert "still holds 1 card(s)" in str(play(none_early, header=header).error)
    nothing_left = play(GRAFT_FIRST + '; reveal L1 "Sea Bell" blue = 1', header=header)
    assert "no plant card left the Research Area" in str(nothing_left.error)


def test_top_deck_cultivation_needs_no_reveal() -> None:
    line = ['Ann: cultivate top L1 "Wild Mint" blue green = 2 with 5 6 advance yellow']
    state, _, error = prepared(line, give("Ann", "topdeck"), BASE + "decks: L1=4 L2=4\n")
    assert error is None
    assert state.deck_left == {1: 3, 2: 4}
    assert GAME.running_scores(state)["Ann"] == 2.5


def test_a_plant_tile_is_cultivated_in_the_inspiration_phase() -> None:
    def plant_tile(state: GameState) -> None:
        state.players["Ann"].tiles.append(HeldTile(TileSpec("plant", ("yellow", "blue"), 2)))

    line = [
        "Ann: cultivate plant with 4 5; "
        + GRAFT_FIRST.split(": ", 1)[1].replace("graft 4+5 at 4", "graft 6+1 at 6")
    ]
    state, _, error = prepared(line, plant_tile)
    assert error is None
    ann = state.players["Ann"]
    assert (ann.tiles, [c.points for c in ann.plants]) == ([], [2])
    late = [GRAFT_FIRST + "; cultivate plant with 1 4"]
    _, _, error = prepared(late, plant_tile)
    assert error is not None and "Inspiration phase" in error.message


# ---------------------------------------------------------------- knowledge tiles


def test_a_tile_is_taken_right_after_the_advance_that_reached_its_space() -> None:
    moon = 'Ann: cultivate "Moon Fern" with 5 6; {}reveal L1 "Glow Cap" yellow yellow = 1{}'
    state, _, error = prepared(
        [moon.format("take gather; ", "; refill I3 study")], give("Ann", blue=1)
    )
    assert error is None
    assert [t.spec.kind for t in state.players["Ann"].tiles] == ["gather"]
    assert state.shelf["I3"] == TileSpec("study")
    _, _, error = prepared([moon.format("", "; take gather")], give("Ann", blue=1))
    assert error is not None and "no fairy of Ann just did" in error.message
    _, _, error = prepared([moon.format("take potion; ", "")], give("Ann", blue=1))
    assert error is not None
    assert error.facts == ["blue 3 lies beside I3 gather, I4 twice"]


def test_each_space_entered_gives_one_tile() -> None:
    line = 'Ann: cultivate "Moon Fern" with 5 6; take gather; take twice; reveal none'
    _, _, error = prepared([line], give("Ann", blue=1), BASE + "decks: L1=0\n")
    assert error is not None and "have given theirs" in error.message


def test_the_slot_is_named_when_two_beside_the_space_hold_the_same_tile() -> None:
    header = BASE.replace("bookshelf I: potion ascend", "bookshelf I: potion potion")
    line = 'Ann: cultivate "Ember Moss" with 1 4; take potion{}; ' + GLOW + "; refill I2 study"
    prepare = with_lab("Ann", {1: "red", 4: "yellow"}, red=2)
    _, _, error = prepared([line.format("")], prepare, header)
    assert error is not None
    assert error.message == "potion lies in I1 and I2; say which: take potion from I1"
    state, _, error = prepared([line.format(" from I2")], prepare, header)
    assert error is None
    assert (state.shelf["I1"], state.shelf["I2"]) == (TileSpec("potion"), TileSpec("study"))


def test_tiles_need_a_free_space_and_refills_follow_the_piles() -> None:
    header = BASE + "piles: I=1 II=4\n"
    moon = 'Ann: cultivate "Moon Fern" with 5 6; take gather; ' + GLOW + "; refill I3 {}"
    state, _, error = prepared([moon.format("study")], give("Ann", blue=1), header)
    assert error is None and state.pile_out[1]
    _, _, error = prepared([moon.format("none")], give("Ann", blue=1), header)
    assert error is not None and error.message == (
        "the Level I pile still holds 1 tile(s); refill the slot"
    )
    _, _, error = prepared([moon.format("crown")], give("Ann", blue=1), header)
    assert error is not None and error.message == "crown is a Level II tile, not Level I"
    full = give("Ann", "potion", blue=1)
    _, _, error = prepared(
        [moon.format("study")], full, header.replace("garden:", "lab: ring 6 tiles 1\ngarden:")
    )
    assert error is not None and "no free Knowledge-tile space" in error.message


def test_draw_three_keeps_one_and_puts_two_under_the_pile() -> None:
    header = BASE.replace("sun twoturns crown harvest", "sun twoturns draw harvest") + (
        "piles: I=5 II=5\n"
    )
    moon = (
        'Ann: cultivate "Moon Fern" with 5 6; take draw drew crown potions sun{};'
        ' reveal L1 "Glow Cap" yellow yellow = 1; refill II3 swap'
    )
    state, _, error = prepared([moon.format("; take crown")], give("Ann", blue=4), header)
    assert error is None
    assert [t.spec.kind for t in state.players["Ann"].tiles] == ["draw", "crown"]
    assert state.pile_left[2] == 5 - 3 + 2 - 1  # drawn three, two back, one refill
    assert GAME.running_scores(state)["Ann"] == 2  # Moon Fern 1 + Crown 1
    _, _, error = prepared([moon.format("")], give("Ann", blue=4), header)
    assert error is not None and "keeps one of the tiles drawn" in error.message


def test_swap_moves_back_two_to_go_forward_two() -> None:
    header = BASE.replace("sun twoturns crown harvest", "sun twoturns swap harvest")
    moon = 'Ann: cultivate "Moon Fern" with 5 6; take swap{}; ' + GLOW + "; refill II3 crown"
    state, _, error = prepared(
        [moon.format(" back blue forward yellow")], give("Ann", blue=4), header
    )
    assert error is None and state.players["Ann"].tracks == {"red": 1, "yellow": 2, "blue": 4}
    _, _, error = prepared([moon.format(" back yellow forward red")], give("Ann", blue=4), header)
    assert error is not None and "cannot move back two" in error.message
    state, _, error = prepared([moon.format("")], give("Ann", blue=4), header)
    assert error is None and state.players["Ann"].tracks["blue"] == 6


def test_two_turns_are_taken_before_play_passes_on() -> None:
    ember = 'Ann: cultivate "Ember Moss" with 1 4; take twoturns; ' + GLOW + "; refill II2 potions"
    prepare = with_lab("Ann", {1: "red", 4: "yellow", 5: "blue", 6: "green"}, red=5)
    more = "Ann: collect graft; graft 5+6 at 5; fairy to red"
    state, _, error = prepared(
        [ember, more, "Bob: collect graft; graft 5+1 at 5; fairy to blue"], prepare
    )
    assert error is not None
    assert error.message == "it is Ann's turn, not Bob's"
    assert error.facts[0] == "Ann has an extra turn to take"
    again = "Ann: collect duplicate; duplicate 2 to 3; fairy to yellow"
    state, _, error = prepared(
        [ember, more, again, "Bob: collect upgrade; upgrade 1 to orange; fairy to red"], prepare
    )
    assert error is None and state.round == 2


# ---------------------------------------------------------------- turns and the end


def test_the_game_ends_when_a_round_starts_with_ten_prestige() -> None:
    def nine_points(state: GameState) -> None:
        state.players["Ann"].plants = [PlantCard(2, "Old", ("brown",), 9)]

    moon = 'Ann: cultivate "Moon Fern" with 5 6; reveal L1 "Glow Cap" yellow yellow = 1'
    bob = "Bob: collect upgrade; upgrade 1 to orange; fairy to red"
    state, _, error = prepared([moon], nine_points)
    assert error is None and not GAME.is_finished(state)  # Bob still plays this round
    state, _, error = prepared([moon, bob], nine_points)
    assert error is None and GAME.is_finished(state)
    assert GAME.end_facts(state) == [
        "round 2 began with Ann 10 prestige, and the game ends at the start of a round "
        "when anyone has 10 or more"
    ]


def test_the_first_player_and_unknown_players() -> None:
    result = play("Ann: collect graft; fairy to red", header=BASE + "first: Bob\n")
    assert result.error is not None and result.error.message == "it is Bob's turn, not Ann's"
    result = play("Cid: collect graft; fairy to red")
    assert result.error is not None and result.error.message == "Cid is not a player of this game"


def test_a_custom_laboratory_graph() -> None:
    header = BASE.replace("garden:", "lab: circles 6 lines 1-2 2-3 3-4 4-5 5-6 6-1 1-4\ngarden:")
    result = play("Ann: collect duplicate; duplicate 1 to 4; fairy to yellow", header=header)
    assert result.error is None and lab(result.state, "Ann")[4] == "red"
    result = play("Ann: collect duplicate; duplicate 1 to 4; fairy to yellow")
    assert result.error is not None and result.error.facts == ["circle 1 is joined to 2, 6"]


def test_render_position_shows_the_whole_table() -> None:
    result = play(GRAFT_FIRST)
    text = GAME.render_position(result.state)
    assert "Round 1: Bob to play" in text
    assert "Garden: red: Duplicate, Graft | yellow: Upgrade | blue: -" in text
    assert "  I1 potion | I2 ascend | I3 gather | I4 twice  (pile: ?)" in text
    assert "  lab: 1 blue | 2@ - | 3 - | 4 green | 5 - | 6 green   (@ lab fairy, * sun)" in text
    assert 'L2 "Elder Rose" brown orange = 4' in text


def test_events_say_what_happened_and_carry_the_prestige() -> None:
    state, events, error = prepared(
        [
            GRAFT_FIRST,
            "Bob: collect upgrade; upgrade 1 to orange; fairy to blue",
            "Ann: collect graft; graft 1+2 at 1; fairy to yellow",
            'Bob: cultivate "Candlestick Lotus" with 5 6 1; reveal L1 "Glow Cap" yellow yellow = 1',
        ],
        give("Bob"),
    )
    assert error is None
    cultivation = [e for e in events if "cultivates" in e.text]
    assert [(e.text, e.points) for e in cultivation] == [
        (
            'Bob cultivates the Research Area\'s "Candlestick Lotus" (red red yellow) with red'
            " red orange, +2; tracks: red 1, red 2, yellow 1",
            2,
        )
    ]
    assert events[0].text == (
        "Ann taps the Graft fairy at blue (1 fairy there) and collects 1 blue seed: blue in 1"
    )
    assert lab(state, "Bob") == {}


def test_a_pile_that_ran_out_stays_out_and_only_emptied_slots_are_refilled() -> None:
    line = (
        'Ann: cultivate "Ember Moss" with 1 4; take ascend; take gather; '
        + GLOW
        + "; refill I2 none; refill I3 {}"
    )
    prepare = with_lab("Ann", {1: "red", 4: "yellow"}, red=2, yellow=2)
    state, _, error = prepared([line.format("none")], prepare)
    assert error is None and state.pile_out[1]
    assert [t.spec.kind for t in state.players["Ann"].tiles] == ["ascend", "gather"]
    _, _, error = prepared([line.format("potion")], prepare)
    assert error is not None
    assert error.message == "the Level I pile has run out, and piles are not replenished"
    _, _, error = prepared([line.format("potion; refill I4 potion")], prepare)
    assert error is not None and error.message.startswith("the Level I pile has run out")
    stray = 'Ann: cultivate "Ember Moss" with 1 4; ' + GLOW + "; refill I4 potion"
    _, _, error = prepared([stray], prepare)
    assert error is not None and error.message == "slot I4 was not emptied this turn"


def test_x_tokens_go_on_two_research_cards_and_bundle_needs_its_track() -> None:
    header = BASE.replace("sun twoturns crown harvest", "sun twoturns xtokens bundle")
    moon = 'Ann: cultivate "Moon Fern" with 5 6; take {}; ' + GLOW + "; refill II{} crown"
    state, _, error = prepared(
        [moon.format('xtokens on "Ember Moss" "Elder Rose"', 3)], give("Ann", blue=4), header
    )
    assert error is None
    assert {s.card.name: s.x_owner for s in state.research if s.card and s.x_owner} == {
        "Ember Moss": "Ann",
        "Elder Rose": "Ann",
    }
    _, _, error = prepared([moon.format('xtokens on "Ember Moss"', 3)], give("Ann", blue=4), header)
    assert error is not None and "go on 2 different plant card(s)" in error.message
    _, _, error = prepared([moon.format("bundle red at 1", 4)], give("Ann", blue=4), header)
    assert error is not None and "Bundle also advances a track" in error.message
    state, _, error = prepared(
        [moon.format("bundle red at 1 advance yellow", 4)], give("Ann", blue=4), header
    )
    assert error is None
    ann = state.players["Ann"]
    assert (ann.potions, ann.tracks["yellow"], ann.lab[0]) == (2, 1, "red")

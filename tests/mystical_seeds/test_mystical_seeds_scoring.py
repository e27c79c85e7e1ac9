"""Scoring: prestige by source and the rule text's tie-break chain, including its
worked example (Anita and Bob)."""

from __future__ import annotations

from mystical_seeds_helpers import BASE

from gamelog.games.mystical_seeds import GAME
from gamelog.games.mystical_seeds.moves import PlantCard, TileSpec
from gamelog.games.mystical_seeds.state import GameState, HeldTile

HEADER = BASE.replace("players: Ann, Bob", "players: Anita, Bob").replace(
    "card Ann: green3\ncard Bob: potion", "card Anita: potion\ncard Bob: prestige red"
)


def fresh_state() -> GameState:
    return GAME.setup(GAME.parse(HEADER))


def cards(*points: int) -> list[PlantCard]:
    return [PlantCard(1, f"card {n}", ("red",), value) for n, value in enumerate(points)]


def test_rule_text_example_anita_and_bob() -> None:
    """Anita and Bob are tied at 10. Anita: 5 plants and 2 Knowledge tiles with
    prestige; Bob: 4 plants, 1 tile and 1 Starting Resource card with prestige.
    Bob has fewer prestige sources (6 against 7), so Bob wins."""
    state = fresh_state()
    anita, bob = state.players["Anita"], state.players["Bob"]
    anita.plants = cards(2, 2, 2, 1, 1)
    anita.tiles = [HeldTile(TileSpec("crown")), HeldTile(TileSpec("crown"))]
    bob.plants = cards(2, 2, 2, 2)
    bob.tiles = [HeldTile(TileSpec("crown"))]
    assert bob.card_prestige == 1
    sheet = GAME.score(state)
    assert (sheet.total("Anita"), sheet.total("Bob")) == (10, 10)
    assert sheet.tiebreaks[0].values == {"Anita": 7, "Bob": 6}
    ranking = sheet.ranking()
    assert [(s.player, s.rank) for s in ranking] == [("Bob", 1), ("Anita", 2)]
    assert ranking[0].decided_by == "fewest prestige sources"


def test_tiles_and_cards_without_prestige_are_not_sources() -> None:
    state = fresh_state()
    anita = state.players["Anita"]
    anita.plants = [*cards(3), PlantCard(1, "Blank", ("red",), 0)]
    anita.tiles = [HeldTile(TileSpec("potion")), HeldTile(TileSpec("topdeck"))]
    sheet = GAME.score(state)
    # Anita's potion starting card gives no prestige; Top deck gives half a point.
    assert sheet.breakdown("Anita") == {
        "plant cards": 3,
        "knowledge tracks": 0,
        "knowledge tiles": 0.5,
        "starting card": 0,
    }
    assert sheet.tiebreaks[0].values["Anita"] == 2


def test_track_prestige_is_one_at_seven_and_eight_two_at_nine() -> None:
    state = fresh_state()
    anita = state.players["Anita"]
    anita.tracks = {"red": 6, "yellow": 8, "blue": 9}
    assert GAME.score(state).breakdown("Anita")["knowledge tracks"] == 3
    anita.tracks = {"red": 7, "yellow": 7, "blue": 7}
    assert GAME.score(state).breakdown("Anita")["knowledge tracks"] == 3


def test_seeds_left_break_a_tie_on_sources_and_otherwise_players_share() -> None:
    state = fresh_state()
    anita, bob = state.players["Anita"], state.players["Bob"]
    anita.plants = cards(5, 5)
    bob.plants = cards(4, 5)  # plus the prestige card: 10 from 3 sources
    anita.plants.append(PlantCard(1, "Small", ("red",), 0))
    anita.lab = ["red", None, None, None, None, None]
    bob.lab = [None] * 6
    sheet = GAME.score(state)
    assert sheet.tiebreaks[0].values == {"Anita": 2, "Bob": 3}
    assert sheet.winners() == ["Anita"]  # fewer sources first
    anita.plants = cards(4, 5, 1)
    sheet = GAME.score(state)
    assert sheet.tiebreaks[0].values == {"Anita": 3, "Bob": 3}
    assert sheet.tiebreaks[1].values == {"Anita": 1, "Bob": 0}
    assert [(s.player, s.decided_by) for s in sheet.ranking()] == [
        ("Anita", "most seeds left in the laboratory"),
        ("Bob", "most seeds left in the laboratory"),
    ]
    anita.lab = [None] * 6
    sheet = GAME.score(state)
    assert sheet.winners() == ["Anita", "Bob"]
    assert "share the victory" in sheet.notes[0]


def test_provisional_sheet_before_the_end() -> None:
    state = fresh_state()
    sheet = GAME.score(state)
    assert not sheet.finished
    assert GAME.running_scores(state) == {"Anita": 0, "Bob": 1}


# ---------------------------------------------------------------- where the points came from


def _trail(name: str) -> dict[str, dict[str, list[tuple[int, object]]]]:
    from mystical_seeds_helpers import sample

    sheet = GAME.score(sample(name).state)
    return {
        row.category: {
            player: [(s.line, s.points) for s in sources] for player, sources in row.sources.items()
        }
        for row in sheet.rows
    }


def test_each_point_names_the_line_it_came_from() -> None:
    """three_player_game.log, by hand: Eve cultivated Night Iris (line 28, 4), Rain Fern
    (34, 3) and Coral Bloom (43, 4), took Crown in that last turn (1) and started with
    the prestige card (line 19, 1). Dee's Top deck tile was taken on line 39 (0.5); her
    yellow fairy (tracks card 1, Fox Bramble 3, her plant tile 4, Glow Cap 6) reached 7
    with Ember Moss's yellow seed in that same turn (Scholar then took it to 8). Cid's
    blue fairy: the blue card puts it on 1, Moon Fern 3, Mist Lotus 5 (two green seeds
    on blue), Sky Orchid's green on blue 6 and its blue seed 7, on line 44."""
    trail = _trail("three_player_game.log")
    assert trail["plant cards"]["Eve"] == [(28, 4), (34, 3), (43, 4)]
    assert trail["knowledge tiles"]["Eve"] == [(43, 1)]
    assert trail["starting card"]["Eve"] == [(19, 1)]
    assert trail["knowledge tiles"]["Dee"] == [(39, 0.5)]
    assert trail["knowledge tracks"]["Dee"] == [(39, 1)]
    assert trail["knowledge tracks"]["Cid"] == [(44, 1)]
    assert "Cid" not in trail["starting card"]  # the blue card is worth no prestige


def test_a_track_point_is_the_last_climb_to_seven() -> None:
    """tiles_sun_swap_thrift.log, by hand: Mia's blue fairy (blue card 1, Night Iris
    4, Moon Fern 6) is swapped back to 4 on line 28, then climbs again: Moon Drop 6
    (line 40), Dew Bell 7 (line 42). Her yellow fairy (1, Swap 3, Glow Cap 5) reaches
    7 with Sun Drop on line 36."""
    trail = _trail("tiles_sun_swap_thrift.log")
    assert trail["knowledge tracks"]["Mia"] == [(36, 1), (42, 1)]
    assert trail["knowledge tracks"]["Ned"] == [(33, 1)]

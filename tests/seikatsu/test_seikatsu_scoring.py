"""Bird and flower scoring against hand-worked examples, and the exact final scores of
the complete sample games (each worked out by hand from the final board; the
working is summarised beside each expectation)."""

from __future__ import annotations

import pytest
from seikatsu_helpers import HEADER_2P, run, run_sample

from gamelog.core.replay import replay
from gamelog.games.seikatsu import GAME
from gamelog.games.seikatsu.scoring import SET_POINTS

# Setup GK on D3, RB on E4. Neighbours (reference table): E3: D3 E2 E4 F2 F3;
# D2: C1 C2 D1 D3 E1 E2; E2: D2 D3 E1 E3 F1 F2; F3: E3 E4 F2 F4 G2 G3;
# F2: E2 E3 F1 F3 G1 G2; G1: F1 F2 G2; C2: B1 B2 C1 C3 D2 D3.
BIRD_GAME = HEADER_2P + (
    "Ann: GO at E3\n"  # grey next to D3 (GK): 1 + 1 = 2
    "Bob: GP at D2\n"  # grey next to D3: 2
    "Ann: GB at E2\n"  # grey next to D2, D3, E3: 1 + 3 = 4
    "Bob: RK at F3\n"  # red next to E4 (RB): 2
    "Ann: koi as red at F2\n"  # red next to F3 only: 2 (grey would have made 3)
    "Bob: RO at G1\n"  # the koi on F2 is no bird any more: 0
    "Ann: koi at C2\n"  # no bird named: grey (D2, D3) is best: 3
)


def test_birds_score_one_plus_each_matching_neighbour() -> None:
    result = replay(GAME, BIRD_GAME, keep_steps=True)
    assert result.error is None
    texts = [step.events[0].text for step in result.steps]
    assert texts == [
        "Ann +2: grey flock at E3 with D3",
        "Bob +2: grey flock at D2 with D3",
        "Ann +4: grey flock at E2 with D2, D3, E3",
        "Bob +2: red flock at F3 with E4",
        "Ann +2: koi as red at F2, flock with F3",
        "Bob: RO at G1, no matching bird",
        "Ann +3: koi counts as grey at C2, flock with D2, D3",
    ]
    assert [step.events[0].points for step in result.steps] == [2, 2, 4, 2, 2, 0, 3]
    assert GAME.running_scores(result.state) == {"Ann": 11, "Bob": 4}


def test_a_bird_with_no_match_scores_nothing() -> None:
    result = replay(GAME, HEADER_2P + "Ann: NO at C3\n", keep_steps=True)  # next to grey D3
    assert result.error is None
    assert result.steps[0].events[0].text == "Ann: NO at C3, no matching bird"
    assert GAME.running_scores(result.state) == {"Ann": 0, "Bob": 0}


def test_a_koi_naming_a_bird_with_no_match_scores_nothing() -> None:
    result = replay(GAME, HEADER_2P + "Ann: koi as blue at C3\n", keep_steps=True)
    assert result.error is None
    assert result.steps[0].events[0].text == "Ann: koi as blue at C3, no matching bird"
    assert result.steps[0].events[0].points == 0


def test_flower_rows_mid_game_with_koi_wild_per_player_per_row() -> None:
    """After BIRD_GAME the garden holds D3 GK, E4 RB, E3 GO, D2 GP, E2 GB, F3 RK, F2 koi,
    G1 RO, C2 koi.

    Pink's rows are the letters: C = {C2 koi} 1; D = {D2 purple, D3 pink} 1;
    E = {E2 blue, E3 orange, E4 blue} 2 blue = 3; F = {F2 koi, F3 pink} 2 = 3;
    G = {G1 orange} 1. Blue (behind G4) has A = G1 F1 E1 D1: orange 1;
    B = G2 F2 E2 D2 C1: koi + blue or purple = 3; C = G3 F3 E3 D3 C2 B1:
    pink F3, D3 + koi C2 = 3 flowers = 6; D = G4 F4 E4 C3 B2 A1: blue 1.
    """
    sheet = GAME.score(run(BIRD_GAME).state)
    assert not sheet.finished
    rows = {row.category: row for row in sheet.rows}
    ann = {name: row.points.get("Ann") for name, row in rows.items()}
    bob = {name: row.points.get("Bob") for name, row in rows.items()}
    assert ann == {
        "birds": 11,
        "row A": 0,
        "row B": 0,
        "row C": 1,
        "row D": 1,
        "row E": 3,
        "row F": 3,
        "row G": 1,
    }
    assert bob == {
        "birds": 4,
        "row A": 1,
        "row B": 3,
        "row C": 6,
        "row D": 1,
        "row E": 0,
        "row F": 0,
        "row G": 0,
    }
    assert rows["row C"].notes == {"Ann": "1 koi", "Bob": "2 pink + 1 koi"}
    assert rows["row F"].notes["Ann"] == "1 pink + 1 koi"
    assert rows["row D"].notes["Ann"] == "1 purple/pink"
    assert rows["row E"].notes["Bob"] == "no flowers"
    assert any("provisional" in note for note in sheet.notes)
    # Mid-game, the running score is birds only.
    assert GAME.running_scores(run(BIRD_GAME).state) == {"Ann": 11, "Bob": 4}


def test_flower_sets_score_triangular_numbers() -> None:
    assert SET_POINTS[1:] == (1, 3, 6, 10, 15, 21)


ROWS = ["row A", "row B", "row C", "row D", "row E", "row F", "row G"]


def test_the_3p_sheet_says_where_each_pagoda_stands() -> None:
    sheet = GAME.score(run_sample("complete-3p.log").state)
    assert "pagodas: Kai blue behind G4, Ann pink behind D1, Bob green behind A4" in sheet.notes[0]


def test_a_tie_goes_to_the_player_last_in_turn_order() -> None:
    """tie-2p.log: 49 each (the working is in the sample); Cid sits last."""
    sheet = GAME.score(run_sample("tie-2p.log").state)
    ranking = sheet.ranking()
    assert [(s.player, s.total, s.rank) for s in ranking] == [("Cid", 49, 1), ("Bob", 49, 2)]
    assert ranking[0].decided_by == "last in turn order"
    assert sheet.winners() == ["Cid"]
    assert sheet.tiebreaks[0].prefer == "higher"
    assert sheet.tiebreaks[0].values == {"Bob": 1, "Cid": 2}


def test_final_running_scores_include_flowers() -> None:
    state = run_sample("complete-2p.log").state
    assert GAME.running_scores(state) == {"Jun": 54, "Cid": 55}


@pytest.mark.parametrize(
    "sample", ["complete-2p.log", "complete-3p.log", "tournament-3p.log", "tie-2p.log"]
)
def test_every_player_has_birds_and_seven_rows(sample: str) -> None:
    sheet = GAME.score(run_sample(sample).state)
    assert [row.category for row in sheet.rows] == ["birds", *ROWS]
    for row in sheet.rows[1:]:
        assert set(row.notes) == set(sheet.players)


def test_a_koi_between_tied_birds_counts_as_the_first_of_them() -> None:
    """E3 touches D3 (GK, grey) and E4 (RB, red), one bird each: either scores 1 + 1;
    the cheat-sheet's order (red, grey, green, blue) names red."""
    result = replay(GAME, HEADER_2P + "Ann: koi at E3\n", keep_steps=True)
    assert result.error is None
    event = result.steps[0].events[0]
    assert (event.text, event.points) == ("Ann +2: koi counts as red at E3, flock with E4", 2)


def test_a_koi_with_no_bird_beside_it_scores_nothing() -> None:
    """F2's neighbours are E2 E3 F1 F3 G1 G2 (reference table); of them only E3 holds a
    tile, and it is a koi, which is no bird once placed."""
    result = replay(GAME, HEADER_2P + "Ann: koi at E3\nBob: koi at F2\n", keep_steps=True)
    assert result.error is None
    event = result.steps[1].events[0]
    assert (event.text, event.points) == ("Bob: koi at F2, no adjacent bird to match", 0)

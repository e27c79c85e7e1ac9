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


def breakdown(sample: str) -> dict[str, dict[str, int]]:
    result = run_sample(sample)
    assert result.error is None and result.finished
    sheet = GAME.score(result.state)
    assert sheet.finished
    return {player: sheet.breakdown(player) for player in sheet.players}


def expected(birds: int, rows: list[int]) -> dict[str, int]:
    return {"birds": birds, **dict(zip(ROWS, rows, strict=True))}


def test_complete_2p_game_exact_score() -> None:
    """Birds, Jun (blue): F3 +3 (F4, E3 blue), G2 +2, koi D6 +2 (green C6 or blue D5),
    F5 +3 (green G4, E6), koi as green E5 +3 (F5, E6), E2 +2 (grey F1), A1 +2 (green B1),
    E1 +3 (grey F1, E2) = 20. Cid (pink): koi as grey C5 +2 (C4), koi C2 +3 (two grey or
    two green), F2 +2 (red G1) = 7.
    Flowers, Cid from D1: A 3 pink 6; B 2 purple 3; C 2 orange + 2 koi 10;
    D 3 purple + koi 10; E 2 orange + koi 6; F 2 orange 3; G 4 pink 10 = 48.
    Jun from G4: A (G1 F1 E1 D1) 2 orange 3; B 2 pink 3; C 2 purple + koi 6;
    D 2 pink 3; E 2 purple + koi 6; F (E6 D6 C5 B4 A3) 2 blue + 2 koi 10; G 2 blue 3 = 34.
    """
    assert breakdown("complete-2p.log") == {
        "Jun": expected(20, [3, 3, 6, 3, 6, 10, 3]),
        "Cid": expected(7, [6, 3, 10, 10, 6, 3, 10]),
    }
    sheet = GAME.score(run_sample("complete-2p.log").state)
    assert [(s.player, s.total, s.rank) for s in sheet.ranking()] == [
        ("Cid", 55, 1),
        ("Jun", 54, 2),
    ]


def test_complete_3p_game_exact_score() -> None:
    """Turn order Kai (blue), Ann (pink), Bob (green): clockwise from pink puts green
    behind A4 and blue behind G4.
    Birds: Kai C3 +2, B3 +3, B5 +2, D6 +2, koi as grey B4 +3, F5 +2 = 14;
    Ann A1 +2, E1 +2, D5 +3 = 7; Bob D2 +2, B1 +3, koi as red E2 +2, F2 +2,
    koi as green F1 +2, koi D7 +3 (two blue), F4 +2 = 16.
    Flowers: Ann (D1) 3+6+6+6+15 (E: 4 purple + koi)+6+1 = 43;
    Kai (G4) 6+6+3+6+6+6+6 = 39; Bob (A4) 6+3+3+10+10+6+6 = 44.
    """
    assert breakdown("complete-3p.log") == {
        "Kai": expected(14, [6, 6, 3, 6, 6, 6, 6]),
        "Ann": expected(7, [3, 6, 6, 6, 15, 6, 1]),
        "Bob": expected(16, [6, 3, 3, 10, 10, 6, 6]),
    }
    sheet = GAME.score(run_sample("complete-3p.log").state)
    assert "pagodas: Kai blue behind G4, Ann pink behind D1, Bob green behind A4" in sheet.notes[0]
    assert [(s.player, s.total, s.rank) for s in sheet.ranking()] == [
        ("Bob", 60, 1),
        ("Kai", 53, 2),
        ("Ann", 50, 3),
    ]


def test_tournament_3p_game_exact_score() -> None:
    """Dee (pink), Eli (green, A4), Bob (blue, G4); koi dealt 1, 1, 2.
    Birds: Dee koi B3 +2 (red C3), E4 +2, E2 +2, F2 +2 = 8; Eli koi as red D6 +2,
    C4 +3 (red D5, C3), E6 +2, F1 +2, A4 +2 = 11; Bob koi as red C2 +2, koi as red B1
    +0 (C2 is a koi: no bird), F5 +2, C5 +2 = 6.
    Flowers: Dee (D1) 6+10+6+10+10+3+3 = 48; Eli (A4) 3+6+3+6+6+6+10 = 40;
    Bob (G4) 3+6+10+10+6+6+3 = 44.
    """
    assert breakdown("tournament-3p.log") == {
        "Dee": expected(8, [6, 10, 6, 10, 10, 3, 3]),
        "Eli": expected(11, [3, 6, 3, 6, 6, 6, 10]),
        "Bob": expected(6, [3, 6, 10, 10, 6, 6, 3]),
    }
    totals = {
        s.player: s.total for s in GAME.score(run_sample("tournament-3p.log").state).ranking()
    }
    assert totals == {"Dee": 56, "Eli": 51, "Bob": 50}


def test_tournament_2p_game_with_blue_behind_a4_exact_score() -> None:
    """Dee (pink), Fay (blue behind A4, so Fay's rows are the constant-r lines).
    Birds: Dee F3 +2, D3 +2, C4 +2, koi as blue B2 +2, koi as red F1 +2, F2 +3, C2 +2,
    B4 +2 = 17; Fay koi as green E4 +3, C5 +2, D1 +2, G4 +3, A3 +3, koi as red E6 +2 = 15.
    Flowers: Dee (D1) 3+6+3+6+10+6+6 = 40; Fay (A4) 6+3+10+3+6+6+3 = 37.
    """
    assert breakdown("tournament-2p.log") == {
        "Dee": expected(17, [3, 6, 3, 6, 10, 6, 6]),
        "Fay": expected(15, [6, 3, 10, 3, 6, 6, 3]),
    }


def test_tie_goes_to_the_player_last_in_turn_order() -> None:
    """Bob (blue behind A4) plays first, Cid (pink) second.
    Birds: Bob koi as grey E4 +2, koi as red C2 +2, E3 +2, E2 +2, koi D1 +2, A4 +2, D2 +2,
    A2 +2 = 16; Cid koi as grey E5 +2, F2 +2, C6 +2, F1 +2, B4 +2, G4 +2, D7 +3 = 15.
    Flowers: Bob (A4) 3+6+6+3+6+6+3 = 33; Cid (D1) 3+3+6+6+10+3+3 = 34. 49 each.
    """
    assert breakdown("tie-2p.log") == {
        "Bob": expected(16, [3, 6, 6, 3, 6, 6, 3]),
        "Cid": expected(15, [3, 3, 6, 6, 10, 3, 3]),
    }
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

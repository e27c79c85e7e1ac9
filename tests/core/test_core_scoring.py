"""Ranking: totals first, then the rules' tie-break chain; equal on every key shares."""

from gamelog.core.scoring import ScoreSheet, TieBreak


def sheet(totals: dict[str, int], *tiebreaks: TieBreak) -> ScoreSheet:
    s = ScoreSheet(players=list(totals), tiebreaks=list(tiebreaks))
    for player, points in totals.items():
        s.add("points", player, points)
    return s


def places(s: ScoreSheet) -> list[tuple[str, int]]:
    return [(st.player, st.rank) for st in s.ranking()]


def test_categories_sum_to_total_and_keep_first_use_order() -> None:
    s = ScoreSheet(players=["Ann", "Bob"])
    s.add("birds", "Ann", 3)
    s.add("row A", "Ann", 6, note="3 purple")
    s.add("birds", "Ann", 2)
    s.add("birds", "Bob", 1)
    assert [row.category for row in s.rows] == ["birds", "row A"]
    assert s.total("Ann") == 11
    assert s.breakdown("Bob") == {"birds": 1, "row A": 0}
    assert s.row("row A").notes == {"Ann": "3 purple"}


def test_higher_total_ranks_first() -> None:
    assert places(sheet({"Ann": 10, "Bob": 12, "Cid": 11})) == [("Bob", 1), ("Cid", 2), ("Ann", 3)]


def test_tie_without_tiebreak_shares_the_place() -> None:
    s = sheet({"Ann": 10, "Bob": 12, "Cid": 12})
    assert places(s) == [("Bob", 1), ("Cid", 1), ("Ann", 3)]
    assert s.winners() == ["Bob", "Cid"]


def test_tiebreak_direction_lower_wins() -> None:
    fewest = TieBreak("fewest sources", "lower", {"Ann": 3, "Bob": 2})
    s = sheet({"Ann": 10, "Bob": 10}, fewest)
    assert places(s) == [("Bob", 1), ("Ann", 2)]
    assert [st.decided_by for st in s.ranking()] == ["fewest sources", "fewest sources"]


def test_tiebreak_chain_falls_through_to_the_next_key_then_shares() -> None:
    first = TieBreak("fewest sources", "lower", {"Ann": 2, "Bob": 2, "Cid": 2})
    second = TieBreak("most seeds", "higher", {"Ann": 1, "Bob": 4, "Cid": 4})
    s = sheet({"Ann": 9, "Bob": 9, "Cid": 9}, first, second)
    assert places(s) == [("Bob", 1), ("Cid", 1), ("Ann", 3)]
    assert s.ranking()[2].decided_by == "most seeds"


def test_tiebreak_ignored_between_different_totals() -> None:
    order = TieBreak("last in turn order", "higher", {"Ann": 1, "Bob": 2})
    s = sheet({"Ann": 11, "Bob": 10}, order)
    assert places(s) == [("Ann", 1), ("Bob", 2)]
    assert all(st.decided_by is None for st in s.ranking())

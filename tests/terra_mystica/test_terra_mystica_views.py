"""What a user sees: events per command that read like ledger rows, running scores,
the position as text, the score sheet with shared places, the ledger export."""

from __future__ import annotations

from pathlib import Path

from gamelog.core.replay import replay
from gamelog.games.terra_mystica import GAME

ROOT = Path(__file__).resolve().parent.parent.parent
SAMPLES = ROOT / "samples" / "terra_mystica"
CORPUS = ROOT / "tests" / "corpus" / "terra_mystica"
LEAGUE = (SAMPLES / "league_game.txt").read_text()


def test_events_read_like_ledger_rows() -> None:
    result = replay(GAME, LEAGUE, "league", stop_after=60, keep_steps=True)
    texts = [event.text for step in result.steps for event in step.events]
    assert "Round 1 income" in texts
    assert "Round 1, turn 1" in texts
    assert (
        "darklings: dig 1. build G6 -> 21 VP (+2), 10 C (-2), 2 W (-1), 0 P (-1), "
        "PW 0/11/1, cults 0/1/1/0, offers 1 1"
    ) in texts
    leech = next(
        e for step in result.steps for e in step.events if "Leech 2 from witches" in e.text
    )
    assert (leech.player, leech.points) == ("darklings", -1)


def test_running_scores_are_the_current_vp() -> None:
    result = replay(GAME, LEAGUE, "league", stop_after=120)
    scores = GAME.running_scores(result.state)
    assert set(scores) == {"halflings", "darklings", "engineers", "witches"}
    assert scores == {f.name: f.r["VP"] for f in result.state.order}


def test_position_shows_terrain_buildings_and_factions() -> None:
    result = replay(GAME, LEAGUE, "league", stop_after=40)
    text = GAME.render_position(result.state)
    assert "E7 gryTP" in text  # the Engineers' trading house on gray E7
    assert "A1 brn" in text
    assert "~~~" in text  # rivers
    assert "halflings" in text and "BON1" in text
    assert "round scoring: 1:SCORE2*" in text


def test_score_sheet_breaks_down_by_source_and_sums() -> None:
    state = replay(GAME, LEAGUE, "league").state
    sheet = GAME.score(state)
    assert sheet.finished
    categories = [row.category for row in sheet.rows]
    assert categories[0] == "start"
    for expected in ("round scoring tiles", "bonus tiles", "favor tiles", "towns", "leech"):
        assert expected in categories
    for faction in state.order:
        assert sheet.total(faction.name) == faction.r["VP"]


def test_dropped_factions_still_score_cults_network_and_resources() -> None:
    result = replay(GAME, (CORPUS / "commands" / "4pLeague_S64_D1L1_G4.txt").read_text(), "x")
    engine = result.state
    cultists = engine.factions["cultists"]
    assert cultists.dropped
    assert cultists.r["VP"] == 41
    breakdown = GAME.score(result.state).breakdown("cultists")
    assert breakdown["cult: fire"] > 0 and breakdown["resources"] > 0
    rows = [r for r in engine.ledger.rows if r.faction == "cultists" and not r.is_comment]
    assert rows[-1].commands == ""  # dropped factions' rows have no command


def test_ledger_export_is_tab_separated_with_15_cells() -> None:
    result = replay(GAME, LEAGUE, "league", keep_steps=True)
    text = GAME.export(result, "ledger")
    rows = [line.split("\t") for line in text.splitlines() if "\t" in line]
    assert all(len(cells) == 15 for cells in rows)
    assert rows[0][0] == "halflings" and rows[0][14] == "setup"
    assert rows[-1][14] == "score_resources"  # the sample's closing comments are rows after it
    # The rows are the site's: the ledger sample is this game's ledger as the site shows it.
    site = (SAMPLES / "league_game_ledger.txt").read_text()
    site_rows = [line.split("\t") for line in site.splitlines() if "\t" in line]

    def tidy(cells: list[str]) -> list[str]:
        cells = [" ".join(cell.split()) for cell in cells[:15]]
        cells[13] = " ".join(sorted(cells[13].split()))
        return cells

    assert [tidy(r) for r in rows] == [tidy(r) for r in site_rows]

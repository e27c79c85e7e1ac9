"""Where each VP came from: every cell of the score sheet lists the moves behind it, with
the VP each gave. Checked against what the site recorded (the VP change of every faction
row of the 55 corpus ledgers) and against cells worked out by hand."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest
from click.testing import CliRunner

from gamelog.cli import main
from gamelog.core.replay import replay
from gamelog.games.terra_mystica import GAME

ROOT = Path(__file__).resolve().parent.parent.parent
CORPUS = ROOT / "tests" / "corpus" / "terra_mystica"
LEAGUE = ROOT / "samples" / "terra_mystica" / "league_game.txt"
LEDGERS = sorted((CORPUS / "ledgers").glob("*.txt"))


def _recorded_deltas(text: str) -> dict[tuple[int, str], int]:
    """The VP change the site recorded in each faction row, by line and faction."""
    found = {}
    for number, line in enumerate(text.split("\n"), start=1):
        cells = line.split("\t")
        if len(cells) >= 15:
            delta = cells[1].strip()
            found[(number, cells[0].strip().lower())] = int(delta) if delta else 0
    return found


@pytest.mark.parametrize("path", LEDGERS, ids=lambda p: p.stem)
def test_every_vp_is_booked_to_the_ledger_row_the_site_recorded_it_in(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    result = replay(GAME, text, str(path))
    assert result.error is None
    sheet = GAME.score(result.state)
    booked: dict[tuple[int, str], int] = defaultdict(int)
    for row in sheet.rows:
        for faction, sources in row.sources.items():
            assert sum(s.points for s in sources) == row.points[faction], (row.category, faction)
            for source in sources:
                booked[(source.line, faction)] += source.points
    recorded = _recorded_deltas(text)
    # The setup row shows the starting VP as the faction's state, not as a change.
    starts = {key for key in booked if recorded.get(key) == 0 and booked[key] == 20}
    assert {k: v for k, v in booked.items() if v and k not in starts} == {
        k: v for k, v in recorded.items() if v
    }


def test_every_cell_of_every_command_log_has_its_sources() -> None:
    for path in sorted((CORPUS / "commands").glob("*.txt"))[:20]:
        result = replay(GAME, path.read_text(encoding="utf-8"), str(path))
        sheet = GAME.score(result.state)
        for row in sheet.rows:
            for faction, points in row.points.items():
                sources = row.sources.get(faction, [])
                assert sum(s.points for s in sources) == points, (path.name, row.category)
                assert all(s.points and s.move and s.line >= 1 for s in sources)


def test_the_witches_towns_and_cults_by_hand() -> None:
    """league_game.txt: the witches found three towns, taking TW1 (5 VP, line 270), TW3
    (9 VP, line 370) and TW4 (6 VP, line 411), and their ability pays 5 VP per town;
    at the end (the last pass, line 424) they are second on WATER and AIR (4 VP each)
    and second in network (12 VP)."""
    rec = json.loads(CliRunner().invoke(main, ["score", str(LEAGUE), "--format", "json"]).stdout)
    witches = next(p for p in rec["players"] if p["name"] == "witches")
    trail = witches["trail"]
    assert [(s["line"], s["move"], s["points"]) for s in trail["towns"]] == [
        (270, "witches: +TW1", 5),
        (370, "witches: +TW3", 9),
        (411, "witches: +TW4", 6),
    ]
    assert [s["points"] for s in trail["faction specials"]] == [5, 5, 5]
    assert [(s["line"], s["move"], s["points"]) for s in trail["cult: water"]] == [
        (424, "+4vp for WATER", 4)
    ]
    assert [(s["line"], s["move"], s["points"]) for s in trail["network"]] == [
        (424, "+12vp for network", 12)
    ]
    assert trail["start"] == [{"line": 19, "move": "setup witches", "points": 20}]


def test_explain_names_the_leech_lines_and_their_cost() -> None:
    """Accepting N power costs N-1 VP: the witches' Leech 2 on line 69 costs 1, their
    Leech 4 on line 198 costs 3."""
    out = (
        CliRunner()
        .invoke(main, ["explain", str(LEAGUE), "--player", "witches", "--category", "leech"])
        .stdout
    )
    assert "line 69: witches: Leech 2 from halflings" in out
    assert "line 198: witches: Leech 4 from darklings" in out
    assert "leech: -14" in out

"""Dropped factions (``drop-faction FACTION``, ``resign``) and players dropped before
choosing a faction (``drop-faction playerN``), as the online site handles them: no
more turns, no power offers, still scored at the end."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamelog.core.errors import IllegalMove, SetupError
from gamelog.core.replay import Replay, replay
from gamelog.games.terra_mystica import GAME

ROOT = Path(__file__).resolve().parent.parent.parent
DROPPED = (ROOT / "samples" / "terra_mystica" / "dropped_faction.txt").read_text()
LINES = DROPPED.split("\n")
DROP_LINE = LINES.index("drop-faction cultists") + 1


def line_of(text: str, after: int = DROP_LINE) -> int:
    """The 1-based number of the first line equal to ``text`` after line ``after``."""
    return LINES.index(text, after) + 1


def upto(line: int, *extra: str) -> Replay:
    """The sample's first ``line`` lines, then ``extra`` lines."""
    return replay(GAME, "\n".join(LINES[:line] + list(extra)) + "\n", "dropped")


def test_dropping_the_faction_to_act_passes_the_turn_and_lapses_its_offers() -> None:
    before = upto(DROP_LINE - 1).state
    cultists = before.factions["cultists"]
    assert before.active is cultists
    assert [(r.type, r.amount, r.from_faction) for r in before.pending_offers(cultists)] == [
        ("leech", 2, "engineers")
    ]
    assert cultists.bonus_tile() == "BON9"

    after = upto(DROP_LINE).state
    assert after.factions["cultists"].dropped
    assert after.active is after.factions["darklings"]
    assert [r for r in after.action_required if r.faction == "cultists"] == []
    assert after.factions["cultists"].bonus_tile() is None
    assert "BON9" in after.available_bonus_tiles()
    assert after.ledger.rows[-1].comment == "cultists dropped from the game"


def test_a_dropped_faction_is_skipped_in_turn_order_for_the_rest_of_the_game() -> None:
    acting: list[tuple[int, str]] = []
    round_orders: dict[int, list[str]] = {}

    def watch(step: object, state: object) -> None:
        engine = state  # type: ignore[attr-defined]
        if engine.active is not None and not engine.finished:
            acting.append((step.move.line, engine.active.name))  # type: ignore[attr-defined]
        if engine.round and engine.round not in round_orders:
            round_orders[engine.round] = [
                f.name for f in engine.factions_in_turn_order() if not f.dropped
            ]

    result = replay(GAME, DROPPED, "dropped", on_step=watch)
    assert result.error is None
    assert "cultists" in {name for line, name in acting if line < DROP_LINE}
    assert {name for line, name in acting if line >= DROP_LINE} == {
        "darklings",
        "engineers",
        "swarmlings",
    }
    # variable-turn-order: the passing order of round 4 (the Cultists never passed).
    assert round_orders[5] == ["swarmlings", "darklings", "engineers"]
    assert len(round_orders[6]) == 3


def test_a_dropped_faction_cannot_act_any_more() -> None:
    result = upto(DROP_LINE, "cultists: build A7")
    assert isinstance(result.error, IllegalMove)
    assert result.error.line == DROP_LINE + 1
    assert result.error.message == "cultists: build A7: cultists were dropped from the game"
    result = upto(DROP_LINE, "cultists: Leech 2 from engineers")
    assert isinstance(result.error, IllegalMove)
    assert "dropped from the game" in result.error.message


def test_builds_next_to_a_dropped_faction_offer_it_nothing() -> None:
    # The Engineers' trading house on G1 touches only a Cultists' building: the ledger
    # still shows 1 power drawn by the Cultists' colour, but nobody owes an answer, the
    # price is the plain one (a neighbour is there), and the turn moves on at once.
    line = line_of("engineers: upgrade G1 to TP")
    before = upto(line - 1).state
    engine = upto(line).state
    row = engine.ledger.rows[-1]
    assert row.faction == "engineers" and row.leech == {"brown": 1}
    assert [r for r in engine.action_required if r.type == "leech"] == []
    engineers = engine.factions["engineers"]
    # The Engineers' trading house costs 1 W and 2 C; without a neighbour it would be 4 C.
    assert before.factions["engineers"].r["C"] - engineers.r["C"] == 2
    assert engine.active is not engineers

    # The Darklings' dwelling on G6 offers power to the Engineers and the Swarmlings only.
    line = line_of("darklings: build G6")
    engine = upto(line).state
    assert engine.ledger.rows[-1].leech == {"gray": 2, "blue": 1, "brown": 3}
    offered = {r.faction: r.amount for r in engine.action_required if r.type == "leech"}
    assert offered == {"engineers": 2, "swarmlings": 1}


def test_a_dropped_faction_is_scored_for_cults_network_and_resources() -> None:
    result = replay(GAME, DROPPED, "dropped")
    sheet = GAME.score(result.state)
    cultists = sheet.breakdown("cultists")
    assert cultists["resources"] > 0
    start = next(row for row in sheet.rows if row.category == "start")
    assert start.notes == {"cultists": "dropped"}
    assert any("dropped from the game: cultists" in note for note in sheet.notes)
    assert [(s.player, s.rank) for s in sheet.ranking()] == [
        ("swarmlings", 1),
        ("engineers", 2),
        ("darklings", 3),
        ("cultists", 4),
    ]
    rows = [r for r in result.state.ledger.rows if r.faction == "cultists"]
    assert rows[-1].commands == ""  # the site writes dropped factions' rows without a command


def _faction_rows(ledger: str) -> list[list[str]]:
    """The faction rows of a ledger, their cells tidied (the leech offers sorted: the site
    lists them in Perl hash order)."""
    rows = []
    for line in ledger.replace("\r", "").split("\n"):
        cells = [" ".join(cell.replace("\u00a0", " ").split()) for cell in line.split("\t")]
        if len(cells) >= 15:
            cells[13] = " ".join(sorted(cells[13].split()))
            rows.append(cells[:15])
    return rows


def test_the_exported_ledger_of_a_game_with_a_drop_is_the_site_s_up_to_the_drop() -> None:
    """Up to the drop, the sample is league game 4pLeague_S62_D1L1_G6 as played: its
    exported rows are the site's own ledger rows of that game. From the drop on, the
    cultists' rows have no command, and their last row holds the 102 VP the sample
    states (worked out in its expect lines)."""
    result = replay(GAME, DROPPED, "dropped", keep_steps=True)
    ledger = GAME.export(result, "ledger")
    assert "\ncultists dropped from the game\n" in ledger
    before_drop = _faction_rows(ledger.split("\ncultists dropped from the game\n")[0])
    site = _faction_rows(
        (
            ROOT / "tests" / "corpus" / "terra_mystica" / "ledgers" / "4pLeague_S62_D1L1_G6.txt"
        ).read_text(encoding="utf-8")
    )
    assert len(before_drop) > 150
    assert before_drop == site[: len(before_drop)]
    after = _faction_rows(ledger.split("\ncultists dropped from the game\n")[1])
    cultists = [row for row in after if row[0] == "cultists"]
    assert cultists and all(row[14] == "" for row in cultists)
    assert cultists[-1][2] == "102 VP"


@pytest.mark.parametrize("line", ["cultists: resign", "cultists: drop-faction cultists"])
def test_a_faction_may_resign_itself(line: str) -> None:
    text = DROPPED.replace("\ndrop-faction cultists\n", f"\n{line}\n")
    result = replay(GAME, text, "resigned")
    assert result.error is None and result.finished
    assert GAME.running_scores(result.state)["cultists"] == 102


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "engineers: drop-faction cultists",
            "engineers: drop-faction cultists: engineers cannot drop cultists",
        ),
        ("drop-faction witches", "faction witches is not in the game"),
        (
            "drop-faction player2",
            "player2 can no longer be dropped as a player: the factions "
            "are chosen (drop the faction by its name)",
        ),
    ],
)
def test_drops_that_are_not_allowed(line: str, message: str) -> None:
    result = upto(DROP_LINE - 1, line)
    assert result.error is not None
    assert result.error.line == DROP_LINE
    assert result.error.message == message


def test_a_faction_is_dropped_once() -> None:
    result = upto(DROP_LINE, "drop-faction cultists")
    assert isinstance(result.error, IllegalMove)
    assert result.error.message == "cultists were already dropped from the game"


# --- players dropped before choosing a faction ----------------------------------------

SEATS = """\
player Ann
player Bob
player Cid
player Dee
score SCORE8,SCORE2,SCORE1,SCORE3,SCORE5,SCORE4
delete BON6
delete BON8
delete BON7
setup halflings
drop-faction player2
setup dwarves
setup mermaids
halflings: build F7
dwarves: build F6
mermaids: build G6
mermaids: build D5
dwarves: build E7
halflings: build F5
mermaids: pass BON1
dwarves: pass BON5
halflings: pass BON3
halflings: upgrade F5 to TP
dwarves: leech 1 from halflings
dwarves: upgrade E7 to TP
mermaids: leech 1 from dwarves
"""


def test_a_player_dropped_before_choosing_keeps_an_empty_seat() -> None:
    result = replay(GAME, SEATS, "seats")
    assert result.error is None
    engine = result.state
    assert [f.name for f in engine.order] == ["halflings", "nofaction2", "dwarves", "mermaids"]
    # The empty seat places no dwelling, picks no bonus tile, takes no turn ...
    assert engine.active is engine.factions["mermaids"]
    ledger = GAME.export(result, "ledger")
    assert "nofaction2" not in ledger
    # ... earns nothing and is not on the score sheet.
    sheet = GAME.score(result.state)
    assert sheet.players == ["halflings", "dwarves", "mermaids"]
    assert "player 2 (Bob) was dropped before choosing a faction" in sheet.notes
    assert "nofaction2" not in GAME.running_scores(result.state)
    assert "nofaction2" in GAME.render_position(result.state)


def test_an_empty_first_seat_holds_the_start_but_the_next_seat_acts() -> None:
    text = """\
player Ann
player Bob
player Cid
score SCORE8,SCORE2,SCORE1,SCORE3,SCORE5,SCORE4
delete BON6
delete BON8
delete BON7
drop-faction player1
setup dwarves
setup mermaids
dwarves: build F6
mermaids: build G6
mermaids: build D5
dwarves: build E7
mermaids: pass BON1
dwarves: pass BON5
"""
    result = replay(GAME, text, "seats")
    assert result.error is None, str(result.error)
    engine = result.state
    seat = engine.order[0]
    assert (seat.name, seat.start_player) == ("nofaction1", True)
    assert engine.round == 1 and engine.active is engine.factions["dwarves"]
    then = replay(GAME, text + "dwarves: upgrade E7 to TP\nmermaids: leech 1 from dwarves\n", "x")
    assert then.error is None
    assert then.state.active is then.state.factions["mermaids"]


@pytest.mark.parametrize(
    ("replace", "message"),
    [
        ("drop-faction player3", "player 3 is not the one choosing a faction now"),
        ("drop-faction player5", "there is no player 5"),
    ],
)
def test_only_the_player_choosing_now_can_be_dropped_before_choosing(
    replace: str, message: str
) -> None:
    result = replay(GAME, SEATS.replace("drop-faction player2", replace), "seats")
    assert isinstance(result.error, SetupError)
    assert result.error.line == 10
    assert result.error.message == message


def test_dropping_a_player_needs_the_player_lines() -> None:
    text = "\n".join(line for line in SEATS.split("\n") if not line.startswith("player "))
    result = replay(GAME, text, "seats")
    assert isinstance(result.error, SetupError)
    assert result.error.message == "there is no player 2"


def test_an_empty_seat_takes_no_commands() -> None:
    result = replay(GAME, SEATS + "nofaction2: pass BON2\n", "seats")
    assert isinstance(result.error, IllegalMove)
    assert result.error.message == (
        "nofaction2: pass BON2: nofaction2 is the seat of a player dropped before "
        "choosing a faction"
    )

"""`gamelog play` for Eden, through the session it runs (core/session.py): each typed
line is parsed alone and applied to the kept position, so a turn arrives a line at a
time; what the session keeps must be what the file, replayed whole, gives."""

from __future__ import annotations

from pathlib import Path

from eden_helpers import GAME, SAMPLES

from gamelog.core.errors import IllegalMove
from gamelog.core.replay import replay
from gamelog.core.session import Session

HEADER = "game: eden\nplayers: Ann (red), Ben (blue)\nmana: 20\n"


def _session(tmp_path: Path, text: str = HEADER) -> Session:
    log = tmp_path / "tonight.log"
    log.write_text(text, encoding="utf-8")
    return Session(GAME, str(log))


def _same_as_the_file(session: Session) -> None:
    """The kept position is the file's, replayed from the start."""
    again = replay(GAME, Path(session.path).read_text(encoding="utf-8"), session.path)
    assert again.error is None, str(again.error)
    assert GAME.render_position(session.state) == GAME.render_position(again.state)
    assert GAME.score(session.state) == GAME.score(again.state)
    # (The session counts each typed line as a move, so a turn on two lines counts
    # twice until the log is replayed: the core's fast path appends the line's moves
    # without regrouping them. Opened again, the count is the file's.)
    assert Session(GAME, session.path, read_only=True).result.moves_applied == again.moves_applied


def test_a_game_typed_line_by_line_legal_illegal_and_undone(tmp_path: Path) -> None:
    session = _session(tmp_path)
    assert session.to_move() == "Ann"
    outcome = session.submit("Ann: irrigate A1 A2")
    assert outcome.accepted
    assert [e.text for e in outcome.events] == [
        "Ann irrigates A1 (+1, 1 point)",
        "Ann irrigates A2 (+1, 2 points)",
    ]
    assert session.to_move() == "Ann"  # her turn is open until she draws or Ben begins
    assert session.submit("Ann: draws").accepted
    assert session.to_move() == "Ben"
    # Illegal: the field is taken. Refused, not written, the position unchanged.
    outcome = session.submit("Ben: irrigate A1")
    assert not outcome.accepted and isinstance(outcome.error, IllegalMove)
    assert outcome.error.message == "A1 is already occupied by Ann's landscape card"
    assert (outcome.error.line, outcome.error.column) == (6, 6)
    written = HEADER + "Ann: irrigate A1 A2\nAnn: draws\n"
    assert Path(session.path).read_text(encoding="utf-8") == written
    # Unparsable: refused too.
    assert not session.submit("Ben: irrigate H9").accepted
    assert Path(session.path).read_text(encoding="utf-8") == written
    assert session.submit("Ben: irrigate B1").accepted
    assert session.submit("Ben: income 0").accepted  # a later line of Ben's turn
    _same_as_the_file(session)
    # undo takes the last line back out of the file and the position with it.
    assert session.undo() == "Ben: income 0"
    assert session.undo() == "Ben: irrigate B1"
    assert Path(session.path).read_text(encoding="utf-8").endswith("Ann: draws\n")
    assert session.to_move() == "Ben"
    _same_as_the_file(session)


def test_an_income_declared_on_a_later_line_of_the_turn(tmp_path: Path) -> None:
    """Line 8 writes no income, so the session pays Ann's 10 at once; declared on line 9
    it is what the whole turn gives (the file, replayed, pays it on line 9). Once the
    turn has spent it, a late declaration is refused: replayed whole, that turn could
    not have paid its bid."""
    before = "Ann: irrigate A1 A2\nBen: irrigate C1\nAnn: cultivate I2 A1 A2\nBen: pass\n"
    session = _session(tmp_path, HEADER + before)
    assert session.submit("Ann: irrigate B1").accepted
    assert session.state.players["Ann"].mana == 10
    outcome = session.submit("Ann: income 10")
    assert outcome.accepted
    assert [e.text for e in outcome.events] == [
        "Ann declares the income: 10 mana, paid at the start of the turn (line 8)"
    ]
    assert session.state.players["Ann"].mana == 10
    _same_as_the_file(session)
    assert not session.submit("Ann: income 10").accepted  # once a turn
    session.close()  # the log is locked while a session holds it

    session = _session(tmp_path, HEADER + before)
    assert session.submit("Ann: irrigate B1, attack C1 with B1 bid 10, Ben accepts").accepted
    outcome = session.submit("Ann: no income")
    assert not outcome.accepted and isinstance(outcome.error, IllegalMove)
    assert outcome.error.message == (
        "Ann's income of 10 mana was paid at the start of the turn (line 8), which did "
        "not declare it, and the turn has needed it since; declared here, it would come "
        "too late"
    )
    assert (
        outcome.error.facts[0] == "without the income Ann would have been 10 mana short at line 8"
    )
    _same_as_the_file(session)


def test_an_income_forgotten_on_a_later_line_gives_the_mana_back(tmp_path: Path) -> None:
    before = "Ann: irrigate A1 A2\nBen: irrigate C1\nAnn: cultivate I2 A1 A2\nBen: pass\n"
    session = _session(tmp_path, HEADER + before)
    assert session.submit("Ann: pass").accepted
    assert session.state.players["Ann"].mana == 10
    assert session.submit("Ann: no income").accepted
    assert session.state.players["Ann"].mana == 0
    _same_as_the_file(session)


def test_every_sample_typed_line_by_line_ends_where_its_replay_ends(tmp_path: Path) -> None:
    """Each legal sample, its header written and then its lines typed one at a time."""
    for path in sorted(SAMPLES.glob("*.log")):
        text = path.read_text(encoding="utf-8")
        whole = replay(GAME, text, str(path))
        if whole.error is not None:
            continue
        lines = text.split("\n")
        first = whole.log.moves[0].line
        session = _session(tmp_path, "\n".join(lines[: first - 1]) + "\n")
        for line in lines[first - 1 :]:
            if line.lstrip().startswith("# expect"):
                break
            outcome = session.submit(line)
            assert outcome.accepted, f"{path.name}: {line}: {outcome.error}"
        assert GAME.render_position(session.state) == GAME.render_position(whole.state)
        assert GAME.score(session.state) == GAME.score(whole.state), path.name
        assert (
            Session(GAME, session.path, read_only=True).result.moves_applied == whole.moves_applied
        )
        session.close()  # the log is locked while a session holds it

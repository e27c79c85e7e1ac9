"""``gamelog play`` for Mystic Vale, through the session it drives: a turn line typed
at the table is checked against the kept position; a harvest line continuing the turn
above is checked by replaying the log with it; an illegal line is refused and not
written; undo takes the last line back out; the moves listed are what may come next."""

from __future__ import annotations

from pathlib import Path

from gamelog.core.errors import IllegalMove
from gamelog.core.session import Session
from gamelog.games import find

GAME = find("mystic-vale")
CATALOGUE = Path(__file__).resolve().parents[2] / "samples" / "mystic_vale" / "catalogue.toml"


def _session(tmp_path: Path) -> Session:
    log = tmp_path / "tonight.log"
    log.write_text(f"game: mystic-vale\nplayers: Ann, Bob\ncards: {CATALOGUE}\n")
    return Session(GAME, str(log))


def _lines(session: Session) -> list[str]:
    return [o.line for group in GAME.legal_moves(session.state) for o in group.options]


def test_a_turn_then_its_harvest_then_the_next_turn(tmp_path: Path) -> None:
    session = _session(tmp_path)
    assert session.to_move() == "Ann"
    # The deck is face down: nothing of Ann's first planting can be listed but the
    # form, whose blank is what the deck turns up.
    assert _lines(session) == ["Ann: <sleeves the deck turns up> pass"]
    outcome = session.submit("Ann: 1 10 13 2 14 3 pass")
    assert outcome.accepted and session.to_move() == "Bob"
    lines = _lines(session)
    assert "Bob: 4 pass" not in lines  # Bob has no on-deck card yet
    assert "Ann: buy Sunlit Glade top into 13" in lines  # 3 mana left of Ann's harvest
    assert "Ann: token" in lines
    outcome = session.submit("Ann: buy Sunlit Glade top into 13")  # continues her turn
    assert outcome.accepted
    # The line grows the move above: what it added is reported, not the turn again.
    assert [event.text for event in outcome.events] == [
        "Ann buys Sunlit Glade (Level I, top) for 3 mana, into sleeve 13"
    ]
    assert session.state.players[0].slot(13, "top").name == "Sunlit Glade"
    assert session.result.moves_applied == 1
    assert "Ann: buy Dew Sprite top into 14" not in _lines(session)  # no mana left
    assert session.submit("Bob: 4 11 15 5 12 16 6 pass").accepted
    assert _lines(session)[0] == "Ann: 3 pass"  # her on-deck card, passed at once
    text = Path(session.path).read_text()
    assert text.endswith(
        "Ann: 1 10 13 2 14 3 pass\nAnn: buy Sunlit Glade top into 13\nBob: 4 11 15 5 12 16 6 pass\n"
    )


def test_an_illegal_line_is_refused_and_undo_takes_a_line_back(tmp_path: Path) -> None:
    session = _session(tmp_path)
    assert session.submit("Ann: 1 10 13 2 14 3 pass").accepted
    before = Path(session.path).read_text()
    refused = session.submit("Ann: buy Grove Keeper top into 13")  # 5 mana, she has 3
    assert not refused.accepted and isinstance(refused.error, IllegalMove)
    assert "not enough mana" in refused.error.message
    assert Path(session.path).read_text() == before
    refused = session.submit("Bob: 4 11 15 pass spoil")
    assert not refused.accepted and Path(session.path).read_text() == before
    assert session.submit("Bob: 4 11 pass").accepted
    assert session.undo() == "Bob: 4 11 pass"
    assert session.to_move() == "Bob" and session.result.moves_applied == 1
    assert Path(session.path).read_text() == before


def test_words_complete_card_names(tmp_path: Path) -> None:
    session = _session(tmp_path)
    words = GAME.words(session.state)
    assert "Grove Keeper" in words and "Whispering Pool" in words
    assert "buy" in [k.casefold() for k in GAME.keywords()]


def test_mana_unused_is_said_once_the_turn_is_over(tmp_path: Path) -> None:
    """A turn line does not end the turn at the table: a harvest line below may spend
    the mana, so 'unused (lost)' waits for the next turn line, and counts what is left
    then."""
    session = _session(tmp_path)
    said = [e.text for e in session.submit("Ann: 1 10 13 2 14 3 pass").events]
    assert not any("unused" in text for text in said)
    said = [e.text for e in session.submit("Bob: 4 11 15 5 12 16 6 pass").events]
    assert said[0] == "Ann leaves 3 mana unused (lost)"  # her turn is over now
    assert not any("Bob leaves" in text for text in said)  # Bob buys on the next line
    said = [e.text for e in session.submit("buy Dew Sprite top into 15").events]
    assert said == ["Bob buys Dew Sprite (Level I, top) for 2 mana, into sleeve 15"]
    said = [e.text for e in session.submit("Ann: 3 pass").events]
    assert said[0] == "Bob leaves 2 mana unused (lost)"  # 4 less the 2 Dew Sprite cost
    # The replay of the whole log says it with each turn, which it sees whole.
    from gamelog.core.replay import replay

    steps = replay(GAME, session.text, session.path, keep_steps=True).steps
    assert "Bob leaves 2 mana unused (lost)" in [e.text for e in steps[1].events]

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


def _tab(session: Session, typed: str) -> str:
    """What one Tab puts on the line at the prompt (the matches' common start)."""
    from gamelog.core.complete import Completer, common_start

    completer = Completer(GAME, session.state, session.result.log, session.text, session.path)
    return common_start(completer.complete(typed)) or typed


def test_tab_at_the_prompt_infers_what_the_position_leaves(tmp_path: Path) -> None:
    """At the table, Tab fills in what the position leaves no choice in: the on-deck
    card, ``pass`` after the sleeves (never a second one), ``; `` where the harvest may
    go on, the affordable cards and the one sleeve that fits, and a harvest line below
    the turn line, without the name, in the name of the turn above's player."""
    session = _session(tmp_path)
    assert session.submit("Ann: 1 10 13 2 14 3 pass").accepted
    assert session.submit("Bob: 4 11 15 5 12 16 6 pass").accepted  # 4 mana
    # Bob's harvest below his turn line, at Ann's prompt: Bob's lines, without a name
    assert _tab(session, "bu") == "buy "
    assert _tab(session, "buy D") == "buy Dew Sprite "
    assert _tab(session, "buy Dew Sprite t") == "buy Dew Sprite top into "
    assert session.submit("buy Dew Sprite top into 15").accepted
    assert session.text.endswith("\nbuy Dew Sprite top into 15\n")  # kept as Bob's
    # the second Dew Sprite: 2 mana left, top slots free on 16 alone of the blanks
    assert _tab(session, "buy Dew Sprite top into 15; bu") == "buy Dew Sprite top into 15; buy "
    assert _tab(session, "") == "3 "  # Ann's on-deck card
    assert _tab(session, "3 11 15 12 16 4 17 ") == "3 11 15 12 16 4 17 pass"
    assert _tab(session, "3 11 15 12 16 4 17 pass") == "3 11 15 12 16 4 17 pass; "
    assert _tab(session, "3 11 15 12 16 4 17 pass; b") == "3 11 15 12 16 4 17 pass; buy "
    assert session.submit("3 11 15 12 16 4 17 5 pass").accepted  # 4 mana


def test_tab_completes_a_tracked_market_purchase_up_to_the_card_revealed() -> None:
    """three_players_mid_round.log, before Ann's line 12 (nothing below written, as at
    the table): the card the Level I deck reveals is chance, but the cards on offer that
    her 3 mana pay are Tab's, in the position the market shows them in, and so is
    ``; refill ``, then the card revealed by its name (of several words)."""
    from gamelog.core.complete import Completer, common_start
    from gamelog.core.replay import replay

    path = CATALOGUE.parent / "three_players_mid_round.log"
    lines = path.read_text(encoding="utf-8").split("\n")
    cut = next(i for i, line in enumerate(lines) if line.startswith("Ann: 13 18 4 17 9 7"))
    text = "\n".join(lines[:cut]) + "\n"
    result = replay(GAME, text, str(path))
    completer = Completer(GAME, result.state, result.log, text, str(path))

    def tab(typed: str) -> str:
        return common_start(completer.complete(typed)) or typed

    turn = "13 18 4 17 9 7 pass; "
    # the market shows Dew Sprite in the bottom position alone
    assert tab(turn + "buy D") == turn + "buy Dew Sprite bottom into "
    bought = turn + "buy Dew Sprite bottom into 13"
    assert tab(bought) == bought + "; refill "
    assert tab(bought + "; refill Sunl") == bought + "; refill Sunlit Glade"

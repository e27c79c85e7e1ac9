"""What is legal at the table (legal.py), checked against the engine on every position
of every complete sample: each line listed replays as legal, each form does once its
blanks are filled in, the lists leave the position as it was, and the turn actually
played is one of the lines or forms listed (clause by clause where a form ends in
'...').

This is what tests/conformance/test_conformance_moves.py checks for the other games,
in the shape it must take for Mystical Seeds (see the report of the branch): that test parses every
listed line and compares the move played with them field by field, and a Mystical
Seeds turn states what no list can know beforehand (the card turned up, the tile
drawn), takes any number of Inspiration clauses before its action, and has
spellings of one move that differ field by field (``graft 1+2 at 1`` and
``2+1 at 1``).
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from mystical_seeds_helpers import BASE, SAMPLES, play

from gamelog.core.audit import audit_file
from gamelog.core.errors import GamelogError
from gamelog.core.replay import replay
from gamelog.games.mystical_seeds import GAME, legal, lines
from gamelog.games.mystical_seeds.moves import Turn
from gamelog.games.mystical_seeds.state import GameState, checkpoint
from gamelog.games.mystical_seeds.turn import TurnRunner

COMPLETE = sorted(
    path
    for path in SAMPLES.glob("*.log")
    if (rec := audit_file(str(path)))["finished"] and rec["status"] == "ok"
)


def _turns(line: str, number: int) -> list[Turn]:
    return list(GAME.moves_from("\n" * (number - 1) + line + "\n", None))


def _position(state: GameState) -> object:
    """Everything of the position, to tell that a listing left it as it was."""
    return (
        GAME.render_position(state),
        {name: copy.deepcopy(vars(p)) for name, p in state.players.items()},
        [(s.card, s.x_owner) for s in state.research],
        dict(state.known_cards),
        dict(state.supply),
        state.turns.index,
        state.extra_turns,
    )


def _filled(line: str, serial: int) -> str:
    """A form with its card and tile blanks filled in with pieces no log has named."""
    for deck in (1, 2):
        for blank in (f"<L{deck} card or none>", f"<L{deck} card>"):
            line = line.replace(blank, f'L{deck} "Probe {serial}" red = 0')
    for row, tile in (("II", "potions"), ("I", "potion")):
        for blank in (f"<Level {row} tile or none>", f"<Level {row} tile>"):
            line = line.replace(blank, tile)
    return line


def _check_listing(state: GameState, number: int) -> None:
    before = _position(state)
    groups = GAME.legal_moves(state)
    assert _position(state) == before, "listing the moves changed the position"
    player = GAME.to_move(state)
    for serial, option in enumerate(o for g in groups for o in g.options):
        line = option.line
        assert line.startswith(f"{player}: ")
        if line.endswith("; ..."):  # the first clause, legal: what may follow is listed
            prefix = _turns(line.removesuffix("; ..."), number)[0]
            restore = checkpoint(state)
            try:
                runner = TurnRunner(state, state.players[player], prefix)
                for clause in prefix.clauses:
                    runner.step(clause)  # raises if the clause is illegal
            finally:
                restore()
            continue
        filled = _filled(line, serial)
        assert "<" not in filled, line
        restore = checkpoint(state)
        try:
            for turn in _turns(filled, number):
                GAME.apply(state, turn)  # raises if the listed line is illegal
        finally:
            restore()


@pytest.mark.parametrize("path", COMPLETE, ids=lambda p: p.name)
def test_every_listed_line_is_legal_and_the_turn_played_is_listed(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    whole = replay(GAME, text, str(path))
    assert whole.log is not None
    moves = list(whole.log.moves)
    checked = {0, len(moves) // 3, len(moves) // 2, len(moves) - 1}
    state = GAME.setup(whole.log)
    for index, played in enumerate(moves):
        assert GAME.to_move(state) == played.player
        assert legal.listed(state, played), f"line {played.line}: {played.source!r}"
        if index in checked:
            _check_listing(state, played.line)
        GAME.apply(state, played)
    assert GAME.legal_moves(state) == [] and GAME.to_move(state) is None


def test_concrete_lines_are_written_as_the_notation_reads_them() -> None:
    """Every clause listed, parsed again, is the clause the engine tried."""
    path = SAMPLES / "tiles_xtokens_harvest.log"
    whole = replay(GAME, path.read_text(encoding="utf-8"), str(path))
    state = GAME.setup(whole.log)
    for played in list(whole.log.moves)[:8]:
        for plan in legal.plans(state):
            clauses = [c for c in plan.items if not isinstance(c, lines.Blank)]
            text = "; ".join(lines.clause_text(c) for c in clauses)
            (turn,) = _turns(f"{played.player}: {text}", 1)
            assert legal.shape(turn.clauses) == legal.shape(tuple(clauses)), text
        GAME.apply(state, played)


def test_a_turn_not_listed_is_not_found() -> None:
    """``listed`` is no rubber stamp: an illegal turn, or a legal one when the lists
    are emptied, is not found."""
    result = play()
    state = result.state
    (good,) = _turns("Ann: collect upgrade; upgrade 4 to orange; fairy to red", 20)
    (bad,) = _turns("Ann: collect upgrade; upgrade 4 to purple; fairy to red", 20)
    assert legal.listed(state, good)
    assert not legal.listed(state, bad)
    real = legal.plans
    try:
        legal.plans = lambda state, prefix=(): []  # type: ignore[assignment]
        assert not legal.listed(state, good)
    finally:
        legal.plans = real


def test_the_opening_position_lists_each_kind_of_turn() -> None:
    """Ann (base header): yellow 4, blue 5, green 6, lab fairy on 1, one potion. Of the
    Research Area she can pay only Moon Fern (blue blue: blue 5 and green 6, green
    standing in for blue). She can collect with each fairy, or drink her potion first."""
    state = play().state
    groups = {group.kind: group for group in GAME.legal_moves(state)}
    assert list(groups) == [
        legal.INSPIRATION,
        "collect seeds with the Duplicate fairy (at red)",
        "collect seeds with the Upgrade fairy (at yellow)",
        "collect seeds with the Graft fairy (at blue)",
        legal.CULTIVATE,
    ]
    assert [o.line for o in groups[legal.CULTIVATE].options] == [
        'Ann: cultivate "Moon Fern" with 5 6; reveal <L1 card or none>'
    ]
    assert "card turned up" in groups[legal.CULTIVATE].note
    upgrade = [o.line for o in groups["collect seeds with the Upgrade fairy (at yellow)"].options]
    # the yellow seed lands in circle 1; the Level 1 seeds are then 1 yellow, 4 yellow,
    # 5 blue: each to either Level 2 colour, and the fairy on to red or blue
    assert "Ann: collect upgrade; upgrade 1 to orange; fairy to red" in upgrade
    assert "Ann: collect upgrade; upgrade 5 to purple; fairy to blue" in upgrade
    assert len(upgrade) == 3 * 2 * 2
    first = [o.line for o in groups[legal.INSPIRATION].options]
    assert "Ann: potion upgrade 4 to orange; ..." in first
    assert all(line.endswith("; ...") for line in first)


def test_a_cultivation_is_a_form_where_the_deck_turns_up_a_card() -> None:
    """Bob (red 5, red 6, potion card) after Ann's graft: Candlestick Lotus needs red
    red yellow; after a potion upgrade he could not pay it, but collecting is not a
    cultivation. With the deck's count unknown the refill may also be none."""
    result = play("Ann: collect upgrade; upgrade 1 to orange; fairy to red")
    state = result.state
    state.players["Bob"].lab[3] = "yellow"  # circle 4
    lines = [o.line for g in GAME.legal_moves(state) for o in g.options]
    assert 'Bob: cultivate "Candlestick Lotus" with 5 6 4; reveal <L1 card or none>' in lines
    assert 'Bob: cultivate "Ember Moss" with 5 4; reveal <L1 card or none>' in lines
    assert 'Bob: cultivate "Ember Moss" with 6 4; reveal <L1 card or none>' in lines


def test_a_known_empty_deck_is_written_out() -> None:
    header = BASE.replace("card Ann", "decks: L1=0 L2=3\ncard Ann")
    result = play("Ann: collect upgrade; upgrade 1 to orange; fairy to red", header=header)
    state = result.state
    state.players["Bob"].lab[3] = "yellow"
    lines = [o.line for g in GAME.legal_moves(state) for o in g.options]
    assert 'Bob: cultivate "Ember Moss" with 5 4; reveal none' in lines


def test_words_for_completion() -> None:
    state = play().state
    words = legal.words(state)
    for word in ("1", "6", "orange", "graft", "II4", "twoturns", '"Moon Fern"'):
        assert word in words
    assert "collect" in GAME.keywords()


# ---------------------------------------------------------------- at the table


def test_a_session_takes_a_legal_line_refuses_an_illegal_one_and_undoes(tmp_path: Path) -> None:
    from gamelog.core.session import Session

    log = tmp_path / "tonight.log"
    log.write_text(BASE, encoding="utf-8")
    session = Session(GAME, str(log))
    assert session.to_move() == "Ann"
    outcome = session.submit("Ann: collect graft; graft 4+5 at 4; fairy to red")
    assert outcome.accepted, outcome.error
    assert any("grafts yellow 4 + blue 5 into green in 4" in e.text for e in outcome.events)
    assert session.to_move() == "Bob"
    refused = session.submit("Bob: collect graft; graft 5+6 at 5; fairy to red")
    assert not refused.accepted
    assert isinstance(refused.error, GamelogError)
    assert "cannot be grafted" in refused.error.message
    assert session.to_move() == "Bob"  # the position before the refused line
    assert log.read_text(encoding="utf-8").count("\n") == BASE.count("\n") + 1
    listed = [o.line for g in GAME.legal_moves(session.state) for o in g.options]
    assert "Bob: collect upgrade; upgrade 1 to orange; fairy to blue" in listed
    assert session.submit("Bob: collect upgrade; upgrade 1 to orange; fairy to blue").accepted
    assert session.undo() == "Bob: collect upgrade; upgrade 1 to orange; fairy to blue"
    assert session.to_move() == "Bob"
    assert session.undo() == "Ann: collect graft; graft 4+5 at 4; fairy to red"
    assert session.to_move() == "Ann"
    assert log.read_text(encoding="utf-8") == BASE

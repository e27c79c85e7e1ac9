"""`gamelog moves` for Eden: the options are single next actions, so they are checked
action by action, not turn by turn.

A move of an Eden log is a whole turn (``Ann: income 20, irrigate A3 B3`` is one
move of two actions, and a turn may go on over several lines). The options listed
at a position are the actions that may be written next, one a line. So at every
action of every legal sample, the log is cut just before that action, and:

- the action written there is among those listed (compared by what it does: the
  fields of a cultivation in any order, ``raising`` or not, a conquest by the cards
  it attacks and attacks with, whatever the bidding; a draw whether or not the card
  is named);
- every listed line, written there, is legal: applied to the position at once (as
  ``gamelog play`` applies a typed line), at every third position; and, at every
  tenth, appended to the cut log and the whole log replayed (where the lines of one
  player join one turn), for every fifth option.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from eden_helpers import GAME, SAMPLES

from gamelog.core.replay import replay
from gamelog.games.eden.moves import Turn

LEGAL = sorted(
    path
    for path in SAMPLES.glob("*.log")
    if replay(GAME, path.read_text(encoding="utf-8"), str(path)).error is None
)


def _positions(text: str) -> list[tuple[str, Turn]]:
    """(the log cut just before the action, the action as a move) for every action."""
    lines = text.split("\n")
    found = []
    for move in GAME.parse(text).moves:
        steps = GAME.steps(move)
        places = [(step.line, step.column) for step in steps]
        assert len(set(places)) == len(places), "two actions at one column"
        for step in steps:
            cut = lines[: step.line - 1]
            written = lines[step.line - 1][: step.column - 1].rstrip(" \t,;")
            if not written.endswith(":"):
                cut.append(written)
            found.append(("\n".join(cut) + "\n", step))
    return found


def _listed(state: object, number: int, header: object) -> list[tuple[str, Turn]]:
    """Each listed line, and the one-action move it is, as if written on line ``number``."""
    listed = []
    for group in GAME.legal_moves(state):  # type: ignore[arg-type]
        for option in group.options:
            (move,) = GAME.moves_from("\n" * (number - 1) + option.line + "\n", header)
            assert len(GAME.steps(move)) == 1, option.line
            listed.append((option.line, move))
    return listed


@pytest.mark.parametrize("path", LEGAL, ids=lambda path: path.name)
def test_every_action_written_is_listed_and_every_listed_line_is_legal(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    positions = _positions(text)
    assert positions
    for index, (cut, step) in enumerate(positions):
        result = replay(GAME, cut, str(path))
        assert result.error is None, str(result.error)
        state, header = result.state, result.log.header
        listed = _listed(state, step.line, header)
        keys = {GAME.step_key(state, move) for _, move in listed}
        where = f"line {step.line}:{step.column} of {path.name}"
        assert GAME.step_key(state, step) in keys, f"{where}: {step.lines[0].actions} is not listed"
        assert GAME.to_move(state) in {key[0] for key in keys}
        if index % 3 == 0:  # applied to the position, as `gamelog play` applies a line
            for _, move in listed:
                GAME.apply(copy.deepcopy(state), move)
        if index % 10 == 0:  # appended to the log, the whole log replayed
            for option, _ in listed[::5]:
                again = replay(GAME, cut + option + "\n", str(path))
                assert again.error is None, f"{where}: {option}: {again.error}"


@pytest.mark.parametrize("path", LEGAL, ids=lambda path: path.name)
def test_walked_action_by_action_each_is_listed_and_the_game_is_the_same(path: Path) -> None:
    """What tests/conformance/test_conformance_moves.py should do for a game whose move
    is several actions: walk the moves' steps (``GAME.steps``), each applied to the kept
    position, and find each among the options by what it does (``GAME.step_key``). The
    position it ends in is the one the whole moves give."""
    text = path.read_text(encoding="utf-8")
    whole = replay(GAME, text, str(path))
    log = whole.log
    state = GAME.setup(log)
    for move in log.moves:
        for step in GAME.steps(move):
            listed = _listed(state, step.line, log.header)
            keys = {GAME.step_key(state, m) for _, m in listed}
            assert GAME.step_key(state, step) in keys, f"line {step.line}: {step.source}"
            GAME.apply(state, step)
    assert GAME.render_position(state) == GAME.render_position(whole.state)
    assert GAME.score(state) == GAME.score(whole.state)
    if GAME.is_finished(state):
        assert GAME.legal_moves(state) == [] and GAME.to_move(state) is None


def test_at_the_end_nobody_is_to_move_and_nothing_is_listed() -> None:
    for name in ("three_players.log", "conquest_win.log", "four_players.log"):
        state = replay(GAME, (SAMPLES / name).read_text(encoding="utf-8")).state
        assert GAME.to_move(state) is None and GAME.legal_moves(state) == []


def _state(moves: str) -> object:
    header = "game: eden\nplayers: Ann (red), Ben (blue)\n"
    result = replay(GAME, header + moves)
    assert result.error is None, str(result.error)
    return result.state


def _lines(state: object) -> list[str]:
    return [option.line for group in GAME.legal_moves(state) for option in group.options]


def test_the_first_turn_lists_every_field_and_the_turn_in_progress_comes_first() -> None:
    state = _state("")
    assert GAME.to_move(state) == "Ann"
    lines = _lines(state)
    assert [line for line in lines if "irrigate" in line] == [
        f"Ann: irrigate {c}{r}" for r in range(1, 8) for c in "ABCDEFG"
    ]
    assert "Ann: income 0" in lines and "Ann: no income" in lines and "Ann: pass" in lines
    assert not any(line.startswith("Ben") for line in lines)
    # Ann holds 6 cards: no draw; any cultivation card may be among her unknown cards.
    assert "Ann: draws" not in lines and "Ann: sell L4" in lines
    # Her turn in progress: her next actions first, then Ben's first ones (ending it).
    state = _state("Ann: irrigate A1\n")
    assert GAME.to_move(state) == "Ann"
    lines = _lines(state)
    assert lines.index("Ann: irrigate B1") < lines.index("Ben: irrigate B1")
    assert "Ann: income 0" in lines  # not yet declared: it may still be
    assert "Ann: pass" not in lines  # she played a card
    assert "Ann: draws" not in lines  # she holds 5 cards
    # After two irrigation cards, no third.
    assert not any(
        line.startswith("Ann: irrigate") for line in _lines(_state("Ann: irrigate A1 A2\n"))
    )


def test_conquests_list_each_set_of_targets_and_attackers_at_the_minimum_bid() -> None:
    """Ben's B2 borders Ann's new A2, and his B1 her A1 beside it: from A2 alone Ann
    may attack B2; with A1 joining, B1, B2 or both."""
    state = _state("Ann: irrigate A1\nBen: irrigate B1 B2\nAnn: irrigate A2\n")
    conquests = sorted(line for line in _lines(state) if "attack" in line)
    assert conquests == [
        "Ann: attack B1 B2 with A2 A1 bid 10, Ben accepts",
        "Ann: attack B1 with A2 A1 bid 10, Ben accepts",
        "Ann: attack B2 with A2 A1 bid 10, Ben accepts",
        "Ann: attack B2 with A2 bid 10, Ben accepts",
    ]
    # Once another action follows the irrigation, the chance to attack is gone.
    later = _state("Ann: irrigate A1\nBen: irrigate B1 B2\nAnn: irrigate A2, sell I2\n")
    assert not any("attack" in line for line in _lines(later))


def test_a_conquest_the_attacker_cannot_pay_is_not_listed() -> None:
    """Ann has 10 mana after buying nothing and selling nothing: her opening bid of 10
    per point on Ben's 2 points (20 mana) is more than she has."""
    header = "game: eden\nplayers: Ann (red), Ben (blue)\nmana: 15\n"
    result = replay(GAME, header + "Ann: irrigate A1\nBen: irrigate B1 B2\nAnn: irrigate A2\n")
    lines = _lines(result.state)
    assert "Ann: attack B2 with A2 bid 10, Ben accepts" in lines
    assert "Ann: attack B1 B2 with A2 A1 bid 10, Ben accepts" not in lines


def test_cultivations_list_every_placement_on_own_fields_with_what_they_raise() -> None:
    state = _state("Ann: irrigate A1 B1\nBen: pass\nAnn: irrigate A2\n")
    # Ann's turn is open but she played irrigation: cultivation comes on her next turn.
    assert not any(line.startswith("Ann: cultivate") for line in _lines(state))
    options = {
        option.line: option.note
        for group in GAME.legal_moves(state)
        for option in group.options
        if option.line.startswith("Ben: cultivate")
    }
    assert options == {}  # Ben has no fields
    state = _state("Ann: irrigate A1 B1\nBen: pass\nAnn: irrigate A2\nBen: pass\n")
    options = {
        option.line: option.note
        for group in GAME.legal_moves(state)
        for option in group.options
        if "cultivate" in option.line
    }
    assert options == {
        "Ann: cultivate I2 A1 B1": "raises A1 and B1 1->2 for 20 mana",
        "Ann: cultivate I2 A1 A2": "raises A1 and A2 1->2 for 20 mana",
        "Ann: cultivate L3 A1 B1 A2": "raises A1, B1 and A2 1->2 for 30 mana",
    }


def test_a_late_income_is_listed_while_the_turn_can_still_take_it() -> None:
    """Ann's third turn (line 8) writes no income, so its 10 mana (A1 and A2 at 2) were
    paid at its start; a later line may still declare it, unless the turn has spent
    that mana since: her bid of 10 on Ben's C1 needed it (she had 0 before it)."""
    header = "game: eden\nplayers: Ann (red), Ben (blue)\nmana: 20\n"
    before = "Ann: irrigate A1 A2\nBen: irrigate C1\nAnn: cultivate I2 A1 A2\nBen: pass\n"
    result = replay(GAME, header + before + "Ann: irrigate B1\n")
    assert {"Ann: income 10", "Ann: no income"} <= set(_lines(result.state))
    assert replay(GAME, header + before + "Ann: irrigate B1\nAnn: income 10\n").error is None
    spent = before + "Ann: irrigate B1, attack C1 with B1 bid 10, Ben accepts\n"
    result = replay(GAME, header + spent)
    assert result.error is None
    lines = _lines(result.state)
    assert "Ann: income 10" not in lines and "Ann: no income" not in lines
    # Written after all, the whole log fails where the mana was missing: the bid.
    error = replay(GAME, header + spent + "Ann: income 10\n").error
    assert error is not None and error.line == 8
    assert error.message.startswith("Ann cannot pay a bid of 10")


def test_the_draw_is_listed_only_below_five_cards() -> None:
    assert "Ann: draws" not in _lines(_state("Ann: pass\n"))  # six cards
    assert "Ann: draws" in _lines(_state("Ann: irrigate A1 A2\n"))  # four


def test_a_drawn_turn_lists_only_the_next_player() -> None:
    state = _state("Ann: irrigate A1 A2, draws\n")
    assert GAME.to_move(state) == "Ben"
    assert all(line.startswith("Ben: ") for line in _lines(state))


def test_words_are_the_fields_and_the_shapes() -> None:
    words = GAME.words(_state(""))
    assert "A1" in words and "G7" in words and "L4" in words and len(words) == 59

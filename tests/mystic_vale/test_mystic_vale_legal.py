"""What may be written next in a Mystic Vale log (legal.py), line by line.

A Mystic Vale move is a whole turn: the sleeves the deck turns up (chance), where the
player stops pushing (a choice), then the harvest actions (choices), and in a tracked
market the cards the decks reveal into it (chance), written over one or more lines.
So the listing is one line at a time: the next player's turn line, and the harvest
lines that continue the turn above. These tests walk every complete sample a step at
a time (before each turn, and inside each turn after its planting and after each of
its purchases) and check that every line listed there replays as legal when written
at that point, and that the step the log takes next is among those listed.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gamelog.core.audit import audit_file
from gamelog.core.game import OptionGroup
from gamelog.core.replay import replay
from gamelog.games import find
from gamelog.games.mystic_vale import lines
from gamelog.games.mystic_vale.harvest import resolve_sleeve
from gamelog.games.mystic_vale.moves import (
    Action,
    BuyAdvancement,
    BuyVale,
    RefillAdvancement,
    RefillVale,
    SpendToken,
    Turn,
)
from gamelog.games.mystic_vale.state import GameState

GAME = find("mystic-vale")
SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "mystic_vale"
COMPLETE = sorted(
    path
    for path in SAMPLES.glob("*.log")
    if audit_file(str(path))["finished"] and audit_file(str(path))["status"] == "ok"
)


def _shape(action: Action) -> tuple[Any, ...]:
    fields = dataclasses.fields(action)
    return (
        type(action).__name__,
        *(
            str(getattr(action, f.name)).casefold()
            for f in fields
            if f.name not in ("line", "column", "sleeve_card")
        ),
    )


def _by_number(state: GameState, action: Action) -> Action:
    """``action`` with a sleeve named by a card on it turned into its number, as the
    listing writes it: the listing names sleeves by number (a number is never ambiguous)."""
    if not isinstance(action, BuyAdvancement) or action.sleeve_card is None:
        return action
    last = state.last_turn
    assert last is not None
    player = copy.deepcopy(state.players[last.seat])
    player.field = list(last.field)
    return resolve_sleeve(player, action)


def _turn_written(turn: Turn, actions: tuple[Action, ...]) -> str:
    """A turn with ``actions`` as one line of the notation."""
    sleeves = " ".join(str(r.sleeve) for r in turn.reveals)
    line = f"{turn.player}: {sleeves}{' empty' if turn.exhausted else ''} {turn.outcome}"
    return line + "".join(f"; {lines.action_text(a)}" for a in actions)


@dataclasses.dataclass
class Step:
    """A point of a sample where a line may be written: the position there (set up
    from the whole log, so that the decks' order is known), the log written so far
    as text, the turn above as written so far with the position before it, and what
    the log writes next (a turn line, or more actions of the turn above)."""

    state: GameState
    text: str
    moves: int
    above: Turn | None
    before_above: GameState | None
    next_turn: Turn | None
    next_actions: tuple[Action, ...] = ()


def _steps(path: Path) -> Iterator[Step]:
    text = path.read_text(encoding="utf-8")
    whole = replay(GAME, text, str(path))
    assert whole.log is not None
    header = "\n".join(line for line in text.split("\n") if not _is_move(line, whole)) + "\n"
    moves = list(whole.log.moves)
    state = GAME.setup(whole.log)
    body = ""
    above: Turn | None = None
    before_above: GameState | None = None
    for index, turn in enumerate(moves):
        yield Step(copy.deepcopy(state), header + body, index, above, before_above, turn)
        # Inside the turn: after its planting, and after each purchase of it (with the
        # refills that follow it: a tracked market must be refilled at every point).
        cuts = [0] + [
            j + 1
            for j, action in enumerate(turn.actions)
            if not isinstance(action, RefillAdvancement | RefillVale)
            and not (
                j + 1 < len(turn.actions)
                and isinstance(turn.actions[j + 1], RefillAdvancement | RefillVale)
            )
        ]
        for j in cuts:
            if j == len(turn.actions):
                continue
            partial = dataclasses.replace(turn, actions=turn.actions[:j])
            inside = copy.deepcopy(state)
            try:
                GAME.apply(inside, partial)
            except Exception:
                continue  # a purchase whose refill the log writes further on
            written = _turn_written(turn, partial.actions)
            yield Step(
                inside,
                header + body + written + "\n",
                index + 1,
                partial,
                copy.deepcopy(state),
                None,
                turn.actions[j:],
            )
        before_above, above = copy.deepcopy(state), turn
        GAME.apply(state, turn)
        body += _turn_written(turn, turn.actions) + "\n"


def _is_move(line: str, whole: Any) -> bool:
    names = {name.casefold() for name in whole.log.players}
    head = line.split(":", 1)[0].strip().casefold()
    return head in names or line.startswith((" ", "\t"))


def _lines(groups: list[OptionGroup]) -> list[str]:
    """The lines listed, forms (lines with blanks) aside: they are tested on their own."""
    return [option.line for group in groups for option in group.options if not option.form]


def _forms(groups: list[OptionGroup]) -> list[str]:
    return [option.line for group in groups for option in group.options if option.form]


def _continues(line: str) -> bool:
    """A harvest line continuing the turn above (not a turn line: sleeve numbers)."""
    return not line.split(":", 1)[1].strip()[0].isdigit()


def _parsed_actions(line: str, header: Any) -> tuple[Action, ...]:
    name = line.split(":", 1)[0]
    (turn,) = GAME.moves_from(f"{name}: 1 pass\n{line}\n", header)
    return turn.actions


@pytest.mark.parametrize("path", COMPLETE, ids=lambda p: p.name)
def test_the_step_the_log_takes_next_is_listed(path: Path) -> None:
    header = replay(GAME, path.read_text(encoding="utf-8"), str(path)).log.header  # type: ignore[union-attr]
    for step in _steps(path):
        groups = GAME.legal_moves(step.state)
        listed = _lines(groups)
        if step.next_turn is not None:
            planting = _turn_written(step.next_turn, ()).casefold()
            assert (GAME.to_move(step.state) or "").casefold() == step.next_turn.player.casefold()
            assert planting in [line.casefold() for line in listed], f"{planting!r} is not listed"
            continue
        first = _by_number(step.state, step.next_actions[0])
        if isinstance(first, SpendToken | BuyAdvancement | BuyVale):
            shapes = [_parsed_actions(line, header) for line in listed if _continues(line)]
            found = [actions for actions in shapes if _shape(actions[0]) == _shape(first)]
            assert found, f"line {first.line}: {lines.action_text(first)!r} is not listed"
            refill = next(
                (a for a in step.next_actions[1:] if isinstance(a, RefillAdvancement | RefillVale)),
                None,
            )
            if len(found[0]) > 1 and refill is not None:  # the card the log reveals next
                assert isinstance(found[0][1], type(refill))


@pytest.mark.parametrize("path", COMPLETE, ids=lambda p: p.name)
def test_every_listed_line_is_legal_where_it_is_listed(path: Path) -> None:
    """At every other point of the log: each turn line listed, played on the position;
    each harvest line, added to the turn above and that turn played again; and at
    every fourth point some of the lines written into the log there and the log
    replayed from its text."""
    header = replay(GAME, path.read_text(encoding="utf-8"), str(path)).log.header  # type: ignore[union-attr]
    for number, step in enumerate(_steps(path)):
        if number % 2:
            continue
        listed = _lines(GAME.legal_moves(step.state))
        for line in listed:
            if _continues(line):
                assert step.above is not None and step.before_above is not None
                more = _parsed_actions(line, header)
                turn = dataclasses.replace(step.above, actions=(*step.above.actions, *more))
                GAME.apply(copy.deepcopy(step.before_above), turn)  # raises if illegal
            else:
                (turn,) = GAME.moves_from(line + "\n", header)
                GAME.apply(copy.deepcopy(step.state), turn)
        if number % 4:
            continue
        for line in listed[::7]:
            result = replay(GAME, step.text + line + "\n", str(path))
            assert result.error is None, f"{line!r} after {step.text.splitlines()[-1]!r}"
            assert result.moves_applied == step.moves + (0 if _continues(line) else 1)


def test_a_purchase_is_listed_for_each_free_slot_of_its_position() -> None:
    """After Ann's first planting (two_players.log, line 11: field 1, 10, 13, 2, 14 and
    3 mana), the Level I cards for sale at 3 mana or less, each in each position, go
    into each field card whose slot of that position is free: Cursed Land (1, 2)
    fills the top, Fertile Soil (10) the top, 13 and 14 are blank."""
    step = next(s for s in _steps(SAMPLES / "two_players.log") if s.next_turn is None)
    lines = _lines(GAME.legal_moves(step.state))
    assert "Ann: buy Sunlit Glade top into 13" in lines
    assert "Ann: buy Sunlit Glade middle into 1" in lines
    assert "Ann: buy Sunlit Glade top into 1" not in lines  # Cursed Land is there
    assert "Ann: buy Sunlit Glade top into 10" not in lines  # so is Fertile Soil
    assert "Ann: buy Wild Bloom top into 13" not in lines  # 4 mana
    sunlit = [line for line in lines if "Sunlit Glade" in line]
    # top: 13, 14; middle and bottom: 1, 10, 13, 2, 14
    assert len(sunlit) == 2 + 5 + 5
    assert "Ann: token" in lines


def test_a_spoiled_turn_has_no_harvest_lines_and_the_planting_stops_at_the_spoil() -> None:
    step = next(iter(_steps(SAMPLES / "two_players.log")))
    groups = GAME.legal_moves(step.state)
    assert [g.kind.split(":")[0] for g in groups] == ["Ann's turn"]
    (planting,) = groups
    assert planting.complete and planting.options[-1].line.endswith(" spoil")
    assert all(o.line.endswith(" pass") for o in planting.options[:-1])


def test_at_the_table_the_deck_is_face_down() -> None:
    """A log whose later lines are not written yet: the next player's planting is
    the on-deck card, passed, and a note, and the form pushing on (the sleeves the
    deck turns up are a blank, then pass); her own first turn lists the form alone.
    The form filled in with what the deck shows replays as legal."""
    text = "game: mystic-vale\nplayers: Ann, Bob\nAnn: 1 10 13 pass\n"
    result = replay(GAME, text)
    groups = GAME.legal_moves(result.state)
    planting = groups[0]
    assert planting.kind.startswith("Bob's turn")
    assert [(o.line, o.form) for o in planting.options] == [
        ("Bob: <sleeves the deck turns up> pass", True)
    ]
    assert not planting.complete and "the planting is what the deck shows" in planting.note
    text += "Bob: 4 pass\n"
    groups = GAME.legal_moves(replay(GAME, text).state)
    assert [(o.line, o.form) for o in groups[0].options] == [
        ("Ann: 13 pass", False),
        ("Ann: 13 <sleeves the deck turns up> pass", True),
    ]
    assert "after the on-deck card 13" in groups[0].note
    filled = replay(GAME, text + "Ann: 13 2 11 pass\n")
    assert filled.error is None and filled.moves_applied == 3


def test_a_tracked_market_purchase_names_the_card_the_log_reveals_next() -> None:
    """three_players_mid_round.log line 12: Ann buys Dew Sprite bottom and the Level I
    deck reveals Sunlit Glade top; after her planting, each Level I purchase is listed
    with that refill, and Fertile Soil, from its own supply, with none."""
    step = next(s for s in _steps(SAMPLES / "three_players_mid_round.log") if s.next_turn is None)
    lines = _lines(GAME.legal_moves(step.state))
    assert "Ann: buy Dew Sprite bottom into 13; refill Sunlit Glade top" in lines
    assert "Ann: buy Fertile Soil top into 13" in lines
    assert not any("Beast Hollow top" in line for line in lines)  # 3 mana: 2 left


def test_at_the_table_a_tracked_market_purchase_is_a_form_with_the_refill_blank() -> None:
    """three_players_mid_round.log cut after Ann's planting of line 12 (nothing below
    written, as at the table): the card the Level I deck reveals is not known, so each
    purchase is listed as a form whose refill is a blank, only for what the face-up
    market offers and the 3 mana pay; filled with the card the log reveals, the form
    replays as legal, and a purchase the mana does not pay is not offered."""
    path = SAMPLES / "three_players_mid_round.log"
    text = path.read_text(encoding="utf-8").split("\n")
    cut = next(i for i, line in enumerate(text) if line.startswith("Ann: 13 18 4 17 9 7 pass"))
    head = "\n".join(text[:cut]) + "\nAnn: 13 18 4 17 9 7 pass\n"
    result = replay(GAME, head, str(path))
    assert result.error is None
    groups = GAME.legal_moves(result.state)
    forms = _forms(groups)
    form = "Ann: buy Dew Sprite bottom into 13; refill <card revealed> <its position>"
    assert form in forms
    assert "Ann: buy Dew Sprite bottom into 13; refill Sunlit Glade top" not in _lines(groups)
    assert not any("Beast Hollow top" in line for line in forms)  # 3 mana: 2 left
    assert "Ann: buy Fertile Soil top into 13" in _lines(groups)  # its own supply
    filled = form.replace("<card revealed> <its position>", "Sunlit Glade top")
    done = replay(GAME, head + filled + "\n", str(path))
    assert done.error is None and done.moves_applied == result.moves_applied
    unfilled = replay(GAME, head + form.split(";")[0] + "\n", str(path))
    assert unfilled.error is not None  # the refill must be written with it


def test_the_game_over_leaves_nobody_to_move() -> None:
    path = SAMPLES / "two_players.log"
    result = replay(GAME, path.read_text(encoding="utf-8"), str(path))
    assert GAME.to_move(result.state) is None
    kinds = [group.kind for group in GAME.legal_moves(result.state)]
    assert kinds and all(kind.startswith("Bob's harvest") for kind in kinds)


def test_words_are_the_cards_and_the_sleeves() -> None:
    path = SAMPLES / "two_players.log"
    result = replay(GAME, path.read_text(encoding="utf-8"), str(path))
    words = GAME.words(result.state)
    assert "Sunlit Glade" in words and "Amber Hollow" in words and "Cursed Land" not in words
    assert "20" in words


def test_a_card_name_with_a_keyword_is_written_in_quotes() -> None:
    assert lines.card_name("Top Soil") == '"Top Soil"'
    assert lines.card_name("Crown of the Vale") == "Crown of the Vale"
    assert lines.card_name("Vale Keeper") == '"Vale Keeper"'
    assert lines.card_name("Tree 2") == '"Tree 2"'

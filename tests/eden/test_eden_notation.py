"""Reading Eden logs: the header, every action's forms, and the line, column and message of
notation and setup errors."""

from __future__ import annotations

import pytest
from eden_helpers import GAME, THREE, legal, problem

from gamelog.core.errors import NotationError, SetupError
from gamelog.core.notation import normalise
from gamelog.games.eden.moves import (
    Attack,
    Bid,
    Buy,
    Cultivate,
    Draw,
    Income,
    Irrigate,
    Pass,
    Sell,
)

ACTION = "an action (irrigate, attack, cultivate, pass, sell, buy, draws, income)"


def parse(text: str):
    return GAME.parse(normalise(text))


def column(line: str, word: str, occurrence: int = 1) -> int:
    """The 1-based column of the n-th ``word`` in ``line``."""
    at = -1
    for _ in range(occurrence):
        at = line.index(word, at + 1)
    return at + 1


def test_a_full_turn_line_becomes_typed_actions() -> None:
    line = (
        "Ann: income 5, irrigate D4 E4; attack E5 of Ben with E4 D4 "
        "bid 20, Ben 25 30 Ben accepts, sell I2 L4, buy O4, draws irrigation c7"
    )
    (move,) = parse(THREE + line + "\n").moves
    assert (move.line, move.column, move.player, move.source) == (3, 1, "Ann", line)
    assert move.actions == (
        Income(column=column(line, "income"), amount=5),
        Irrigate(column=column(line, "irrigate"), field="D4"),
        Irrigate(column=column(line, "E4"), field="E4"),
        Attack(
            column=column(line, "attack"),
            targets=("E5",),
            opponent="Ben",
            attackers=("E4", "D4"),
            bids=(
                Bid(bidder=None, amount=20, column=column(line, "20")),
                Bid(bidder="Ben", amount=25, column=column(line, "Ben", 2)),
                Bid(bidder=None, amount=30, column=column(line, "30")),
            ),
            accepter="Ben",
            accepter_column=column(line, "Ben", 3),
        ),
        Sell(column=column(line, "sell"), shape="I2"),
        Sell(column=column(line, "sell"), shape="L4"),
        Buy(column=column(line, "buy"), shape="O4"),
        Draw(column=column(line, "draws"), card="C7"),
    )


def test_cultivation_pass_and_plain_draws() -> None:
    log = parse(THREE + "Ann: cultivate l4 at C3 c4 C5 D5 raising C3 C4\nBen: pass, draws\n")
    assert log.moves[0].actions == (
        Cultivate(column=6, shape="L4", fields=("C3", "C4", "C5", "D5"), raised=("C3", "C4")),
    )
    assert log.moves[1].actions == (Pass(column=6), Draw(column=12, card=None))
    assert parse(THREE + "Ann: no income, draws cultivation T4\n").moves[0].actions == (
        Income(column=6, amount=None),
        Draw(column=17, card="T4"),
    )


def test_keywords_are_case_insensitive_and_comments_blank_lines_crlf_and_bom_are_fine() -> None:
    text = (
        "\ufeffGAME: Eden\r\n"
        "# a comment line\r\n"
        "\r\n"
        "Players: Ann Red, Ben BLUE   # colours without brackets\r\n"
        "Date: 9 March 2024\r\n"
        "Ann: IRRIGATE c3 C4   # trailing comment\r\n"
        "\r\n"
        "Ben: Irrigates E4 E5; Draws\r\n"
    )
    result = legal(text, header="")
    assert result.state.order == ["Ann", "Ben"]  # "Ann Red": Ann playing red
    assert result.state.players["Ben"].colour == "blue"
    assert [m.line for m in result.log.moves] == [6, 8]
    assert result.state.board["C3"].owner == "Ann"


def test_a_player_may_be_called_like_a_keyword() -> None:
    result = legal(
        "game: eden\nplayers: Pass (blue), Draws (red), Attack (pink)\n"
        "Pass: irrigate A1\nDraws: irrigate B1\nAttack: pass\nPass: pass\nDraws: pass\n",
        header="",
    )
    assert result.moves_applied == 5


def test_header_options() -> None:
    header = (
        "game: eden\nplayers: Ann (red), Ben (blue)\nmana: 150\nlandscape: 10 x 1/2, 14 3/4\n"
        "hand Ann: A1 B1 C1 D1 I2 L4\n"
        "cultivation deck: I2 x2, 2 I3, L3 x2, I4 x2, O4 x2, T4 x2, S4 x1, Z4 x1, L4 x2, J4 x1\n"
    )
    state = legal("Ann: irrigate A1\n", header).state
    ann = state.players["Ann"]
    assert ann.mana == 150 and state.players["Ben"].mana == 150
    assert (ann.one_two_left, ann.three_four_left) == (9, 14)
    assert sorted(ann.hand.known.elements()) == ["B1", "C1", "D1", "I2", "L4"]
    assert ann.hand.unknown == 0
    assert state.census.deck_shapes == {
        "I2": 2, "I3": 2, "L3": 2, "I4": 2, "O4": 2, "T4": 2, "S4": 1, "Z4": 1, "L4": 2, "J4": 1
    }  # fmt: skip
    assert state.draw_pile == 66 - 12


NOTATION_ERRORS = [
    (
        "Ann: irigate C4\n",
        3,
        6,
        f"unexpected 'irigate'; expected {ACTION}; did you mean 'irrigate'?",
    ),
    (
        "Ann: cultivate L5 A1 A2\n",
        3,
        16,
        # L5 is one letter from L3 and from L4 (and two from every other code).
        "unexpected 'L5'; expected a cultivation shape (I2 I3 L3 I4 O4 T4 S4 Z4 L4 J4); "
        "did you mean 'L3' or 'L4'?",
    ),
    (
        "Ann: irrigate C4 attack C3 bid 10, Ben accepts\n",
        3,
        18,
        "unexpected 'attack'; expected a field A1-G7, the end of the line or ',' or ';'",
    ),
    (
        "Ann: irrigate C4, attack C3 bid 10\n",
        3,
        35,
        "expected a number, a player's name or ',' or ';'",
    ),
    ("Ann irrigate C4\n", 3, 5, "unexpected 'irrigate'; expected ':'"),
    ("Ann: attack C3 bid ten, Ben accepts\n", 3, 20, "unexpected 'ten'; expected a number"),
    ("Ann:\n", 3, 5, f"expected {ACTION}"),
    ("Ann: irrigate C4;\n", 3, 18, f"expected {ACTION}"),
    (
        "Ann: sell C4\n",
        3,
        11,
        "unexpected 'C4'; expected a cultivation shape (I2 I3 L3 I4 O4 T4 S4 Z4 L4 J4)",
    ),
]


SHAPES = "a cultivation shape (I2 I3 L3 I4 O4 T4 S4 Z4 L4 J4)"

#: Codes the old grammar took for shapes (a letter of a shape and 2-4) that are no card
#: in data/shapes.toml. The suggestions are the codes one edit away, in the data's
#: order: O2 -> I2, O4; T3 -> I3, L3, T4 (three at most); S2 -> I2, S4; J3 -> I3, L3, J4.
UNKNOWN_SHAPES = [
    (
        "Ann: cultivate O2 A1\n",
        16,
        f"unexpected 'O2'; expected {SHAPES}; did you mean 'I2' or 'O4'?",
    ),
    (
        "Ann: sell T3\n",
        11,
        f"unexpected 'T3'; expected {SHAPES}; did you mean 'I3', 'L3' or 'T4'?",
    ),
    ("Ann: buy s2\n", 10, f"unexpected 's2'; expected {SHAPES}; did you mean 'I2' or 'S4'?"),
    (
        "Ann: pass, draws cultivation J3\n",
        30,
        f"unexpected 'J3'; expected {SHAPES}; did you mean 'I3', 'L3' or 'J4'?",
    ),
]


@pytest.mark.parametrize(("moves", "column", "message"), UNKNOWN_SHAPES)
def test_a_shape_code_of_no_card_is_refused_where_it_is_written(
    moves: str, column: int, message: str
) -> None:
    """Was: ``KeyError: 'O2'`` (an internal error) for cultivate, sell and buy."""
    error = problem(moves)
    assert isinstance(error, NotationError)
    assert (error.line, error.column, error.message) == (3, column, message)


def test_a_shape_code_of_no_card_is_refused_in_the_header() -> None:
    """Was: accepted (a hand's T3 taken for an irrigation card; a deck of 17 O2)."""
    error = problem("", header=THREE + "cultivation deck: O2 x17\n")
    assert isinstance(error, NotationError)
    assert (error.line, error.column) == (3, len("cultivation deck: ") + 1)
    assert error.message == (
        f"unexpected 'O2'; expected a number or {SHAPES}; did you mean 'I2' or 'O4'?"
    )
    error = problem("", header=THREE + "hand Ann: A1 A2 A3 A4 A5 T3\n")
    assert isinstance(error, NotationError)
    assert (error.line, error.column) == (3, len("hand Ann: A1 A2 A3 A4 A5 ") + 1)
    assert error.message == (
        f"unexpected 'T3'; expected the end of the line, a field A1-G7 or {SHAPES}; "
        "did you mean 'I3', 'L3' or 'T4'?"
    )


def test_a_field_or_a_word_where_a_shape_belongs_gets_no_shape_suggestion() -> None:
    """A field (C4) is no misspelt shape; nor is a code far from every shape."""
    error = problem("Ann: sell C4\n")
    assert error.message == f"unexpected 'C4'; expected {SHAPES}"
    error = problem("Ann: sell Q9\n")
    assert error.message == f"unexpected 'Q9'; expected {SHAPES}"


def test_a_colour_of_no_landscape_cards_gets_the_nearest_colour() -> None:
    error = problem("", header="players: Ann (rde), Ben (blue)\n")
    assert isinstance(error, SetupError)
    assert error.message == (
        "Ann's colour 'rde' is not one of the landscape card colours "
        "(red, yellow, blue, pink); did you mean 'red'?"
    )
    error = problem("", header="players: Ann red, Ben bleu\n")
    assert error.message.endswith("; did you mean 'blue'?")
    error = problem("", header="players: Ann (green), Ben (blue)\n")
    assert "did you mean" not in error.message


@pytest.mark.parametrize(("moves", "line", "column", "message"), NOTATION_ERRORS)
def test_notation_errors_say_where_and_what(
    moves: str, line: int, column: int, message: str
) -> None:
    error = problem(moves)
    assert isinstance(error, NotationError)
    assert (error.line, error.column) == (line, column)
    if message.startswith("unexpected"):
        assert error.message == message
    else:  # the end of a line: the core words the "unexpected" part
        assert error.message.startswith("unexpected") and error.message.endswith(message)


def test_header_notation_errors() -> None:
    error = problem("game: eden\nplayers: Ann, Ben\n", header="")
    assert isinstance(error, SetupError)
    assert (error.line, error.column) == (2, 13)
    assert error.message == (
        "Ann has no colour; write it in brackets: 'Ann (red)' "
        "(the colours are red, yellow, blue and pink)"
    )
    error = problem("game: eden\nplayers: Ann (red), Ben (blue)\nlandscape: 12 1/3\n", header="")
    assert isinstance(error, NotationError)
    assert (error.line, error.column) == (3, 15)
    # 1/3 is one character from 1/2 and two from 3/4.
    assert error.message == "unexpected '1'; expected 1/2 or 3/4 or 'x'; did you mean '1/2'?"
    error = problem("players: Ann (red), Ben (blue)\nmana:\n", header="")
    assert isinstance(error, NotationError)
    assert (error.line, error.column, error.message) == (
        2,
        6,
        "unexpected end of line; expected a number",
    )
    error = problem("players: Ann (red), Ben (blue)\nhand Ann: A1 A2 A8\n", header="")
    assert isinstance(error, NotationError)
    assert (error.line, error.column) == (2, 17)


def test_a_players_name_is_one_word() -> None:
    error = problem("players: Mary Lee (red), Ben (blue)\n", header="")
    assert isinstance(error, NotationError)
    assert (error.line, error.column) == (1, 19)
    assert error.message.startswith("'Mary Lee' is not a player's name here")


SETUP_ERRORS = [
    (
        "game: eden\nmana: 100\n",
        1,
        "the header has no 'players:' line; Eden needs 2 to 4 players in turn order, "
        "each with a colour (players: Ann (red), Ben (blue), Cleo (yellow))",
    ),
    ("players: Ann (red)\n", 1, "Eden is played by 2 to 4 players; the header names 1"),
    (
        "players: A (red), B (blue), C (pink), D (yellow), E (red)\n",
        1,
        "Eden is played by 2 to 4 players; the header names 5",
    ),
    (
        "players: Ann (green), Ben (blue)\n",
        1,
        "Ann's colour 'green' is not one of the landscape card colours (red, yellow, blue, pink)",
    ),
    (
        "players: Ann (red), Ben (red)\n",
        1,
        "Ben and Ann both play red; each player has the landscape cards of one colour",
    ),
    ("players: Ann (red), Ann (blue)\n", 1, "Ann is named twice in the players line"),
    ("players: Ann red, ann blue\n", 1, "ann is named twice in the players line"),
    (
        "players: Ann (red), Notes (blue)\n",
        1,
        "a player may not be called Notes: 'notes' starts a header line",
    ),
    (
        "game: eden\nplayers: Ann (red), Ben (blue)\nmana: 50\nmana: 60\n",
        4,
        "a second 'mana:' line; the first is on line 3",
    ),
    (
        "game: seikatsu\nplayers: Ann (red), Ben (blue)\n",
        1,
        "this log says 'game: seikatsu', but it is being read as Eden",
    ),
    (
        "players: Ann (red), Ben (blue)\nhand Ann: A1 A2 A3 A4 A5\n",
        2,
        "Ann's starting hand lists 5 cards; every player starts with 6",
    ),
    (
        "players: Ann (red), Ben (blue)\nhand Cleo: A1 A2 A3 A4 A5 A6\n",
        2,
        "hand of Cleo, who is not in the players line (Ann, Ben)",
    ),
    (
        "players: Ann (red), Ben (blue)\nhand Anne: A1 A2 A3 A4 A5 A6\n",
        2,
        "hand of Anne, who is not in the players line (Ann, Ben); did you mean 'Ann'?",
    ),
    (
        "players: Ann (red), Ben (blue)\n"
        "hand Ann: A1 A2 A3 A4 A5 A6\nhand Ben: B1 B2 B3 B4 B5 A6\n",
        3,
        "Ben's starting hand: irrigation card A6 is in Ann's hand; "
        "each field has exactly one irrigation card",
    ),
    (
        "players: Ann (red), Ben (blue)\ncultivation deck: I2 x16\n",
        2,
        "the cultivation deck lists 16 cards; the box holds 17",
    ),
    (
        "players: Ann (red), Ben (blue)\ncultivation deck: I2 x16, I2 x1\n",
        2,
        "the cultivation deck lists I2 twice",
    ),
    (
        "players: Ann (red), Ben (blue)\nlandscape: 12 1/2, 10 1/2\n",
        2,
        "the landscape line gives the number of 1/2 cards twice",
    ),
]


@pytest.mark.parametrize(("header", "line", "message"), SETUP_ERRORS)
def test_setup_errors_point_at_the_header_line(header: str, line: int, message: str) -> None:
    error = problem("", header=header)
    assert isinstance(error, SetupError)
    assert (error.line, error.message) == (line, message)


def test_a_mistyped_header_key_is_named_with_the_nearest_key() -> None:
    error = problem("Ann: pass\n", header="game: eden\nplayers: Ann (red), Ben (blue)\nmnaa: 100\n")
    assert isinstance(error, SetupError)
    assert (error.line, error.column) == (3, 1)
    assert error.message == "unknown header key 'mnaa'; did you mean 'mana'?"
    assert error.facts[0].startswith(
        "the header keys of Eden: game, players, mana, landscape, hand PLAYER, cultivation deck"
    )


def test_a_header_line_among_the_moves_is_refused() -> None:
    error = problem("Ann: pass\nmana: 50\n")
    assert isinstance(error, SetupError)
    assert (error.line, error.message) == (
        4,
        "the header line 'mana:' comes after the first move (line 3)",
    )


def test_a_starting_hand_finds_its_player_without_regard_to_case() -> None:
    state = legal("Ann: pass\n", THREE + "hand ann: A1 B1 C1 D1 I2 L4\n").state
    assert sorted(state.players["Ann"].hand.known.elements()) == [
        "A1", "B1", "C1", "D1", "I2", "L4"
    ]  # fmt: skip

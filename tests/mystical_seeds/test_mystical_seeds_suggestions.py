"""Issue 11, "did you mean": a name the log writes that matches nothing gets the nearest
candidates, both where the grammar reads the word (keywords, colours, tile ids: the
core's suggestion) and where the game reads it itself (plant card names, tiles in
the wrong place, Starting Resource card ids, whose digit the core's keyword
suggestion does not read).

Base position (mystical_seeds_helpers.BASE): Ann has yellow in 4, blue in 5, green
in 6 and red track 1; Moon Fern (blue blue = 1) paid with 5 6 advances her blue
track twice.
"""

from __future__ import annotations

import pytest
from mystical_seeds_helpers import BASE, give, play, prepared

from gamelog.core.errors import IllegalMove, NotationError, SetupError
from gamelog.games.mystical_seeds.state import GameState

GLOW = 'reveal L1 "Glow Cap" yellow yellow = 1'
#: Ann cultivates Moon Fern: from blue 1 (give blue=1) she enters blue 3, beside I3
#: and I4; from blue 4 she enters blue 6, beside II3 and II4.
MOON = 'Ann: cultivate "Moon Fern" with 5 6; {}; ' + GLOW


# ---------------------------------------------------------------- plant card names


def test_a_misspelt_plant_name_gets_the_nearest_research_card() -> None:
    result = play('Ann: cultivate "Candlestik Lotus" with 4 5 6')
    error = result.error
    assert isinstance(error, IllegalMove)
    assert error.message == (
        'there is no "Candlestik Lotus" in the Research Area; did you mean "Candlestick Lotus"?'
    )
    assert (error.line, error.column) == (14, 6)  # the cultivate clause


def test_a_name_like_no_research_card_gets_no_suggestion() -> None:
    result = play('Ann: cultivate "Glow Cap" with 4 5 6')
    assert result.error is not None
    assert result.error.message == 'there is no "Glow Cap" in the Research Area'


def test_a_name_differing_only_in_case_is_the_card_itself() -> None:
    # Names are found without regard to case: this is Candlestick Lotus, which
    # yellow, blue and green cannot pay for (no "did you mean" about it).
    result = play('Ann: cultivate "candlestick lotus" with 4 5 6')
    assert result.error is not None
    assert result.error.message == 'the seeds traded in do not pay for "Candlestick Lotus"'


def _x_on(*names: str, owner: str = "Bob") -> object:
    def prepare(state: GameState) -> None:
        for slot in state.research:
            if slot.card and slot.card.name in names:
                slot.x_owner = owner

    return prepare


def test_misspelt_names_of_x_token_cards_get_the_nearest_card() -> None:
    # Bob's X tokens lie on Moon Fern and Elder Rose. Moving one: the source is
    # looked for among the cards with a token, the target among those without.
    prepare = _x_on("Moon Fern", "Elder Rose")
    collect = "; collect graft; graft 4+5 at 4; fairy to red"
    _, _, error = prepared(['Ann: move x "Mon Fern" to "Ember Moss" pay 6 to 1' + collect], prepare)
    assert error is not None
    assert error.message == (
        'no X token lies on "Mon Fern" in the Research Area; did you mean "Moon Fern"?'
    )
    _, _, error = prepared(['Ann: move x "Moon Fern" to "Ember Mos" pay 6 to 1' + collect], prepare)
    assert error is not None
    assert error.message == (
        '"Ember Mos" is not a Research Area card without an X token; did you mean "Ember Moss"?'
    )


def test_a_misspelt_name_for_an_x_token_gets_the_nearest_free_card() -> None:
    header = BASE.replace("sun twoturns crown harvest", "sun twoturns xtokens bundle")
    line = MOON.format('take xtokens on "Ember Moss" "Eldr Rose"') + "; refill II3 crown"
    _, _, error = prepared([line], give("Ann", blue=4), header)
    assert error is not None
    assert error.message == (
        '"Eldr Rose" is not a plant card of the Research Area without an X token; '
        'did you mean "Elder Rose"?'
    )


# ---------------------------------------------------------------- Knowledge tile ids


def test_a_tile_not_beside_the_space_gets_the_nearest_tile_that_is() -> None:
    # I4 holds potion, beside blue 3; potions (two potions, Level II) lies nowhere near.
    header = BASE.replace("potion ascend gather twice", "ascend twice gather potion")
    _, _, error = prepared([MOON.format("take potions")], give("Ann", blue=1), header)
    assert error is not None
    assert error.message == (
        "potions does not lie beside a space Ann's fairy just entered; did you mean 'potion'?"
    )
    assert error.facts == ["blue 3 lies beside I3 gather, I4 potion"]


def test_a_refill_from_the_wrong_pile_gets_the_nearest_tile_of_the_right_one() -> None:
    header = BASE.replace("potion ascend gather twice", "ascend twice gather potion")
    line = MOON.format("take potion") + "; refill I4 potions"
    _, _, error = prepared([line], give("Ann", blue=1), header)
    assert error is not None
    assert error.message == "potions is a Level II tile, not Level I; did you mean 'potion'?"


def test_a_bookshelf_tile_in_the_wrong_row_gets_the_nearest_tile_of_that_row() -> None:
    result = play(header=BASE.replace("potion ascend gather twice", "potions ascend gather twice"))
    assert isinstance(result.error, SetupError)
    assert result.error.message == (
        "potions is a Level II tile, not Level I; did you mean 'potion'?"
    )
    assert result.error.line == 10


def test_keeping_a_tile_not_drawn_gets_the_nearest_drawn_one() -> None:
    header = BASE.replace("sun twoturns crown harvest", "sun twoturns draw harvest")
    line = MOON.format("take draw drew sun crown potions; take potion")
    _, _, error = prepared([line], give("Ann", blue=4), header)
    assert error is not None
    assert error.message == (
        "after Draw three the tile kept is one of those drawn: sun, crown, potions; "
        "did you mean 'potions'?"
    )


# ---------------------------------------------------------------- Starting Resource cards


@pytest.mark.parametrize(
    ("written", "hint"),
    [
        ("gren3", "; did you mean 'green3'?"),
        ("Purple", "; did you mean 'purple3' or 'purple2'?"),
        ("potoin", "; did you mean 'potion'?"),
        ("xyzzy", ""),
    ],
)
def test_a_misspelt_starting_card_gets_the_nearest_ids(written: str, hint: str) -> None:
    result = play(header=BASE.replace("card Ann: green3", f"card Ann: {written}"))
    assert isinstance(result.error, NotationError)
    assert result.error.message == (
        f"unexpected '{written}'; expected a Starting Resource card like green3{hint}"
    )
    assert (result.error.line, result.error.column) == (12, 11)


# ---------------------------------------------------------------- colours and keywords


@pytest.mark.parametrize(
    ("change", "where", "message"),
    [
        (
            ("card Ann: green3", "card Ann: tracks red bleu"),
            (12, 22),
            # a card's choices may be any seed colour, then order or the line's end
            "unexpected 'bleu'; expected the end of the line, brown, orange, green or purple, "
            "red, yellow or blue or 'order'; did you mean 'blue'?",
        ),
        (
            ("garden: red=duplicate", "supply: rde=3\ngarden: red=duplicate"),
            (3, 9),
            "unexpected 'rde'; expected brown, orange, green or purple, red, yellow or blue "
            "or 'unlimited'; did you mean 'red'?",
        ),
        (
            ("potion ascend", "potoin ascend"),
            (10, 14),
            "unexpected 'potoin'; expected 'none', a Knowledge tile like potion or 'plant'; "
            "did you mean 'potion'?",
        ),
    ],
)
def test_misspelt_colours_and_tiles_in_the_header_get_the_core_suggestion(
    change: tuple[str, str], where: tuple[int, int], message: str
) -> None:
    result = play(header=BASE.replace(*change))
    assert isinstance(result.error, NotationError)
    assert (result.error.line, result.error.column, result.error.message) == (*where, message)


@pytest.mark.parametrize(
    ("turn", "column", "message"),
    [
        (
            "Ann: potion upgrade 4 to ornage; collect graft",
            26,
            "unexpected 'ornage'; expected brown, orange, green or purple or red, yellow or "
            "blue; did you mean 'orange'?",
        ),
        (
            'Ann: cultivate "Moon Fern" with 5 6; take acsend',
            43,
            "unexpected 'acsend'; expected a Knowledge tile like potion or 'plant'; "
            "did you mean 'ascend'?",
        ),
        (
            "Ann: collect graft; graft 4+5 at 4; fairy to yelow",
            46,
            "unexpected 'yelow'; expected red, yellow or blue; did you mean 'yellow'?",
        ),
    ],
)
def test_misspelt_colours_and_tiles_in_a_turn_get_the_core_suggestion(
    turn: str, column: int, message: str
) -> None:
    result = play(turn)
    assert isinstance(result.error, NotationError)
    assert (result.error.line, result.error.column, result.error.message) == (14, column, message)

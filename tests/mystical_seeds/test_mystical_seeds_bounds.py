"""Issue 12, bounded input: a number the grammar accepts but the rules cannot (a circle
99, a count of 10^15) is a clear error at the number's own line and column, never a
crash and never a silent oddity.

The bounds: a circle exists on the board (1-6 as printed; ``lab:`` may declare 3 to
20 circles and up to 20 tile spaces); counts of pieces (``supply:``, ``decks:``,
``piles:``) and a plant's prestige are 0 to 99, since the rule text gives no larger
figure (rulebook.MOST).
"""

from __future__ import annotations

import re

import pytest
from mystical_seeds_helpers import BASE, SAMPLES, give, play, prepared

from gamelog.core.errors import IllegalMove, NotationError, SetupError
from gamelog.core.replay import replay
from gamelog.games.mystical_seeds import GAME
from gamelog.games.mystical_seeds import rulebook as R

HUGE = 10**15
LAB_RULE = "seeds sit in the circles of the Laboratory board, one per circle"


def _at(text: str, line: int, needle: str) -> int:
    """The column of ``needle`` (its last occurrence) on line ``line`` of ``text``."""
    return text.split("\n")[line - 1].rindex(needle) + 1


# ---------------------------------------------------------------- circles in turns


@pytest.mark.parametrize(
    "turn",
    [
        "Ann: collect graft keep 99; graft 4+5 at 4; fairy to red",
        "Ann: collect graft; graft 4+1000000000000000 at 4; fairy to red",
        "Ann: collect duplicate; duplicate 5 to 0; fairy to red",
        "Ann: potion upgrade 7 to orange; collect graft; graft 4+5 at 4; fairy to red",
        # the exchange's own seeds are refused too (circle 1 is empty), but the circle
        # that does not exist is what is said first, at its place
        "Ann: exchange 1 2 3 for red at 99; collect graft",
        'Ann: cultivate "Moon Fern" with 5 1000000000000000',
        'Ann: move x "Moon Fern" to "Ember Moss" pay 99 to 1; collect graft',
    ],
)
def test_a_circle_the_board_lacks_is_refused_at_its_number(turn: str) -> None:
    number = re.search(r"\b(99|0|7|1000000000000000)\b", turn)
    assert number is not None
    result = play(turn)
    error = result.error
    assert isinstance(error, IllegalMove)
    assert error.message == (
        f"circle {number.group()} does not exist; the Laboratory has circles 1-6"
    )
    assert (error.line, error.column) == (14, number.start() + 1)
    assert error.rule == LAB_RULE


def test_circles_of_tile_effects_are_refused_at_their_number() -> None:
    # Ann holds a Sun tile (its token in 4) and a Gather tile: "sun red at 9" and
    # "graft gather at 8" name circles a six-circle board lacks.
    def prepare(state: object) -> None:
        give("Ann", "sun", "gather")(state)  # type: ignore[arg-type]
        state.players["Ann"].tiles[0].sun_circle = 3  # type: ignore[attr-defined]

    for turn, number in [
        ("Ann: sun red at 9; collect graft; graft gather at 1 4+5 at 4; fairy to red", "9"),
        ("Ann: collect graft; graft gather at 8 4+5 at 4; fairy to red", "8"),
    ]:
        _, _, error = prepared([turn], prepare)
        assert isinstance(error, IllegalMove), turn
        assert error.message == f"circle {number} does not exist; the Laboratory has circles 1-6"
        assert error.column == turn.index(f"at {number}") + 4


def test_a_declared_board_bounds_the_circles() -> None:
    # On a ring of 7 circles Ann's card puts yellow in 5, blue in 6, green in 7 (from
    # the circle left of the lab fairy, counter-clockwise); circle 7 exists, 8 does not.
    header = BASE.replace("garden: red", "lab: ring 7\ngarden: red")
    result = play("Ann: collect duplicate; duplicate 6 to 7; fairy to yellow", header=header)
    assert result.error is None
    assert result.state.players["Ann"].lab[6] == "blue"
    result = play("Ann: potion upgrade 8 to orange; collect graft", header=header)
    assert result.error is not None
    assert result.error.message == "circle 8 does not exist; the Laboratory has circles 1-7"
    assert (result.error.line, result.error.column) == (15, 21)


# ---------------------------------------------------------------- prestige of plants


@pytest.mark.parametrize(
    ("turn", "what", "value"),
    [
        ('Ann: cultivate "Moon Fern" with 5 6; reveal L1 "Glow Cap" yellow = 100', "card", 100),
        ('Ann: cultivate top L2 "Star Vine" green brown = 1000000000000000 with 6', "card", HUGE),
        ("Ann: cultivate plant(red blue = 100) with 1 2; collect graft", "tile", 100),
    ],
)
def test_a_plant_worth_more_than_99_is_a_notation_error_at_its_points(
    turn: str, what: str, value: int
) -> None:
    result = play(turn)
    error = result.error
    assert isinstance(error, NotationError)
    assert error.message == f"a plant {what} is worth 0 to 99 prestige points, not {value}"
    assert (error.line, error.column) == (14, turn.rindex(str(value)) + 1)
    assert error.rule == R.COUNTS


def test_a_plant_worth_99_is_read() -> None:
    result = play('Ann: cultivate "Moon Fern" with 5 6; reveal L1 "Glow Cap" yellow = 99')
    assert result.error is None
    (slot,) = [s for s in result.state.research if s.card and s.card.name == "Glow Cap"]
    assert slot.card.points == 99


# ---------------------------------------------------------------- counts in the header


@pytest.mark.parametrize(
    ("line", "kind", "message", "needle", "rule"),
    [
        (
            "supply: red=100 blue=4",
            SetupError,
            "100 red seeds in the Garden: a count in a log is 0 to 99",
            "100",
            R.COUNTS,
        ),
        (
            "supply: red=3 blue=4 red=5",
            SetupError,
            "supply: red is given twice",
            "red",
            R.COUNTED_ONCE,
        ),
        (
            "decks: L1=14 L2=1000000000000000",
            SetupError,
            "1000000000000000 cards left in the Level 2 plant deck: a count in a log is 0 to 99",
            "1000000000000000",
            R.COUNTS,
        ),
        ("decks: L1=3 L1=4", SetupError, "decks: L1 is given twice", "L1", R.COUNTED_ONCE),
        (
            "piles: I=100 II=3",
            SetupError,
            "100 tiles left in the Level I tile pile: a count in a log is 0 to 99",
            "100",
            R.COUNTS,
        ),
        (
            "lab: ring 6 tiles 21",
            SetupError,
            "a Laboratory has at most 20 Knowledge-tile spaces, not 21",
            "21",
            R.LAB_BOARD,
        ),
        (
            "lab: ring 21",
            SetupError,
            "a Laboratory ring needs 3 to 20 circles, not 21",
            "21",
            R.LAB_BOARD,
        ),
        (
            "lab: circles 2 lines 1-2",
            SetupError,
            "a Laboratory needs 3 to 20 circles, not 2",
            "2 lines",
            R.LAB_BOARD,
        ),
        (
            "lab: circles 6 lines 1-2 2-99",
            SetupError,
            "line 2-99 names circle 99; circles are 1-6",
            "99",
            R.LAB_BOARD,
        ),
    ],
)
def test_a_header_count_out_of_bounds_is_refused_at_its_number(
    line: str, kind: type, message: str, needle: str, rule: str | None
) -> None:
    # The line goes in as line 3, before garden:.
    result = play(header=BASE.replace("garden: red", f"{line}\ngarden: red"))
    error = result.error
    assert isinstance(error, kind)
    assert error.message == message
    assert (error.line, error.column) == (3, line.rindex(needle) + 1)
    assert error.rule == rule


def test_header_counts_at_the_bounds_are_read() -> None:
    header = BASE.replace(
        "garden: red",
        "supply: red=99 brown=0\ndecks: L1=99 L2=0\npiles: I=99\nlab: ring 20 tiles 20\n"
        "garden: red",
    )
    result = play(header=header)
    assert result.error is None
    state = result.state
    # Bob's potion card took two reds from the 99.
    assert (state.supply["red"], state.supply["brown"]) == (97, 0)
    assert (state.deck_left, state.pile_left[1]) == ({1: 99, 2: 0}, 99)
    assert (state.graph.size, state.graph.tile_spaces) == (20, 20)


# ---------------------------------------------------------------- every number of the samples


_NUMBER = re.compile(r"(?<![\w.])\d+(?![\w])")


def _positions() -> list[tuple[str, int, int]]:
    """One number of each kind of place the legal samples write numbers in: the header
    key or the clause's keyword, and the word just before the number."""
    seen: dict[tuple[str, str], tuple[str, int, int]] = {}
    for path in sorted(SAMPLES.glob("*.log")):
        text = path.read_text(encoding="utf-8")
        if replay(GAME, text, str(path)).error is not None:
            continue
        header = {line.line for line in GAME.read_header(text).lines}
        for number, line in enumerate(text.split("\n"), start=1):
            code = line.split("#", 1)[0]
            for match in _NUMBER.finditer(code):
                before = code[: match.start()]
                if number in header:
                    place = before.split(":", 1)[0]
                else:  # the clause: after the last separator, and after "Name:"
                    place = re.split(r"[;,]", before)[-1].split(":")[-1].split()[0]
                words = re.findall(r"[A-Za-z]+", before)
                seen.setdefault((place, words[-1]), (path.name, number, match.start()))
    return sorted(seen.values())


POSITIONS = _positions()


def test_the_positions_cover_every_kind_of_number() -> None:
    assert len(POSITIONS) >= 35


@pytest.mark.parametrize(("name", "line", "start"), POSITIONS, ids=lambda v: str(v))
def test_any_number_of_a_sample_made_10_15_is_refused_where_it_stands(
    name: str, line: int, start: int
) -> None:
    # No place in the notation takes 10^15 (circles are at most 20, counts and
    # prestige at most 99), and the sample is legal up to there: so the first problem
    # is that number, at its own line and column, with the rule it breaks.
    text = (SAMPLES / name).read_text(encoding="utf-8")
    lines = text.split("\n")
    code = lines[line - 1]
    match = _NUMBER.match(code, start)
    assert match is not None
    lines[line - 1] = code[:start] + str(HUGE) + code[match.end() :]
    result = replay(GAME, "\n".join(lines), name)
    error = result.error
    assert error is not None, code
    assert (error.line, error.column) == (line, start + 1), (code, str(error))
    assert error.rule, str(error)
    assert str(HUGE) in error.message

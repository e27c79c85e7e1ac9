"""The notation: header lines, turn clauses as typed moves, and the errors a user sees
for text that does not parse or a header that does not add up."""

from __future__ import annotations

import pytest
from mystical_seeds_helpers import BASE, play

from gamelog.core.errors import IllegalMove, NotationError, SetupError
from gamelog.games import detect, find
from gamelog.games.mystical_seeds import GAME
from gamelog.games.mystical_seeds.meta import looks_like
from gamelog.games.mystical_seeds.moves import (
    Collect,
    Cultivate,
    Graft,
    Merge,
    MoveX,
    PlantCard,
    PotionUse,
    TileSpec,
    Turn,
    Upgrade,
)


def clauses(line: str) -> tuple[object, ...]:
    log = GAME.parse(BASE + line + "\n")
    (turn,) = log.moves
    assert isinstance(turn, Turn)
    return tuple(
        {k: v for k, v in vars(c).items() if k not in ("line", "column")} for c in turn.clauses
    )


def test_a_collect_turn_becomes_typed_clauses() -> None:
    log = GAME.parse(BASE + "Ann: COLLECT Upgrade keep 3 4; upgrade 1 TO orange, fairy to Red\n")
    (turn,) = log.moves
    assert isinstance(turn, Turn)
    assert (turn.player, turn.line, turn.source) == (
        "Ann",
        14,
        "Ann: COLLECT Upgrade keep 3 4; upgrade 1 TO orange, fairy to Red",
    )
    collect, upgrade, move = turn.clauses
    assert collect == Collect(line=14, column=6, fairy="upgrade", keeps=(3, 4))
    assert upgrade == Upgrade(line=14, column=32, circle=1, colour="orange")
    assert (move.line, move.column, move.location) == (14, 53, "red")  # type: ignore[attr-defined]


def test_grafts_potions_and_tile_effects() -> None:
    (potion,) = (
        GAME.parse(BASE + "Ann: potion graft gather at 2 study blue 1+2 at 2 2+3 at 3\n")
        .moves[0]
        .clauses
    )  # type: ignore[attr-defined]
    assert isinstance(potion, PotionUse) and isinstance(potion.action, Graft)
    graft = potion.action
    assert (graft.gathers, graft.studies) == ((2,), ("blue",))
    assert [(m.first, m.second, m.at) for m in graft.merges] == [(1, 2, 2), (2, 3, 3)]
    assert isinstance(graft.merges[0], Merge)


def test_cultivation_targets_and_cleanup() -> None:
    found = clauses(
        'Ann: cultivate "Tide Orchid" with 6 5 4 advance blue red;'
        " take bundle red at 3 advance yellow; take draw drew sun crown potions;"
        ' take plant(red blue = 1) from I4; reveal L2 "Dawn Thistle" purple red blue = 3;'
        " refill I4 none"
    )
    assert found[0] == {
        "name": "Tide Orchid",
        "top": None,
        "tile": None,
        "circles": (6, 5, 4),
        "advances": ("blue", "red"),
    }
    assert found[1]["tile"] == TileSpec("bundle")  # type: ignore[index]
    assert (found[1]["seeds"], found[1]["advance"]) == ((("red", 3),), "yellow")  # type: ignore[index]
    assert found[2]["drawn"] == (TileSpec("sun"), TileSpec("crown"), TileSpec("potions"))  # type: ignore[index]
    assert (found[3]["tile"], found[3]["slot"]) == (TileSpec("plant", ("red", "blue"), 1), "I4")  # type: ignore[index]
    assert found[4]["card"] == PlantCard(2, "Dawn Thistle", ("purple", "red", "blue"), 3)  # type: ignore[index]
    assert found[5] == {"slot": "I4", "tile": None}
    top, tile = (
        GAME.parse(
            BASE
            + 'Ann: cultivate plant with 1; cultivate top L1 "Wild Mint" red red = 2 with 2 3\n'
        )
        .moves[0]
        .clauses
    )  # type: ignore[attr-defined]
    assert isinstance(top, Cultivate) and top.tile == TileSpec("plant")
    assert isinstance(tile, Cultivate) and tile.top == PlantCard(1, "Wild Mint", ("red", "red"), 2)


def test_x_tokens_sun_and_exchange() -> None:
    move, sun, exchange = clauses(
        'Bob: move x "Moon Fern" to "Elder Rose" pay 3 to 5; sun orange at 2;'
        " exchange 1 2 3 for blue at 4"
    )
    assert move == {"source": "Moon Fern", "target": "Elder Rose", "pay_from": 3, "pay_to": 5}
    assert sun == {"colour": "orange", "circle": 2}
    assert exchange == {"circles": (1, 2, 3), "colour": "blue", "target": 4}
    assert isinstance(
        GAME.parse(BASE + 'Bob: move x "A" to "B"; collect graft\n').moves[0].clauses[0],  # type: ignore[attr-defined]
        MoveX,
    )


def test_the_header() -> None:
    header = GAME.parse(
        "# a comment\ngame: Mystical Seeds\n"
        + BASE.split("\n", 1)[1]
        + "first: bob\nsupply: red=4 brown=2\nlab: circles 5 lines 1-2 2-3 3-4 4-5 5-1 tiles 4\n"
        "decks: L1=9 L2=8\npiles: I=7 II=6\n"
    ).header
    assert ([p.name for p in header.players], header.first) == (["Ann", "Bob"], "bob")
    assert header.garden == {"red": "duplicate", "yellow": "upgrade", "blue": "graft"}
    assert header.supply == {"red": 4, "brown": 2}
    assert (header.lab.circles, header.lab.tile_spaces, len(header.lab.lines)) == (5, 4, 5)
    assert header.research[0] == (PlantCard(1, "Candlestick Lotus", ("red", "red", "yellow"), 2), 5)
    assert header.bookshelf[1] == [TileSpec(k) for k in ("potion", "ascend", "gather", "twice")]
    assert [(c.player, c.card, c.line, c.player_column) for c in header.cards] == [
        ("Ann", "green3", 13, 6),
        ("Bob", "potion", 14, 6),
    ]
    assert (header.decks, header.piles) == ({1: 9, 2: 8}, {1: 7, 2: 6})
    state = GAME.setup(GAME.parse(BASE + "first: bob\n"))
    assert (state.current, state.order) == ("Bob", ["Bob", "Ann"])


def test_a_mistyped_header_key_gets_the_nearest_key() -> None:
    result = play(header=BASE + 'reserch: L1 "Glow Cap" yellow yellow = 1\n')
    assert isinstance(result.error, SetupError)
    assert (result.error.line, result.error.column) == (14, 1)
    assert result.error.message == "unknown header key 'reserch'; did you mean 'research'?"


def test_player_names_are_found_without_regard_to_case() -> None:
    header = BASE.replace("card Ann: green3", "card ann: green3") + "first: BOB\n"
    result = play(
        "bob: collect upgrade; upgrade 1 to orange; fairy to blue",
        "ANN: collect graft; graft 4+5 at 4; fairy to red",
        header=header,
    )
    assert result.error is None and result.moves_applied == 2
    assert result.state.players["Ann"].card == "green3"
    assert result.log is not None
    assert [turn.player for turn in result.log.moves] == ["bob", "ANN"]


def test_an_unknown_name_gets_the_nearest_player() -> None:
    result = play("Anne: collect graft; graft 4+5 at 4; fairy to red")
    assert isinstance(result.error, IllegalMove)
    assert result.error.message == "Anne is not a player of this game; did you mean 'Ann'?"
    assert result.error.facts == ["the players: Ann, Bob"]
    card = play(header=BASE.replace("card Bob: potion", "card Bobb: potion"))
    assert isinstance(card.error, SetupError)
    assert (card.error.line, card.error.column) == (13, 6)
    assert card.error.message == "Bobb is not a player of this game; did you mean 'Bob'?"
    first = play(header=BASE + "first: Cid\n")
    assert isinstance(first.error, SetupError)
    assert (first.error.line, first.error.column) == (14, 8)
    assert first.error.message == "Cid is not a player of this game"


def test_players_with_names_of_several_words() -> None:
    header = BASE.replace("Ann, Bob", "Mary Lee, Bob").replace("card Ann", "card mary lee")
    result = play("Mary Lee: collect graft; graft 4+5 at 4; fairy to red", header=header)
    assert result.error is None and result.moves_applied == 1


@pytest.mark.parametrize(
    ("card", "placed", "tracks", "potions", "prestige"),
    [
        ("green3", {6: "green", 5: "blue", 4: "yellow"}, (1, 0, 0), 1, 0),
        ("green3 order yellow blue green", {6: "yellow", 5: "blue", 4: "green"}, (1, 0, 0), 1, 0),
        ("seeds orange", {6: "red", 5: "yellow", 4: "blue", 3: "orange"}, (0, 0, 0), 1, 0),
        ("tracks yellow blue", {6: "red", 5: "yellow", 4: "blue"}, (0, 1, 1), 1, 0),
        ("prestige blue", {6: "blue"}, (0, 0, 0), 1, 1),
        ("brown", {6: "brown", 5: "yellow", 4: "yellow"}, (0, 0, 0), 1, 0),
        ("blue", {6: "blue", 5: "blue"}, (1, 1, 1), 1, 0),
    ],
)
def test_starting_cards_are_placed_counter_clockwise_from_left_of_the_lab_fairy(
    card: str, placed: dict[int, str], tracks: tuple[int, ...], potions: int, prestige: int
) -> None:
    state = GAME.setup(GAME.parse(BASE.replace("card Ann: green3", f"card Ann: {card}")))
    ann = state.players["Ann"]
    assert {n + 1: s for n, s in enumerate(ann.lab) if s} == placed
    assert tuple(ann.tracks.values()) == tracks
    assert (ann.potions, ann.card_prestige, ann.fairy) == (potions, prestige, 0)


@pytest.mark.parametrize(
    ("change", "line", "words"),
    [
        (("card Ann: green3", "card Ann: tracks red red"), 12, "two different tracks"),
        (("card Ann: green3", "card Ann: seeds red"), 12, "a Level 2 seed of the player's"),
        (("card Ann: green3", "card Ann: potion"), 13, "cannot both pick potion"),
        (("card Ann: green3", "card Ann: green3 red"), 12, "offers no choice"),
        (("card Ann: green3", "card Ann: green3 order red blue green"), 12, "order must list"),
        (("card Ann: green3\n", ""), 2, "Ann has no Starting Resource card"),
        (("players: Ann, Bob", "players: Ann"), 2, "is played by 2 to 4 players"),
        (("players: Ann, Bob", "players: Ann, Bob, ann"), 2, "named twice"),
        (("garden: red=duplicate yellow=upgrade blue=graft", "garden: red=graft"), 3, "missing"),
        (
            (
                "garden: red=duplicate yellow=upgrade blue=graft",
                "garden: red=graft yellow=graft blue=upgrade",
            ),
            3,
            "each of the three fairies",
        ),
        (('research: L1 "Moon Fern" blue blue = 1\n', ""), 4, "three Level 1 plant cards"),
        (("bookshelf II: sun twoturns crown harvest", "bookshelf II: sun crown"), 11, "four tiles"),
        (
            ("bookshelf I: potion ascend gather twice", "bookshelf I: potion ascend plant twice"),
            10,
            "must show its seeds",
        ),
        (("game: Mystical Seeds", "game: Mystical Seeds\ngame: again"), 2, "a second 'game:'"),
        (("card Bob: potion", "card Bob: potion\ncard bob: blue"), 14, "a second 'card bob:'"),
        (("players: Ann, Bob", "players: Ann (red), Bob"), 2, "without anything in brackets"),
        (("garden:", "lab: circles 4 lines 1-2 2-5\ngarden:"), 3, "names circle 5"),
        (("garden:", "lab: ring 2\ngarden:"), 3, "3 to 20 circles"),
        (("garden:", "supply: red=1\ngarden:"), 14, "no red seed left for Bob"),
    ],
)
def test_setup_errors_name_the_header_line(change: tuple[str, str], line: int, words: str) -> None:
    result = play(header=BASE.replace(*change))
    assert isinstance(result.error, SetupError)
    assert result.error.line == line
    assert words in result.error.message


@pytest.mark.parametrize(
    ("turn", "column", "message"),
    [
        (
            "Ann: colect upgrade",
            6,
            "unexpected 'colect'; expected 'collect', 'cultivate', 'duplicate', 'exchange',"
            " 'fairy', 'graft', 'harvest', 'move' or ...",
        ),
        ("Ann: collect orange", 14, "unexpected 'orange'; expected duplicate, upgrade or graft"),
        ("Ann: upgrade 1 orange", 16, "unexpected 'orange'; expected 'to'"),
        ("Ann: collect upgrade fairy to red", 22, "unexpected 'fairy'; expected "),
        ("Ann: take potion at 3", 18, "the potion tile has nothing to say here; it takes no"),
        (
            "Ann: take sun red at 3",
            15,
            "the sun tile has nothing to say here; write it like `take sun at 4`",
        ),
        ("Ann: take sun at 3 at 4", 20, "take sun: this is said twice"),
        ('Ann: cultivate "Moon Fern with 1', 16, "unexpected '\"Moon'; expected a quoted"),
        ("Ann: refill I5 sun", 13, "unexpected 'I5'; expected a Bookshelf slot like I2"),
    ],
)
def test_notation_errors_say_what_was_expected(turn: str, column: int, message: str) -> None:
    result = play(turn)
    assert isinstance(result.error, NotationError)
    assert (result.error.line, result.error.column) == (14, column)
    assert result.error.message.startswith(message)


def test_a_header_line_after_the_first_turn_is_a_setup_error() -> None:
    result = play("Ann: collect graft; fairy to red", "garden: red=graft")
    assert isinstance(result.error, SetupError)
    assert (result.error.line, result.error.message) == (
        15,
        "the header line 'garden:' comes after the first move (line 14)",
    )


def test_bom_crlf_comments_and_blank_lines_are_fine() -> None:
    text = "\ufeff" + BASE.replace("\n", "\r\n") + "\r\n# turn one\r\n\r\n"
    text += "Ann: collect graft; graft 4+5 at 4; fairy to red  # grafted a green\r\n"
    result = play(header=text)
    assert result.error is None and result.moves_applied == 1


def test_the_registry_finds_the_game_and_sniffs_logs_without_a_game_line() -> None:
    assert find("Mystical Seeds") is GAME and find("mystical-seeds") is GAME
    assert detect(BASE) is GAME
    assert detect(BASE.split("\n", 1)[1]) is GAME
    assert looks_like(BASE.split("\n", 1)[1])
    assert not looks_like("players: Ann, Bob\nAnn: place C4\n")
    assert "Mystical Seeds notation" in GAME.cheat_sheet()

"""The notation: every accepted spelling, and the exact place and wording of the
notation and setup errors a person can make."""

from __future__ import annotations

import pytest
from seikatsu_helpers import HEADER_2P, run, run_sample, sample_text

from gamelog.core.errors import NotationError, SetupError
from gamelog.games.seikatsu import GAME
from gamelog.games.seikatsu.meta import looks_like
from gamelog.games.seikatsu.moves import Placement
from gamelog.games.seikatsu.tiles import KOI


def only_move(line: str) -> Placement:
    log = GAME.parse(HEADER_2P + line + "\n")
    assert len(log.moves) == 1
    move = log.moves[0]
    assert isinstance(move, Placement)
    return move


@pytest.mark.parametrize(
    "line",
    [
        "Ann: GK at C3",
        "Ann: gk C3",
        "ann: Gk at c3",
        "Ann: grey/pink at C3",
        "Ann:  Grey / Pink  @ C3",
        "Ann: waxwing/plumeria on C3",
        "Ann: gray/pink at C3   # a comment",
    ],
)
def test_garden_tile_spellings(line: str) -> None:
    move = only_move(line)
    assert move.tile.code == "GK"  # type: ignore[union-attr]
    assert move.space_label == "C3"
    assert move.bird is None
    assert move.line == 4


@pytest.mark.parametrize(
    ("line", "bird"),
    [
        ("Ann: koi at C3", None),
        ("Ann: KOI C3", None),
        ("Ann: koi as grey at C3", "grey"),
        ("Ann: koi as Waxwing C3", "grey"),
        ("Ann: koi as green at C3", "green"),
        ("Ann: koi as white-eye at C3", "green"),
        ("Ann: koi as blue @ C3", "blue"),
    ],
)
def test_koi_spellings(line: str, bird: str | None) -> None:
    move = only_move(line)
    assert move.tile is KOI
    assert (move.bird.colour if move.bird else None) == bird


def test_blue_bird_on_blue_flower_is_bb() -> None:
    move = only_move("Ann: BB at C3")
    assert move.tile.bird.colour == "blue"  # type: ignore[union-attr]
    assert move.tile.flower.colour == "blue"  # type: ignore[union-attr]
    assert only_move("Ann: blue/blue C3").tile is move.tile
    assert only_move("Ann: flycatcher/bluebell C3").tile is move.tile


def test_moves_keep_their_text_and_place() -> None:
    move = only_move("  Ann Lee: GK at C3   # first")
    assert move.source == "Ann Lee: GK at C3"
    assert (move.line, move.column) == (4, 3)
    assert move.player == "Ann Lee"


def test_multi_word_names_comments_blank_lines_crlf_and_bom() -> None:
    text = (
        "\ufeff# Sunday game\r\n\r\ngame: Seikatsu\r\n"
        "players: Ann  Lee (pink), Bob (blue)\r\n"
        "date: 2024-05-01\r\n"
        "setup: GK at D3, RB at E4\r\n\r\n"
        "# the moves\r\n"
        "Ann Lee: NO at C3\r\n"
        "\r\n"
        "Bob: RP at C2"
    )
    result = run(text)
    assert result.error is None
    assert result.log is not None and result.log.players == ["Ann Lee", "Bob"]
    assert result.moves_applied == 2


def notation_error(text: str) -> NotationError:
    error = run(text).error
    assert isinstance(error, NotationError), error
    return error


@pytest.mark.parametrize(
    ("line", "column", "message"),
    [
        (
            "Ann: GR at C3",
            6,
            "'GR' is not a tile code: the second letter is the flower "
            "(P purple, K pink, O orange, B blue)",
        ),
        (
            "Ann: XK at C3",
            6,
            "'XK' is not a tile code: the first letter is the bird "
            "(R red, G grey, N green, B blue)",
        ),
        ("Ann: GK at A5", 12, "'A5' is not a space: row A runs from A1 to A4"),
        ("Ann: GK at H2", 12, "'H2' is not a space: the rows are A to G"),
        ("Ann: GK at", 11, "expected a space like C4"),
        ("Ann GK at C3", 13, "expected ':'"),
        ("Ann: 12 at C3", 6, "unexpected '12'; expected a tile like GK, grey/pink or koi"),
        ("Ann: GK as red at C3", 9, "only a koi tile takes 'as red': GK is always a grey bird"),
        (
            "Ann: koi as purple at C3",
            13,
            "a koi tile stands for a bird; 'purple' is not one (R red, G grey, N green, B blue)",
        ),
        (
            "Ann: pink/grey at C3",
            6,
            "'pink' is not a bird; the birds are red (scarlet tanager), grey (waxwing), "
            "green (white-eye), blue (flycatcher)",
        ),
        (
            "Ann: grey/red at C3",
            11,
            "'red' is not a flower; the flowers are purple (primrose), pink (plumeria), "
            "orange (tulip), blue (bluebell)",
        ),
    ],
)
def test_notation_errors_point_at_the_word(line: str, column: int, message: str) -> None:
    error = notation_error(HEADER_2P + line + "\n")
    assert (error.line, error.column) == (4, column)
    if message.startswith("expected"):  # the core words what was found; we word the rest
        assert error.message.startswith("unexpected ")
        assert error.message.endswith("; " + message)
    else:
        assert error.message == message


def test_notation_error_sample() -> None:
    error = run_sample("notation-error.log").error
    assert isinstance(error, NotationError)
    assert (error.line, error.column) == (11, 6)
    assert error.message.startswith("'GR' is not a tile code")
    assert sample_text("notation-error.log").startswith("# NOTATION ERROR:")


def setup_error(text: str) -> SetupError:
    error = run(text).error
    assert isinstance(error, SetupError), error
    return error


PLAYERS = "players: Ann (pink), Bob (blue)\n"
SETUP = "setup: GK at D3, RB at E4\n"


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        (
            "players: Ann (pink), Bob (red)\n" + SETUP,
            1,
            22,
            "'red' is not a pagoda colour; the pagodas are pink, blue and green",
        ),
        (
            "players: Ann (pink), Bob (blue), Cid (green), Dan (pink)\n" + SETUP,
            1,
            10,
            "Seikatsu is played by 2 or 3 players; the header names 4",
        ),
        (
            "players: Ann (pink)\n" + SETUP,
            1,
            10,
            "Seikatsu is played by 2 or 3 players; the header names 1",
        ),
        (
            "players: Ann (pink), ann (blue)\n" + SETUP,
            1,
            22,
            "ann is named twice in the players line",
        ),
        (
            "players: Ann (pink), Bob (pink)\n" + SETUP,
            1,
            22,
            "Bob and Ann both sit at the pink pagoda",
        ),
        (
            "players: Ann (pink), Bob (green)\n" + SETUP,
            1,
            22,
            "a 2-player game uses the pink and blue pagodas, not green",
        ),
        (
            PLAYERS + "setup: GK at D3, RB at E5\n",
            2,
            18,
            "E5 is not next to the pond; setup tiles go on the pond's flower spaces "
            "(C3, D5, E3 or C4, D3, E4)",
        ),
        (
            PLAYERS + "setup: GK at D4, RB at E4\n",
            2,
            8,
            "D4 is the koi pond itself; setup tiles go next to it (C3, C4, D3, D5, E3, E4)",
        ),
        (
            PLAYERS + "setup: GK at D3\n",
            2,
            1,
            "1 setup tile given; a 2-player game starts with 2",
        ),
        (
            "players: Ann (pink), Bob (blue), Cid (green)\n" + SETUP,
            2,
            1,
            "2 setup tiles given; a 3-player game starts with 3",
        ),
        (
            PLAYERS + "setup: koi at D3, RB at E4\n",
            2,
            8,
            "a koi tile cannot be a setup tile: the koi tiles go into the bag after setup",
        ),
        (PLAYERS + "setup: GK at D3, RB at D3\n", 2, 18, "two setup tiles on D3"),
        (
            "players: Ann (pink), Bob (blue), Cid (green)\nsetup: GK D3, GK E4, gk C4\n",
            2,
            22,
            "a third GK in the setup; there are only 2",
        ),
        (
            SETUP,
            1,
            1,
            "the header has no 'players:' line, e.g. 'players: Ann (pink), Bob (blue)'",
        ),
        (
            PLAYERS,
            1,
            1,
            "the header has no 'setup:' line naming the 2 tiles drawn onto the pond's "
            "flower spaces, e.g. 'setup: GK at D3, RB at E4'",
        ),
        (
            PLAYERS + "mode: blitz\n" + SETUP,
            2,
            7,
            "unknown mode 'blitz'; the modes are standard and tournament",
        ),
        (
            "game: eden\n" + PLAYERS + SETUP,
            1,
            7,
            "this log says 'game: eden', but it is being read as Seikatsu",
        ),
        (PLAYERS + PLAYERS + SETUP, 2, 1, "a second 'players:' line; the first is on line 1"),
        (
            PLAYERS + SETUP + "Ann: NO at C3\nmode: tournament\n",
            4,
            1,
            "the header line 'mode:' comes after the first move (line 3)",
        ),
        (
            PLAYERS + "seating: pink G4\n" + SETUP,
            2,
            10,
            "the pink pagoda is behind D1: spaces are labelled from pink's view",
        ),
        (
            PLAYERS + "seating: blue C3\n" + SETUP,
            2,
            10,
            "'c3' is not a pagoda corner; the pagodas stand behind D1 (pink's corner), "
            "G4 (front-right, seen from pink), A4 (front-left, seen from pink)",
        ),
        (
            PLAYERS + "seating: blue A4, green front-left\n" + SETUP,
            2,
            19,
            "blue and green are both seated behind A4",
        ),
        (
            PLAYERS + "seating: purple A4\n" + SETUP,
            2,
            10,
            "'purple' is not a pagoda colour; the pagodas are pink, blue and green",
        ),
    ],
)
def test_setup_errors(text: str, line: int, column: int, message: str) -> None:
    error = setup_error(text)
    assert (error.line, error.column) == (line, column)
    assert error.message == message
    assert error.rule


def test_setup_error_sample() -> None:
    error = run_sample("setup-error-not-by-pond.log").error
    assert isinstance(error, SetupError)
    assert (error.line, error.column) == (5, 18)
    assert error.message.startswith("D2 is not next to the pond")


THREE = "players: Ann (pink), Bob (blue), Cid (green)\n"
SETUP_3 = "setup: GK D3, RB E4, NO C4\n"


def corners(text: str) -> dict[str, str]:
    result = run(text)
    assert result.error is None, result.error
    return {seat.colour: seat.corner for seat in result.state.seats}


def test_two_player_seating_defaults_to_blue_behind_g4() -> None:
    assert corners(PLAYERS + SETUP) == {"pink": "D1", "blue": "G4"}
    assert corners(PLAYERS + "seating: blue A4\n" + SETUP) == {"pink": "D1", "blue": "A4"}
    assert corners(PLAYERS + "seating: blue front-left\n" + SETUP)["blue"] == "A4"
    assert corners(PLAYERS + "seating: blue at front-right\n" + SETUP)["blue"] == "G4"
    assert corners(PLAYERS + "seating: green G4\n" + SETUP)["blue"] == "A4"


def test_three_player_seating_follows_clockwise_turn_order() -> None:
    """Clockwise from pink (D1) comes the pagoda behind A4, then the one behind G4."""
    pink_green_blue = "players: Ann (pink), Cid (green), Bob (blue)\n"
    assert corners(pink_green_blue + SETUP_3) == {"pink": "D1", "green": "A4", "blue": "G4"}
    assert corners(THREE + SETUP_3) == {"pink": "D1", "blue": "A4", "green": "G4"}
    blue_first = "players: Bob (blue), Cid (green), Ann (pink)\n"
    assert corners(blue_first + SETUP_3) == {"pink": "D1", "blue": "A4", "green": "G4"}
    assert corners(THREE + "seating: blue A4, green G4\n" + SETUP_3)["blue"] == "A4"


def test_three_player_seating_against_the_turn_order_is_a_setup_error() -> None:
    error = setup_error(THREE + "seating: blue G4\n" + SETUP_3)
    assert (error.line, error.column) == (2, 10)
    assert error.message == (
        "blue cannot sit behind G4: play goes clockwise and the turn order from pink is "
        "pink, blue, green, which puts pink behind D1, blue behind A4, green behind G4"
    )


def test_sniff_recognises_a_log_without_a_game_line() -> None:
    text = PLAYERS + SETUP + "Ann: NO at C3\n"
    assert looks_like(text)
    assert not looks_like("players: Ann, Bob\nAnn: plays a card\n")
    assert not looks_like("")


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (
            "game: seikatsu\nplayers: Ann (pink), Bob (blue)\nstup: GK at D3, RB at E4\n",
            3,
            "unknown header key 'stup'; did you mean 'setup'?",
        ),
        (
            "gmae: seikatsu\n" + PLAYERS + SETUP,
            1,
            "unknown header key 'gmae'; did you mean 'game'?",
        ),
        (
            PLAYERS + "mdoe: tournament\n" + SETUP,
            2,
            "unknown header key 'mdoe'; did you mean 'mode'?",
        ),
    ],
)
def test_a_mistyped_header_key_is_named_with_the_nearest_key(
    text: str, line: int, message: str
) -> None:
    error = setup_error(text)
    assert (error.line, error.column) == (line, 1)
    assert error.message == message
    assert error.facts[0].startswith("the header keys of Seikatsu: game, players, mode, seating")


def test_player_names_are_matched_without_regard_to_case() -> None:
    result = run(PLAYERS + SETUP + "ann: NO at C3\nBOB: BB at E3\n")
    assert result.error is None and result.moves_applied == 2


def test_an_unknown_player_gets_the_nearest_name() -> None:
    error = run(PLAYERS + SETUP + "Anne: NO at C3\n").error
    assert error is not None and error.kind == "illegal"
    assert error.message == (
        "Anne is not a player of this game (did you mean 'Ann'?); it is Ann's turn"
    )


@pytest.mark.parametrize(
    ("move", "event"),
    [
        ("Ann: koi as scarlet tanager at E3", "Ann +2: koi as red at E3, flock with E4"),
        ("Ann: scarlet tanager/primrose at E3", "Ann +2: red flock at E3 with E4"),
        ("Ann: White-Eye/bluebell E3", "Ann: NB at E3, no matching bird"),
    ],
)
def test_species_are_read_as_the_error_messages_name_them(move: str, event: str) -> None:
    """'scarlet tanager' and 'white-eye' are the species the messages list."""
    result = run(PLAYERS + SETUP + move + "\n")
    assert result.error is None, result.error
    assert GAME.running_scores(result.state)["Ann"] == (2 if "+2" in event else 0)


@pytest.mark.parametrize(
    ("move", "column", "message"),
    [
        (
            "Ann: koi as scarlett tanager at E3",
            13,
            "a koi tile stands for a bird; 'scarlett tanager' is not one (R red, G grey, "
            "N green, B blue); did you mean 'scarlet tanager'?",
        ),
        (
            "Ann: grey/pinc E3",
            11,
            "'pinc' is not a flower; the flowers are purple (primrose), pink (plumeria), "
            "orange (tulip), blue (bluebell); did you mean 'pink'?",
        ),
    ],
)
def test_a_misspelt_colour_or_species_gets_the_nearest(
    move: str, column: int, message: str
) -> None:
    error = run(PLAYERS + SETUP + move + "\n").error
    assert isinstance(error, NotationError)
    assert (error.line, error.column, error.message) == (3, column, message)


def test_a_seating_corner_without_its_colour_is_explained() -> None:
    error = setup_error(PLAYERS + "seating: front-right\n" + SETUP)
    assert (error.line, error.column) == (2, 10)
    assert error.message == (
        "'front-right' needs the colour of the pagoda it seats before it: "
        "'seating: blue front-right' (pink is always behind D1)"
    )


def test_players_without_colours_are_told_a_pagoda_colour_is_needed() -> None:
    error = setup_error("players: Mia, Tom\n" + SETUP)
    assert (error.line, error.column) == (1, 13)
    assert error.message == (
        "Mia has no pagoda colour; write it in brackets: 'Mia (pink)' "
        "(the colours are pink, blue and green)"
    )

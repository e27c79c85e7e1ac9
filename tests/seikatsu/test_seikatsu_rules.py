"""Every rule the engine enforces, in small logs for the cases the samples do not cover
(each illegal sample states its own line, reason, rule and facts: tests/test_samples.py)."""

from __future__ import annotations

from seikatsu_helpers import HEADER_2P, run, sample_text

from gamelog.core.errors import IllegalMove
from gamelog.games.seikatsu import GAME


def test_the_game_is_not_finished_one_move_before_the_end() -> None:
    lines = sample_text("complete-2p.log").split("\n")
    last_move = max(i for i, line in enumerate(lines) if line and not line.startswith("#"))
    result = run("\n".join(lines[:last_move]) + "\n")
    assert result.error is None
    assert result.moves_applied == 33
    assert not result.finished
    assert not GAME.score(result.state).finished


def error_of(text: str) -> IllegalMove:
    error = run(text).error
    assert isinstance(error, IllegalMove), error
    return error


def test_an_unknown_player_cannot_move() -> None:
    error = error_of(HEADER_2P + "Zed: NO at C3\n")
    assert error.line == 4
    assert error.message == "Zed is not a player of this game; it is Ann's turn"
    assert error.facts == ["the players, in turn order: Ann (pink), Bob (blue)"]


def test_player_names_match_in_any_case() -> None:
    assert run(HEADER_2P + "ann: NO at C3\nBOB: RP at C2\n").error is None


def test_the_first_player_starts() -> None:
    error = error_of(HEADER_2P + "Bob: NO at C3\n")
    assert error.message == "it is Ann's turn, not Bob's"
    assert error.facts == ["turn order: Ann (pink), Bob (blue)"]


def test_three_players_take_turns_round_and_round() -> None:
    header = "players: Ann (pink), Bob (green), Cid (blue)\nsetup: GK D3, RB E4, NO C4\n"
    ok = header + "Ann: RP C3\nBob: RP C5\nCid: GP E3\nAnn: GO D5\n"
    assert run(ok).error is None
    error = error_of(header + "Ann: RP C3\nBob: RP C5\nAnn: GP E3\n")
    assert (error.line, error.message) == (5, "it is Cid's turn, not Ann's")


def test_a_pond_neighbour_next_to_nothing_but_the_pond_is_not_adjacent() -> None:
    error = error_of(HEADER_2P + "Ann: NO at C4\n")
    assert error.message == "C4 is not adjacent to any tile"
    assert error.facts == ["its neighbours B3, B4, C3, C5, D5 are empty (the pond is no tile)"]


def test_no_fifth_koi() -> None:
    moves = "Ann: koi C3\nBob: koi C2\nAnn: koi E3\nBob: koi F3\nAnn: koi D2\n"
    error = error_of(HEADER_2P + moves)
    assert error.line == 8
    assert error.message == "all 4 koi tiles are already in the garden"
    assert error.facts == [
        "koi at C2 (Bob, line 5)",
        "koi at C3 (Ann, line 4)",
        "koi at E3 (Ann, line 6)",
        "koi at F3 (Bob, line 7)",
    ]


def test_a_setup_tile_counts_as_one_of_the_two_copies() -> None:
    error = error_of(HEADER_2P + "Ann: GK at C3\nBob: gk at E3\n")
    assert error.line == 5
    assert error.facts == ["GK at C3 (Ann, line 4)", "GK at D3 (setup)"]


TOURNAMENT_2P = "players: Ann (pink), Bob (blue)\nmode: tournament\nsetup: GK D3, RB E4\n"


def test_tournament_koi_holders_play_at_most_what_they_were_dealt() -> None:
    moves = "Ann: koi C3\nBob: koi C2\nAnn: koi E3\nBob: NO F3\nAnn: koi D2\n"
    error = error_of(TOURNAMENT_2P + moves)
    assert error.line == 8
    assert error.message == "Ann has already played both koi tiles dealt to them"
    assert error.facts == [
        "koi dealt: Ann 2, Bob 2",
        "Ann played koi at C3 (line 4), E3 (line 6)",
    ]


def test_tournament_dealt_koi_must_be_played_before_the_turns_run_out() -> None:
    """Dee holds 2 dealt koi: on her 16th turn she has 1 turn left after it, so a garden
    tile there is illegal. Built from the tournament sample: Dee's two koi turns play
    her turn-16 and turn-17 tiles instead (same spaces), and her turn 16 plays the tile
    Fay would play last, which is still available."""
    lines = sample_text("tournament-2p.log").split("\n")
    dee = [i for i, line in enumerate(lines) if line.startswith("Dee:")]
    fay = [i for i, line in enumerate(lines) if line.startswith("Fay:")]
    assert len(dee) == len(fay) == 17
    koi_turns = [i for i in dee if "koi" in lines[i]]
    assert len(koi_turns) == 2

    def tile(index: int) -> str:
        return lines[index].split(": ", 1)[1].rsplit(" at ", 1)[0]

    def space(index: int) -> str:
        return lines[index].rsplit(" ", 1)[1]

    changed = list(lines)
    changed[koi_turns[0]] = f"Dee: {tile(dee[15])} at {space(koi_turns[0])}"
    changed[koi_turns[1]] = f"Dee: {tile(dee[16])} at {space(koi_turns[1])}"
    changed[dee[15]] = f"Dee: {tile(fay[16])} at {space(dee[15])}"
    error = error_of("\n".join(changed))
    assert error.line == dee[15] + 1
    assert error.message == (
        "Dee must play a koi tile: 2 dealt koi still in hand and 1 turn left after this one"
    )
    assert error.facts == ["Dee was dealt 2 koi and holds 2"]


def test_tournament_3p_deals_the_spare_koi_to_the_last_player() -> None:
    header = (
        "players: Ann (pink), Bob (green), Cid (blue)\nmode: tournament\n"
        "setup: GK D3, RB E4, NO C4\n"
    )
    ok = header + "Ann: koi C3\nBob: koi C5\nCid: koi E3\nAnn: GO D5\nBob: GP D2\nCid: koi F3\n"
    assert run(ok).error is None
    error = error_of(header + "Ann: koi C3\nBob: koi C5\nCid: koi E3\nAnn: GO D5\nBob: koi D2\n")
    assert error.line == 8
    assert error.message == "Bob has already played the koi tile dealt to them"


def test_nothing_is_placed_by_an_illegal_move() -> None:
    result = run(HEADER_2P + "Ann: NO at C3\nBob: RP at C3\n")
    assert result.moves_applied == 1
    assert result.state.tiles_placed == 3

"""What `gamelog moves` lists for Terra Mystica is legal, checked independently of how
it was found: at many points of several league games, listed lines are put in the log
right after the moves played so far and the whole log is replayed from its text. Groups
that claim to be complete (power offers, passes, upgrades, priests, tiles) must hold
every such line the game actually played next. (The conformance suite's walk of
complete lists, tests/conformance/test_conformance_moves.py, is for games that list
every move; Terra Mystica lists samples of most kinds and opts out of it, naming this
file.)"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from gamelog.core.game import OptionGroup
from gamelog.core.replay import Replay, replay
from gamelog.games.terra_mystica import GAME, legal
from gamelog.games.terra_mystica.notation.moves import LogLine

ROOT = Path(__file__).resolve().parent.parent.parent
CORPUS = ROOT / "tests" / "corpus" / "terra_mystica" / "commands"
LEAGUE = ROOT / "samples" / "terra_mystica" / "league_game.txt"
#: League games with between them twelve of the fourteen factions.
GAMES = [
    LEAGUE,
    CORPUS / "4pLeague_S1_D1L1_G3.txt",  # mermaids, dwarves, darklings, fakirs
    CORPUS / "4pLeague_S2_D1L1_G1_has_giants.txt",  # witches, giants, mermaids, cultists
    CORPUS / "4pLeague_S3_D1L1_G2.txt",  # darklings, witches, chaos magicians, nomads
    CORPUS / "4pLeague_S3_D1L1_G4.txt",  # swarmlings, nomads, engineers, alchemists
    CORPUS / "4pLeague_S50_D1L1_G1.txt",  # cultists, darklings, engineers, auren
]
#: Complete groups, by the first word of what they list.
COMPLETE_KINDS = ("leech", "decline", "pass", "upgrade", "send", "+fav", "+tw")


@cache
def _game(path: Path) -> tuple[str, Replay]:
    text = path.read_text(encoding="utf-8")
    return text, replay(GAME, text, str(path))


def _cut_after(text: str, line: int) -> str:
    return "\n".join(text.split("\n")[:line]) + "\n"


def _listed(groups: list[OptionGroup]) -> list[str]:
    return [option.line for group in groups for option in group.options]


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_listed_lines_replay_as_legal_after_the_moves_so_far(path: Path) -> None:
    text, whole = _game(path)
    assert whole.log is not None and whole.error is None
    moves = whole.log.moves
    state = GAME.setup(whole.log)
    tried = 0
    for index, move in enumerate(moves):
        if index >= 16 and index % 11 == 0:
            groups = GAME.legal_moves(state)
            lines = _listed(groups)
            assert lines, f"nothing listed before line {move.line}"
            assert all(option.note for g in groups for option in g.options if "build" in g.kind)
            # A spread of the list: its first, last and a few between.
            step = max(1, len(lines) // 3)
            for line in dict.fromkeys([*lines[::step], lines[-1]]):
                cut = _cut_after(text, moves[index - 1].line)
                trial = replay(GAME, cut + line + "\n", "trial")
                assert trial.error is None, (move.line, line, str(trial.error))
                tried += 1
        GAME.apply(state, move)
    assert tried > 60
    assert GAME.legal_moves(state) == [] and GAME.to_move(state) is None


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_complete_groups_hold_the_line_played_next(path: Path) -> None:
    _, whole = _game(path)
    assert whole.log is not None
    state = GAME.setup(whole.log)
    checked = 0
    for move in whole.log.moves:
        assert isinstance(move, LogLine)
        if move.player and "." not in move.source:
            body = move.source.split(":", 1)[1].strip().casefold()
            if body.startswith(COMPLETE_KINDS) and state.round > 0:
                groups = GAME.legal_moves(state)
                complete = [line.casefold() for g in groups if g.complete for line in _listed([g])]
                written = f"{move.player}: {' '.join(body.split())}"
                assert written in complete, (move.line, move.source)
                checked += 1
        GAME.apply(state, move)
    assert checked > 50


def test_whose_move_it_is_through_a_game() -> None:
    _, whole = _game(LEAGUE)
    assert whole.log is not None
    state = GAME.setup(whole.log)
    seen = []
    for move in whole.log.moves[:40]:
        seen.append((move.line, GAME.to_move(state)))
        GAME.apply(state, move)
    by_line = dict(seen)
    assert by_line[2] == "admin"  # the options and factions are the admin's
    assert by_line[20] == "halflings"  # the first initial dwelling
    assert by_line[28] == "witches"  # the last to place a dwelling picks a bonus tile first
    assert by_line[29] == "engineers"
    # The halflings' trading house (line 32) offers power to the darklings, the
    # engineers and the witches, queued in seat order after the builder, and the turn
    # passes to the darklings. Offers come first: the witches answer (33), the
    # darklings (34); the engineers' offer is then the first still open (they answer it
    # at 36, after the darklings' upgrade).
    assert by_line[33] == "darklings"
    assert by_line[34] == "darklings"
    assert by_line[35] == "engineers"


def test_a_position_inside_a_turn_lists_its_rest() -> None:
    """Before line 43 the witches have burnt 6 and taken ACT6 (lines 41, 42): their two
    spades are to be used, on one hex or on two (the second then their own terrain),
    and the action is taken."""
    text, _ = _game(LEAGUE)
    assert text.split("\n")[41] == "witches: action act6"
    state = replay(GAME, text, "x", stop_after=_moves_above(text, 43)).state
    assert GAME.to_move(state) == "witches"
    groups = GAME.legal_moves(state)
    kinds = [group.kind for group in groups]
    assert kinds[0] == "use the spades owed"
    lines = _listed(groups[:1])
    assert "witches: transform C5 to green" in lines  # what they did next (gray: 1 spade)
    assert "witches: build D6" in lines  # red is 2 spades from green
    assert "witches: build C5" not in lines  # a spade would be left unused
    assert not any("pass" in kind for kind in kinds)


LEDGER = ROOT / "samples" / "terra_mystica" / "league_game_ledger.txt"


@pytest.mark.parametrize("cut", [40, 43, 47, 127, 330, 406])
def test_a_ledger_lists_rows_that_replay(cut: int) -> None:
    """A ledger lists rows (the cells the rules write, the row owed first), each legal
    as the next row of the log cut there, and the row the ledger has next among them
    where it is a listed kind (an upgrade, a power offer's answer, a round's income)."""
    lines = LEDGER.read_text(encoding="utf-8").split("\n")
    text = "\n".join(lines[: cut - 1]) + "\n"
    result = replay(GAME, text)
    assert result.error is None
    listed = [o.line for g in GAME.legal_moves(result.state) for o in g.options]
    rows = [line for line in listed if "\t" in line]
    assert rows
    for row in rows[:4] + rows[-2:]:
        trial = replay(GAME, text + row + "\n")
        assert trial.error is None, (row, trial.error)
        assert trial.state.verified_rows == result.state.verified_rows + 1
    assert lines[cut - 1].casefold() in [line.casefold() for line in listed]


def test_no_position_lists_no_moves() -> None:
    with pytest.raises(NotImplementedError):
        GAME.legal_moves(None)  # type: ignore[arg-type]


def test_words_hold_the_factions_and_free_hexes() -> None:
    _, whole = _game(LEAGUE)
    words = legal.words(whole.state)
    assert {"witches", "halflings", "FIRE", "ACT6", "TP"} <= set(words)
    assert all(w in words for w in whole.state.board.land)


def _moves_above(text: str, line: int) -> int:
    log = GAME.parse(text)
    return sum(1 for move in log.moves if move.line < line)


def _fingerprint(state: object) -> str:
    """Everything a position holds, as text (factions by name, not by identity)."""
    import pickle

    return pickle.dumps(state).hex()


@pytest.mark.parametrize("path", GAMES[:3], ids=lambda p: p.stem)
def test_a_branch_is_the_same_position_and_independent_of_it(path: Path) -> None:
    """Lines are tried on branches (TerraMysticaState.branch): a game played on a new
    branch at every move ends as the game itself, and playing on a branch leaves the
    position it came from as it was."""
    _, whole = _game(path)
    assert whole.log is not None
    state = GAME.setup(whole.log)
    for index, move in enumerate(whole.log.moves):
        if index % 25 == 0:
            before = _fingerprint(state)
            trial = state.branch()
            for later in whole.log.moves[index : index + 8]:
                GAME.apply(trial, later)
            assert _fingerprint(state) == before, move.line
        state = state.branch()
        GAME.apply(state, move)
    assert GAME.running_scores(state) == GAME.running_scores(whole.state)
    assert [r.commands for r in state.ledger.rows] == [r.commands for r in whole.state.ledger.rows]


def test_comments_after_the_lines_change_nothing_listed() -> None:
    """A comment is no one's turn (issue 21): with a comment after every line of the
    league game, the same faction is to move and the same lines are listed at every
    point as without them."""
    text, plain = _game(LEAGUE)
    noted = "\n".join(f"{line}  # note" if line.strip() else line for line in text.split("\n"))
    commented = replay(GAME, noted, "noted")
    assert plain.log is not None and commented.log is not None
    ours, theirs = GAME.setup(plain.log), GAME.setup(commented.log)
    compared = 0
    for index, (move, noted_move) in enumerate(
        zip(plain.log.moves, commented.log.moves, strict=True)
    ):
        if index % 7 == 0:
            assert GAME.to_move(theirs) == GAME.to_move(ours), move.line
            assert _listed(GAME.legal_moves(theirs)) == _listed(GAME.legal_moves(ours)), move.line
            compared += 1
        GAME.apply(ours, move)
        GAME.apply(theirs, noted_move)
    assert compared > 50

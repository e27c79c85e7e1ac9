"""Properties every game's replays must have, checked over every sample (and mutants of
them): not only "no crash", but facts a planted bug would break.

- Stopping after move N gives the position of the log cut after move N.
- Two adjacent moves of different players, swapped, are refused at the earlier line.
- After a problem, the provisional score is the score of the log cut before the bad
  line.
- Every player's breakdown adds up to their total, and the ranking agrees with the
  totals and the tie-breaks.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conformance.declared import check_applies, package_of
from hypothesis import HealthCheck, given, settings
from mutations import mutated_logs

from gamelog.cli import main
from gamelog.core.audit import audit_file, log_suffixes
from gamelog.core.game import Game
from gamelog.core.logs import game_for
from gamelog.core.outcome import record
from gamelog.core.replay import Replay, replay

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(
    p for p in (ROOT / "samples").rglob("*") if p.is_file() and p.suffix in log_suffixes()
)
TYPED = {"ok", "illegal", "notation-error", "setup-error"}


def _id(path: Path) -> str:
    return str(path.relative_to(ROOT / "samples"))


def _replayed(path: Path) -> tuple[Game, str, Replay]:
    text = path.read_text(encoding="utf-8")
    game = game_for(text)
    return game, text, replay(game, text, str(path))


def _position(game: Game, result: Replay) -> dict[str, Any]:
    """What a position is, for comparing two replays of it."""
    rec = record(result)
    return {
        "moves": result.moves_applied,
        "scores": dict(game.running_scores(result.state)) if result.state is not None else None,
        "players": [(p["name"], p["total"], p["breakdown"]) for p in rec["players"]],
    }


def _cut_before(text: str, line: int) -> str:
    """The log without line ``line`` and everything after it."""
    return "\n".join(text.split("\n")[: line - 1]) + "\n"


LEGAL = [path for path in SAMPLES if audit_file(str(path))["status"] == "ok"]
PROBLEMS = [
    path
    for path in SAMPLES
    if audit_file(str(path))["status"] in ("illegal",) and audit_file(str(path))["moves"] > 0
]


#: A ledger cut short is no longer recognised as a ledger (its tail says what it is).
CUTTABLE = [path for path in LEGAL if "ledger" not in path.name]


@pytest.mark.parametrize("path", CUTTABLE, ids=_id)
def test_stopping_after_move_n_is_the_log_cut_after_move_n(path: Path) -> None:
    game, text, whole = _replayed(path)
    assert whole.log is not None
    moves = list(whole.log.moves)
    header = game.read_header(text)
    for n in sorted({1, len(moves) // 2, len(moves) - 1}):
        if not 0 < n < len(moves):
            continue
        if any(line.line >= moves[n].line for line in header.lines):
            continue  # the cut would drop a header line written among the moves
        stopped = replay(game, text, str(path), stop_after=n)
        cut = replay(game, _cut_before(text, moves[n].line), str(path))
        assert cut.error is None, cut.error
        assert _position(game, stopped) == _position(game, cut), n


@pytest.mark.parametrize("path", LEGAL, ids=_id)
def test_two_players_moves_swapped_are_refused_at_the_earlier_line(path: Path) -> None:
    """In a game whose turns go round the seats (its declaration says ``seated``); where
    a player's lines one after another are one move (``continued_turns``), a move
    swapped right behind one of its own player's continues that turn instead."""
    declaration = check_applies(package_of(path), "seated-swap")
    if not declaration.seated:
        pytest.skip("turns do not go round the seats (the declaration: seated=False)")
    game, text, whole = _replayed(path)
    assert whole.log is not None
    moves = list(whole.log.moves)
    lines = text.split("\n")
    tried = 0
    for i in range(1, len(moves) - 2):
        before, first, second = moves[i - 1], moves[i], moves[i + 1]
        who = [(m.player or "").casefold() for m in (before, first, second)]
        if who[1] == who[2] or (declaration.continued_turns and who[0] == who[2]):
            continue  # the same player twice, or a turn continued on a second line
        # Each move's block of lines runs to the next move (a turn may have action lines).
        a = lines[first.line - 1 : second.line - 1]
        b = lines[second.line - 1 : moves[i + 2].line - 1]
        swapped = lines[: first.line - 1] + b + a + lines[moves[i + 2].line - 1 :]
        result = replay(game, "\n".join(swapped), str(path))
        assert result.error is not None and result.error.kind == "illegal", (i, result.error)
        assert result.error.line == first.line, (i, str(result.error))
        tried += 1
        if tried == 4:
            break
    if not tried and declaration.continued_turns and len(whole.log.players) == 2:
        pytest.skip("two players whose turns continue: each swap reads as a turn continued")
    assert tried, "no pair of moves to swap"


@pytest.mark.parametrize("path", PROBLEMS, ids=_id)
def test_the_provisional_score_is_the_position_before_the_bad_line(path: Path) -> None:
    game, text, whole = _replayed(path)
    assert whole.error is not None and whole.error.line is not None
    cut = replay(game, _cut_before(text, whole.error.line), str(path))
    assert cut.error is None, cut.error
    position, expected = _position(game, whole), _position(game, cut)
    # A turn written over several lines counts as a move only when all of it is legal.
    del position["moves"], expected["moves"]
    assert position == expected


def _check_sheet(rec: dict[str, Any]) -> None:
    players = rec["players"]
    for player in players:
        assert sum(player["breakdown"].values()) == pytest.approx(player["total"]), player
    totals = [p["total"] for p in players]
    assert totals == sorted(totals, reverse=True)
    for index, player in enumerate(players):
        if index == 0:
            assert player["rank"] == 1
            continue
        above = players[index - 1]
        keys_equal = above["total"] == player["total"] and all(
            tb["values"].get(above["name"]) == tb["values"].get(player["name"])
            for tb in rec["tiebreaks"]
        )
        assert player["rank"] == (above["rank"] if keys_equal else index + 1), rec
        if above["total"] == player["total"] and not keys_equal:
            decided = player["decided_by"]
            names = [tb["name"] for tb in rec["tiebreaks"]]
            assert decided in names
            tb = rec["tiebreaks"][names.index(decided)]
            better = max if tb["prefer"] == "higher" else min
            values = (tb["values"][above["name"]], tb["values"][player["name"]])
            assert better(values) == values[0] != values[1]
    if rec["finished"]:
        assert sorted(rec["winners"]) == sorted(p["name"] for p in players if p["rank"] == 1)
    else:
        assert rec["winners"] == []


@pytest.mark.parametrize("path", SAMPLES, ids=_id)
def test_breakdowns_add_up_and_the_ranking_follows_totals_and_tiebreaks(path: Path) -> None:
    _check_sheet(audit_file(str(path)))


# --- mutants of every sample, .txt ones included -------------------------------------

BASES = [path.read_text(encoding="utf-8") for path in SAMPLES]
ALPHABET = 'aekmoprstx0123456789 :;,.#()/"=-+\t\u00a0\ufeffé'


def _write(text: str) -> str:
    with tempfile.NamedTemporaryFile(
        "w", suffix=".log", delete=False, encoding="utf-8", newline=""
    ) as handle:
        handle.write(text)
    return handle.name


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_logs(BASES, ALPHABET))
def test_audit_of_mutants_gives_typed_outcomes_and_sound_sheets(text: str) -> None:
    path = _write(text)
    try:
        rec = audit_file(path)
    finally:
        Path(path).unlink()
    assert rec["status"] in TYPED, rec["error"]
    if rec["status"] != "ok":
        assert isinstance(rec["error"]["line"], int) and rec["error"]["line"] >= 1, rec["error"]
    _check_sheet(rec)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_logs(BASES, ALPHABET))
def test_check_never_shows_a_traceback(text: str) -> None:
    path = _write(text)
    try:
        result = CliRunner().invoke(main, ["check", path])
    finally:
        Path(path).unlink()
    assert result.exit_code in (0, 1), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    if result.exit_code == 1:
        assert result.stderr.startswith(f"{path}:")

"""Mutated logs never crash the engine: a replay of a mutant of any Terra Mystica sample
or of a whole league game (command log or ledger) ends in success or in a GamelogError
that names a line, and the position it stops at can be scored, drawn and (for a command
log) asked for its legal moves."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamelog.core.errors import GamelogError
from gamelog.core.replay import replay
from gamelog.games.terra_mystica import GAME

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "terra_mystica"
SAMPLES = Path(__file__).resolve().parent.parent.parent / "samples" / "terra_mystica"
#: Every sample, and whole league games of both forms (a spread of the corpus).
BASES = [path.read_text(encoding="utf-8").split("\n") for path in sorted(SAMPLES.glob("*.txt"))]
GAMES = [
    (CORPUS / form / name).read_text(encoding="utf-8").split("\n")
    for form in ("commands", "ledgers")
    for name in (
        "4pLeague_S1_D1L1_G3.txt",
        "4pLeague_S2_D1L1_G1_has_giants.txt",
        "4pLeague_S3_D1L1_G4.txt",
        "4pLeague_S64_D1L1_G4.txt",
        "4pLeague_S66_D1L1_G5.txt",
    )
]

#: Real commands of other games, to drop in at the wrong moment.
FOREIGN = sorted(
    {
        line
        for path in sorted((CORPUS / "commands").glob("*.txt"))[:12]
        for line in path.read_text().split("\n")
        if ":" in line
    }
)

ALPHABET = "abcdeghilnoprstuvwxyzABCDEFGHIPTW0123456789 .:+-#\t\u00a0/"


@st.composite
def mutated(draw: st.DrawFn, bases: list[list[str]]) -> str:
    out = list(draw(st.sampled_from(bases)))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(
            st.sampled_from(["drop", "duplicate", "swap", "char", "truncate", "insert", "foreign"])
        )
        i = draw(st.integers(0, len(out) - 1))
        if kind == "drop":
            del out[i]
        elif kind == "duplicate":
            out.insert(i, out[i])
        elif kind == "swap" and i + 1 < len(out):
            out[i], out[i + 1] = out[i + 1], out[i]
        elif kind == "char":
            line = out[i]
            j = draw(st.integers(0, len(line)))
            out[i] = line[:j] + draw(st.sampled_from(ALPHABET)) + line[j + 1 :]
        elif kind == "truncate":
            out = out[: i + 1]
        elif kind == "insert":
            out.insert(i, draw(st.text(ALPHABET, max_size=30)))
        elif kind == "foreign":
            out.insert(i, draw(st.sampled_from(FOREIGN)))
        if not out:
            out = [""]
    return "\n".join(out)


def _check(text: str) -> None:
    result = replay(GAME, text, "mutant")
    if result.error is not None:
        assert isinstance(result.error, GamelogError)
        assert result.error.line is not None and result.error.line >= 1
        assert result.error.message
    if result.state is None:
        return
    GAME.score(result.state)
    assert GAME.render_svg(result.state)
    GAME.to_move(result.state)
    if result.state.form != "ledger":  # after an illegal line: the position before it
        GAME.legal_moves(result.state)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(BASES))
def test_mutated_samples_never_crash(text: str) -> None:
    _check(text)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(GAMES))
def test_mutated_whole_games_never_crash(text: str) -> None:
    _check(text)

"""Every input within the size limit is answered within --timeout and in memory that
follows what is kept, not the input: the suggestions after an illegal move, the
lines that do not parse, the pages of a long game. (How long each takes is measured
by benchmarks/bench_bounds.py; these tests hold the bounds themselves.)"""

from __future__ import annotations

import importlib
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from gamelog.cli import main
from gamelog.core import legal
from gamelog.core.audit import AuditTimeout, deadline
from gamelog.core.errors import IllegalMove
from gamelog.core.game import Option, OptionGroup
from gamelog.core.logs import game_for
from gamelog.core.replay import replay
from gamelog.core.suggest import distance

check_command = importlib.import_module("gamelog.cli.check")
ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
CONQUEST = SAMPLES / "eden" / "conquest_win.log"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def _bids(count: int) -> str:
    """Eden's conquest sample with its attack written with ``count`` raises of 1 (the
    first already too small)."""
    lines = CONQUEST.read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("Ann: income 30, irrigate D2"))
    bids = ", ".join(f"{'Ben' if k % 2 == 0 else 'Ann'} {11 + k}" for k in range(count))
    attack = f"Ann: income 30, irrigate D2, attack E2 with D2 D1 bid 10, {bids}, Ben accepts"
    return "\n".join([*lines[:at], attack]) + "\n"


# --- the distance -----------------------------------------------------------------


def _table_distance(a: str, b: str) -> int:
    """Optimal string alignment by its table, a cell per pair of letters: the plain
    computation the bit-vector one must agree with."""
    a, b = a.casefold(), b.casefold()
    rows = [
        [i + j if i == 0 or j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)
    ]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
    return rows[len(a)][len(b)]


_WORDS = st.text(alphabet="abcAB 1,ß", max_size=14)


@given(_WORDS, _WORDS)
def test_the_distance_is_the_edit_table_s(a: str, b: str) -> None:
    assert distance(a, b) == _table_distance(a, b)


def test_the_distance_counts_a_swap_as_one_edit_at_any_length() -> None:
    long = "Ann: cultivate O4 A1 B1 A2 B2 " * 5  # more places than a machine word has bits
    assert distance(long, long.replace("O4", "4O", 1)) == 1
    assert distance(long + "x", long) == 1
    assert distance("gmae", "GAME") == 1


# --- "legal instead" ---------------------------------------------------------------


def _illegal_samples() -> list[Path]:
    found = []
    for path in sorted(SAMPLES.rglob("*")):
        if path.suffix in (".log", ".txt") and "illegal" in path.name:
            found.append(path)
    return found


@pytest.mark.parametrize("path", _illegal_samples(), ids=lambda p: str(p.relative_to(SAMPLES)))
def test_the_nearest_legal_lines_are_those_comparing_every_option_gives(path: Path) -> None:
    """The pruned search (options in the order of a floor under their distance) and
    the plain one (every option compared in full) name the same lines."""
    text = path.read_text(encoding="utf-8")
    game = game_for(text)
    result = replay(game, text, str(path))
    error = result.error
    if not isinstance(error, IllegalMove) or result.state is None or error.line is None:
        pytest.skip("no illegal move with a position")
    state, written = legal.at_the_action(game, result.text, error.line, error.column, result.state)
    try:
        groups = game.legal_moves(state)
    except NotImplementedError:
        pytest.skip(f"{game.title} cannot list its moves")
    lines = list(dict.fromkeys(o.line for g in groups for o in g.options if not o.form))
    assert len(lines) <= 500 and len(written) <= 200  # inside the bounds: exact
    plain = sorted(lines, key=lambda line: (distance(written.casefold(), line.casefold()), line))
    assert legal.nearest_legal(game, state, written) == plain[:3]


class _Listing:
    """A stand-in game that lists ``options`` legal lines, or takes for ever to."""

    title = "a game"

    def __init__(self, options: list[str], *, stuck: bool = False) -> None:
        self.options, self.stuck = options, stuck

    def legal_moves(self, state: object) -> list[OptionGroup]:
        if self.stuck:
            time.sleep(60)
        return [OptionGroup("moves", tuple(Option(line) for line in self.options))]


def test_a_written_line_is_compared_by_its_start_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line of 20,000 characters against 2,000 options: at most 500 options are
    compared, each by the line's first 200 characters."""
    compared: list[tuple[int, int]] = []

    def counting(a: str, b: str) -> int:
        compared.append((len(a), len(b)))
        return distance(a, b)

    monkeypatch.setattr(legal, "distance", counting)
    options = [f"Ann: place {n} at C{n % 7}" for n in range(2000)]
    close = legal.nearest_legal(_Listing(options), None, "Ann: place 12 at C5" + " x" * 10_000)
    assert close[0] == "Ann: place 12 at C5" and len(close) == 3
    assert len(compared) == 500
    assert max(written for written, _ in compared) == 200


def test_suggestions_that_run_out_of_time_are_left_out() -> None:
    started = time.monotonic()
    assert legal.alternatives_fact(_Listing([], stuck=True), None, "Ann: x", seconds=0.2) is None
    assert time.monotonic() - started < 5


def test_check_gives_the_suggestions_only_what_is_left_of_its_timeout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An illegal move whose position takes for ever to list: `check --timeout 1`
    reports the move (without "legal instead") within about its second, however long
    suggestions may take elsewhere."""
    game = game_for(_bids(3))
    monkeypatch.setattr(type(game), "legal_moves", _Listing([], stuck=True).legal_moves)
    monkeypatch.setattr(check_command, "SECONDS", 30.0)
    started = time.monotonic()
    result = run("check", "--timeout", "1", str(CONQUEST.parent / "illegal_small_raise.log"))
    assert time.monotonic() - started < 5
    assert result.exit_code == 1
    assert "illegal move" in result.stderr and "legal instead" not in result.stderr


def test_a_line_of_2000_bids_gets_its_report_and_suggestions(tmp_path: Path) -> None:
    log = tmp_path / "bids.log"
    log.write_text(_bids(2000), encoding="utf-8")
    result = run("check", str(log))
    assert result.exit_code == 1
    assert f"{log}:31:59: illegal move: Ben's bid of 11 raises Ann's 10 by only 1" in result.stderr
    assert "fact: legal instead: " in result.stderr


def test_deadlines_nest() -> None:
    """An inner deadline fires at the sooner of the two; leaving it re-arms the outer
    one for what is left of its time."""
    started = time.monotonic()
    with pytest.raises(AuditTimeout), deadline(0.3):
        with deadline(5):
            pass
        time.sleep(2)
    assert time.monotonic() - started < 1.5
    started = time.monotonic()
    with pytest.raises(AuditTimeout), deadline(0.2):
        try:
            with deadline(5):
                time.sleep(2)  # the outer time runs out in here
        except AuditTimeout:
            pass  # caught as the inner's, the outer still fires
        time.sleep(2)
    assert time.monotonic() - started < 1.5

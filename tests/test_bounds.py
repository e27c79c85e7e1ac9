"""Every input within the size limit is answered within --timeout and in memory that
follows what is kept, not the input: the suggestions after an illegal move, the
lines that do not parse, the pages of a long game. (How long each takes is measured
by benchmarks/bench_bounds.py; these tests hold the bounds themselves.)"""

from __future__ import annotations

import importlib
import re
import time
import tracemalloc
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from conformance.declared import check_applies, packages
from hypothesis import given
from hypothesis import strategies as st

from gamelog.cli import main
from gamelog.core import charts, legal, notation, pages, suggest, svg
from gamelog.core.audit import AuditTimeout, deadline
from gamelog.core.errors import IllegalMove, NotationError
from gamelog.core.game import Option, OptionGroup
from gamelog.core.logs import game_for
from gamelog.core.replay import MAX_LINE, check_lines, notation_errors, replay
from gamelog.core.suggest import distance
from gamelog.games import load

check_command = importlib.import_module("gamelog.cli.check")
ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
CONQUEST = SAMPLES / "eden" / "conquest_win.log"
SVG = "{http://www.w3.org/2000/svg}"


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


# --- long games: the score race and the report ------------------------------------


def _passing(turns: int) -> str:
    """An Eden game that never ends: the two players pass, turn after turn."""
    return "game: eden\nplayers: Ann (red), Ben (blue)\n" + "".join(
        f"{('Ann', 'Ben')[k % 2]}: pass\n" for k in range(turns)
    )


@pytest.mark.parametrize("moves", [0, 1, 9, 10_001, 123_456, 10**7])
def test_the_move_axis_has_at_most_eleven_tidy_ticks(moves: int) -> None:
    ticks = charts._move_ticks(moves)
    assert ticks[0] == 0 and 1 <= len(ticks) <= 11 and ticks[-1] <= moves
    every = ticks[1] - ticks[0] if len(ticks) > 1 else 1
    assert str(every).strip("0") in ("1", "2", "25", "5")


def test_sampling_keeps_evenly_spaced_moves_within_its_limit() -> None:
    kept: charts.Sampled[int] = charts.Sampled(10)
    made: list[int] = []
    for step in range(1000):
        kept.add(step, lambda step=step: made.append(step) or step)
    steps = [step for step, _ in kept.kept]
    assert len(steps) <= 10 and steps == list(range(0, 1000, kept.every))
    assert len(made) < 2 * 10 * 8  # only moves on the spacing of the time are made
    assert [step for step, _ in kept.final(999, 999)][-2:] == [896, 999]


def test_a_race_of_100_000_moves_draws_a_thousand_points_and_the_exact_end() -> None:
    race = charts.Race()
    for move in range(100_001):
        race.add({"Ann": move // 7, "Ben": move % 1000})
    root = ET.fromstring(race.svg(["Ann", "Ben"]))
    lines = root.findall(f".//{SVG}polyline")
    assert len(lines) == 2
    for line in lines:
        assert len(line.get("points", "").split()) <= charts.RACE_POINTS + 1
    described = root.find(f"{SVG}desc")
    assert described is not None and described.text is not None
    assert "at the end: Ann 14285, Ben 0" in described.text
    assert "after every 128 moves of 100,000, and after the last" in described.text
    titles = [t.text for t in root.iter(f"{SVG}title")]
    assert "Ann: 14285 points after move 100000" in titles


def test_score_svg_of_a_game_past_10_000_moves(tmp_path: Path) -> None:
    log = tmp_path / "passing.log"
    log.write_text(_passing(10_002), encoding="utf-8")
    result = run("score", str(log), "--format", "svg")
    assert result.exit_code == 0, result.stderr
    root = ET.fromstring(result.stdout)
    assert "after every 16 moves of 10,002" in (root.find(f"{SVG}desc").text or "")


def test_a_long_game_s_report_draws_a_bounded_number_of_boards_and_the_exact_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """400 moves, at most 50 boards: the board is drawn after every 16 moves and at
    the end (the final position exactly as replay draws it); the move list is whole."""
    text = _passing(400)
    game = game_for(text)
    drawn: list[int] = []
    render_svg = type(game).render_svg

    def counting(self: object, state: object) -> str | None:
        drawn.append(1)
        return render_svg(self, state)  # type: ignore[arg-type]

    monkeypatch.setattr(type(game), "render_svg", counting)
    monkeypatch.setattr(pages, "BOARDS", 50)
    page, rec = pages.game_report(game, text, "passing.log")
    assert rec["moves"] == 400
    # 51 boards at every move, then some 26 more per doubling of the spacing (three),
    # and the end: a number that grows with the log of the length, not the length
    assert len(drawn) <= 51 + 26 * 3 + 1
    assert page.count('<li data-step="') == 401
    assert "The board is drawn after every 16 moves and at the end (26 of 401 positions)" in page
    board = page[
        page.index('<div id="board">') + 16 : page.index("</div>", page.index('<div id="board">'))
    ]
    final = game.render_svg(replay(game, text).state)
    assert final is not None
    assert _shown_at(board, 25) == svg._split(final)[1]


def test_a_long_game_s_report_is_made_in_memory_that_follows_its_page() -> None:
    """8,000 moves: a board every 8 moves and the list of moves, some 1.4 MB of page,
    made within 50 MB (a picture kept per move was 8,000 x 14 KB = 112 MB alone)."""
    text = _passing(8_000)
    game = game_for(text)
    pages.game_report(game, text, "warm.log")  # the grammar, the templates: built once
    tracemalloc.start()
    try:
        page, _ = pages.game_report(game, text, "passing.log")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert page.count('<li data-step="') == 8_001
    assert peak < 50_000_000


def _shown_at(board: str, index: int) -> list[str]:
    shown = []
    for child in svg._split(board)[1]:
        found = re.fullmatch(
            r'<g class="frame[^"]*" data-from="(\d+)" data-to="(\d+)">(.*)</g>', child, re.S
        )
        if found is None:
            shown.append(child)
        elif int(found[1]) <= index <= int(found[2]):
            shown.append(found[3])
    return shown


# --- lines that do not parse ----------------------------------------------------------


def _garbage(lines: int) -> str:
    """A Seikatsu header, then ``lines`` lines of no tile at all."""
    return (
        "game: seikatsu\nplayers: Jun (blue), Cid (pink)\nsetup: RB at E4, GB at C4\n"
        + "Jun: ZZ at Q9\n" * lines
    )


def test_the_lines_that_do_not_parse_are_kept_bare() -> None:
    """Each error is kept without its traceback or the parser's exception it came from
    (those hold the whole parse: 888 MB for 20 errors of a 350,000-line log)."""
    text = _garbage(5000)
    errors = []
    for error in notation_errors(game_for(text), text):
        errors.append(error)
        if len(errors) == 21:
            break
    assert [error.line for error in errors] == list(range(4, 25))
    assert all(e.__traceback__ is None and e.__context__ is None for e in errors)


def test_check_lists_the_errors_it_prints_within_its_timeout(tmp_path: Path) -> None:
    log = tmp_path / "garbage.log"
    log.write_text(_garbage(20_000), encoding="utf-8")
    result = run("check", str(log), "--max-errors", "3")
    assert result.stderr.count(": notation error: ") == 3
    assert f"{log}: more lines do not parse (--max-errors 3)" in result.stderr
    started = time.monotonic()
    result = run("check", str(log), "--timeout", "2", "--max-errors", "10000")
    assert time.monotonic() - started < 6
    assert f"{log}: stopped looking for more lines that do not parse after 2 s" in result.stderr


# --- long lines -----------------------------------------------------------------------


def test_a_line_longer_than_any_move_is_refused_at_its_limit(tmp_path: Path) -> None:
    """Eden's conquest with 700,000 bids on one line (9 MB): a notation error at the
    column past the limit, before any grammar builds a tree of it; the moves above it
    are scored provisionally."""
    log = tmp_path / "bids.log"
    text = _bids(700_000)
    log.write_text(text, encoding="utf-8")
    length = len(text.rstrip("\n").split("\n")[-1])
    result = run("check", str(log))
    assert f"{log}:31:{MAX_LINE + 1}: notation error: a line of {length:,} characters" in (
        result.stderr
    )
    assert "(at most 100,000)" in result.stderr
    score = run("score", str(log))
    assert "provisional score: the position before line 31" in score.stdout + score.stderr


def test_a_line_of_the_limit_or_a_long_comment_is_no_notation_error() -> None:
    head = "game: seikatsu\nplayers: Jun (blue), Cid (pink)\nsetup: RB at E4, GB at C4\n"
    at_limit = "Jun: NB at B4" + " " * (MAX_LINE - len("Jun: NB at B4"))
    check_lines(head + at_limit + "\n")
    check_lines(head + "Jun: NB at B4  # " + "x" * MAX_LINE + "\n")
    with pytest.raises(NotationError) as refused:
        check_lines(head + at_limit + "x\n")
    assert (refused.value.line, refused.value.column) == (4, MAX_LINE + 1)


def test_a_chunk_of_long_lines_is_parsed_a_few_lines_at_a_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Lines of 80,000 characters each, one player's then the other's (each its own
    turn), the first refused at once: the replay parses a chunk of about 256,000
    characters, not the 2 MB log (a chunk's tree is some hundred times its text)."""
    text = _bids(7_000)
    attack = text.rstrip("\n").split("\n")[-1]
    other = attack.replace("Ann: income 30, irrigate D2,", "Ben: income 30,", 1)
    text += "\n".join([other, attack] * 12) + "\n"
    parsed: list[int] = []
    parse = notation.Grammar.parse

    def counting(self: notation.Grammar, text: str, *args: object, **kwargs: object) -> object:
        parsed.append(len(text.replace("\n", "")))
        return parse(self, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(notation.Grammar, "parse", counting)
    result = replay(game_for(text), text)
    assert isinstance(result.error, IllegalMove) and result.error.line == 31
    assert max(parsed) <= notation.CHUNK_CHARS + len(attack)
    assert sum(parsed) < len(text) / 3


# --- a long word ---------------------------------------------------------------------


def test_a_word_far_longer_than_every_candidate_is_not_compared(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A card name of 14,000 words: no candidate is within a few edits of it, which
    its length alone shows, so no edit table is made (each cost its length)."""
    compared: list[str] = []

    def counting(a: str, b: str) -> int:
        compared.append(b)
        return distance(a, b)

    monkeypatch.setattr(suggest, "distance", counting)
    word = "Sunlit " * 14_000 + "Glade"
    assert suggest.nearest(word, ["Sunlit Glade", "Dew Sprite", "Sunlit"]) == []
    assert compared == []
    assert suggest.nearest("Sunlit Glad", ["Sunlit Glade", "Dew Sprite"]) == ["Sunlit Glade"]


def test_the_distance_of_a_long_word_is_its_length_s_difference() -> None:
    word = "Sunlit " * 14_000
    assert distance(word, "Sunlit ") == len(word) - len("Sunlit ")
    assert distance("Sunlit ", word) == len(word) - len("Sunlit ")


# --- a game that never ends -----------------------------------------------------------


@pytest.mark.parametrize("package", packages())
def test_a_run_of_blank_lines_is_one_line_end(package: str) -> None:
    """A chunk of a long log is parsed with the lines above it blank: one token for
    them all, not one per line (250,000 lines of passing took 116 s, then 15 s). A game
    that is not parsed in chunks opts out in its conformance declaration."""
    check_applies(package, "chunked")
    game = load(package)
    grammar = game.grammar  # type: ignore[attr-defined]
    tokens = list(grammar.lark.lex("\n" * 50_000 + "Ann\n"))
    assert len(tokens) == 3  # the line ends, the name, the line end
    assert (str(tokens[1]), tokens[1].line) == ("Ann", 50_001)

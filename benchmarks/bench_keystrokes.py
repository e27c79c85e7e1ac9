"""How much typing a game takes at the table: every complete sample of every game
(one that replays to the end of its game) typed into `gamelog play`'s session line by
line, each line with the fewest keystrokes the prompt accepts, against typing it out.

    python benchmarks/bench_keystrokes.py [--game NAME]

Before: each move line typed in full, its name included, and Enter (comments left out).
After, the cheapest of:

* the line with its seat implied (no ``Ann: `` where it is Ann's turn), each word
  grown by Tab where completion from the position (core/complete.py) puts the right
  next word on the line (``core.complete.fewest_keys``), and Enter;
* ``moves`` and Enter, then ``#N`` and Enter, where the line is one that ``moves``
  lists at the position.

Each typed line is submitted to the session (core/session.py, what `play` drives) and
must be accepted and written as the sample has it: the sample's log is the result.
The header is not typed in either count (it is the same in both). Prints the mean
keystrokes per line per game, before and after, and the totals per sample; the
target (issue 24) is at least half in every game and Terra Mystica's 4-player league
sample under 5,000 keystrokes. Keystrokes are counted, not timed: the figures do not
depend on the machine's load.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from gamelog import games
from gamelog.core.complete import Completer, fewest_keys, seat_of
from gamelog.core.notation import normalise
from gamelog.core.replay import replay
from gamelog.core.session import Session

ROOT = Path(__file__).resolve().parent.parent
#: ``moves`` and Enter: what it costs to see the numbers before a pick.
LISTING = len("moves") + 1
#: --verbose: each line's keystrokes after and before.
VERBOSE = False


@dataclass
class Typed:
    """One sample typed: lines, keystrokes before and after, the slowest answer."""

    sample: str
    lines: int = 0
    before: int = 0
    after: int = 0
    slowest: float = 0.0


def complete_samples(package: str) -> list[Path]:
    """The samples of a game that replay to the end of their game."""
    folder = ROOT / "samples" / package
    rules = games.load(package)
    found = []
    for path in sorted(folder.iterdir()):
        if path.suffix not in (".log", ".txt"):
            continue
        result = replay(rules, path.read_text(encoding="utf-8"), str(path))
        if result.error is None and result.state is not None and rules.is_finished(result.state):
            found.append(path)
    return found


def type_sample(package: str, path: Path, folder: Path) -> Typed:
    """The sample's moves typed into a session on a copy of its header."""
    rules = games.load(package)
    text = path.read_text(encoding="utf-8")
    result = replay(rules, text, str(path))
    assert result.log is not None and result.log.moves
    first = result.log.moves[0].line
    lines = text.split("\n")
    log = folder / path.name
    log.write_text("".join(line + "\n" for line in lines[: first - 1]), encoding="utf-8")
    for data in path.parent.glob("*.toml"):  # a card catalogue the header names
        (folder / data.name).write_bytes(data.read_bytes())
    done = Typed(f"{package}/{path.name}")
    session = Session(rules, str(log))
    try:
        for number, raw in enumerate(lines[first - 1 :], start=first):
            line = raw.split("#", 1)[0].rstrip() if not raw.lstrip().startswith("#") else ""
            if not line.strip():
                continue
            keys, typed = _cheapest(session, line)
            started = time.perf_counter()
            outcome = session.submit(typed)
            took = time.perf_counter() - started
            done.slowest = max(done.slowest, took)
            if VERBOSE and took > 0.05:
                print(f"  slow: {took * 1000:.0f} ms at line {number}: {line}")
            if not outcome.accepted or _plain(outcome.line) != _plain(line):
                raise SystemExit(
                    f"{path}:{number}: {line!r} typed as {typed!r} was not recorded as it "
                    f"stands: {outcome.error or outcome.line}"
                )
            done.lines += 1
            done.before += len(line.strip()) + 1
            done.after += keys
            if VERBOSE:
                print(f"  {keys:>3} {len(line.strip()) + 1:>3}  {line.strip()}")
    finally:
        session.close()
    return done


def _plain(line: str) -> str:
    """A line as compared: typography made plain (curly quotes), case aside."""
    return normalise(line).strip().casefold()


def _cheapest(session: Session, line: str) -> tuple[int, str]:
    """The fewest keystrokes for ``line`` at the session's position, and what they type
    (the text the session is given: a pick is the line it picks)."""
    line = line.strip()
    state, log = session.state, session.result.log
    if state is None:
        return len(line) + 1, line
    completer = Completer(session.game, state, log, session.text, session.path)
    target = line
    seat = session.to_move()
    if seat is not None and seat_of(line, completer.names) == seat:
        bare = line.partition(":")[2].lstrip()
        if _plain(session.seated(bare)) == _plain(line):  # the prompt gives it the seat
            target = bare
    keys = len(fewest_keys(completer, target)) + 1
    try:
        listed = [o.line for g in session.game.legal_moves(state) for o in g.options if not o.form]
    except NotImplementedError:
        listed = []
    plain = [_plain(listed_line) for listed_line in listed]
    if _plain(line) in plain:  # the line as compared (a listed line in its own case)
        index = plain.index(_plain(line))
        pick = LISTING + len(f"#{index + 1}") + 1
        if pick < keys:
            return pick, listed[index]
    return keys, target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", help="one game's package (terra_mystica, ...)")
    parser.add_argument("--verbose", action="store_true", help="each line's keystrokes")
    args = parser.parse_args()
    global VERBOSE
    VERBOSE = args.verbose
    packages = [args.game] if args.game else list(games.package_names())
    print(f"{'sample':<52} {'lines':>5} {'before':>7} {'after':>7} {'slowest':>8}")
    summary = []
    with tempfile.TemporaryDirectory() as tmp:
        for package in packages:
            typed = []
            for path in complete_samples(package):
                folder = Path(tmp) / package / path.stem
                folder.mkdir(parents=True)
                one = type_sample(package, path, folder)
                typed.append(one)
                print(
                    f"{one.sample:<52} {one.lines:>5} {one.before:>7} {one.after:>7} "
                    f"{one.slowest * 1000:>6.1f}ms",
                    flush=True,
                )
            lines = sum(t.lines for t in typed)
            if lines:
                before = sum(t.before for t in typed) / lines
                after = sum(t.after for t in typed) / lines
                summary.append((package, lines, before, after))
    print()
    print(f"{'game':<16} {'lines':>5} {'before/line':>12} {'after/line':>11} {'ratio':>6}")
    for package, lines, before, after in summary:
        print(f"{package:<16} {lines:>5} {before:>12.1f} {after:>11.1f} {after / before:>6.2f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()

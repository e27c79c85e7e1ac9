"""Seeded random games, played the way a person at the table would: ``gamelog new``
writes the header, the game's setup lines are typed at ``gamelog play``'s prompt
(``core.session.Session``, what ``play`` drives), then every line is one that
``gamelog moves`` lists there, picked at random (OpenSpiel's random simulation
tests, with a log instead of a state): a listed line is typed as it is; a form has
its blanks filled in by the game's declaration; where chance decides what no list
can know (a face-down deck), the declaration writes it. Every line must be accepted.

A position where somebody is to move and nothing is listed is a dead end: a game
that opts out of ``no-dead-ends`` backs out of it (takes the last lines back with
``undo`` and never writes the line that led there again); any other game fails.

Each game is played once per process (``play`` is cached), so that every check that
takes random games reads the same logs.
"""

from __future__ import annotations

import atexit
import random
import shutil
import tempfile
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from declared import declared, game

from gamelog.core.conformance import Conformance
from gamelog.core.game import Game, OptionGroup
from gamelog.core.session import Session

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")
#: Dead ends a game that backs out of them may meet before it is given up.
MAX_DEAD_ENDS = 60


@dataclass
class Playthrough:
    """One random game: where its log is, what it is, what became of it."""

    package: str
    players: int
    seed: int
    path: Path
    lines: int = 0
    finished: bool = False
    #: Why the game could not be played to its end (None: it was).
    problem: str | None = None
    #: The last line before each dead end met, and who was to move there.
    dead_ends: list[str] = field(default_factory=list)

    @property
    def id(self) -> str:
        return f"{self.package}-{self.players}p-seed{self.seed}"

    @property
    def text(self) -> str:
        return self.path.read_text(encoding="utf-8")


def cases() -> list[tuple[str, int, int]]:
    """(package, player count, seed) of every random game, per the declarations."""
    from declared import packages

    found = []
    for package in packages():
        rules = game(package)
        for count in range(rules.min_players, rules.max_players + 1):
            for seed in range(declared(package).playthroughs):
                found.append((package, count, seed))
    return found


def case_id(case: tuple[str, int, int]) -> str:
    package, count, seed = case
    return f"{package}-{count}p-seed{seed}"


@cache
def _folder() -> Path:
    """Where the random games' logs are written; removed when the tests end."""
    folder = Path(tempfile.mkdtemp(prefix="gamelog-playthroughs-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


@cache
def play(package: str, players: int, seed: int) -> Playthrough:
    """The random game of this seed, played to its end (or to its problem)."""
    rules, declaration = game(package), declared(package)
    rng = random.Random(f"{package}/{players}/{seed}")
    names = list(NAMES[:players])
    done = Playthrough(package, players, seed, _folder() / f"{package}-{players}p-{seed}.log")
    done.path.write_text(rules.new_log(names), encoding="utf-8")
    session = Session(rules, str(done.path))
    for line in declaration.setup(names, rng):
        outcome = session.submit(line)
        if not outcome.accepted:
            done.problem = f"setup line {line!r} refused: {outcome.error}"
            return done
    if session.state is None or session.error is not None:
        done.problem = f"the header is not complete after the setup lines: {session.error}"
        return done
    _play_out(session, rules, declaration, rng, done)
    return done


def _play_out(
    session: Session, rules: Game, declaration: Conformance, rng: random.Random, done: Playthrough
) -> None:
    backs_out = "no-dead-ends" in declaration.opt_outs
    floor = session.next_line  # the setup lines are never taken back
    banned: dict[int, set[str]] = {}
    streak, deepest = 0, 0  # dead ends met without getting past the last one
    while not session.finished:
        if done.lines >= declaration.max_lines:
            done.problem = f"not over after {done.lines} lines"
            return
        state = session.state
        line = _pick(rules, declaration, state, rng, banned.get(session.next_line, set()))
        if line is None:
            last = session.text.rstrip("\n").rsplit("\n", 1)[-1]
            done.dead_ends.append(f"{session.to_move()} to move after {last!r}")
            if not backs_out:
                done.problem = f"dead end: nothing listed for {session.to_move()} after {last!r}"
                return
            streak = streak + 1 if session.next_line <= deepest else 1
            deepest = max(deepest, session.next_line) if streak > 1 else session.next_line
            back = rng.randint(1, 2 * streak)
            if len(done.dead_ends) > MAX_DEAD_ENDS or not _back_out(session, back, banned, floor):
                done.problem = f"{len(done.dead_ends)} dead ends, the last after {last!r}"
                return
            continue
        outcome = session.submit(line)
        if not outcome.accepted:
            done.problem = f"line {session.next_line}: {line!r}, listed, refused: {outcome.error}"
            return
        done.lines += 1
    done.finished = True


def _pick(
    rules: Game, declaration: Conformance, state: Any, rng: random.Random, banned: set[str]
) -> str | None:
    """A listed line (or a form filled in, or what chance writes), picked by the
    declaration's weights; None where nothing is listed."""
    weighted: list[tuple[float, OptionGroup]] = []
    for group in rules.legal_moves(state):
        weight = declaration.weight(state, group)
        if weight > 0:
            weighted.append((weight, group))
    while weighted:
        index = rng.choices(range(len(weighted)), [w for w, _ in weighted])[0]
        group = weighted.pop(index)[1]
        # What chance writes for a group stands for the whole group (it knows what the
        # listing could not); else one of the group's lines, a form filled in.
        lines = [] if group.complete else declaration.chance(state, group, rng)
        options = [] if lines else list(group.options)
        rng.shuffle(options)
        for option in options:
            line = declaration.fill_form(state, option, rng) if option.form else option.line
            if line is not None:
                lines.append(line)
                break
        lines = [line for line in lines if line not in banned]
        if lines:
            return rng.choice(lines)
    return None


def _back_out(session: Session, back: int, banned: dict[int, set[str]], floor: int) -> bool:
    """Take the last ``back`` lines back (more, the more dead ends in a row), down to
    line ``floor`` at most; none of them is written at its place again."""
    for taken_back in range(back):
        number = session.next_line
        taken = session.undo() if number > floor else None
        if taken is None:
            return taken_back > 0
        banned.setdefault(number - 1, set()).add(taken)
    return True

"""What a game tells the conformance suite about itself (tests/conformance/).

The suite runs every check over every game of the registry; what a check needs to
know of one game, and no other module could tell it, the game states in its own
folder: ``gamelog/games/<game>/conformance.py`` holds ``CONFORMANCE``, one
:class:`Conformance`. A game folder without one fails the suite, so a new game
cannot slip past the checks unseen. A game that cannot take a check says so in one
place, ``opt_outs``, with its reason; nothing else skips a game.

The core knows no game: this module is only the shape of the declaration, and the
defaults a game that needs nothing special keeps.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamelog.core.game import Event, Option, OptionGroup

__all__ = [
    "Chance",
    "Conformance",
    "FormFiller",
    "Invariant",
    "SetupTyper",
    "StepInvariant",
    "Weigher",
]

#: The header lines (or opening lines) a person types in ``gamelog play`` after
#: ``gamelog new`` for these players, chance deciding what the box leaves to chance.
SetupTyper = Callable[[Sequence[str], random.Random], list[str]]
#: A form's blanks filled in (what chance turned up, the rest of a turn): a line that
#: replays as legal there, or None where this form cannot be filled at random.
FormFiller = Callable[[Any, Option, random.Random], "str | None"]
#: Lines chance may write for a group the listing leaves incomplete because nobody can
#: know them beforehand (the sleeves a face-down deck turns up).
Chance = Callable[[Any, OptionGroup, random.Random], list[str]]
#: How likely a random playthrough picks a line of this group (0: never), so that a
#: random game looks enough like play to reach its end.
Weigher = Callable[[Any, OptionGroup], float]


@dataclass(frozen=True)
class Invariant:
    """A fact of every position worked out twice, independently (the score re-derived
    from the position against the score kept move by move, say). ``check`` returns
    None where the two agree, else what disagrees, in words. The suite runs every
    invariant on every position of the samples and of random playthroughs."""

    name: str
    check: Callable[[Any], str | None]


@dataclass(frozen=True)
class StepInvariant:
    """A fact of every move worked out twice: what the move changed (the position before
    it against the position after it) against what the rules text says such a move
    costs, gives or ends, worked out from the move as written. ``check(before, after,
    move, events)`` returns None where the two agree, else what disagrees, in words.

    ``before`` is a copy of the position before the move; a game whose moves carry
    their own before and after (Terra Mystica's ledger rows, the move's events) sets
    ``needs_before`` False and is given None, sparing the suite a copy per move."""

    name: str
    check: Callable[[Any, Any, Any, Sequence[Event]], str | None]
    needs_before: bool = True


def _no_setup(players: Sequence[str], rng: random.Random) -> list[str]:
    return []


def _no_forms(state: Any, option: Option, rng: random.Random) -> str | None:
    return None


def _no_chance(state: Any, group: OptionGroup, rng: random.Random) -> list[str]:
    return []


def _every_group_alike(state: Any, group: OptionGroup) -> float:
    return 1.0


@dataclass(frozen=True, kw_only=True)
class Conformance:
    """What the conformance suite needs to know of one game.

    ``pieces``: how many elements of class ``piece`` the board picture of a position
    must hold, counted from the position itself (a second computation of what the
    picture draws).

    ``seated``: whether turns go round the seats one player at a time, so that two
    moves of different players, swapped, are out of turn. ``continued_turns``: a
    player's lines one after another are one move (a turn written over several
    lines), so a move swapped right behind one of its own player's continues that turn.

    ``at_the_table``: a sample of ``samples/<package>/`` that stops at an illegal line
    right after a legal move: ``gamelog play`` is started before that move.

    ``showcase``: a finished sample of ``samples/<package>/``: the game's picture in the
    README (``docs/pictures/<package>.svg``) and the report the browser steps through.

    ``setup``: what a person types at the ``play`` prompt after ``gamelog new`` before
    the first move (the header lines left to fill in, for these players).

    ``fill_form``, ``chance``, ``weight``: how a seeded random playthrough built from
    ``gamelog moves`` plays: a form's blanks filled in, the lines chance writes where
    the listing cannot know them, and how likely each group is picked.

    ``playthroughs``: random games per player count; ``max_lines``: a random game
    longer than this has gone astray and fails.

    ``opt_outs``: check name -> why this game cannot take that check. The one place a
    game opts out; the suite refuses a name that is no check.

    ``invariants``: facts worked out twice, checked on every position;
    ``step_invariants``: facts of a move worked out twice, checked on every move.
    """

    pieces: Callable[[Any], int]
    seated: bool
    continued_turns: bool = False
    at_the_table: str
    showcase: str
    setup: SetupTyper = _no_setup
    fill_form: FormFiller = _no_forms
    chance: Chance = _no_chance
    weight: Weigher = _every_group_alike
    playthroughs: int = 1
    max_lines: int = 2000
    opt_outs: Mapping[str, str] = field(default_factory=dict)
    invariants: tuple[Invariant, ...] = ()
    step_invariants: tuple[StepInvariant, ...] = ()

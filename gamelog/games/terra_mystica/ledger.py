"""The ledger's row model: the rows the rules write while they play.

The rules keep one row per faction turn-fragment (with the state before and
after it) and comment rows, exactly as the online site groups them (NOTATION.md
§B.2). Rows are collected: a faction's commands accumulate in the current row
until something closes it (a leech decision, a pass, the turn passing on,
another faction acting). Comment rows and effect rows are added at once, so they
can land before the row that is still being collected -- as on the site.

The rows' export and the check of a ledger log against them are ledger_file.py.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from operator import itemgetter
from typing import Protocol

from gamelog.core.game import Event


class Seat(Protocol):
    """What a row needs of a faction: its name and its resources by the engine's
    names (``Faction`` in state.py, which keeps a :class:`Ledger`)."""

    name: str
    r: Mapping[str, int]


#: What a ledger row shows of a seat, in its order: VP, C, W, P, the bowls P1/P2/P3,
#: the four cult tracks and the cult steps still owed (an itemgetter over ``Seat.r``:
#: a row is taken twice a turn, without a call of a method for it).
snapshot = itemgetter(
    "VP", "C", "W", "P", "P1", "P2", "P3", "FIRE", "WATER", "EARTH", "AIR", "CULT"
)
#: Row fields by index in a :data:`snapshot`.
VP, C, W, P, P1, P2, P3, FIRE, WATER, EARTH, AIR, CULT = range(12)


class Row(Event):
    """A finished ledger row. ``comment`` rows have no faction.

    A row is also the event of the move that wrote it (what ``Game.apply``
    returns): its text is the comment or the row in words, its points the VP it
    changed. Rows do not go through the Event dataclass constructor (a game has
    hundreds of them and checking or scoring reads none of these texts)."""

    __slots__ = ("after", "before", "commands", "comment", "faction", "leech", "number")
    # Plain attribute setting: the frozen Event's guard would run for every field.
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__

    def __init__(
        self,
        faction: str = "",
        commands: str = "",
        before: tuple[int, ...] = (),
        after: tuple[int, ...] = (),
        leech: dict[str, int] | None = None,
        comment: str | None = None,
        number: int = 0,
    ) -> None:
        self.faction = faction
        self.commands = commands
        self.before = before
        self.after = after
        self.leech = {} if leech is None else leech
        self.comment = comment
        #: Which faction row this is, counted as they are started (0: a comment or
        #: effect row); the VP trail names the row a change was written in.
        self.number = number

    @property  # type: ignore[override]
    def text(self) -> str:
        if self.comment is not None:
            return self.comment
        return describe_row(self)

    @property  # type: ignore[override]
    def player(self) -> str | None:
        return None if self.comment is not None else self.faction

    @property  # type: ignore[override]
    def points(self) -> int:
        return 0 if self.comment is not None else self.after[VP] - self.before[VP]

    @property
    def is_comment(self) -> bool:
        return self.comment is not None

    def delta(self, index: int) -> int:
        return self.after[index] - self.before[index]

    def power_delta(self) -> int:
        """Change of spendable power (bowl II + 2 x bowl III), as the ledger shows it."""
        a, b = self.after, self.before
        return (a[P2] + 2 * a[P3]) - (b[P2] + 2 * b[P3])

    def cult_delta(self) -> int:
        """Change of cult steps, counting steps still owed."""
        a, b = self.after, self.before
        return sum(a[FIRE : CULT + 1]) - sum(b[FIRE : CULT + 1])

    def leech_amounts(self) -> tuple[int, ...]:
        """Power offered to each neighbouring colour, in the order the offers were made.

        (The site's own exports list them in Perl hash order, which differs from
        game to game, so only the amounts, not their order, can be compared.)"""
        return tuple(self.leech.values())


#: A Row without its __init__ (Ledger.finish_row sets every field).
_new = object.__new__


class Ledger:
    """Collects rows as the engine plays."""

    def __init__(self) -> None:
        self.rows: list[Row] = []
        self.last_printed_round = 0
        self.last_printed_turn = 0
        self.trailing_comment = False
        self.collecting = False
        self.current: Seat | None = None
        self.commands: list[str] = []
        self.force_finish = False
        self.start: tuple[int, ...] = ()
        self.leech: dict[str, int] = {}
        #: Seat rows started so far (the number of the one being collected).
        self.started = 0

    def branch(self, factions: dict[int, Seat]) -> Ledger:
        """An independent copy for a branch of the state (``factions``: each faction's
        copy by the original's id). Finished rows are shared: nothing changes them but
        the offers of a row still being collected, whose table is copied."""
        other = Ledger.__new__(Ledger)
        other.__dict__.update(self.__dict__)
        other.rows = list(self.rows)
        other.commands = list(self.commands)
        other.leech = dict(self.leech)
        for index in range(len(self.rows) - 1, -1, -1):
            row = self.rows[index]
            if row.leech is self.leech:
                # The offers of the row finished last still go to it (report_leech).
                other.rows[index] = Row(
                    row.faction,
                    row.commands,
                    row.before,
                    row.after,
                    other.leech,
                    row.comment,
                    row.number,
                )
                break
        if self.current is not None:
            other.current = factions.get(id(self.current), self.current)
        return other

    def _add(self, row: Row) -> None:
        self.rows.append(row)
        self.trailing_comment = False

    def start_row(self, faction: Seat) -> None:
        if self.collecting:
            return
        self.collecting = True
        self.started += 1
        self.current = faction
        self.force_finish = False
        self.commands = []
        self.leech = {}
        self.start = snapshot(faction.r)

    def add_command(self, text: str) -> None:
        if self.collecting:
            self.commands.append(text)

    def report_leech(self, colour: str, amount: int) -> None:
        self.leech[colour] = self.leech.get(colour, 0) + amount

    def finish_row(self) -> None:
        if not self.collecting:
            return
        faction = self.current
        # Row's fields set here, without the class call: calling a class runs its
        # __init__ in an evaluation loop of its own, and a game closes hundreds of rows.
        row = _new(Row)
        row.faction = faction.name  # type: ignore[union-attr]  # a row collects for a seat
        row.commands = ". ".join(self.commands)
        row.before = self.start
        row.after = snapshot(faction.r)  # type: ignore[union-attr]
        row.leech = self.leech
        row.comment = None
        row.number = self.started
        self.rows.append(row)
        self.trailing_comment = False
        self.collecting = False

    def comment(self, text: str) -> None:
        row = _new(Row)  # Row(comment=text), without the class call (see finish_row)
        row.faction = row.commands = ""
        row.before = row.after = ()
        row.leech = {}
        row.comment = text
        row.number = 0
        self.rows.append(row)
        self.trailing_comment = True

    def effect_row(self, faction: Seat, text: str, before: tuple[int, ...]) -> None:
        """A row for an effect on ``faction`` that happened just now (Cultists)."""
        self._add(
            Row(faction=faction.name, commands=text, before=before, after=snapshot(faction.r))
        )

    def turn(self, round_: int, turn: int) -> None:
        if round_ == self.last_printed_round and turn == self.last_printed_turn:
            return
        self.last_printed_round = round_
        self.last_printed_turn = turn
        if self.trailing_comment:
            return
        self.comment(f"Round {round_}, turn {turn}")


def _change(value: int, delta: int, unit: str) -> str:
    return f"{value} {unit}" if not delta else f"{value} {unit} ({delta:+d})"


#: The site's names for the steps the engine takes by itself, in words: they stand in
#: a ledger row's commands where no player wrote any.
_STEP_WORDS = {
    "cult_income_for_faction": "income from the cult bonus",
    "other_income_for_faction": "income from buildings, bonus tile and favors",
    "score_resources": "resources left converted to VP",
}
_STEP_NAME = re.compile("|".join(_STEP_WORDS))


def action_words(commands: str) -> str:
    """A row's commands as a reader sees them: the site's internal step names
    (``other_income_for_faction``) in words, a player's own commands as written."""
    return _STEP_NAME.sub(lambda found: _STEP_WORDS[found.group()], commands)


def describe_row(row: Row) -> str:
    """A ledger row in words: what was done and the state after it (its event text)."""
    a = row.after
    parts = [
        _change(a[0], row.delta(0), "VP"),
        _change(a[1], row.delta(1), "C"),
        _change(a[2], row.delta(2), "W"),
        _change(a[3], row.delta(3), "P"),
        f"PW {a[P1]}/{a[P2]}/{a[P3]}",
        f"cults {a[FIRE]}/{a[WATER]}/{a[EARTH]}/{a[AIR]}",
    ]
    offers = row.leech_amounts()
    if offers:
        parts.append("offers " + " ".join(str(n) for n in offers))
    action = action_words(row.commands) or "(no command)"
    return f"{row.faction}: {action} -> " + ", ".join(parts)

"""The ledger the engine keeps while it plays: one row per faction turn-fragment
(with the state before and after it) and comment rows, exactly as the online
site groups them, plus its tab-separated export (NOTATION.md §B.2).

Rows are collected: a faction's commands accumulate in the current row until
something closes it (a leech decision, a pass, the turn passing on, another
faction acting). Comment rows and effect rows are added at once, so they can
land before the row that is still being collected -- as on the site.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamelog.core.game import Event
from gamelog.games.terra_mystica.faction import Faction

if TYPE_CHECKING:
    from collections.abc import Iterable

#: Row fields by index in ``Faction.snapshot()``.
VP, C, W, P, P1, P2, P3, FIRE, WATER, EARTH, AIR, CULT = range(12)


class Row(Event):
    """A finished ledger row. ``comment`` rows have no faction.

    A row is also the event of the move that wrote it (what ``Game.apply``
    returns): its text is the comment or the row in words, its points the VP it
    changed. Rows do not go through the Event dataclass constructor (a game has
    hundreds of them and checking or scoring reads none of these texts)."""

    __slots__ = ("after", "before", "commands", "comment", "faction", "leech")
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
    ) -> None:
        self.faction = faction
        self.commands = commands
        self.before = before
        self.after = after
        self.leech = {} if leech is None else leech
        self.comment = comment

    @property  # type: ignore[override]
    def text(self) -> str:
        if self.comment is not None:
            return self.comment
        from gamelog.games.terra_mystica.render import describe_row  # render imports us

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


class Ledger:
    """Collects rows as the engine plays."""

    def __init__(self) -> None:
        self.rows: list[Row] = []
        self.last_printed_round = 0
        self.last_printed_turn = 0
        self.trailing_comment = False
        self.collecting = False
        self.current: Faction | None = None
        self.commands: list[str] = []
        self.force_finish = False
        self.start: tuple[int, ...] = ()
        self.leech: dict[str, int] = {}

    def _add(self, row: Row) -> None:
        self.rows.append(row)
        self.trailing_comment = False

    def start_row(self, faction: Faction) -> None:
        if self.collecting:
            return
        self.collecting = True
        self.current = faction
        self.force_finish = False
        self.commands = []
        self.leech = {}
        self.start = faction.snapshot()

    def add_command(self, text: str) -> None:
        if self.collecting:
            self.commands.append(text)

    def report_leech(self, colour: str, amount: int) -> None:
        self.leech[colour] = self.leech.get(colour, 0) + amount

    def finish_row(self) -> None:
        if not self.collecting:
            return
        faction = self.current
        assert faction is not None
        commands = self.commands
        self.rows.append(
            Row(
                faction.name,
                commands[0] if len(commands) == 1 else ". ".join(commands),
                self.start,
                faction.snapshot(),
                self.leech,
            )
        )
        self.trailing_comment = False
        self.collecting = False

    def comment(self, text: str) -> None:
        self._add(Row(comment=text))
        self.trailing_comment = True

    def effect_row(self, faction: Faction, text: str, before: tuple[int, ...]) -> None:
        """A row for an effect on ``faction`` that happened just now (Cultists)."""
        self._add(Row(faction=faction.name, commands=text, before=before, after=faction.snapshot()))

    def turn(self, round_: int, turn: int) -> None:
        if round_ == self.last_printed_round and turn == self.last_printed_turn:
            return
        self.last_printed_round = round_
        self.last_printed_turn = turn
        if self.trailing_comment:
            return
        self.comment(f"Round {round_}, turn {turn}")


# --- the tab-separated export -----------------------------------------------------


def _signed(value: int) -> str:
    return f"{value:+d}" if value else ""


def row_cells(row: Row) -> list[str]:
    """The 15 cells of a faction row (or the one cell of a comment row)."""
    if row.comment is not None:
        return [row.comment]
    a = row.after
    leech = " ".join(str(n) for n in row.leech_amounts())
    return [
        row.faction,
        _signed(row.delta(VP)),
        f"{a[VP]} VP",
        _signed(row.delta(C)),
        f"{a[C]} C",
        _signed(row.delta(W)),
        f"{a[W]} W",
        _signed(row.delta(P)),
        f"{a[P]} P",
        _signed(row.power_delta()),
        f"{a[P1]}/{a[P2]}/{a[P3]} PW",
        _signed(row.cult_delta()),
        f"{a[FIRE]}/{a[WATER]}/{a[EARTH]}/{a[AIR]}",
        leech,
        row.commands,
    ]


def export_tsv(rows: Iterable[Row]) -> str:
    """The ledger as the site's tab-separated export."""
    return "".join("\t".join(row_cells(row)) + "\n" for row in rows)

"""Who is playing and whose turn it is: the part of every game's turn rule that is the same.

Players are named in the header and then written at the start of each move, by
hand, at a table: ``ann:`` for Ann is the same player, and ``Anne:`` for a
player who is not in the game deserves a "did you mean Ann?". A game with
seats in a fixed order and one turn at a time (every game here but Terra
Mystica, whose order changes with passing) keeps a :class:`TurnOrder`; the
exceptions each game has (extra turns, a turn continued on a second line) are
the game's own, built on ``check`` and ``advance``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from gamelog.core.errors import GamelogError, IllegalMove, SetupError
from gamelog.core.suggest import did_you_mean, suggestion

TURN_ORDER_RULE = "players take turns in the order of the players line"
PLAYERS_RULE = "only the players in the header take turns"


class Roster:
    """The players of a game, found by name without regard to case."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self._by_fold = {name.casefold(): name for name in self.names}

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.casefold() in self._by_fold

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)

    def get(self, written: str | None) -> str | None:
        """The player's name as the header spells it, or None."""
        if written is None:
            return None
        return self._by_fold.get(" ".join(written.split()).casefold())

    def resolve(
        self,
        written: str | None,
        *,
        rule: str = PLAYERS_RULE,
        line: int | None = None,
        column: int | None = None,
        facts: Sequence[str] = (),
        error: type[GamelogError] = IllegalMove,
    ) -> str:
        """The player's name as the header spells it. Someone who is not playing is an
        ``error`` (an illegal move in a move; a SetupError for a header entry that
        names a player), with the nearest name as a suggestion."""
        name = self.get(written)
        if name is not None:
            return name
        shown, hint = _stranger(written, self.names)
        raise error(
            f"{shown} is not a player of this game" + (f"; {hint}" if hint else ""),
            rule=rule,
            facts=[f"the players: {', '.join(self.names)}", *facts],
            line=line,
            column=column,
        )

    def named_in_header(
        self, written: str, message: str, *, line: int, column: int | None = None
    ) -> str:
        """The player a header entry (a starting hand, a final effect) names, as the
        header spells them. Naming someone who is not playing is the header's fault: a
        SetupError saying ``message`` (which entry, and who plays), with the nearest name."""
        name = self.get(written)
        if name is not None:
            return name
        raise SetupError(message + suggestion(written, self.names), line=line, column=column)


class TurnOrder:
    """Seats in turn order and the one whose turn it is now.

    ``labels`` are how messages show each seat in the turn order ("Ann (pink)");
    the names by default.
    """

    def __init__(
        self, seats: Sequence[str], first: int = 0, labels: Sequence[str] | None = None
    ) -> None:
        self.roster = Roster(seats)
        self.seats = self.roster.names
        self.labels = list(labels) if labels is not None else self.seats
        self.index = first % len(self.seats) if self.seats else 0

    @property
    def current(self) -> str:
        return self.seats[self.index]

    @property
    def order(self) -> str:
        """The turn order as messages show it."""
        return ", ".join(self.labels)

    def after(self, player: str) -> str:
        """Who sits after ``player``."""
        return self.seats[(self.seats.index(player) + 1) % len(self.seats)]

    def advance(self) -> str:
        """Pass the turn to the next seat; returns whose turn it now is."""
        self.index = (self.index + 1) % len(self.seats)
        return self.current

    def check(
        self,
        written: str | None,
        *,
        rule: str = TURN_ORDER_RULE,
        line: int | None = None,
        column: int | None = None,
        facts: Sequence[str] = (),
    ) -> str:
        """The mover's name as the header spells it, if it is their turn; otherwise an
        IllegalMove that says whose turn it is. ``facts`` add to the turn order, e.g.
        who played last."""
        player = self.roster.get(written)
        if player is None:
            shown, hint = _stranger(written, self.seats)
            hint = f" ({hint})" if hint else ""
            raise IllegalMove(
                f"{shown} is not a player of this game{hint}; it is {self.current}'s turn",
                rule=PLAYERS_RULE,
                facts=[f"the players, in turn order: {self.order}"],
                line=line,
                column=column,
            )
        if player == self.current:
            return player
        raise IllegalMove(
            f"it is {self.current}'s turn, not {player}'s",
            rule=rule,
            facts=[f"turn order: {self.order}", *facts],
            line=line,
            column=column,
        )


def _stranger(written: str | None, names: Sequence[str]) -> tuple[str, str]:
    """Someone who is not playing, as shown in a message, and the nearest name."""
    shown = written or "(nobody)"
    return shown, did_you_mean(shown, names)

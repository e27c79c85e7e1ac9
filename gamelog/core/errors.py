"""The three kinds of problem a user's log can have, each pinned to a place in the file.

Engines raise these without knowing the file's path; the replay driver fills in
the path (and the line of the move, when the engine did not name one), so that
every message can be printed compiler style as ``path:line:column``.
"""

from __future__ import annotations


class GamelogError(Exception):
    """A problem in a log that the user can fix; never a bug in gamelog itself.

    ``rule`` names the rule that was broken (for illegal moves), ``facts`` are
    the observations that show it ("D6 is empty", "has 0 workers").
    """

    kind: str = "error"
    #: What the error is called in a compiler-style message.
    label: str = "error"

    def __init__(
        self,
        message: str,
        *,
        line: int | None = None,
        column: int | None = None,
        rule: str | None = None,
        facts: list[str] | tuple[str, ...] = (),
        path: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.rule = rule
        self.facts = list(facts)
        self.path = path

    def at(self, line: int | None, column: int | None = None) -> GamelogError:
        """Fill in the line if the raiser did not know it (keeping a column it named,
        e.g. of the space at fault within the move); returns self for chaining."""
        if self.line is None and line is not None:
            self.line = line
            if self.column is None:
                self.column = column if column is not None else 1
        elif self.line is not None and self.column is None:
            self.column = 1
        return self

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "line": self.line,
            "column": self.column,
            "message": self.message,
            "rule": self.rule,
            "facts": list(self.facts),
        }

    def __str__(self) -> str:
        where = f"{self.line}:{self.column}: " if self.line is not None else ""
        return f"{where}{self.message}"


class NotationError(GamelogError):
    """The text does not parse: a typo, a missing argument, an unknown word."""

    kind = "notation-error"
    label = "notation error"


class SetupError(GamelogError):
    """The header is incomplete or inconsistent (players, seating, setup tiles...)."""

    kind = "setup-error"
    label = "setup error"


class IllegalMove(GamelogError):
    """The move parses but the rules forbid it in the position it is played in."""

    kind = "illegal"
    label = "illegal move"


class Stopped(GamelogError):
    """A file whose replay took longer than its time limit (--timeout)."""

    kind = label = "timeout"


class Crashed(GamelogError):
    """A bug in gamelog met while replaying one file (never the user's fault)."""

    kind, label = "internal-error", "internal error"

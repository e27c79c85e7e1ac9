"""What the command line says for every command (colour, tracebacks, whole rows, the
pager, exit codes), apart from the commands' own modules, so that the group and the
output can hold it without importing any of them."""

from __future__ import annotations

EXIT_OK = 0
EXIT_PROBLEM = 1
EXIT_USAGE = 2
#: 128 + the signal's number, as shells report a process stopped by it.
EXIT_INTERRUPTED = 130
EXIT_CLOSED_PIPE = 141
EXIT_TERMINATED = 143

COLOR_CHOICES = ("auto", "always", "never")


class ClosedPipe(BaseException):
    """The reader of standard output went away (``| head``). Not an OSError, so that
    no handler on the way (click's own included) mistakes it for a problem."""


class Settings:
    """What the command line says for every command: colour, tracebacks, whole rows
    (``--wide``), no pager; given before the command or after it."""

    __slots__ = ("colour", "debug", "no_pager", "wide")

    def __init__(
        self, colour: str = "auto", debug: bool = False, wide: bool = False, no_pager: bool = False
    ) -> None:
        self.colour = colour
        self.debug = debug
        self.wide = wide
        self.no_pager = no_pager

"""What the command line says for every command (colour, tracebacks, whole rows, the
pager), apart from the commands' own modules, so that the group and the output can
hold it without importing any of them."""

from __future__ import annotations


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

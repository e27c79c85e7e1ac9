"""Recognising the two forms of a Terra Mystica log (neither has a ``game:`` line),
without importing the engine."""

import re

_COMMAND_LOG = re.compile(
    r"^\s*(?:option\s+strict-leech|setup\s+(?:alchemists|auren|chaosmagicians|cultists|darklings|"
    r"dwarves|engineers|fakirs|giants|halflings|mermaids|nomads|swarmlings|witches)\b|"
    r"(?:alchemists|auren|chaosmagicians|cultists|darklings|dwarves|engineers|fakirs|giants|"
    r"halflings|mermaids|nomads|swarmlings|witches)\s*:\s*(?:build|pass|leech|upgrade|dig)\b)",
    re.I | re.M,
)


_VP_CELL = re.compile(r"\d+ VP\t")


def is_ledger(text: str) -> bool:
    """Whether ``text`` looks like the tab-separated ledger export."""
    if "\t" not in text:  # command logs have no tabs, or hardly any
        return False
    for line in text.split("\n", 400)[:400]:
        if line.count("\t") >= 13 and _VP_CELL.search(line):
            return True
    return False


def looks_like(text: str) -> bool:
    """A ledger export, or a command log with option, setup or faction command lines
    (``^`` finds line starts after CRLF ends as well)."""
    return is_ledger(text) or _COMMAND_LOG.search(text, 0, 20_000) is not None

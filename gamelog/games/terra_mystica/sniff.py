"""Recognising the two forms of a Terra Mystica log (neither has a ``game:`` line),
without importing the engine.

The factions a command log names are those of ``data/factions.toml``: its
top-level tables (``[witches]``), read as plain lines -- parsing the whole file
would cost more than recognising the log.
"""

import re
from functools import cache
from pathlib import Path

_FACTIONS_FILE = Path(__file__).resolve().parent / "data" / "factions.toml"
#: A top-level table of the factions file: ``[witches]`` (``[defaults.ship]`` is not).
_TABLE = re.compile(r"^\[([a-z][a-z0-9_]*)\][ \t]*(?:#.*)?$", re.M)
_VP_CELL = re.compile(r"\d+ VP\t")


@cache
def faction_names() -> tuple[str, ...]:
    """Every faction of the data, by the name the logs use."""
    text = _FACTIONS_FILE.read_text(encoding="utf-8")
    return tuple(name for name in _TABLE.findall(text) if name != "defaults")


@cache
def _command_log() -> re.Pattern[str]:
    factions = "|".join(faction_names())
    return re.compile(
        rf"^\s*(?:option\s+strict-leech|setup\s+(?:{factions})\b|"
        rf"(?:{factions})\s*:\s*(?:build|pass|leech|upgrade|dig)\b)",
        re.I | re.M,
    )


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
    return is_ledger(text) or _command_log().search(text, 0, 20_000) is not None

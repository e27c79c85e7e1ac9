"""What Terra Mystica is, apart from its engine: the facts the registry reads
(core/meta.py), and how the two forms of its log (neither has a ``game:`` line) are
recognised. Imports nothing of the engine.

The factions a command log names are those of ``data/factions.toml``: its
top-level tables (``[witches]``), read as plain lines -- parsing the whole file
would cost more than recognising the log.
"""

import os
import re
from functools import cache

from gamelog.core.meta import GameMeta

_FACTIONS_FILE = os.path.join(os.path.dirname(os.path.realpath(__file__)), "data", "factions.toml")
#: A top-level table of the factions file: ``[witches]`` (``[defaults.ship]`` is not).
_TABLE = re.compile(r"^\[([a-z][a-z0-9_]*)\][ \t]*(?:#.*)?$", re.M)
_VP_CELL = re.compile(r"\d+ VP\t")


@cache
def faction_names() -> tuple[str, ...]:
    """Every faction of the data, by the name the logs use."""
    with open(_FACTIONS_FILE, encoding="utf-8") as handle:
        text = handle.read()
    return tuple(name for name in _TABLE.findall(text) if name != "defaults")


@cache
def _command_log() -> re.Pattern[str]:
    factions = "|".join(faction_names())
    return re.compile(
        rf"^\s*(?:option\s+strict-leech|setup\s+(?:{factions})\b|"
        rf"(?:{factions})\s*:\s*(?:build|pass|leech|upgrade|dig)\b)",
        re.I | re.M,
    )


@cache
def _command_line() -> re.Pattern[str]:
    """A line only a command log has: ``witches: build E6``, ``setup witches``."""
    factions = "|".join(faction_names())
    return re.compile(rf"[ \t]*(?:(?:{factions})[ \t]*:|setup[ \t]+(?:{factions})\b)", re.I)


def is_ledger_row(line: str) -> bool:
    """Whether ``line`` is a faction row of the ledger export (15 tab-separated cells)."""
    return line.count("\t") >= 13 and _VP_CELL.search(line) is not None


def is_ledger(text: str) -> bool:
    """Whether ``text`` is the tab-separated ledger export: more of its first 400
    lines are ledger rows than lines only a command log has, so that a ledger row
    pasted into a command log leaves it a command log, whose reader points at it."""
    if "\t" not in text:  # command logs have no tabs, or hardly any
        return False
    lines = text.split("\n", 400)[:400]
    rows = sum(1 for line in lines if is_ledger_row(line))
    if not rows:
        return False
    command_line = _command_line().match
    return rows > sum(1 for line in lines if command_line(line))


def looks_like(text: str) -> bool:
    """A ledger export, or a command log with option, setup or faction command lines
    (``^`` finds line starts after CRLF ends as well)."""
    return is_ledger(text) or _command_log().search(text, 0, 20_000) is not None


META = GameMeta(
    name="terra-mystica",
    title="Terra Mystica",
    aliases=("terra_mystica", "tm", "terramystica"),
    min_players=2,
    max_players=5,
    notation_hint=(
        "the terra.snellman.net command log ('darklings: dig 1. build H7') or its ledger export"
    ),
    suffixes=(".tm",),
    export_formats=("ledger",),
    seat="faction",
    splits_by="the map, the Fire & Ice final scoring tile and playtest faction boards",
    looks_like=looks_like,
)

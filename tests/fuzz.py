"""Seeded mutation fuzzing: logs damaged the way files, phones and people damage them.

Used by the bounded fuzz test of the suite (tests/test_fuzz.py) and by the long
campaign script (benchmarks/fuzz_campaign.py). Every mutant is made from a seed,
so a failure is reproduced by its seed alone: ``mutant(bases, seed)``.

Mutations: bytes flipped or dropped, a token swapped with another token of the
log, a stretch of unicode (combining marks, right-to-left, emoji, curly quotes,
other scripts), a huge number, lines swapped, duplicated, dropped or moved, the
text cut short, a comment after one line or after every line, a row of the Terra
Mystica ledger export (tab-separated cells) among the lines.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from gamelog.core.audit import log_suffixes

ROOT = Path(__file__).resolve().parent.parent
#: The suffixes a folder's walk takes (the common ones and every game's own), as the
#: audit walks folders.
LOG_SUFFIXES = log_suffixes()

UNICODE = [
    "\u0301",  # combining acute
    "\u202e",  # right-to-left override
    "\u200b",  # zero-width space
    "\ufeff",
    "\u00a0",
    "\U0001f3b2",  # a die
    "\u201c",
    "\u201d",
    "\u2019",
    "\u00e9",
    "\u00df",
    "\u0416",
    "\u65e5\u672c",
    "\t",
    "\r",
    "\x0c",
]
_TOKEN = re.compile(r"[^\s:,;.]+")


def samples_of(game_folder: str) -> list[str]:
    """The texts of a game's samples (every log suffix)."""
    folder = ROOT / "samples" / game_folder
    return [
        path.read_text(encoding="utf-8")
        for path in sorted(folder.iterdir())
        if path.suffix in LOG_SUFFIXES
    ]


def corpus_of(game_folder: str, per_folder: int) -> list[str]:
    """Whole games of a game's corpus, if it has one: the first ``per_folder`` logs of
    each folder under ``tests/corpus/<game>/`` and ``tests/corpus/<game>_*/`` (not the
    ``illegal`` ones, which stop early)."""
    corpus = ROOT / "tests" / "corpus"
    roots = [*sorted(corpus.glob(f"{game_folder}_*")), corpus / game_folder]
    folders = sorted(
        {path.parent for root in roots for path in root.rglob("*") if path.suffix in LOG_SUFFIXES}
    )
    return [
        path.read_text(encoding="utf-8")
        for folder in folders
        if folder.name != "illegal"
        for path in sorted(p for p in folder.iterdir() if p.suffix in LOG_SUFFIXES)[:per_folder]
    ]


def corpus_games(limit: int | None = None) -> list[str]:
    """Whole Terra Mystica league games: command logs and ledgers."""
    corpus = ROOT / "tests" / "corpus" / "terra_mystica"
    paths = sorted((corpus / "commands").glob("*.txt")) + sorted((corpus / "ledgers").glob("*.txt"))
    return [path.read_text(encoding="utf-8") for path in paths[:limit]]


def fire_ice_games(limit: int | None = None) -> list[str]:
    """Terra Mystica games with the Fire & Ice factions, maps and final tiles: the
    random corpus and the examples (not the illegal logs, which stop early)."""
    corpus = ROOT / "tests" / "corpus" / "terra_mystica_fire_ice"
    paths = [
        *sorted(corpus.glob("*.txt")),
        *sorted((corpus / "examples").glob("*.txt")),
        *sorted((corpus / "variable").glob("*.txt")),
    ]
    return [path.read_text(encoding="utf-8") for path in paths[:limit]]


def _flip(text: str, rng: random.Random) -> str:
    data = bytearray(text.encode("utf-8"))
    if not data:
        return text
    for _ in range(rng.randint(1, 4)):
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return data.decode("utf-8", "replace")


def _drop_bytes(text: str, rng: random.Random) -> str:
    if not text:
        return text
    start = rng.randrange(len(text))
    return text[:start] + text[start + rng.randint(1, 8) :]


def _swap_tokens(text: str, rng: random.Random) -> str:
    tokens = list(_TOKEN.finditer(text))
    if len(tokens) < 2:
        return text
    a, b = sorted(rng.sample(tokens, 2), key=lambda m: m.start())
    return text[: a.start()] + b.group() + text[a.end() : b.start()] + a.group() + text[b.end() :]


def _unicode(text: str, rng: random.Random) -> str:
    at = rng.randrange(len(text) + 1)
    return text[:at] + "".join(rng.choice(UNICODE) for _ in range(rng.randint(1, 3))) + text[at:]


def _huge_number(text: str, rng: random.Random) -> str:
    numbers = list(re.finditer(r"\d+", text))
    digits = (
        str(rng.choice([10**6, 10**12, 10**18, 10**19 - 1]))
        if rng.random() < 0.6
        else ("9" * rng.choice([30, 400, 5000]))
    )
    if not numbers:
        return text + digits
    match = rng.choice(numbers)
    return text[: match.start()] + digits + text[match.end() :]


def _lines(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    if len(lines) < 2:
        return text
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    kind = rng.randrange(4)
    if kind == 0:
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 1:
        lines.insert(j, lines[i])
    elif kind == 2:
        del lines[i]
    else:
        lines.insert(j, lines.pop(i))
    return "\n".join(lines)


def _cut(text: str, rng: random.Random) -> str:
    return text[: rng.randrange(len(text) + 1)]


#: Comments as people end a line with them: after spaces, a tab or nothing, a
#: pragma (``##``), words that look like a move.
COMMENTS = ("  # note", "\t# note", "# note", " ## pragma", " # Ann: pass. build A1")


def _comment_after_lines(text: str, rng: random.Random) -> str:
    """A comment after one line, or after every line: every game's notation lets a
    ``#`` comment end any line (issue 21: one changed a Terra Mystica replay)."""
    lines = text.split("\n")
    comment = rng.choice(COMMENTS)
    picked = range(len(lines)) if rng.random() < 0.3 else (rng.randrange(len(lines)),)
    for i in picked:
        line = lines[i]
        end = "\r" if line.endswith("\r") else ""
        lines[i] = line[: len(line) - len(end)] + comment + end
    return "\n".join(lines)


#: A line ``name: rest``: a move (or a header line) to make a ledger row of.
_NAMED_LINE = re.compile(r"^[ \t]*([^\W\d_][\w-]*)[ \t]*:[ \t]*([^\r]*?)[ \t]*\r?$")


def _ledger_row(text: str, rng: random.Random) -> str:
    """A row of the Terra Mystica ledger export (15 cells between tabs: faction, VP,
    coins, workers, priests, power, cults with their changes, leech, commands) made
    from one ``name: commands`` line of the log and put among its lines: what a
    command log holding a pasted ledger row looks like (issue 21)."""
    lines = text.split("\n")
    named = [(match[1], match[2]) for line in lines if (match := _NAMED_LINE.match(line))]
    name, commands = rng.choice(named) if named else ("halflings", "pass")
    number = rng.randint
    cells = [
        name,
        rng.choice(["", f"+{number(1, 9)}"]),
        f"{number(0, 180)} VP",
        "",
        f"{number(0, 40)} C",
        "",
        f"{number(0, 9)} W",
        "",
        f"{number(0, 5)} P",
        "",
        f"{number(0, 12)}/{number(0, 12)}/{number(0, 12)} PW",
        "",
        "/".join(str(number(0, 10)) for _ in range(4)),
        rng.choice(["", "1", "2 3"]),
        commands,
    ]
    lines.insert(rng.randrange(len(lines) + 1), "\t".join(cells))
    return "\n".join(lines)


MUTATIONS: tuple[Callable[[str, random.Random], str], ...] = (
    _flip,
    _drop_bytes,
    _swap_tokens,
    _unicode,
    _huge_number,
    _lines,
    _lines,
    _cut,
    _comment_after_lines,
    _ledger_row,
)


def mutant(bases: Sequence[str], seed: int) -> str:
    """One mutant of one of ``bases``, the same for the same seed."""
    rng = random.Random(seed)
    text = rng.choice(bases)
    for _ in range(rng.randint(1, 3)):
        text = rng.choice(MUTATIONS)(text, rng)
    return text

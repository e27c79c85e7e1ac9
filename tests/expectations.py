"""What a sample log says it must give: its ``# expect:`` comments, read into one statement.

Every file under ``samples/`` carries its own truth, so that the log and what it
must give cannot drift apart and a person reading the sample sees both::

    # expect: finished; totals Bob 49, Cid 49; winners Cid
    # expect: ranks Cid 1, Bob 2
    # expect: breakdown Bob: birds 16, row A 3, row B 6
    # expect: illegal at 12:9: C3 is not empty
    # expect: unfinished; totals Ann 3, Bob 5; moves 12

Clauses are separated by ``;`` and may spread over several ``# expect:`` lines:

* ``ok``, ``illegal``, ``notation-error``, ``setup-error``, ``unreadable``: the
  status; a problem may add ``at LINE`` or ``at LINE:COLUMN`` and then
  ``: REASON``, the exact message (the rest of the line, ``;`` included);
* ``finished`` or ``unfinished``: whether the game reached its end (both imply
  ``ok`` unless a problem is stated);
* ``totals NAME N, ...``: every player's total (provisional for an unfinished or
  illegal log: the position before the problem);
* ``winners NAME, ...`` or ``winners none``; ``ranks NAME N, ...``; ``moves N``
  (moves replayed legally);
* ``breakdown NAME: CATEGORY N, ...``: points per scoring category of one player;
* ``rule TEXT`` and ``fact TEXT`` (the rest of the line): the rule the problem
  cites and, one line each in order, every fact it gives.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

STATUSES = ("ok", "illegal", "notation-error", "setup-error", "unreadable")
_LINE = re.compile(r"^[ \t]*#[ \t]*expect:[ \t]*(.*)$", re.MULTILINE)
_PROBLEM = re.compile(rf"^({'|'.join(STATUSES)})(?:\s+at\s+(\d+)(?::(\d+))?)?(?::\s*(.*))?$", re.S)

Number = int | float


@dataclass
class Expectation:
    """Everything the ``# expect:`` comments of one file state (None: not stated)."""

    status: str | None = None
    line: int | None = None
    column: int | None = None
    reason: str | None = None
    finished: bool | None = None
    totals: dict[str, Number] | None = None
    winners: list[str] | None = None
    ranks: dict[str, int] | None = None
    moves: int | None = None
    rule: str | None = None
    facts: list[str] | None = None
    breakdowns: dict[str, dict[str, Number]] = field(default_factory=dict)

    @property
    def stated(self) -> bool:
        return self.status is not None or self.finished is not None


class ExpectationError(ValueError):
    """An ``# expect:`` comment that does not say anything this reader knows."""


def read_expectation(text: str) -> Expectation:
    """The statement of a sample's ``# expect:`` comments."""
    expectation = Expectation()
    for match in _LINE.finditer(text):
        rest = match.group(1).strip()
        word = rest.split(" ", 1)[0]
        if word in ("rule", "fact"):
            text = rest[len(word) :].strip()
            if word == "rule":
                expectation.rule = text
            else:
                expectation.facts = [*(expectation.facts or []), text]
            continue
        while rest:
            problem = _PROBLEM.match(rest)
            if problem is not None and (problem.group(2) or problem.group(4) is not None):
                _problem(expectation, problem)
                break
            clause, _, rest = rest.partition(";")
            _clause(expectation, clause.strip())
            rest = rest.strip()
    if expectation.status is None and expectation.finished is not None:
        expectation.status = "ok"
    return expectation


def _problem(expectation: Expectation, match: re.Match[str]) -> None:
    status, line, column, reason = match.groups()
    expectation.status = status
    expectation.line = int(line) if line else None
    expectation.column = int(column) if column else None
    expectation.reason = reason.strip() if reason is not None else None


def _clause(expectation: Expectation, clause: str) -> None:
    word, _, rest = clause.partition(" ")
    rest = rest.strip()
    if clause in STATUSES:
        expectation.status = clause
    elif clause in ("finished", "unfinished"):
        expectation.finished = clause == "finished"
    elif word == "totals":
        expectation.totals = _pairs(rest, number)
    elif word == "ranks":
        expectation.ranks = _pairs(rest, int)
    elif word == "winners":
        expectation.winners = [] if rest == "none" else [n.strip() for n in rest.split(",")]
    elif word == "moves":
        expectation.moves = int(rest)
    elif word == "breakdown":
        player, _, cells = rest.partition(":")
        expectation.breakdowns[player.strip()] = _pairs(cells, number)
    else:
        raise ExpectationError(f"unknown '# expect:' clause: {clause!r}")


def _pairs(text: str, convert):  # type: ignore[no-untyped-def]
    """``Ann 3, Mary Lee 4.5`` -> {"Ann": 3, "Mary Lee": 4.5} (the number is the last word)."""
    pairs = {}
    for item in text.split(","):
        name, _, value = item.strip().rpartition(" ")
        if not name:
            raise ExpectationError(f"expected 'NAME NUMBER', got {item.strip()!r}")
        pairs[name.strip()] = convert(value)
    return pairs


def number(text: str) -> Number:
    """``3`` or ``4.5`` as written in a total."""
    value = Fraction(text)
    return int(value) if value.denominator == 1 else float(value)


def draft(record: dict) -> list[str]:  # type: ignore[type-arg]
    """``# expect:`` lines that state what ``record`` (an audit record) says.

    A drafting aid for a person converting a sample whose outcome was worked out by
    hand elsewhere: compare the draft with that working before it goes into the
    sample; a draft pasted unread only tests the engine against itself.
    """
    error = record["error"]
    lines = []
    if error is not None:
        lines.append(
            f"# expect: {record['status']} at {error['line']}:{error['column']}: {error['message']}"
        )
        if error["rule"]:
            lines.append(f"# expect: rule {error['rule']}")
        lines.extend(f"# expect: fact {fact}" for fact in error["facts"])
    clauses = []
    if error is None:
        clauses.append("finished" if record["finished"] else "unfinished")
        totals = ", ".join(f"{p['name']} {_shown(p['total'])}" for p in record["players"])
        clauses.append(f"totals {totals}")
    clauses.append(f"moves {record['moves']}")
    if record["finished"]:
        clauses.append(f"winners {', '.join(record['winners']) or 'none'}")
    lines.append("# expect: " + "; ".join(clauses))
    if record["finished"] and len({p["rank"] for p in record["players"]}) < len(record["players"]):
        ranks = ", ".join(f"{p['name']} {p['rank']}" for p in record["players"])
        lines.append(f"# expect: ranks {ranks}")
    return lines


def _shown(value: Number) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)

"""A card learnt at the table: the questions ``gamelog play`` asks about a card the
catalogue does not hold, and the table it adds to the catalogue file the log names.

Mystic Vale's card list is the publisher's and cannot ship, so a group builds its own
catalogue as it plays: the first time a line names a card that neither the catalogue
nor the header defines (cards.UnknownCard), play asks what the card shows, one
question per key of the catalogue's ``[[advancement]]`` or ``[[vale]]`` table (the
same keys and values catalogue_file.py reads), each answer checked as it is given;
the answers become a table at the end of the file, and the line is checked again.
The next game that names the catalogue knows the card.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from gamelog.core.game import Lesson, Question
from gamelog.games.mystic_vale.cards import (
    POSITIONS,
    SYMBOL_NAMES,
    UnknownCard,
    cost_spirit_problem,
    name_key,
    normalise_level,
)
from gamelog.games.mystic_vale.catalogue_file import add_card

#: What an empty answer to a question with nothing to give means.
NONE = "none"
_LEVELS = {"advancement": ("I", "II", "III", "fertile soil"), "vale": ("I", "II")}
_WORDS = re.compile(r"[^\s,]+")


def teach(error: UnknownCard, cards_file: str, path: Path) -> Lesson:
    """The lesson of a card the catalogue ``cards_file`` (at ``path``) lacks."""
    wanted = error.wanted

    def kind_of(answers: Mapping[str, str]) -> str:
        return wanted if wanted != "card" else answers.get("kind", "")

    def ask(answers: Mapping[str, str]) -> Question | None:
        kind = kind_of(answers)
        questions = _questions(error.card, kind) if kind else [_kind_question()]
        return next((q for q in questions if q.key not in answers), None)

    def learn(answers: Mapping[str, str]) -> str:
        kind = kind_of(answers)
        entries = _entries(kind, answers)
        line = add_card(str(path), kind, entries)
        shown = ", ".join(
            f"{v} {k}" if k in SYMBOL_NAMES or k == "vp" else f"{k} {_shown(v)}"
            for k, v in entries[1:]
        )
        return f"{cards_file}, line {line}: [[{kind}]] {answers['name']} added ({shown})"

    article = {"advancement": "an advancement", "vale": "a vale"}.get(wanted, "a card")
    return Lesson(f"{error.card}, {article}, is not in the card catalogue {cards_file}", ask, learn)


def _shown(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(value)
    if isinstance(value, dict):
        return " ".join(f"{n} {colour}" for colour, n in value.items())
    return str(value)


# --- the questions ----------------------------------------------------------------------


def _kind_question() -> Question:
    return Question(
        "kind",
        "an advancement (sleeved into a card) or a vale ([[advancement]] or [[vale]])",
        choices=("advancement", "vale"),
        check=lambda answer: (
            None if answer.lower() in ("advancement", "vale") else "advancement or vale"
        ),
    )


def _questions(written: str, kind: str) -> list[Question]:
    """The keys of a ``[[kind]]`` table, in the catalogue's order."""
    levels = _LEVELS[kind]
    questions = [
        Question(
            "name",
            "its printed name (Enter: as the line writes it)",
            default=written,
            check=lambda answer: (
                None
                if name_key(answer) == name_key(written)
                else f"the line names {written}; only its case and spacing may differ"
            ),
        ),
        Question(
            "level",
            "its level",
            choices=levels,
            default="I",
            check=lambda answer: (
                None
                if normalise_level(answer) in levels
                else f"the level is one of {', '.join(levels)}"
            ),
        ),
    ]
    if kind == "advancement":
        return [
            *questions,
            Question("cost", "its cost in mana, a whole number", check=_whole_number),
            Question(
                "positions",
                "the positions it is printed for, one or more",
                choices=("top middle bottom", *POSITIONS),
                default="top middle bottom",
                check=_problem(_positions),
            ),
            Question(
                "symbols",
                "the symbols on its left edge, each with its number (1 mana, 1 growth): "
                + ", ".join(SYMBOL_NAMES),
                default=NONE,
                check=_problem(_symbols),
            ),
            _ability(),
        ]
    return [
        *questions,
        Question(
            "cost",
            "its cost in spirits, each with its number (2 green, 1 yellow 1 any): "
            "green, yellow, brown, any",
            check=_problem(_spirits),
        ),
        Question("vp", "its VP at the end of the game", default="0", check=_whole_number),
        _ability(),
    ]


def _ability() -> Question:
    return Question(
        "ability",
        "what its text says, in words, kept as a note (the rules read none: "
        "a log says what it gives, `gain 1 mana from NAME`)",
        default=NONE,
    )


def _whole_number(answer: str) -> str | None:
    return None if answer.isdigit() else "a whole number, 0 or more"


def _problem(read: Callable[[str], Any]) -> Callable[[str], str | None]:
    """A check made of a reader: the reader's ValueError is the problem."""

    def check(answer: str) -> str | None:
        try:
            read(answer)
        except ValueError as problem:
            return str(problem)
        return None

    return check


def _positions(answer: str) -> list[str]:
    words = [word.lower() for word in _WORDS.findall(answer)]
    wrong = [word for word in words if word not in POSITIONS]
    if wrong or not words:
        raise ValueError(f"top, middle or bottom, one or more (not {' '.join(wrong) or 'none'})")
    return [position for position in POSITIONS if position in words]


def _amounts(answer: str, allowed: tuple[str, ...], what: str) -> dict[str, int]:
    """``1 mana, 1 growth`` -> {mana: 1, growth: 1}; ``guardian`` alone is one; ``none``
    is nothing. Raises ValueError, saying what is wrong."""
    words = [word.lower() for word in _WORDS.findall(answer)]
    if words == [NONE]:
        return {}
    found: dict[str, int] = {}
    index = 0
    while index < len(words):
        word = words[index]
        if word.isdigit() and index + 1 < len(words):
            count, name = int(word), words[index + 1]
            index += 2
        elif word == "guardian" and "guardian" in allowed:
            count, name = 1, word
            index += 1
        else:
            raise ValueError(f"write each {what} with its number before it (1 {allowed[0]})")
        name = "grey" if name == "gray" else name
        if name not in allowed:
            problem = cost_spirit_problem(name) if what == "spirit" else None
            if name == "any" and what == "symbol":
                problem = "'any' is a vale cost, not a symbol a card shows"
            raise ValueError(problem or f"{name} is not a {what}: {', '.join(allowed)}")
        if name in found:
            raise ValueError(f"{name} is given twice")
        found[name] = count
    return found


def _symbols(answer: str) -> dict[str, int]:
    return _amounts(answer, SYMBOL_NAMES, "symbol")


def _spirits(answer: str) -> dict[str, int]:
    return _amounts(answer, ("green", "yellow", "brown", "any"), "spirit")


# --- the table written ---------------------------------------------------------------------


def _entries(kind: str, answers: Mapping[str, str]) -> list[tuple[str, Any]]:
    """The answers as the keys and values of a ``[[kind]]`` table."""
    entries: list[tuple[str, Any]] = [
        ("name", " ".join(answers["name"].replace('"', " ").split())),
        ("level", normalise_level(answers["level"])),
    ]
    if kind == "advancement":
        entries.append(("cost", int(answers["cost"])))
        positions = _positions(answers["positions"])
        if positions != list(POSITIONS):  # all three when left out
            entries.append(("positions", positions))
        symbols = _symbols(answers["symbols"])
        entries += [(name, symbols[name]) for name in SYMBOL_NAMES if symbols.get(name)]
    else:
        entries.append(("cost", _spirits(answers["cost"])))
        entries.append(("vp", int(answers["vp"])))
    ability = " ".join(answers.get("ability", "").split())
    if ability and ability.lower() != NONE:
        entries.append(("ability", ability))
    return entries

"""A move written back as its notation line: each clause of a Mystical Seeds turn as
the notation writes it (parsed again, it is the same clause), and the blanks of a
listed form, the parts of a line the player fills in with what chance turned up
(``reveal <L2 card>``). What ``legal.py`` lists and the conformance declaration
replays are written here."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gamelog.games.mystical_seeds.moves import (
    Clause,
    Collect,
    Cultivate,
    Duplicate,
    Exchange,
    FairyMove,
    Graft,
    HarvestUse,
    MoveX,
    PotionUse,
    Refill,
    Reveal,
    ScholarUse,
    SunUse,
    Take,
    Upgrade,
)


@dataclass(frozen=True)
class Blank:
    """A part of a line the player fills in: what happened that nobody chose.

    ``kind``: ``card`` (the card revealed for the Research Area), ``tile`` (the tile
    that refills ``slot``), ``draw`` (the tiles Draw three turned up), ``top`` (the top
    card of a deck and the seeds that pay for it), ``rest`` (the rest of the turn,
    listed once the clauses before it are played)."""

    kind: str
    level: int = 0
    slot: str = ""
    none_ok: bool = False

    def text(self) -> str:
        if self.kind == "card":
            return f"reveal <L{self.level} card{' or none' if self.none_ok else ''}>"
        if self.kind == "tile":
            row = "I" * self.level
            return f"refill {self.slot} <Level {row} tile{' or none' if self.none_ok else ''}>"
        if self.kind == "draw":
            return "take draw drew <the Level II tiles turned up>"
        if self.kind == "top":
            return f"cultivate top <L{self.level} card> with <circles> advance <tracks>"
        return "..."


REST = Blank("rest")


def items_text(items: Iterable[Clause | Blank]) -> str:
    """Clauses and blanks as one line's text after the player's name."""
    return "; ".join(
        item.text() if isinstance(item, Blank) else clause_text(item) for item in items
    )


def clause_text(clause: Clause) -> str:
    """A clause as the notation writes it (parsed again, it is the same clause)."""
    if isinstance(clause, Collect):
        keep = f" keep {' '.join(str(n) for n in clause.keeps)}" if clause.keeps else ""
        return f"collect {clause.fairy}{keep}"
    if isinstance(clause, Duplicate):
        return f"duplicate {clause.source} to {clause.target}"
    if isinstance(clause, Upgrade):
        return f"upgrade {clause.circle} to {clause.colour}"
    if isinstance(clause, Graft):
        parts = ["graft"]
        parts.extend(f"gather at {n}" for n in clause.gathers)
        parts.extend(f"study {track}" for track in clause.studies)
        parts.extend(f"{m.first}+{m.second} at {m.at}" for m in clause.merges)
        return " ".join(parts)
    if isinstance(clause, FairyMove):
        return f"fairy to {clause.location}"
    if isinstance(clause, PotionUse):
        return f"potion {clause_text(clause.action)}"
    if isinstance(clause, Exchange):
        circles = " ".join(str(n) for n in clause.circles)
        return f"exchange {circles} for {clause.colour} at {clause.target}"
    if isinstance(clause, SunUse):
        return f"sun {clause.colour}" + (f" at {clause.circle}" if clause.circle else "")
    if isinstance(clause, MoveX):
        pay = f" pay {clause.pay_from} to {clause.pay_to}" if clause.pay_from else ""
        return f'move x "{clause.source}" to "{clause.target}"{pay}'
    if isinstance(clause, Cultivate):
        if clause.top is not None:
            target = f"top {clause.top.describe()}"
        elif clause.tile is not None:
            target = clause.tile.describe()
        else:
            target = f'"{clause.name}"'
        paid = "".join(f" {n}" for n in clause.circles)
        advance = f" advance {' '.join(clause.advances)}" if clause.advances else ""
        return f"cultivate {target} with{paid}{advance}"
    if isinstance(clause, ScholarUse):
        return f"scholar {clause.track}"
    if isinstance(clause, HarvestUse):
        return f"harvest {clause.colour} at {clause.circle}"
    if isinstance(clause, Take):
        return _take_text(clause)
    if isinstance(clause, Reveal):
        return f"reveal {clause.card.describe() if clause.card else 'none'}"
    if isinstance(clause, Refill):
        return f"refill {clause.slot} {clause.tile.describe() if clause.tile else 'none'}"
    raise TypeError(clause)  # pragma: no cover - every clause kind is written above


def _take_text(clause: Take) -> str:
    parts = [f"take {clause.tile.describe()}"]
    if clause.slot:
        parts.append(f"from {clause.slot}")
    parts.extend(f"{colour} at {n}" for colour, n in clause.seeds)
    if clause.place is not None:
        parts.append(f"at {clause.place}")
    if clause.advance is not None:
        parts.append(f"advance {clause.advance}")
    if clause.swap is not None:
        parts.append(f"back {clause.swap[0]} forward {clause.swap[1]}")
    if clause.x_on:
        parts.append("on " + " ".join(f'"{name}"' for name in clause.x_on))
    if clause.drawn:
        parts.append("drew " + " ".join(tile.describe() for tile in clause.drawn))
    return " ".join(parts)

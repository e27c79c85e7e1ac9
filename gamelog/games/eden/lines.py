"""A move written back as its notation line: each action of an Eden turn as the
notation writes it (``Ann: irrigate D4``), so that the line, parsed again, is the same
action. What ``legal.py`` lists is written here."""

from __future__ import annotations

from gamelog.games.eden.moves import (
    Action,
    Attack,
    Buy,
    Cultivate,
    Draw,
    Income,
    Irrigate,
    Pass,
    Sell,
)


def line(player: str, action: Action) -> str:
    """``player: action``, one action on its own line."""
    return f"{player}: {action_text(action)}"


def action_text(action: Action) -> str:
    """An action as the notation writes it."""
    match action:
        case Income(amount=None):
            return "no income"
        case Income(amount=amount):
            return f"income {amount}"
        case Irrigate(field=field):
            return f"irrigate {field}"
        case Attack():
            return _attack(action)
        case Cultivate(shape=shape, fields=fields, raised=raised):
            raising = f" raising {' '.join(raised)}" if raised else ""
            return f"cultivate {shape} {' '.join(fields)}{raising}"
        case Pass():
            return "pass"
        case Sell(shape=shape):
            return f"sell {shape}"
        case Buy(shape=shape):
            return f"buy {shape}"
        case Draw(card=card):
            return "draws" + (f" {card}" if card else "")
    raise TypeError(action)  # pragma: no cover - every action kind is written above


def _attack(attack: Attack) -> str:
    """``attack E4 with D4 bid 10, Ben 15, Ann accepts``: the targets, whose they are
    where written, the attacking cards, the bids and who accepts."""
    words = ["attack", *attack.targets]
    if attack.opponent:
        words += ["of", attack.opponent]
    if attack.attackers:
        words += ["with", *attack.attackers]
    first, *raises = attack.bids
    bids = [f"bid {first.amount}", *(f"{bid.bidder or ''} {bid.amount}".strip() for bid in raises)]
    return f"{' '.join(words)} {', '.join(bids)}, {attack.accepter} accepts"

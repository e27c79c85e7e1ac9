"""The online engine's rewrites of what players typed, applied before anything is played.

Two kinds, both as on the site (``clean_commands`` and the command stream of
``jsnell/terra-mystica``):

* one faction line: spellings of 2013 logs it still accepts (``+BON5`` for the
  first bonus tile, ``pass. +BON5``, and a faction's own: the ``line`` hook of
  its data, such as the Engineers' bridge paid by hand), and commands written in
  an order the site plays differently (a build before the terraform it needs);
  the line's answers to power offers are taken first;
* the whole stream: two identical ``+X`` of one faction in a row are one
  ``+2X`` (a comment between them does not part them); ``player-count`` is set
  aside.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from gamelog.games.terra_mystica.components import FACTIONS
from gamelog.games.terra_mystica.notation import commands as cmd
from gamelog.games.terra_mystica.notation.commands import ADMIN, COMMENT, Entry

# --- a faction's own spellings (the ``line`` hook of the data) ----------------------


def bridge_paid_by_hand(out: list[cmd.Command]) -> None:
    """Engineers (2013): the bridge action ACTE written as its price, ``-2W`` before a
    ``bridge``, or as ``convert 2W to 1BRIDGE``."""
    for i, c in enumerate(out):
        paid_bridge = isinstance(c, cmd.Adjust) and c.delta == -2 and c.kind == "W"
        converted = isinstance(c, cmd.Convert) and c.to_type == "BRIDGE" and c.from_type == "W"
        if (paid_bridge and i + 1 < len(out) and isinstance(out[i + 1], cmd.Bridge)) or (
            converted and c.from_count == 2
        ):
            out[i] = cmd.Action("action ACTE", "ACTE")


#: Every ``line`` hook by the name the data gives it.
LINE_HOOKS: dict[str, Callable[[list[cmd.Command]], None]] = {
    hook.__name__: hook for hook in (bridge_paid_by_hand,)
}


@cache
def _line_hook(faction: str) -> Callable[[list[cmd.Command]], None] | None:
    spec = FACTIONS.get(faction)
    name = spec.hooks.get("line") if spec is not None else None
    return LINE_HOOKS[name] if name is not None else None


# --- one faction line -----------------------------------------------------------


def may_be_rewritten(faction: str, command: cmd.Command) -> bool:
    """Whether a line holding only ``command`` could be changed by ``faction_line``
    (a ``+BONn``, or anything of a faction with its own spellings)."""
    if _line_hook(faction) is not None:
        return True
    return type(command) is cmd.Adjust and command.kind.startswith("BON")


def faction_line(faction: str, commands: list[cmd.Command]) -> list[cmd.Command]:
    """The commands of one faction line as the site plays them: the 2013 spellings
    rewritten, then the line's leech decisions first."""
    typed = _legacy_rewrites(faction, commands)
    return [c for c in typed if isinstance(c, cmd.Leech | cmd.Decline)] + [
        c for c in typed if not isinstance(c, cmd.Leech | cmd.Decline)
    ]


def _legacy_rewrites(faction: str, typed: list[cmd.Command]) -> list[cmd.Command]:
    """Spellings of 2013 logs that the online engine still accepts."""
    out = list(typed)
    own = _line_hook(faction)
    if own is not None:
        own(out)
    # "pass. +bonN" and a line starting "+bonN": pass taking that tile.
    for i, c in enumerate(out):
        if (
            isinstance(c, cmd.Adjust)
            and c.kind.startswith("BON")
            and c.delta == 1
            and (i == 0 or (isinstance(out[i - 1], cmd.Pass) and out[i - 1].tile is None))
        ):
            tile = c.kind
            if i > 0:
                out[i - 1] = cmd.Pass(f"pass {tile}", tile)
                del out[i]
            else:
                out[i] = cmd.Pass(f"pass {tile}", tile)
            break
    _swap_first(out, cmd.Build, cmd.Transform)
    # Only a pass that takes a bonus tile: after a bare pass (round 6) the faction
    # is no longer the one to act, so a conversion there is refused.
    _swap_first(out, cmd.Pass, cmd.Convert, lambda c: c.tile is not None)
    _swap_first(out, cmd.Dig, cmd.Action)
    return out


def _swap_first(
    out: list[cmd.Command],
    first: type,
    second: type,
    applies: Callable[[Any], bool] = lambda c: True,
) -> None:
    for i in range(len(out) - 1):
        if isinstance(out[i], first) and isinstance(out[i + 1], second) and applies(out[i]):
            out[i], out[i + 1] = out[i + 1], out[i]
            return


# --- the whole stream -----------------------------------------------------------


def rewrite_stream(stream: list[Entry | None]) -> int | None:
    """Rewrite the stream in place (a dropped entry becomes None): two identical
    ``+X`` of one faction in a row become ``+2X``; ``player-count`` is set aside.
    Returns the player count it gave, if any."""
    adjust, player_count = cmd.Adjust, cmd.PlayerCount
    count: int | None = None
    last: int | None = None
    for i, entry in enumerate(stream):
        if entry is None:
            continue
        actor, command = entry
        kind = type(command)
        if kind is player_count and actor == ADMIN:
            count = command.number
            stream[i] = None
            continue
        if kind is adjust and last is not None:
            previous = stream[last]
            assert previous is not None
            p_actor, p_command = previous
            if (
                p_actor == actor
                and type(p_command) is adjust
                and p_command.delta > 0
                and p_command.text.lower() == command.text.lower()
                and p_command.source is None
            ):
                doubled = p_command.delta * 2
                stream[last] = (
                    actor,
                    adjust(
                        f"+{doubled}{_adjust_kind_text(p_command.text)}",
                        doubled,
                        p_command.kind,
                        None,
                    ),
                )
                stream[i] = None
                last = None
                continue
        if actor != COMMENT:  # a note between the two changes nothing
            last = i
    return count


def _adjust_kind_text(text: str) -> str:
    match = re.match(r"\+\d*(\w+)", text)
    return match[1] if match else text.lstrip("+")

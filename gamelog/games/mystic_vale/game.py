"""Mystic Vale as a gamelog Game: what the game is; its folder's modules do the rest."""

from __future__ import annotations

from typing import ClassVar

from gamelog.core.game import Parts, TemplateGame
from gamelog.core.header import HeaderKey
from gamelog.games.mystic_vale import header, legal, moves, render, rules, scoring, state
from gamelog.games.mystic_vale.header import Header
from gamelog.games.mystic_vale.moves import Turn
from gamelog.games.mystic_vale.state import GameState


class MysticVale(TemplateGame[Header, GameState, Turn]):
    """Mystic Vale (2-4 players): sleeved cards, planting and spoil, harvest purchases,
    the game ending with the round in which the VP pool runs out."""

    name: ClassVar[str] = "mystic-vale"
    title: ClassVar[str] = "Mystic Vale"
    aliases: ClassVar[tuple[str, ...]] = ("mystic_vale", "mysticvale")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    notation_hint: ClassVar[str] = (
        "Ann: 4 11 13 17 18 pass; buy Grove Keeper top into 13; buy vale Sun Pool"
    )
    header_keys: ClassVar[tuple[HeaderKey, ...]] = header.KEYS
    parts: ClassVar[Parts] = Parts(header, moves, state, rules, scoring, render, legal)


GAME = MysticVale()

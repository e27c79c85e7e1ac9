"""Typed Seikatsu moves and header, and the Lark Transformer that builds them.

The grammar (``grammars/seikatsu.lark``) only fixes the shape of each line; this
module reads the words: tile codes (``GK``), long forms (``grey/pink``), ``koi``
with its chosen bird, and space labels. Anything a person could mistype ends in
a NotationError at the word that is wrong. Whether the header makes sense as a
whole (colours, seating, setup spaces) is the rules engine's job (SetupError).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lark import Token, Transformer, Tree

from gamelog.core.errors import NotationError, SetupError
from gamelog.core.game import Located, Move
from gamelog.core.notation import transform
from gamelog.games.seikatsu import board
from gamelog.games.seikatsu.tiles import (
    BIRD_CODES_HELP,
    BIRDS,
    FLOWERS,
    KOI,
    Bird,
    GardenTile,
    KoiTile,
    bird_by_word,
    explain_bad_code,
    flower_by_word,
    garden_tile,
    tile_by_code,
)

#: ``Placement.space`` of a move onto the pond (never legal; the rules say why).
POND = -1


@dataclass(frozen=True, kw_only=True)
class Placement(Move):
    """A tile put on a space: ``Ann: GK at C4`` or ``Ann: koi as grey at C4``.

    ``bird`` is the bird a koi tile stands for this turn; None for a garden tile,
    or for a koi whose player did not say (the rules then take the best bird).
    """

    tile: GardenTile | KoiTile
    space: int
    bird: Bird | None = None
    #: Located the tile and the space are written, so a report can point at the culprit.
    tile_column: int = 1
    space_column: int = 1

    @property
    def space_label(self) -> str:
        return board.POND_LABEL if self.space == POND else board.SPACES[self.space]


@dataclass(frozen=True)
class PlayerEntry:
    """``Ann (pink)`` in the players line; the colour word is checked by the rules."""

    name: str
    colour: str
    where: Located


@dataclass(frozen=True)
class SeatEntry:
    """``blue G4`` in the seating line: a pagoda colour and the corner (pink label)."""

    colour: str
    corner: str
    where: Located


@dataclass(frozen=True)
class SetupTile:
    """A tile drawn onto a pond-adjacent space before the first turn."""

    tile: GardenTile | KoiTile
    space: int
    where: Located

    @property
    def space_label(self) -> str:
        return board.POND_LABEL if self.space == POND else board.SPACES[self.space]


@dataclass
class Header:
    """The header lines of a log; each key with the place it was written."""

    game: str | None = None
    players: list[PlayerEntry] = field(default_factory=list)
    mode: str | None = None
    seating: list[SeatEntry] = field(default_factory=list)
    setup: list[SetupTile] = field(default_factory=list)
    lines: dict[str, Located] = field(default_factory=dict)


def _where(token: Token) -> Located:
    return Located(line=token.line or 1, column=token.column or 1)


_LABEL = re.compile(r"[a-z][0-9]+$", re.IGNORECASE)


def _space(token: Token) -> int:
    """The space index of a SPACE token ("C4", or "at C4": the "at" is folded in)."""
    text = str(token)
    label = _LABEL.search(text)
    assert label is not None  # the SPACE terminal always ends in a label
    problem = board.space_problem(label.group())
    if problem:
        raise NotationError(problem, line=token.line, column=(token.column or 1) + label.start())
    upper = label.group().upper()
    return POND if upper == board.POND_LABEL else board.INDEX[upper]


def _tile(words: list[Token]) -> tuple[GardenTile | KoiTile, Bird | None]:
    """Read ``GK``, ``grey / pink``, ``koi`` or ``koi as grey`` (tokens, SLASH/AS kept)."""
    first = words[0]
    if len(words) > 1 and words[1].type == "SLASH":
        tile: GardenTile | KoiTile = _long_form(first, words[2])
        rest = words[3:]
    elif first.lower() == "koi":
        tile, rest = KOI, words[1:]
    else:
        code = tile_by_code(first)
        if code is None:
            raise NotationError(explain_bad_code(first), line=first.line, column=first.column)
        tile, rest = code, words[1:]
    if not rest:
        return tile, None
    word = rest[1]
    if tile is not KOI:
        assert isinstance(tile, GardenTile)
        raise NotationError(
            f"only a koi tile takes 'as {word}': {tile.code} is always a {tile.bird.colour} bird",
            line=rest[0].line,
            column=rest[0].column,
        )
    bird = bird_by_word(word)
    if bird is None:
        raise NotationError(
            f"a koi tile stands for a bird; '{word}' is not one ({BIRD_CODES_HELP})",
            line=word.line,
            column=word.column,
        )
    return tile, bird


def _long_form(bird_word: Token, flower_word: Token) -> GardenTile:
    bird = bird_by_word(bird_word)
    if bird is None:
        raise NotationError(
            f"'{bird_word}' is not a bird; the birds are "
            + ", ".join(f"{b.colour} ({b.species})" for b in BIRDS),
            line=bird_word.line,
            column=bird_word.column,
        )
    flower = flower_by_word(flower_word)
    if flower is None:
        raise NotationError(
            f"'{flower_word}' is not a flower; the flowers are "
            + ", ".join(f"{f.colour} ({f.species})" for f in FLOWERS),
            line=flower_word.line,
            column=flower_word.column,
        )
    return garden_tile(bird, flower)


def _name(token: Token) -> str:
    """A player's name as written, with runs of blanks between its words made one space."""
    return " ".join(token.split())


HeaderItem = tuple[str, Located, object]


class LogTransformer(Transformer[Token, tuple[Header, list[Placement]]]):
    """Parse tree -> (Header, [Placement]). Header lines must come before the moves.

    Plain methods on children (no ``v_args``), positions from the tokens: a log is
    mostly moves, and this keeps a move's cost to one call. ``text`` is the log, so
    that each move keeps its line as written.
    """

    __visit_tokens__ = False

    def __init__(self, text: str) -> None:
        super().__init__(visit_tokens=False)
        self.text = text

    def transform(self, tree: Tree[Token]) -> tuple[Header, list[Placement]]:
        """The same callbacks as Lark's walk, called directly: this tree is only three
        levels deep (start, lines, items of a header line), and the generic recursive
        walk costs more than the rest of reading a log."""
        lines = []
        for line in tree.children:
            assert isinstance(line, Tree)
            children = [
                getattr(self, child.data)(child.children) if isinstance(child, Tree) else child
                for child in line.children
            ]
            lines.append(getattr(self, line.data)(children))
        return self.start(lines)

    # --- header lines ------------------------------------------------------

    def game_line(self, children: list[Token]) -> HeaderItem:
        value = str(children[1]).strip() if len(children) > 1 else ""
        return ("game", _where(children[0]), value)

    def players_line(self, children: list) -> HeaderItem:
        return ("players", _where(children[0]), children[1:])

    def player_entry(self, children: list[Token]) -> PlayerEntry:
        name, colour = children
        return PlayerEntry(_name(name), str(colour).lower(), _where(name))

    def mode_line(self, children: list[Token]) -> HeaderItem:
        return ("mode", _where(children[1]), str(children[1]).lower())

    def seating_line(self, children: list) -> HeaderItem:
        return ("seating", _where(children[0]), children[1:])

    def seat(self, children: list[Token]) -> SeatEntry:
        colour, corner = children
        text = _LABEL.search(corner).group() if corner.type == "SPACE" else str(corner)  # type: ignore[union-attr]
        return SeatEntry(str(colour).lower(), text.lower(), _where(colour))

    def setup_line(self, children: list) -> HeaderItem:
        return ("setup", _where(children[0]), children[1:])

    def placement(self, children: list[Token]) -> SetupTile:
        tile, _bird = _tile(children[:-1])
        return SetupTile(tile, _space(children[-1]), _where(children[0]))

    def meta_line(self, children: list[Token]) -> HeaderItem:
        return (str(children[0]).lower(), _where(children[0]), None)

    # --- moves -------------------------------------------------------------

    def move(self, children: list[Token]) -> Placement:
        first, space = children[0], children[-1]
        tile, bird = _tile(children[1:-1])
        start = first.start_pos or 0
        return Placement(
            line=first.line or 1,
            column=first.column or 1,
            player=_name(first),
            source=self.text[start : space.end_pos],
            tile=tile,
            space=_space(space),
            bird=bird,
            tile_column=children[1].column or 1,
            space_column=space.column or 1,
        )

    # --- the whole log -----------------------------------------------------

    def start(self, children: list) -> tuple[Header, list[Placement]]:
        header = Header()
        moves: list[Placement] = []
        for item in children:
            if isinstance(item, Placement):
                moves.append(item)
                continue
            key, where, value = item
            if moves:
                raise SetupError(
                    f"the header line '{key}:' comes after the first move (line {moves[0].line})",
                    line=where.line,
                    column=where.column,
                    rule="the header comes first, then the moves",
                )
            if key in header.lines and key in _SINGLE_KEYS:
                raise SetupError(
                    f"a second '{key}:' line; the first is on line {header.lines[key].line}",
                    line=where.line,
                    column=where.column,
                    rule="each header key is given once",
                )
            header.lines.setdefault(key, where)
            if key in _SINGLE_KEYS:
                setattr(header, key, value)
        return header, moves


_SINGLE_KEYS = frozenset({"game", "players", "mode", "seating", "setup"})

#: Friendly names of the grammar's terminals for "expected ..." messages.
DESCRIBE = {
    "WORD": "a tile like GK, grey/pink or koi",
    "SPACE": "a space like C4",
    "PLAYER": "a player name",
    "GAME_KEY": "'game:'",
    "PLAYERS_KEY": "'players:'",
    "MODE_KEY": "'mode:'",
    "SEATING_KEY": "'seating:'",
    "SETUP_KEY": "'setup:'",
    "META_KEY": "a header line",
    "TEXT": "a value",
    "_AT": "'at'",
    "AS": "'as' (after koi)",
    "COLON": "':'",
    "_COLON": "':'",
    "COMMA": "','",
    "SLASH": "'/'",
    "LPAR": "'('",
    "RPAR": "')'",
}


def read(tree: Tree[Token], text: str) -> tuple[Header, list[Placement]]:
    """Transform the parse tree of ``text`` (GamelogErrors raised inside come out as they are)."""
    return transform(LogTransformer(text).transform, tree)

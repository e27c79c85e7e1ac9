"""Typed Seikatsu moves, the grammar they are parsed with, and the transformer.

The grammar (``grammars/seikatsu.lark``) only fixes the shape of each line; this
module reads the words: tile codes (``GK``), long forms (``grey/pink``), ``koi``
with its chosen bird, and space labels. Anything a person could mistype ends in
a NotationError at the word that is wrong. The same readers serve the tiles of
the ``setup:`` header line (header.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from lark import Token, Transformer, Tree

from gamelog.core.errors import NotationError
from gamelog.core.game import Move
from gamelog.core.notation import Grammar, transform
from gamelog.core.suggest import suggestion
from gamelog.games.seikatsu import board
from gamelog.games.seikatsu.tiles import (
    BIRD_CODES_HELP,
    BIRD_WORDS,
    BIRDS,
    FLOWER_WORDS,
    FLOWERS,
    KOI,
    Bird,
    Flower,
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
    #: Where the tile and the space are written, so a report can point at the culprit.
    tile_column: int = 1
    space_column: int = 1

    @property
    def space_label(self) -> str:
        return board.POND_LABEL if self.space == POND else board.SPACES[self.space]


_LABEL = re.compile(r"[a-z][0-9]+$", re.IGNORECASE)


def read_space(token: Token) -> int:
    """The space index of a SPACE token ("C4", or "at C4": the "at" is folded in)."""
    text = str(token)
    label = _LABEL.search(text)
    assert label is not None  # the SPACE terminal always ends in a label
    problem = board.space_problem(label.group())
    if problem:
        raise NotationError(problem, line=token.line, column=(token.column or 1) + label.start())
    upper = label.group().upper()
    return POND if upper == board.POND_LABEL else board.INDEX[upper]


def read_tile(words: list[Token]) -> tuple[GardenTile | KoiTile, Bird | None]:
    """Read ``GK``, ``grey / pink``, ``scarlet tanager/primrose``, ``koi`` or ``koi as
    grey`` (the tokens, SLASH and AS kept to tell the parts apart)."""
    parts: list[list[Token]] = [[]]
    marks: list[Token] = []
    for token in words:
        if token.type in ("SLASH", "AS"):
            marks.append(token)
            parts.append([])
        else:
            parts[-1].append(token)
    kinds = [mark.type for mark in marks]
    tile: GardenTile | KoiTile
    if kinds[:1] == ["SLASH"]:
        tile = _long_form(parts[0], parts[1])
        parts, marks = parts[2:], marks[1:]
    else:
        tile = _short_form(parts[0])
        parts = parts[1:]
    if not marks:
        return tile, None
    as_word, phrase = marks[0], parts[0]
    if tile is not KOI:
        assert isinstance(tile, GardenTile)
        raise NotationError(
            f"only a koi tile takes 'as {_text(phrase)}': {tile.code} is always a "
            f"{tile.bird.colour} bird",
            line=as_word.line,
            column=as_word.column,
        )
    bird = bird_by_word(_text(phrase))
    if bird is None:
        raise NotationError(
            f"a koi tile stands for a bird; '{_text(phrase)}' is not one ({BIRD_CODES_HELP})"
            + suggestion(_text(phrase), BIRD_WORDS),
            line=phrase[0].line,
            column=phrase[0].column,
        )
    return tile, bird


def _short_form(tokens: list[Token]) -> GardenTile | KoiTile:
    first = tokens[0]
    if len(tokens) == 1 and first.lower() == "koi":
        return KOI
    code = tile_by_code(first) if len(tokens) == 1 else None
    if code is None:
        raise NotationError(explain_bad_code(_text(tokens)), line=first.line, column=first.column)
    return code


def _long_form(bird_words: list[Token], flower_words: list[Token]) -> GardenTile:
    bird = bird_by_word(_text(bird_words))
    if bird is None:
        raise _not_one(bird_words, "bird", BIRDS, BIRD_WORDS)
    flower = flower_by_word(_text(flower_words))
    if flower is None:
        raise _not_one(flower_words, "flower", FLOWERS, FLOWER_WORDS)
    return garden_tile(bird, flower)


def _not_one(
    words: list[Token],
    kind: str,
    known: tuple[Bird, ...] | tuple[Flower, ...],
    spellings: tuple[str, ...],
) -> NotationError:
    """'pinc' is not a flower: the error, with the flowers and the nearest spelling."""
    written = _text(words)
    return NotationError(
        f"'{written}' is not a {kind}; the {kind}s are "
        + ", ".join(f"{item.colour} ({item.species})" for item in known)
        + suggestion(written, spellings),
        line=words[0].line,
        column=words[0].column,
    )


def _text(tokens: list[Token]) -> str:
    return " ".join(str(token) for token in tokens)


def _name(token: Token) -> str:
    """A player's name as written, with runs of blanks between its words made one space."""
    return " ".join(token.split())


class MoveTransformer(Transformer[Token, list[Placement]]):
    """Parse tree -> [Placement].

    Plain methods on children (no ``v_args``), positions from the tokens: a log is
    mostly moves, and this keeps a move's cost to one call. ``text`` is the log, so
    that each move keeps its line as written.
    """

    __visit_tokens__ = False

    def __init__(self, text: str) -> None:
        super().__init__(visit_tokens=False)
        self.text = text

    def transform(self, tree: Tree[Token]) -> list[Placement]:
        """The move callback called directly on each line: the tree is two levels
        deep (start, moves), and the generic recursive walk would cost more than the
        rest of reading a log."""
        return [self.move(line.children) for line in tree.children]  # type: ignore[union-attr]

    def move(self, children: list[Token]) -> Placement:
        first, space = children[0], children[-1]
        tile, bird = read_tile(children[1:-1])
        start = first.start_pos or 0
        return Placement(
            line=first.line or 1,
            column=first.column or 1,
            player=_name(first),
            source=self.text[start : space.end_pos],
            tile=tile,
            space=read_space(space),
            bird=bird,
            tile_column=children[1].column or 1,
            space_column=space.column or 1,
        )


#: Friendly names of the grammar's terminals for "expected ..." messages.
DESCRIBE = {
    "WORD": "a tile like GK, grey/pink or koi",
    "SPACE": "a space like C4",
    "PLAYER": "a player name",
    "_AT": "'at'",
    "AS": "'as' (after koi)",
    "COLON": "':'",
    "_COLON": "':'",
    "COMMA": "','",
    "SLASH": "'/'",
    "LPAR": "'('",
    "RPAR": "')'",
}

GRAMMAR = Grammar(
    "seikatsu",
    starts=("start", "seating_value", "setup_value"),
    describe=DESCRIBE,
    positions=False,
)


def moves_from(body: str, header: object = None) -> Sequence[Placement]:
    """The moves of a log whose header lines are blanked (a Seikatsu move stands on its
    own: the header is not needed to read it)."""
    return GRAMMAR.parse_lines(body, _read)


def _read(tree: Tree[Token], text: str) -> list[Placement]:
    return transform(MoveTransformer(text).transform, tree)

"""Lark errors become NotationErrors that say what was found and what was expected."""

from pathlib import Path

import pytest

from gamelog.core import notation
from gamelog.core.cache import cache_dir
from gamelog.core.errors import NotationError
from gamelog.core.header import HeaderKey, read_header

DEMO = r"""
start: _NL* (move _NL+)*
move: NAME ":" "play"i SPACE
spaces_value: SPACE ("," SPACE)*
SPACE: /[A-G][1-7]/
%import .common (_NL, COMMENT, WS_INLINE, NAME)
%ignore COMMENT
%ignore WS_INLINE
"""


@pytest.fixture
def demo_grammar(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    common = notation.grammar_dir() / "common.lark"
    (tmp_path / "common.lark").write_text(common.read_text())
    (tmp_path / "demo_core_test.lark").write_text(DEMO)
    monkeypatch.setattr(notation, "grammar_dir", lambda: tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    cache_dir.cache_clear()
    notation.parser.cache_clear()
    yield "demo_core_test"
    notation.parser.cache_clear()
    cache_dir.cache_clear()


def grammar(name: str) -> notation.Grammar:
    return notation.Grammar(
        name, starts=("start", "spaces_value"), describe={"SPACE": "a space like C4"}
    )


def parse_error(name: str, text: str) -> NotationError:
    with pytest.raises(NotationError) as caught:
        grammar(name).parse(notation.normalise(text))
    return caught.value


def test_valid_text_parses_with_comments_blank_lines_and_any_case(demo_grammar: str) -> None:
    tree = grammar(demo_grammar).parse("\n# c\nAnn: PLAY C4  # note\n\nBob: play D5\n")
    assert len(tree.children) == 2


def test_missing_argument_names_what_was_expected(demo_grammar: str) -> None:
    error = parse_error(demo_grammar, "Ann: play C4\nBob: play\n")
    assert (error.line, error.column) == (2, 10)
    assert error.message == "unexpected end of line; expected a space like C4"


def test_wrong_word_is_quoted(demo_grammar: str) -> None:
    error = parse_error(demo_grammar, "Ann: place C4\n")
    assert (error.line, error.column) == (1, 6)
    assert error.message.startswith("unexpected 'place'; expected 'play'")


def test_stray_character(demo_grammar: str) -> None:
    error = parse_error(demo_grammar, "Ann: play C4 !\n")
    assert (error.line, error.column) == (1, 14)
    assert "unexpected '!'" in error.message


def test_normalise_drops_bom_and_crlf() -> None:
    assert notation.normalise("\ufeffa\r\nb\rc") == "a\nb\nc\n"


def test_compiled_tables_are_kept_in_the_users_cache(demo_grammar: str, tmp_path: Path) -> None:
    grammar(demo_grammar).parse("Ann: play C4\n")
    kept = list((tmp_path / "cache" / "gamelog").glob("lark-demo_core_test-*"))
    assert len(kept) == 1


def test_a_header_value_parses_in_place(demo_grammar: str) -> None:
    """Tokens and errors of a value carry the line and column of the file."""
    header = read_header(
        "game: demo\nspaces: C4, D5\n",
        (HeaderKey("spaces", "some spaces"),),
        game_names=("demo",),
        title="Demo",
    )
    line = header.first("spaces")
    assert line is not None
    tree = grammar(demo_grammar).parse_value(line, "spaces_value")
    assert [(t.line, t.column) for t in tree.children] == [(2, 9), (2, 13)]
    bad = read_header(
        "spaces: C4, Z5\n",
        (HeaderKey("spaces", "some spaces"),),
        game_names=("demo",),
        title="Demo",
    ).first("spaces")
    assert bad is not None
    with pytest.raises(NotationError) as caught:
        grammar(demo_grammar).parse_value(bad, "spaces_value")
    assert (caught.value.line, caught.value.column) == (1, 13)

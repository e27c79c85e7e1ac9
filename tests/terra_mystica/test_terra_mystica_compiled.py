"""Tables kept on disk between runs (component data, map geometry) and the light
records they are made of: built once, rebuilt when an input changes or the file
is damaged, never trusted blindly."""

from __future__ import annotations

import marshal
import pickle
from pathlib import Path
from typing import ClassVar

import pytest

from gamelog.core.cache import cache_dir
from gamelog.games.terra_mystica import board, compiled
from gamelog.games.terra_mystica.board import _build_board, board_for
from gamelog.games.terra_mystica.components import CONSTANTS, MAPS
from gamelog.games.terra_mystica.records import Record


@pytest.fixture
def temp_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A private cache folder for the test (core.cache keeps tables there)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    cache_dir.cache_clear()
    yield tmp_path / "gamelog"
    cache_dir.cache_clear()


def test_tables_are_built_once_and_then_read_back(temp_dir: Path) -> None:
    calls: list[int] = []

    def build() -> dict[str, int]:
        calls.append(1)
        return {"built": len(calls)}

    assert compiled.tables("test", b"inputs", build) == {"built": 1}
    assert compiled.tables("test", b"inputs", build) == {"built": 1}
    assert len(calls) == 1
    assert len(list(temp_dir.glob("terra_mystica-test-*.pickle"))) == 1
    # Other inputs are other tables.
    assert compiled.tables("test", b"changed", build) == {"built": 2}


def test_a_damaged_table_file_is_rebuilt(temp_dir: Path) -> None:
    compiled.tables("test", b"inputs", lambda: "first")
    (path,) = temp_dir.glob("terra_mystica-test-*.pickle")
    path.write_bytes(b"not a pickle")
    assert compiled.tables("test", b"inputs", lambda: "again") == "again"
    assert pickle.loads(path.read_bytes()) == "again"


def test_an_unwritable_cache_only_costs_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "not-a-folder").write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "not-a-folder"))
    cache_dir.cache_clear()
    assert compiled.tables("test", b"inputs", lambda: 42) == 42
    cache_dir.cache_clear()


def test_kept_tables_are_keyed_by_the_code_that_builds_them() -> None:
    """The modules a builder uses, found by their names: a change to any of them is a
    new cache file."""
    here = Path(compiled.__file__).parent
    sources = compiled.builder_sources("gamelog.games.terra_mystica.board")
    for name in ("board.py", "components.py", "records.py", "compiled.py"):
        assert (here / name).read_bytes() in sources
    assert (here / "rules" / "__init__.py").read_bytes() not in sources


def test_the_kept_board_is_the_board_the_terrain_gives() -> None:
    terrain = MAPS[CONSTANTS.original_map]
    assert board_for(terrain) == _build_board(terrain)


class Point(Record):
    x: int
    y: int = 0
    kind: ClassVar[str] = "point"


class Labelled(Point):
    label: str = ""


def test_records_have_named_fields_defaults_and_value_semantics() -> None:
    p = Point(1, y=2)
    assert (p.x, p.y, p.kind) == (1, 2, "point")
    assert Point(3) == Point(3, 0) and Point._fields == ("x", "y")
    assert p._replace(y=5) == Point(1, 5)
    assert repr(p) == "Point(x=1, y=2)"
    assert Labelled(1, 2, "a").label == "a" and Labelled._fields == ("x", "y", "label")
    assert pickle.loads(pickle.dumps(Labelled(1, label="b"))) == Labelled(1, 0, "b")
    with pytest.raises(AttributeError):
        p.x = 4  # type: ignore[misc]
    with pytest.raises(TypeError, match="missing field 'x'"):
        Point()
    with pytest.raises(TypeError, match="no field 'z'"):
        Point(1, z=2)


def test_the_game_tables_are_kept_as_plain_values_that_cannot_run_code(temp_dir: Path) -> None:
    """The component tables and the boards are kept with marshal (plain values only), and
    made records again when read: the same tables as built."""
    from gamelog.games.terra_mystica import components

    terrain = MAPS[CONSTANTS.original_map]
    built = compiled.tables("board", terrain.encode(), lambda: _build_board(terrain))
    kept = compiled.tables(
        "board", terrain.encode(), lambda: _build_board(terrain), records=board._board_of
    )
    assert kept == built
    again = compiled.tables(
        "board", terrain.encode(), lambda: pytest.fail("built again"), records=board._board_of
    )
    assert again == built and type(again) is board.Board
    (path,) = temp_dir.glob("terra_mystica-board-*.marshal")
    assert marshal.loads(path.read_bytes()) == compiled.plain(built)
    assert components._records(compiled.plain(components._TABLES)) == components._TABLES


def test_a_kept_table_of_the_wrong_shape_is_built_again(temp_dir: Path) -> None:
    terrain = MAPS[CONSTANTS.original_map]
    build = lambda: _build_board(terrain)  # noqa: E731
    compiled.tables("board", b"x", build, records=board._board_of)
    (path,) = temp_dir.glob("terra_mystica-board-*.marshal")
    path.write_bytes(marshal.dumps(("not", "a", "board")))
    assert compiled.tables("board", b"x", build, records=board._board_of) == build()
    path.write_bytes(b"\x00garbage")
    assert compiled.tables("board", b"x", build, records=board._board_of) == build()


def test_plain_values_refuse_anything_else() -> None:
    with pytest.raises(TypeError):
        compiled.plain({"a": object()})
    assert compiled.plain((Point(1, 2), [frozenset({3})])) == ((1, 2), [frozenset({3})])

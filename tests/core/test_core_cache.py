"""The on-disk cache: reused when the inputs match, rebuilt when they change or the
file is damaged, and never in the way when there is nowhere to write."""

import os
from pathlib import Path

import pytest

from gamelog.core import cache


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    cache.cache_dir.cache_clear()
    yield tmp_path / "gamelog"
    cache.cache_dir.cache_clear()


def counting_builder(value: object):
    calls: list[int] = []

    def build() -> object:
        calls.append(1)
        return value

    return build, calls


def test_a_value_is_built_once_for_the_same_inputs(private_cache: Path) -> None:
    build, calls = counting_builder({"map": [1, 2, 3]})
    assert cache.built("demo", b"v1", build) == {"map": [1, 2, 3]}
    assert cache.built("demo", b"v1", build) == {"map": [1, 2, 3]}
    assert len(calls) == 1
    assert private_cache.stat().st_mode & 0o777 == 0o700


def test_new_inputs_build_again(private_cache: Path) -> None:
    build, calls = counting_builder("x")
    cache.built("demo", b"v1", build)
    cache.built("demo", b"v2", build)
    assert len(calls) == 2


def test_a_damaged_file_is_rebuilt(private_cache: Path) -> None:
    build, calls = counting_builder("x")
    cache.built("demo", b"v1", build)
    for file in private_cache.glob("demo-*"):
        file.write_bytes(b"not a pickle")
    assert cache.built("demo", b"v1", build) == "x"
    assert len(calls) == 2


def test_nowhere_to_write_still_builds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    cache.cache_dir.cache_clear()
    assert cache.cache_dir() is None
    build, calls = counting_builder(7)
    assert cache.built("demo", b"v1", build) == 7
    assert cache.built("demo", b"v1", build) == 7
    assert len(calls) == 2


def test_a_folder_others_can_write_is_not_trusted(
    private_cache: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A pickle planted in a world-writable folder would run as the caller."""
    build, calls = counting_builder("x")
    cache.built("demo", b"v1", build)
    private_cache.chmod(0o777)
    cache.cache_dir.cache_clear()
    cache._warned.clear()
    assert cache.cache_dir() is None
    assert cache.built("demo", b"v1", build) == "x"
    assert len(calls) == 2
    cache.cache_dir.cache_clear()
    cache.cache_dir()
    assert capsys.readouterr().err.count("is writable by others") == 1


def test_a_file_of_another_user_or_writable_by_others_is_ignored(private_cache: Path) -> None:
    build, calls = counting_builder("x")
    cache.built("demo", b"v1", build)
    (kept,) = private_cache.glob("demo-*")
    kept.chmod(0o666)
    assert cache.built("demo", b"v1", build) == "x" and len(calls) == 2
    kept.chmod(0o600)
    if os.getuid() == 0:  # only root can give a file away
        os.chown(kept, 65534, 65534)
        assert cache.built("demo", b"v1", build) == "x" and len(calls) == 3


def test_a_kept_value_of_the_wrong_type_is_rebuilt(private_cache: Path) -> None:
    build, calls = counting_builder({"ok": 1})
    cache.built("demo", b"v1", lambda: [1, 2])  # same name, another type kept
    assert cache.built("demo", b"v1", build, valid=dict) == {"ok": 1}
    assert len(calls) == 1


def test_plain_values_are_kept_without_pickle(private_cache: Path) -> None:
    build, calls = counting_builder({"rows": [1, (2, "x")]})
    cache.built("plain", b"v1", build, plain=True)
    assert cache.built("plain", b"v1", build, plain=True) == {"rows": [1, (2, "x")]}
    assert len(calls) == 1
    assert [p.suffix for p in private_cache.glob("plain-*")] == [".marshal"]


def test_a_relative_cache_home_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    cache.cache_dir.cache_clear()
    assert cache.cache_dir() == tmp_path / "home" / ".cache" / "gamelog"
    assert not (tmp_path / "relative").exists()


def test_writes_leave_no_scratch_file(private_cache: Path) -> None:
    cache.built("demo", b"v1", lambda: "x")
    assert [p.name.startswith(".") for p in private_cache.iterdir()] == [False]


def test_parser_tables_are_kept_as_plain_values(private_cache: Path) -> None:
    from gamelog.core import notation

    notation.parser.cache_clear()
    try:
        notation.parser("seikatsu", ("start",), False, None)
        assert [p.suffix for p in private_cache.glob("lark-seikatsu-*")] == [".marshal"]
    finally:
        notation.parser.cache_clear()


def test_a_games_data_is_parsed_once_and_read_back_the_same(
    private_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every game's TOML data: parsed with tomllib the first time, then read back from
    the cache as the same value, without parsing."""
    import tomllib

    from gamelog import games
    from gamelog.core import data

    parsed: list[int] = []
    real_parse = data._parse

    def counting(raw: bytes) -> dict[str, object]:
        parsed.append(1)
        return real_parse(raw)

    monkeypatch.setattr(data, "_parse", counting)
    files = [
        (f"gamelog.games.{package}", path.name)
        for package in games.package_names()
        for path in sorted((Path(games.__file__).parent / package / "data").glob("*.toml"))
    ]
    assert files
    for package, name in files:
        __import__(package)
        expected = tomllib.loads(
            (Path(games.__file__).parent / package.rsplit(".", 1)[1] / "data" / name).read_text()
        )
        assert data.read_toml(package, name) == expected
    assert len(parsed) == len(files)
    for package, name in files:
        data.read_toml(package, name)
    assert len(parsed) == len(files)  # all read back

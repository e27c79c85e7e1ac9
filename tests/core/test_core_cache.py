"""The on-disk cache: reused when the inputs match, rebuilt when they change or the
file is damaged, and never in the way when there is nowhere to write."""

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
    for file in private_cache.glob("demo-*.pickle"):
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

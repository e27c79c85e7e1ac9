"""The batch auditor: one record per file whatever the file holds; never a crash."""

from pathlib import Path

import pytest

from gamelog.core import audit
from gamelog.core.audit import audit_file, expand, run_audit


def test_expand_walks_folders_recursively_and_reports_unmatched(tmp_path: Path) -> None:
    (tmp_path / "a.log").write_text("x")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.txt").write_text("x")
    (tmp_path / "sub" / "ignored.png").write_bytes(b"x")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "c.log").write_text("x")
    targets, missing = expand([str(tmp_path), str(tmp_path / "nope" / "*.log"), "missing.log"])
    found = [Path(t.path).relative_to(tmp_path).as_posix() for t in targets if t.problem is None]
    assert found == ["a.log", "sub/b.txt"]
    assert missing == [str(tmp_path / "nope" / "*.log"), "missing.log"]
    assert [(t.path, t.problem) for t in targets if t.problem] == [
        (str(tmp_path / "nope" / "*.log"), "no file matches this pattern"),
        ("missing.log", "no such file"),
    ]


def test_glob_patterns_expand(tmp_path: Path) -> None:
    for name in ("g1.log", "g2.log", "other.txt"):
        (tmp_path / name).write_text("x")
    targets, missing = expand([str(tmp_path / "g*.log")])
    assert [Path(t.path).name for t in targets] == ["g1.log", "g2.log"] and not missing


@pytest.mark.parametrize(
    ("content", "status", "words"),
    [
        (b"\x00\x01\x02binary", "unreadable", "NUL bytes"),
        (b"\xff\xfe latin", "unreadable", "not UTF-8"),
        (b"", "setup-error", "empty"),
        (b"   \n# only a comment\n", "setup-error", "empty"),
        (b"x" * 5_000_000, "setup-error", "cannot tell which game"),
        (b"game: chess\n", "setup-error", "unknown game 'chess'"),
    ],
)
def test_garbage_files_get_a_status_not_a_crash(
    tmp_path: Path, content: bytes, status: str, words: str
) -> None:
    path = tmp_path / "bad.log"
    path.write_bytes(content)
    rec = audit_file(str(path))
    assert rec["status"] == status
    assert words in rec["error"]["message"]
    assert rec["players"] == [] and rec["winners"] == []


def test_missing_file_is_unreadable(tmp_path: Path) -> None:
    rec = audit_file(str(tmp_path / "gone.log"))
    assert rec["status"] == "unreadable"


def test_engine_bug_becomes_internal_error_of_that_file_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(audit, "game_for", broken)
    (tmp_path / "a.log").write_text("game: seikatsu\n")
    (tmp_path / "b.log").write_bytes(b"\x00")
    records = run_audit([str(tmp_path / "a.log"), str(tmp_path / "b.log")], jobs=1)
    assert [r["status"] for r in records] == ["internal-error", "unreadable"]
    assert records[0]["error"]["message"] == "ZeroDivisionError: division by zero"
    assert "Traceback" in records[0]["traceback"]


def test_a_file_that_runs_too_long_is_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def forever(*args: object, **kwargs: object) -> None:
        while True:
            pass

    monkeypatch.setattr(audit, "game_for", forever)
    (tmp_path / "slow.log").write_text("game: seikatsu\n")
    rec = audit_file(str(tmp_path / "slow.log"), timeout=0.2)
    assert rec["status"] == "timeout"
    assert "0.2 s" in rec["error"]["message"]

"""Issue 23: an audit's parent keeps of each record only what its output needs, so that
its memory stays flat as the files grow in number (100,000 logs in under 500 MB).

A whole record is some 56 KB in the parent (its JSON line some 14 KB); what the
parent may keep of a file is measured here as the growth of its peak traced memory
between a batch of N copies of the same logs and one of 4N, per added file.
"""

from __future__ import annotations

import json
import os
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gamelog.cli import audit as cli_audit
from gamelog.cli import main
from gamelog.core.audit import json_line, run_audit, summary
from gamelog.core.standings import Season, entry, json_pieces, standings, table_record

ROOT = Path(__file__).resolve().parent.parent.parent
CORPUS = ROOT / "tests" / "corpus" / "terra_mystica" / "commands"
SAMPLES = ROOT / "samples"

#: Copies per batch: the small one, and the large one is four times as many.
SMALL = 24


def copies(folder: Path, count: int) -> list[str]:
    """``count`` hard links to the first five corpus logs, round robin."""
    sources = sorted(CORPUS.glob("*.txt"))[:5]
    folder.mkdir()
    paths = []
    for index in range(count):
        path = folder / f"g{index:05}.txt"
        os.link(sources[index % len(sources)], path)
        paths.append(str(path))
    return paths


def peak_per_added_file(
    tmp_path: Path, jobs: int, keep: bool, shape: Any, on_done_at: Callable[[int, Any], None]
) -> float:
    """Bytes of the parent's peak traced memory per file that the larger batch adds."""
    small = copies(tmp_path / "small", SMALL)
    large = copies(tmp_path / "large", 4 * SMALL)
    run_audit(small, jobs=jobs, keep=keep, shape=shape, on_done_at=on_done_at)  # engine warm
    peaks = []
    for files in (small, large):
        tracemalloc.start()
        try:
            kept = run_audit(files, jobs=jobs, keep=keep, shape=shape, on_done_at=on_done_at)
            assert len(kept) == (len(files) if keep else 0)
            peaks.append(tracemalloc.get_traced_memory()[1])
            del kept
        finally:
            tracemalloc.stop()
    return (peaks[1] - peaks[0]) / (3 * SMALL)


@pytest.mark.parametrize("jobs", [1, 2])
def test_json_lines_keep_nothing_of_a_record_in_the_parent(tmp_path: Path, jobs: int) -> None:
    """``audit --format jsonl``: each record is its JSON line, made in the worker, and
    nothing of it stays once it is written."""
    seen: list[str] = []

    def written(index: int, rec: dict[str, Any]) -> None:
        assert set(rec) == {"file", "game", "status", "json_line"}
        seen.append(rec["status"])

    per_file = peak_per_added_file(tmp_path, jobs, False, json_line, written)
    assert set(seen) == {"ok"}
    assert per_file < 2_000, f"the parent grows by {per_file:,.0f} bytes a file"


def test_a_table_keeps_a_row_s_worth_of_each_record(tmp_path: Path) -> None:
    """``audit`` (table, CSV, page): the summary made in the worker, not the record,
    its repeated text held once in the parent (``core.audit.SharedText``: some 750
    bytes traced a file, where each record's own keys and names made 2.5 KB)."""
    per_file = peak_per_added_file(tmp_path, 2, True, summary, lambda index, rec: None)
    assert per_file < 2_000, f"the parent grows by {per_file:,.0f} bytes a file"


def test_standings_keep_a_few_numbers_of_each_game(tmp_path: Path) -> None:
    """``standings``: each record folded into the season as it comes, none kept; the
    season holds each player's total, rank and win of each game."""
    season = Season()
    per_file = peak_per_added_file(tmp_path, 2, False, entry, season.add)
    assert per_file < 3_000, f"the parent grows by {per_file:,.0f} bytes a file"


@pytest.mark.parametrize("by", ["player", "faction"])
def test_standings_json_in_pieces_is_the_whole_json(by: str) -> None:
    """The standings' JSON written an entrant at a time is the text of the whole at
    once: every game's samples (tables of several games, logs not counted) and the
    corpus (a game whose seats are factions, with sources)."""
    files = [str(p) for p in sorted(SAMPLES.rglob("*.log"))]
    files += [str(p) for p in sorted(CORPUS.glob("*.txt"))[:6]]
    result = standings(run_audit(files, jobs=2), by=by)
    assert len(result.tables) > 1 and result.apart
    whole = {"tables": [table_record(t) for t in result.tables], "not_counted": result.apart}
    assert "".join(json_pieces(result)) == json.dumps(whole, indent=2, ensure_ascii=False)


def test_standings_json_of_nothing_counted_is_the_whole_json() -> None:
    result = standings([])
    assert "".join(json_pieces(result)) == json.dumps(
        {"tables": [], "not_counted": []}, indent=2, ensure_ascii=False
    )


@pytest.mark.parametrize(
    ("fmt", "keep", "shape"),
    [
        ("jsonl", False, "json_line"),
        ("json", False, "json_text"),
        ("table", True, "summary"),
        ("csv", True, "summary"),
    ],
)
def test_the_audit_command_asks_for_what_its_output_needs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fmt: str, keep: bool, shape: str
) -> None:
    """The command's own choice of what its parent keeps, for each format (JSON: each
    record's text, compressed in the worker, set down in a temporary file)."""
    asked: list[dict[str, Any]] = []

    def recorded(*args: Any, **options: Any) -> list[dict[str, Any]]:
        asked.append(options)
        return run_audit(*args, **options)

    monkeypatch.setattr(cli_audit, "run_audit", recorded)
    files = copies(tmp_path / "logs", 3)
    result = CliRunner().invoke(main, ["audit", "--format", fmt, "--jobs", "2", *files])
    assert result.exit_code == 0, result.output
    assert [(o["keep"], o["shape"].__name__) for o in asked] == [(keep, shape)]


def test_a_json_audit_writes_its_records_in_the_files_order(tmp_path: Path) -> None:
    """Set down as they finish (the largest first), written in the files' order: the
    same list as the records themselves."""
    files = copies(tmp_path / "logs", 6)
    files += [str(SAMPLES / "seikatsu" / "illegal-occupied.log"), str(tmp_path / "gone.log")]
    result = CliRunner().invoke(main, ["audit", "--format", "json", "--jobs", "2", *files])
    assert result.exit_code == 2, result.output  # a named file is missing
    records = run_audit(files, jobs=1)
    assert [r["file"] for r in records] == files
    assert result.stdout == json.dumps(records, indent=2, ensure_ascii=False) + "\n"

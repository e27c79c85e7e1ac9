"""Mutated logs of every game never crash `check` or `audit`: each ends legal or with a
typed error that has a line number."""

from __future__ import annotations

import tempfile
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamelog.cli import main
from gamelog.core.audit import audit_file

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(p for p in (ROOT / "samples").rglob("*.log") if p.is_file())
TYPED = {"ok", "illegal", "notation-error", "setup-error"}


@st.composite
def mutated_logs(draw: st.DrawFn) -> str:
    lines = draw(st.sampled_from(SAMPLES)).read_text(encoding="utf-8").split("\n")
    for _ in range(draw(st.integers(1, 3))):
        if not lines:
            break
        kind = draw(st.sampled_from(["drop", "duplicate", "swap", "char", "truncate"]))
        i = draw(st.integers(0, len(lines) - 1))
        j = draw(st.integers(0, len(lines) - 1))
        if kind == "drop":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        elif kind == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "char":
            line = lines[i]
            at = draw(st.integers(0, len(line)))
            char = draw(st.characters(codec="utf-8", exclude_categories=("Cs",)))
            lines[i] = line[:at] + char + line[at + 1 :]
        else:
            text = "\n".join(lines)
            lines = text[: draw(st.integers(0, len(text)))].split("\n")
    return "\n".join(lines)


def _write(text: str) -> str:
    with tempfile.NamedTemporaryFile(
        "w", suffix=".log", delete=False, encoding="utf-8", newline=""
    ) as handle:
        handle.write(text)
    return handle.name


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_logs())
def test_audit_reports_only_typed_outcomes_with_a_line(text: str) -> None:
    path = _write(text)
    try:
        rec = audit_file(path)
    finally:
        Path(path).unlink()
    assert rec["status"] in TYPED, rec["error"]
    if rec["status"] != "ok":
        assert isinstance(rec["error"]["line"], int) and rec["error"]["line"] >= 1, rec["error"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_logs())
def test_check_never_shows_a_traceback(text: str) -> None:
    path = _write(text)
    try:
        result = CliRunner().invoke(main, ["check", path])
    finally:
        Path(path).unlink()
    assert result.exit_code in (0, 1), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    if result.exit_code == 1:
        assert result.stderr.startswith(f"{path}:")

"""Mutated logs of every game never crash `check` or `audit`: each ends legal or with a
typed error that has a line number."""

from __future__ import annotations

import tempfile
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from mutations import mutated_logs

from gamelog.cli import main
from gamelog.core.audit import audit_file

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(p for p in (ROOT / "samples").rglob("*.log") if p.is_file())
TYPED = {"ok", "illegal", "notation-error", "setup-error"}


BASES = [path.read_text(encoding="utf-8") for path in SAMPLES]
ALPHABET = 'aekmoprstx0123456789 :;,.#()/"=-+\t\u00a0\ufeffé'


def _write(text: str) -> str:
    with tempfile.NamedTemporaryFile(
        "w", suffix=".log", delete=False, encoding="utf-8", newline=""
    ) as handle:
        handle.write(text)
    return handle.name


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_logs(BASES, ALPHABET))
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
@given(mutated_logs(BASES, ALPHABET))
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

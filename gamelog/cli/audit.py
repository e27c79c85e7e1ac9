"""``gamelog audit``: a whole folder, one record per file, whatever happens."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import zlib
from array import array
from collections.abc import Callable, Iterator
from typing import Any

import click

from gamelog.cli.loading import settings
from gamelog.cli.options import LogOptions, format_option, jobs_option, log_options
from gamelog.cli.output import EXIT_OK, EXIT_PROBLEM, EXIT_USAGE, Output, fail_usage
from gamelog.core import render
from gamelog.core.audit import (
    Target,
    compressed_json,
    expand,
    json_line,
    json_text,
    log_suffixes,
    public,
    run_audit,
    summary,
)
from gamelog.core.words import counted
from gamelog.core.workers import Interrupted


@click.command()
@click.argument("paths", nargs=-1, required=True)
@jobs_option
@format_option(["table", "json", "jsonl", "csv", "html"], "table")
@log_options
def audit(
    paths: tuple[str, ...],
    jobs: int | None,
    fmt: str,
    options: LogOptions,
) -> None:
    """Check every log under PATHS (files, folders, globs) and report each one.

    \b
    table  one row per file: game, status, moves replayed, result (winners or
           unfinished), first problem; then the count of each status
    json   a list of the records `score --format json` prints
    jsonl  one record per line, written as each file finishes
    csv    the table's columns
    html   a page of every record, sortable and filterable by game, status and
           player, each problem with its line as written (use -o FILE)
    Folders are searched for .log, .txt and .gamelog files and the suffixes a
    game names for its logs (`gamelog games`). Every entry
    gets a record: an unreadable, binary or oversized file, a dangling link or
    a FIFO is `unreadable`; a replay past --timeout is `timeout`; a bug in
    gamelog or a worker that dies twice is `internal-error`. Ctrl-C or SIGTERM
    stops the audit and prints the records finished so far.

    \b
    Example:
      gamelog audit season/ --jobs 4 --format jsonl -o season.jsonl
    \b
    Exit codes: 0 every log is legal, 1 some log has a problem, 2 usage error
    (also when a named path does not exist; the others are still audited),
    130 stopped by Ctrl-C, 143 stopped by SIGTERM.
    """
    targets, missing = expand(paths)
    if not targets:
        fail_usage(f"no log files found (looked for {', '.join(log_suffixes())} files)")
    if len(missing) == len(targets):
        fail_usage(f"nothing matches: {', '.join(missing)}")
    stream_lines = fmt == "jsonl"
    out = Output(
        options.output,
        settings().colour,
        inputs=[target.path for target in targets],
        lines=stream_lines,
        paged=fmt == "table",
    )
    written_count = [0]
    debug = settings().debug
    spill = _Spill(len(targets)) if fmt == "json" else None

    def written(index: int, rec: dict[str, Any]) -> None:
        """One JSON line, whole (core/files.py: a signal waits until it is out), or
        one record's JSON set down in the spill, and nothing of the record kept."""
        if spill is not None:
            spill.add(index, rec)
        else:
            line = rec.get("json_line")  # made in the worker (core.audit.json_line)
            out.record(line if line is not None else json.dumps(public(rec), ensure_ascii=False))
        written_count[0] += 1
        if debug and "traceback" in rec:
            click.echo(f"{rec['file']}:\n{rec['traceback']}", err=True)

    exit_code = None
    statuses_ok = [True]
    try:
        records = _run(
            targets,
            options.game,
            jobs or os.cpu_count() or 1,
            options.timeout,
            options.max_bytes,
            written if stream_lines or spill is not None else None,
            fmt,
            statuses_ok,
        )
    except Interrupted as stop:
        records = [rec for rec in stop.records if rec is not None]
        exit_code = 128 + stop.signum
        done = written_count[0] if stream_lines or spill is not None else len(records)
        click.echo(f"gamelog: stopped ({done} of {counted(len(targets), 'file')} done)", err=True)
    if debug:
        for rec in records:
            if "traceback" in rec:
                click.echo(f"{rec['file']}:\n{rec['traceback']}", err=True)
    with out:
        if spill is not None:
            out.echo_pieces(spill.pieces())
        elif not stream_lines:
            _print(out, fmt, records)
    if exit_code is None:
        exit_code = (
            EXIT_USAGE
            if missing
            else (
                EXIT_OK
                if statuses_ok[0] and all(rec["status"] == "ok" for rec in records)
                else EXIT_PROBLEM
            )
        )
    sys.exit(exit_code)


def _run(
    targets: list[Target],
    forced_game: str | None,
    jobs: int,
    timeout: float,
    max_bytes: int,
    on_done: Callable[[int, dict[str, Any]], None] | None,
    fmt: str,
    statuses_ok: list[bool],
) -> list[dict[str, Any]]:
    """The records the output needs, and no more: none for JSON lines and JSON (each
    is written as it comes, or set down in the spill: ``on_done(index, record)``), a
    row's worth (``core.audit.summary``, made in the worker) for the table, CSV and
    page. ``statuses_ok[0]`` is cleared when a record that is not kept is not ok."""
    streamed = on_done is not None

    def seen(index: int, rec: dict[str, Any]) -> None:
        if rec["status"] != "ok":
            statuses_ok[0] = False
        if on_done is not None:
            on_done(index, rec)

    options: dict[str, Any] = {
        "game": forced_game,
        "jobs": jobs,
        "timeout": timeout,
        "max_bytes": max_bytes,
        "keep": not streamed,
        "shape": json_text if fmt == "json" else json_line if streamed else summary,
    }
    if not sys.stderr.isatty() or len(targets) < 2:
        return run_audit(targets, on_done_at=seen, **options)
    with click.progressbar(
        length=len(targets), label="auditing", file=sys.stderr, show_pos=True
    ) as bar:

        def done(index: int, rec: dict[str, Any]) -> None:
            bar.update(1)
            seen(index, rec)

        return run_audit(targets, on_done_at=done, **options)


class _Spill:
    """``audit --format json``: each record's JSON (``core.audit.json_text``, made and
    compressed in the worker) set down in a temporary file as it finishes, in any
    order, and read back in the files' order at the end; the parent holds 16 bytes a
    file, not the records (56 KB each)."""

    def __init__(self, count: int) -> None:
        # Open for the command's life, unlinked at once (nothing is left behind).
        self.file = tempfile.TemporaryFile(prefix="gamelog-audit-")  # noqa: SIM115
        self.offsets = array("q", [-1]) * count
        self.sizes = array("q", [0]) * count
        self.end = 0

    def add(self, index: int, rec: dict[str, Any]) -> None:
        data = rec.get("json_text")  # a failure's record comes whole
        if data is None:
            data = compressed_json(rec)
        self.file.write(data)
        self.offsets[index], self.sizes[index] = self.end, len(data)
        self.end += len(data)

    def pieces(self) -> Iterator[str]:
        """The text ``json.dumps(records, indent=2)`` writes of the records set down,
        a record at a time, in the files' order."""
        self.file.flush()
        first = True
        for offset, size in zip(self.offsets, self.sizes, strict=True):
            if offset < 0:  # not finished (a signal stopped the audit)
                continue
            self.file.seek(offset)
            text = zlib.decompress(self.file.read(size)).decode("utf-8")
            yield ("[\n  " if first else ",\n  ") + text.replace("\n", "\n  ")
            first = False
        yield "[]" if first else "\n]"
        self.file.close()


def _print(out: Output, fmt: str, records: list[dict[str, Any]]) -> None:
    if fmt == "csv":
        out.echo(render.audit_csv(records), nl=False)
    elif fmt == "html":
        from gamelog.core.pages import audit_report  # Jinja2 only for the pages

        out.echo(audit_report(records), nl=False)
    else:
        out.echo(render.audit_table(records, out.width))
        out.echo()
        out.echo(render.audit_totals(records))

"""A log that is there but cannot be read gets its own reason in every command, the one
``audit`` gives (``core.logs.file_problem``); only a name with nothing behind it is
"no such file". Issue 21: ``check`` said "no such file" of a looping link and of a
file in a folder that cannot be searched."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from ordinary_user import as_ordinary_user, open_folder

from gamelog.cli import main

ROOT = Path(__file__).resolve().parent.parent
COMPLETE = ROOT / "samples" / "seikatsu" / "complete-2p.log"
LOOP = "a symbolic link that loops back on itself"
HIDDEN = "cannot reach the file: a folder on its path cannot be searched (permission denied)"

#: Every command that reads a log named on its command line (found from the CLI).
READING = sorted(
    name
    for name, command in main.commands.items()
    if any(
        isinstance(p, click.Argument) and p.name in ("log", "logs", "paths") for p in command.params
    )
)
#: Those whose report of an unreadable log is a compiler-style line on stderr; the
#: batch commands put the reason in their records (checked below against check's).
ONE_LOG = [name for name in READING if name not in ("audit", "standings", "ratings")]


def run(*args: object) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in args], input="")
    return result.exit_code, result.stdout, result.stderr


def audit_reason(path: Path) -> str:
    import json

    _, out, _ = run("audit", path, "--format", "json")
    return json.loads(out)[0]["error"]["message"]


def test_every_command_that_reads_a_log_is_here() -> None:
    assert {"check", "score", "replay", "explain", "report", "moves", "play"} <= set(ONE_LOG)


@pytest.mark.parametrize("command", ONE_LOG)
def test_a_looping_link_is_named_so(command: str, tmp_path: Path) -> None:
    loop = tmp_path / "loop.log"
    loop.symlink_to(loop.name)
    code, _, err = run(command, loop)
    assert code == 1
    assert f"{loop}: unreadable file: {LOOP}" in err
    assert "no such file" not in err
    assert audit_reason(loop) == LOOP


def test_a_name_with_nothing_behind_it_is_still_no_such_file(tmp_path: Path) -> None:
    for command in ONE_LOG:
        code, _, err = run(command, tmp_path / "missing.log")
        assert code == 2 and "no such file" in err, command


def test_a_file_in_a_folder_that_cannot_be_searched_is_named_so() -> None:
    with open_folder() as folder:
        hidden = folder / "locked" / "game.log"
        hidden.parent.mkdir()
        hidden.write_bytes(COMPLETE.read_bytes())
        run("check", COMPLETE)  # imports what the commands need, as root
        run("audit", COMPLETE, "--format", "json")
        hidden.parent.chmod(0o600)  # readable names, but no way in

        def everyone() -> dict[str, tuple[int, str]]:
            said = {command: run(command, hidden)[::2] for command in ONE_LOG}
            said["audit"] = (0, audit_reason(hidden))
            return said

        said = as_ordinary_user(everyone)
    for command in ONE_LOG:
        code, err = said[command]
        assert code == 1, (command, err)
        assert f"{hidden}: unreadable file: {HIDDEN}" in err, command
    assert said["audit"][1] == HIDDEN

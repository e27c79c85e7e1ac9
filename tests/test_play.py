"""`gamelog play` driven as a person drives it: through a pseudo-terminal, with the real
program, its readline prompt and the file it writes."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conformance.declared import check_applies, packages

from gamelog.core.logs import game_for
from gamelog.core.replay import replay

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")

ROOT = Path(__file__).resolve().parent.parent
HEADER_2P = "game: seikatsu\nplayers: Ann (pink), Bob (blue)\nsetup: GK at D3, RB at E4\n"


class Terminal:
    """A program run on a pseudo-terminal: type lines, wait for what it prints."""

    def __init__(self, *args: str, cwd: Path) -> None:
        import pty

        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the program, its terminal this pty
            os.chdir(cwd)
            env = {**os.environ, "NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "120"}
            os.execvpe(sys.executable, [sys.executable, "-m", "gamelog", *args], env)
        self.seen = ""

    def expect(self, pattern: str, timeout: float = 20) -> str:
        """Read until ``pattern`` (a regular expression) shows; what was read."""
        end = time.monotonic() + timeout
        start = len(self.seen)
        while not re.search(pattern, self.seen[start:]):
            left = end - time.monotonic()
            assert left > 0, f"waited for {pattern!r}; got:\n{self.seen[start:]}"
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536).decode("utf-8", "replace")
                except OSError:
                    chunk = ""
                if not chunk:
                    raise AssertionError(f"the program ended; it printed:\n{self.seen[start:]}")
                self.seen += chunk.replace("\r\n", "\n")
        return self.seen[start:]

    def type(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def close(self) -> int:
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)


def test_a_game_recorded_line_by_line(tmp_path: Path) -> None:
    log = tmp_path / "tonight.log"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "gamelog",
            "new",
            "seikatsu",
            "--players",
            "Ann, Bob",
            "-o",
            str(log),
        ],
        check=True,
    )
    term = Terminal("play", str(log), cwd=tmp_path)
    # The empty setup line is asked for, not reported as an error; Enter takes the default.
    shown = term.expect(r"setup: $")
    assert "error" not in shown and "Enter takes: GK at D3, RB at E4" in shown
    term.type("\n")
    term.expect(r"\d+ Ann> ")
    assert "setup: GK at D3, RB at E4\n" in log.read_text()
    # The seat is implied: the file gets the full line.
    term.type("GO at E3\n")
    assert "Ann +2: grey flock at E3 with D3" in term.expect(r"\d+ Bob> ")
    assert log.read_text().rstrip().endswith("Ann: GO at E3")
    # An illegal line is shown with its error, the nearest legal lines one per line,
    # each keeping what was right (the tile), and not written.
    term.type("BB at A1\n")
    shown = term.expect(r"\d+ Bob> ")
    assert "illegal move: A1 is not adjacent to any tile" in shown
    suggested = re.findall(r"fact: legal instead: (.*)", shown)
    assert len(suggested) == 3 and all(s.startswith("Bob: BB at ") for s in suggested)
    assert "A1" not in log.read_text()
    # An unparsable one too.
    term.type("Bob: BX at C3\n")
    assert "notation error: 'BX' is not a tile code" in term.expect(r"\d+ Bob> ")
    term.type("Bob: BB at C3\n")
    term.expect(r"\d+ Ann> ")
    # undo takes the last line back out of the file.
    term.type("undo\n")
    assert "took back: Bob: BB at C3" in term.expect(r"\d+ Bob> ")
    assert "Bob: BB at C3" not in log.read_text()
    # Tab completes a player's name with its separator, and a word from the legal lines.
    term.type("Bob\t")
    term.expect(r"Bob: ")
    term.type("GP\tC\t")
    term.type("3\n")
    term.expect(r"\d+ Ann> ")
    # Tab Tab lists what may follow, filtered by what is typed.
    term.type("GK at \t\t")
    listed = term.expect(r"Ann> GK at $")
    spaces = re.findall(r"\b[A-G]\d\b", listed)
    assert len(spaces) >= 3 and "E3" not in spaces and "C3" not in spaces  # the empty ones
    # Ctrl-C cancels the line being typed; at an empty prompt it leaves with 130.
    term.type("\x03")
    term.expect(r"\d+ Ann> $")
    term.type("\x03")
    assert term.close() == 130
    text = log.read_text()
    assert text.rstrip().endswith("Bob: GP at C3")
    assert text.count("Ann: GO at E3") == 1


def test_lines_are_kept_when_the_terminal_is_closed(tmp_path: Path) -> None:
    log = tmp_path / "game.log"
    log.write_text(HEADER_2P)
    term = Terminal("play", str(log), cwd=tmp_path)
    term.expect(r"4 Ann> ")
    term.type("Ann: GO at E3\n")
    term.expect(r"5 Bob> ")
    os.kill(term.pid, 9)  # the terminal goes away without a word
    term.close()
    assert log.read_text() == HEADER_2P + "Ann: GO at E3\n"


def test_the_commands_at_the_prompt(tmp_path: Path) -> None:
    log = tmp_path / "game.log"
    log.write_text(HEADER_2P + "Ann: GO at E3\n")
    term = Terminal("play", str(log), cwd=tmp_path)
    term.expect(r"5 Bob> ")
    term.type("board\n")
    assert "~~" in term.expect(r"5 Bob> ")
    term.type("score\n")
    assert "birds" in term.expect(r"5 Bob> ")
    term.type("moves\n")
    assert "Bob: " in term.expect(r"5 Bob> ")
    term.type("help\n")
    assert "undo" in term.expect(r"5 Bob> ")
    term.type("\x04")  # Ctrl-D leaves too
    assert term.close() == 0


@pytest.mark.parametrize("package", packages())
def test_every_game_at_the_terminal(package: str, tmp_path: Path) -> None:
    """The game's declared sample (``at_the_table``: an illegal line right after a legal
    move) from the start of that move: the legal move typed is written; the illegal
    line typed next is refused and never reaches the file; undo takes the legal one
    back out."""
    sample = ROOT / "samples" / package / check_applies(package, "at-the-table").at_the_table
    text = sample.read_text(encoding="utf-8")
    refused = replay(game_for(text), text, str(sample)).error
    assert refused is not None
    lines = text.splitlines()
    bad = lines[refused.line - 1]
    written = [
        i
        for i in range(refused.line - 1)
        if lines[i].strip() and not lines[i].lstrip().startswith("#")
    ]
    legal = lines[written[-1]]
    before = "".join(line + "\n" for line in lines[: written[-1]])
    log = tmp_path / sample.name
    log.write_text(before, encoding="utf-8")
    for data in sample.parent.glob("*.toml"):  # a card catalogue the header names
        (tmp_path / data.name).write_bytes(data.read_bytes())

    term = Terminal("play", str(log), cwd=tmp_path)
    term.expect(r"> $")
    term.type(legal + "\n")
    term.expect(r"> $")
    assert log.read_text(encoding="utf-8") == before + legal + "\n"
    term.type(bad + "\n")
    assert "illegal move" in term.expect(r"> $")
    assert log.read_text(encoding="utf-8") == before + legal + "\n"
    term.type("undo\n")
    assert "took back" in term.expect(r"> $")
    assert log.read_text(encoding="utf-8") == before
    term.type("quit\n")
    assert term.close() == 0

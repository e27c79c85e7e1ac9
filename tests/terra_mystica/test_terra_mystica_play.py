"""`gamelog play` for Terra Mystica: a game typed one line at a time (through
core.session.Session, as the prompt drives it) replays exactly as the same lines in the
file do, a typed illegal line is refused with the position kept, and undo takes a line
back. Lines that go on with the turn of the faction above them are the hard case: the
site ends a turn when the next entry is somebody else's (rules.extend)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from gamelog.core.outcome import record
from gamelog.core.replay import replay
from gamelog.core.session import Session
from gamelog.games.terra_mystica import GAME

ROOT = Path(__file__).resolve().parent.parent.parent
CORPUS = ROOT / "tests" / "corpus" / "terra_mystica" / "commands"
LEAGUE = ROOT / "samples" / "terra_mystica" / "league_game.txt"
GAMES = [LEAGUE, *sorted(CORPUS.glob("*.txt"))[::9]]
#: What the file and the session must agree on.
SAME = ("status", "finished", "moves", "players", "winners", "error")


def _typed(path: Path, tmp_path: Path, head: int = 19) -> Session:
    """A session that starts from the first ``head`` lines of ``path`` and types the rest
    one line at a time (how fast it answers is measured by benchmarks/bench_play.py)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    log = tmp_path / path.name
    log.write_text("\n".join(lines[:head]) + "\n", encoding="utf-8")
    session = Session(GAME, str(log))
    for number, line in enumerate(lines[head:], start=head + 1):
        if not line.strip():
            continue
        outcome = session.submit(line)
        session.to_move()
        assert outcome.accepted, (number, line, str(outcome.error))
    return session


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_a_game_typed_line_by_line_is_the_game_of_the_file(path: Path, tmp_path: Path) -> None:
    session = _typed(path, tmp_path)
    whole = record(replay(GAME, path.read_text(encoding="utf-8"), str(path)))
    typed = record(session.result)
    assert {k: typed[k] for k in SAME} == {k: whole[k] for k in SAME}
    assert typed["players"] and typed["finished"]
    # The ledger's faction rows too: the turns were closed where the file closes them.
    # (Comment lines typed at the prompt are kept in the file, but never played: the
    # session does not hand them to the game, so they are no rows.)
    ours = GAME.export(session.result, "ledger")
    theirs = GAME.export(replay(GAME, Path(session.path).read_text(), str(path)), "ledger")
    assert _faction_rows(ours) == _faction_rows(theirs)


def _faction_rows(ledger: str) -> list[str]:
    return [row for row in ledger.split("\n") if "\t" in row]


def test_an_illegal_line_is_refused_and_the_position_kept(tmp_path: Path) -> None:
    lines = LEAGUE.read_text(encoding="utf-8").split("\n")
    log = tmp_path / "game.txt"
    log.write_text("\n".join(lines[:42]) + "\n", encoding="utf-8")  # ... witches: action act6
    session = Session(GAME, str(log))
    before = (copy.deepcopy(session.state.factions["witches"].r), log.read_text())
    # A dwelling on F6 (gray) after two spades leaves one unused; the darklings are not
    # to act; the witches have taken their action.
    for line in ("witches: build C5", "darklings: build G6", "witches: action ACT3"):
        outcome = session.submit(line)
        assert not outcome.accepted and outcome.error is not None, line
        assert outcome.error.line == 43
        assert (session.state.factions["witches"].r, log.read_text()) == before
    assert session.to_move() == "witches"
    assert session.submit("witches: transform C5 to green").accepted  # line 43 of the file
    assert session.submit("witches: build F6").accepted
    assert session.undo() == "witches: build F6"
    assert session.to_move() == "witches"
    assert session.submit("witches: build F6").accepted
    assert log.read_text().endswith("witches: transform C5 to green\nwitches: build F6\n")


def test_comments_typed_after_the_lines_of_a_turn_change_nothing(tmp_path: Path) -> None:
    """A line typed with a comment after it goes on with the turn of the faction above
    it as the same line without the comment does (issue 21: a comment is no one's
    turn), so the game typed with a comment after every line is the game of the file."""
    lines = LEAGUE.read_text(encoding="utf-8").split("\n")
    commented = tmp_path / "commented" / LEAGUE.name
    commented.parent.mkdir()
    commented.write_text(
        "\n".join(f"{line}  # note" if line.strip() else line for line in lines),
        encoding="utf-8",
    )
    typed = record(_typed(commented, tmp_path).result)
    whole = record(replay(GAME, commented.read_text(encoding="utf-8"), str(commented)))
    assert {k: typed[k] for k in SAME} == {k: whole[k] for k in SAME}
    plain = record(replay(GAME, LEAGUE.read_text(encoding="utf-8"), str(LEAGUE)))

    def sheet(outcome: dict) -> list:  # type: ignore[type-arg]
        return [(p["name"], p["total"], p["breakdown"]) for p in outcome["players"]]

    assert typed["finished"] and sheet(typed) == sheet(plain)


LEDGER = ROOT / "samples" / "terra_mystica" / "league_game_ledger.txt"


def test_a_ledger_typed_row_by_row_never_replays_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ledger's comment rows (``Round 2, turn 3``) read as no move, above or below, and
    its final scoring rows come after the last pass: each is taken on the kept position,
    not by replaying the whole ledger (a Lark parse of every row: 70 ms a line at the
    end of a game), and the game typed is the game of the file."""
    replays: list[str] = []
    by_replay = Session._by_replay

    def counted(self: Session, line: str):  # type: ignore[no-untyped-def]
        replays.append(line)
        return by_replay(self, line)

    monkeypatch.setattr(Session, "_by_replay", counted)
    text = LEDGER.read_text(encoding="utf-8")
    first = replay(GAME, text, str(LEDGER)).log.moves[0].line  # type: ignore[union-attr]
    session = _typed(LEDGER, tmp_path, head=first - 1)
    assert replays == []
    whole = record(replay(GAME, text, str(LEDGER)))
    typed = record(session.result)
    assert {k: typed[k] for k in SAME} == {k: whole[k] for k in SAME}
    assert typed["finished"]
    assert session.state.verified_rows == replay(GAME, text).state.verified_rows  # type: ignore[union-attr]
    written = Path(session.path).read_text(encoding="utf-8").split("\n")
    assert [line for line in written if line.strip()] == [
        line for line in text.split("\n") if line.strip()
    ]

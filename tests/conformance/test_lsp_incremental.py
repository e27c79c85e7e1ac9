"""The language server's analysis (gamelog/lsp/analysis.py) against the replay driver,
for every sample of every game: its first problem is the replay's (line, column,
message), its scores after the last legal move the replay's; and an edit of the last
move, replayed from the last position kept above it, gives what the whole log
analysed afresh gives, and so does the edit taken back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from declared import all_samples, sample_id

from gamelog.core.logs import game_for
from gamelog.core.replay import replay
from gamelog.lsp.analysis import EVERY, Analysis, analyse


def _seen(analysis: Analysis) -> Any:
    """What the editor is shown of an analysis: every problem, each move's events and
    scores."""
    return (
        [(p.kind, p.line, p.column, p.message, p.rule, p.facts) for p in analysis.problems],
        [(p.number, p.line, p.end_line, p.events, dict(p.scores)) for p in analysis.played],
    )


@pytest.mark.parametrize("path", all_samples(), ids=sample_id)
def test_the_analysis_is_the_replay_and_an_edit_replays_from_a_kept_position(
    path: Path,
) -> None:
    text = path.read_text(encoding="utf-8")
    game = game_for(text)
    whole = replay(game, text, str(path))
    analysis = analyse(game, text, str(path))
    problems = analysis.problems
    if whole.error is None:
        assert problems == []
        assert dict(game.running_scores(whole.state)) == dict(analysis.played[-1].scores)
    else:
        first = problems[0]
        assert (first.line, first.column, first.message) == (
            whole.error.line,
            whole.error.column,
            whole.error.message,
        )
    if not analysis.moves:
        return
    lines = text.split("\n")
    last = analysis.moves[-1].line
    edited = [*lines[: last - 1], lines[last - 1] + " zz", *lines[last:]]
    after = analyse(game, "\n".join(edited), str(path), previous=analysis)
    assert _seen(after) == _seen(analyse(game, "\n".join(edited), str(path)))
    if len(analysis.played) > 2 * EVERY and analysis.setup is None:
        assert after.replayed_from > 0, "a long log's last move was replayed from the start"
    back = analyse(game, text, str(path), previous=after)
    assert _seen(back) == _seen(analysis)

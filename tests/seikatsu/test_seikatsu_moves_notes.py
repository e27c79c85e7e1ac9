"""`gamelog moves` for Seikatsu: each line's note gives the points the move scores at
once, the same the replay then gives it (a flock: 1 and one per matching bird beside)."""

from __future__ import annotations

import re
from pathlib import Path

from gamelog import games
from gamelog.core.replay import replay

COMPLETE = Path(__file__).resolve().parents[2] / "samples" / "seikatsu" / "complete-2p.log"


def test_every_note_gives_the_points_the_replay_scores() -> None:
    game = games.load("seikatsu")
    text = "\n".join(COMPLETE.read_text().splitlines()[:11]) + "\n"  # before line 12
    state = replay(game, text).state
    options = [option for group in game.legal_moves(state) for option in group.options]
    scored = {0: 0, 2: 0, 3: 0}
    for option in options:
        found = re.fullmatch(
            r"\+(\d+) \((no matching bird beside|flock with [A-G]\d(, [A-G]\d)*)\)", option.note
        )
        assert found, option.note
        result = replay(game, text + option.line + "\n", keep_steps=True)
        assert result.error is None, (option.line, result.error)
        assert result.steps[-1].events[0].points == int(found.group(1)), option.line
        scored[int(found.group(1))] = scored.get(int(found.group(1)), 0) + 1
    assert scored[0] and scored[2], scored  # both kinds are listed at this position

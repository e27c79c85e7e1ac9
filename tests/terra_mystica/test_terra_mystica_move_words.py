"""Terra Mystica's moves as the report and ``replay`` show them: the site's internal
step names in words, the log's comment lines no event of any move (the site's own
comment rows, such as "Round 1 income", still are), and no score line left empty."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from gamelog.cli import main
from gamelog.games.terra_mystica.ledger import action_words

ROOT = Path(__file__).resolve().parents[2]
LEAGUE = ROOT / "samples" / "terra_mystica" / "league_game.txt"


def _steps(path: Path) -> list[dict[str, object]]:
    run = CliRunner().invoke(main, ["replay", str(path), "--format", "json"])
    return json.loads(run.stdout)["steps"]  # type: ignore[no-any-return]


def test_no_internal_step_name_reaches_the_reader() -> None:
    texts = [event["text"] for step in _steps(LEAGUE) for event in step["events"]]  # type: ignore[attr-defined]
    joined = "\n".join(texts)
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", joined), "an internal name is shown"
    assert "halflings: income from buildings, bonus tile and favors -> 20 VP, 17 C (+2)" in joined
    assert "witches: resources left converted to VP -> 157 VP, 1 C (+1)" in joined


def test_action_words_keep_a_player_s_own_commands() -> None:
    assert action_words("wait. advance ship") == "wait. advance ship"
    assert action_words("cult_income_for_faction") == "income from the cult bonus"


def test_the_log_s_comments_are_no_move_s_events() -> None:
    steps = _steps(LEAGUE)
    comments = [
        line[1:].strip()
        for line in LEAGUE.read_text(encoding="utf-8").splitlines()
        if line.startswith("#")
    ]
    assert comments, "the sample has comment lines"
    for step in steps:
        for event in step["events"]:  # type: ignore[attr-defined]
            assert event["text"].strip() not in comments, (
                f"move {step['number']}: {event['text']!r}"
            )
    last = steps[-1]["events"]
    assert last[-1]["text"].startswith("witches: resources left converted to VP")  # type: ignore[index]
    # The site's own comment rows stay: they say what the engine did.
    assert any(e["text"] == "Round 1 income" for step in steps for e in step["events"])  # type: ignore[attr-defined]


def test_no_report_step_has_an_empty_score(tmp_path: Path) -> None:
    for sample in (LEAGUE, ROOT / "samples" / "terra_mystica" / "league_game_ledger.txt"):
        target = tmp_path / f"{sample.stem}.html"
        CliRunner().invoke(main, ["report", str(sample), "-o", str(target)])
        scores = re.findall(r'data-score="([^"]*)"', target.read_text(encoding="utf-8"))
        assert scores and all(s == "no scores yet" or re.match(r"score: \w", s) for s in scores)

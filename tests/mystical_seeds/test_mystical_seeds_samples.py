"""The sample logs beyond what their own ``# expect:`` lines state (tests/test_samples.py
checks those): how ties were decided, the position an unfinished game stops in,
and that the samples between them use every kind of Knowledge tile."""

from __future__ import annotations

import re
from pathlib import Path

from mystical_seeds_helpers import SAMPLES, sample

from gamelog.core.audit import audit_file
from gamelog.core.outcome import record
from gamelog.core.replay import replay
from gamelog.games.mystical_seeds import GAME
from gamelog.games.mystical_seeds.components import TILE_KINDS


def test_four_player_tie_goes_to_fewest_prestige_sources() -> None:
    # Hal: three plant cards; Ivy: three plant cards and the Crown (tracks are no
    # sources); Fay three cards, Gus two.
    sheet = GAME.score(sample("four_player_fewest_sources.log").state)
    assert sheet.ranking()[0].decided_by == "fewest prestige sources"
    assert sheet.tiebreaks[0].values == {"Fay": 3, "Gus": 2, "Hal": 3, "Ivy": 4}


def test_tie_on_sources_goes_to_most_seeds_left() -> None:
    sheet = GAME.score(sample("tie_most_seeds.log").state)
    assert [(s.player, s.decided_by) for s in sheet.ranking()] == [
        ("Ann", "most seeds left in the laboratory"),
        ("Bob", "most seeds left in the laboratory"),
    ]
    assert sheet.tiebreaks[1].values == {"Ann": 1, "Bob": 0}


def test_the_unfinished_game_stops_with_the_tiles_effects_in_place() -> None:
    # Oli's Bundle gave a potion and a yellow space; Pam took Two potions.
    unfinished = sample("tiles_bundle_potions_unfinished.log")
    oli = unfinished.state.players["Oli"]
    assert (oli.potions, oli.tracks) == (2, {"red": 1, "yellow": 2, "blue": 6})
    assert unfinished.state.players["Pam"].potions == 2


def test_the_samples_use_every_kind_of_knowledge_tile() -> None:
    taken: set[str] = set()
    for path in SAMPLES.glob("*.log"):
        result = sample(path.name)
        for step in result.steps:
            for event in step.events:
                found = re.search(r" (?:takes|keeps) (\w+)", event.text)
                if found:
                    taken.add(found.group(1))
    assert taken >= set(TILE_KINDS)


def test_each_illegal_sample_says_what_it_breaks() -> None:
    for path in SAMPLES.glob("illegal_*.log"):
        assert path.read_text(encoding="utf-8").startswith("# Breaks "), path.name


#: The typographic quotes of curly_quotes_phone.log, as a person would retype them.
_STRAIGHT = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2019": "'"})


def test_a_log_written_with_curly_quotes_replays_as_with_straight_ones(tmp_path: Path) -> None:
    # Issue 11: the core reads curly quotes as straight ones; this sample shows that a
    # Mystical Seeds log typed on a phone (names in “ ”, an apostrophe ’, a name
    # opened curly and closed straight) gives exactly what the straight log gives.
    curly = (SAMPLES / "curly_quotes_phone.log").read_text(encoding="utf-8")
    assert {"\u201c", "\u201d", "\u2019"} <= set(curly)
    straight = curly.translate(_STRAIGHT)
    assert straight != curly and not {"\u201c", "\u201d", "\u2019"} & set(straight)
    phone = replay(GAME, curly, "phone.log", keep_steps=True)
    typed = replay(GAME, straight, "phone.log", keep_steps=True)
    assert phone.error is None and typed.error is None
    assert [(s.move, [e.text for e in s.events]) for s in phone.steps] == [
        (s.move, [e.text for e in s.events]) for s in typed.steps
    ]
    assert record(phone) == record(typed)
    # The names are the straight ones: the card revealed last-but-one is Fairy's Cap.
    texts = [e.text for s in phone.steps for e in s.events]
    assert 'Ann reveals L1 "Fairy\'s Cap" red = 1 for the Research Area' in texts
    # From the files, as the command line reads them.
    (tmp_path / "straight.log").write_text(straight, encoding="utf-8")
    from_files = [
        audit_file(str(path))
        for path in (SAMPLES / "curly_quotes_phone.log", tmp_path / "straight.log")
    ]
    for rec in from_files:
        rec.pop("path", None)
        rec.pop("file", None)
    assert from_files[0] == from_files[1]
    # And it is the game of tie_most_seeds.log, whose working is by hand (the lines
    # each point came from are each file's own, and one card is named otherwise).
    original = record(sample("tie_most_seeds.log"))

    def scores(rec: dict) -> list[dict]:
        return [{k: v for k, v in p.items() if k != "trail"} for p in rec["players"]]

    assert scores(record(phone)) == scores(original)
    trails = [[len(c) for c in p["trail"].values()] for p in record(phone)["players"]]
    assert trails == [[len(c) for c in p["trail"].values()] for p in original["players"]]

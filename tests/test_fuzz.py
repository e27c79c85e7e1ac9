"""A bounded, seeded fuzz run over every game's samples and whole Terra Mystica league
games: no mutant may end in an internal error or run into the time limit.

The long campaign (tens of thousands of mutants per game) is
benchmarks/fuzz_campaign.py; its figures go in the issue notes. A failure here
names its seed: ``fuzz.mutant(bases, seed)`` rebuilds the mutant."""

from __future__ import annotations

import pytest
from fuzz import ROOT, corpus_games, fire_ice_games, mutant, samples_of

from gamelog.core.audit import audit_file

CASES = 300
GAMES = ("seikatsu", "eden", "mystical_seeds", "mystic_vale", "terra_mystica")


def bases(folder: str) -> list[str]:
    texts = samples_of(folder)
    if folder == "terra_mystica":
        texts += corpus_games(limit=6) + fire_ice_games(limit=4)
    return texts


@pytest.mark.parametrize("folder", GAMES)
def test_mutants_never_crash_or_hang(folder: str) -> None:
    texts = bases(folder)
    game = folder.replace("_", "-")
    for seed in range(CASES):
        text = mutant(texts, seed)
        # Named as a file beside the samples, so that a header naming a file beside
        # the log (Mystic Vale's `cards: catalogue.toml`) finds it.
        place = str(ROOT / "samples" / folder / f"mutant-{seed}.log")
        rec = audit_file(place, game=game, timeout=20, text=text)
        assert rec["status"] not in ("internal-error", "timeout"), (seed, rec["error"])
        if rec["error"] is not None:
            assert rec["error"]["line"] is None or rec["error"]["line"] >= 1, (seed, rec)

"""A bounded, seeded fuzz run over every game's samples and the whole games of its corpus
(Terra Mystica's league and Fire & Ice games): no mutant may end in an internal error
or run into the time limit.

The long campaign (tens of thousands of mutants per game) is
benchmarks/fuzz_campaign.py; its figures go in the issue notes. A failure here
names its seed: ``fuzz.mutant(bases, seed)`` rebuilds the mutant."""

from __future__ import annotations

import pytest
from conformance.declared import check_applies, packages
from fuzz import ROOT, corpus_of, mutant, samples_of

from gamelog.core.audit import audit_file
from gamelog.games import load

CASES = 300


def bases(folder: str) -> list[str]:
    """A game's samples, and whole games of its corpus where it has one."""
    return samples_of(folder) + corpus_of(folder, per_folder=2)


@pytest.mark.parametrize("folder", packages())
def test_mutants_never_crash_or_hang(folder: str) -> None:
    check_applies(folder, "fuzz")
    texts = bases(folder)
    assert texts, f"no samples of {folder} to mutate"
    game = load(folder).name
    for seed in range(CASES):
        text = mutant(texts, seed)
        # Named as a file beside the samples, so that a header naming a file beside
        # the log (Mystic Vale's `cards: catalogue.toml`) finds it.
        place = str(ROOT / "samples" / folder / f"mutant-{seed}.log")
        rec = audit_file(place, game=game, timeout=20, text=text)
        assert rec["status"] not in ("internal-error", "timeout"), (seed, rec["error"])
        if rec["error"] is not None:
            assert rec["error"]["line"] is None or rec["error"]["line"] >= 1, (seed, rec)

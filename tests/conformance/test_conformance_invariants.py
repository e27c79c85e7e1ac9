"""The facts a game works out twice (its declaration's ``invariants``: the score
re-derived from the position against the score kept move by move, say) agree on
every position of every sample and of every random game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from declared import all_samples, check_applies, declared, package_of, packages, samples
from playthrough import case_id, cases, play

from gamelog.core.audit import audit_file
from gamelog.core.conformance import Invariant
from gamelog.core.logs import game_for
from gamelog.core.replay import replay


@pytest.mark.parametrize("package", packages())
def test_the_invariants_hold_on_every_position(package: str) -> None:
    invariants = check_applies(package, "invariants").invariants
    if not invariants:
        pytest.skip(f"{package} declares no invariants yet")
    logs = [*samples(package)]
    for case in cases():
        if case[0] == package:
            played = play(*case)
            assert played.problem is None, f"{case_id(case)} stopped: {played.problem}"
            logs.append(played.path)
    broken = [f"{path.name}: {b}" for path in logs for b in broken_invariants(path, invariants)]
    assert not broken, broken[:5]


def broken_invariants(path: Path, invariants: tuple[Invariant, ...]) -> list[str]:
    """Where and how each invariant fails on the positions of the log at ``path``."""
    broken: list[str] = []

    def check(where: str, state: Any) -> None:
        for invariant in invariants:
            found = invariant.check(state)
            if found is not None:
                broken.append(f"{where}: {invariant.name}: {found}")

    text = path.read_text(encoding="utf-8")
    replay(
        game_for(text),
        text,
        str(path),
        on_setup=lambda state: check("before the first move", state),
        on_step=lambda step, state: check(f"after line {step.move.line}", state),
    )
    return broken


def test_a_broken_invariant_is_reported_at_each_position() -> None:
    """The check above cannot pass unread: an invariant that never holds is reported
    before the first move and after every move."""
    path = next(p for p in all_samples() if p.name == declared(package_of(p)).showcase)
    never = Invariant("never", lambda state: "it never holds")
    always = Invariant("always", lambda state: None)
    broken = broken_invariants(path, (never, always))
    moves = audit_file(str(path))["moves"]
    assert broken[0] == "before the first move: never: it never holds"
    assert len(broken) == moves + 1 and all(": never: " in b for b in broken)

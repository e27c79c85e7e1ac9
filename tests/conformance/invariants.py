"""Walking a log position by position and checking what each game declares it works out
twice (``Conformance.invariants`` on every position, ``step_invariants`` on every move),
and what every game must keep whatever its rules: the running score changes only by
the points the move's events announce.
"""

from __future__ import annotations

import copy
from typing import Any

from declared import declared, game

from gamelog.core.replay import Replay, Step, replay


def walk(package: str, text: str, path: str) -> tuple[Replay, list[str]]:
    """Replay ``text`` and every invariant the game declares on every position and move;
    the replay and what disagreed (at most one finding per invariant)."""
    rules, declaration = game(package), declared(package)
    found: dict[str, str] = {}
    copies = any(check.needs_before for check in declaration.step_invariants)
    adds_up = "events-add-up" not in declaration.opt_outs
    before: list[Any] = [None]
    scores: list[dict[str, Any]] = [{}]

    def note(name: str, where: str, problem: str | None) -> None:
        if problem is not None and name not in found:
            found[name] = f"{name}, {where}: {problem}"

    def position(state: Any, where: str) -> None:
        for invariant in declaration.invariants:
            note(invariant.name, where, invariant.check(state))
        before[0] = copy.deepcopy(state) if copies else None
        scores[0] = dict(rules.running_scores(state))

    def on_setup(state: Any) -> None:
        position(state, "before the first move")

    def on_step(step: Step, state: Any) -> None:
        where = f"move {step.number} (line {step.move.line})"
        for invariant in declaration.step_invariants:
            note(invariant.name, where, invariant.check(before[0], state, step.move, step.events))
        if adds_up:
            note("the events add up", where, _events_add_up(rules, scores[0], state, step))
        position(state, f"after {where}")

    result = replay(rules, text, path, on_setup=on_setup, on_step=on_step)
    return result, list(found.values())


def _events_add_up(rules: Any, before: dict[str, Any], state: Any, step: Step) -> str | None:
    """Each player's running score after the move is the score before it plus the points
    of the move's events. (The move that ends the game may add what the end scores, the
    flowers or the cards: each game's own recount checks those.)"""
    if rules.is_finished(state):
        return None
    after = dict(rules.running_scores(state))
    announced: dict[str, Any] = {}
    for event in step.events:
        if event.player is not None and event.points:
            announced[event.player] = announced.get(event.player, 0) + event.points
    for player, now in after.items():
        said = announced.get(player, 0)
        was = before.get(player, now - said)  # a faction that joined with this move
        if now != was + said:
            return f"{player} has {now}; {was} before and the events' {said:+} make {was + said}"
    return None

"""The rules of Terra Mystica: one move played on the state, command by command.

A move plays its stretch of the command stream (state.py): each entry goes to
the admin rules (admin.py), to a ledger comment row, or to a faction's command
handler below, which checks whose turn it is and calls the rule module that
does the work; after every entry the phase state machine moves on (phases.py).
For a ledger log, the rows the rules write are then checked against the
recorded ones (ledger_file.py).

The rule modules of this package, each named for what it rules on, from the
bottom up (each imports only those below it; tests/terra_mystica/
test_terra_mystica_layers.py holds them to it):

* ``pending.py`` -- what each faction still owes (favor and town tiles, spades,
  cult steps, the turn itself), below every other rule;
* ``turn.py`` -- the acting faction, its action and sub-actions, the turn passing
  on, passing; ``phases.py`` -- the phase machine on top: setup steps, income,
  rounds and the end; ``income.py``;
* ``admin.py`` -- setup by admin lines: options, scoring tiles, removed tiles,
  factions, map, the site's random setup; ``drops.py`` -- dropped factions;
* ``actions.py`` -- the faction commands; ``terraform.py`` -- terraforming and
  digging; ``reach.py`` -- range; ``towns.py``; ``leech.py`` -- power offers
  and answers;
* ``resources.py`` -- gaining and paying, power bowls, cult steps;
* ``final_scoring.py`` -- cults, network, resources at the end;
* ``abilities.py`` -- the factions' abilities that their data cannot state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gamelog.core.errors import IllegalMove, SetupError
from gamelog.core.game import Event, GameLog
from gamelog.core.turns import Roster
from gamelog.games.terra_mystica.ledger_file import verify
from gamelog.games.terra_mystica.notation import commands as cmd
from gamelog.games.terra_mystica.notation.commands import ADMIN, COMMENT
from gamelog.games.terra_mystica.notation.header import LEDGER
from gamelog.games.terra_mystica.notation.moves import LogMove
from gamelog.games.terra_mystica.rulebook import (
    ENGINE_ROWS_RULE,
    FIRE_AND_ICE_COMMANDS_RULE,
    GAME_END_RULE,
    KNOWN_FACTION_RULE,
)
from gamelog.games.terra_mystica.rules import (
    actions,
    admin,
    drops,
    fire_ice,
    income,
    leech,
    phases,
    terraform,
    towns,
    turn,
    variable,
)
from gamelog.games.terra_mystica.rules.pending import OWED
from gamelog.games.terra_mystica.state import Faction, Step, TerraMysticaState, lay_out, setup


def apply(state: TerraMysticaState, move: LogMove) -> list[Event]:
    """Play ``move``: its entries of the stream, then (for a ledger) the check of the
    recorded rows. Returns the ledger rows it wrote (a row is an event), but for the
    rows of the log's own comment lines: the ledger keeps those (the site's export has
    them), but they are no event of the move they are filed with."""
    rows = state.ledger.rows
    first_row = len(rows)
    remarks: list[range] | None = None  # the rows of the log's comment lines
    state.at_line = move.line
    ledger_form = state.form == LEDGER
    if ledger_form and move.ledger_row is not None:
        state.at_text = f"{move.player}: {move.source}"
    else:
        state.at_text = move.source
    steps = state.plan.get(id(move), ())
    step: Step | None = None
    try:
        for step in steps:
            actor = step[0]
            if actor == COMMENT:
                before = len(rows)
                feed(state, actor, step[1], step[2])
                if remarks is None:
                    remarks = []
                remarks.append(range(before, len(rows)))
                continue
            if state.finished:
                raise IllegalMove(
                    "the game is over; no command may follow the final scoring",
                    rule=GAME_END_RULE,
                )
            feed(state, actor, step[1], step[2])
    except (IllegalMove, SetupError) as error:
        # The step at fault, by identity (the same command may come twice on a line).
        _place(error, move, steps, next(i for i, s in enumerate(steps) if s is step))
        raise
    state.applied += 1
    if ledger_form:
        verify(state, move)
    if remarks is None:
        return rows[first_row:]  # type: ignore[return-value]  # rows are events
    skipped = {n for kept in remarks for n in kept}
    return [row for n, row in enumerate(rows[first_row:], first_row) if n not in skipped]


def _place(
    error: IllegalMove | SetupError, move: LogMove, steps: Sequence[Step], index: int
) -> None:
    """Name the command at fault in ``error`` and point at its column: the same text
    may come more than once on a line, so its occurrence among the steps before
    counts (worked out only here, once a command has failed)."""
    actor, command, _ = steps[index]
    if actor not in (ADMIN, COMMENT) and not error.message.startswith(f"{actor}: "):
        error.message = f"{actor}: {command.text}: {error.message}"
        error.args = (error.message,)
    if error.line is None:
        text = command.text.lower()
        occurrence = sum(1 for _, before, _ in steps[:index] if before.text.lower() == text)
        column = move.column_of(command.text, occurrence)
        if column is not None:
            error.line, error.column = move.line, column


def extend(state: TerraMysticaState, moves: Sequence[LogMove]) -> None:
    """Lay out ``moves``, which follow the moves the state was set up with (``gamelog
    play`` appends them a line at a time), so that they replay exactly as the same
    lines in the file would.

    The last entry played so far was played as the end of the stream. That is what
    the file says too when the next entry (comments aside) is another actor's; when the same faction
    goes on (its turn written over several lines), or a ``player-count`` line comes
    (the site sets it aside before play), the file says otherwise: the position is
    then replayed from the start with the whole stream laid out."""
    moves = list(moves)
    if not moves:
        return
    first = next((entry for move in moves for entry in move.entries if entry[0] != COMMENT), None)
    last = _last_entry(state)
    continues = first is not None and last is not None and first[0] == last[0] and last[0] != ADMIN
    counts = any(
        type(command) is cmd.PlayerCount and actor == ADMIN
        for move in moves
        for actor, command in move.entries
    )
    if continues or counts:
        _replay_with(state, moves)
        return
    plan, _ = lay_out(moves)
    state.plan.update(plan)
    state.moves.extend(moves)
    state.total_moves += len(moves)


def _last_entry(state: TerraMysticaState) -> tuple[str, cmd.Command] | None:
    """The last entry of the stream the state has played, comments aside (None
    before any): a comment is no one's turn (state.lay_out)."""
    for move in reversed(state.moves[: state.applied]):
        for actor, command, _ in reversed(state.plan.get(id(move), ())):
            if actor != COMMENT:
                return actor, command
    return None


def _replay_with(state: TerraMysticaState, moves: list[LogMove]) -> None:
    """``state`` replayed from the start with ``moves`` laid out after its own."""
    played = state.moves[: state.applied]
    log = GameLog(header=state.header, moves=[*state.moves, *moves])
    fresh = setup(log)
    for move in played:
        apply(fresh, move)
    state.__dict__.clear()
    state.__dict__.update(fresh.__dict__)


def is_finished(state: TerraMysticaState) -> bool:
    """The final scoring is done (and a ledger has no rows left to check)."""
    if not state.finished:
        return False
    return state.form != LEDGER or state.applied >= state.total_moves


# --- the command stream -------------------------------------------------------------


def feed(state: TerraMysticaState, actor: str, command: cmd.Command, next_actor: str) -> None:
    """Play one entry of the stream; ``next_actor`` is whose entry comes next."""
    if actor == COMMENT:
        state.ledger.comment(command.text)
    elif actor == ADMIN:
        admin.admin_command(state, actor, command)
        if state.ledger.force_finish:
            state.ledger.finish_row()
    else:
        if actor in state.factions:
            faction = state.factions[actor]
        else:
            _unknown_faction(state, actor)
        if faction.dropped:
            drops.reject_dropped(state, faction)
        ledger = state.ledger
        if not ledger.collecting or ledger.current is not faction:
            ledger.start_row(faction)
        faction.waiting = False
        # A written command's handler is found without asking the command whether
        # the engine wrote it (a field read through the class, for every entry).
        handler = _WRITTEN_HANDLERS.get(type(command))
        if handler is not None:
            handler(state, faction, command)
        else:
            faction_command(state, faction, command)
        if not faction.dropped and ledger.collecting:
            ledger.commands.append(command.text)
        if ledger.force_finish:
            turn.maybe_advance_to_next_player(state, faction)
            if ledger.collecting:  # closed there, except during the setup (round 0)
                ledger.finish_row()
            # The turn-fragment ends here too when another actor comes next: a second
            # end changes something only for a faction that owes (its obligations are
            # recorded again), so it is run only then.
            if next_actor != actor and not faction.dropped and any(OWED(faction.r)):
                turn.maybe_advance_to_next_player(state, faction)
        elif next_actor != actor:
            turn.maybe_advance_to_next_player(state, faction)
    if state.phase == "play":
        # The usual case, checked here without a call: a round of play goes on
        # while a faction has not passed (phases._in_play).
        for f in state.order:
            if not (f.passed or f.dropped):
                return
    phases.what_next(state)


def faction_command(state: TerraMysticaState, f: Faction, c: cmd.Command) -> None:
    handler = _FACTION_HANDLERS.get(type(c))
    if handler is not None and not c.internal:
        handler(state, f, c)
        return
    if c.internal:
        raise IllegalMove(
            f"'{c.text}' is written by the engine itself",
            rule=ENGINE_ROWS_RULE,
        )
    raise TypeError(f"no rule handles {c!r}")  # pragma: no cover - the grammar has no other


# --- one small handler per faction command (see _FACTION_HANDLERS) ---------------------


def _on_adjust(state: TerraMysticaState, f: Faction, c: cmd.Adjust) -> None:
    if c.kind.startswith("BON") and not state.round:
        feed_nested(state, f, cmd.Pass(f"pass {c.kind}", c.kind))
    else:
        actions.adjust_command(state, f, c.delta, c.kind, c.source)


def _on_build(state: TerraMysticaState, f: Faction, c: cmd.Build) -> None:
    phases.advance_state(state, "initial-dwellings")
    fire_ice.check_setup_done(state)
    if state.form == LEDGER and not state.round and state.setup_order:
        # The site's ledger files the first initial dwelling after the Ice Maidens'
        # favor tile in their row: it is the dwelling of whoever is to place one.
        name, kind = state.setup_order[0]
        if kind == "dwelling" and name != f.name and state.fire_and_ice:
            f = state.factions[name]
    if state.active is not f:  # assert_active raises only then
        turn.assert_active(state, f)
    actions.build(state, f, c.hex)


def _on_upgrade(state: TerraMysticaState, f: Faction, c: cmd.Upgrade) -> None:
    if state.active is not f:  # assert_active raises only then
        turn.assert_active(state, f)
    actions.upgrade(state, f, c.hex, c.building)


def _on_send(state: TerraMysticaState, f: Faction, c: cmd.Send) -> None:
    if state.active is not f:  # assert_active raises only then
        turn.assert_active(state, f)
    actions.send(state, f, c.cult, c.amount)


def _on_convert(state: TerraMysticaState, f: Faction, c: cmd.Convert) -> None:
    if state.active is not f:  # assert_active raises only then
        turn.assert_active(state, f)
    actions.convert(state, f, c.from_count, c.from_type, c.to_count, c.to_type)


def _on_burn(state: TerraMysticaState, f: Faction, c: cmd.Burn) -> None:
    if state.active is not f:  # assert_active raises only then
        turn.assert_active(state, f)
    actions.burn(state, f, c.amount)


def _on_leech(state: TerraMysticaState, f: Faction, c: cmd.Leech) -> None:
    leech.leech(state, f, c.amount, c.source)
    state.ledger.force_finish = True


def _on_decline(state: TerraMysticaState, f: Faction, c: cmd.Decline) -> None:
    leech.decline(state, f, c.amount, c.source)
    state.ledger.force_finish = True


def _on_transform(state: TerraMysticaState, f: Faction, c: cmd.Transform) -> None:
    terraform.transform(state, f, c.hex, c.colour)


def _on_dig(state: TerraMysticaState, f: Faction, c: cmd.Dig) -> None:
    if state.active is not f:  # assert_active raises only then
        turn.assert_active(state, f)
    terraform.dig(state, f, c.amount)


def _on_bridge(state: TerraMysticaState, f: Faction, c: cmd.Bridge) -> None:
    if state.active is not f:  # assert_active raises only then
        turn.assert_active(state, f)
    actions.bridge(state, f, c.a, c.b, c.allow_illegal)


def _on_connect(state: TerraMysticaState, f: Faction, c: cmd.Connect) -> None:
    if state.active is not f:  # assert_active raises only then
        turn.assert_active(state, f)
    towns.connect(state, f, c.hexes)


def _on_pass(state: TerraMysticaState, f: Faction, c: cmd.Pass) -> None:
    if state.active is not f:  # assert_active raises only then
        turn.assert_active(state, f)
    turn.pass_turn(state, f, c.tile)
    state.ledger.force_finish = True


def _on_action(state: TerraMysticaState, f: Faction, c: cmd.Action) -> None:
    if state.active is not f:  # assert_active raises only then
        turn.assert_active(state, f)
    actions.action(state, f, c.name)


def _on_advance(state: TerraMysticaState, f: Faction, c: cmd.Advance) -> None:
    actions.advance(state, f, c.track)


def _on_wait(state: TerraMysticaState, f: Faction, c: cmd.Wait) -> None:
    f.waiting = True


def _on_done(state: TerraMysticaState, f: Faction, c: cmd.Done) -> None:
    actions.done(state, f)


def _on_drop(state: TerraMysticaState, f: Faction, c: cmd.DropFaction) -> None:
    drops.drop(state, f.name, c.faction or f.name)


def _on_income(state: TerraMysticaState, f: Faction, c: cmd.Income) -> None:
    income.legacy_income(state)


def _on_start(state: TerraMysticaState, f: Faction, c: cmd.Start) -> None:
    if not any(r.type == "full" for r in state.action_required):
        phases.start_round(state)


def _on_pick_colour(state: TerraMysticaState, f: Faction, c: cmd.PickColour) -> None:
    if state.form == LEDGER and not f.r["PICK_COLOR"]:
        # The site's ledger files a pick that follows another faction's setup row (the
        # Ice Maidens' favor tile) in that row: it is the pick of whoever owes one.
        owing = [x for x in state.order if x.r["PICK_COLOR"]]
        if len(owing) == 1:
            f = owing[0]
    fire_ice.pick_colour(state, f, c.colour)


def _on_unlock_terrain(state: TerraMysticaState, f: Faction, c: cmd.UnlockTerrain) -> None:
    if f.unlocked is None:
        raise IllegalMove(f"{f.name} cannot use '{c.text}'", rule=FIRE_AND_ICE_COMMANDS_RULE)
    variable.unlock_terrain(state, f, c.what)


def _on_gain_for(state: TerraMysticaState, f: Faction, c: cmd.GainFor) -> None:
    variable.gain_for(state, f, c.to_type, c.from_type)


def _on_nothing(state: TerraMysticaState, f: Faction, c: cmd.Command) -> None:
    pass


def feed_nested(state: TerraMysticaState, f: Faction, c: cmd.Command) -> None:
    """A command the engine rewrites into another one (``+BONn`` in setup)."""
    faction_command(state, f, c)
    state.ledger.force_finish = True


def _unknown_faction(state: TerraMysticaState, actor: str) -> None:
    """A line of a faction that is not in the game (the nearest one as a suggestion)."""
    names = [f.name for f in state.order if not f.empty_seat]
    if not names:  # an empty list of players says nothing
        raise IllegalMove(
            f"{actor} is not a player of this game",
            rule=KNOWN_FACTION_RULE,
            facts=["no faction is set up yet"],
        )
    Roster(names).resolve(actor, rule=KNOWN_FACTION_RULE)


_FACTION_HANDLERS: dict[type, Callable[[TerraMysticaState, Faction, Any], None]] = {
    cmd.Adjust: _on_adjust,
    cmd.Build: _on_build,
    cmd.Upgrade: _on_upgrade,
    cmd.Send: _on_send,
    cmd.Convert: _on_convert,
    cmd.Burn: _on_burn,
    cmd.Leech: _on_leech,
    cmd.Decline: _on_decline,
    cmd.Transform: _on_transform,
    cmd.Dig: _on_dig,
    cmd.Bridge: _on_bridge,
    cmd.Connect: _on_connect,
    cmd.Pass: _on_pass,
    cmd.Action: _on_action,
    cmd.Advance: _on_advance,
    cmd.Wait: _on_wait,
    cmd.Done: _on_done,
    cmd.DropFaction: _on_drop,
    cmd.Income: _on_income,
    cmd.Start: _on_start,
    cmd.StartPlanning: _on_nothing,
    cmd.PickColour: _on_pick_colour,
    cmd.UnlockTerrain: _on_unlock_terrain,
    cmd.GainFor: _on_gain_for,
}
#: The handlers of the commands that are never the engine's own (``internal`` is
#: False for the whole class, not a property of the command): feed calls them at once.
_WRITTEN_HANDLERS = {
    kind: handler for kind, handler in _FACTION_HANDLERS.items() if kind.internal is False
}

"""At the table: whose move it is, what is legal now, and the words ``gamelog play``
completes.

A Terra Mystica position allows hundreds of lines (every hex, every way to pay,
every free conversion), so the lists are grouped by kind and each group says
whether it is complete: the hexes the faction can build or terraform on now
(with the cost), the upgrades it can afford, the power and faction actions still
open, the cult tracks for a priest, the shipping and digging tracks, the bonus
tiles to pass with, a sample of the free conversions; and the open obligations
(power offers to answer, favor and town tiles to pick, cult steps, spades and
bridges owed), which may be another faction's.

Every line listed is tried before it is listed: played, as the next line of the
log, on a copy of the position (``TerraMysticaState.branch``) by the rules
themselves (``rules.feed``). So a listed line is legal by the engine's own
verdict; the rule modules only suggest what to try (where the faction reaches,
what a hex costs to terraform).

What a line means depends on who wrote the line above it: the site ends a
faction's turn when the next entry is somebody else's. The position after the
last line (``gamelog moves`` at the end of a log, ``gamelog play``) was played as
the end of the stream; at a line inside a log (``gamelog moves --line N``) the
last move was played knowing the next line's actor. Lines of the faction that
played last are therefore tried on the position where its turn goes on, and
everybody else's on the position where it ended; the one the state is not is
replayed from the log (state.py keeps the moves).

A ledger (the site's export) is written on at the table as well: its rows hold the
state after each row, which nobody can type, so it lists each legal command line as
the row the rules write for it (the line played on a branch, its cells read off the
row it wrote), and where the rules have written rows the ledger does not hold yet
(the income of a round, the final scoring: rows of nobody's choice) only those, the
next one, to be picked (``moves``, ``#N``; Tab completes one where nobody is to
move, as in the final scoring). No position at all has no
list (NotImplementedError); Terra Mystica opts out of the conformance suite's walk
of complete lists (conformance.py) for its own
(tests/terra_mystica/test_terra_mystica_legal.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from gamelog.core.errors import GamelogError, IllegalMove
from gamelog.core.game import GameLog, Option, OptionGroup
from gamelog.core.words import amounts_text
from gamelog.games.terra_mystica import rules
from gamelog.games.terra_mystica.components import (
    ACTION_SPACES,
    CONSTANTS,
    FACTION_VARIANTS,
    FACTIONS,
    RESOURCE_WORDS,
    TILES,
)
from gamelog.games.terra_mystica.ledger import Row
from gamelog.games.terra_mystica.ledger_file import row_cells
from gamelog.games.terra_mystica.lines import (
    action_lines,
    bridge_lines,
    build_lines,
    free_lines,
    pass_lines,
    priest_lines,
    spade_lines,
    tile_words,
    unlock_lines,
    upgrade_lines,
)
from gamelog.games.terra_mystica.notation import commands as cmd
from gamelog.games.terra_mystica.notation import line_cache
from gamelog.games.terra_mystica.notation.commands import ADMIN, COMMENT, Entry
from gamelog.games.terra_mystica.notation.header import LEDGER
from gamelog.games.terra_mystica.notation.moves import GRAMMAR, LogMove
from gamelog.games.terra_mystica.rules.fire_ice import PICKABLE
from gamelog.games.terra_mystica.state import Faction, TerraMysticaState, setup

#: Who writes the admin lines (setup, options) in ``to_move``.
ADMIN_NAME = "admin"
#: The spade actions a build can follow in one line, with the spades they give.
_SETUP_PHASES = ("wait-for-players", "select-factions")


# --- whose move ------------------------------------------------------------------------


def to_move(state: TerraMysticaState) -> str | None:
    """The faction the log waits for first (a power offer to answer, a tile to pick,
    the turn), ``admin`` while the factions are still being chosen, None once the
    game is over."""
    if rules.is_finished(state) or state.finished:
        return None
    if state.phase in _SETUP_PHASES or state.phase == "post-setup":
        owing = _owing_in_setup(state)
        if owing is not None:
            return owing.name
    if state.phase in _SETUP_PHASES:
        return state.setup_order[0][0] if _seated(state) else ADMIN_NAME
    for record in state.action_required:
        if not record.optional and record.faction and record.type != "gameover":
            return record.faction
    if state.active is not None and not state.active.dropped:
        return state.active.name
    return None


def _seated(state: TerraMysticaState) -> bool:
    """Every player has a faction, as far as the log tells how many play (without
    ``player`` or ``player-count`` lines: once two have, the fewest who can play)."""
    wanted = state.player_count or len(state.players) or MIN_FACTIONS
    return len(state.order) >= wanted and bool(state.setup_order)


def _owing_in_setup(state: TerraMysticaState) -> Faction | None:
    """The first faction that owes a colour pick or its starting favor tile before
    the initial dwellings (Fire & Ice)."""
    for f in state.order:
        if f.r["PICK_COLOR"] or (f.r["GAIN_FAVOR"] and not f.locations):
            return f
    return None


#: The fewest factions a game is played with.
MIN_FACTIONS = 2


# --- what is legal -----------------------------------------------------------------------


def legal_moves(state: TerraMysticaState) -> list[OptionGroup]:
    """The lines that may follow the log now, by kind (see the module docstring)."""
    if state is None:
        raise NotImplementedError(
            "Terra Mystica lists the moves of a position (grouped, most groups a sample)"
        )
    if state.form == LEDGER:
        return _ledger_rows(state)
    return _command_lines(state)


def _command_lines(state: TerraMysticaState) -> list[OptionGroup]:
    """The command lines that may follow the log now, by kind."""
    if to_move(state) is None:
        return []
    positions = _Positions(state)
    groups: list[OptionGroup] = []
    mover = to_move(state)
    if mover == ADMIN_NAME or (state.phase in _SETUP_PHASES and not _owing_in_setup(state)):
        groups.extend(_admin_groups(positions.cut))
    # The faction the log waits for first, the faction whose turn it is, and every
    # other faction that owes an answer or a pick.
    names = [mover] if mover in state.factions else []
    active = positions.cut.active
    if active is not None and state.phase == "play":
        names.append(active.name)
    names += _obliged(positions)
    for name in dict.fromkeys(names):
        position = positions.of(name)
        found = _faction_groups(position, name)
        if name != mover:
            found = [replace(group, kind=f"{group.kind}: {name}") for group in found]
        groups.extend(found)
    return [group for group in groups if group.options]


# --- a ledger's rows ----------------------------------------------------------------------


def _ledger_rows(state: TerraMysticaState) -> list[OptionGroup]:
    """The rows that may follow a ledger now, as the site's export writes them: the
    rows the rules have written that the ledger does not hold yet (the income, the
    final scoring: the only faction row that may come next), else each legal command
    line as the row the rules write for it (its cells worked out by playing it on a
    copy of the position), and the comment rows before it."""
    rows = state.ledger.rows
    owed = rows[state.compared :]
    comments = [row.comment for row in owed if row.comment is not None]
    due = next((row for row in owed if row.comment is None), None)
    if due is not None:
        before = owed[: owed.index(due)]
        lines = [row.comment for row in before if row.comment is not None]
        options = tuple(Option(line, _COMMENT_ROW) for line in lines)
        options += (Option(_row_text(due), "the rules write this row"),)
        return [OptionGroup("the next row of the ledger", options, complete=True)]
    found: list[OptionGroup] = []
    for group in _command_lines(state):
        kept = []
        for option in group.options:
            written = _as_row(state, option.line) if not option.form else []
            if written:
                comments += written[:-1]
                kept.append(Option(written[-1], option.note))
        if kept:
            found.append(replace(group, options=tuple(kept)))
    # the comment rows first: the rules write them before the next faction row
    # (``Round 2, turn 3``), and a comment row may always come
    lines = tuple(Option(c, _COMMENT_ROW) for c in dict.fromkeys(comments))
    return [*_group("comment rows", lines, complete=True), *found]


#: The note of a comment row among a ledger's rows.
_COMMENT_ROW = "a comment row"


def _row_text(row: Row) -> str:
    return "\t".join(row_cells(row))


def _as_row(state: TerraMysticaState, line: str) -> list[str]:
    """``line`` (a command line that is legal here) as a ledger writes it: the comment
    rows the rules write before its row (a new turn's), then the row they write for
    it, played on a copy of ``state`` itself, as the row typed below the ledger is
    (the lines of the faction that wrote the row above are tried where its turn goes
    on, and there the row above is still open). None where it writes no faction row
    of its own (a line of several factions) or is not legal on ``state`` as it stands;
    an admin line that writes no row (an option) is the same comment row."""
    entries = line_cache.parts(line)[0]
    trial = _played(state, entries)
    if trial is None:
        return []
    trial.ledger.finish_row()
    new = trial.ledger.rows[len(state.ledger.rows) :]
    written = [row for row in new if row.comment is None]
    actors = {actor for actor, _ in entries}
    if not written:
        return [line] if actors == {ADMIN} else []
    if written[0].faction not in actors and actors != {ADMIN}:
        return []
    first = new.index(written[0])
    comments = [row.comment for row in new[:first] if row.comment is not None]
    return [*comments, _row_text(written[0])]


class _Positions:
    """The position where the last faction's turn goes on (``same``) and where it ended
    (``cut``); the one the state is not is replayed when first asked for."""

    def __init__(self, state: TerraMysticaState) -> None:
        self.state = state
        last = _last_step(state)
        self.actor = last[0] if last is not None and last[0] not in (ADMIN, COMMENT) else None
        self.ended = last is None or last[2] != last[0]
        self._other: TerraMysticaState | None = None

    @property
    def cut(self) -> TerraMysticaState:
        if self.actor is None or self.ended:
            return self.state
        return self._replayed("")

    def of(self, name: str) -> TerraMysticaState:
        """Where lines of faction ``name`` are tried."""
        if name != self.actor:
            return self.cut
        return self._replayed(name) if self.ended else self.state

    def _replayed(self, next_actor: str) -> TerraMysticaState:
        if self._other is None:
            self._other = replayed_before_next(self.state, next_actor)
        return self._other


def _last_step(state: TerraMysticaState) -> tuple[str, cmd.Command, str] | None:
    """The last step played, comments aside (a comment is no one's turn)."""
    found = _last_turn_step(state, state.moves[: state.applied])
    if found is None:
        return None
    move, at = found
    return state.plan[id(move)][at]


def _last_turn_step(
    state: TerraMysticaState, moves: Sequence[LogMove]
) -> tuple[LogMove, int] | None:
    """The move of ``moves`` that holds the last step that is not a comment, and the
    step's index in its plan."""
    for move in reversed(moves):
        steps = state.plan.get(id(move), ())
        for at in range(len(steps) - 1, -1, -1):
            if steps[at][0] != COMMENT:
                return move, at
    return None


def replayed_before_next(state: TerraMysticaState, next_actor: str) -> TerraMysticaState:
    """The moves ``state`` has played, replayed with ``next_actor`` as the actor of
    the entry after the last one ("" for the end of the log)."""
    played = state.moves[: state.applied]
    fresh = setup(GameLog(header=state.header, moves=played))
    if next_actor:
        found = _last_turn_step(fresh, played)
        if found is not None:
            move, at = found
            steps = fresh.plan[id(move)]
            actor, command, _ = steps[at]
            fresh.plan[id(move)] = (*steps[:at], (actor, command, next_actor), *steps[at + 1 :])
    for move in played:
        rules.apply(fresh, move)
    return fresh


def _obliged(positions: _Positions) -> list[str]:
    """Factions other than the one to move that owe an answer or a pick now."""
    names: list[str] = []
    for state in (positions.cut, positions.state):
        for record in state.action_required:
            if record.type in _OBLIGATIONS and record.faction and record.faction not in names:
                names.append(record.faction)
    return names


_OBLIGATIONS = frozenset(
    {
        "leech",
        "favor",
        "town",
        "cult",
        "transform",
        "bridge",
        "convert",
        "lose-cult",
        "unlock-terrain",
        "gain-token",
        "pick-color",
    }
)


# --- trying lines --------------------------------------------------------------------------


def _legal(state: TerraMysticaState, lines: Iterable[tuple[str, str]]) -> tuple[Option, ...]:
    """The lines (with their notes) that the rules accept as the next line, in order,
    each once."""
    wanted = list(dict.fromkeys(lines))
    texts = list(dict.fromkeys(line for line, _ in wanted))
    try:
        line_cache.fill(texts, GRAMMAR)
    except GamelogError:
        return ()
    last = _last_step(state)
    found: list[Option] = []
    seen: set[str] = set()
    for line, note in wanted:
        if line in seen:
            continue
        entries = line_cache.parts(line)[0]
        if entries and _tried(state, entries, last):
            found.append(Option(line, note))
            seen.add(line)
    return tuple(found)


def _tried(
    state: TerraMysticaState,
    entries: tuple[Entry, ...],
    last: tuple[str, cmd.Command, str] | None,
) -> bool:
    """Whether ``entries`` play legally on a copy of ``state``."""
    first_actor, first = entries[0]
    if (
        last is not None
        and last[0] == first_actor
        and type(first) is cmd.Adjust
        and type(last[1]) is cmd.Adjust
        and first.text.lower() == last[1].text.lower()
    ):
        return False  # the site would merge it into the line above (+X +X -> +2X)
    trial = state.branch()
    try:
        for index, (actor, command) in enumerate(entries):
            following = next((a for a, _ in entries[index + 1 :] if a != COMMENT), "")
            if trial.finished and actor != COMMENT:
                return False
            rules.feed(trial, actor, command, following)
    except (IllegalMove, GamelogError):
        return False
    return True


def _group(
    kind: str, options: tuple[Option, ...], note: str = "", *, complete: bool = False
) -> list[OptionGroup]:
    """A group of the lines found legal (none: no group). ``complete``: every line of
    that form is among them (a power offer's answers, the tiles to take); otherwise the
    group is a sample of its kind (a build may also follow an action, a conversion)."""
    return [OptionGroup(kind, options, complete=complete, note=note)] if options else []


# --- setup -------------------------------------------------------------------------------


def _admin_groups(state: TerraMysticaState) -> list[OptionGroup]:
    taken = {f.color for f in state.order if not f.dropped} | set(state.factions)
    taken |= {f.secondary_color for f in state.order if f.secondary_color and not f.dropped}
    boards = dict(FACTIONS)
    for variant in reversed(state.faction_variants):  # the first variant's board wins
        boards.update(FACTION_VARIANTS[variant])
    lines = [
        (f"setup {name}", f"{spec.display}, {spec.color}")
        for name, spec in sorted(boards.items())
        if name not in taken and spec.color not in taken
    ]
    groups = _group("choose a faction (admin)", _legal(state, lines), complete=True)
    if not state.score_tiles:
        scoring = sorted(
            (name for name, tile in TILES.items() if tile.kind == "scoring" and not tile.option),
            key=lambda name: int(name[5:]),
        )
        line = f"score {','.join(scoring[:6])}"
        groups += _group(
            "round scoring tiles (admin)",
            _legal(state, [(line, "one tile per round, in order")]),
            note="any six scoring tiles, each once",
        )
    return groups


# --- one faction ---------------------------------------------------------------------------


def _faction_groups(state: TerraMysticaState, name: str) -> list[OptionGroup]:
    f = state.factions[name]
    if not state.round and (f.r["PICK_COLOR"] or (f.r["GAIN_FAVOR"] and not f.locations)):
        return _setup_owed(state, f)
    if state.phase == "initial-dwellings" or (
        state.phase in _SETUP_PHASES and state.setup_order and state.setup_order[0][0] == name
    ):
        return _group(
            "initial dwelling",
            _legal(
                state,
                (
                    (f"{name}: build {where}", "free")
                    for where in state.board.land
                    if state.colour[where] in (f.color, f.secondary_color)
                    and where not in state.building
                ),
            ),
            complete=True,
        )
    if state.phase == "initial-bonus":
        return _group("initial bonus tile", _legal(state, pass_lines(state, f)), complete=True)
    groups = _obligations(state, f)
    if state.phase != "play" or state.active is not f or f.passed:
        return groups
    unpassed = [x for x in state.order if not (x.passed or x.dropped)]
    owes = any(f.r[kind] for kind in _OWING if kind != "GAIN_ACTION")
    if (f.allowed_actions or unpassed == [f]) and not owes:
        # A faction with an action to come (a double turn's second, or the last one
        # still in the round moving again) first meets what the last action left owed:
        # a bridge, spades or a free building left for later is never placed.
        groups += _turn(state, f)
    groups += _group(
        "free actions (before or after the action)",
        _legal(state, free_lines(state, f)),
        note="a sample: any amount that is affordable may be converted or burnt",
    )
    return groups


def _setup_owed(state: TerraMysticaState, f: Faction) -> list[OptionGroup]:
    """A Fire & Ice faction's colour pick, then its starting favor tile (Ice Maidens)."""
    name = f.name
    if f.r["PICK_COLOR"]:
        lines = ((f"{name}: pick-color {colour}", "picked colour") for colour in PICKABLE)
        return _group("pick a colour", _legal(state, lines), complete=True)
    return _obligations(state, f)


def _turn(state: TerraMysticaState, f: Faction) -> list[OptionGroup]:
    name = f.name
    builds, transforms, spade_actions = build_lines(state, f)
    groups = _group(
        "build a dwelling",
        _legal(state, builds),
        note="on own terrain, or terraformed first with 'dig N' (the cost includes the spades)",
    )
    groups += _group(
        "build after a spade action",
        _legal(state, spade_actions),
        note="the action's spades terraform the hex",
    )
    groups += _group(
        "terraform without building",
        _legal(state, transforms),
        note="to the faction's own terrain; 'transform HEX to COLOUR' stops short",
    )
    groups += _group("upgrade", _legal(state, upgrade_lines(state, f)), complete=True)
    groups += _group(
        "send a priest to a cult track", _legal(state, priest_lines(state, f)), complete=True
    )
    groups += _group(
        "power and faction actions",
        _legal(state, _usable_actions(state, f, action_lines(state, f))),
        note="still open",
    )
    groups += _group(
        "shipping and digging",
        _legal(
            state,
            (
                (
                    f"{name}: advance {track}",
                    amounts_text(f.track(track).advance_cost, RESOURCE_WORDS),
                )
                for track in ("ship", "dig")
                if f.track(track).max_level > f.tracks[track]
            ),
        ),
        complete=True,
    )
    if f.allowed_actions <= 1:
        # Passing with a second action still owed (the first of the Chaos Magicians'
        # double turn) leaves the faction passed yet still to move: nothing after it
        # is legal, in the established engine too.
        groups += _group("pass", _legal(state, pass_lines(state, f)), complete=True)
    return groups


#: What an action can leave the faction owing: a bridge to place, a free building or
#: terraform to use, spades, cult steps, more actions (the Chaos Magicians' double turn).
_OWING = ("BRIDGE", "FREE_TP", "FREE_D", "FREE_TF", "SPADE", "CULT", "GAIN_ACTION")


def _usable_actions(
    state: TerraMysticaState, f: Faction, lines: Iterable[tuple[str, str]]
) -> Iterable[tuple[str, str]]:
    """The action lines whose gift can be used: an action that leaves something owed
    (``_OWING``) is listed only where a listed line then meets it."""
    for line, note in lines:
        try:
            line_cache.fill([line], GRAMMAR)
        except GamelogError:
            continue
        entries = line_cache.parts(line)[0]
        owing = any(
            kind
            for _, command in entries
            if isinstance(command, cmd.Action) and command.name in ACTION_SPACES
            for kind in _OWING
            if ACTION_SPACES[command.name].gain.get(kind)
        )
        if not owing or _owed_can_be_met(state, f, entries):
            yield line, note


def _played(state: TerraMysticaState, entries: Sequence[Entry]) -> TerraMysticaState | None:
    """A branch of ``state`` with a line's parsed ``entries`` played on it, each told the
    actor of the entry after it (whose turn comes next), or None where the line is not
    legal there."""
    trial = state.branch()
    try:
        for index, (actor, command) in enumerate(entries):
            following = next((a for a, _ in entries[index + 1 :] if a != COMMENT), "")
            rules.feed(trial, actor, command, following)
    except (IllegalMove, GamelogError):
        return None
    return trial


def _owed_can_be_met(state: TerraMysticaState, f: Faction, entries: Sequence[Entry]) -> bool:
    """Whether what a line (its parsed ``entries``) leaves owed can be met by a listed
    line: an action whose gift cannot be used (a bridge with no river edge by an own
    building, a free trading house with no dwelling left, a double turn with nothing to
    do but pass) leaves the faction to move with nothing legal, in the established
    engine too."""
    trial = _played(state, entries)
    if trial is None:
        return False
    after = trial.factions[f.name]
    if any(after.r[kind] for kind in _OWING if kind != "GAIN_ACTION"):
        return bool(_obligations(trial, after))
    return not after.allowed_actions or bool(_turn(trial, after))


# --- what a faction owes -------------------------------------------------------------------


def _obligations(state: TerraMysticaState, f: Faction) -> list[OptionGroup]:
    name = f.name
    r = f.r
    groups: list[OptionGroup] = []
    offers = [record for record in state.action_required if record.type == "leech"]
    answers: list[tuple[str, str]] = []
    for record in offers:
        if record.faction != name:
            continue
        power = record.actual
        price = max(0, min(power - 1, r["VP"]))
        answers.append(
            (
                f"{name}: leech {record.amount} from {record.from_faction}",
                f"+{power} power for {price} VP",
            )
        )
        answers.append(
            (f"{name}: decline {record.amount} from {record.from_faction}", "no power, no VP")
        )
    groups += _group("answer a power offer", _legal(state, answers), complete=True)
    if r["GAIN_FAVOR"]:
        groups += _group(
            "take a favor tile",
            _legal(
                state,
                (
                    (f"{name}: +{tile}", tile_words(tile))
                    for tile in _tiles_left(state, "favor")
                    if tile not in f.tiles["favor"]
                ),
            ),
            complete=True,
        )
    if r["LOSE_CULT"]:
        steps = r["LOSE_CULT"]
        lines = [
            (f"{name}: -{steps}{cult}", f"{steps} steps off {cult}")
            for cult in state.cults
            if r[cult] >= steps
        ]
        groups += _group("pay the volcano with cult steps", _legal(state, lines), complete=True)
    if r["GAIN_TW"]:
        groups += _group(
            "take a town tile",
            _legal(state, ((f"{name}: +{t}", tile_words(t)) for t in _tiles_left(state, "town"))),
            complete=True,
        )
    if r["CULT"]:
        steps = r["CULT"]
        lines = [(f"{name}: +{cult}", f"1 step on {cult}") for cult in state.cults]
        if steps > 1:
            lines += [(f"{name}: +{steps}{c}", f"{steps} steps on {c}") for c in state.cults]
        groups += _group("owed cult steps", _legal(state, lines))
    if r["SPADE"] or r["FREE_TF"]:
        owed = r["SPADE"]
        declined = [(f"{name}: -{owed if owed > 1 else ''}SPADE", "decline the spades owed")]
        groups += _group(
            "use the spades owed",
            _legal(state, [*spade_lines(state, f), *(declined if owed else [])]),
        )
    if r["FREE_D"]:
        groups += _group(
            "build the free dwelling",
            _legal(
                state,
                (
                    (f"{name}: build {where}", "free")
                    for where in state.board.land
                    if state.colour[where] == f.color and where not in state.building
                ),
            ),
            complete=True,
        )
    if r["FREE_TP"]:
        groups += _group(
            "the free trading house",
            _legal(
                state,
                (
                    (f"{name}: upgrade {where} to TP", "free")
                    for where in f.locations
                    if state.building.get(where) == "D"
                ),
            ),
            complete=True,
        )
    if r["BRIDGE"]:
        groups += _group("place the bridge", _legal(state, bridge_lines(state, f)), complete=True)
    if r["PICK_COLOR"]:  # in play: the Shapeshifters' new colour (their ACTH actions)
        groups += _group(
            "pick a new colour",
            _legal(
                state,
                ((f"{name}: pick-color {c}", "every own building takes it") for c in PICKABLE),
            ),
            complete=True,
        )
    if r["UNLOCK_TERRAIN"] and f.unlocked is not None:
        groups += _group(
            "unlock a terrain for the priest gained",
            _legal(state, unlock_lines(state, f)),
            complete=True,
        )
    if r["GAIN_P3_FOR_VP"]:
        groups += _group(
            "a power token for the power accepted",
            _legal(
                state,
                (
                    (f"{name}: gain P3 for VP", "1 VP -> a new token in bowl III"),
                    (f"{name}: -GAIN_P3_FOR_VP", "no token"),
                ),
            ),
            complete=True,
        )
    if r["CONVERT_W_TO_P"]:
        groups += _group(
            "workers to priests (stronghold)",
            _legal(
                state,
                (
                    (f"{name}: convert {n}W to {n}P", f"{n} workers -> {n} priests")
                    for n in range(1, r["CONVERT_W_TO_P"] + 1)
                ),
            ),
        )
    return groups


def _tiles_left(state: TerraMysticaState, kind: str) -> list[str]:
    """The tiles of ``kind`` ("favor", "town") still in the supply, in number order."""
    left = [n for n, count in state.pool.items() if count > 0 and n in TILES]
    return sorted((n for n in left if TILES[n].kind == kind), key=lambda n: int(n.lstrip("FAVTW")))


# --- completion ------------------------------------------------------------------------------


def words(state: TerraMysticaState) -> list[str]:
    """The factions, hexes, cult tracks, tiles and action names, for completion; the
    options too while the game is being set up, where an ``option`` line goes."""
    found = [f.name for f in state.order if not f.empty_seat]
    if state.round == 0:
        found += list(CONSTANTS.options)
    found += [where for where in state.board.land if where not in state.building]
    found += [where for where in state.building]
    found += list(state.cults)
    found += [name for name, count in state.pool.items() if count and name in TILES]
    found += [name for name in ACTION_SPACES]
    found += ["TP", "TE", "SH", "SA", "ship", "dig", "to", "from", "for", "p"]
    found += list(CONSTANTS.terrain_wheel)
    return list(dict.fromkeys(found))

"""A Terra Mystica game in play, and how a log sets it up.

The state follows the online engine (terra.snellman.net) closely enough to
reproduce its ledgers row for row: a log is one stream of ``(actor, command)``
entries (commands.py) and every move owns a stretch of it. Whose entry comes
next matters (that is when a faction's ledger row closes), so :func:`new_game`
lays the whole stream out before play, each step with the actor of the entry
after it. The rules (the rules/ package) change the state
in place; the setup itself (options, scoring tiles, factions, map) is made by
the log's admin lines as they are played.

Resources of a faction live in one dictionary ``r`` keyed by the engine's
resource names (C, W, P, VP, P1/P2/P3 for the power bowls, cult tracks, KEY,
tiles held such as BON4 or FAV11, and short-lived entitlements such as SPADE
or GAIN_FAVOR), because tiles and actions grant them generically by name
(``data/tiles.toml``).
"""

from __future__ import annotations

import copy
from collections import defaultdict, deque

from gamelog.core.game import GameLog
from gamelog.games.terra_mystica.board import Board, board_for
from gamelog.games.terra_mystica.components import (
    CONSTANTS,
    MAPS,
    TILES,
    FactionSpec,
    Track,
    empty_seat_spec,
)
from gamelog.games.terra_mystica.ledger import Ledger, snapshot
from gamelog.games.terra_mystica.notation import commands as cmd
from gamelog.games.terra_mystica.notation.commands import ADMIN, COMMENT, Entry
from gamelog.games.terra_mystica.notation.header import Header
from gamelog.games.terra_mystica.notation.moves import LedgerRow, LogMove
from gamelog.games.terra_mystica.notation.rewrites import rewrite_stream

#: One step of the stream as a move plays it: actor, command, and the actor of the
#: entry after it (whose turn comes next).
Step = tuple[str, cmd.Command, str]


class Pending:
    """Something a faction must still do or decide (``type``: leech, full, cult,
    transform, favor, town, bridge, convert, ...). Made by :func:`owed`, which sets
    every field (the class has no ``__init__``: see there why)."""

    __slots__ = (
        "actual",
        "amount",
        "faction",
        "from_faction",
        "leech_id",
        "optional",
        "tainted",
        "type",
    )

    def copy(self) -> Pending:
        other = Pending.__new__(Pending)
        for name in Pending.__slots__:
            setattr(other, name, getattr(self, name))
        return other


def owed(
    type: str,
    faction: str,
    *,
    from_faction: str = "",
    amount: int = 0,
    actual: int = 0,
    leech_id: int = 0,
    optional: bool = False,
) -> Pending:
    """A new :class:`Pending`, made without calling the class: the rules make one a
    turn or more (the next faction's turn, each power offer), and a class call runs
    ``__init__`` in an evaluation loop of its own, a function call does not."""
    record = _new(Pending)
    record.type = type
    record.faction = faction
    record.from_faction = from_faction
    record.amount = amount
    record.actual = actual
    record.leech_id = leech_id
    record.tainted = ""
    record.optional = optional
    return record


_new = object.__new__


# --- a faction --------------------------------------------------------------------

_TILE_GROUPS = {"BON": "bonus", "FAV": "favor", "TW": "town"}


class Faction:
    """One faction's mutable state during a game."""

    def __init__(self, spec: FactionSpec, *, start_vp: int, empty_seat: bool = False) -> None:
        self.spec = spec
        #: A seat whose player was dropped before choosing a faction (``nofactionN``):
        #: it keeps its place in the seat order but never acts, earns or scores.
        self.empty_seat = empty_seat
        self.name = spec.name
        self.display = spec.display
        self.color = spec.color
        #: The wheel colour a Fire & Ice faction picked (``pick-color``): its ice or
        #: volcano terrain counts as that colour for terraforming.
        self.secondary_color: str | None = None
        #: The power of each building for towns and power offers (Yetis: SH, SA 4).
        self.building_power = (
            CONSTANTS.building_power
            if not spec.building_power
            else {**CONSTANTS.building_power, **spec.building_power}
        )
        self.exchange_rates = spec.exchange_rates
        #: Riverwalkers (variable.py): the terrains they may build on, their colour
        #: once picked and one more per unlock; None for a faction that builds on its
        #: home terrain.
        self.unlocked: set[str] | None = set() if spec.unlock_cost else None
        #: Gains the faction gets something else for (``special`` mode ``replace``: the
        #: Riverwalkers' priests become unlocks, their spades nothing), or None.
        self.replaced: dict[str, dict[str, int]] | None = (
            dict(spec.special_effects) if spec.special_mode == "replace" else None
        )
        #: What the faction gets something more for when it gains it (``special``
        #: mode ``gain``: resources.adjust asks for these).
        self.gain_triggers: frozenset[str] = (
            frozenset(spec.special_effects) if spec.special_mode == "gain" else frozenset()
        )
        r: dict[str, int] = defaultdict(int)
        r.update(spec.start)
        for cult in CONSTANTS.cults:
            r[f"MAX_{cult}"] = 10
        r["VP"] = start_vp
        r["MAX_P"] = spec.priest_cap
        r["TOWN_SIZE"] = CONSTANTS.town_power
        r["BRIDGE_COUNT"] = CONSTANTS.bridges_per_faction
        for kind, value in spec.ranges.items():
            r[f"{kind}_range"] = value
        self.r = r
        self.vp_source: dict[str, int] = defaultdict(int)
        self.vp_source["initial"] = start_vp
        #: Every VP change as it happened: (source, line, move as written, points, the
        #: number of the ledger row it is written in), for the score sheet's sources
        #: (the starting VP are booked by the setup line).
        self.vp_trail: list[tuple[str, int, str, int, int]] = []
        self.buildings = {kind: 0 for kind in spec.buildings}
        self.tracks = {"ship": spec.ship.level, "dig": spec.dig.level}
        if spec.teleport is not None:
            self.tracks["teleport"] = spec.teleport.level
        #: Hexes of the faction's buildings, in the order they were built (and as a set).
        self.locations: list[str] = []
        self.built: set[str] = set()
        #: The groups of linked own buildings, as a union-find over their hexes (each
        #: hex's parent; a group's root is its own parent), with each group's power
        #: and size (a sanctuary counts two) by its root (rules/towns.py).
        self.group_of: dict[str, str] = {}
        self.group_power: dict[str, int] = {}
        self.group_size: dict[str, int] = {}
        #: Tiles held by group ("bonus", "favor", "town"), in the order they were taken.
        self.tiles: dict[str, dict[str, bool]] = {"bonus": {}, "favor": {}, "town": {}}

        # Turn bookkeeping (see rules/turn.py).
        self.passed = False
        self.dropped = False
        self.income_taken = 0
        self.start_player = False
        self.order = 0
        self.start_order = 0
        self.allowed_actions = 0
        self.allowed_sub: dict[str, int] = {}
        self.allowed_build_locations: set[str] = set()
        self.waiting = False
        self.require_home_terrain_tf = False
        self.teleport_to: str | None = None
        self.cult_blocked: set[str] = set()
        self.disable_spade_decline = False
        #: Favor, town or bridge reminders of this faction may be among the state's
        #: pending records (rules/pending.py): only then are they looked for.
        self.reminded = False

        # Leech bookkeeping for the Cultists' reactions, by leech event id.
        self.leech_not_rejected: dict[int, int] = defaultdict(int)
        self.leech_rejected: dict[int, int] = defaultdict(int)
        self.leech_cult_gained: dict[int, int] = defaultdict(int)

        #: Final-scoring measures (network size, F&I distances), set at game end.
        self.measures: dict[str, float] = {}

    @classmethod
    def for_empty_seat(cls, number: int) -> Faction:
        """The placeholder the site registers as ``nofactionN`` for seat ``number``."""
        seat = cls(empty_seat_spec(f"nofaction{number}"), start_vp=0, empty_seat=True)
        seat.dropped = True
        return seat

    def track(self, name: str) -> Track:
        if name == "ship":
            return self.spec.ship
        if name == "dig":
            return self.spec.dig
        assert self.spec.teleport is not None
        return self.spec.teleport

    def snapshot(self) -> tuple[int, ...]:
        """What a ledger row shows, in its order: VP, C, W, P, the bowls P1/P2/P3,
        the four cult tracks and the cult steps still owed (see ledger.py)."""
        return snapshot(self.r)

    def power_gainable(self) -> int:
        """How much power the bowls can still take (bowl I counts twice)."""
        return self.r["P1"] * 2 + self.r["P2"]

    def held(self, prefix: str) -> list[str]:
        """Tiles of one kind the faction holds (``BON``, ``FAV``, ``TW``)."""
        return list(self.tiles[_TILE_GROUPS[prefix]])

    def bonus_tile(self) -> str | None:
        for name in self.tiles["bonus"]:
            return name
        return None

    def __repr__(self) -> str:
        return f"<Faction {self.name}>"

    def branch(self) -> Faction:
        """An independent copy (see TerraMysticaState.branch)."""
        other = Faction.__new__(Faction)
        fields = other.__dict__
        for name, value in self.__dict__.items():
            kind = _BRANCHED.get(name)
            if kind is None:
                fields[name] = value if type(value) in _ATOMS else copy.deepcopy(value)
            elif kind is _SHARED:
                fields[name] = value
            elif kind is _COUNTS:
                fields[name] = value.copy()
            else:  # the tiles held, by group
                fields[name] = {group: dict(tiles) for group, tiles in value.items()}
        return other


#: Values a branch shares with its original (immutable), and how Faction.branch copies
#: the rest of a faction: containers of plain values, and the tiles held by group.
_ATOMS = frozenset({str, int, float, bool, type(None), tuple, frozenset})
_SHARED, _COUNTS, _NESTED = "shared", "counts", "nested"
_BRANCHED = {
    **dict.fromkeys(
        (
            "spec",
            "exchange_rates",
            "replaced",
            "empty_seat",
            "name",
            "display",
            "color",
            "secondary_color",
            "building_power",
            "passed",
            "dropped",
            "income_taken",
            "start_player",
            "order",
            "start_order",
            "allowed_actions",
            "waiting",
            "require_home_terrain_tf",
            "teleport_to",
            "disable_spade_decline",
            "reminded",
            "gain_triggers",
        ),
        _SHARED,
    ),
    **dict.fromkeys(
        (
            "r",
            "vp_source",
            "vp_trail",
            "buildings",
            "tracks",
            "locations",
            "built",
            "group_of",
            "group_power",
            "group_size",
            "allowed_sub",
            "allowed_build_locations",
            "cult_blocked",
            "leech_not_rejected",
            "leech_rejected",
            "leech_cult_gained",
            "measures",
        ),
        _COUNTS,
    ),
    "tiles": _NESTED,
}


# --- the game ---------------------------------------------------------------------


class TerraMysticaState:
    """Everything the rules need during play, and the replay's bookkeeping: each
    move's stretch of the stream (``plan``), and for a ledger the recorded rows
    still waiting for the rules' row to compare with."""

    def __init__(
        self,
        *,
        form: str,
        plan: dict[int, tuple[Step, ...]],
        total_moves: int,
        header: Header | None = None,
        moves: list[LogMove] | None = None,
    ) -> None:
        # The replay.
        self.form = form
        self.plan = plan
        self.total_moves = total_moves
        self.applied = 0
        #: The log's header and moves the plan was laid out from (rules.extend lays
        #: out more; legal.py replays a prefix of them).
        self.header = header
        self.moves: list[LogMove] = [] if moves is None else moves
        #: The line being played and the move as written there (the VP trail's source).
        self.at_line = 0
        self.at_text = ""
        #: Ledger rows read but not yet compared, the rules' rows compared so far,
        #: and the faction rows found equal.
        self.rows_to_verify: deque[LedgerRow] = deque()
        self.compared = 0
        self.verified_rows = 0
        #: The line of the recorded row each written row was found equal to, by the
        #: written row's number (ledger.Row.number).
        self.row_lines: dict[int, int] = {}

        # The setup.
        self.options: set[str] = set()
        #: Fire & Ice faction variants switched on, in the order the engine adds them
        #: (the first one that has a faction gives its board; fire_ice.py).
        self.faction_variants: list[str] = []
        #: A faction variant is on, or a Fire & Ice faction plays: the game has the
        #: setup steps of Fire & Ice (rules/phases.py).
        self.fire_and_ice = False
        #: The colour picks of the post-setup step have been given (rules/phases.py).
        self.post_setup_given = False
        #: The seats of a ledger log (its setup rows), which records no players.
        self.ledger_seats = 0
        self.players: list[str] = []
        self.player_count: int | None = None
        self.pool: dict[str, int] = {}
        self.pool_ready = False
        self.town_tile_names: list[str] = []
        self.bonus_coins: dict[str, int] = {}
        self.score_tiles: list[str] = []
        self.gain_scoring_round = -1
        #: The round scoring tile that pays VP for gains this round, and its table.
        self.gain_scoring: tuple[str, dict[str, int]] = ("", {})
        self.final_scoring: dict[str, tuple[int, ...]] = dict(CONSTANTS.final_scoring)
        self.cults = CONSTANTS.cults
        self.cult_set = frozenset(self.cults)
        self.cult_spaces: dict[str, list[str | None]] = {
            cult: [None] * len(CONSTANTS.cult_spaces) for cult in self.cults
        }

        # The factions and the flow of play.
        self.round = 0
        self.turn = 0
        self.finished = False
        self.factions: dict[str, Faction] = {}
        self.by_colour: dict[str, Faction] = {}
        self.order: list[Faction] = []
        self.new_order: list[Faction] = []
        self.blocked: set[str] = set()
        self.leech_id = 0
        self.action_required: list[Pending] = []
        self.active: Faction | None = None
        self.phase = "wait-for-players"
        self.income_state = "other"
        self.full_turn_played = False
        self.setup_order: list[tuple[str, str]] = []
        self.ledger = Ledger()
        self.warnings: list[str] = []

        # The map, and the starting VP of its VP variant, if any, by faction.
        self.start_vp: dict[str, int] = {}
        self.map_id = CONSTANTS.original_map
        self.use_board(board_for(MAPS[self.map_id]))

    def use_board(self, board: Board) -> None:
        self.board = board
        self.colour: dict[str, str] = dict(board.start_colour)
        self.building: dict[str, str] = {}
        self.bridged: dict[str, set[str]] = {}
        self.bridges: list[tuple[str, str, str]] = []
        self.town: dict[str, int] = {}
        self.skip: dict[str, set[str]] = {}
        self.river_towns: set[str] = set()

    def warn(self, text: str) -> None:
        self.warnings.append(text)

    def branch(self) -> TerraMysticaState:
        """An independent copy of the position, to try a move on (legal.py) without
        touching this one: every container the rules change is copied, the factions
        (and every reference to them) too; what they never change (the map's
        geometry, the plan, the component data, finished ledger rows) is shared."""
        other = TerraMysticaState.__new__(TerraMysticaState)
        factions = {id(f): f.branch() for f in self.factions.values()}
        fields = other.__dict__
        for name, value in self.__dict__.items():
            if type(value) in _ATOMS or name in _STATE_SHARED:
                fields[name] = value
            elif name in _STATE_COPIED:
                fields[name] = value.copy()
            elif name in _STATE_NESTED:
                fields[name] = {k: v.copy() for k, v in value.items()}
            elif name in ("factions", "by_colour"):
                fields[name] = {k: factions[id(f)] for k, f in value.items()}
            elif name in ("order", "new_order"):
                fields[name] = [factions[id(f)] for f in value]
            elif name == "active":
                fields[name] = None if value is None else factions[id(value)]
            elif name == "action_required":
                fields[name] = [record.copy() for record in value]
            elif name == "ledger":
                fields[name] = value.branch(factions)
            else:
                fields[name] = copy.deepcopy(value)
        return other

    # --- views ------------------------------------------------------------------------

    def factions_in_order(self, *, active_only: bool = False) -> list[Faction]:
        if active_only:
            return [f for f in self.order if not f.dropped]
        return list(self.order)

    def factions_in_order_from(self, f: Faction, *, active_only: bool = False) -> list[Faction]:
        """The seat order rotated to start after ``f`` and end with ``f``."""
        order = self.order
        if active_only and any(x.dropped for x in order):
            order = [x for x in order if not x.dropped]
        if f not in order:
            return list(order)
        i = order.index(f)
        return order[i + 1 :] + order[: i + 1]

    def factions_in_turn_order(self) -> list[Faction]:
        """The seat order starting with the start player."""
        order = self.order
        for i, f in enumerate(order):
            if f.start_player:
                return order[i:] + order[:i]
        return list(order)

    def scored_factions(self) -> list[Faction]:
        """Every faction that chose a board, dropped or not, in seat order (empty seats
        of players dropped before choosing are not scored)."""
        return [f for f in self.order if not f.empty_seat]

    def is_active(self, f: Faction) -> bool:
        return self.active is f

    def find_actions(self, f: Faction, kind: str) -> list[Pending]:
        return [r for r in self.action_required if r.faction == f.name and r.type == kind]

    def required_count(self) -> int:
        return sum(1 for r in self.action_required if not r.optional)

    def pending_offers(self, f: Faction) -> list[Pending]:
        required = self.action_required
        if not required:
            return []
        name = f.name
        return [r for r in required if r.type == "leech" and r.faction == name]

    def setup_expectation(self) -> str:
        if not self.setup_order:
            return "setup is complete"
        name, kind = self.setup_order[0]
        what = "an initial dwelling" if kind == "dwelling" else "a bonus tile"
        return f"{name} is to place {what}"

    def current_score_tile(self) -> str | None:
        if self.round > 0 and len(self.score_tiles) >= self.round:
            return self.score_tiles[self.round - 1]
        return None

    def available_bonus_tiles(self) -> list[str]:
        return sorted(
            (k for k, v in self.pool.items() if k.startswith("BON") and v), key=lambda k: int(k[3:])
        )

    def town_tiles_left(self) -> int:
        """How many kinds of town tile are still in the supply."""
        pool = self.pool
        return sum(1 for name in self.town_tile_names if pool.get(name, 0) > 0)

    def adjacent(self, where: str) -> frozenset[str] | set[str]:
        """Directly adjacent hexes, counting bridges."""
        extra = self.bridged.get(where)
        base = self.board.neighbours[where]
        return base | extra if extra else base

    def shipping(self, f: Faction, *, with_bonus: bool = True) -> int:
        level = f.tracks["ship"]
        if with_bonus and f.spec.ship.max_level and not f.passed:
            for tile in f.tiles["bonus"]:
                level += TILES[tile].ship_bonus
        return level

    def measure(self, f: Faction, kind: str) -> float:
        """A faction's standing in a final scoring: a cult track, or a measure."""
        if kind in self.cult_set:
            return f.r[kind]
        return f.measures.get(kind, 0)


#: How TerraMysticaState.branch copies each part of the state (anything else: deeply).
_STATE_SHARED = frozenset({"plan", "header", "moves", "board", "gain_scoring", "cults", "start_vp"})
_STATE_COPIED = frozenset(
    {
        "rows_to_verify",
        "options",
        "faction_variants",
        "players",
        "pool",
        "town_tile_names",
        "bonus_coins",
        "score_tiles",
        "final_scoring",
        "blocked",
        "setup_order",
        "warnings",
        "colour",
        "building",
        "bridges",
        "town",
        "river_towns",
        "row_lines",
    }
)
_STATE_NESTED = frozenset({"cult_spaces", "bridged", "skip"})


# --- setup from the log ----------------------------------------------------------------


def copy_state(state: TerraMysticaState) -> TerraMysticaState:
    """A position kept to replay later moves from (the language server's): a branch,
    with a plan and a list of moves of its own, since ``rules.extend`` adds to both
    (a branch shares them, the position it was made from being never extended). A
    deep copy costs some hundred times as much (100 ms at the end of a league game)."""
    kept = state.branch()
    kept.plan = dict(state.plan)
    kept.moves = list(state.moves)
    return kept


def setup(log: GameLog[Header, LogMove]) -> TerraMysticaState:
    """The state before the first move, with every move's stretch of the stream."""
    header, moves = log.header, list(log.moves)
    plan, player_count = lay_out(moves)
    state = TerraMysticaState(
        form=header.form, plan=plan, total_moves=len(moves), header=header, moves=moves
    )
    if player_count is not None:
        state.player_count = player_count
    if header.form == "ledger":
        # A site ledger records no players, but its games had them: one a setup row
        # (what the Fire & Ice setup steps count, rules/phases.py).
        state.ledger_seats = sum(
            1
            for steps in plan.values()
            for _, command, _ in steps
            if type(command) is cmd.SetupFaction
        )
    return state


#: Admin lines that end no faction's row (state.lay_out).
_NO_BREAK = (cmd.Start, cmd.NoOp)


def lay_out(moves: list[LogMove]) -> tuple[dict[int, tuple[Step, ...]], int | None]:
    """Every move's stretch of the stream (the site's rewrites of the whole stream
    applied), each step with the actor of the entry after it; and the player count
    a ``player-count`` line gave, if any."""
    entries_of = [move.entries for move in moves]
    stream: list[Entry | None] = [entry for entries in entries_of for entry in entries]
    player_count = rewrite_stream(stream)
    # Each entry with the actor of the entry after it (whose turn comes next), the
    # stream walked backwards a move at a time. A comment is no one's turn: the actor
    # after it is the one after the comment, so that a note written on a line never
    # ends a faction's turn.
    plan: dict[int, tuple[Step, ...]] = {}
    following = ""
    end = len(stream)
    for move, entries in zip(reversed(moves), reversed(entries_of), strict=True):
        start = end - len(entries)
        if start == end - 1:
            # The usual move, one entry: its step without a list (once per line).
            entry = stream[start]
            if entry is None:
                plan[id(move)] = ()
            else:
                actor, command = entry
                plan[id(move)] = ((actor, command, following),)
                if actor != COMMENT and not (actor == ADMIN and isinstance(command, _NO_BREAK)):
                    following = actor  # _ends_row, inlined: the call would cost more
        else:
            steps: list[Step] = []
            for entry in reversed(stream[start:end]):
                if entry is not None:
                    actor, command = entry
                    steps.append((actor, command, following))
                    if _ends_row(actor, command):
                        following = actor
            steps.reverse()
            plan[id(move)] = tuple(steps)
        end = start
    return plan, player_count


def _ends_row(actor: str, command: cmd.Command) -> bool:
    """Whether ``actor``'s entry ends the row of the faction whose commands come before
    it. A comment, and an admin line that changes nothing (the 2013 ``start``), do
    not: the site's ledger writes the comment row and goes on collecting, and a
    ledger, which shows neither the admin line nor a break, reads back as one row."""
    return actor != COMMENT and not (actor == ADMIN and isinstance(command, _NO_BREAK))


def round_of(state: TerraMysticaState) -> int:
    """The round the next move is played in (0 while the factions set up), for the
    editor's outline. Once every faction has passed, the next round has begun for the
    log although ``round`` moves on only when its income is paid, except for a leech
    still owed on the round's last build, which is the old round's."""
    if state.finished:
        return state.round
    if state.phase == "income" and not state.required_count():
        return state.round + 1
    if state.phase in ("use-income-spades", "income-terrain-unlock"):
        return state.round + 1
    return state.round

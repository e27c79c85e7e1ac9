"""A faction in play: its resources, buildings, tracks and turn bookkeeping.

Resources live in one dictionary ``r`` keyed by the engine's resource names
(C, W, P, VP, P1/P2/P3 for the power bowls, cult tracks, KEY, tiles held such as
BON4 or FAV11, and short-lived entitlements such as SPADE or GAIN_FAVOR), because
tiles and actions grant them generically by name (``data/tiles.toml``).
"""

from __future__ import annotations

from collections import defaultdict
from operator import itemgetter

from gamelog.games.terra_mystica.components import FactionSpec, Track, empty_seat_spec, rules

_TILE_GROUPS = {"BON": "bonus", "FAV": "favor", "TW": "town"}
_SNAPSHOT = itemgetter(
    "VP", "C", "W", "P", "P1", "P2", "P3", "FIRE", "WATER", "EARTH", "AIR", "CULT"
)


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
        self.exchange_rates = spec.exchange_rates
        r: dict[str, int] = defaultdict(int)
        r.update(spec.start)
        for cult in rules().cults:
            r[f"MAX_{cult}"] = 10
        r["VP"] = start_vp
        r["MAX_P"] = spec.priest_cap
        r["TOWN_SIZE"] = rules().town_power
        r["BRIDGE_COUNT"] = rules().bridges_per_faction
        for kind, value in spec.ranges.items():
            r[f"{kind}_range"] = value
        self.r = r
        self.vp_source: dict[str, int] = defaultdict(int)
        self.vp_source["initial"] = start_vp
        self.buildings = {kind: 0 for kind in spec.buildings}
        self.tracks = {"ship": spec.ship.level, "dig": spec.dig.level}
        if spec.teleport is not None:
            self.tracks["teleport"] = spec.teleport.level
        #: Hexes of the faction's buildings, in the order they were built (and as a set).
        self.locations: list[str] = []
        self.built: set[str] = set()
        #: Tiles held by group ("bonus", "favor", "town"), in the order they were taken.
        self.tiles: dict[str, dict[str, bool]] = {"bonus": {}, "favor": {}, "town": {}}

        # Turn bookkeeping (see flow.py).
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

    # --- views --------------------------------------------------------------------

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
        return _SNAPSHOT(self.r)

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

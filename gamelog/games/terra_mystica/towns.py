"""Towns: groups of directly connected own buildings with enough power.

A group founds a town when its building power reaches the faction's town size
(7, or 6 with FAV5) with at least four buildings (a sanctuary counts as two) and
a town tile is left; the faction then owes a ``+TWn`` choice. Buildings that
later join a town's group become part of that town without founding another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamelog.core.errors import IllegalMove
from gamelog.games.terra_mystica.components import rules
from gamelog.games.terra_mystica.faction import Faction

if TYPE_CHECKING:
    from gamelog.games.terra_mystica.engine import Engine


class Towns:
    """Mixin of :class:`Engine`: town detection and the Mermaids' river towns."""

    def adjacent_own_buildings(self: Engine, f: Faction, where: str) -> list[str]:
        neighbours = self.adjacent(where)
        skip = self.skip.get(where) if f.spec.can_connect_across_river else None
        if skip:
            neighbours = neighbours | skip
        built = f.built
        return [h for h in neighbours if h in built]

    def _add_to_town(self: Engine, f: Faction, where: str, town: int) -> None:
        stack = [where]
        while stack:
            here = stack.pop()
            self.town[here] = town
            for other in self.adjacent_own_buildings(f, here):
                if not self.town.get(other):
                    stack.append(other)

    def detect_towns_from(self: Engine, f: Faction, where: str) -> int:
        """Found a town from ``where`` if its group now qualifies; 1 if one was founded."""
        if self.town.get(where) or where not in self.building:
            return 0
        if self.colour[where] != f.color:
            return 0
        for other in self.adjacent_own_buildings(f, where):
            if self.town.get(other):
                self._add_to_town(f, where, self.town[other])
        if self.town.get(where):
            return 0
        # The group of own buildings linked to ``where`` (what adjacent_own_buildings
        # gives, walked with local lookups: this runs after every build and upgrade).
        power = count = 0
        seen = {where}
        stack = [where]
        strength = rules().building_power
        building, built = self.building, f.built
        neighbours, bridged = self.board.neighbours, self.bridged
        skips = self.skip if f.spec.can_connect_across_river else None
        while stack:
            here = stack.pop()
            kind = building[here]
            power += strength[kind]
            count += 2 if kind == "SA" else 1
            around = neighbours[here]
            extra = bridged.get(here)
            if extra:
                around = around | extra
            if skips:
                skip = skips.get(here)
                if skip:
                    around = around | skip
            for other in around:
                if other in built and other not in seen:
                    seen.add(other)
                    stack.append(other)
        if power < f.r["TOWN_SIZE"] or count < rules().town_buildings:
            return 0
        tiles_left = self.town_tiles_left()
        if not tiles_left:
            return 0
        for here in seen:
            self.town[here] = tiles_left
        self.adjust(f, "GAIN_TW", 1)
        return 1

    def town_tiles_left(self: Engine) -> int:
        """How many kinds of town tile are still in the supply."""
        pool = self.pool
        return sum(1 for name in self.town_tile_names if pool.get(name, 0) > 0)

    def connect(self: Engine, f: Faction, hexes: tuple[str, ...]) -> None:
        """Mermaids: join the land hexes around one river hex into a town."""
        if not f.spec.can_connect_across_river:
            raise IllegalMove(
                f"{f.name} cannot connect across a river",
                rule="only the Mermaids may found a town across one river hex",
            )
        if len(hexes) == 1 and self.board.is_river(hexes[0]):
            land = sorted(h for h in self.board.neighbours[hexes[0]] if not self.board.is_river(h))
        else:
            land = [self.land_hex(h) for h in hexes]
        rivers: dict[str, int] = {}
        for here in land:
            for other in self.board.neighbours[here]:
                if self.board.is_river(other):
                    rivers[other] = rivers.get(other, 0) + 1
        for river in sorted(rivers):
            if rivers[river] != len(land):
                continue
            shore = [h for h in self.board.neighbours[river] if not self.board.is_river(h)]
            for a in shore:
                for b in shore:
                    if a != b:
                        self.skip.setdefault(a, set()).add(b)
            self.river_towns.add(river)
            break
        founded = sum(self.detect_towns_from(f, here) for here in land)
        if not founded:
            raise IllegalMove(
                f"connecting {', '.join(hexes)} founds no town",
                rule="a river connection must complete a town",
                facts=[f"{here}: {self.building.get(here, 'empty')}" for here in land],
            )

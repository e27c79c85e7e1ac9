"""Turn order and phases: who may act now, what each faction still owes, the
setup sequence, income phases, round starts and the end of the game.

The online engine is a state machine (faction selection -> initial dwellings ->
initial bonus tiles -> income -> actions, repeated for six rounds); after every
command it checks whether the current phase is complete and moves on. A faction's
turn ends when the next command is somebody else's; the turn then passes on
unless the faction still owes something (a favor tile, a town tile, spades).
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from gamelog.core.errors import IllegalMove, SetupError
from gamelog.games.terra_mystica.components import tiles
from gamelog.games.terra_mystica.faction import Faction
from gamelog.games.terra_mystica.leech import Record

if TYPE_CHECKING:
    from gamelog.games.terra_mystica.engine import Engine

_PHASE_MASK = {"cult": 1, "other": 14, "all": 15}
#: What a faction can owe at the end of its turn (see detect_incomplete_turn).
_OWED = itemgetter(
    "SPADE",
    "FREE_TF",
    "LOSE_CULT",
    "FREE_TP",
    "FREE_D",
    "CULT",
    "GAIN_FAVOR",
    "GAIN_TW",
    "BRIDGE",
    "CONVERT_W_TO_P",
)
#: Reminders dropped as soon as the faction owes nothing of the kind.
_SETTLED = frozenset({"favor", "town", "bridge"})


def possessive(name: str) -> str:
    """``halflings'`` / ``auren's``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


class Flow:
    """Mixin of :class:`Engine`: turn order, phases and income."""

    # --- factions in order ----------------------------------------------------------

    def factions_in_order(self: Engine, *, active_only: bool = False) -> list[Faction]:
        if active_only:
            return [f for f in self.order if not f.dropped]
        return list(self.order)

    def factions_in_order_from(
        self: Engine, f: Faction, *, active_only: bool = False
    ) -> list[Faction]:
        """The seat order rotated to start after ``f`` and end with ``f``."""
        order = self.order
        if active_only and any(x.dropped for x in order):
            order = [x for x in order if not x.dropped]
        if f not in order:
            return list(order)
        i = order.index(f)
        return order[i + 1 :] + order[: i + 1]

    def factions_in_turn_order(self: Engine) -> list[Faction]:
        """The seat order starting with the start player."""
        order = self.order
        for i, f in enumerate(order):
            if f.start_player:
                return order[i:] + order[:i]
        return list(order)

    # --- what factions must still do ------------------------------------------------

    def _dismiss_settled(self: Engine, f: Faction) -> None:
        name = f.name
        required = self.action_required
        for r in required:
            if r.faction == name and r.type in _SETTLED:
                self.action_required = [
                    r for r in required if not (r.faction == name and r.type in _SETTLED)
                ]
                return

    def require_action(self: Engine, f: Faction, record: Record) -> None:
        if f.dropped:
            return
        record.faction = f.name
        self.action_required.append(record)

    def dismiss_action(self: Engine, f: Faction, kind: str | None) -> None:
        name = f.name
        for r in self.action_required:
            if r.faction == name and (kind is None or r.type == kind):
                break
        else:
            return
        self.action_required = [
            r
            for r in self.action_required
            if not (r.faction == f.name and (kind is None or r.type == kind))
        ]

    def find_actions(self: Engine, f: Faction, kind: str) -> list[Record]:
        return [r for r in self.action_required if r.faction == f.name and r.type == kind]

    def required_count(self: Engine) -> int:
        return sum(1 for r in self.action_required if not r.optional)

    def detect_incomplete_turn(self: Engine, f: Faction) -> bool:
        """Record what ``f`` still owes; True if that keeps its turn open."""
        if f.dropped:
            return False
        r = f.r
        if not any(_OWED(r)):
            # Nothing owed: only forget settled favor/town/bridge reminders.
            if self.action_required:
                self._dismiss_settled(f)
            return False
        incomplete = False
        if r["SPADE"]:
            incomplete = True
            self.require_action(f, Record("transform", f.name, amount=r["SPADE"]))
        if r["FREE_TF"]:
            incomplete = True
            self.warn(f"Unused free terraform for {f.name}")
            self.require_action(f, Record("transform", f.name))
        if r["LOSE_CULT"]:
            self.require_action(f, Record("lose-cult", f.name, amount=r["LOSE_CULT"]))
            return True
        if r["FREE_TP"]:
            incomplete = True
            self.require_action(f, Record("upgrade", f.name))
        if r["FREE_D"]:
            incomplete = True
            self.require_action(f, Record("dwelling", f.name))
        if r["CULT"]:
            self.require_action(f, Record("cult", f.name, amount=r["CULT"]))
            return True
        settled = []
        if r["GAIN_FAVOR"]:
            incomplete = True
            self.require_action(f, Record("favor", f.name, amount=r["GAIN_FAVOR"]))
        else:
            settled.append("favor")
        if r["GAIN_TW"]:
            incomplete = True
            self.require_action(f, Record("town", f.name, amount=r["GAIN_TW"]))
        else:
            settled.append("town")
        if r["BRIDGE"]:
            incomplete = True
            self.require_action(f, Record("bridge", f.name))
        else:
            settled.append("bridge")
        if self.action_required:
            for kind in settled:
                self.dismiss_action(f, kind)
        if r["CONVERT_W_TO_P"] and "strict-darkling-sh" in self.options:
            incomplete = True
            self.require_action(
                f, Record("convert", f.name, amount=r["CONVERT_W_TO_P"], optional=True)
            )
        return incomplete

    # --- the acting faction -----------------------------------------------------------

    def start_full_move(self: Engine, f: Faction) -> None:
        self.active = f
        f.allowed_actions = 1
        f.allowed_sub = {}
        f.allowed_build_locations = set()
        f.require_home_terrain_tf = False
        f.teleport_to = None
        f.cult_blocked.clear()
        f.disable_spade_decline = False

    def require_subaction(self: Engine, f: Faction, kind: str, followup: dict[str, int]) -> None:
        """Use up the right to do ``kind``: as part of the current action, as a new
        action of the turn, or -- for the last faction still in the round -- as its
        next turn."""
        if f.allowed_sub.get(kind, 0) > 0:
            f.allowed_sub[kind] -= 1
            f.allowed_sub = dict(followup)
        elif f.allowed_actions:
            f.allowed_actions -= 1
            f.allowed_sub = dict(followup)
            # Taking an action declines every power offer still open.
            self.decline(f, None, None)
        elif self.round == 0:
            raise IllegalMove(
                "no action is allowed during setup",
                rule="setup is initial dwellings in snake order, then bonus tiles in reverse order",
                facts=[self.setup_expectation()],
            )
        else:
            unpassed = [x for x in self.order if not x.passed and not x.dropped]
            if len(unpassed) == 1 and unpassed[0] is f:
                self.maybe_advance_to_next_player(f)
                if not self.ledger.force_finish:
                    self.ledger.finish_row()
                self.ledger.start_row(f)
                self.start_full_move(f)
                self.require_subaction(f, kind, followup)
                return
            raise IllegalMove(
                f"'{kind}' is a second action in one turn",
                rule="one action per turn (free actions aside)",
                facts=[f"{f.name} already took this turn's action"],
            )

    def is_active(self: Engine, f: Faction) -> bool:
        return self.active is f

    def assert_active(self: Engine, f: Faction) -> None:
        if not self.is_active(f) and self.round > 0 and not self.finished:
            whose = possessive(self.active.name) if self.active is not None else "nobody's"
            if self.state != "play":
                phase = {
                    "income": "the income phase",
                    "use-income-spades": "the income phase (spades being used)",
                }.get(self.state, self.state)
                raise IllegalMove(
                    f"{f.name} cannot act during {phase}",
                    rule="actions happen in turns during the action phase",
                )
            facts = []
            if self.active is not None:
                facts.append(f"the {self.active.name} are to act")
                owed = self.owed_facts(self.active)[0]
                if not owed.endswith("nothing"):
                    facts.append(f"the {self.active.name} have not finished their turn: {owed}")
            raise IllegalMove(
                f"it is the {whose} turn, not the {possessive(f.name)}",
                rule="factions act one at a time in turn order",
                facts=facts,
            )

    def next_faction_in_turn(self: Engine, f: Faction) -> Faction | None:
        if self.finished:
            return None
        for other in self.factions_in_order_from(f):
            if not other.passed and not other.dropped:
                return other
        return None

    def maybe_advance_turn(self: Engine, f: Faction, following: Faction) -> None:
        if self.full_turn_played:
            self.full_turn_played = False
            self.turn += 1
        if f.order >= following.order:
            self.full_turn_played = True
        self.ledger.turn(self.round, self.turn)

    def maybe_advance_to_next_player(self: Engine, f: Faction) -> None:
        incomplete = self.detect_incomplete_turn(f)
        if not self.round:
            return
        if not incomplete and self.is_active(f) and not f.allowed_actions:
            self.dismiss_action(f, "full")
            following = self.next_faction_in_turn(f)
            if following is not None:
                self.require_action(following, Record("full", following.name))
                self.start_full_move(following)
                self.maybe_advance_turn(f, following)
        if self.new_order:
            self.order = self.new_order
            self.new_order = []
        self.ledger.finish_row()

    # --- the setup sequence ---------------------------------------------------------

    def register_faction(self: Engine, f: Faction) -> None:
        self.factions[f.name] = f
        self.order.append(f)
        if not f.empty_seat:
            self.by_colour[f.color] = f
        names = [x.name for x in self.order if not x.dropped]
        snake = [
            (n, "dwelling") for n in names if self.factions[n].spec.setup_dwellings != "single-last"
        ]
        setup = snake + list(reversed(snake))
        setup += [
            (n, "dwelling")
            for n in names
            if self.factions[n].spec.setup_dwellings == "snake-plus-one"
        ]
        setup += [
            (n, "dwelling") for n in names if self.factions[n].spec.setup_dwellings == "single-last"
        ]
        setup += [(n, "bonus") for n in reversed(names)]
        self.setup_order = setup

    def setup_expectation(self: Engine) -> str:
        if not self.setup_order:
            return "setup is complete"
        name, kind = self.setup_order[0]
        what = "an initial dwelling" if kind == "dwelling" else "a bonus tile"
        return f"{name} is to place {what}"

    # --- the phase state machine ------------------------------------------------------

    def advance_state(self: Engine, state: str) -> None:
        if (state == "select-factions" and self.state == "wait-for-players") or (
            state == "initial-dwellings" and self.state == "select-factions"
        ):
            self.state = state
            self.what_next()

    def what_next(self: Engine) -> None:
        if self.state == "play":  # the usual case, and the last state of the sequence
            self._in_play()
            return
        if self.state == "initial-dwellings":
            self._in_initial_dwellings()
        if self.state == "initial-bonus":
            self._in_initial_bonus()
        if self.state == "income":
            self._in_income()
        if self.state == "use-income-spades":
            self._in_use_income_spades()
        if self.state == "income-terrain-unlock":
            self._in_income_terrain_unlock()
        if self.state == "play":
            self._in_play()

    def _in_initial_dwellings(self: Engine) -> None:
        if not self.setup_order:
            return
        name, kind = self.setup_order[0]
        if kind == "bonus":
            self.state = "initial-bonus"
            return
        self.action_required = [Record("dwelling", name)]
        self.factions[name].allowed_sub = {"build": 1}

    def _in_initial_bonus(self: Engine) -> None:
        if self.setup_order:
            name, _ = self.setup_order[0]
            self.action_required = [Record("bonus", name)]
            self.factions[name].allowed_sub = {"pass": 1}
        else:
            self.action_required = []
            self.ledger.finish_row()
            self.state = "income"

    def _in_income(self: Engine) -> None:
        if self.required_count():
            return
        mask = _PHASE_MASK[self.income_state]
        taken = any(f.income_taken & mask for f in self.order)
        if not taken:
            self.income_phase(self.income_state)
        self.state = "use-income-spades"

    def _in_use_income_spades(self: Engine) -> None:
        if self.required_count():
            return
        self.state = "income-terrain-unlock"

    def _in_income_terrain_unlock(self: Engine) -> None:
        if self.required_count():
            return
        if self.income_state == "cult":
            self.income_state = "other"
            self.state = "income"
            self.what_next()
        else:
            self.ledger.finish_row()
            self.state = "play"
            self.start_round()

    def _in_play(self: Engine) -> None:
        for f in self.order:
            if not (f.passed or f.dropped):
                return
        if self.required_count():
            return
        if self.round == 6:
            self.finish_game()
        else:
            self.state = "income"
            self.income_state = "cult"
            self.what_next()

    # --- income ---------------------------------------------------------------------

    def income_phase(self: Engine, phase: str) -> None:
        """Pay one income phase to every faction, in turn order, each as a ledger row."""
        if not self.ledger.trailing_comment:
            self.ledger.comment(f"Round {self.round + 1} income")
        for f in self.factions_in_turn_order():
            if f.empty_seat:
                # The site writes an empty row for the placeholder; it earns nothing.
                f.income_taken |= _PHASE_MASK[phase]
                continue
            self.handle_internal(
                f, f"{phase}_income_for_faction", lambda f=f: self.take_income(f, phase)
            )

    def faction_income(self: Engine, f: Faction, mask: int = 15) -> list[dict[str, int]]:
        """Income in the order the engine pays it: cult bonus, bonus tile, buildings,
        favors (only the parts whose bit is in ``mask``; the others come back empty)."""
        scoring: dict[str, int] = {}
        bonus: dict[str, int] = {}
        buildings: dict[str, int] = {}
        favors: dict[str, int] = {}
        if mask & 4:
            for kind, spec in f.spec.buildings.items():
                level = f.buildings[kind]
                for resource, table in spec.income.items():
                    amount = table[level] if level < len(table) else table[-1]
                    if amount:
                        buildings[resource] = buildings.get(resource, 0) + amount
        if mask & 2 and f.passed:
            for name in f.tiles["bonus"]:
                for resource, amount in tiles()[name].income.items():
                    bonus[resource] = bonus.get(resource, 0) + amount
        if mask & 8:
            for name in f.tiles["favor"]:
                for resource, amount in tiles()[name].income.items():
                    favors[resource] = favors.get(resource, 0) + amount
        tile_name = self.current_score_tile()
        if mask & 1 and tile_name is not None and self.round != 6:
            tile = tiles()[tile_name]
            times = f.r[tile.cult] // tile.req
            for resource, amount in tile.income.items():
                scoring[resource] = amount * times
        return [scoring, bonus, buildings, favors]

    def take_income(self: Engine, f: Faction, phase: str) -> None:
        mask = _PHASE_MASK[phase]
        if f.income_taken & mask:
            raise IllegalMove(
                f"{f.name} already took this income", rule="income is paid once per round"
            )
        if not all(other.passed or other.dropped for other in self.order):
            other = next(x for x in self.factions_in_turn_order() if not (x.passed or x.dropped))
            raise IllegalMove(
                f"income cannot be paid while {other.name} is still in the round",
                rule="income comes after every faction has passed",
            )
        if self.round == 0:
            f.passed = True
        bit = 1
        for part in self.faction_income(f, mask):
            if mask & bit:
                self.gain(f, part)
            bit <<= 1
        f.income_taken |= mask
        if f.r["SPADE"]:
            self.require_action(f, Record("transform", f.name, amount=f.r["SPADE"]))
        if f.r["CULT"]:
            self.require_action(f, Record("cult", f.name, amount=f.r["CULT"]))

    def legacy_income(self: Engine) -> None:
        """The 2013 ``income`` line: pay whatever income is still due."""
        if any(r.type != "leech" for r in self.action_required):
            return
        for f in self.factions_in_order():
            if not f.income_taken:
                self.take_income(f, "all")

    # --- rounds and the end -----------------------------------------------------------

    def start_round(self: Engine) -> None:
        missing = [
            str(i + 1) for i in range(6) if i >= len(self.score_tiles) or not self.score_tiles[i]
        ]
        if missing:
            raise SetupError(
                f"no round scoring tile for round {', '.join(missing)}",
                rule="the six round scoring tiles are set before play ('score SCOREa,...,SCOREf')",
            )
        self.round += 1
        self.turn = 1
        for f in self.factions_in_order():
            if not f.income_taken:
                raise IllegalMove(
                    f"round {self.round} income not taken for {f.name}",
                    rule="income comes before the round",
                )
            f.income_taken = 0
            f.passed = False
        self.blocked.clear()
        for name, count in self.pool.items():
            if name.startswith("BON") and count:
                self.bonus_coins[name] = self.bonus_coins.get(name, 0) + 1
        self.ledger.turn(self.round, self.turn)
        for i, f in enumerate(self.factions_in_turn_order()):
            f.order = i
        for f in self.factions_in_turn_order():
            if f.dropped:
                continue
            self.require_action(f, Record("full", f.name))
            self.start_full_move(f)
            self.full_turn_played = False
            break

    def finish_game(self: Engine) -> None:
        self.finished = True
        self.score_final()
        self.score_final_resources()
        for f in self.order:
            f.passed = False
        self.action_required = [Record("gameover", "")]

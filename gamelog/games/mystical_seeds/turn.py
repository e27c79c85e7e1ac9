"""Playing one turn: Inspiration clauses, exactly one action, then the cleanup.

A ``TurnRunner`` walks the clauses of a turn in the order the log wrote them,
checks each against the rule text and changes the state in place. What a clause
may do depends on where the turn is (before, during or after its one action)
and on what came just before it: tiles are taken right after the advance that
reached their space, a second Upgrade right after the first, Scholar and
Harvest right after a cultivation. The clauses themselves are played by the
rule modules beside this one (collecting.py, cultivating.py, knowledge.py);
here are the phases, the seeds and tracks they share, and the end of the turn:
the lab fairy, extra turns, the next player and the end of the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gamelog.core.errors import IllegalMove
from gamelog.core.game import Event
from gamelog.core.words import number_text
from gamelog.games.mystical_seeds import collecting, cultivating, knowledge
from gamelog.games.mystical_seeds import rulebook as R
from gamelog.games.mystical_seeds.moves import (
    Circle,
    Clause,
    Collect,
    Cultivate,
    Duplicate,
    Exchange,
    FairyMove,
    Graft,
    HarvestUse,
    MoveX,
    PotionUse,
    Refill,
    Reveal,
    ScholarUse,
    SunUse,
    Take,
    Turn,
    Upgrade,
    circles_of,
)
from gamelog.games.mystical_seeds.rulebook import PRESTIGE_TO_END, TRACK_LENGTH
from gamelog.games.mystical_seeds.scoring import number as points_number
from gamelog.games.mystical_seeds.seeds import PRIMARY, SECONDARY
from gamelog.games.mystical_seeds.state import GameState, PlayerState, ResearchSlot
from gamelog.games.mystical_seeds.tiles import TILE_SPACES, TileSpec


@dataclass
class TurnContext:
    """What has happened so far in the turn being played."""

    action: str | None = None
    action_clause: Clause | None = None
    tapped: str | None = None
    experiment_done: bool = False
    fairy_moved: bool = False
    #: Track spaces 3/6 just entered (each offers one tile) and the slots taken for them.
    openings: list[tuple[str, int]] = field(default_factory=list)
    group_slots: list[str] = field(default_factory=list)
    draw_pending: tuple[TileSpec, ...] = ()
    draw_clause: Take | None = None
    bonus_clause: Cultivate | None = None
    scholar_left: int = 0
    harvest_left: int = 0
    second_upgrade: bool = False
    reveal_slot: ResearchSlot | None = None
    reveal_clause: Cultivate | None = None
    emptied: list[str] = field(default_factory=list)
    refilled: set[str] = field(default_factory=set)
    suns_used: set[int] = field(default_factory=set)
    extra_turns: int = 0


#: Clauses that may follow a cultivation or an advance without closing the
#: chance to take the tiles it reached.
FOLLOW_UPS = (Take, ScholarUse, HarvestUse)


class TurnRunner:
    """Plays one ``Turn`` of ``player`` on ``state``."""

    def __init__(self, state: GameState, player: PlayerState, turn: Turn) -> None:
        self.state = state
        self.player = player
        self.turn = turn
        self.ctx = TurnContext()
        self.events: list[Event] = []

    # ------------------------------------------------------------ driving

    def run(self) -> list[Event]:
        for clause in self.turn.clauses:
            self.step(clause)
        self.end()
        return self.events

    def step(self, clause: Clause) -> None:
        """Play one clause of the turn (the legal-move lists try clauses one at a time)."""
        if not isinstance(clause, FOLLOW_UPS):
            self.close_group()
        for number in circles_of(clause):  # a circle the board lacks, before any rule
            self.circle(clause, number)
        second_upgrade, self.ctx.second_upgrade = self.ctx.second_upgrade, False
        before = self.player.prestige()
        if second_upgrade and isinstance(clause, Upgrade):
            text = collecting.upgrade(self, clause) + " (second Upgrade, Twice tile)"
        else:
            text = _HANDLERS[type(clause)](self, clause)
        gained = points_number(self.player.prestige() - before)
        self.events.append(Event(f"{self.player.name} {text}", self.player.name, gained))

    def end(self) -> None:
        """The turn's clauses are all played: close the last group, then the cleanup."""
        self.close_group()
        self.finish()

    def illegal(
        self, clause: Clause | None, message: str, rule: str, facts: list[str] | None = None
    ) -> IllegalMove:
        where = clause or self.turn
        return IllegalMove(
            message, line=where.line, column=where.column, rule=rule, facts=facts or []
        )

    # ------------------------------------------------------------ phases

    def require_inspiration(self, clause: Clause, what: str) -> None:
        if self.ctx.action is not None:
            raise self.illegal(
                clause,
                f"{what} belongs to the Inspiration phase, which comes before the action; "
                f"this turn's action was already taken",
                R.PHASES,
                [f"the action is on column {self.ctx.action_clause.column}"]
                if self.ctx.action_clause
                else [],
            )

    def start_action(self, clause: Clause, kind: str) -> None:
        if self.ctx.action is not None:
            previous = "collected seeds" if self.ctx.action == "collect" else "cultivated a plant"
            raise self.illegal(
                clause,
                f"a turn has exactly one action; {self.player.name} already {previous} this turn",
                R.ONE_ACTION,
            )
        self.ctx.action = kind
        self.ctx.action_clause = clause

    def close_group(self) -> None:
        """The tiles reached by the last advances can no longer be taken; owed
        Harvest seeds and a kept drawn tile must have been said by now."""
        ctx = self.ctx
        if ctx.harvest_left and ctx.bonus_clause is not None and self.any_in_garden(SECONDARY):
            raise self.illegal(
                ctx.bonus_clause,
                "with the Harvest tile each cultivation gains a Level 2 seed of the player's "
                "choice; say which and where right after it (harvest orange at 3)",
                R.TILE_HARVEST,
                [f"{self.player.name} holds {self.player.holds('harvest')} Harvest tile(s)"],
            )
        if ctx.draw_pending and ctx.draw_clause is not None:
            if len(self.player.tiles) < self.state.graph.tile_spaces:
                drawn = ", ".join(t.describe() for t in ctx.draw_pending)
                raise self.illegal(
                    ctx.draw_clause,
                    f"Draw three keeps one of the tiles drawn ({drawn}); "
                    "say which right after it (take crown)",
                    R.TILE_DRAW,
                )
            self.return_drawn(kept=None)
        ctx.openings.clear()
        ctx.group_slots.clear()
        ctx.bonus_clause = None
        ctx.scholar_left = ctx.harvest_left = 0

    def return_drawn(self, kept: TileSpec | None) -> None:
        """The drawn tiles not kept go under the Level II pile."""
        back = len(self.ctx.draw_pending) - (1 if kept is not None else 0)
        left = self.state.pile_left[2]
        if left is not None:
            self.state.pile_left[2] = left + back
        if back:
            self.state.pile_out[2] = False
        self.ctx.draw_pending = ()
        self.ctx.draw_clause = None

    # ------------------------------------------------------------ seeds

    def circle(self, clause: Clause, number: int) -> int:
        """The 0-based index of a circle the log names; a circle the board does not
        have is refused where its number is written."""
        if not self.state.graph.contains(number):
            error = self.illegal(
                clause,
                f"circle {number} does not exist; the Laboratory has circles "
                f"1-{self.state.graph.size}",
                R.LAB,
            )
            if isinstance(number, Circle) and number.column is not None:
                error.line, error.column = number.line or error.line, number.column
            raise error
        return number - 1

    def seed_in(self, clause: Clause, number: int, owner: PlayerState | None = None) -> str:
        lab = (owner or self.player).lab
        seed = lab[self.circle(clause, number)]
        if seed is None:
            raise self.illegal(
                clause,
                f"circle {number} of {(owner or self.player).name}'s Laboratory is empty",
                R.LAB,
                [self.lab_fact(owner or self.player)],
            )
        return seed

    def lab_fact(self, player: PlayerState) -> str:
        filled = [f"{i + 1} {seed}" for i, seed in enumerate(player.lab) if seed]
        return f"{player.name}'s Laboratory: " + (", ".join(filled) if filled else "empty")

    def any_in_garden(self, colours: tuple[str, ...]) -> bool:
        return any(self.state.supply[c] is None or self.state.supply[c] for c in colours)

    def from_garden(self, clause: Clause, colour: str) -> None:
        left = self.state.supply[colour]
        if left is None:
            return
        if left <= 0:
            raise self.illegal(
                clause,
                f"the Garden has no {colour} seed left",
                R.SUPPLY,
                [self.supply_fact()],
            )
        self.state.supply[colour] = left - 1

    def to_garden(self, colour: str) -> None:
        left = self.state.supply[colour]
        if left is not None:
            self.state.supply[colour] = left + 1

    def supply_fact(self) -> str:
        counts = [f"{c} {n}" for c, n in self.state.supply.items() if n is not None]
        return "Garden supply: " + (", ".join(counts) if counts else "unlimited")

    def put(self, index: int, colour: str, owner: PlayerState | None = None) -> str:
        """Place a seed; a seed already there goes back to the Garden. Returns words."""
        lab = (owner or self.player).lab
        old = lab[index]
        lab[index] = colour
        if old is None:
            return f"{colour} in {index + 1}"
        self.to_garden(old)
        return f"{colour} in {index + 1} (the {old} seed there goes back)"

    # ------------------------------------------------------------ tracks

    def advance(self, clause: Clause, track: str, *, chosen: bool) -> str:
        """One space up a track; entering space 3 or 6 opens a tile choice."""
        space = self.player.tracks[track]
        if space >= TRACK_LENGTH:
            return f"{track} stays at 9 (the top)"
        if space + 1 == TRACK_LENGTH and not self.player.holds("crown"):
            holder = next(
                (
                    other.name
                    for other in self.state.players.values()
                    if other is not self.player and other.tracks[track] >= TRACK_LENGTH
                ),
                None,
            )
            if holder is not None:
                if chosen:
                    raise self.illegal(
                        clause,
                        f"{self.player.name}'s fairy cannot enter the ninth space of the "
                        f"{track} track: {holder}'s fairy is already there",
                        R.NINTH,
                        [
                            f"{self.player.name} is on {track} 8",
                            f"{self.player.name} holds no Crown tile",
                        ],
                    )
                return f"{track} stays at 8 ({holder} holds the ninth space)"
        self.player.move_fairy(track, space + 1, self.turn.line, self.turn.source)
        if space + 1 in TILE_SPACES:
            self.ctx.openings.append((track, space + 1))
        return f"{track} {space + 1}"

    def tracks_fact(self) -> str:
        spaces = ", ".join(f"{t} {self.player.tracks[t]}" for t in PRIMARY)
        return f"{self.player.name}'s fairies: {spaces}"

    def tiles_fact(self) -> str:
        names = ", ".join(t.spec.describe() for t in self.player.tiles)
        return f"{self.player.name}'s tiles: {names or 'none'}"

    # ------------------------------------------------------------ end of turn

    def finish(self) -> None:
        ctx, player, state = self.ctx, self.player, self.state
        if ctx.action is None:
            raise self.illegal(
                None,
                "every turn has exactly one action (collect seeds or cultivate a plant); "
                "this turn has none",
                R.ONE_ACTION,
            )
        if ctx.action == "collect" and not ctx.fairy_moved:
            here = state.garden[str(ctx.tapped)]
            others = " or ".join(f"fairy to {loc}" for loc in PRIMARY if loc != here)
            raise self.illegal(
                ctx.action_clause,
                f"after collecting, the tapped fairy moves to one of the other two locations "
                f"({others})",
                R.COLLECT,
            )
        if ctx.reveal_slot is not None:
            raise self.illegal(
                ctx.reveal_clause,
                f"the cultivated card leaves a gap in the Research Area; the turn must reveal "
                f"the Level {ctx.reveal_slot.level} card that fills it (reveal "
                f'L{ctx.reveal_slot.level} "Name" seeds = points, or reveal none)',
                R.REFILL_RESEARCH,
            )
        missing = [slot for slot in ctx.emptied if slot not in ctx.refilled]
        if missing:
            raise self.illegal(
                None,
                f"the Bookshelf slot{'s' if len(missing) > 1 else ''} {', '.join(missing)} "
                f"emptied this turn must be refilled in the cleanup (refill {missing[0]} "
                "<tile>, or refill " + missing[0] + " none when the pile is out)",
                R.REFILL_SHELF,
            )
        self.move_lab_fairy()
        state.extra_turns += ctx.extra_turns
        state.extra_turn_next = state.extra_turns > 0
        if state.extra_turn_next:
            state.extra_turns -= 1
            self.events.append(Event(f"{player.name} takes an extra turn", player.name))
            return
        state.turns.advance()
        if state.turns.index == 0:
            state.round += 1
            leaders = [p for p in state.players.values() if p.prestige() >= PRESTIGE_TO_END]
            if leaders:
                state.finished = True
                names = ", ".join(f"{p.name} {number_text(p.prestige())}" for p in leaders)
                state.end_reason = [
                    f"round {state.round} began with {names} prestige, and the game ends at "
                    f"the start of a round when anyone has {PRESTIGE_TO_END} or more",
                ]
                self.events.append(
                    Event(f"game over: {names} prestige as round {state.round} begins")
                )

    def move_lab_fairy(self) -> None:
        player, graph = self.player, self.state.graph
        if player.lab[player.fairy] is None:
            return
        circle = player.fairy
        for _ in range(graph.size - 1):
            circle = graph.clockwise(circle)
            if player.lab[circle] is None:
                player.fairy = circle
                return


#: Who plays each kind of clause (each takes the runner and the clause, and
#: returns the words of its event).
_HANDLERS: dict[type[Clause], Callable[[TurnRunner, Any], str]] = {
    Collect: collecting.collect,
    Duplicate: collecting.experiment,
    Upgrade: collecting.experiment,
    Graft: collecting.experiment,
    FairyMove: collecting.fairy_move,
    PotionUse: collecting.potion,
    Exchange: collecting.exchange,
    SunUse: knowledge.use_sun,
    MoveX: knowledge.move_x,
    Cultivate: cultivating.cultivate,
    ScholarUse: cultivating.scholar,
    HarvestUse: cultivating.harvest,
    Take: knowledge.take,
    Reveal: cultivating.reveal,
    Refill: knowledge.refill,
}

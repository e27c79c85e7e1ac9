"""Playing one turn: Inspiration clauses, exactly one action, then the cleanup.

A ``TurnRunner`` walks the clauses of a turn in the order the log wrote them,
checks each against the rule text and changes the state in place. What a clause
may do depends on where the turn is (before, during or after its one action)
and on what came just before it: tiles are taken right after the advance that
reached their space, a second Upgrade right after the first, Scholar and
Harvest right after a cultivation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

from gamelog.core.errors import IllegalMove
from gamelog.core.game import Event
from gamelog.games.mystical_seeds import knowledge as tiles
from gamelog.games.mystical_seeds import rulebook as R
from gamelog.games.mystical_seeds.moves import (
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
)
from gamelog.games.mystical_seeds.payment import covers, shortfall
from gamelog.games.mystical_seeds.plants import PlantCard
from gamelog.games.mystical_seeds.rulebook import PRESTIGE_TO_END, TRACK_LENGTH
from gamelog.games.mystical_seeds.scoring import number as points_number
from gamelog.games.mystical_seeds.seeds import (
    BROWN,
    PRIMARY,
    SECONDARY,
    describe_seeds,
    graft_refusal,
    graft_result,
    level,
    tracks_for,
    upgrades,
)
from gamelog.games.mystical_seeds.state import (
    GameState,
    PlayerState,
    ResearchSlot,
    remember_card,
)
from gamelog.games.mystical_seeds.tiles import TILE_SPACES, TileSpec


def play(state: GameState, turn: Turn) -> list[Event]:
    """Check that it is the mover's turn, then play the turn's clauses."""
    if state.finished:
        raise IllegalMove(
            "the game is over; no turn may follow",
            rule=R.GAME_END,
            facts=list(state.end_reason),
            line=turn.line,
            column=turn.column,
        )
    where = {"line": turn.line, "column": turn.column}
    name = state.turns.roster.resolve(turn.player, rule=R.PLAYERS, **where)
    if name != state.current and state.extra_turn_next:
        raise IllegalMove(
            f"it is {state.current}'s turn, not {name}'s",
            rule=R.TURN_ORDER,
            facts=[f"{state.current} has an extra turn to take", f"round {state.round}"],
            **where,
        )
    state.turns.check(name, rule=R.TURN_ORDER, facts=[f"round {state.round}"], **where)
    return TurnRunner(state, state.players[name], turn).run()


def is_finished(state: GameState) -> bool:
    """The game ends when a round starts with someone at 10 or more prestige."""
    return state.finished


def end_facts(state: GameState) -> list[str]:
    """Why the game is over (for a turn written after its end)."""
    return list(state.end_reason)


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
        handlers = {
            Collect: self.collect,
            Duplicate: self.experiment,
            Upgrade: self.experiment,
            Graft: self.experiment,
            FairyMove: self.fairy_move,
            PotionUse: self.potion,
            Exchange: self.exchange,
            SunUse: partial(tiles.use_sun, self),
            MoveX: partial(tiles.move_x, self),
            Cultivate: self.cultivate,
            ScholarUse: self.scholar,
            HarvestUse: self.harvest,
            Take: partial(tiles.take, self),
            Reveal: self.reveal,
            Refill: partial(tiles.refill, self),
        }
        for clause in self.turn.clauses:
            if not isinstance(clause, FOLLOW_UPS):
                self.close_group()
            second_upgrade, self.ctx.second_upgrade = self.ctx.second_upgrade, False
            before = self.player.prestige()
            if second_upgrade and isinstance(clause, Upgrade):
                text = self.upgrade(clause) + " (second Upgrade, Twice tile)"
            else:
                text = handlers[type(clause)](clause)  # type: ignore[operator]
            gained = points_number(self.player.prestige() - before)
            self.events.append(Event(f"{self.player.name} {text}", self.player.name, gained))
        self.close_group()
        self.finish()
        return self.events

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
        if not self.state.graph.contains(number):
            raise self.illegal(
                clause,
                f"circle {number} does not exist; the Laboratory has circles "
                f"1-{self.state.graph.size}",
                R.LAB,
            )
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
        self.player.tracks[track] = space + 1
        if space + 1 in TILE_SPACES:
            self.ctx.openings.append((track, space + 1))
        return f"{track} {space + 1}"

    # ------------------------------------------------------------ actions

    def collect(self, clause: Collect) -> str:
        self.start_action(clause, "collect")
        state, player = self.state, self.player
        location = state.garden[clause.fairy]
        fairies = len(state.fairies_at(location))
        left = state.supply[location]
        count = fairies if left is None else min(fairies, left)
        if count == 0:
            raise self.illegal(
                clause,
                f"the Garden has no {location} seeds left to collect",
                R.SUPPLY,
                [f"the {clause.fairy.title()} fairy stands at {location}", self.supply_fact()],
            )
        circles = [player.fairy]
        while len(circles) < count:
            circles.append(state.graph.clockwise(circles[-1]))
        keeps: set[int] = set()
        for number in clause.keeps:
            index = self.circle(clause, number)
            if index not in circles:
                raise self.illegal(
                    clause,
                    f"keep {number}: no seed is placed in circle {number} by this collection",
                    R.COLLECT,
                    [f"the seeds go to {', '.join(str(c + 1) for c in circles)}"],
                )
            if player.lab[index] in (None, location):
                raise self.illegal(
                    clause,
                    f"keep {number}: circle {number} holds no other seed to keep",
                    R.COLLECT,
                    [self.lab_fact(player)],
                )
            keeps.add(index)
        placed = []
        for index in circles:
            self.from_garden(clause, location)
            old = player.lab[index]
            if old is not None and (index in keeps or old == location):
                self.to_garden(location)
                placed.append(f"{index + 1} already holds {old}, kept")
            else:
                placed.append(self.put(index, location))
        self.ctx.tapped = clause.fairy
        short = f", only {count} left in the Garden" if count < fairies else ""
        return (
            f"taps the {clause.fairy.title()} fairy at {location} ({fairies} "
            f"{'fairy' if fairies == 1 else 'fairies'} there{short}) and collects "
            f"{count} {location} seed{'s' if count > 1 else ''}: {', '.join(placed)}"
        )

    def experiment(self, clause: Duplicate | Upgrade | Graft) -> str:
        kind = type(clause).__name__.lower()
        ctx = self.ctx
        if ctx.action != "collect" or ctx.experiment_done or ctx.fairy_moved:
            raise self.illegal(
                clause,
                f"{_article(kind).title()} {kind.title()} is the experiment of the {kind.title()} "
                "fairy just tapped "
                f"to collect seeds, or is paid for with a potion (potion {kind} ...)",
                R.EXPERIMENT,
                [self.experiment_fact()],
            )
        if ctx.tapped != kind:
            assert ctx.tapped is not None
            raise self.illegal(
                clause,
                f"{self.player.name} tapped the {ctx.tapped.title()} fairy, so the experiment "
                f"is {_article(ctx.tapped)} {ctx.tapped.title()}, "
                f"not {_article(kind)} {kind.title()}",
                R.EXPERIMENT,
            )
        ctx.experiment_done = True
        return self.perform(clause)

    def experiment_fact(self) -> str:
        ctx = self.ctx
        if ctx.action is None:
            return f"{self.player.name} has not collected seeds this turn"
        if ctx.action == "cultivate":
            return f"{self.player.name}'s action this turn is a cultivation"
        if ctx.experiment_done:
            return f"the {str(ctx.tapped).title()} experiment was already made"
        return "the fairy has already moved on"

    def perform(self, clause: Duplicate | Upgrade | Graft) -> str:
        if isinstance(clause, Duplicate):
            return self.duplicate(clause)
        if isinstance(clause, Upgrade):
            text = self.upgrade(clause)
            self.ctx.second_upgrade = self.player.holds("twice") > 0
            return text
        return self.graft(clause)

    def duplicate(self, clause: Duplicate) -> str:
        seed = self.seed_in(clause, clause.source)
        source = clause.source - 1
        target = self.circle(clause, clause.target)
        if level(seed) == 3:
            raise self.illegal(
                clause,
                f"Duplicate copies a Level 1 or Level 2 seed; circle {clause.source} holds "
                "a brown (Level 3) seed",
                R.DUPLICATE,
            )
        if not self.state.graph.connected(source, target):
            raise self.illegal(
                clause,
                f"circle {clause.target} is not joined to circle {clause.source} by a line",
                R.DUPLICATE,
                [f"circle {clause.source} is joined to {self.state.graph.neighbour_names(source)}"],
            )
        self.from_garden(clause, seed)
        return f"duplicates the {seed} seed of {clause.source}: " + self.put(target, seed)

    def upgrade(self, clause: Upgrade) -> str:
        seed = self.seed_in(clause, clause.circle)
        index = clause.circle - 1
        ascend = self.player.holds("ascend") > 0
        options = upgrades(seed, level3=ascend)
        if clause.colour not in options:
            if level(seed) == 2 and clause.colour == BROWN:
                raise self.illegal(
                    clause,
                    f"upgrading a Level 2 seed ({seed} in {clause.circle}) to brown needs the "
                    "Ascend tile",
                    R.UPGRADE,
                    [f"{self.player.name} holds no Ascend tile"],
                )
            if level(seed) == 3:
                raise self.illegal(
                    clause, f"circle {clause.circle} holds brown, the highest level", R.UPGRADE
                )
            if not options:
                raise self.illegal(
                    clause,
                    f"only a Level 1 seed can be upgraded; circle {clause.circle} holds {seed} "
                    "(Level 2) and upgrading it to brown needs the Ascend tile",
                    R.UPGRADE,
                )
            raise self.illegal(
                clause,
                f"{seed} upgrades to {' or '.join(options)}, not {clause.colour}",
                R.UPGRADE,
            )
        self.from_garden(clause, clause.colour)
        self.to_garden(seed)
        self.player.lab[index] = clause.colour
        return f"upgrades the {seed} seed in {clause.circle} to {clause.colour}"

    def graft(self, clause: Graft) -> str:
        player = self.player
        location = self.state.garden["graft"]
        parts: list[str] = []
        gathers = player.holds("gather")
        if len(clause.gathers) > gathers:
            raise self.illegal(
                clause,
                f"gather: {player.name} holds {gathers} Gather tile(s), so a Graft brings "
                f"{gathers} extra seed(s), not {len(clause.gathers)}",
                R.TILE_GATHER,
            )
        left = self.state.supply[location]
        owed = gathers if left is None else min(gathers, left)
        if len(clause.gathers) < owed:
            raise self.illegal(
                clause,
                f"with the Gather tile a Graft first takes a {location} seed (where the Graft "
                f"fairy stands); say where it goes: graft gather at N ...",
                R.TILE_GATHER,
            )
        for number in clause.gathers:
            index = self.circle(clause, number)
            self.from_garden(clause, location)
            parts.append(f"gathers {self.put(index, location)}")
        studies = player.holds("study")
        if len(clause.studies) != studies:
            raise self.illegal(
                clause,
                f"with {studies} Study tile(s) a Graft first advances {studies} lowest "
                f"fair{'y' if studies == 1 else 'ies'}; the log names {len(clause.studies)} "
                "(graft study red ...)",
                R.TILE_STUDY,
                [self.tracks_fact()],
            )
        for track in clause.studies:
            lowest = min(player.tracks.values())
            if player.tracks[track] != lowest:
                options = [t for t in PRIMARY if player.tracks[t] == lowest]
                raise self.illegal(
                    clause,
                    f"Study advances a fairy on the lowest place; the {track} fairy is on "
                    f"{player.tracks[track]}, the lowest is {lowest} ({' or '.join(options)})",
                    R.TILE_STUDY,
                    [self.tracks_fact()],
                )
            parts.append(f"studies: {self.advance(clause, track, chosen=False)}")
        if not clause.merges:
            example = self.graft_example()
            if example:
                raise self.illegal(
                    clause,
                    f"a Graft merges two seeds joined by a line; the log names none but "
                    f"{example} could be merged",
                    R.GRAFT,
                )
            parts.append("no seeds can be merged")
        for merge in clause.merges:
            first = self.seed_in(merge, merge.first)
            second = self.seed_in(merge, merge.second)
            a, b = merge.first - 1, merge.second - 1
            if a == b or not self.state.graph.connected(a, b):
                raise self.illegal(
                    merge,
                    f"circles {merge.first} and {merge.second} are not joined by a line",
                    R.GRAFT,
                    [f"circle {merge.first} is joined to {self.state.graph.neighbour_names(a)}"],
                )
            result = graft_result(first, second)
            if result is None:
                raise self.illegal(
                    merge,
                    f"{first} ({merge.first}) and {second} ({merge.second}) cannot be grafted: "
                    f"{graft_refusal(first, second)}",
                    R.GRAFT,
                )
            at = self.circle(merge, merge.at)
            if at not in (a, b):
                raise self.illegal(
                    merge,
                    f"the grafted seed goes in one of the two merged circles "
                    f"({merge.first} or {merge.second}), not {merge.at}",
                    R.GRAFT,
                )
            self.from_garden(merge, result)
            self.to_garden(first)
            self.to_garden(second)
            self.player.lab[a] = self.player.lab[b] = None
            self.player.lab[at] = result
            parts.append(
                f"grafts {first} {merge.first} + {second} {merge.second} "
                f"into {result} in {merge.at}"
            )
        return "; ".join(parts)

    def tracks_fact(self) -> str:
        spaces = ", ".join(f"{t} {self.player.tracks[t]}" for t in PRIMARY)
        return f"{self.player.name}'s fairies: {spaces}"

    def graft_example(self) -> str | None:
        lab, graph = self.player.lab, self.state.graph
        for a in range(graph.size):
            for b in sorted(graph.neighbours[a]):
                if b <= a or lab[a] is None or lab[b] is None:
                    continue
                result = graft_result(lab[a], lab[b])  # type: ignore[arg-type]
                if result is not None and self.any_in_garden((result,)):
                    return f"{lab[a]} {a + 1} + {lab[b]} {b + 1}"
        return None

    def experiment_example(self, kind: str) -> str | None:
        """A legal experiment of ``kind``, in words, or None when none is possible."""
        lab, graph = self.player.lab, self.state.graph
        if kind == "duplicate":
            for index, seed in enumerate(lab):
                if (
                    seed
                    and level(seed) < 3
                    and graph.neighbours[index]
                    and self.any_in_garden((seed,))
                ):
                    target = min(graph.neighbours[index]) + 1
                    return f"duplicate {index + 1} to {target}"
            return None
        if kind == "upgrade":
            ascend = self.player.holds("ascend") > 0
            for index, seed in enumerate(lab):
                for colour in upgrades(seed, level3=ascend) if seed else ():
                    if self.any_in_garden((colour,)):
                        return f"upgrade {index + 1} to {colour}"
            return None
        example = self.graft_example()
        if example:
            return f"graft {example}"
        location = self.state.garden["graft"]
        if self.player.holds("study") or (
            self.player.holds("gather") and self.any_in_garden((location,))
        ):
            return "graft with the Gather/Study tiles"
        return None

    def fairy_move(self, clause: FairyMove) -> str:
        ctx = self.ctx
        if ctx.action != "collect" or ctx.tapped is None:
            raise self.illegal(
                clause,
                "only the Garden fairy tapped to collect seeds moves, and this turn tapped none",
                R.COLLECT,
            )
        if ctx.fairy_moved:
            raise self.illegal(clause, "the tapped fairy has already moved this turn", R.COLLECT)
        if not ctx.experiment_done:
            example = self.experiment_example(ctx.tapped)
            if example:
                raise self.illegal(
                    clause,
                    f"the {ctx.tapped.title()} experiment comes before the fairy moves on, and "
                    f"one was possible ({example})",
                    R.EXPERIMENT,
                )
        here = self.state.garden[ctx.tapped]
        if clause.location == here:
            others = [loc for loc in PRIMARY if loc != here]
            raise self.illegal(
                clause,
                f"the {ctx.tapped.title()} fairy moves to one of the other two locations "
                f"({' or '.join(others)}), not back to {here}",
                R.COLLECT,
            )
        self.state.garden[ctx.tapped] = clause.location
        ctx.fairy_moved = True
        return f"moves the {ctx.tapped.title()} fairy from {here} to {clause.location}"

    def potion(self, clause: PotionUse) -> str:
        self.require_inspiration(clause, "using a potion")
        if self.player.potions < 1:
            raise self.illegal(
                clause,
                f"{self.player.name} has no potion left",
                R.POTION,
                [f"{self.player.name} has 0 potions"],
            )
        self.player.potions -= 1
        return "drinks a potion and " + self.perform(clause.action)

    def exchange(self, clause: Exchange) -> str:
        self.require_inspiration(clause, "exchanging seeds")
        if len(set(clause.circles)) != 3:
            raise self.illegal(
                clause, "an exchange trades three different circles' seeds", R.EXCHANGE
            )
        seeds = [self.seed_in(clause, number) for number in clause.circles]
        if len(set(seeds)) != 1:
            raise self.illegal(
                clause,
                f"an exchange trades three identical seeds, not {describe_seeds(seeds)}",
                R.EXCHANGE,
            )
        for number in clause.circles:
            self.to_garden(seeds[0])
            self.player.lab[number - 1] = None
        target = self.circle(clause, clause.target)
        if self.player.lab[target] is not None:
            raise self.illegal(
                clause,
                f"the new seed goes in an empty circle; circle {clause.target} holds "
                f"{self.player.lab[target]}",
                R.EXCHANGE,
            )
        self.from_garden(clause, clause.colour)
        self.player.lab[target] = clause.colour
        circles = " ".join(str(n) for n in clause.circles)
        return f"exchanges three {seeds[0]} ({circles}) for {clause.colour} in {clause.target}"

    # ------------------------------------------------------------ cultivation

    def cultivate(self, clause: Cultivate) -> str:
        if clause.tile is not None:
            self.require_inspiration(clause, "cultivating a plant tile")
            card, source = self.plant_tile(clause, clause.tile)
        else:
            self.start_action(clause, "cultivate")
            card, source = self.plant_card(clause)
        paid = [self.seed_in(clause, number) for number in clause.circles]
        if len(set(clause.circles)) != len(clause.circles):
            raise self.illegal(
                clause, "a circle is listed twice in the seeds traded in", R.CULTIVATE
            )
        thrift = self.player.holds("thrift")
        if not covers(paid, list(card.seeds), thrift):
            offered = ", ".join(f"{s} ({n})" for s, n in zip(paid, clause.circles, strict=True))
            facts = [f"the card shows {describe_seeds(card.seeds)}"]
            facts.append(f"traded in: {offered or 'nothing'}")
            facts.extend(shortfall(paid, list(card.seeds)))
            if thrift:
                facts.append(f"Thrift lets {thrift} Level 1 seed(s) go unpaid")
            raise self.illegal(
                clause,
                f'the seeds traded in do not pay for "{card.name}"',
                R.CULTIVATE,
                facts,
            )
        choices = [seed for seed in card.seeds if level(seed) > 1]
        if len(clause.advances) != len(choices):
            raise self.illegal(
                clause,
                f'"{card.name}" shows {len(choices)} seed(s) of Level 2 or 3 '
                f"({describe_seeds(choices)}); name one track for each, in order "
                f"(advance {' '.join(tracks_for(seed)[0] for seed in choices) or '...'}), "
                f"not {len(clause.advances)}",
                R.TRACK_ADVANCE,
            )
        for number in clause.circles:
            seed = self.player.lab[number - 1]
            assert seed is not None
            self.to_garden(seed)
            self.player.lab[number - 1] = None
        self.ctx.openings.clear()
        moves = []
        picks = iter(clause.advances)
        for seed in card.seeds:
            if level(seed) == 1:
                moves.append(self.advance(clause, seed, chosen=False))
                continue
            track = next(picks)
            if track not in tracks_for(seed):
                raise self.illegal(
                    clause,
                    f"{_article(seed)} {seed} seed advances "
                    f"{' or '.join(tracks_for(seed))}, not {track}",
                    R.TRACK_ADVANCE,
                )
            moves.append(self.advance(clause, track, chosen=True))
        self.player.plants.append(card)
        self.ctx.bonus_clause = clause
        self.ctx.scholar_left = self.player.holds("scholar")
        self.ctx.harvest_left = self.player.holds("harvest")
        paid_words = " ".join(paid) if paid else "nothing"
        what = source if clause.tile else f'{source} "{card.name}"'
        return (
            f"cultivates {what} ({describe_seeds(card.seeds)}) with "
            f"{paid_words}, +{card.points}; tracks: {', '.join(moves) or 'none'}"
        )

    def plant_card(self, clause: Cultivate) -> tuple[PlantCard, str]:
        state = self.state
        if clause.top is not None:
            card = clause.top
            if not self.player.holds("topdeck"):
                raise self.illegal(
                    clause,
                    "cultivating the top card of a deck needs the Top deck tile",
                    R.TILE_TOPDECK,
                    [f"{self.player.name} holds no Top deck tile"],
                )
            self.draw_from_deck(clause, card)
            return card, f"the top L{card.level} card"
        name = str(clause.name)
        slots = [s for s in state.research if s.card and s.card.name.lower() == name.lower()]
        if not slots:
            listing = "; ".join(s.card.describe() for s in state.research if s.card)
            raise self.illegal(
                clause,
                f'there is no "{name}" in the Research Area',
                R.CULTIVATE,
                [f"Research Area: {listing or 'empty'}"],
            )
        free = [s for s in slots if s.x_owner is None]
        if not free:
            raise self.illegal(
                clause,
                f'{slots[0].x_owner}\'s X token lies on "{name}"; a card with an X token '
                "cannot be cultivated",
                R.TILE_X,
            )
        slot = free[0]
        card = slot.card
        assert card is not None
        slot.card = None
        self.ctx.reveal_slot = slot
        self.ctx.reveal_clause = clause
        return card, "the Research Area's"

    def draw_from_deck(self, clause: Clause, card: PlantCard) -> None:
        state = self.state
        deck = card.level
        if state.deck_out[deck]:
            raise self.illegal(
                clause,
                f"the Level {deck} plant deck has run out, and decks are not replenished",
                R.DECKS,
            )
        left = state.deck_left[deck]
        if left is not None:
            state.deck_left[deck] = left - 1
            if left - 1 == 0:
                state.deck_out[deck] = True
        complaint = remember_card(state, card, clause.line)
        if complaint:
            raise self.illegal(clause, complaint, R.CARD_NAMES)

    def plant_tile(self, clause: Cultivate, spec: TileSpec) -> tuple[PlantCard, str]:
        held = [tile for tile in self.player.tiles if spec.matches(tile.spec)]
        if not held:
            raise self.illegal(
                clause,
                f"{self.player.name} holds no plant tile {spec.describe()}",
                R.TILE_PLANT,
                [self.tiles_fact()],
            )
        if len({tile.spec for tile in held}) > 1:
            raise self.illegal(
                clause,
                f"{self.player.name} holds several plant tiles; say which: "
                + " or ".join(f"cultivate {t.spec.describe()}" for t in held),
                R.TILE_PLANT,
            )
        self.player.tiles.remove(held[0])
        tile = held[0].spec
        assert tile.seeds is not None and tile.points is not None
        card = PlantCard(1, "plant tile", tile.seeds, tile.points)
        return card, "the plant tile"

    def tiles_fact(self) -> str:
        names = ", ".join(t.spec.describe() for t in self.player.tiles)
        return f"{self.player.name}'s tiles: {names or 'none'}"

    def scholar(self, clause: ScholarUse) -> str:
        if self.ctx.scholar_left <= 0:
            raise self.illegal(
                clause,
                "scholar advances a track right after a cultivation, once per Scholar tile held",
                R.TILE_SCHOLAR,
                [f"{self.player.name} holds {self.player.holds('scholar')} Scholar tile(s)"],
            )
        self.ctx.scholar_left -= 1
        return "studies with Scholar: " + self.advance(clause, clause.track, chosen=True)

    def harvest(self, clause: HarvestUse) -> str:
        if self.ctx.harvest_left <= 0:
            raise self.illegal(
                clause,
                "harvest gains a Level 2 seed right after a cultivation, "
                "once per Harvest tile held",
                R.TILE_HARVEST,
                [f"{self.player.name} holds {self.player.holds('harvest')} Harvest tile(s)"],
            )
        if clause.colour not in SECONDARY:
            raise self.illegal(
                clause,
                f"Harvest gives a Level 2 seed (orange, green or purple), not {clause.colour}",
                R.TILE_HARVEST,
            )
        index = self.circle(clause, clause.circle)
        self.from_garden(clause, clause.colour)
        self.ctx.harvest_left -= 1
        return "harvests " + self.put(index, clause.colour)

    def reveal(self, clause: Reveal) -> str:
        ctx, state = self.ctx, self.state
        slot = ctx.reveal_slot
        if slot is None:
            raise self.illegal(
                clause,
                "no plant card left the Research Area this turn, so none is revealed",
                R.REFILL_RESEARCH,
            )
        ctx.reveal_slot = None
        deck = slot.level
        if clause.card is None:
            left = state.deck_left[deck]
            if left:
                raise self.illegal(
                    clause,
                    f"the Level {deck} deck still holds {left} card(s); reveal the next one",
                    R.DECKS,
                )
            state.deck_out[deck] = True
            return f"finds the Level {deck} deck empty; the Research Area stays a card short"
        if clause.card.level != deck:
            raise self.illegal(
                clause,
                f"a Level {deck} card left the Research Area, so the refill is a Level {deck} "
                f"card, not Level {clause.card.level}",
                R.REFILL_RESEARCH,
            )
        self.draw_from_deck(clause, clause.card)
        slot.card = clause.card
        return f"reveals {clause.card.describe()} for the Research Area"

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
                names = ", ".join(f"{p.name} {_points(p.prestige())}" for p in leaders)
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


def _points(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def _article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"

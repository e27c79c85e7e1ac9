"""Collecting seeds, the action that taps a Garden fairy, and what goes with it: the
tapped fairy's experiment (Duplicate, Upgrade, Graft), the fairy moving on, and
the Inspiration clauses that work on seeds (a potion for an experiment, an
exchange of three identical seeds).

Each function takes the ``TurnRunner`` playing the turn and one clause, checks
it and returns the words of its event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamelog.core.words import article, counted, plural
from gamelog.games.mystical_seeds import rulebook as R
from gamelog.games.mystical_seeds.moves import (
    Collect,
    Duplicate,
    Exchange,
    FairyMove,
    Graft,
    PotionUse,
    Upgrade,
)
from gamelog.games.mystical_seeds.seeds import (
    BROWN,
    PRIMARY,
    describe_seeds,
    graft_refusal,
    graft_result,
    level,
    upgrades,
)

if TYPE_CHECKING:
    from gamelog.games.mystical_seeds.turn import TurnRunner


def collect(runner: TurnRunner, clause: Collect) -> str:
    runner.start_action(clause, "collect")
    state, player = runner.state, runner.player
    location = state.garden[clause.fairy]
    fairies = len(state.fairies_at(location))
    left = state.supply[location]
    count = fairies if left is None else min(fairies, left)
    if count == 0:
        raise runner.illegal(
            clause,
            f"the Garden has no {location} seeds left to collect",
            R.SUPPLY,
            [f"the {clause.fairy.title()} fairy stands at {location}", runner.supply_fact()],
        )
    circles = [player.fairy]
    while len(circles) < count:
        circles.append(state.graph.clockwise(circles[-1]))
    keeps: set[int] = set()
    for number in clause.keeps:
        index = runner.circle(clause, number)
        if index not in circles:
            raise runner.illegal(
                clause,
                f"keep {number}: no seed is placed in circle {number} by this collection",
                R.COLLECT,
                [f"the seeds go to {', '.join(str(c + 1) for c in circles)}"],
            )
        # A seed landing on an identical one may be kept too: either way one seed of
        # that colour stays and the other goes back (the rule: "If any circles have
        # two seeds, choose one of the Seeds to discard").
        if player.lab[index] is None:
            raise runner.illegal(
                clause,
                f"keep {number}: circle {number} is empty, so the new seed is the only "
                "one there and there is no seed to keep",
                R.COLLECT,
                [runner.lab_fact(player)],
            )
        keeps.add(index)
    placed = []
    for index in circles:
        runner.from_garden(clause, location)
        old = player.lab[index]
        if old is not None and (index in keeps or old == location):
            runner.to_garden(location)
            placed.append(f"{index + 1} already holds {old}, kept")
        else:
            placed.append(runner.put(index, location))
    runner.ctx.tapped = clause.fairy
    short = f", only {count} left in the Garden" if count < fairies else ""
    return (
        f"taps the {clause.fairy.title()} fairy at {location} ({fairies} "
        f"{plural(fairies, 'fairy', 'fairies')} there{short}) and collects "
        f"{counted(count, f'{location} seed')}: {', '.join(placed)}"
    )


def experiment(runner: TurnRunner, clause: Duplicate | Upgrade | Graft) -> str:
    kind = type(clause).__name__.lower()
    ctx = runner.ctx
    if ctx.action != "collect" or ctx.experiment_done or ctx.fairy_moved:
        raise runner.illegal(
            clause,
            f"{article(kind).title()} {kind.title()} is the experiment of the {kind.title()} "
            "fairy just tapped "
            f"to collect seeds, or is paid for with a potion (potion {kind} ...)",
            R.EXPERIMENT,
            [experiment_fact(runner)],
        )
    if ctx.tapped != kind:
        assert ctx.tapped is not None
        raise runner.illegal(
            clause,
            f"{runner.player.name} tapped the {ctx.tapped.title()} fairy, so the experiment "
            f"is {article(ctx.tapped)} {ctx.tapped.title()}, "
            f"not {article(kind)} {kind.title()}",
            R.EXPERIMENT,
        )
    ctx.experiment_done = True
    return perform(runner, clause)


def experiment_fact(runner: TurnRunner) -> str:
    ctx = runner.ctx
    if ctx.action is None:
        return f"{runner.player.name} has not collected seeds this turn"
    if ctx.action == "cultivate":
        return f"{runner.player.name}'s action this turn is a cultivation"
    if ctx.experiment_done:
        return f"the {str(ctx.tapped).title()} experiment was already made"
    return "the fairy has already moved on"


def perform(runner: TurnRunner, clause: Duplicate | Upgrade | Graft) -> str:
    if isinstance(clause, Duplicate):
        return duplicate(runner, clause)
    if isinstance(clause, Upgrade):
        text = upgrade(runner, clause)
        runner.ctx.second_upgrade = runner.player.holds("twice") > 0
        return text
    return graft(runner, clause)


def duplicate(runner: TurnRunner, clause: Duplicate) -> str:
    seed = runner.seed_in(clause, clause.source)
    source = clause.source - 1
    target = runner.circle(clause, clause.target)
    if level(seed) == 3:
        raise runner.illegal(
            clause,
            f"Duplicate copies a Level 1 or Level 2 seed; circle {clause.source} holds "
            "a brown (Level 3) seed",
            R.DUPLICATE,
        )
    if not runner.state.graph.connected(source, target):
        raise runner.illegal(
            clause,
            f"circle {clause.target} is not joined to circle {clause.source} by a line",
            R.DUPLICATE,
            [f"circle {clause.source} is joined to {runner.state.graph.neighbour_names(source)}"],
        )
    runner.from_garden(clause, seed)
    return f"duplicates the {seed} seed of {clause.source}: " + runner.put(target, seed)


def upgrade(runner: TurnRunner, clause: Upgrade) -> str:
    seed = runner.seed_in(clause, clause.circle)
    index = clause.circle - 1
    ascend = runner.player.holds("ascend") > 0
    options = upgrades(seed, level3=ascend)
    if clause.colour not in options:
        if level(seed) == 2 and clause.colour == BROWN:
            raise runner.illegal(
                clause,
                f"upgrading a Level 2 seed ({seed} in {clause.circle}) to brown needs the "
                "Ascend tile",
                R.UPGRADE,
                [f"{runner.player.name} holds no Ascend tile"],
            )
        if level(seed) == 3:
            raise runner.illegal(
                clause, f"circle {clause.circle} holds brown, the highest level", R.UPGRADE
            )
        if not options:
            raise runner.illegal(
                clause,
                f"only a Level 1 seed can be upgraded; circle {clause.circle} holds {seed} "
                "(Level 2) and upgrading it to brown needs the Ascend tile",
                R.UPGRADE,
            )
        raise runner.illegal(
            clause,
            f"{seed} upgrades to {' or '.join(options)}, not {clause.colour}",
            R.UPGRADE,
        )
    runner.from_garden(clause, clause.colour)
    runner.to_garden(seed)
    runner.player.lab[index] = clause.colour
    return f"upgrades the {seed} seed in {clause.circle} to {clause.colour}"


def graft(runner: TurnRunner, clause: Graft) -> str:
    player = runner.player
    location = runner.state.garden["graft"]
    parts: list[str] = []
    gathers = player.holds("gather")
    if len(clause.gathers) > gathers:
        raise runner.illegal(
            clause,
            f"gather: {player.name} holds {gathers} Gather tile(s), so a Graft brings "
            f"{gathers} extra seed(s), not {len(clause.gathers)}",
            R.TILE_GATHER,
        )
    left = runner.state.supply[location]
    owed = gathers if left is None else min(gathers, left)
    if len(clause.gathers) < owed:
        raise runner.illegal(
            clause,
            f"with the Gather tile a Graft first takes a {location} seed (where the Graft "
            f"fairy stands); say where it goes: graft gather at N ...",
            R.TILE_GATHER,
        )
    for number in clause.gathers:
        index = runner.circle(clause, number)
        runner.from_garden(clause, location)
        parts.append(f"gathers {runner.put(index, location)}")
    studies = player.holds("study")
    if len(clause.studies) != studies:
        raise runner.illegal(
            clause,
            f"with {studies} Study tile(s) a Graft first advances {studies} lowest "
            f"{plural(studies, 'fairy', 'fairies')}; the log names {len(clause.studies)} "
            "(graft study red ...)",
            R.TILE_STUDY,
            [runner.tracks_fact()],
        )
    for track in clause.studies:
        lowest = min(player.tracks.values())
        if player.tracks[track] != lowest:
            options = [t for t in PRIMARY if player.tracks[t] == lowest]
            raise runner.illegal(
                clause,
                f"Study advances a fairy on the lowest place; the {track} fairy is on "
                f"{player.tracks[track]}, the lowest is {lowest} ({' or '.join(options)})",
                R.TILE_STUDY,
                [runner.tracks_fact()],
            )
        parts.append(f"studies: {runner.advance(clause, track, chosen=False)}")
    if not clause.merges:
        example = graft_example(runner)
        if example:
            raise runner.illegal(
                clause,
                f"a Graft merges two seeds joined by a line; the log names none but "
                f"{example} could be merged",
                R.GRAFT,
            )
        parts.append("no seeds can be merged")
    for merge in clause.merges:
        first = runner.seed_in(merge, merge.first)
        second = runner.seed_in(merge, merge.second)
        a, b = merge.first - 1, merge.second - 1
        if a == b or not runner.state.graph.connected(a, b):
            raise runner.illegal(
                merge,
                f"circles {merge.first} and {merge.second} are not joined by a line",
                R.GRAFT,
                [f"circle {merge.first} is joined to {runner.state.graph.neighbour_names(a)}"],
            )
        result = graft_result(first, second)
        if result is None:
            raise runner.illegal(
                merge,
                f"{first} ({merge.first}) and {second} ({merge.second}) cannot be grafted: "
                f"{graft_refusal(first, second)}",
                R.GRAFT,
            )
        at = runner.circle(merge, merge.at)
        if at not in (a, b):
            raise runner.illegal(
                merge,
                f"the grafted seed goes in one of the two merged circles "
                f"({merge.first} or {merge.second}), not {merge.at}",
                R.GRAFT,
            )
        runner.from_garden(merge, result)
        runner.to_garden(first)
        runner.to_garden(second)
        runner.player.lab[a] = runner.player.lab[b] = None
        runner.player.lab[at] = result
        parts.append(
            f"grafts {first} {merge.first} + {second} {merge.second} into {result} in {merge.at}"
        )
    return "; ".join(parts)


def graft_example(runner: TurnRunner) -> str | None:
    lab, graph = runner.player.lab, runner.state.graph
    for a in range(graph.size):
        for b in sorted(graph.neighbours[a]):
            if b <= a or lab[a] is None or lab[b] is None:
                continue
            result = graft_result(lab[a], lab[b])  # type: ignore[arg-type]
            if result is not None and runner.any_in_garden((result,)):
                return f"{lab[a]} {a + 1} + {lab[b]} {b + 1}"
    return None


def experiment_example(runner: TurnRunner, kind: str) -> str | None:
    """A legal experiment of ``kind``, in words, or None when none is possible."""
    lab, graph = runner.player.lab, runner.state.graph
    if kind == "duplicate":
        for index, seed in enumerate(lab):
            if (
                seed
                and level(seed) < 3
                and graph.neighbours[index]
                and runner.any_in_garden((seed,))
            ):
                target = min(graph.neighbours[index]) + 1
                return f"duplicate {index + 1} to {target}"
        return None
    if kind == "upgrade":
        ascend = runner.player.holds("ascend") > 0
        for index, seed in enumerate(lab):
            for colour in upgrades(seed, level3=ascend) if seed else ():
                if runner.any_in_garden((colour,)):
                    return f"upgrade {index + 1} to {colour}"
        return None
    example = graft_example(runner)
    if example:
        return f"graft {example}"
    location = runner.state.garden["graft"]
    if runner.player.holds("study") or (
        runner.player.holds("gather") and runner.any_in_garden((location,))
    ):
        return "graft with the Gather/Study tiles"
    return None


def fairy_move(runner: TurnRunner, clause: FairyMove) -> str:
    ctx = runner.ctx
    if ctx.action != "collect" or ctx.tapped is None:
        raise runner.illegal(
            clause,
            "only the Garden fairy tapped to collect seeds moves, and this turn tapped none",
            R.COLLECT,
        )
    if ctx.fairy_moved:
        raise runner.illegal(clause, "the tapped fairy has already moved this turn", R.COLLECT)
    if not ctx.experiment_done:
        example = experiment_example(runner, ctx.tapped)
        if example:
            raise runner.illegal(
                clause,
                f"the {ctx.tapped.title()} experiment comes before the fairy moves on, and "
                f"one was possible ({example})",
                R.EXPERIMENT,
            )
    here = runner.state.garden[ctx.tapped]
    if clause.location == here:
        others = [loc for loc in PRIMARY if loc != here]
        raise runner.illegal(
            clause,
            f"the {ctx.tapped.title()} fairy moves to one of the other two locations "
            f"({' or '.join(others)}), not back to {here}",
            R.COLLECT,
        )
    runner.state.garden[ctx.tapped] = clause.location
    ctx.fairy_moved = True
    return f"moves the {ctx.tapped.title()} fairy from {here} to {clause.location}"


def potion(runner: TurnRunner, clause: PotionUse) -> str:
    runner.require_inspiration(clause, "using a potion")
    if runner.player.potions < 1:
        raise runner.illegal(
            clause,
            f"{runner.player.name} has no potion left",
            R.POTION,
            [f"{runner.player.name} has 0 potions"],
        )
    runner.player.potions -= 1
    return "drinks a potion and " + perform(runner, clause.action)


def exchange(runner: TurnRunner, clause: Exchange) -> str:
    runner.require_inspiration(clause, "exchanging seeds")
    if len(set(clause.circles)) != 3:
        raise runner.illegal(
            clause, "an exchange trades three different circles' seeds", R.EXCHANGE
        )
    seeds = [runner.seed_in(clause, number) for number in clause.circles]
    if len(set(seeds)) != 1:
        raise runner.illegal(
            clause,
            f"an exchange trades three identical seeds, not {describe_seeds(seeds)}",
            R.EXCHANGE,
        )
    for number in clause.circles:
        runner.to_garden(seeds[0])
        runner.player.lab[number - 1] = None
    target = runner.circle(clause, clause.target)
    if runner.player.lab[target] is not None:
        raise runner.illegal(
            clause,
            f"the new seed goes in an empty circle; circle {clause.target} holds "
            f"{runner.player.lab[target]}",
            R.EXCHANGE,
        )
    runner.from_garden(clause, clause.colour)
    runner.player.lab[target] = clause.colour
    circles = " ".join(str(n) for n in clause.circles)
    return f"exchanges three {seeds[0]} ({circles}) for {clause.colour} in {clause.target}"

"""What the player to move may legally do, written as lines of the notation
(``gamelog moves``), and the words ``gamelog play`` completes.

A turn is one line of clauses (Inspiration, one action and what follows it, the
cleanup), so what is legal is worked out clause by clause: the engine's own
``TurnRunner`` plays each candidate clause on the position and keeps it only if
it is legal (so the lists never disagree with the rules), then the next clauses
are tried after it, and a line is listed where the engine lets the turn end.
Candidates are generated generously (every circle, colour, track, tile beside a
space just entered); the engine decides. Lines that leave the game in the same
position are the same move written two ways (``graft 1+2 at 1`` and ``2+1 at
1``, ``with 1 2`` and ``with 2 1``, ``keep`` on a seed of the collected colour,
``take potion`` and ``take potion from I4`` when only I4 holds one): each move is
listed once, in the first spelling tried (``same_move`` compares moves so).

Some of a line is not the player's choice and not known before it happens: the
card turned up to refill the Research Area, the tile that refills a Bookshelf
slot, the three tiles of Draw three, the top card of a deck. There the line is a
form, with that part written as a blank in angle brackets that says what is
known (``reveal <L2 card>``, ``refill I4 <Level I tile>``), checked by the
engine with a stand-in for the unknown piece; the group's note says what the
player fills in. Where the deck or pile is known to be out, the part is written
(``reveal none``).

The Inspiration phase takes any number of clauses in any order before the
action, so a whole line with every Inspiration prefix cannot be listed: the
lists give each first Inspiration clause as a form ending in ``...`` (the rest of
the turn), and ``plans(state, prefix)`` lists what may follow any clauses
already written, which ``listed`` uses to check that a turn played is one of the
lines or forms listed, clause after clause.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, fields, is_dataclass, replace
from itertools import combinations, permutations, product
from typing import Any

from gamelog.core.errors import GamelogError
from gamelog.core.game import Option, OptionGroup
from gamelog.games.mystical_seeds import lines
from gamelog.games.mystical_seeds.lines import REST, Blank
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
    Merge,
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
from gamelog.games.mystical_seeds.payment import covers
from gamelog.games.mystical_seeds.plants import PlantCard
from gamelog.games.mystical_seeds.seeds import (
    COLOURS,
    PRIMARY,
    SECONDARY,
    graft_result,
    level,
    substitutes,
    tracks_for,
    upgrades,
)
from gamelog.games.mystical_seeds.state import FAIRIES, GameState, PlayerState, checkpoint
from gamelog.games.mystical_seeds.tiles import SLOT_COLUMNS, TileSpec, slot_name, slots_beside
from gamelog.games.mystical_seeds.turn import TurnContext, TurnRunner

#: The name a stand-in card is checked under (no log can write it: names are quoted
#: text without control characters).
_STAND_IN = "\x00a card still to be turned up"
#: A tile of each Bookshelf row that asks for nothing, to stand in for a refill.
_STAND_IN_TILE = {1: TileSpec("potion"), 2: TileSpec("potions")}

INSPIRATION = "Inspiration first (any number of clauses before the action)"
CULTIVATE = "cultivate a plant of the Research Area"
TOP_DECK = "cultivate the top card of a deck (Top deck tile)"


#: A plan's group for collecting with a fairy: ``collect`` and the fairy.
_COLLECT = "collect "


def _group_title(state: GameState, group: str) -> str:
    """A group as ``gamelog moves`` shows it (the fairies where they stand now)."""
    if group.startswith(_COLLECT):
        fairy = group.removeprefix(_COLLECT)
        return f"collect seeds with the {fairy.title()} fairy (at {state.garden[fairy]})"
    return group


# ---------------------------------------------------------------- plans


@dataclass(frozen=True)
class Plan:
    """One listed line: its group and its clauses, some of them blanks."""

    group: str
    items: tuple[Clause | Blank, ...]
    #: Where the turn ends (with stand-ins for the blanks), to find a turn played.
    end: object = field(default=None, compare=False)

    @property
    def is_form(self) -> bool:
        return any(isinstance(item, Blank) for item in self.items)


# ---------------------------------------------------------------- whose move


def to_move(state: GameState) -> str | None:
    return None if state.finished else state.current


def legal_moves(state: GameState) -> list[OptionGroup]:
    player = to_move(state)
    if player is None:
        return []
    return _groups(state, player, plans(state))


def words(state: GameState) -> list[str]:
    """Circles, colours, fairies, Bookshelf slots, tiles and the plant cards in view."""
    circles = [str(n) for n in range(1, state.graph.size + 1)]
    slots = [slot_name(row, column) for row in (1, 2) for column in range(1, SLOT_COLUMNS + 1)]
    tiles = sorted(
        {tile.kind for tile in state.shelf.values() if tile}
        | {tile.spec.kind for player in state.players.values() for tile in player.tiles}
    )
    cards = [f'"{slot.card.name}"' for slot in state.research if slot.card]
    return [*circles, *COLOURS, *FAIRIES, *slots, *tiles, *cards, "L1", "L2", "none"]


# ---------------------------------------------------------------- the listing


def plans(state: GameState, prefix: Sequence[Clause] = ()) -> list[Plan]:
    """Every legal way to go on from the start of the turn of the player to move, or
    from the clauses ``prefix`` already written in it (raises IllegalMove if they are
    not legal). The position is left as it was."""
    player = to_move(state)
    if player is None:
        return []
    restore = checkpoint(state)
    try:
        explorer = _Explorer(state, state.players[player])
        for clause in prefix:
            explorer.runner.step(clause)
        explorer.expand(list(prefix))
        return explorer.found
    finally:
        restore()


def _groups(state: GameState, player: str, found: list[Plan]) -> list[OptionGroup]:
    by_group: dict[str, list[Option]] = {}
    for plan in found:
        by_group.setdefault(plan.group, []).append(
            Option(f"{player}: {plan_text(plan)}", form=plan.is_form)
        )
    order = [INSPIRATION, *(_COLLECT + f for f in FAIRIES), CULTIVATE, TOP_DECK]
    return [
        OptionGroup(_group_title(state, kind), tuple(by_group[kind]), note=_note(kind, found))
        for kind in sorted(by_group, key=order.index)
    ]


def _note(kind: str, found: list[Plan]) -> str:
    blanks = {
        item.kind
        for plan in found
        if plan.group == kind
        for item in plan.items
        if isinstance(item, Blank)
    }
    parts = []
    if kind == INSPIRATION:
        parts.append(
            "each line is the first Inspiration clause; '...' is the rest of the turn "
            "(more Inspiration, then an action), whatever is legal after it"
        )
    if "card" in blanks:
        parts.append(
            'fill in <L1 card> or <L2 card> with the card turned up: L2 "Name" seeds = '
            "points ('or none': none if the deck has run out)"
        )
    if "tile" in blanks:
        parts.append(
            "fill in <Level I tile> or <Level II tile> with the tile that refills the slot "
            "('or none': none if the pile has run out)"
        )
    if "draw" in blanks:
        parts.append(
            "fill in the tiles Draw three turned up, then '...': take the one kept, "
            "with what it needs, and the cleanup"
        )
    if "top" in blanks:
        parts.append(
            'fill in the top card (L1 "Name" seeds = points), the circles that pay for it '
            "and a track for each Level 2 or 3 seed it shows, then '...': the tiles "
            "it reaches"
        )
    return "; ".join(parts)


def plan_text(plan: Plan) -> str:
    """A plan as the notation writes it, its blanks in angle brackets (lines.py)."""
    return lines.items_text(plan.items)


# ---------------------------------------------------------------- the explorer


def _at(**values: Any) -> dict[str, Any]:
    return {"line": 0, "column": 1, **values}


class _Explorer:
    """Tries clauses on the position with the engine, depth first, and collects the
    plans the engine lets end. Each clause tried is undone before the next."""

    def __init__(self, state: GameState, player: PlayerState) -> None:
        self.state = state
        self.player = player
        self.runner = TurnRunner(state, player, Turn(line=0, player=player.name))
        self.others = [p for p in state.players.values() if p is not player]
        self.found: list[Plan] = []
        self.seen_nodes: set[tuple[object, ...]] = set()
        self.seen_ends: set[tuple[object, ...]] = set()

    # --- trying -----------------------------------------------------------------

    def attempt(self, clause: Clause) -> Callable[[], None] | None:
        """Play ``clause``; the undo if it was legal (None, and nothing changed, if not)."""
        undo = self.save()
        try:
            self.runner.step(clause)
        except GamelogError:
            undo()
            return None
        return undo

    def save(self) -> Callable[[], None]:
        """What a clause may change (cheaper than ``state.checkpoint``, which also runs
        around the whole exploration)."""
        state, runner, player = self.state, self.runner, self.player
        mover = (player.lab[:], player.fairy, player.potions, dict(player.tracks))
        held = (player.tiles[:], player.plants[:], player.plant_sources[:])
        steps = player.track_steps
        labs = [(p, p.lab[:]) for p in self.others]  # X tokens are paid for with seeds
        suns = [(tile, tile.sun_circle) for tile in player.tiles]
        research = [(slot, slot.card, slot.x_owner) for slot in state.research]
        dicts = [
            (d, dict(d))
            for d in (
                state.supply,
                state.garden,
                state.shelf,
                state.deck_left,
                state.deck_out,
                state.pile_left,
                state.pile_out,
            )
        ]
        # Cards are only ever added to what is known (a name keeps its card): the
        # ones a clause added are the last ones.
        known = len(state.known_cards)
        scalars = (state.extra_turns, state.extra_turn_next, state.round, state.finished)
        reason, seat = state.end_reason, state.turns.index
        ctx = _copy_context(runner.ctx)
        events = len(runner.events)

        def undo() -> None:  # in place: the candidates being listed read these lists
            lab, player.fairy, player.potions, tracks = mover
            player.lab[:] = lab
            player.tracks.clear()
            player.tracks.update(tracks)
            player.tiles[:], player.plants[:], player.plant_sources[:] = held
            player.track_steps = steps
            for other, other_lab in labs:
                other.lab[:] = other_lab
            for tile, circle in suns:
                tile.sun_circle = circle
            for slot, card, owner in research:
                slot.card, slot.x_owner = card, owner
            for target, saved in dicts:
                target.clear()
                target.update(saved)
            while len(state.known_cards) > known:
                state.known_cards.popitem()
            state.extra_turns, state.extra_turn_next, state.round, state.finished = scalars
            state.end_reason, state.turns.index = reason, seat
            runner.ctx.__dict__.update(_copy_context(ctx).__dict__)
            del runner.events[events:]

        return undo

    def key(self, *, turn_over: bool = False) -> tuple[object, ...]:
        """The position (and, mid-turn, where the turn stands): two clause sequences
        that reach the same key are the same move so far."""
        state, p = self.state, self.player
        players = (
            tuple(p.lab),
            p.fairy,
            p.potions,
            tuple(p.tracks.values()),
            tuple((t.spec, t.sun_circle) for t in p.tiles),
            tuple(p.plants),
            tuple(tuple(other.lab) for other in self.others),
        )
        board = (
            tuple(state.supply.values()),
            tuple(state.garden.values()),
            tuple((s.card, s.x_owner) for s in state.research),
            tuple(state.shelf.values()),
            tuple(state.deck_left.values()),
            tuple(state.pile_left.values()),
            tuple(state.pile_out.values()),
            tuple(state.deck_out.values()),
            state.extra_turns,
            state.extra_turn_next,
            state.turns.index,
            state.finished,
        )
        if turn_over:
            return players, board
        ctx = self.runner.ctx
        where = (
            ctx.action,
            ctx.tapped,
            ctx.experiment_done,
            ctx.fairy_moved,
            tuple(ctx.openings),
            tuple(ctx.group_slots),
            ctx.draw_pending,
            ctx.bonus_clause is not None,
            ctx.scholar_left,
            ctx.harvest_left,
            ctx.second_upgrade,
            None if ctx.reveal_slot is None else state.research.index(ctx.reveal_slot),
            tuple(ctx.emptied),
            tuple(sorted(ctx.refilled)),
            tuple(sorted(ctx.suns_used)),
            ctx.extra_turns,
        )
        return players, board, where

    def end_key(self) -> tuple[object, ...]:
        """The position a turn ended in, with the slots refilled and the card revealed
        (stand-ins may fill them, so these tell the moves apart)."""
        ctx = self.runner.ctx
        revealed = None if ctx.reveal_slot is None else self.state.research.index(ctx.reveal_slot)
        return self.key(turn_over=True), tuple(ctx.emptied), revealed

    # --- the turn, clause by clause ------------------------------------------------

    def expand(self, path: list[Clause | Blank]) -> None:
        node = self.key()
        if node in self.seen_nodes:
            return
        self.seen_nodes.add(node)
        ctx = self.runner.ctx
        if ctx.action is None:
            self.before_action(path)
            return
        self.end_here(path)
        for clause in self.after_action():
            self.go_on(path, clause)
        if ctx.openings:
            self.draw_form(path)

    def go_on(self, path: list[Clause | Blank], clause: Clause) -> None:
        undo = self.attempt(clause)
        if undo is not None:
            self.expand([*path, clause])
            undo()

    def before_action(self, path: list[Clause | Blank]) -> None:
        """Inspiration clauses (each a form: the rest of the turn follows), then the
        actions, each followed to the end of the turn."""
        for clause in (*self.follow_ups(), *self.inspiration()):
            undo = self.attempt(clause)
            if undo is None:
                continue
            node = self.key()
            if node not in self.seen_nodes and self.can_act():
                self.seen_nodes.add(node)
                self.found.append(Plan(INSPIRATION, (*path, clause, REST)))
            undo()
        for clause in self.actions():
            self.go_on(path, clause)
        self.top_forms(path)

    def can_act(self) -> bool:
        """Whether some action is still legal (an Inspiration form then has a rest): a
        collect is, where a fairy stands by seeds left (it then moves on and makes its
        experiment if one can be made)."""
        if any(self.state.supply[location] != 0 for location in self.state.garden.values()):
            return True
        for clause in self.actions():
            undo = self.attempt(clause)
            if undo is not None:
                undo()
                return True
        return False

    def end_here(self, path: list[Clause | Blank]) -> None:
        """The turn's cleanup (reveal, refills; blanks where a card or tile comes from
        a deck or pile), then its end: listed if the engine lets the turn end so."""
        ctx, state = self.runner.ctx, self.state
        if ctx.action == "collect" and not ctx.fairy_moved:
            return
        undo = self.save()
        items: list[Clause | Blank] = []
        try:
            if ctx.reveal_slot is not None:
                deck = ctx.reveal_slot.level
                out = state.deck_out[deck] or state.deck_left[deck] == 0
                if out:
                    items.append(Reveal(card=None, **_at()))
                    self.runner.step(items[-1])  # type: ignore[arg-type]
                else:
                    items.append(Blank("card", deck, none_ok=state.deck_left[deck] is None))
                    card = PlantCard(deck, _STAND_IN, ("red",), 0)
                    self.runner.step(Reveal(card=card, **_at()))
            for slot in [s for s in ctx.emptied if s not in ctx.refilled]:
                row = 2 if slot.startswith("II") else 1
                out = state.pile_out[row] or state.pile_left[row] == 0
                if out:
                    items.append(Refill(slot=slot, tile=None, **_at()))
                    self.runner.step(items[-1])  # type: ignore[arg-type]
                else:
                    none_ok = state.pile_left[row] is None
                    items.append(Blank("tile", row, slot, none_ok=none_ok))
                    self.runner.step(Refill(slot=slot, tile=_STAND_IN_TILE[row], **_at()))
            self.runner.end()
        except GamelogError:
            return
        else:
            end = self.end_key()
            if end not in self.seen_ends:
                self.seen_ends.add(end)
                self.found.append(Plan(self.group_of(path), (*path, *items), end))
        finally:
            undo()

    def group_of(self, path: list[Clause | Blank]) -> str:
        for item in path:
            if isinstance(item, Collect):
                return _COLLECT + item.fairy
            if isinstance(item, Cultivate) and item.tile is None:
                return TOP_DECK if item.top is not None else CULTIVATE
            if isinstance(item, Blank) and item.kind == "top":
                return TOP_DECK
        return CULTIVATE

    # --- forms for what a deck or pile turns up ------------------------------------

    def top_forms(self, path: list[Clause | Blank]) -> None:
        """Top deck: the card is the deck's next, so the whole cultivation is a form;
        checked with a stand-in card that shows no seeds."""
        if not self.player.holds("topdeck"):
            return
        for deck in (1, 2):
            card = PlantCard(deck, _STAND_IN, (), 0)
            undo = self.attempt(Cultivate(top=card, **_at()))
            if undo is not None:
                self.found.append(Plan(TOP_DECK, (*path, Blank("top", deck), REST)))
                undo()

    def draw_form(self, path: list[Clause | Blank]) -> None:
        """Draw three beside a space just entered: the tiles drawn are the pile's."""
        left = self.state.pile_left[2]
        count = 3 if left is None else min(3, left)
        if count <= 0:
            return
        for slot in self.open_slots():
            tile = self.state.shelf[slot]
            if tile is None or tile.kind != "draw":
                continue
            drawn = tuple(_STAND_IN_TILE[2] for _ in range(count))
            for spelled in (None, slot):
                undo = self.attempt(Take(tile=tile, slot=spelled, drawn=drawn, **_at()))
                if undo is not None:
                    self.found.append(Plan(self.group_of(path), (*path, Blank("draw"), REST)))
                    undo()
                    break
            return

    # --- candidates (generous: the engine decides) -------------------------------

    def circles(self) -> range:
        return range(1, self.state.graph.size + 1)

    def actions(self) -> Iterator[Clause]:
        yield from self.collects()
        for slot in self.state.research:
            if slot.card is not None and slot.x_owner is None:
                yield from self.cultivations(slot.card, name=slot.card.name)

    def collects(self) -> Iterator[Collect]:
        state, player, graph = self.state, self.player, self.state.graph
        for fairy in FAIRIES:
            location = state.garden[fairy]
            count = len(state.fairies_at(location))
            left = state.supply[location]
            count = count if left is None else min(count, left)
            landing = [player.fairy]
            while len(landing) < count:
                landing.append(graph.clockwise(landing[-1]))
            occupied = [c for c in landing[:count] if player.lab[c] is not None]
            for size in range(len(occupied) + 1):
                for kept in combinations(occupied, size):
                    keeps = tuple(Circle(c + 1) for c in kept)
                    yield Collect(fairy=fairy, keeps=keeps, **_at())

    def cultivations(
        self, card: PlantCard, *, name: str | None = None, tile: TileSpec | None = None
    ) -> Iterator[Cultivate]:
        """Each way to pay for ``card`` (a set of circles, written in the card's order)
        with each choice of tracks for its Level 2 and 3 seeds."""
        lab = self.player.lab
        thrift = self.player.holds("thrift")
        shown = list(card.seeds)
        primaries = sum(1 for seed in shown if level(seed) == 1)
        filled = [n for n in self.circles() if lab[n - 1] is not None]
        choices = [tracks_for(seed) for seed in shown if level(seed) > 1]
        for size in range(len(shown), len(shown) - min(thrift, primaries) - 1, -1):
            if size < 0:
                break
            for chosen in combinations(filled, size):
                seeds = [str(lab[n - 1]) for n in chosen]
                if not covers(seeds, shown, thrift):
                    continue
                paid = _in_card_order(chosen, seeds, shown)
                for advances in product(*choices):
                    yield Cultivate(
                        name=name,
                        tile=tile,
                        circles=tuple(Circle(n) for n in paid),
                        advances=advances,
                        **_at(),
                    )

    def after_action(self) -> Iterator[Clause]:
        ctx = self.runner.ctx
        if ctx.action == "collect" and not ctx.fairy_moved:
            here = self.state.garden[str(ctx.tapped)]
            for location in PRIMARY:
                if location != here:  # the fairy moves to one of the other two
                    yield FairyMove(location=location, **_at())
            if not ctx.experiment_done:
                yield from self.experiments(str(ctx.tapped))
        yield from self.follow_ups()

    def follow_ups(self) -> Iterator[Clause]:
        """Clauses that follow what came just before: a second Upgrade (Twice), tiles
        beside the spaces just entered (or the tile kept of a draw), Scholar, Harvest."""
        ctx = self.runner.ctx
        if ctx.second_upgrade:
            yield from self.experiments("upgrade")
        if ctx.draw_pending:
            for tile in dict.fromkeys(ctx.draw_pending):
                yield from self.takes(tile, None)
        elif ctx.openings:
            slots = self.open_slots()
            shelf = self.state.shelf
            for slot in slots:
                tile = shelf[slot]
                if tile is None or tile.kind == "draw":
                    continue
                for spec in (tile, TileSpec("plant")) if tile.kind == "plant" else (tile,):
                    # "take potion" where only this slot could be meant, else "from I2"
                    alike = [s for s in slots if (t := shelf[s]) is not None and spec.matches(t)]
                    yield from self.takes(spec, slot if len(alike) > 1 else None)
        if ctx.scholar_left:
            for track in PRIMARY:
                yield ScholarUse(track=track, **_at())
        if ctx.harvest_left:
            for colour in SECONDARY:
                for n in self.circles():
                    yield HarvestUse(colour=colour, circle=Circle(n), **_at())

    def in_garden(self, colour: str) -> bool:
        return self.state.supply[colour] != 0

    def seeds_left(self, colours: tuple[str, ...]) -> int:
        """How many of ``colours`` the Garden can give (2 stands for unlimited)."""
        return sum(2 if (n := self.state.supply[c]) is None else n for c in colours)

    def open_slots(self) -> list[str]:
        slots: list[str] = []
        for track, space in self.runner.ctx.openings:
            slots.extend(s for s in slots_beside(track, space) if s not in slots)
        return slots

    def takes(self, tile: TileSpec, slot: str | None) -> Iterator[Take]:
        """Taking ``tile`` with each set of choices its effect asks for."""
        circles = [Circle(n) for n in self.circles()]
        kind = tile.kind
        base = {"tile": tile, "slot": slot, **_at()}
        if kind == "sun":
            for n in circles:
                yield Take(place=n, **base)
        elif kind == "twoseeds":
            options = [(c, n) for c in SECONDARY if self.in_garden(c) for n in circles]
            for seeds in product(options, repeat=min(2, self.seeds_left(SECONDARY))):
                yield Take(seeds=seeds, **base)
        elif kind == "bundle":
            options = [(c, n) for c in PRIMARY if self.in_garden(c) for n in circles]
            for track in PRIMARY:
                for seeds in product(options, repeat=min(1, self.seeds_left(PRIMARY))):
                    yield Take(seeds=seeds, advance=track, **base)
        elif kind == "swap":
            yield Take(**base)
            for back, forward in permutations(PRIMARY, 2):
                yield Take(swap=(back, forward), **base)
        elif kind == "xtokens":
            names = [s.card.name for s in self.state.research if s.card and not s.x_owner]
            for marked in permutations(names, min(2, len(names))):
                yield Take(x_on=marked, **base)
        else:
            yield Take(**base)

    def experiments(self, kind: str) -> Iterator[Clause]:
        lab, graph = self.player.lab, self.state.graph
        if kind == "duplicate":
            for n in self.circles():
                if lab[n - 1] is not None:
                    for target in sorted(graph.neighbours[n - 1]):
                        yield Duplicate(source=Circle(n), target=Circle(target + 1), **_at())
        elif kind == "upgrade":
            for n in self.circles():
                seed = lab[n - 1]
                for colour in upgrades(seed, level3=True) if seed else ():
                    yield Upgrade(circle=Circle(n), colour=colour, **_at())
        else:
            yield from self.grafts()

    def grafts(self) -> Iterator[Graft]:
        """Gather seeds and Study tracks as the player's tiles ask, then each sequence of
        merges (the seed that stays named first); the engine checks each."""
        player, state = self.player, self.state
        gathers = player.holds("gather")
        location = state.garden["graft"]
        for count in range(gathers + 1):
            for placed in product(self.circles(), repeat=count):
                lab = list(player.lab)
                for n in placed:
                    lab[n - 1] = location
                for studies in product(PRIMARY, repeat=player.holds("study")):
                    for merges in _merge_sequences(lab, state.graph.neighbours, state.supply):
                        yield Graft(
                            gathers=tuple(Circle(n) for n in placed),
                            studies=studies,
                            merges=merges,
                            **_at(),
                        )

    def inspiration(self) -> Iterator[Clause]:
        player = self.player
        lab = player.lab
        if player.potions:
            for kind in FAIRIES:
                for action in self.experiments(kind):
                    yield PotionUse(action=action, **_at())  # type: ignore[arg-type]
        filled = [n for n in self.circles() if lab[n - 1] is not None]
        for trio in combinations(filled, 3):
            if len({lab[n - 1] for n in trio}) == 1:
                empty = [n for n in self.circles() if lab[n - 1] is None or n in trio]
                for colour in PRIMARY:
                    for target in empty:
                        yield Exchange(
                            circles=tuple(Circle(n) for n in trio),  # type: ignore[arg-type]
                            colour=colour,
                            target=Circle(target),
                            **_at(),
                        )
        suns = [tile for tile in player.tiles if tile.spec.kind == "sun"]
        for colour in (*PRIMARY, *SECONDARY) if suns else ():
            yield SunUse(colour=colour, **_at())
            for sun in suns:
                if sun.sun_circle is not None:
                    yield SunUse(colour=colour, circle=Circle(sun.sun_circle + 1), **_at())
        yield from self.x_moves()
        for held in player.tiles:
            spec = held.spec
            if spec.kind == "plant" and spec.seeds is not None and spec.points is not None:
                card = PlantCard(1, "plant tile", spec.seeds, spec.points)
                plants = sum(1 for t in player.tiles if t.spec.kind == "plant")
                yield from self.cultivations(card, tile=spec if plants > 1 else TileSpec("plant"))

    def x_moves(self) -> Iterator[MoveX]:
        state = self.state
        marked = [s for s in state.research if s.card and s.x_owner]
        free = [s for s in state.research if s.card and not s.x_owner]
        for source in marked:
            assert source.card is not None and source.x_owner is not None
            for target in free:
                assert target.card is not None
                names = {"source": source.card.name, "target": target.card.name}
                if source.x_owner == self.player.name:
                    yield MoveX(**names, **_at())
                    continue
                owner = state.players[source.x_owner]
                for pay_from in self.circles():
                    if self.player.lab[pay_from - 1] is None:
                        continue
                    for pay_to in range(1, len(owner.lab) + 1):
                        yield MoveX(
                            **names, pay_from=Circle(pay_from), pay_to=Circle(pay_to), **_at()
                        )


def _copy_context(ctx: TurnContext) -> TurnContext:
    copy = object.__new__(TurnContext)
    copy.__dict__.update(ctx.__dict__)
    copy.openings, copy.group_slots = ctx.openings[:], ctx.group_slots[:]
    copy.emptied, copy.refilled, copy.suns_used = (
        ctx.emptied[:],
        set(ctx.refilled),
        set(ctx.suns_used),
    )
    return copy


def _in_card_order(circles: tuple[int, ...], seeds: list[str], shown: list[str]) -> list[int]:
    """The circles written so that each pays for the seed the card shows in its place
    (the first such order), or as they are when none does (a Thrift payment)."""
    for order in permutations(range(len(circles))):
        if len(order) == len(shown) and all(
            substitutes(seeds[i], shown[place]) for place, i in enumerate(order)
        ):
            return [circles[i] for i in order]
    return list(circles)


def _merge_sequences(
    lab: list[str | None],
    neighbours: tuple[frozenset[int], ...],
    supply: dict[str, int | None],
) -> Iterator[tuple[Merge, ...]]:
    """Every sequence of merges of joined seeds whose colours graft (``graft_result``),
    each written with the circle the new seed goes in first; none if no pair grafts
    (then the Graft merges nothing). The engine checks each.

    Merges in another order that leave the same seeds, having taken the same seeds
    from the Garden, are the same Graft, and only the first order is given, unless
    the Garden is short of a colour taken: then one order may be legal where
    another is not (a seed given back by one merge is taken by the next)."""
    found = False
    ends: set[tuple[object, ...]] = set()

    def extend(
        lab: list[str | None], done: tuple[Merge, ...], taken: tuple[str, ...] = ()
    ) -> Iterator[tuple[Merge, ...]]:
        nonlocal found
        for a, seed in enumerate(lab):
            if seed is None:
                continue
            for b in sorted(neighbours[a]):
                other = lab[b]
                if b <= a or other is None:
                    continue
                result = graft_result(seed, other)
                if result is None:
                    continue
                for at, gone in ((a, b), (b, a)):
                    merge = Merge(
                        first=Circle(at + 1), second=Circle(gone + 1), at=Circle(at + 1), **_at()
                    )
                    after = list(lab)
                    after[gone] = None
                    after[at] = result
                    found = True
                    now = tuple(sorted((*taken, result)))
                    if all((n := supply[c]) is None or n >= now.count(c) for c in now):
                        end = (tuple(after), now)
                        if end in ends:
                            continue
                        ends.add(end)
                    yield (*done, merge)
                    yield from extend(after, (*done, merge), now)

    yield from extend(lab, ())
    if not found:
        yield ()


# ---------------------------------------------------------------- the move played


def shape(value: object) -> object:
    """A clause or turn without where it was written: what it says."""
    if is_dataclass(value) and not isinstance(value, type):
        return (
            type(value).__name__,
            tuple(
                (f.name, shape(getattr(value, f.name)))
                for f in fields(value)
                if f.name not in ("line", "source") and not f.name.endswith("column")
            ),
        )
    if isinstance(value, list | tuple):
        return tuple(shape(item) for item in value)
    if isinstance(value, str):
        return value.casefold()
    return value


def listed(state: GameState, turn: Turn) -> bool:
    """Whether ``turn``, played at ``state``, is one of the lines or forms ``plans``
    lists, up to spelling: a listed line reaches the same position; a form does once
    its blanks are filled in with what the turn says there (the card revealed, the
    tile refilled), and its '...' with the rest of the turn, listed in its turn at the
    position its clauses reach. The position is left as it was."""
    return _listed(state, list(turn.clauses), 0)


def _listed(state: GameState, clauses: list[Clause], done: int) -> bool:
    restore = checkpoint(state)
    try:
        explorer = _Explorer(state, state.players[state.current])
        for clause in clauses[:done]:
            explorer.runner.step(clause)
        wanted = _after(explorer, clauses[done:])
    finally:
        restore()
    if wanted is None:
        return False
    found = plans(state, clauses[:done])
    # First the quick way: the turn, its card and tiles drawn swapped for the
    # stand-ins the listing used, ends where a listed line ends.
    quick = _stood_in(state, clauses, done)
    if quick is not None and any(plan.end == quick for plan in found):
        return True
    for plan in found:
        items = list(plan.items[done:])
        if not _may_fit(items, clauses[done:]):
            continue
        if _fits(state, clauses, done, items, wanted):
            return True
    return False


def _stood_in(state: GameState, clauses: list[Clause], done: int) -> object:
    """Where the turn ends with the card it reveals and the tiles it refills swapped
    for the listing's stand-ins (None if it then is not legal)."""
    swapped: list[Clause] = []
    for clause in clauses:
        if isinstance(clause, Reveal) and clause.card is not None:
            card = PlantCard(clause.card.level, _STAND_IN, ("red",), 0)
            clause = replace(clause, card=card)
        elif isinstance(clause, Refill) and clause.tile is not None:
            clause = replace(clause, tile=_STAND_IN_TILE[2 if clause.slot.startswith("II") else 1])
        swapped.append(clause)
    restore = checkpoint(state)
    try:
        explorer = _Explorer(state, state.players[state.current])
        for clause in swapped:
            explorer.runner.step(clause)
        explorer.runner.end()
        return explorer.end_key()
    except GamelogError:
        return None
    finally:
        restore()


def _may_fit(items: list[Clause | Blank], played: Sequence[Clause]) -> bool:
    """A cheap first look: a form's clauses before its '...' are of the kinds played."""
    cut = next(
        (
            i
            for i, item in enumerate(items)
            if isinstance(item, Blank) and item.kind in ("rest", "draw", "top")
        ),
        None,
    )
    if cut is None:
        return True
    if cut > len(played):
        return False
    return all(
        isinstance(item, Blank) or type(item) is type(clause)
        for item, clause in zip(items[:cut], played, strict=False)
    )


def _after(explorer: _Explorer, clauses: Sequence[Clause]) -> tuple[object, ...] | None:
    """The position after ``clauses`` and the turn's end (None if that is illegal)."""
    undo = explorer.save()
    try:
        for clause in clauses:
            explorer.runner.step(clause)
        explorer.runner.end()
        return explorer.key(turn_over=True)
    except GamelogError:
        return None
    finally:
        undo()


def _fits(
    state: GameState,
    clauses: list[Clause],
    done: int,
    items: list[Clause | Blank],
    wanted: tuple[object, ...],
) -> bool:
    """Whether the plan's ``items`` (after the ``done`` clauses) fill in to the turn."""
    played = clauses[done:]
    filled: list[Clause] = []
    for index, item in enumerate(items):
        if isinstance(item, Blank) and item.kind in ("rest", "draw", "top"):
            cut = done + index + (0 if item.kind == "rest" else 1)
            if item.kind != "rest":
                if index >= len(played) or not _blank_fits(item, played[index]):
                    return False
                filled.append(played[index])
            if cut > len(clauses) or not _same_so_far(state, clauses, done, filled):
                return False
            return _listed(state, clauses, cut)
        if isinstance(item, Blank):
            match = next((c for c in played if _blank_fits(item, c)), None)
            if match is None:
                return False
            filled.append(match)
        else:
            filled.append(item)
    restore = checkpoint(state)
    try:
        explorer = _Explorer(state, state.players[state.current])
        for clause in clauses[:done]:
            explorer.runner.step(clause)
        return _after(explorer, filled) == wanted
    finally:
        restore()


def _blank_fits(blank: Blank, clause: Clause) -> bool:
    if blank.kind == "card":
        return isinstance(clause, Reveal) and (
            (clause.card is None and blank.none_ok)
            or bool(clause.card and clause.card.level == blank.level)
        )
    if blank.kind == "tile":
        return (
            isinstance(clause, Refill)
            and clause.slot == blank.slot
            and (clause.tile is not None or blank.none_ok)
        )
    if blank.kind == "draw":
        return isinstance(clause, Take) and clause.tile.kind == "draw" and bool(clause.drawn)
    if blank.kind == "top":
        return (
            isinstance(clause, Cultivate)
            and clause.top is not None
            and clause.top.level == blank.level
        )
    return False


def _same_so_far(state: GameState, clauses: list[Clause], done: int, filled: list[Clause]) -> bool:
    """Whether the listed clauses (blanks filled) reach the same point of the turn as
    the clauses played in their place."""
    restore = checkpoint(state)
    try:
        explorer = _Explorer(state, state.players[state.current])
        for clause in clauses[:done]:
            explorer.runner.step(clause)
        keys = []
        for sequence in (filled, clauses[done : done + len(filled)]):
            undo = explorer.save()
            try:
                for clause in sequence:
                    explorer.runner.step(clause)
                keys.append(explorer.key())
            except GamelogError:
                return False
            finally:
                undo()
        return keys[0] == keys[1]
    finally:
        restore()

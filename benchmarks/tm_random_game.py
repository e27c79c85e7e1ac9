"""Random legal Terra Mystica games, written by gamelog itself (for tm_differential.py).

A game is a random setup (``player`` lines, the site's default options, a random map
of ``data/maps/``, random round scoring tiles, maybe Fire & Ice final-scoring tiles,
random factions) and then, line by line, one of the lines that
``gamelog.games.terra_mystica.legal.legal_moves`` lists for the faction the log waits
for. Every listed line has been tried by the rules before it is listed, so the game
stays legal by gamelog's own verdict; whether the established engine agrees is what
the differential script checks.

The setup takes one of the two forms logs have:

* the site's form: ``# Default game options`` (strict-leech, strict-darkling-sh,
  strict-chaosmagician-sh, errata-cultist-power), the options of the new-game form,
  ``map ID``, then ``randomize v2 seed ID`` (the round tiles, the bonus tiles left, the
  seat order and, with ``fire-and-ice-final-scoring``, the extra final tile);
* the explicit form a ledger rebuilds: the same options, ``score S1,...,S6``,
  ``delete BONn`` down to players + 3 tiles, ``final-scoring T`` lines.

The choice among the listed lines is biased so that the games look a little like play
and end: obligations (power offers, tiles, spades owed) are answered at once, building
and upgrading are likelier than terraforming alone, free conversions are rare and at
most a few per turn, and passing gets likelier as nothing else is left. A game that
gets stuck (nothing listed while somebody is to move) or runs over ``MAX_LINES`` is
given up and reported as such.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from gamelog.core.replay import replay
from gamelog.games.terra_mystica import GAME
from gamelog.games.terra_mystica.components import CONSTANTS, FACTIONS, MAPS, TILES

#: The lines the site writes at the top of every new game (DB/SaveGame.pm).
DEFAULT_OPTIONS = (
    "strict-leech",
    "strict-darkling-sh",
    "strict-chaosmagician-sh",
    "errata-cultist-power",
)
#: The new-game form's checkboxes, in the form's order (the site writes them so).
FORM_OPTIONS = (
    "mini-expansion-1",
    "shipping-bonus",
    "temple-scoring-tile",
    "fire-and-ice-final-scoring",
    "variable-turn-order",
)
#: The Fire & Ice faction types: the option that brings them in and the factions of
#: the type (two of one type never play together: one colour, or one board).
FIRE_ICE_TYPES = {
    "ice": ("fire-and-ice-factions/ice", ("icemaidens", "yetis")),
    "variable": ("fire-and-ice-factions/variable_v5", ("riverwalkers", "shapeshifters")),
    "volcano": ("fire-and-ice-factions/volcano", ("acolytes", "dragonlords")),
}
#: The variants of the variable factions a game may use (the site offers v5 and v4),
#: and how often.
VARIABLE = ("_v5", "_v4", "", "_v2", "_v3")
VARIABLE_ODDS = (70, 15, 9, 3, 3)
FIRE_ICE_FACTIONS = frozenset(name for _, names in FIRE_ICE_TYPES.values() for name in names)
ORIGINAL_MAP = "126fe960806d587c78546b30f1a90853b1ada468"
FINAL_TILES = tuple(sorted(CONSTANTS.extra_final_scoring))
MAX_LINES = 2500
#: Dead ends (nothing listed) a game may back out of before it is given up.
MAX_DEAD_ENDS = 150

#: How likely each kind of listed line is chosen, against the other kinds listed.
WEIGHTS = {
    "build a dwelling": 6.0,
    "build after a spade action": 3.0,
    "terraform without building": 0.7,
    "upgrade": 5.0,
    "send a priest to a cult track": 2.0,
    "power and faction actions": 3.0,
    "shipping and digging": 1.5,
    "pass": 1.0,
    "free actions (before or after the action)": 0.6,
}
FREE = "free actions"
#: Kinds that are the faction's turn proper (the rest are answers and picks).
TURN_KINDS = frozenset(WEIGHTS)
#: Weight of an obligation (a power offer, a tile, spades owed, a pick at setup).
OBLIGATION = 20.0
#: Weight factor for the lines of a faction other than the one the log waits for.
OTHERS = 0.05
#: Free actions allowed in one turn.
FREE_PER_TURN = 3


@dataclass
class Written:
    """A game written: its text, and what became of it."""

    name: str
    text: str
    players: int
    lines: int = 0
    finished: bool = False
    problem: str | None = None
    factions: list[str] = field(default_factory=list)
    dead_ends: list[str] = field(default_factory=list)
    unlisted: list[str] = field(default_factory=list)


def faction_pool(which: str) -> tuple[set[str], set[str]]:
    """The base and the Fire & Ice factions a game may draw from (``base``,
    ``fire-ice``: as many Fire & Ice ones as fit, the rest base, or ``all``)."""
    base = {name for name in FACTIONS if name not in FIRE_ICE_FACTIONS}
    fire_ice = set(FIRE_ICE_FACTIONS)
    if which == "base":
        return base, set()
    return base, fire_ice


def header(rng: random.Random, seed: int, players: int, which: str) -> str:
    """The admin lines of a random game (before the factions are chosen)."""
    lines = [f"player p{i}" for i in range(1, players + 1)]
    site_form = rng.random() < 0.5
    options = [o for o in FORM_OPTIONS if rng.random() < 0.6]
    if not site_form:
        options = [o for o in options if o != "fire-and-ice-final-scoring"]
    variants = []
    if which != "base":
        for kind in ("ice", "variable", "volcano"):  # the form's order
            option = FIRE_ICE_TYPES[kind][0]
            if kind == "variable":
                option = option.replace("_v5", rng.choices(VARIABLE, VARIABLE_ODDS)[0])
            if rng.random() < 0.1:
                variants.append("final_" + option.rsplit("/", 1)[1])
            else:
                options.append(option)
    lines += ["# Default game options", *(f"option {o}" for o in DEFAULT_OPTIONS)]
    lines += [f"option {o}" for o in options]
    lines += [f"faction-variant {v}" for v in variants]
    board = rng.choice(sorted(MAPS))
    if board != ORIGINAL_MAP or rng.random() < 0.5:
        lines.append(f"map {board}")
    if site_form:
        lines += ["# Randomize setup", f"randomize v2 seed game{seed}"]
        return "\n".join(lines) + "\n"
    scoring = [
        name
        for name, tile in TILES.items()
        if tile.kind == "scoring" and (tile.option is None or tile.option in options)
    ]
    lines.append(f"score {','.join(rng.sample(scoring, 6))}")
    bonus = [
        name
        for name, tile in TILES.items()
        if tile.kind == "bonus" and (tile.option is None or tile.option in options)
    ]
    for tile in sorted(rng.sample(bonus, len(bonus) - players - 3), key=lambda t: int(t[3:])):
        lines.append(f"delete {tile}")
    extra = rng.choice((0, 1, 1, 1, 2))
    lines += [f"final-scoring {tile}" for tile in rng.sample(FINAL_TILES, extra)]
    return "\n".join(lines) + "\n"


class _Writer:
    def __init__(self, rng: random.Random, text: str, which: str, players: int) -> None:
        self.rng = rng
        self.text = text
        self.base, self.fire_ice = faction_pool(which)
        self.which = which
        self.players = players
        self.result = replay(GAME, text, "random")
        if self.result.error is not None:
            raise RuntimeError(f"setup refused: {self.result.error}")
        self.state = self.result.state
        self.log = self.result.log
        self.free_in_turn = 0
        self.last_actor = ""
        self.lines = 0
        self.setup_lines = text.count("\n")
        self.dead_ends: list[str] = []
        self.banned: dict[int, set[str]] = {}
        self.streak = 0
        #: Lines played that legal_moves did not list (a gap to report).
        self.unlisted: set[str] = set()
        self.dead_end_at = 0
        # How many Fire & Ice factions the game gets (fire-ice: as many as fit).
        wanted = min(players, len({t for t, (_, n) in FIRE_ICE_TYPES.items()}))
        self.fire_ice_wanted = wanted if which == "fire-ice" else 0

    def play(self) -> str | None:
        """Writes lines until the game ends; the problem, if it got stuck."""
        while self.lines < MAX_LINES:
            mover = GAME.to_move(self.state)
            if mover is None:
                return None
            groups = GAME.legal_moves(self.state)
            # Only free conversions listed: an obligation that nothing meets blocks
            # the turn (passing too); converting will not help, so back out at once.
            only_free = bool(groups) and all(g.kind.startswith(FREE) for g in groups)
            line = None if only_free else self.choose(mover, groups)
            if line is None:
                last = self.text.rstrip("\n").rsplit("\n", 1)[-1]
                stuck = f"nothing listed for {mover} (round {self.state.round}) after {last!r}"
                self.dead_ends.append(stuck)
                if len(self.dead_ends) > MAX_DEAD_ENDS or not self.back_up():
                    return stuck
                continue
            self.append(line)
        return f"over {MAX_LINES} lines"

    def back_up(self) -> bool:
        """Takes back the last few lines after a dead end (a listed line after which
        nothing is listed: an action whose obligation nobody can meet) and bans the
        first of them at that point."""
        lines = self.text.split("\n")[:-1]
        played = len(lines) - self.setup_lines
        if played <= 1:
            return False
        # Dead ends in a row (none passed since) take back more lines each time.
        self.streak = self.streak + 1 if self.lines <= self.dead_end_at else 1
        self.dead_end_at = max(self.dead_end_at, self.lines) if self.streak > 1 else self.lines
        back = min(played - 1, self.rng.randint(1, 2 * self.streak))
        keep = lines[: len(lines) - back]
        self.banned.setdefault(len(keep), set()).add(lines[len(keep)])
        self.text = "\n".join(keep) + "\n"
        self.result = replay(GAME, self.text, "random")
        if self.result.error is not None:
            raise RuntimeError(f"a cut of the game is refused: {self.result.error}")
        self.state, self.log = self.result.state, self.result.log
        self.lines -= back
        self.last_actor = ""
        self.free_in_turn = 0
        return True

    # --- choosing -------------------------------------------------------------------

    def choose(self, mover: str, groups: list) -> str | None:
        if mover == "admin":
            return self.choose_faction(groups)
        weighted: list[tuple[float, object]] = []
        turn_kinds = {g.kind for g in groups if g.kind in TURN_KINDS}
        mains = turn_kinds - {"pass", "free actions (before or after the action)"}
        for group in groups:
            if "(admin)" in group.kind:
                continue
            kind, _, other = group.kind.partition(": ")
            if kind in TURN_KINDS:
                weight = WEIGHTS[kind]
                if kind == "pass" and not mains:
                    weight = 6.0
                if kind.startswith("free actions") and self.free_in_turn >= FREE_PER_TURN:
                    continue
            else:
                weight = OBLIGATION
            if other:
                weight *= OTHERS
            weighted.append((weight, group))
        while weighted:
            index = self.rng.choices(range(len(weighted)), [w for w, _ in weighted])[0]
            line = self.pick_line(weighted[index][1])
            if line is not None:
                return line
            del weighted[index]
        return None

    def pick_line(self, group) -> str | None:
        banned = self.banned.get(self.text.count("\n"), set())
        options = [o.line for o in group.options if not o.form and o.line not in banned]
        if not options:
            return None
        if group.kind.startswith("answer a power offer"):
            leech = [line for line in options if " leech " in line]
            if leech and self.rng.random() < 0.75:
                return self.rng.choice(leech)
        return self.rng.choice(options)

    def choose_faction(self, groups: list) -> str | None:
        """A ``setup`` line: among those listed, and the Fire & Ice factions of the
        pool (each tried first, in case the list leaves them out)."""
        listed = [
            o.line
            for g in groups
            if g.kind.startswith("choose a faction")
            for o in g.options
            if o.line.split()[-1] in self.base | self.fire_ice
        ]
        fire_ice = [line for line in listed if line.split()[-1] in self.fire_ice]
        for name in sorted(self.fire_ice - set(self.state.factions)):
            line = f"setup {name}"
            if line not in listed and self.accepts(line):
                fire_ice.append(line)
                self.unlisted.add(line)
        lines = listed + [line for line in fire_ice if line not in listed]
        if not lines:
            return None
        chosen = len(self.state.factions)
        have = sum(1 for name in self.state.factions if name in FIRE_ICE_FACTIONS)
        if fire_ice and self.which == "fire-ice" and have < self.fire_ice_wanted:
            left = self.players - chosen
            if self.fire_ice_wanted - have >= left or self.rng.random() < 0.7:
                return self.rng.choice(fire_ice)
        return self.rng.choice(lines)

    def accepts(self, line: str) -> bool:
        return replay(GAME, self.text + line + "\n", "trial").error is None

    # --- writing --------------------------------------------------------------------

    def append(self, line: str) -> None:
        actor = line.split(":", 1)[0] if ":" in line and not line.startswith("setup") else ""
        number = self.text.count("\n") + 1
        try:
            moves = list(GAME.moves_from("\n" * (number - 1) + line + "\n", self.log.header))
            GAME.extend(self.state, moves)
            for move in moves:
                GAME.apply(self.state, move)
            self.log.moves = [*self.log.moves, *moves]
        except Exception:  # the fast path cannot decide: replay it all
            result = replay(GAME, self.text + line + "\n", "random")
            if result.error is not None:
                raise RuntimeError(f"listed line refused: {line}: {result.error}") from None
            self.state, self.log = result.state, result.log
        self.text += line + "\n"
        self.lines += 1
        if actor != self.last_actor:
            self.free_in_turn = 0
        self.last_actor = actor
        if line.split(":", 1)[-1].strip().startswith(("burn", "convert")):
            self.free_in_turn += 1


def write_game(seed: int, players: int, which: str = "base") -> Written:
    """One random legal game (``which``: the faction pool, see ``faction_pool``)."""
    rng = random.Random(seed)
    name = f"random_{players}p_{seed}.txt"
    writer = _Writer(rng, header(rng, seed, players, which), which, players)
    try:
        problem = writer.play()
    except RuntimeError as error:
        problem = str(error)
    state = writer.state
    return Written(
        name=name,
        text=writer.text,
        players=players,
        lines=writer.lines,
        finished=problem is None and GAME.is_finished(state),
        problem=problem,
        factions=[f.name for f in state.order],
        dead_ends=writer.dead_ends,
        unlisted=sorted(writer.unlisted),
    )

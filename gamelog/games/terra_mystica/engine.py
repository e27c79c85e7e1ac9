"""The Terra Mystica engine: a game in play, fed one command at a time.

It follows the online engine (terra.snellman.net) closely enough to reproduce
its ledgers row for row: a stream of ``(actor, command)`` entries where the actor
is a faction, "" for admin lines or "comment"; after each entry the phase state
machine moves on, and a faction's ledger row closes when the next entry belongs
to somebody else. The rules themselves live in the mixins (one module each).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from gamelog.core.errors import IllegalMove, SetupError
from gamelog.games.terra_mystica import commands as cmd
from gamelog.games.terra_mystica.actions import Actions
from gamelog.games.terra_mystica.board import Board, board_for
from gamelog.games.terra_mystica.components import factions, known_maps, rules, tiles
from gamelog.games.terra_mystica.faction import Faction
from gamelog.games.terra_mystica.flow import Flow
from gamelog.games.terra_mystica.ledger import Ledger
from gamelog.games.terra_mystica.leech import Leech, Record
from gamelog.games.terra_mystica.moves import ADMIN, COMMENT
from gamelog.games.terra_mystica.randomize import SiteRandom, natural_key
from gamelog.games.terra_mystica.reach import Reach
from gamelog.games.terra_mystica.resources import LIMITED_SUPPLY, Resources
from gamelog.games.terra_mystica.scoring import Scoring
from gamelog.games.terra_mystica.towns import Towns

#: Commands only the site's admin may give (no faction prefix).
_ADMIN_ONLY = (
    cmd.Option,
    cmd.ScoreTiles,
    cmd.ScoreTile,
    cmd.SetupFaction,
    cmd.MapSelect,
    cmd.FinalScoring,
    cmd.FactionVariant,
    cmd.Order,
    cmd.Randomize,
    cmd.Player,
    cmd.PlayerCount,
    cmd.Finish,
)


#: ``drop-faction player3``: a player who has not chosen a faction.
_PLAYER_SEAT = re.compile(r"player(\d+)")


class Engine(Resources, Reach, Towns, Leech, Flow, Actions, Scoring):
    """All mutable state of one game, and the dispatch of commands."""

    def __init__(self) -> None:
        self.options: set[str] = set()
        self.round = 0
        self.turn = 0
        self.finished = False
        self.factions: dict[str, Faction] = {}
        self.by_colour: dict[str, Faction] = {}
        self.order: list[Faction] = []
        self.new_order: list[Faction] = []
        self.pool: dict[str, int] = {}
        self.pool_ready = False
        self.town_tile_names: list[str] = []
        self.bonus_coins: dict[str, int] = {}
        self.score_tiles: list[str] = []
        self._gain_scoring_round = -1
        self._gain_scoring: tuple[str, dict[str, int]] = ("", {})
        self.final_scoring: dict[str, tuple[int, ...]] = dict(rules().final_scoring)
        self.cults = rules().cults
        self.cult_set = frozenset(self.cults)
        self.cult_spaces: dict[str, list[str | None]] = {
            cult: [None] * len(rules().cult_spaces) for cult in self.cults
        }
        self.blocked: set[str] = set()
        self.leech_id = 0
        self.action_required: list[Record] = []
        self.active: Faction | None = None
        self.state = "wait-for-players"
        self.income_state = "other"
        self.full_turn_played = False
        self.setup_order: list[tuple[str, str]] = []
        self.players: list[str] = []
        self.player_count: int | None = None
        self.ledger = Ledger()
        self.warnings: list[str] = []
        self.map_id = rules().original_map
        self.use_board(board_for(known_maps()[self.map_id]))

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

    # --- the command stream ---------------------------------------------------------

    def feed(self, actor: str, command: cmd.Command, next_actor: str) -> None:
        """Play one entry of the stream; ``next_actor`` is whose entry comes next."""
        if actor == COMMENT:
            self.ledger.comment(command.text)
        elif actor == ADMIN:
            self.admin_command(actor, command)
            if self.ledger.force_finish:
                self.ledger.finish_row()
        else:
            faction = self.factions.get(actor)
            if faction is None:
                known = ", ".join(f.name for f in self.order) or "none yet"
                raise IllegalMove(
                    f"unknown faction {actor!r}",
                    rule="a faction line names a faction set up with 'setup FACTION'",
                    facts=[f"factions in the game: {known}"],
                )
            if faction.dropped:
                self.reject_dropped(faction)
            ledger = self.ledger
            if not ledger.collecting or ledger.current is not faction:
                ledger.start_row(faction)
            faction.waiting = False
            handler = _FACTION_HANDLERS.get(type(command))
            if handler is not None and not command.internal:
                handler(self, faction, command)
            else:
                self.faction_command(faction, command)
            if not faction.dropped and ledger.collecting:
                ledger.commands.append(command.text)
            if ledger.force_finish:
                self.maybe_advance_to_next_player(faction)
                ledger.finish_row()
            if next_actor != actor:
                self.maybe_advance_to_next_player(faction)
        self.what_next()

    def handle_internal(self, f: Faction, text: str, action: Callable[[], None]) -> None:
        """An engine-internal row (income, final scoring) for ``f``."""
        self.ledger.start_row(f)
        action()
        if not f.dropped:
            self.ledger.add_command(text)
        if self.ledger.force_finish:
            self.maybe_advance_to_next_player(f)
        self.ledger.finish_row()

    # --- dispatch -------------------------------------------------------------------

    def faction_command(self, f: Faction, c: cmd.Command) -> None:
        handler = _FACTION_HANDLERS.get(type(c))
        if handler is not None and not c.internal:
            handler(self, f, c)
            return
        if isinstance(c, _ADMIN_ONLY):
            raise IllegalMove(
                f"'{c.text}' is an admin command",
                rule="admin commands stand on a line of their own, without a faction",
            )
        if c.internal:
            raise IllegalMove(
                f"'{c.text}' is written by the engine itself",
                rule="income, final scoring and effect rows are not typed",
            )
        if isinstance(c, cmd.PickColour | cmd.UnlockTerrain | cmd.GainFor):
            raise IllegalMove(
                f"{f.name} cannot use '{c.text}'",
                rule="colour picks, terrain unlocks and token trades belong to Fire & Ice factions",
            )
        raise IllegalMove(f"'{c.text}' is not a faction command", rule="faction commands")

    # One small handler per faction command; _FACTION_HANDLERS maps command types to them.

    def _on_adjust(self, f: Faction, c: cmd.Adjust) -> None:
        if c.kind.startswith("BON") and not self.round:
            self.feed_nested(f, cmd.Pass(f"pass {c.kind}", c.kind))
        else:
            self.adjust_command(f, c.delta, c.kind, c.source)

    def _on_build(self, f: Faction, c: cmd.Build) -> None:
        self.advance_state("initial-dwellings")
        self.assert_active(f)
        self.build(f, c.hex)

    def _on_upgrade(self, f: Faction, c: cmd.Upgrade) -> None:
        self.assert_active(f)
        self.upgrade(f, c.hex, c.building)

    def _on_send(self, f: Faction, c: cmd.Send) -> None:
        self.assert_active(f)
        self.send(f, c.cult, c.amount)

    def _on_convert(self, f: Faction, c: cmd.Convert) -> None:
        self.assert_active(f)
        self.convert(f, c.from_count, c.from_type, c.to_count, c.to_type)

    def _on_burn(self, f: Faction, c: cmd.Burn) -> None:
        self.assert_active(f)
        self.burn(f, c.amount)

    def _on_leech(self, f: Faction, c: cmd.Leech) -> None:
        self.leech(f, c.amount, c.source)
        self.ledger.force_finish = True

    def _on_decline(self, f: Faction, c: cmd.Decline) -> None:
        self.decline(f, c.amount, c.source)
        self.ledger.force_finish = True

    def _on_transform(self, f: Faction, c: cmd.Transform) -> None:
        self.transform(f, c.hex, c.colour)

    def _on_dig(self, f: Faction, c: cmd.Dig) -> None:
        self.assert_active(f)
        self.dig(f, c.amount)

    def _on_bridge(self, f: Faction, c: cmd.Bridge) -> None:
        self.assert_active(f)
        self.bridge(f, c.a, c.b, c.allow_illegal)

    def _on_connect(self, f: Faction, c: cmd.Connect) -> None:
        self.assert_active(f)
        self.connect(f, c.hexes)

    def _on_pass(self, f: Faction, c: cmd.Pass) -> None:
        self.assert_active(f)
        self.pass_turn(f, c.tile)
        self.ledger.force_finish = True

    def _on_action(self, f: Faction, c: cmd.Action) -> None:
        self.assert_active(f)
        self.action(f, c.name)

    def _on_advance(self, f: Faction, c: cmd.Advance) -> None:
        self.advance(f, c.track)

    def _on_wait(self, f: Faction, c: cmd.Wait) -> None:
        f.waiting = True

    def _on_done(self, f: Faction, c: cmd.Done) -> None:
        self.done(f)

    def _on_drop(self, f: Faction, c: cmd.DropFaction) -> None:
        self.drop(f.name, c.faction or f.name)

    def _on_income(self, f: Faction, c: cmd.Income) -> None:
        self.legacy_income()

    def _on_start(self, f: Faction, c: cmd.Start) -> None:
        if not any(r.type == "full" for r in self.action_required):
            self.start_round()

    def _on_nothing(self, f: Faction, c: cmd.Command) -> None:
        pass

    def feed_nested(self, f: Faction, c: cmd.Command) -> None:
        """A command the engine rewrites into another one (``+BONn`` in setup)."""
        self.faction_command(f, c)
        self.ledger.force_finish = True

    def admin_command(self, actor: str, c: cmd.Command) -> None:
        match c:
            case cmd.Option():
                if c.name not in rules().options:
                    raise SetupError(
                        f"unknown option {c.name!r}",
                        rule="options the online engine accepts",
                        facts=[f"known: {', '.join(sorted(rules().options))}"],
                    )
                if c.name.startswith("fire-and-ice-factions/"):
                    raise SetupError(
                        f"option {c.name} needs the Fire & Ice factions, "
                        "which this engine does not play yet",
                        rule="the base game's 14 factions",
                    )
                self.options.add(c.name)
                self.ledger.comment(f"option {c.name}")
            case cmd.ScoreTiles():
                self.set_score_tiles(c.tiles)
            case cmd.ScoreTile():
                if not 1 <= c.round <= 6:
                    raise SetupError(
                        f"there is no round {c.round} to give a scoring tile",
                        rule="the game has six rounds, each with one scoring tile",
                    )
                tiles_now = list(self.score_tiles) + [""] * (6 - len(self.score_tiles))
                tiles_now[c.round - 1] = ""
                self.check_score_tile(c.tile, tiles_now)
                tiles_now[c.round - 1] = c.tile
                self.score_tiles = tiles_now
                self._gain_scoring_round = -1
                self.ledger.comment(f"Round {c.round} scoring: {c.tile}, {tiles()[c.tile].display}")
            case cmd.Delete():
                self.setup_pool()
                self.ledger.comment(f"Removing tile {c.tile}")
                if self.pool.get(c.tile, 0) <= 1:
                    self.pool.pop(c.tile, None)
                else:
                    self.pool[c.tile] -= 1
            case cmd.SetupFaction():
                self.setup_faction(c.faction)
            case cmd.MapSelect():
                self.select_map(c.map_id)
            case cmd.FinalScoring():
                if c.kind not in rules().extra_final_scoring:
                    raise SetupError(
                        f"unknown final scoring {c.kind!r}",
                        rule="Fire & Ice final scoring tiles",
                        facts=[f"known: {', '.join(sorted(rules().extra_final_scoring))}"],
                    )
                self.final_scoring[c.kind] = rules().final_scoring["network"]
                self.ledger.comment(f"Added final scoring tile: {c.kind}")
            case cmd.DropFaction():
                self.drop(actor, c.faction)
            case cmd.Income():
                if c.phase is not None:
                    raise IllegalMove(
                        f"'{c.text}' is written by the engine itself", rule="income is automatic"
                    )
                self.legacy_income()
            case cmd.Start():
                if not any(r.type == "full" for r in self.action_required):
                    self.start_round()
            case cmd.Player():
                self.players.append(c.name)
            case cmd.PlayerCount():
                self.player_count = c.number
            case cmd.Order():
                wanted = {name: i for i, name in enumerate(c.players)}
                self.players.sort(key=lambda name: wanted.get(name.lower(), len(wanted)))
            case cmd.Finish():
                if not any(r.type != "leech" for r in self.action_required):
                    self.finish_game()
            case cmd.NoOp():
                pass
            case cmd.DropOption():
                self.options.discard(c.name)
            case cmd.Randomize():
                self.randomize(c.version, c.seed)
            case cmd.FactionVariant():
                raise SetupError(
                    f"faction variant {c.name} is not supported",
                    rule="the base game's 14 factions",
                )
            case _:
                raise IllegalMove(
                    f"'{c.text}' needs a faction",
                    rule="faction commands are written 'faction: command'",
                )

    # --- setup ----------------------------------------------------------------------

    def setup_pool(self) -> None:
        if self.pool_ready:
            return
        self.pool_ready = True
        for name, tile in tiles().items():
            if tile.option is not None and tile.option not in self.options:
                continue
            if tile.kind == "bonus":
                self.pool[name] = 1
                self.bonus_coins[name] = 0
            elif tile.kind in ("favor", "town"):
                self.pool[name] = tile.count
                if tile.kind == "town":
                    self.town_tile_names.append(name)
        self.pool.update(LIMITED_SUPPLY)

    def check_score_tile(self, name: str, other_rounds: list[str]) -> None:
        """``name`` may be a round's scoring tile beside ``other_rounds``' tiles."""
        if name in other_rounds:
            raise SetupError(
                f"{name} is already the scoring tile of round {other_rounds.index(name) + 1}",
                rule="the six round scoring tiles are drawn from one copy of each",
            )
        tile = tiles().get(name)
        if tile is None or tile.kind != "scoring":
            raise SetupError(
                f"{name} is not a round scoring tile", rule="scoring tiles SCORE1-SCORE9"
            )
        if tile.option is not None and tile.option not in self.options:
            raise SetupError(f"{name} needs option {tile.option}", rule="optional tiles")

    def set_score_tiles(self, names: tuple[str, ...]) -> None:
        if len(names) != 6:
            raise SetupError(
                f"{len(names)} scoring tiles given, 6 needed",
                rule="one round scoring tile per round",
            )
        for number, name in enumerate(names, start=1):
            self.check_score_tile(name, list(names[: number - 1]))
            self.ledger.comment(f"Round {number} scoring: {name}, {tiles()[name].display}")
        self.score_tiles = list(names)
        self._gain_scoring_round = -1

    def randomize(self, version: str, seed: str) -> None:
        """The site's random setup from a seed (see randomize.py)."""
        self.setup_pool()
        if not self.players:
            raise SetupError(
                "randomize needs the players",
                rule="the random setup depends on the players: a 'player NAME' line for each "
                "comes before 'randomize'",
            )
        if self.factions:
            raise SetupError("randomize comes before the factions", rule="setup order")
        rng = SiteRandom.for_seed(seed)
        pool = sorted(
            (
                name
                for name, tile in tiles().items()
                if tile.kind == "scoring" and (tile.option is None or tile.option in self.options)
            ),
            key=natural_key,
        )
        while True:
            order = rng.shuffle(pool)
            if "SCORE1" not in order[4:6]:
                break
        self.set_score_tiles(tuple(order[:6]))
        bonus = rng.shuffle(sorted(name for name in self.pool if name.startswith("BON")))
        while len(bonus) > len(self.players) + 3:
            tile = bonus.pop(0)
            self.ledger.comment(f"Removing tile {tile}")
            self.pool.pop(tile, None)
        if "maintain-player-order" not in self.options:
            self.players = rng.shuffle(sorted(self.players, key=str.lower))
        for number, name in enumerate(self.players, start=1):
            self.ledger.comment(f"Player {number}: {name}")
        if "fire-and-ice-final-scoring" in self.options:
            kinds = sorted(rules().extra_final_scoring)
            if version != "v1":
                kinds = rng.shuffle(kinds)
            self.final_scoring[kinds[0]] = rules().final_scoring["network"]
            self.ledger.comment(f"Added final scoring tile: {kinds[0]}")

    def select_map(self, map_id: str) -> None:
        if self.factions:
            raise SetupError("the map must be chosen before the factions", rule="setup order")
        key = map_id.lower()
        if key == "original":
            key = rules().original_map
        terrain = known_maps().get(key)
        if terrain is None:
            raise SetupError(
                f"map {map_id} is not known",
                rule="maps are terrain files in the game's data/maps folder, named by their id",
                facts=[f"known maps: {', '.join(sorted(known_maps()))}"],
            )
        self.map_id = key
        self.use_board(board_for(terrain))
        self.ledger.comment(f"map {map_id}")

    def setup_faction(self, name: str) -> None:
        self.ledger.finish_row()
        self.setup_pool()
        self.advance_state("select-factions")
        spec = factions().get(name)
        if spec is None:
            raise SetupError(
                f"unknown faction {name!r}",
                rule="the 14 factions of the base game",
                facts=[f"known: {', '.join(sorted(factions()))}"],
            )
        for other in self.order:
            if other.name == name:
                raise SetupError(f"{name} is already in the game", rule="each faction plays once")
            if not other.dropped and other.color == spec.color:
                raise SetupError(
                    f"{name} cannot join: {other.name} already play {spec.color}",
                    rule="each terrain colour belongs to one faction",
                )
        if self.round or self.state not in ("select-factions", "wait-for-players"):
            raise SetupError("factions are chosen before the first dwelling", rule="setup order")
        f = Faction(spec, start_vp=rules().starting_vp)
        f.start_player = not self.order
        self.register_faction(f)
        f.start_order = len(self.order)
        self.ledger.start_row(f)
        self.ledger.add_command("setup")
        self.ledger.finish_row()

    # --- dropped factions --------------------------------------------------------------

    def drop(self, actor: str, name: str) -> None:
        """``drop-faction FACTION`` (or a faction's ``resign``), or ``drop-faction playerN``
        for a player who has not chosen a faction yet."""
        seat = _PLAYER_SEAT.fullmatch(name)
        if seat is not None and name not in self.factions:
            if actor:
                raise IllegalMove(
                    f"{actor} cannot drop {name}",
                    rule="players are dropped by the admin (a faction can only resign itself)",
                )
            self.drop_seat(int(seat[1]))
        else:
            self.drop_faction(actor, name)

    def drop_faction(self, actor: str, name: str) -> None:
        """The site's ``drop-faction``: the faction stops taking turns (it is skipped in
        turn order and counts as passed), gives its bonus tile back, receives no more
        power offers, and is still scored at the end (cults, network, resources)."""
        if actor and actor != name:
            raise IllegalMove(
                f"{actor} cannot drop {name}",
                rule="factions are dropped by the admin (or resign themselves)",
            )
        f = self.factions.get(name)
        if f is None:
            known = ", ".join(x.name for x in self.order if not x.empty_seat) or "none yet"
            raise IllegalMove(
                f"faction {name} is not in the game",
                rule="drop-faction names a faction in the game, or playerN for a player "
                "who has not chosen one",
                facts=[f"factions in the game: {known}"],
            )
        if f.dropped:
            raise IllegalMove(
                f"{name} were already dropped from the game",
                rule="a faction is dropped once",
            )
        f.dropped = True
        f.allowed_actions = 0
        f.allowed_sub = {}
        self.dismiss_action(f, None)
        discard = f.bonus_tile()
        if discard:
            self.adjust(f, discard, -1)
        self.setup_order = [entry for entry in self.setup_order if entry[0] != name]
        self.maybe_advance_to_next_player(f)
        self.ledger.comment(f"{name} dropped from the game")

    def drop_seat(self, number: int) -> None:
        """``drop-faction playerN``: player N leaves before choosing a faction. The site
        keeps the seat as an empty placeholder (``nofactionN``) that never acts, so the
        seat order (and who starts) stays as it was."""
        chosen = len(self.order)
        if self.round or self.state not in ("wait-for-players", "select-factions"):
            raise SetupError(
                f"player{number} can no longer be dropped as a player: the factions are "
                "chosen (drop the faction by its name)",
                rule="drop-faction playerN is for a player who has not chosen a faction; "
                "later, drop the faction by name",
            )
        if not 1 <= number <= len(self.players):
            raise SetupError(
                f"there is no player {number}",
                rule="drop-faction playerN counts the players of the 'player NAME' lines "
                "(in seat order)",
                facts=[f"players: {', '.join(self.players) or 'none given'}"],
            )
        if number != chosen + 1:
            raise SetupError(
                f"player {number} is not the one choosing a faction now",
                rule="players choose factions in seat order; the player dropped before "
                "choosing is the one whose turn it is",
                facts=[
                    f"seats taken: {chosen}; player {chosen + 1} "
                    f"({self.players[chosen]}) chooses next"
                    if chosen < len(self.players)
                    else f"seats taken: {chosen}"
                ],
            )
        self.ledger.finish_row()
        self.advance_state("select-factions")
        seat = Faction.for_empty_seat(number)
        seat.start_player = not self.order
        self.register_faction(seat)
        seat.start_order = len(self.order)

    def reject_dropped(self, f: Faction) -> None:
        if f.empty_seat:
            raise IllegalMove(
                f"{f.name} is the seat of a player dropped before choosing a faction",
                rule="an empty seat takes no turns",
            )
        raise IllegalMove(
            f"{f.name} were dropped from the game",
            rule="a dropped faction takes no more turns and answers no power offers",
        )


_FACTION_HANDLERS: dict[type, Callable[[Engine, Faction, Any], None]] = {
    cmd.Adjust: Engine._on_adjust,
    cmd.Build: Engine._on_build,
    cmd.Upgrade: Engine._on_upgrade,
    cmd.Send: Engine._on_send,
    cmd.Convert: Engine._on_convert,
    cmd.Burn: Engine._on_burn,
    cmd.Leech: Engine._on_leech,
    cmd.Decline: Engine._on_decline,
    cmd.Transform: Engine._on_transform,
    cmd.Dig: Engine._on_dig,
    cmd.Bridge: Engine._on_bridge,
    cmd.Connect: Engine._on_connect,
    cmd.Pass: Engine._on_pass,
    cmd.Action: Engine._on_action,
    cmd.Advance: Engine._on_advance,
    cmd.Wait: Engine._on_wait,
    cmd.Done: Engine._on_done,
    cmd.DropFaction: Engine._on_drop,
    cmd.Income: Engine._on_income,
    cmd.Start: Engine._on_start,
    cmd.StartPlanning: Engine._on_nothing,
}

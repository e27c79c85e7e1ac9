"""The admin lines: the setup of a game as the site's admin (or its random setup)
gives it -- options, the six round scoring tiles, removed tiles, the factions in
seat order, the map, players and their order, final scoring tiles -- and the
lines that end a game or drop a faction.
"""

from __future__ import annotations

from collections.abc import Collection

from gamelog.core.errors import SetupError
from gamelog.games.terra_mystica.board import board_for
from gamelog.games.terra_mystica.components import CONSTANTS, MAPS, TILES
from gamelog.games.terra_mystica.notation import commands as cmd
from gamelog.games.terra_mystica.randomize import SiteRandom, natural_key
from gamelog.games.terra_mystica.rulebook import (
    FIRE_AND_ICE_FINAL_SCORING_RULE,
    KNOWN_MAPS_RULE,
    KNOWN_OPTIONS_RULE,
    ONE_COPY_OF_EACH_SCORING_TILE_RULE,
    ONE_FACTION_EACH_RULE,
    ONE_TILE_PER_ROUND_RULE,
    OPTIONAL_TILES_RULE,
    RANDOM_SETUP_NEEDS_PLAYERS_RULE,
    SCORING_TILES_RULE,
    SETUP_ORDER_RULE,
    SIX_ROUNDS_RULE,
)
from gamelog.games.terra_mystica.rules import drops, fire_ice, income, phases, turn
from gamelog.games.terra_mystica.state import Faction, TerraMysticaState


def admin_command(state: TerraMysticaState, actor: str, c: cmd.Command) -> None:
    match c:
        case cmd.Option():
            _check_known(c.name, CONSTANTS.options, "option", KNOWN_OPTIONS_RULE)
            state.options.add(c.name)
            state.ledger.comment(f"option {c.name}")
        case cmd.ScoreTiles():
            set_score_tiles(state, c.tiles)
        case cmd.ScoreTile():
            if not 1 <= c.round <= 6:
                raise SetupError(
                    f"there is no round {c.round} to give a scoring tile",
                    rule=SIX_ROUNDS_RULE,
                )
            tiles_now = list(state.score_tiles) + [""] * (6 - len(state.score_tiles))
            tiles_now[c.round - 1] = ""
            check_score_tile(state, c.tile, tiles_now)
            tiles_now[c.round - 1] = c.tile
            state.score_tiles = tiles_now
            state.gain_scoring_round = -1
            state.ledger.comment(f"Round {c.round} scoring: {c.tile}, {TILES[c.tile].display}")
        case cmd.Delete():
            setup_pool(state)
            fire_ice.finalize(state)
            state.ledger.comment(f"Removing tile {c.tile}")
            if state.pool.get(c.tile, 0) <= 1:
                state.pool.pop(c.tile, None)
            else:
                state.pool[c.tile] -= 1
        case cmd.SetupFaction():
            setup_faction(state, c.faction)
        case cmd.MapSelect():
            select_map(state, c.map_id)
        case cmd.FinalScoring():
            _check_known(
                c.kind,
                CONSTANTS.extra_final_scoring,
                "final scoring",
                FIRE_AND_ICE_FINAL_SCORING_RULE,
            )
            state.final_scoring[c.kind] = CONSTANTS.final_scoring["network"]
            state.ledger.comment(f"Added final scoring tile: {c.kind}")
        case cmd.DropFaction():
            drops.drop(state, actor, c.faction)
        case cmd.Income():  # the 2013 'income' line (the engine's rows are faction rows)
            income.legacy_income(state)
        case cmd.Start():
            if not any(r.type == "full" for r in state.action_required):
                phases.start_round(state)
        case cmd.Player():
            state.players.append(c.name)
        case cmd.PlayerCount():
            state.player_count = c.number
        case cmd.Order():
            wanted = {name: i for i, name in enumerate(c.players)}
            state.players.sort(key=lambda name: wanted.get(name.lower(), len(wanted)))
        case cmd.Finish():
            if not any(r.type != "leech" for r in state.action_required):
                phases.finish_game(state)
        case cmd.NoOp():
            pass
        case cmd.DropOption():
            state.options.discard(c.name)
        case cmd.Randomize():
            randomize(state, c.version, c.seed)
        case cmd.FactionVariant():
            fire_ice.add_variant(state, c.name)
        case _:  # pragma: no cover - an admin line holds no other command
            raise TypeError(f"no admin rule handles {c!r}")


def _check_known(name: str, known: Collection[str], what: str, rule: str) -> None:
    """An admin line may only name an option or a final scoring tile the site knows
    (``data/constants.toml``); the error lists the known ones."""
    if name not in known:
        raise SetupError(
            f"unknown {what} {name!r}",
            rule=rule,
            facts=[f"known: {', '.join(sorted(known))}"],
        )


# --- setup ----------------------------------------------------------------------


def setup_pool(state: TerraMysticaState) -> None:
    if state.pool_ready:
        return
    state.pool_ready = True
    for name, tile in TILES.items():
        if tile.option is not None and tile.option not in state.options:
            continue
        if tile.kind == "bonus":
            state.pool[name] = 1
            state.bonus_coins[name] = 0
        elif tile.kind in ("favor", "town"):
            state.pool[name] = tile.count
            if tile.kind == "town":
                state.town_tile_names.append(name)
    state.pool.update(CONSTANTS.limited_supply)


def check_score_tile(state: TerraMysticaState, name: str, other_rounds: list[str]) -> None:
    """``name`` may be a round's scoring tile beside ``other_rounds``' tiles."""
    if name in other_rounds:
        raise SetupError(
            f"{name} is already the scoring tile of round {other_rounds.index(name) + 1}",
            rule=ONE_COPY_OF_EACH_SCORING_TILE_RULE,
        )
    tile = TILES.get(name)
    if tile is None or tile.kind != "scoring":
        raise SetupError(f"{name} is not a round scoring tile", rule=SCORING_TILES_RULE)
    if tile.option is not None and tile.option not in state.options:
        raise SetupError(f"{name} needs option {tile.option}", rule=OPTIONAL_TILES_RULE)


def set_score_tiles(state: TerraMysticaState, names: tuple[str, ...]) -> None:
    if len(names) != 6:
        raise SetupError(
            f"{len(names)} scoring tiles given, 6 needed",
            rule=ONE_TILE_PER_ROUND_RULE,
        )
    for number, name in enumerate(names, start=1):
        check_score_tile(state, name, list(names[: number - 1]))
        state.ledger.comment(f"Round {number} scoring: {name}, {TILES[name].display}")
    state.score_tiles = list(names)
    state.gain_scoring_round = -1


def randomize(state: TerraMysticaState, version: str, seed: str) -> None:
    """The site's random setup from a seed (see randomize.py)."""
    setup_pool(state)
    if not state.players:
        raise SetupError(
            "randomize needs the players",
            rule=RANDOM_SETUP_NEEDS_PLAYERS_RULE,
        )
    if state.factions:
        raise SetupError("randomize comes before the factions", rule=SETUP_ORDER_RULE)
    fire_ice.finalize(state)
    rng = SiteRandom.for_seed(seed)
    pool = sorted(
        (
            name
            for name, tile in TILES.items()
            if tile.kind == "scoring" and (tile.option is None or tile.option in state.options)
        ),
        key=natural_key,
    )
    while True:
        order = rng.shuffle(pool)
        if "SCORE1" not in order[4:6]:
            break
    set_score_tiles(state, tuple(order[:6]))
    bonus = rng.shuffle(sorted(name for name in state.pool if name.startswith("BON")))
    while len(bonus) > len(state.players) + 3:
        tile = bonus.pop(0)
        state.ledger.comment(f"Removing tile {tile}")
        state.pool.pop(tile, None)
    if "maintain-player-order" not in state.options:
        state.players = rng.shuffle(sorted(state.players, key=str.lower))
    for number, name in enumerate(state.players, start=1):
        state.ledger.comment(f"Player {number}: {name}")
    if "fire-and-ice-final-scoring" in state.options:
        kinds = sorted(CONSTANTS.extra_final_scoring)
        if version != "v1":
            kinds = rng.shuffle(kinds)
        state.final_scoring[kinds[0]] = CONSTANTS.final_scoring["network"]
        state.ledger.comment(f"Added final scoring tile: {kinds[0]}")


def select_map(state: TerraMysticaState, map_id: str) -> None:
    if state.factions:
        raise SetupError("the map must be chosen before the factions", rule=SETUP_ORDER_RULE)
    key = map_id.lower()
    if key == "original":
        key = CONSTANTS.original_map
    base, vp_variant = CONSTANTS.vp_variant_maps.get(key, (key, ""))
    terrain = MAPS.get(base)
    if terrain is None:
        raise SetupError(
            f"map {map_id} is not known",
            rule=KNOWN_MAPS_RULE,
            facts=[f"known maps: {', '.join(sorted([*MAPS, *CONSTANTS.vp_variant_maps]))}"],
        )
    state.map_id = key
    state.start_vp = CONSTANTS.vp_variants.get(vp_variant, {})
    state.use_board(board_for(terrain))
    state.ledger.comment(f"map {map_id}")


def setup_faction(state: TerraMysticaState, name: str) -> None:
    state.ledger.finish_row()
    setup_pool(state)
    fire_ice.finalize(state)
    phases.advance_state(state, "select-factions")
    spec = fire_ice.spec_for(state, name)
    for other in state.order:
        if other.name == name:
            raise SetupError(f"{name} is already in the game", rule=ONE_FACTION_EACH_RULE)
    fire_ice.check_conflicts(state, spec)
    if state.round or state.phase not in ("select-factions", "wait-for-players"):
        raise SetupError("factions are chosen before the first dwelling", rule=SETUP_ORDER_RULE)
    start_vp = state.start_vp.get(name, CONSTANTS.starting_vp)
    f = Faction(spec, start_vp=start_vp)
    f.start_player = not state.order
    turn.register_faction(state, f)
    f.start_order = len(state.order)
    state.ledger.start_row(f)
    f.vp_trail.append(("initial", state.at_line, state.at_text, start_vp, state.ledger.started))
    state.ledger.add_command("setup")
    state.ledger.finish_row()
    fire_ice.on_setup(state, f)

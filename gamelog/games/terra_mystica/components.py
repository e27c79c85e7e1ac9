"""What is in the Terra Mystica box (factions, tiles, action spaces, maps) and the
game-wide figures, read once from ``data/``.

Everything that is a fact about the components lives in the TOML and text files
of ``data/``, so that other factions (Fire & Ice) and other maps can be added
without touching the rules. This module reads them (``core.data.read_toml``) and
hands out plain, read-only structures: :data:`CONSTANTS`, :data:`FACTIONS`,
:data:`ACTION_SPACES`, :data:`TILES` and :data:`MAPS`. They are built once and
kept on disk between runs (compiled.py), so a one-shot command does not parse
the TOML files again.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from gamelog.games.terra_mystica import compiled
from gamelog.games.terra_mystica.records import Record

Amounts = dict[str, int]
#: The words for a resource in messages (singular, plural), for core.words'
#: amount_text and amounts_text; a kind without words is written as it is.
RESOURCE_WORDS: dict[str, tuple[str, str]] = {
    "C": ("coin", "coins"),
    "W": ("worker", "workers"),
    "P": ("priest", "priests"),
    "VP": ("VP", "VP"),
    "PW": ("power", "power"),
    "PW_TOKEN": ("power token", "power tokens"),
    "P1": ("power in bowl I", "power in bowl I"),
    "P2": ("power in bowl II", "power in bowl II"),
    "P3": ("power in bowl III", "power in bowl III"),
    "SPADE": ("spade", "spades"),
    "KEY": ("town key", "town keys"),
    "ALLOW_SHAPESHIFT": ("shapeshift left", "shapeshifts left"),
    "UNLOCK_TERRAIN": ("terrain to unlock", "terrains to unlock"),
}

_TABLE_FILES = ("constants.toml", "factions.toml", "tiles.toml")


#: Tables a faction states whole: an income, price or gain replaces the default one.
_WHOLE_TABLES = frozenset(
    {
        "income",
        "cost",
        "gain",
        "advance_cost",
        "subactions",
        "actions",
        "unlock_cost",
        "leech_effect",
    }
)


def _merged(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """``override`` laid over ``base``: tables merge key by key (except the ones in
    ``_WHOLE_TABLES``, which replace), everything else replaces."""
    import copy  # only when the tables are built

    result = copy.deepcopy(base)
    for key, value in override.items():
        if (
            isinstance(value, dict)
            and isinstance(result.get(key), dict)
            and key not in _WHOLE_TABLES
        ):
            result[key] = _merged(result[key], value)
        else:
            result[key] = copy.deepcopy(value)
    return result


# --- rules constants ------------------------------------------------------------


class Constants(Record):
    """Game-wide figures, terrain and resource words, options (``data/constants.toml``)."""

    cults: tuple[str, ...]
    terrain_wheel: tuple[str, ...]
    colour_aliases: dict[str, str]
    building_limits: dict[str, int]
    building_power: dict[str, int]
    building_names: dict[str, str]
    upgrades_from: dict[str, str]
    cult_spaces: tuple[int, ...]
    cult_power: tuple[tuple[int, int], ...]
    town_power: int
    town_buildings: int
    bridges_per_faction: int
    starting_vp: int
    exchange_rates: dict[str, dict[str, int]]
    resource_aliases: dict[str, str]
    final_scoring: dict[str, tuple[int, ...]]
    original_map: str
    #: Map ids that are another map's terrain with a VP variant: (terrain's map, variant).
    vp_variant_maps: dict[str, tuple[str, str]]
    #: Starting VP by faction, by VP variant.
    vp_variants: dict[str, dict[str, int]]
    #: Every map's name by its id (the VP variants' ids too).
    map_names: dict[str, str]
    options: dict[str, str]
    extra_final_scoring: dict[str, str]
    #: Supplies besides the tiles: the Darklings' priests from workers, the Fakirs'
    #: carpet range, town keys.
    limited_supply: dict[str, int]


def _constants(raw: dict[str, Any]) -> Constants:
    return Constants(
        cults=tuple(raw["cults"]),
        terrain_wheel=tuple(raw["terrain_wheel"]),
        colour_aliases=dict(raw["colour_aliases"]),
        building_limits=dict(raw["building_limits"]),
        building_power=dict(raw["building_power"]),
        building_names=dict(raw["building_names"]),
        upgrades_from=dict(raw["upgrades_from"]),
        cult_spaces=tuple(raw["cult_spaces"]),
        cult_power=tuple(sorted((int(k), v) for k, v in raw["cult_power"].items())),
        town_power=raw["town_power"],
        town_buildings=raw["town_buildings"],
        bridges_per_faction=raw["bridges_per_faction"],
        starting_vp=raw["starting_vp"],
        exchange_rates={k: dict(v) for k, v in raw["exchange_rates"].items()},
        resource_aliases=dict(raw["resource_aliases"]),
        final_scoring={k: tuple(v) for k, v in raw["final_scoring"].items()},
        original_map=raw["original_map"],
        vp_variant_maps={
            k: (v["terrain"], v["vp"]) for k, v in raw.get("vp_variant_maps", {}).items()
        },
        vp_variants={k: dict(v) for k, v in raw.get("vp_variants", {}).items()},
        map_names=dict(raw["map_names"]),
        options=dict(raw["options"]),
        extra_final_scoring=dict(raw["extra_final_scoring"]),
        limited_supply=dict(raw["limited_supply"]),
    )


# --- factions -------------------------------------------------------------------


class Track(Record):
    """An advancing track: shipping, digging or tunnelling/carpet flight.

    ``cost``/``gain`` are per level (digging: price of one spade; teleport: price
    of one jump); ``advance_cost``/``advance_gain`` what moving up costs and yields.
    """

    level: int
    max_level: int
    advance_cost: Amounts = {}  # noqa: RUF012 - read-only
    advance_gain: tuple[Amounts, ...] = ()
    cost: tuple[Amounts, ...] = ()
    gain: tuple[Amounts, ...] = ()
    kind: str = ""


class BuildingSpec(Record):
    """A building type on a faction board: price, income by count, one-off gains."""

    cost: Amounts
    income: dict[str, tuple[int, ...]]
    gain: tuple[Amounts, ...] = ()
    subactions: Amounts | None = None
    #: VP at pass by the level of another track or building, while this one stands
    #: (the Ice Maidens' stronghold: by temples).
    pass_vp: dict[str, tuple[int, ...]] = {}  # noqa: RUF012 - read-only


class FactionSpec(Record):
    """One faction board: everything fixed about a faction before play starts."""

    name: str
    display: str
    color: str
    start: Amounts
    priest_cap: int
    setup_dwellings: str
    ship: Track
    dig: Track
    teleport: Track | None
    ranges: Amounts
    buildings: dict[str, BuildingSpec]
    exchange_rates: dict[str, dict[str, int]]
    special_mode: str | None
    special_enable_if: Amounts
    special_effects: dict[str, Amounts]
    leech_effect: dict[str, Amounts]
    fixed_transform_spades: int
    pass_vp_per_connecting_bridge: int
    can_connect_across_river: bool
    #: The faction's abilities its numbers cannot state, by hook point (abilities.py).
    hooks: dict[str, str]
    # Fire & Ice (see the comment above the Fire & Ice factions in factions.toml).
    #: The faction variant the board is from ("" for a base-game faction).
    variant: str = ""
    #: The board is the faction's released one (every base board; of a Fire & Ice
    #: faction, the first variant it lists), not a playtest version.
    release: bool = True
    board: str = ""
    pick_color: str = ""
    pick_color_field: str = "secondary"
    #: Less to pay for an action space, by space (the Yetis' power actions).
    discount: dict[str, Amounts] = {}  # noqa: RUF012 - read-only
    #: Power of a building for towns and offers where it is not the usual one.
    building_power: Amounts = {}  # noqa: RUF012 - read-only
    #: What a volcano terraform costs, on a home terrain of a faction and elsewhere.
    volcano_cost: dict[str, Amounts] = {}  # noqa: RUF012 - read-only
    #: Action spaces that work otherwise for this faction: ``subaction`` replaced,
    #: or ``forbid``.
    actions: dict[str, dict[str, Any]] = {}  # noqa: RUF012 - read-only
    #: False while this engine does not play the faction's abilities.
    #: False: the faction's colour is only that of its pieces, no home terrain (the
    #: Riverwalkers, who unlock terrains), for what costs more on a home terrain.
    home_terrain: bool = True
    # The variable factions (variable.py).
    #: Riverwalkers: what unlocking a terrain costs, on a home terrain of a faction in
    #: the game and elsewhere ("home", "not_home"); empty for every other faction.
    unlock_cost: dict[str, Amounts] = {}  # noqa: RUF012 - read-only
    #: False: nothing is in reach by direct adjacency, only across a river.
    direct_adjacency: bool = True
    #: Initial dwellings must touch a river.
    dwellings_by_river: bool = False


def _track(raw: dict[str, Any] | None) -> Track | None:
    if raw is None:
        return None
    return Track(
        level=raw.get("level", 0),
        max_level=raw.get("max_level", 0),
        advance_cost=dict(raw.get("advance_cost", {})),
        advance_gain=tuple(dict(g) for g in raw.get("advance_gain", ())),
        cost=tuple(dict(c) for c in raw.get("cost", ())),
        gain=tuple(dict(g) for g in raw.get("gain", ())),
        kind=raw.get("type", ""),
    )


def _faction(
    name: str,
    raw: dict[str, Any],
    base_rates: dict[str, dict[str, int]],
    variant: str = "",
    *,
    release: bool = True,
) -> FactionSpec:
    special = raw.get("special", {})
    rates = {k: dict(v) for k, v in base_rates.items()}
    for source, targets in raw.get("exchange_rates", {}).items():
        rates.setdefault(source, {}).update(targets)
    buildings = {
        kind: BuildingSpec(
            cost=dict(spec["cost"]),
            income={k: tuple(v) for k, v in spec.get("income", {}).items()},
            gain=tuple(dict(g) for g in spec.get("gain", ())),
            subactions=dict(spec["subactions"]) if "subactions" in spec else None,
            pass_vp={k: tuple(v) for k, v in spec.get("pass_vp", {}).items()},
        )
        for kind, spec in raw["buildings"].items()
    }
    ship = _track(raw["ship"])
    dig = _track(raw["dig"])
    assert ship is not None and dig is not None
    return FactionSpec(
        name=name,
        display=raw["display"],
        color=raw["color"],
        start=dict(raw["start"]),
        priest_cap=raw["priest_cap"],
        setup_dwellings=raw["setup_dwellings"],
        ship=ship,
        dig=dig,
        teleport=_track(raw.get("teleport")),
        ranges=dict(raw.get("ranges", {})),
        buildings=buildings,
        exchange_rates=rates,
        special_mode=special.get("mode"),
        special_enable_if=dict(special.get("enable_if", {})),
        special_effects={k: dict(v) for k, v in special.get("effects", {}).items()},
        leech_effect={k: dict(v) for k, v in raw.get("leech_effect", {}).items()},
        fixed_transform_spades=raw.get("fixed_transform_spades", 0),
        pass_vp_per_connecting_bridge=raw.get("pass_vp_per_connecting_bridge", 0),
        can_connect_across_river=raw.get("can_connect_across_river", False),
        hooks=dict(raw.get("hooks", {})),
        variant=variant,
        release=release,
        board=raw.get("board", ""),
        pick_color=raw.get("pick_color", ""),
        pick_color_field=raw.get("pick_color_field", "secondary"),
        discount={k: dict(v) for k, v in raw.get("discount", {}).items()},
        building_power=dict(raw.get("building_power", {})),
        volcano_cost={k: dict(v) for k, v in raw.get("volcano_cost", {}).items()},
        actions={k: dict(v) for k, v in raw.get("actions", {}).items()},
        home_terrain=raw.get("home_terrain", True),
        unlock_cost={k: dict(v) for k, v in raw.get("unlock_cost", {}).items()},
        direct_adjacency=raw.get("direct_adjacency", True),
        dwellings_by_river=raw.get("dwellings_by_river", False),
    )


def empty_seat_spec(name: str) -> FactionSpec:
    """The board of a seat whose player was dropped before choosing a faction
    (``drop-faction playerN``): no terrain, no resources, no buildings."""
    return FactionSpec(
        name=name,
        display="No faction",
        color="",
        start={},
        priest_cap=0,
        setup_dwellings="none",
        ship=Track(level=0, max_level=0),
        dig=Track(level=0, max_level=0),
        teleport=None,
        ranges={},
        buildings={},
        exchange_rates={},
        special_mode=None,
        special_enable_if={},
        special_effects={},
        leech_effect={},
        fixed_transform_spades=0,
        pass_vp_per_connecting_bridge=0,
        can_connect_across_river=False,
        hooks={},
    )


def _factions(raw: dict[str, Any], constants: Constants) -> dict[str, FactionSpec]:
    """The base game's factions (those without ``variants``)."""
    defaults = raw["defaults"]
    return {
        name: _faction(name, _merged(defaults, spec), constants.exchange_rates)
        for name, spec in raw.items()
        if name != "defaults" and "variants" not in spec
    }


def _variants(raw: dict[str, Any], constants: Constants) -> dict[str, dict[str, FactionSpec]]:
    """The Fire & Ice factions by faction variant: each variant's boards, the release
    table with the variant's ``[faction.variant.NAME]`` laid over it."""
    defaults = raw["defaults"]
    result: dict[str, dict[str, FactionSpec]] = {}
    for name, spec in raw.items():
        if name == "defaults" or "variants" not in spec:
            continue
        release = {k: v for k, v in spec.items() if k not in ("variants", "variant")}
        for variant in spec["variants"]:
            board = _merged(release, spec.get("variant", {}).get(variant, {}))
            result.setdefault(variant, {})[name] = _faction(
                name,
                _merged(defaults, board),
                constants.exchange_rates,
                variant,
                release=variant == spec["variants"][0],
            )
    return result


# --- tiles ----------------------------------------------------------------------


class ActionSpec(Record):
    """A power action or a faction/tile action space."""

    name: str
    cost: Amounts
    gain: Amounts
    subaction: Amounts
    dont_block: bool


class TileSpec(Record):
    """A bonus, favor, town or round scoring tile."""

    name: str
    kind: str
    option: str | None
    count: int
    gain: Amounts = {}  # noqa: RUF012 - read-only
    income: Amounts = {}  # noqa: RUF012 - read-only
    pass_vp: dict[str, tuple[int, ...]] = {}  # noqa: RUF012 - read-only
    build_vp: Amounts = {}  # noqa: RUF012 - read-only
    ship_bonus: int = 0
    # Round scoring tiles only:
    vp: Amounts = {}  # noqa: RUF012 - read-only
    mode: str = ""
    display: str = ""
    cult: str = ""
    req: int = 0


_DEFAULT_COUNTS = {"bonus": 1, "favor": 3, "town": 2, "scoring": 1}


def _actions(raw: dict[str, Any]) -> dict[str, ActionSpec]:
    return {
        name: ActionSpec(
            name=name,
            cost=dict(spec.get("cost", {})),
            gain=dict(spec.get("gain", {})),
            subaction=dict(spec.get("subaction", {})),
            dont_block=spec.get("dont_block", False),
        )
        for name, spec in raw["actions"].items()
    }


def _tiles(raw: dict[str, Any]) -> dict[str, TileSpec]:
    result: dict[str, TileSpec] = {}
    for kind, group in raw.items():
        if kind == "actions":
            continue
        for name, spec in group.items():
            result[name] = TileSpec(
                name=name,
                kind=kind,
                option=spec.get("option"),
                count=spec.get("count", _DEFAULT_COUNTS[kind]),
                gain=dict(spec.get("gain", {})),
                income=dict(spec.get("income", {})),
                pass_vp={k: tuple(v) for k, v in spec.get("pass_vp", {}).items()},
                build_vp=dict(spec.get("build_vp", {})),
                ship_bonus=spec.get("ship_bonus", 0),
                vp=dict(spec.get("vp", {})),
                mode=spec.get("mode", ""),
                display=spec.get("display", ""),
                cult=spec.get("cult", ""),
                req=spec.get("req", 0),
            )
    return result


# --- maps -----------------------------------------------------------------------


def map_id(terrain: str) -> str:
    """The id the online site gives a map: the SHA-1 of its terrain string."""
    return hashlib.sha1(" ".join(terrain.split()).encode()).hexdigest()


def _maps(files: dict[str, bytes]) -> dict[str, str]:
    result: dict[str, str] = {}
    for raw in files.values():
        terrain = " ".join(raw.decode("utf-8").split())
        result[map_id(terrain)] = terrain
    return result


# --- all of it, built once ------------------------------------------------------


#: The data files, shipped inside the package beside this module.
_DATA = Path(__file__).resolve().parent / "data"


_Tables = tuple[
    Constants,
    dict[str, FactionSpec],
    dict[str, ActionSpec],
    dict[str, TileSpec],
    dict[str, str],
    dict[str, dict[str, FactionSpec]],
]


def _load() -> _Tables:
    """The tables, from the copy on disk when the data and the code are unchanged.
    (The files' bytes are their key; they are parsed only to build the tables.)"""
    files = [(_DATA / name).read_bytes() for name in _TABLE_FILES]
    maps = {
        entry.name: entry.read_bytes()
        for entry in sorted((_DATA / "maps").iterdir())
        if entry.name.endswith(".txt")
    }
    inputs = b"\0".join([*files, *(k.encode() + v for k, v in maps.items())])

    def build() -> Any:
        from gamelog.core.data import read_toml  # its TOML parser only when building

        constants = _constants(read_toml(__package__, "constants.toml"))
        tile_data = read_toml(__package__, "tiles.toml")
        faction_data = read_toml(__package__, "factions.toml")
        return (
            constants,
            _factions(faction_data, constants),
            _actions(tile_data),
            _tiles(tile_data),
            _maps(maps),
            _variants(faction_data, constants),
        )

    return compiled.tables("components", inputs, build, records=_records)


def _records(kept: tuple[Any, ...]) -> _Tables:
    """The tables made records again from the plain values they are kept as (each
    record a tuple of its fields; a faction's tracks and buildings are records too)."""
    constants, factions, actions, tiles, maps, variants = kept
    ship, dig, teleport, buildings = (
        FactionSpec._fields.index(name) for name in ("ship", "dig", "teleport", "buildings")
    )

    def faction(fields: tuple[Any, ...]) -> FactionSpec:
        values = list(fields)
        values[ship] = Track(*values[ship])
        values[dig] = Track(*values[dig])
        if values[teleport] is not None:
            values[teleport] = Track(*values[teleport])
        values[buildings] = {k: BuildingSpec(*v) for k, v in values[buildings].items()}
        return FactionSpec(*values)

    return (
        Constants(*constants),
        {name: faction(fields) for name, fields in factions.items()},
        {name: ActionSpec(*fields) for name, fields in actions.items()},
        {name: TileSpec(*fields) for name, fields in tiles.items()},
        dict(maps),
        {
            variant: {name: faction(fields) for name, fields in boards.items()}
            for variant, boards in variants.items()
        },
    )


_TABLES = _load()
#: Game-wide figures, terrain and resource words, options (``data/constants.toml``).
CONSTANTS: Constants = _TABLES[0]
#: Every faction board of the box, by the name the logs use (``chaosmagicians``).
FACTIONS: dict[str, FactionSpec] = _TABLES[1]
#: Power actions and faction/tile action spaces by name (``data/tiles.toml``).
ACTION_SPACES: dict[str, ActionSpec] = _TABLES[2]
#: Every tile by name (BON1, FAV5, TW3, SCORE9, ...).
TILES: dict[str, TileSpec] = _TABLES[3]
#: Terrain strings of the maps shipped in ``data/maps``, by id.
MAPS: dict[str, str] = _TABLES[4]
#: The Fire & Ice faction boards by faction variant (``final_ice``, ...), then name.
FACTION_VARIANTS: dict[str, dict[str, FactionSpec]] = _TABLES[5]
#: Every faction name of the data: the base game's, then those of Fire & Ice.
ALL_FACTION_NAMES: tuple[str, ...] = (
    *FACTIONS,
    *dict.fromkeys(name for boards in FACTION_VARIANTS.values() for name in boards),
)

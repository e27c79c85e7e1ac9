"""The setup of the Fire & Ice factions: faction variants, which board a faction
gets, the colours it may share with nobody, ``pick-color``, and the extra setup
step after all factions are chosen.

As the site plays it (``jsnell/terra-mystica``):

* A Fire & Ice faction exists only in a faction variant. ``option
  fire-and-ice-factions/TYPE`` switches on ``final_TYPE``; the options become
  variants whenever a ``setup``, ``delete`` or ``randomize`` line is played, in the
  order ice, volcano, variable, variable_v2 ... variable_v5. An admin line
  ``faction-variant NAME`` adds NAME when it is read. A faction's board comes from
  the first variant in that list that has it.
* Each faction has tags (its colour, the board it shares, the colour it picked);
  a faction whose tags meet another one's cannot join, so two factions of one type
  (the same colour ``ice`` or ``volcano``, or the ``variable`` board) never play
  together, and a picked second colour keeps out the faction whose home it is.
* ``pick-color COLOUR``: the Ice Maidens, Yetis and variable factions may pick as
  soon as they are set up; the volcano factions only once all factions are set up.
  That step ("post-setup") exists only when the log has ``player`` lines: it comes
  when every player has a faction, and lasts while any faction still owes a colour
  pick or a favor tile (the Ice Maidens' first one). Without ``player`` lines the
  first ``build`` starts the initial dwellings at once, and the volcano factions
  never get their pick (the site then refuses their ``pick-color``).
* An initial dwelling on the picked colour turns the hex to the faction's colour.
"""

from __future__ import annotations

from gamelog.core.errors import IllegalMove, SetupError
from gamelog.games.terra_mystica.components import (
    ALL_FACTION_NAMES,
    CONSTANTS,
    FACTION_VARIANTS,
    FACTIONS,
    Amounts,
    FactionSpec,
)
from gamelog.games.terra_mystica.rulebook import (
    COLOUR_PICK_RULE,
    FACTION_VARIANTS_RULE,
    FACTIONS_OF_THE_BASE_GAME_RULE,
    FORBIDDEN_ACTIONS_RULE,
    ONE_FACTION_PER_COLOUR_RULE,
    PICK_COLOUR_AFTER_SETUP_RULE,
    SETUP_ORDER_RULE,
)
from gamelog.games.terra_mystica.state import Faction, TerraMysticaState

#: The options that switch on faction variants, in the order the engine adds them.
VARIANT_OPTIONS = tuple(
    f"fire-and-ice-factions/{kind}"
    for kind in ("ice", "volcano", "variable", *(f"variable_v{n}" for n in range(2, 6)))
)
#: Colours a faction may pick: the wheel, and ice (as the site allows).
PICKABLE = (*CONSTANTS.terrain_wheel, "ice")


def variant_of_option(option: str) -> str:
    """``fire-and-ice-factions/ice`` -> ``final_ice``."""
    return "final_" + option.rsplit("/", 1)[1]


def finalize(state: TerraMysticaState) -> None:
    """The options' variants added to the game's list (on setup, delete, randomize)."""
    options = state.options
    for option in VARIANT_OPTIONS:
        if option in options:
            variant = variant_of_option(option)
            if variant not in state.faction_variants:
                state.faction_variants.append(variant)
                state.fire_and_ice = True


def add_variant(state: TerraMysticaState, name: str) -> None:
    """``faction-variant NAME``."""
    key = name.lower()
    if key not in FACTION_VARIANTS:
        raise SetupError(
            f"there is no faction variant {name!r}",
            rule=FACTION_VARIANTS_RULE,
            facts=[f"known: {', '.join(FACTION_VARIANTS)}"],
        )
    if key not in state.faction_variants:
        state.faction_variants.append(key)
        state.fire_and_ice = True


def spec_for(state: TerraMysticaState, name: str) -> FactionSpec:
    """The board ``setup NAME`` gives: the first variant's that has the faction, else
    the base game's."""
    for variant in state.faction_variants:
        spec = FACTION_VARIANTS[variant].get(name)
        if spec is not None:
            break
    else:
        spec = FACTIONS.get(name)
    offering = [v for v, boards in FACTION_VARIANTS.items() if name in boards]
    if spec is None and offering and state.form == "ledger":
        # A site ledger does not record 'faction-variant' lines: a Fire & Ice faction
        # with none of its variants on gets its release board (the rows then tell).
        spec = FACTION_VARIANTS[offering[0]][name]
        state.fire_and_ice = True
    if spec is None:
        if offering:
            release = offering[0]
            option = next(o for o in VARIANT_OPTIONS if variant_of_option(o) == release)
            raise SetupError(
                f"{name} is a Fire & Ice faction, and no faction variant with it is on",
                rule=FACTION_VARIANTS_RULE,
                facts=[
                    f"switch it on before the setup with 'option {option}'"
                    + f" or 'faction-variant {release}'",
                    f"variants on: {', '.join(state.faction_variants) or 'none'}",
                ],
            )
        raise SetupError(
            f"unknown faction {name!r}",
            rule=FACTIONS_OF_THE_BASE_GAME_RULE,
            facts=[f"known: {', '.join(ALL_FACTION_NAMES)}"],
        )
    return spec


def _tags(color: str, board: str, secondary: str | None) -> set[str]:
    return {tag for tag in (color, board, secondary) if tag}


def check_conflicts(state: TerraMysticaState, spec: FactionSpec) -> None:
    """``spec``'s faction may join: no faction in the game shares a tag with it."""
    mine = _tags(spec.color, spec.board, None)
    for other in state.order:
        if other.dropped:
            continue
        shared = mine & _tags(other.color, other.spec.board, other.secondary_color)
        if shared:
            tag = sorted(shared)[0]
            if tag == other.color:
                message = f"{spec.name} cannot join: {other.name} already play {tag}"
            else:
                what = "picked colour" if tag == other.secondary_color else "board"
                message = f"{spec.name} cannot join: {other.name} already use {tag} (their {what})"
            raise SetupError(message, rule=ONE_FACTION_PER_COLOUR_RULE)


def on_setup(state: TerraMysticaState, f: Faction) -> None:
    """What a faction owes as soon as it is set up: a colour pick for those that
    pick then."""
    if f.spec.pick_color == "setup":
        f.r["PICK_COLOR"] = 1


# --- abilities the data states, played where the rules meet them -------------------------


def own_action(f: Faction, name: str, subaction: Amounts, cost: Amounts) -> tuple[Amounts, Amounts]:
    """An action space as ``f`` uses it: forbidden (Riverwalkers' spade actions),
    with other follow-ups (the volcano factions' spade actions give no terraform),
    for less (the Yetis' power actions, 1 PW cheaper)."""
    own = f.spec.actions.get(name)
    if own is not None:
        if own.get("forbid"):
            raise IllegalMove(
                f"{f.spec.display} may not use {name}",
                rule=FORBIDDEN_ACTIONS_RULE.format(faction=f.spec.display),
            )
        subaction = own.get("subaction", subaction)
    discount = f.spec.discount.get(name)
    if discount:
        cost = {k: v - discount.get(k, 0) for k, v in cost.items()}
    return subaction, cost


def is_home_terrain(state: TerraMysticaState, colour: str) -> bool:
    """Whether ``colour`` is the home terrain of a faction in the game (a volcano costs
    more there). The Riverwalkers' colour is only their pieces' (the site skips the
    factions that unlock terrains)."""
    return any(
        other.color == colour and other.spec.home_terrain and not other.empty_seat
        for other in state.order
    )


def reuse_facts(f: Faction, name: str) -> list[str]:
    """Why a used power action is closed to ``f`` (the Yetis reopen them with their
    stronghold)."""
    sh = f.spec.buildings.get("SH")
    if sh is not None and any("ALLOW_REUSE" in gain for gain in sh.gain):
        return [f"the {f.name} may take a power action already taken once they have their SH"]
    return []


# --- pick-color --------------------------------------------------------------------------


def pick_colour(state: TerraMysticaState, f: Faction, colour: str) -> None:
    wanted = CONSTANTS.colour_aliases.get(colour.lower(), colour.lower())
    if not f.r["PICK_COLOR"]:
        facts = []
        if f.spec.pick_color == "post-setup" and not state.post_setup_given:
            facts.append(f"{f.name} pick their colour once every faction is set up")
            if not state.players and not state.ledger_seats:
                facts.append(
                    "this log has no 'player' lines: without them the site never "
                    f"gives the {f.name} their colour pick"
                )
            raise IllegalMove(
                f"{f.name} cannot pick a colour yet",
                rule=PICK_COLOUR_AFTER_SETUP_RULE,
                facts=facts,
            )
        raise IllegalMove(
            f"{f.name} have no colour to pick", rule=COLOUR_PICK_RULE.format(faction=f.name)
        )
    if wanted not in PICKABLE:
        raise IllegalMove(
            f"{colour} is not a colour to pick",
            rule=COLOUR_PICK_RULE.format(faction=f.name),
            facts=[f"colours: {', '.join(PICKABLE)}"],
        )
    for other in state.order:
        if other.empty_seat:
            continue
        if other.color == wanted or (state.round == 0 and other.secondary_color == wanted):
            raise IllegalMove(
                f"{wanted} is not available: the {other.name} "
                + ("play it" if other.color == wanted else "picked it"),
                rule=ONE_FACTION_PER_COLOUR_RULE,
            )
    f.r["PICK_COLOR"] = 0
    state.ledger.force_finish = True
    if f.spec.pick_color_field == "color":
        _recolour(state, f, wanted)
    else:
        f.secondary_color = wanted
    if f.unlocked is not None:  # the Riverwalkers' first unlocked terrain (variable.py)
        f.unlocked.add(wanted)


def _recolour(state: TerraMysticaState, f: Faction, wanted: str) -> None:
    """The colour of ``f``'s pieces becomes ``wanted``: its buildings' hexes and its
    bridges with it."""
    old = f.color
    for where in f.locations:
        if state.colour.get(where) == old:
            state.colour[where] = wanted
    state.bridges = [(a, b, wanted if c == old else c) for a, b, c in state.bridges]
    for spaces in state.cult_spaces.values():  # its priests on the cult tracks
        for i, held in enumerate(spaces):
            if held == old:
                spaces[i] = wanted
    if state.by_colour.get(old) is f:
        del state.by_colour[old]
    state.by_colour[wanted] = f
    f.color = wanted


def initial_dwelling_colour(state: TerraMysticaState, f: Faction, where: str) -> bool:
    """An initial dwelling on ``f``'s picked colour: the hex becomes ``f``'s colour
    (True), without terraforming."""
    if f.secondary_color is not None and state.colour[where] == f.secondary_color:
        state.colour[where] = f.color
        return True
    return False


# --- the setup steps after faction selection (the steps themselves: phases.py) -------------


def owed_in_setup(state: TerraMysticaState) -> list[str]:
    """What keeps the setup from the initial dwellings, one fact per faction."""
    facts = []
    for f in state.order:
        owed = []
        if f.r["PICK_COLOR"]:
            owed.append(f"a colour ('{f.name}: pick-color COLOUR')")
        if f.r["GAIN_FAVOR"]:
            owed.append(f"a favor tile ('{f.name}: +FAVn')")
        if owed:
            facts.append(f"{f.name} still owe {' and '.join(owed)}")
    return facts


def check_setup_done(state: TerraMysticaState) -> None:
    """An initial dwelling waits for the colour picks and favor tiles of the setup."""
    if state.phase == "post-setup":
        raise IllegalMove(
            "the initial dwellings come after the colour picks and starting favor tiles",
            rule=SETUP_ORDER_RULE,
            facts=owed_in_setup(state),
        )

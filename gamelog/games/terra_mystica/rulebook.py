"""The wording of every Terra Mystica rule an error cites.

Errors name the rule they break (``rule:`` under the message); keeping the
wording here, in one place, keeps it the same wherever the rule is checked.
Rules whose wording depends on the case (a faction, a track, a terrain) are
templates, filled in with ``str.format`` where they are cited.
"""

from __future__ import annotations

# --- the log and its setup ------------------------------------------------------------

KNOWN_FACTION_RULE = "a faction line names a faction set up with 'setup FACTION'"
ENGINE_ROWS_RULE = "income, final scoring and effect rows are not typed"
FIRE_AND_ICE_COMMANDS_RULE = (
    "colour picks, terrain unlocks and token trades belong to Fire & Ice factions"
)
FACTIONS_OF_THE_BASE_GAME_RULE = "the 14 factions of the base game (and 6 of Fire & Ice)"
KNOWN_OPTIONS_RULE = "options the online engine accepts"
FIRE_AND_ICE_FINAL_SCORING_RULE = "Fire & Ice final scoring tiles"
SETUP_ORDER_RULE = "setup order"
KNOWN_MAPS_RULE = "maps are terrain files in the game's data/maps folder, named by their id"
RANDOM_SETUP_NEEDS_PLAYERS_RULE = (
    "the random setup depends on the players: a 'player NAME' line for each "
    "comes before 'randomize'"
)
ONE_FACTION_EACH_RULE = "each faction plays once"
ONE_FACTION_PER_COLOUR_RULE = "each terrain colour belongs to one faction"
FACTION_VARIANTS_RULE = (
    "Fire & Ice factions play only in a faction variant switched on before their setup "
    "('option fire-and-ice-factions/TYPE' or 'faction-variant NAME')"
)
#: {faction}: the faction picking.
COLOUR_PICK_RULE = "the {faction} pick one wheel colour (or ice), once"
#: {faction}: the display name of the faction.
FORBIDDEN_ACTIONS_RULE = "the {faction} may not use the spade actions BON1, ACT5 and ACT6"
PICK_COLOUR_AFTER_SETUP_RULE = (
    "the volcano factions pick their colour after every faction is set up "
    "(a step that only logs with 'player' lines have)"
)

# --- round scoring tiles ----------------------------------------------------------------

SIX_ROUNDS_RULE = "the game has six rounds, each with one scoring tile"
ONE_TILE_PER_ROUND_RULE = "one round scoring tile per round"
ONE_COPY_OF_EACH_SCORING_TILE_RULE = "the six round scoring tiles are drawn from one copy of each"
SCORING_TILES_RULE = "scoring tiles SCORE1-SCORE9"
OPTIONAL_TILES_RULE = "optional tiles"
SCORING_TILES_BEFORE_PLAY_RULE = (
    "the six round scoring tiles are set before play ('score SCOREa,...,SCOREf')"
)

# --- dropped factions -------------------------------------------------------------------

DROPPED_BY_THE_ADMIN_RULE = "factions are dropped by the admin (or resign themselves)"
PLAYERS_DROPPED_BY_THE_ADMIN_RULE = (
    "players are dropped by the admin (a faction can only resign itself)"
)
DROP_NAMES_A_FACTION_RULE = (
    "drop-faction names a faction in the game, or playerN for a player who has not chosen one"
)
DROPPED_ONCE_RULE = "a faction is dropped once"
DROP_PLAYER_BEFORE_CHOOSING_RULE = (
    "drop-faction playerN is for a player who has not chosen a faction; later, drop the "
    "faction by name"
)
DROP_PLAYER_COUNTS_PLAYER_LINES_RULE = (
    "drop-faction playerN counts the players of the 'player NAME' lines (in seat order)"
)
DROP_PLAYER_CHOOSING_NOW_RULE = (
    "players choose factions in seat order; the player dropped before choosing is the one "
    "whose turn it is"
)
EMPTY_SEAT_RULE = "an empty seat takes no turns"
DROPPED_FACTION_RULE = "a dropped faction takes no more turns and answers no power offers"

# --- turns, phases, rounds --------------------------------------------------------------

SETUP_SEQUENCE_RULE = "setup is initial dwellings in snake order, then bonus tiles in reverse order"
ONE_ACTION_PER_TURN_RULE = "one action per turn (free actions aside)"
ACTION_PHASE_RULE = "actions happen in turns during the action phase"
TURN_ORDER_RULE = "factions act one at a time in turn order"
INCOME_BEFORE_THE_ROUND_RULE = "income comes before the round"
INCOME_AFTER_PASSING_RULE = "income comes after every faction has passed"
GAME_END_RULE = "the game ends after round 6"
PASS_TAKES_A_BONUS_TILE_RULE = "passing takes a bonus tile"
BONUS_TILE_AVAILABLE_RULE = "a bonus tile in play and not held by another faction"
PASSING_TAKES_A_NEW_TILE_RULE = "a passing faction takes a new bonus tile"
DONE_AFTER_AN_ACTION_RULE = "'done' ends a turn after its action"

# --- the map, range and terraforming ------------------------------------------------------

HEX_NAMES_RULE = "hexes are named by row letter and number"
LAND_HEXES_RULE = "only land hexes can be built on"
REACH_RULE = "a faction builds and terraforms next to its buildings, or within shipping range"
ONE_JUMP_PER_TURN_RULE = "tunnelling or carpet flight reaches one hex per turn"
#: {terrain}: ice or volcano.
NOT_TERRAFORMABLE_RULE = "{terrain} cannot be terraformed"
SANDSTORM_RULE = "the sandstorm turns a hex directly next to an own building (not over a bridge)"
TERRAFORMING_CHANGES_TERRAIN_RULE = "terraforming changes the terrain"
EMPTY_HEXES_TERRAFORMED_RULE = "only empty hexes can be terraformed"
SPADE_PER_STEP_RULE = (
    "each step on the terrain wheel costs a spade; get spades with 'dig N' or a spade action first"
)
LEFTOVER_SPADES_GO_HOME_RULE = "spades left over after a non-home terraform go to home terrain"
DUG_SPADES_ON_ONE_HEX_RULE = "spades dug for a non-home terraform must all be used on that hex"
DUG_SPADES_USED_RULE = "dug spades must be used in the same action"
#: {faction}: the display name of the volcano faction.
VOLCANO_COST_RULE = (
    "the {faction} make a volcano with the terraform 'dig 1' gives, paying their board's "
    "price (more on a home terrain of a faction)"
)
LOSE_CULT_STEPS_RULE = "cult steps owed for a volcano are lost all on one track ('-3FIRE')"
SPADE_COST_RULE = "spades cost workers by the digging level (Darklings: priests)"

# --- buildings, bridges, towns --------------------------------------------------------------

ONE_BUILDING_PER_HEX_RULE = "one building per hex"
TERRAFORM_BEFORE_DWELLING_RULE = "all terraforming of an action comes before its dwelling"
FREE_DWELLING_ON_HOME_TERRAIN_RULE = "this free dwelling goes on home terrain without terraforming"
INITIAL_DWELLINGS_ON_HOME_TERRAIN_RULE = "initial dwellings go on home terrain"
SETUP_PLACES_DWELLINGS_RULE = "setup places dwellings only"
UPGRADES_RULE = "upgrades: TP, TE, SH, SA"
OWN_BUILDINGS_UPGRADED_RULE = "a faction upgrades its own buildings"
UPGRADE_PATH_RULE = "D -> TP -> TE -> SA, TP -> SH"
BUILDING_SUPPLY_RULE = "building supply is limited"
BRIDGE_FROM_AN_ACTION_RULE = "a bridge is placed by the power action ACT1 (or the Engineers' ACTE)"
BRIDGE_TOUCHES_OWN_BUILDING_RULE = "a bridge must touch an own building"
THREE_BRIDGES_RULE = "each faction has three bridges"
BRIDGE_SPANS_ONE_RIVER_HEX_RULE = "a bridge spans one river hex between two land hexes"
RIVER_TOWNS_RULE = "only the Mermaids may found a town across one river hex"
RIVER_CONNECTION_FOUNDS_A_TOWN_RULE = "a river connection must complete a town"

# --- priests, cults, conversions, power --------------------------------------------------------

PRIEST_SPACES_RULE = "each track has one 3-space and three 2-spaces; 'for 1' always works"
PRIEST_TO_CULT_RULE = "sending to a cult track costs a priest"
#: {faction}: the display name of the faction that may still get there first.
WAIT_FOR_CULT_STEPS_RULE = (
    "the {faction} may reach 10 first with steps they are still owed; "
    "use 'wait' until they have chosen"
)
CULT_STEPS_GIVEN_BACK_RULE = (
    "cult steps are only given back to fix a town-tile step (staying at 7 or more)"
)
STEPS_ON_ONE_TRACK_RULE = "the Auren stronghold action gives two steps on the same track"
CONVERT_DURING_A_TURN_RULE = "convert during a turn"
PRIESTS_FROM_WORKERS_RULE = "the Darklings' stronghold converts up to 3 W to 3 P once"
EXCHANGE_RATES_RULE = (
    "exchange rates: 1 PW->1 C, 3 PW->1 W, 5 PW->1 P, 1 W->1 C, 1 P->1 W or C, 3 C->1 VP"
)
#: {source}, {target}: resources; {rate}: how many of the source make one.
EXCHANGE_RATE_RULE = "{source} converts to {target} at {rate}:1"
BURNING_RULE = "burning moves one token to bowl III and removes another from bowl II"
POWER_FROM_BOWL_III_RULE = "power actions are paid from bowl III"
SPENT_POWER_FROM_BOWL_III_RULE = "spent power comes from bowl III"
POWER_TOKENS_RULE = "power tokens"
POWER_TOKENS_HELD_RULE = "a faction cannot give up power tokens it does not have"

# --- actions and tracks -------------------------------------------------------------------

ACTIONS_RULE = (
    "actions: ACT1-ACT6, ACTA, ACTC, ACTE, ACTG, ACTN, ACTS, ACTW, BON1, BON2, FAV6, "
    "and the Shapeshifters' ACTH1-ACTH6"
)
ACTION_HOLDERS_RULE = "faction actions come with the stronghold; tile actions with the tile"
ACTION_SPACE_ONCE_RULE = "each action space is used once per round"
#: {faction}, {track} (shipping or digging), {level}: the track's top level.
TRACK_TOP_RULE = "{faction} {track} goes up to {level}"

# --- resources and tiles --------------------------------------------------------------------

CANNOT_SPEND_MORE_RULE = "a faction cannot spend what it does not have"
FULL_COST_RULE = "a faction pays the full cost of what it does"
LIMITED_SUPPLY_RULE = "tiles and tokens come from a limited supply"
KNOWN_RESOURCES_RULE = "resources the game knows"
FAVOR_TILE_ONCE_RULE = "a faction may hold each favor tile only once"
FAVOR_TILES_FROM_TEMPLES_RULE = "favor tiles come with a temple or sanctuary"
TOWN_TILE_FROM_A_TOWN_RULE = "a town tile comes with a new town (7 power in 4 connected buildings)"
FREE_GAINS_OWED_RULE = "free gains are only for what an action or tile grants"

# --- power offers ---------------------------------------------------------------------------

LEECH_ONLY_OFFERED_RULE = "a faction can only accept power it was offered"
LEECH_AT_MOST_OFFERED_RULE = "a faction can accept at most the power it was offered"
STRICT_LEECH_ORDER_RULE = (
    "with strict-leech, offers are answered in the order they were made, "
    "before converting resources"
)
DECLINE_ONLY_OFFERED_RULE = "a faction can only decline power it was offered"

# --- the ledger -------------------------------------------------------------------------------

LEDGER_ROWS_FROM_COMMANDS_RULE = "every ledger row comes from the commands before it"
LEDGER_ROW_ORDER_RULE = "rows follow the order in which the engine settles each command"
LEDGER_ROW_COMMANDS_RULE = "a row collects one faction's commands until its turn fragment ends"
LEDGER_STATE_RULE = "the ledger's state after each row must be what the rules compute"

# --- Fire & Ice: the variable factions (variable.py) ----------------------------------------

UNLOCKED_TERRAIN_ONLY_RULE = (
    "the Riverwalkers build only on terrains they have unlocked (their colour, then one "
    "more for each priest gained), and never terraform"
)
INITIAL_DWELLINGS_BY_A_RIVER_RULE = "the Riverwalkers' initial dwellings touch a river"
UNLOCK_FROM_PRIESTS_RULE = (
    "the Riverwalkers unlock a terrain (or take the priest) for each priest they gain"
)
UNLOCK_NEW_TERRAIN_RULE = "a terrain is unlocked once: one of the seven wheel colours"
NO_DIGGING_RULE = "the Riverwalkers have no digging: they cannot dig, and spades they gain are lost"
TOKEN_FOR_VP_AFTER_ACCEPTED_POWER_RULE = (
    "the Shapeshifters may buy a power token in bowl III for 1 VP each time an opponent "
    "accepts power from them (not in the first variant, which gives the token)"
)
SHAPESHIFTS_LEFT_RULE = "the Shapeshifters change their terrain only as often as the variant allows"

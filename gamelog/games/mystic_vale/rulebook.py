"""The wording of every Mystic Vale rule an error cites, in the rule text's terms.

Errors name the rule they break (``rule:`` under the message); keeping the
wording here, in one place, keeps it the same wherever the rule is checked. The
figures in it (2 advancements a turn, 4 decay, 6 Fertile Soil a position, 18
vales a level) are the box's, from components.py.
"""

from __future__ import annotations

from gamelog.games.mystic_vale.components import SUPPLY, TURN

# --- turns and planting ---------------------------------------------------------

TURN_ORDER_RULE = "players take turns clockwise from the first player, who never changes"
DECK_RULE = "a sleeve can only be turned face up from the top of the deck"
RESHUFFLE_RULE = (
    "when the deck is empty the discard pile is shuffled into a new deck; "
    "with both empty nothing can be turned up"
)
SPOIL_RULE = (
    f"after a push, {TURN['spoil_at']} or more decay in the field and on the on-deck card, "
    "each growth in the field cancelling one, is a spoil: planting ends, no harvest"
)

# --- the harvest ----------------------------------------------------------------

NO_HARVEST_RULE = "a spoiled turn skips the harvest: nothing is bought, gained or spent"
ADVANCEMENTS_RULE = f"a player buys at most {TURN['advancements_per_turn']} advancements per turn"
VALES_RULE = f"a player buys at most {TURN['vales_per_turn']} vale cards per turn"
MANA_RULE = "advancements are paid with the mana of the field's cards (plus the active mana token)"
SPIRITS_RULE = "vales are paid with the field's spirits; a purple spirit counts as any one colour"
SLOT_RULE = (
    "a bought advancement is sleeved into a card of this turn's field, "
    "into a free slot of its position"
)
SLEEVE_NAMED_RULE = (
    "a sleeve named by a card on it ('into Fertile Soil') is the one card of this turn's "
    "field that holds that card; otherwise it is named by its number"
)
TOKEN_RULE = (
    "the mana token taken at the start may be spent once for 1 mana; a spoil turns it active again"
)
ABILITY_RULE = (
    "only cards in the field (not the on-deck card) and vales bought on an earlier turn "
    "have abilities this turn"
)
FINAL_RULE = (
    "an end-game effect comes from a card its player owns at the end: an advancement on "
    "one of their 20 cards or one of their vales"
)
CARD_KNOWN_RULE = "every card a log names must be defined (card catalogue or header)"
POSITION_RULE = (
    "an advancement is named with a position it is printed for (top, middle or bottom), "
    "which may be left out when it is printed for one only"
)

# --- the market and the supply -------------------------------------------------------

MARKET_RULE = "a card can only be bought while it lies face up in the market"
VALE_MARKET_RULE = "a vale can only be bought while it lies face up"
REFILL_RULE = (
    "at the end of a turn the market is filled up, each empty slot from its own level's "
    "deck; once the Level I deck is empty from Level II, once that is empty from Level III; "
    "vales from their own level"
)
REFILL_NAMED_RULE = "the log names each card revealed into the market ('refill NAME POSITION')"
SUPPLY_RULE = "each level has a limited number of cards"
FERTILE_SUPPLY_RULE = (
    f"the Fertile Soil supply has {SUPPLY['fertile_soil_per_position']} cards for each position"
)
VALE_SUPPLY_RULE = f"there are {SUPPLY['vale_deck_per_level']} vale cards of each level"

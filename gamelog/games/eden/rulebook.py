"""The figures of Eden's rules and the wording of each rule an illegal move can break.

Kept in one place so that messages, the cheat-sheet and the tests all say the
same thing.
"""

from __future__ import annotations

INCOME_PER_RED_POINT = 5
COST_PER_RAISED_FIELD = 10
SELL_PER_FIELD = 10
BUY_BASE_PRICE = 10
BUY_PER_FIELD = 10
MINIMUM_BID = 10
MINIMUM_RAISE = 5
WINNING_POINTS = 20
DRAW_BELOW = 5
MAX_IRRIGATION_CARDS = 2
MAX_ATTACKING_CARDS = 2

TURN_ORDER = "turns go clockwise, in the order of the players line"
INCOME = (
    "each turn you receive 5 mana per red fertility point on your landscape cards; "
    "if your turn has ended and you have forgotten your income, you receive nothing afterwards"
)
ONE_ACTION = "each turn: play 1 or 2 irrigation cards, or 1 cultivation card, or pass"
IRRIGATION = "an irrigation card waters its own field, which must be empty (one card per field)"
HAND = "you play cards from your hand"
SUPPLY = "you place only landscape cards you have left (double-sided 1/2 and 3/4 cards)"
MANA = "mana never goes below zero: you pay only what you have"
CONQUEST_TIMING = "a land conquest must take place immediately after placing an irrigation card"
CONQUEST_CARDS = (
    "you attack with the card just placed and at most one more of your cards bordering it"
)
CONQUEST_TARGETS = "you may attack only cards of one fellow player that border an attacking card"
MINIMUM_BID_RULE = "the minimum bid is 10 mana per fertility point of the opponent"
MINIMUM_RAISE_RULE = "a raise must outbid the bid placed by at least 5 mana"
BIDDING_ORDER = "the attacker bids first; then each side in turn raises or accepts"
PAYABLE_BID = (
    "the highest bidder pays the bid times the other side's fertility points; "
    "a bid the bidder cannot pay is illegal"
)
ACCEPTANCE = "the attack ends as soon as one player accepts the bid of their opponent"
SHAPE = "the fields must form the card's shape; the card may be rotated but not mirrored"
OWN_FIELDS = "the area to be increased may consist only of your own landscape cards"
LOWEST_ONLY = "only the fields of the lowest value in the area are raised, each by one"
HIGHEST_VALUE = "landscape cards have values 1 to 4"
CULTIVATION_COST = "each raised field costs 10 mana"
BUYING = "you may buy the face-up cultivation cards at the bank for 10 mana plus 10 per field shown"
BOUGHT_CARD = "a card bought this turn may be played only if no card has been played yet"
DRAWING = "at the end of the turn you draw 1 card, and only if you hold fewer than 5"
DRAW_ENDS_TURN = "drawing a card is the last part of a turn"
GAME_END = "the game ends the moment a player has 20 fertility points on the board"
#: A line after the end of the game, in the words the replay driver uses for a move
#: after the end (gamelog/core/replay.py), so that a turn's second line reads alike.
AFTER_THE_END = "the game is already over; no move may follow"
NO_MOVE_AFTER_THE_END = "no move is played after the end of the game"

"""The wording of every Mystical Seeds rule an error cites, in the rule text's own
terms, and the rules' figures that are not component data.

An IllegalMove carries one of these as ``rule`` so that a report says which
rule was broken, separately from the facts of the position; keeping the wording
here keeps it the same wherever the rule is checked.
"""

#: The spaces of a Knowledge track (a fairy at the top is on space 9).
TRACK_LENGTH = 9
#: Prestige that ends the game at the start of a round.
PRESTIGE_TO_END = 10

#: The largest count a log may state of pieces in the Garden, a deck or a pile, and
#: the largest prestige of a plant card: the rule text gives none of these figures,
#: and no box holds a hundred of anything.
MOST = 99
#: The Laboratory boards a ``lab:`` line may declare.
LAB_CIRCLES = (3, 20)
LAB_TILE_SPACES = 20

TURN_ORDER = "players take turns clockwise, beginning with the starting player"
PLAYERS = "only the players named in the header take turns"
FIRST_PLAYER = "the starting player is one of the players"
CARD_PLAYER = "each player picks a Starting Resource card"
PHASES = "a turn is the Inspiration phase, then the action, then the cleanup"
ONE_ACTION = "in the action phase a player must choose exactly one action"
LAB = "seeds sit in the circles of the Laboratory board, one per circle"
LAB_BOARD = (
    f"a Laboratory board has {LAB_CIRCLES[0]} to {LAB_CIRCLES[1]} circles joined by lines "
    f"and at most {LAB_TILE_SPACES} Knowledge-tile spaces (6 circles and 6 spaces as printed)"
)
COUNTED_ONCE = "a header line counts each colour, plant deck or tile pile once"
COUNTS = (
    f"a log counts pieces (seeds in the Garden, cards in a deck, tiles in a pile) and "
    f"prestige on a card from 0 to {MOST}: the rule text gives no larger figure"
)
SUPPLY = "seeds are limited; a colour that has run out cannot be taken"
COLLECT = (
    "collect seeds: tap a fairy, take as many seeds of its location as fairies stand "
    "there, place them clockwise from the lab fairy, experiment, move the fairy on"
)
EXPERIMENT = "collecting seeds includes the experiment of the tapped fairy"
DUPLICATE = "Duplicate: copy a Level 1 or Level 2 seed into a circle joined to it by a line"
UPGRADE = (
    "Upgrade: a Level 1 seed becomes a Level 2 seed containing its colour "
    "(Level 2 to brown only with the Knowledge tile)"
)
GRAFT = (
    "Graft: merge two seeds joined by a line (two different Level 1 colours, or a "
    "Level 1 with a Level 2); the result goes in one of their circles"
)
POTION = "a potion is discarded to perform one Garden fairy action"
EXCHANGE = "exchange three identical seeds for a Level 1 seed in an empty circle"
CULTIVATE = (
    "cultivate a plant by trading in the seeds it shows (brown for any, orange for red "
    "or yellow, green for yellow or blue, purple for red or blue)"
)
TRACK_ADVANCE = (
    "advance one space per seed shown: a Level 2 seed on one of its two colours' "
    "tracks, a Level 3 seed on any track"
)
NINTH = "only one fairy may enter the ninth space of each track"
TILES = "a fairy entering space 3 or 6 may take a Knowledge tile beside that space"
TILE_SPACES = "a Knowledge tile needs a free tile space on the Laboratory board"
REFILL_RESEARCH = "after a cultivation the Research Area is refilled to 3 + 3 plant cards"
REFILL_SHELF = "Knowledge tiles taken are replaced from their pile in the cleanup"
DECKS = "plant decks and tile piles that run out are not replenished"
CARD_NAMES = "a plant card's name stands for one card throughout the log"
TILE_GATHER = "Gather tile: before each Graft take a Level 1 seed from the Graft fairy's area"
TILE_STUDY = "Study tile: before each Graft advance a fairy that is lowest on the tracks"
TILE_TOPDECK = "Top deck tile: a cultivation may take the top card of a plant deck"
TILE_PLANT = "a plant tile is cultivated by its holder in the Inspiration phase"
TILE_SCHOLAR = "Scholar tile: each cultivation may advance one space on any track"
TILE_HARVEST = "Harvest tile: each cultivation gains a Level 2 seed of the player's choice"
TILE_SUN = "Sun tile: in the Inspiration phase the sun fills its circle or upgrades its seed"
TILE_X = "X tokens: plant cards under an X token cannot be cultivated"
TILE_DRAW = "Draw three: keep one of three Level II tiles, the others go under the pile"
TILE_SWAP = "Swap: move back two spaces on one track to advance two on another"
TILE_EFFECT = "a Knowledge tile's effect is applied as the tile says"

"""Mystic Vale's rules worked out a second way, for the conformance suite's invariants
(``conformance.py`` declares them; tests/conformance/test_invariants.py runs them).

Each check recounts a fact from the rules text and the cards themselves, without the
engine's bookkeeping: a harvest's mana, spirits and VP from the symbols of the field's
cards, the VP tokens from the pool the player count gives, the end from the empty pool
and the finished round, the score from the tokens, the grey VP on the cards and the
vales. The figures are the rules text's, written here again on purpose.
"""

from __future__ import annotations

from collections.abc import Sequence

from gamelog.core.conformance import Invariant, StepInvariant
from gamelog.core.game import Event
from gamelog.games.mystic_vale.moves import BuyAdvancement, BuyVale, Gain, SpendToken, Turn
from gamelog.games.mystic_vale.scoring import score_sheet
from gamelog.games.mystic_vale.state import GameState, PlayerState

#: "VP token pool: 2 players 23 VP, 3 players 28 VP, 4 players 33 VP."
POOL = {2: 23, 3: 28, 4: 33}
#: "The mana token taken at the start may be spent once as one mana."
TOKEN_MANA = 1
COLOURS = ("green", "yellow", "brown")


def _cards(player: PlayerState, sleeve: int) -> list:  # type: ignore[type-arg]
    return [card for card in player.slots[sleeve] if card is not None]


def _field(move: Turn) -> list[int]:
    """The sleeves pushed into the field: all turned up but the last, which stays on
    deck (all of them when the deck ran out: 'empty')."""
    sleeves = [reveal.sleeve for reveal in move.reveals]
    return sleeves if move.exhausted else sleeves[:-1]


def harvest_of_the_turn(
    before: GameState, after: GameState, move: Turn, events: Sequence[Event]
) -> str | None:
    """A harvest pays its advancements with the mana of the field's cards (the
    on-deck card gives only its decay), what abilities gain and the token's 1; its
    vales with the field's spirits (a purple one counts as any colour); and it takes a
    VP token for every coloured VP in the field, and what abilities gain. A spoiled
    turn buys and takes nothing."""
    seat = before.seat
    player, later = before.players[seat], after.players[seat]
    taken = later.vp_pool + later.vp_box - player.vp_pool - player.vp_box
    if move.outcome == "spoil":
        return None if taken == 0 else f"line {move.line} spoiled but took {taken} VP"
    cards = [card for sleeve in _field(move) for card in _cards(player, sleeve)]
    gains = [action for action in move.actions if isinstance(action, Gain)]
    mana = sum(card.symbols.mana for card in cards) + sum(g.mana for g in gains)
    if any(isinstance(action, SpendToken) for action in move.actions):
        mana += TOKEN_MANA
    spent = 0
    for action in move.actions:
        if isinstance(action, BuyAdvancement):
            card = before.catalogue.advancement(action.card)
            spent += card.cost if card is not None else 0
    if spent > mana:
        return f"line {move.line} bought advancements for {spent} mana; its field gives {mana}"
    shortfall = _spirits_short(before, move, cards, gains)
    if shortfall:
        return f"line {move.line} bought vales {shortfall}"
    vp = sum(card.symbols.vp for card in cards) + sum(g.vp for g in gains)
    if taken != vp:
        return f"line {move.line} took {taken} VP; the field's coloured VP and gains are {vp}"
    return None


def _spirits_short(before: GameState, move: Turn, cards: list, gains: list[Gain]) -> str | None:  # type: ignore[type-arg]
    have = {colour: sum(getattr(card.symbols, colour) for card in cards) for colour in COLOURS}
    purple = sum(card.symbols.purple for card in cards)
    for gain in gains:
        for colour, amount in gain.spirits:
            if colour == "purple":
                purple += amount
            elif colour in have:
                have[colour] += amount
    need = dict.fromkeys((*COLOURS, "any"), 0)
    for action in move.actions:
        if isinstance(action, BuyVale):
            vale = before.catalogue.vale(action.card)
            for colour, amount in vale.cost.items() if vale is not None else ():
                need[colour] += amount
    missing = sum(max(0, need[c] - have[c]) for c in COLOURS)
    if missing > purple:
        return f"needing {need}, with {have} and {purple} purple"
    spare = sum(max(0, have[c] - need[c]) for c in COLOURS) + purple - missing
    if need["any"] > spare:
        return f"needing {need['any']} spirits of any colour, with {spare} to spare"
    return None


def tokens_of_the_pool(state: GameState) -> str | None:
    """The pool holds 23, 28 or 33 VP tokens by player count; what the players took
    and what is left make it up (tokens from the box once it is empty are extra)."""
    size = POOL[len(state.players)]
    taken = sum(player.vp_pool for player in state.players)
    if taken + state.vp_pool != size:
        return f"{taken} tokens taken and {state.vp_pool} left, of a pool of {size}"
    if any(player.vp_box for player in state.players) and state.vp_pool:
        return f"tokens came from the box with {state.vp_pool} still in the pool"
    return None


def the_end(state: GameState) -> str | None:
    """ "The game continues until the VP token pool is empty; the round is then played
    to its end": over exactly when the pool is empty and the last seat has played."""
    seats = len(state.players)
    round_done = state.turn_number > 0 and state.turn_number % seats == 0
    due = state.vp_pool == 0 and round_done
    if state.finished != due:
        said = "over" if state.finished else "not over"
        return (
            f"the game is {said} after {state.turn_number} turns with {state.vp_pool} VP "
            "in the pool"
        )
    return None


def score_from_the_cards(state: GameState) -> str | None:
    """The total: VP tokens, every grey VP on the 20 cards, the vales' VP, and (at the
    end) the end-game effects the log states."""
    sheet = score_sheet(state)
    finals = state.final_effects()
    for player in state.players:
        grey = sum(
            card.symbols.grey
            for sleeve in range(len(player.slots))
            for card in _cards(player, sleeve)
        )
        vales = sum(owned.card.vp for owned in player.vales)
        effects = sum(f.vp for f in finals if f.player == player.name)
        expected = player.vp_pool + player.vp_box + grey + vales + effects
        if sheet.total(player.name) != expected:
            return f"{player.name}: the sheet says {sheet.total(player.name)}, the cards {expected}"
        if sheet.breakdown(player.name).get("grey VP on cards") != grey:
            return f"{player.name}: {grey} grey VP on the cards, the sheet's row differs"
    return None


INVARIANTS = (
    Invariant("the VP tokens of the pool", tokens_of_the_pool),
    Invariant("the end: the pool empty, the round over", the_end),
    Invariant("the score from the tokens, the cards and the vales", score_from_the_cards),
)
STEP_INVARIANTS = (
    StepInvariant("a harvest's mana, spirits and VP from the field's cards", harvest_of_the_turn),
)

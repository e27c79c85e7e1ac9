"""Mystic Vale rules one by one, on short logs (some with a prepared position)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from gamelog.core.errors import GamelogError, IllegalMove, NotationError, SetupError
from gamelog.core.game import Event
from gamelog.core.notation import normalise
from gamelog.core.replay import replay
from gamelog.games import find
from gamelog.games.mystic_vale.state import GameState

GAME = find("mystic-vale")
SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "mystic_vale"

CARDS = """\
advancement Dew Sprite: level I, cost 2, 1 mana, 1 growth
advancement Thorn Bloom: level I, cost 2, top, 1 decay, 1 growth
advancement Leaf Warden: level I, cost 3, 1 green, guardian, 1 grey
advancement Wild Bloom: level I, cost 4, 1 purple, 1 growth
advancement Elder Root: level II, cost 5, 2 grey, 2 growth
advancement Grove Keeper: level II, cost 5, 2 vp, 1 green
advancement Crown: level III, cost 8, 3 vp, 2 grey
vale Whispering Pool: level I, cost 2 green, 3 vp
vale Mossy Steps: level I, cost 1 any, 1 vp
vale Starfall Peak: level II, cost 2 green 2 yellow, 6 vp
"""


def header(players: str = "Ann, Bob", extra: str = "") -> str:
    return f"game: mystic-vale\nplayers: {players}\n{CARDS}{extra}\n"


@dataclass
class Outcome:
    state: GameState | None
    error: GamelogError | None
    events: list[Event] = field(default_factory=list)

    def texts(self) -> list[str]:
        return [e.text for e in self.events]


def play(text: str, prepare: Callable[[GameState], None] | None = None) -> Outcome:
    """Parse and set up ``text``, let ``prepare`` arrange the position, then apply the
    turns one by one, stopping at the first problem (as the replay driver does)."""
    try:
        log = GAME.parse(normalise(text))
        state = GAME.setup(log)
    except GamelogError as error:
        return Outcome(None, error)
    if prepare is not None:
        prepare(state)
    outcome = Outcome(state, None)
    for move in log.moves:
        if GAME.is_finished(state):
            outcome.error = IllegalMove("the game is already over", line=move.line)
            break
        try:
            outcome.events.extend(GAME.apply(state, move))
        except GamelogError as error:
            outcome.error = error
            break
    return outcome


def last_vp_token(state: GameState) -> None:
    """A preparation that leaves one VP token in the pool, so that the game ends with
    the round in which it is taken."""
    state.vp_pool = 1


def sleeve(card: str, *where: tuple[int, str], player: int = 0) -> Callable[[GameState], None]:
    """A preparation that sleeves ``card`` into (sleeve, position) places of a player."""

    def prepare(state: GameState) -> None:
        advancement = state.catalogue.advancement(card)
        assert advancement is not None
        for number, position in where:
            state.players[player].set_slot(number, position, advancement)  # type: ignore[arg-type]

    return prepare


def both(*steps: Callable[[GameState], None]) -> Callable[[GameState], None]:
    def prepare(state: GameState) -> None:
        for step in steps:
            step(state)

    return prepare


def illegal(outcome: Outcome) -> IllegalMove:
    assert isinstance(outcome.error, IllegalMove), outcome.error
    return outcome.error


# --- planting and spoil ---------------------------------------------------------------


def test_growth_in_the_field_cancels_decay() -> None:
    # 1, 2, 3 and 4 are Cursed Land (1 decay each); 13 carries a Dew Sprite (1 growth)
    outcome = play(header() + "Ann: 1 13 2 3 4 pass\n", sleeve("Dew Sprite", (13, "top")))
    assert outcome.error is None
    assert outcome.texts()[0] == (
        "Ann plants 1, 13, 2, 3 (on deck 4) and passes: 4 decay against 1 growth"
    )


def test_the_same_turn_without_growth_spoils() -> None:
    outcome = play(header() + "Ann: 1 13 2 3 4 pass\n")
    error = illegal(outcome)
    assert error.message == "Ann cannot pass: the turn spoiled when sleeve 4 was turned up"
    assert (error.line, error.column) == (14, 17)


def test_growth_on_the_on_deck_card_does_not_count() -> None:
    # Thorn Bloom on the on-deck card shows 1 decay and 1 growth; only the decay counts
    prepare = sleeve("Thorn Bloom", (13, "top"))
    outcome = play(header() + "Ann: 1 2 3 13 spoil\n", prepare)
    assert outcome.error is None
    assert "4 decay against 0 growth" in outcome.texts()[0]


def test_no_push_after_a_spoil() -> None:
    error = illegal(play(header() + "Ann: 1 2 3 4 5 spoil\n"))
    assert error.message == (
        "the turn spoiled when sleeve 4 was turned up; no push may follow a spoil"
    )
    assert error.column == 14


def test_the_turn_starts_with_the_on_deck_card() -> None:
    text = header() + "Ann: 1 10 2 pass\nBob: 1 10 2 pass\nAnn: 3 4 pass\n"
    error = illegal(play(text))
    assert error.message == "Ann's turn starts with the on-deck card, sleeve 2, not 3"
    assert error.line == 16
    assert "sleeve 3 is in the deck" in error.facts


def test_a_sleeve_number_beyond_20_is_not_in_the_deck() -> None:
    error = illegal(play(header() + "Ann: 21 pass\n"))
    assert error.message == "sleeve 21 is not in Ann's deck"
    assert error.facts[0] == "sleeve 21 is not a sleeve: sleeves are numbered 1-20"


def test_an_empty_deck_is_refilled_from_the_discard_pile() -> None:
    def small_deck(state: GameState) -> None:
        ann = state.players[0]
        ann.deck = {13, 14}
        ann.discard = [n for n in range(1, 21) if n not in (13, 14)]

    outcome = play(header() + "Ann: 13 14 15 pass\n", small_deck)
    assert outcome.error is None
    assert "Ann's deck is empty: the discard pile (18 sleeves) is shuffled into a new deck" in (
        outcome.texts()
    )
    ann = outcome.state.players[0]  # type: ignore[union-attr]
    assert ann.on_deck == 15 and len(ann.deck) == 17 and sorted(ann.discard) == [13, 14]


def test_empty_marks_a_field_of_all_twenty_cards() -> None:
    growth = sleeve("Elder Root", *((n, "top") for n in range(13, 21)))
    order = " ".join(str(n) for n in [*range(13, 21), *range(1, 13)])
    text = header() + f"Ann: {order} empty pass\nBob: 1 pass\nAnn: 5 6 pass\n"
    outcome = play(text, growth)
    assert outcome.error is None
    assert "Ann harvests 12 mana" in outcome.texts()
    # her next turn starts by shuffling all 20 cards into a new deck
    assert "Ann's deck is empty: the discard pile (20 sleeves) is shuffled into a new deck" in (
        outcome.texts()
    )


def test_empty_is_wrong_while_cards_are_left() -> None:
    error = illegal(play(header() + "Ann: 13 14 empty pass\n"))
    assert error.message == "'empty' says no card was left to turn up, but some are"


def test_players_take_turns_in_order_and_strangers_do_not_play() -> None:
    error = illegal(play(header() + "Zed: 1 pass\n"))
    assert error.message == "Zed is not a player of this game; it is Ann's turn"
    assert error.facts == ["the players, in turn order: Ann, Bob"]


def test_player_names_are_matched_without_regard_to_case() -> None:
    text = header(extra="final: BOB 2 vp\n") + (
        "ann: 1 10 13 2 14 3 pass\n  ANN: buy Dew Sprite top into 13; gain 1 vp\nbob: 1 10 2 pass\n"
    )
    outcome = play(text, last_vp_token)  # Ann takes the last token; Bob ends the round
    assert outcome.error is None and outcome.state.finished  # type: ignore[union-attr]
    assert outcome.state.players[0].slot(13, "top").name == "Dew Sprite"  # type: ignore[union-attr]
    assert GAME.score(outcome.state).breakdown("Bob")["end-game effects"] == 2
    assert "Ann buys Dew Sprite (Level I, top) for 2 mana, into sleeve 13" in outcome.texts()


def test_an_unknown_player_gets_the_nearest_name() -> None:
    turn = illegal(play(header() + "Anne: 1 10 2 pass\n"))
    assert (
        turn.message == "Anne is not a player of this game (did you mean 'Ann'?); it is Ann's turn"
    )
    assert (turn.line, turn.column) == (14, 1)
    action = play(header() + "Ann: 1 10 13 2 pass\nAnne: buy Dew Sprite top into 13\n").error
    assert isinstance(action, NotationError)
    assert action.message == (
        "this line names Anne (did you mean 'Ann'?), but the turn above is Ann's; "
        "an action line belongs to the turn it follows"
    )
    final = play(header(extra="final: Bobb 2 vp\n") + "Ann: 1 pass\n").error
    assert isinstance(final, SetupError)
    assert final.message == "final: Bobb is not a player (Ann, Bob); did you mean 'Bob'?"


# --- harvest: mana, token, spirits, slots ------------------------------------------------


def test_the_token_taken_at_the_start_pays_one_mana_on_the_first_turn() -> None:
    # Rules: "the mana token taken at the start may be spent as one mana". Field 1, 10,
    # 13, 2, 14 gives 3 mana (Cursed Land 1 and 2, Fertile Soil 10); Wild Bloom costs 4.
    text = header() + "Ann: 1 10 13 2 14 3 pass; token; buy Wild Bloom top into 13\n"
    outcome = play(text)
    assert outcome.error is None
    assert "Ann spends the mana token for 1 mana" in outcome.texts()
    assert outcome.state.players[0].token_active is False  # type: ignore[union-attr]
    assert outcome.state.players[1].token_active is True  # type: ignore[union-attr]

    twice = text.replace("; token;", "; token; token;")
    error = illegal(play(twice))
    assert error.message == "the mana token is already spent this turn"


def test_once_spent_the_token_pays_again_only_after_a_spoil() -> None:
    first = "Ann: 1 10 13 2 14 3 pass; token\nBob: 1 10 2 pass\n"
    again = header() + first + "Ann: 3 4 11 12 15 pass; token\n"
    error = illegal(play(again))
    assert error.message == "Ann's mana token is not active"
    assert error.facts == ["Ann spent it on line 14 and has not spoiled since"]
    assert (error.line, error.column) == (16, 25)

    # 3, 4, 5 and 6 are Cursed Land: 4 decay, a spoil, which turns the token active.
    text = header() + first + "Ann: 3 4 5 6 spoil\nBob: 2 11 pass\nAnn: 6 11 12 15 pass; token\n"
    outcome = play(text)
    assert outcome.error is None
    assert "Ann's mana token turns active" in outcome.texts()
    assert "Ann spends the mana token for 1 mana" in outcome.texts()[-3:]


def test_a_spoil_leaves_an_unspent_token_active() -> None:
    outcome = play(header() + "Ann: 1 2 3 4 spoil\n")
    assert outcome.error is None
    assert "Ann's mana token stays active" in outcome.texts()
    assert outcome.state.players[0].token_active is True  # type: ignore[union-attr]


def test_without_the_token_the_same_purchase_is_short_of_mana() -> None:
    text = header() + "Ann: 1 10 13 2 14 3 pass; buy Wild Bloom top into 13\n"
    error = illegal(play(text))
    assert error.message == "not enough mana: Wild Bloom costs 4, Ann has 3 left"
    assert "the active mana token was not spent" in error.facts


def test_purple_pays_for_a_colour_and_any_takes_what_is_left() -> None:
    prepare = both(sleeve("Wild Bloom", (13, "top")), sleeve("Leaf Warden", (14, "top")))
    ok = play(header() + "Ann: 13 14 1 pass; buy vale Whispering Pool\n", prepare)
    assert ok.error is None
    assert ok.state.players[0].vales[0].card.name == "Whispering Pool"  # type: ignore[union-attr]

    text = header() + "Ann: 13 14 1 pass; buy vale Whispering Pool; buy vale Mossy Steps\n"
    error = illegal(play(text, prepare))
    assert error.message == (
        "not enough spirits for Mossy Steps: 3 spirits needed in all, the field gives 2"
    )
    assert error.facts[-1] == "already paid this turn: Whispering Pool (2 green)"


def test_third_vale_in_a_turn() -> None:
    prepare = sleeve("Wild Bloom", (13, "top"), (14, "top"), (15, "top"))
    text = header() + (
        "Ann: 13 14 15 1 pass; buy vale Mossy Steps; buy vale Mossy Steps; buy vale Mossy Steps\n"
    )
    error = illegal(play(text, prepare))
    assert error.message == "Ann has already bought 2 vales this turn"


def test_advancement_goes_into_a_field_card_not_the_on_deck_card() -> None:
    error = illegal(play(header() + "Ann: 1 10 13 2 14 3 pass; buy Dew Sprite top into 3\n"))
    assert error.message == "sleeve 3 is not in Ann's field"
    assert error.facts == ["sleeve 3 is the on-deck card", "field: 1, 10, 13, 2, 14"]


def notation(outcome: Outcome) -> NotationError:
    assert isinstance(outcome.error, NotationError), outcome.error
    return outcome.error


def test_a_missing_position_is_a_notation_error() -> None:
    error = notation(play(header() + "Ann: 1 10 13 2 14 3 pass; buy Dew Sprite into 13\n"))
    assert error.message == "Dew Sprite is printed for top and middle and bottom: name the position"
    assert (error.line, error.column) == (14, 31)  # the card's name
    assert error.rule == (
        "an advancement is named with a position it is printed for (top, middle or bottom), "
        "which may be left out when it is printed for one only"
    )
    assert error.facts == ["write e.g. 'buy Dew Sprite top into 13'"]
    refill = notation(play(header(extra=MARKET) + "Ann: 1 10 13 2 pass\n  refill Dew Sprite\n"))
    assert (
        refill.message == "Dew Sprite is printed for top and middle and bottom: name the position"
    )
    assert refill.facts == ["write e.g. 'refill Dew Sprite top'"]
    assert (refill.line, refill.column) == (17, 10)


def test_a_design_printed_for_one_position_needs_no_position_word() -> None:
    ok = play(header() + "Ann: 1 10 13 2 14 3 pass; buy Thorn Bloom into 13\n")
    assert ok.error is None
    assert ok.state.players[0].slot(13, "top").name == "Thorn Bloom"  # type: ignore[union-attr]
    error = notation(play(header() + "Ann: 1 10 13 2 14 3 pass; buy Thorn Bloom middle into 13\n"))
    assert error.message == "Thorn Bloom is printed for top, not middle"


def test_an_unknown_card_is_a_notation_error_with_the_nearest_name() -> None:
    unknown = notation(play(header() + "Ann: 1 10 13 2 14 3 pass; buy Dew Sprit top into 13\n"))
    assert unknown.message == "Dew Sprit is not a known advancement; did you mean 'Dew Sprite'?"
    assert (unknown.line, unknown.column) == (14, 31)
    assert unknown.rule == "every card a log names must be defined (card catalogue or header)"
    assert unknown.facts == [
        "known advancements: Crown, Dew Sprite, Elder Root, Fertile Soil, Grove Keeper, "
        "Leaf Warden, Thorn Bloom, Wild Bloom"
    ]
    nothing_near = notation(play(header() + "Ann: 1 10 13 2 pass; buy Zebra top into 13\n"))
    assert nothing_near.message == "Zebra is not a known advancement"
    vale = notation(play(header() + "Ann: 1 10 13 2 pass; buy vale Whisperng Pool\n"))
    assert vale.message == "Whisperng Pool is not a known vale; did you mean 'Whispering Pool'?"
    assert vale.facts == ["known vales: Mossy Steps, Starfall Peak, Whispering Pool"]
    gain = notation(play(header() + "Ann: 1 10 13 2 pass; gain 1 mana from Leaf Wardn\n"))
    assert gain.message == "Leaf Wardn is not a known card; did you mean 'Leaf Warden'?"
    assert (gain.line, gain.column) == (14, 39)
    refill = notation(play(header(extra=MARKET) + "Ann: 1 10 13 2 pass; refill Crwn top\n"))
    assert refill.message == "Crwn is not a known advancement; did you mean 'Crown'?"
    refill_vale = notation(
        play(header(extra=MARKET) + "Ann: 1 10 13 2 pass; refill vale Mosy Steps\n")
    )
    assert refill_vale.message == "Mosy Steps is not a known vale; did you mean 'Mossy Steps'?"


def test_a_card_of_the_other_kind_says_how_to_write_it() -> None:
    vale = notation(play(header() + "Ann: 1 10 13 2 pass; buy Mossy Steps top into 13\n"))
    assert vale.message == (
        "Mossy Steps is a vale, not an advancement: write 'buy vale Mossy Steps'"
    )
    advancement = notation(play(header() + "Ann: 1 10 13 2 pass; buy vale Dew Sprite\n"))
    assert advancement.message == (
        "Dew Sprite is an advancement, not a vale: write 'buy Dew Sprite POSITION into SLEEVE'"
    )
    refill = notation(play(header(extra=MARKET) + "Ann: 1 10 13 2 pass; refill vale Crown\n"))
    assert refill.message == "Crown is an advancement, not a vale: write 'refill Crown POSITION'"


def test_card_names_are_read_before_any_rule_in_the_order_written() -> None:
    # The third purchase and the gain both come after a name nobody defined: the
    # name is the first problem, although gains are taken before purchases.
    text = header() + (
        "Ann: 1 10 11 12 2 13 3 pass; buy Dew Sprite top into 13; buy Dew Sprite top into 11\n"
        "  buy Dew Sprit top into 12; gain 1 mana from Nowhere\n"
    )
    error = notation(play(text))
    assert error.message == "Dew Sprit is not a known advancement; did you mean 'Dew Sprite'?"
    assert error.line == 15
    spoiled = notation(play(header() + "Ann: 1 2 3 4 spoil; buy Zebra top into 1\n"))
    assert spoiled.message == "Zebra is not a known advancement"


def test_a_header_line_naming_an_unknown_card_is_a_setup_error() -> None:
    bad = MARKET.replace("Leaf Warden bottom", "Leaf Wardn bottom")
    error = play(header(extra=bad) + "Ann: 1 pass\n").error
    assert isinstance(error, SetupError)
    assert error.message == "Leaf Wardn is not a known advancement; did you mean 'Leaf Warden'?"
    assert (error.line, error.column) == (13, 44)  # "market: " 8, two cards 35
    vales = play(
        header(extra=MARKET.replace("Starfall Peak,", "Starfal Peak,", 1)) + "Ann: 1 pass\n"
    )
    assert isinstance(vales.error, SetupError)
    assert vales.error.message == "Starfal Peak is not a known vale; did you mean 'Starfall Peak'?"


def test_starting_cards_cannot_be_bought() -> None:
    starting = illegal(play(header() + "Ann: 1 10 13 2 14 3 pass; buy Cursed Land top into 13\n"))
    assert starting.message == "Cursed Land is a starting card, never for sale"


def test_bought_advancement_is_sleeved_and_counts_on_later_turns() -> None:
    outcome = play(header() + "Ann: 1 10 13 2 14 3 pass; buy Fertile Soil middle into 1\n")
    assert outcome.error is None
    ann = outcome.state.players[0]  # type: ignore[union-attr]
    assert ann.describe_sleeve(1) == "Cursed Land (top), Fertile Soil (middle)"
    assert ann.sleeve_symbols(1).mana == 2 and ann.sleeve_symbols(1).decay == 1
    assert outcome.state.market.fertile_left["middle"] == 5  # type: ignore[union-attr]


def test_fertile_soil_supply_runs_out_per_position() -> None:
    def used_up(state: GameState) -> None:
        state.market.fertile_left["top"] = 0

    error = illegal(
        play(header() + "Ann: 1 10 13 2 14 3 pass; buy Fertile Soil top into 13\n", used_up)
    )
    assert error.message == "no Fertile Soil for the top position is left"


def test_a_level_runs_out_when_the_market_is_not_tracked() -> None:
    def no_level_two(state: GameState) -> None:
        state.market.deck_left["II"] = 0

    text = header() + "Ann: 1 10 11 12 2 13 3 pass; buy Elder Root top into 11\n"
    error = illegal(play(text, no_level_two))
    assert error.message == "no Level II advancement is left to buy"


# --- abilities stated as gains -------------------------------------------------------------


def test_gain_from_a_field_card_pays_for_a_purchase() -> None:
    prepare = sleeve("Leaf Warden", (13, "top"))
    text = (
        header()
        + "Ann: 1 10 13 2 14 3 pass; gain 2 mana from Leaf Warden\n  buy Grove Keeper top into 14\n"
    )
    outcome = play(text, prepare)
    assert outcome.error is None
    assert "Ann gains 2 mana from Leaf Warden" in outcome.texts()


def test_gain_from_the_on_deck_card_is_refused() -> None:
    prepare = sleeve("Leaf Warden", (3, "middle"))
    error = illegal(
        play(header() + "Ann: 1 10 13 2 14 3 pass; gain 1 mana from Leaf Warden\n", prepare)
    )
    assert error.message == "Leaf Warden is on the on-deck card, which gives only its decay"


def test_gain_from_a_card_the_player_does_not_have() -> None:
    error = illegal(play(header() + "Ann: 1 10 13 2 14 3 pass; gain 1 vp from Crown\n"))
    assert error.message == "Crown is neither in Ann's field nor among their vales"


def test_a_vale_bought_on_an_earlier_turn_works() -> None:
    prepare = sleeve("Leaf Warden", (13, "top"))
    text = header() + (
        "Ann: 1 10 13 2 pass; buy vale Mossy Steps\n"
        "Bob: 1 10 2 pass\n"
        "Ann: 2 14 3 pass; gain 1 vp from Mossy Steps\n"
    )
    outcome = play(text, prepare)
    assert outcome.error is None
    assert outcome.state.players[0].vp_pool == 1  # type: ignore[union-attr]


def test_vp_come_from_the_box_once_the_pool_is_empty() -> None:
    def low_pool(state: GameState) -> None:
        state.vp_pool = 1

    outcome = play(header() + "Ann: 1 10 2 pass; gain 3 vp\n", low_pool)
    assert outcome.error is None
    assert "Ann takes 3 VP (harvest): 1 from the pool (0 left) and 2 from the box" in (
        outcome.texts()
    )
    ann = outcome.state.players[0]  # type: ignore[union-attr]
    assert (ann.vp_pool, ann.vp_box) == (1, 2)


def test_pool_emptied_by_the_first_player_ends_after_the_round() -> None:
    def low_pool(state: GameState) -> None:
        state.vp_pool = 1

    text = header() + "Ann: 1 10 2 pass; gain 1 vp\nBob: 1 10 2 pass; gain 2 vp\nAnn: 2 3 pass\n"
    outcome = play(text, low_pool)
    assert "The VP pool is empty: the round is played to its end (Bob has the last turn)" in (
        outcome.texts()
    )
    assert outcome.texts()[-1] == "The round is over and the VP pool is empty: game over"
    assert isinstance(outcome.error, IllegalMove) and outcome.error.line == 16
    sheet = GAME.score(outcome.state)
    assert sheet.finished
    assert sheet.breakdown("Bob")["VP tokens (box)"] == 2


def test_spoiled_turn_refuses_gains_and_the_token() -> None:
    error = illegal(play(header() + "Ann: 1 2 3 4 spoil; gain 1 vp\n"))
    assert error.message == "Ann spoiled this turn and cannot gain from an ability"
    error = illegal(play(header() + "Ann: 1 2 3 4 spoil\n  token\n"))
    assert error.message == "Ann spoiled this turn and cannot spend the mana token"
    assert (error.line, error.column) == (15, 3)


# --- the tracked market --------------------------------------------------------------------

MARKET = (
    "market: Dew Sprite top, Dew Sprite middle, Leaf Warden bottom, Grove Keeper top, "
    "Elder Root top, Elder Root middle, Crown top, Crown middle, Crown bottom\n"
    "vales: Whispering Pool, Mossy Steps, Mossy Steps, Whispering Pool, Starfall Peak, "
    "Starfall Peak, Starfall Peak, Starfall Peak\n"
)


def test_refill_goes_to_level_two_once_level_one_is_empty() -> None:
    def level_one_empty(state: GameState) -> None:
        state.market.deck_left["I"] = 0

    text = header(extra=MARKET) + (
        "Ann: 1 10 13 2 14 3 pass; buy Dew Sprite top into 13; refill Grove Keeper middle\n"
    )
    outcome = play(text, level_one_empty)
    assert outcome.error is None
    assert (
        "Grove Keeper (middle) is revealed into a Level I market slot (Level II deck: 26 left)"
        in outcome.texts()
    )


def test_a_level_two_slot_takes_level_three_once_level_two_is_empty() -> None:
    # The rules fill the market up: "if the Level I advancements run out, fill from
    # Level II; when those run out too, from Level III". Field 1, 10, 11, 12, 2, 13 gives
    # 5 mana for Grove Keeper (Level II); its slot then draws from the Level III deck,
    # 33 - 3 face up = 30 cards, 29 once Crown is revealed.
    def level_two_empty(state: GameState) -> None:
        state.market.deck_left["II"] = 0

    turn = "Ann: 1 10 11 12 2 13 3 pass; buy Grove Keeper top into 13"
    outcome = play(header(extra=MARKET) + turn + "; refill Crown top\n", level_two_empty)
    assert outcome.error is None
    assert (
        "Crown (top) is revealed into a Level II market slot (Level III deck: 29 left)"
        in outcome.texts()
    )
    level_one = illegal(
        play(header(extra=MARKET) + turn + "; refill Dew Sprite top\n", level_two_empty)
    )
    assert level_one.message == (
        "Dew Sprite cannot refill the market: no empty slot draws from the Level I deck"
    )
    assert level_one.facts[0] == "an empty Level II slot draws from the Level III deck"
    missing = illegal(play(header(extra=MARKET) + turn + "\n", level_two_empty))
    assert missing.facts == [
        "a Level II market slot is empty and the Level III deck still has 30 cards"
    ]


def test_a_slot_stays_empty_once_its_decks_are() -> None:
    def decks_empty(state: GameState) -> None:
        state.market.deck_left.update({"II": 0, "III": 0})

    turn = "Ann: 1 10 11 12 2 13 3 pass; buy Grove Keeper top into 13\n"
    outcome = play(header(extra=MARKET) + turn, decks_empty)
    assert outcome.error is None
    assert "Level II: (empty), Elder Root top" in outcome.state.market.describe_face_up()  # type: ignore[union-attr]


def test_bought_vale_is_refilled_from_its_level() -> None:
    prepare = sleeve("Leaf Warden", (13, "top"))
    text = header(extra=MARKET) + (
        "Ann: 1 10 13 2 pass; buy vale Mossy Steps; refill vale Whispering Pool\n"
    )
    outcome = play(text, prepare)
    assert outcome.error is None
    vales = outcome.state.market.describe_vales()  # type: ignore[union-attr]
    assert vales.startswith("Level I: Whispering Pool, Whispering Pool, Mossy Steps, Whispering")


def test_refill_without_a_tracked_market_is_refused() -> None:
    error = illegal(play(header() + "Ann: 1 10 13 2 14 3 pass; refill Dew Sprite top\n"))
    assert error.message == "the market is not tracked in this log, so there is nothing to refill"


def test_market_header_must_show_three_per_level() -> None:
    bad = MARKET.replace("Crown bottom", "Dew Sprite bottom")
    outcome = play(header(extra=bad) + "Ann: 1 pass\n")
    assert isinstance(outcome.error, SetupError)
    assert outcome.error.message == "market: 3 Level I advancements lie face up, the line lists 4"
    assert outcome.error.line == 13


# --- scoring ---------------------------------------------------------------------------------


def test_grey_vp_on_all_cards_vales_and_final_effects() -> None:
    prepare = both(
        last_vp_token,
        sleeve("Crown", (13, "top")),
        sleeve("Elder Root", (5, "top"), (20, "bottom")),
        sleeve("Leaf Warden", (14, "top"), (15, "top"), player=1),
    )
    extra = "final: Ann 4 vp from Elder Root\nfinal: Bob 1 vp\n"
    # Ann takes the last VP token of the pool; Bob's turn ends the round and the game.
    text = header(extra=extra) + "Ann: 1 10 2 pass; gain 1 vp\nBob: 1 10 2 pass\n"
    outcome = play(text, prepare)
    assert outcome.error is None
    sheet = GAME.score(outcome.state)
    assert sheet.finished
    # Ann: 1 token; grey VP: Elder Root 2 on sleeves 5 and 20, Crown 2 on 13; final 4.
    assert sheet.breakdown("Ann") == {
        "VP tokens (pool)": 1,
        "VP tokens (box)": 0,
        "grey VP on cards": 6,
        "vale VP": 0,
        "end-game effects": 4,
    }
    assert sheet.row("grey VP on cards").notes["Ann"] == "Elder Root 4, Crown 2"
    assert sheet.row("end-game effects").notes["Ann"] == "4 Elder Root"
    assert sheet.total("Bob") == 3  # Leaf Warden 1 grey on sleeves 14 and 15, final 1


def test_end_game_effects_count_only_when_the_game_is_over() -> None:
    # The same effects in a game still under way: the provisional score counts the
    # grey VP of the position, and no end-game effect yet.
    extra = "final: Ann 4 vp from Elder Root\nfinal: Bob 1 vp\n"
    outcome = play(header(extra=extra) + "Ann: 1 10 2 pass\n", sleeve("Elder Root", (5, "top")))
    sheet = GAME.score(outcome.state)
    assert not sheet.finished
    assert sheet.breakdown("Ann")["end-game effects"] == 0
    assert sheet.total("Ann") == 2 and sheet.total("Bob") == 0
    assert sheet.notes[1:] == [
        "provisional: the game is not over (23 VP left in the pool)",
        "the log states 2 end-game effects ('final:'): counted when the game is over",
    ]


def test_a_final_effect_names_a_card_its_player_owns_at_the_end() -> None:
    # Crown is on none of Ann's cards; Bob's Leaf Warden is not hers either.
    prepare = both(last_vp_token, sleeve("Leaf Warden", (14, "top"), player=1))
    turns = "Ann: 1 10 2 pass; gain 1 vp\nBob: 1 10 2 pass\n"
    text = header() + turns + "final: Ann 2 vp from Crown\nfinal: Ann 3 vp from Leaf Warden\n"
    error = illegal(play(text, prepare))
    assert error.message == "Crown is not among Ann's cards at the end of the game"
    assert (error.line, error.column) == (16, 22)
    assert error.rule == (
        "an end-game effect comes from a card its player owns at the end: an advancement on "
        "one of their 20 cards or one of their vales"
    )
    assert error.facts == [
        "Ann's advancements: Cursed Land, Fertile Soil",
        "Ann's vales: none",
    ]
    # A vale bought on the last turn and an advancement in the discard pile are owned.
    prepare = both(last_vp_token, sleeve("Leaf Warden", (13, "top")))
    turns = "Ann: 1 10 13 2 pass; gain 1 vp; buy vale Mossy Steps\nBob: 1 10 2 pass\n"
    finals = "final: Ann 2 vp from mossy steps\nfinal: Ann 1 vp from Leaf Warden\n"
    outcome = play(header() + turns + finals, prepare)
    assert outcome.error is None, outcome.error
    assert GAME.score(outcome.state).breakdown("Ann")["end-game effects"] == 3


def test_a_final_effect_from_an_unknown_card_is_a_setup_error() -> None:
    error = play(header(extra="final: Ann 4 vp from Elder Rot\n") + "Ann: 1 pass\n").error
    assert isinstance(error, SetupError)
    assert error.message == "Elder Rot is not a known card; did you mean 'Elder Root'?"
    assert (error.line, error.column) == (13, 22)


def test_running_scores_are_the_points_of_the_sheet_so_far() -> None:
    """Ann's harvest takes 2 VP tokens (Grove Keeper, sleeve 10), and a Leaf Warden
    sleeved on her sleeve 17 shows 1 grey VP: the running score (the score race) is the
    sheet's 3, not the tokens' 2, so that the race ends at the sheet's totals."""
    prepare = both(sleeve("Grove Keeper", (10, "middle")), sleeve("Leaf Warden", (17, "top")))
    outcome = play(header() + "Ann: 1 10 2 pass\n", prepare)
    assert GAME.running_scores(outcome.state) == {"Ann": 3, "Bob": 0}
    sheet = GAME.score(outcome.state)
    assert {name: sheet.total(name) for name in sheet.players} == {"Ann": 3, "Bob": 0}


def test_render_position_shows_zones_tokens_and_sleeves() -> None:
    outcome = play(header() + "Ann: 1 2 3 4 spoil\n")
    text = GAME.render_position(outcome.state)
    assert "VP pool: 23 of 23 left" in text
    assert "Next turn: Bob" in text
    assert "Ann: 0 VP in tokens (0 from the box), mana token active, vales: none" in text
    assert (
        "  on deck: 4   deck (16): 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20"
        in text
    )
    assert "  discard pile (3): 1, 2, 3" in text
    assert "     1: Cursed Land (top)" in text


# --- header and notation ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("game: mystic-vale\n", 1, "the header has no 'players:' line"),
        ("game: mystic-vale\nAnn: 1 pass\n", 2, "unknown header key 'Ann'"),
        ("players: Ann, Ann\n", 1, "Ann is named twice in the players line"),
        ("players: Ann\n", 1, "Mystic Vale is played by 2 to 4 players; the header names 1"),
        (
            "players: Ann, Bob\nplayers: Ann, Bob\n",
            2,
            "a second 'players:' line; the first is on line 1",
        ),
        (
            "players: Ann, Bob\nAnn: 1 pass\nmarket: Dew Sprite top\n",
            3,
            "the header line 'market:' comes after the first move (line 2)",
        ),
        (
            "players: Ann, Bob\nvale Odd: level I, cost 1 green\nvale ODD: level I, cost 1 any\n",
            3,
            "a second 'vale ODD:' line; the first is on line 2",
        ),
        (
            "players: Ann (red), Bob\n",
            1,
            "a Mystic Vale player has no colour or faction: write Ann without '(red)'",
        ),
        (
            "players: Mary Lee, Bob\n",
            1,
            "a player's name is one word in a Mystic Vale log, not 'Mary Lee'",
        ),
        ("players: Ann, Bob\nfinal: Zed 3 vp\n", 2, "final: Zed is not a player (Ann, Bob)"),
        (
            "players: Ann, Bob\nsleeves: 1-9 Cursed Land top, 10-13 Fertile Soil top\n",
            2,
            "sleeves: the starting deck is 9 Cursed Land, 3 Fertile Soil and 8 blank; "
            "this gives 9 Cursed Land, 4 Fertile Soil, 7 blank",
        ),
        (
            "players: Ann, Bob\nsleeves: 1-9 Cursed Lnd top, 10-12 Fertile Soil top\n",
            2,
            "sleeves: a starting card is Cursed Land or Fertile Soil, not Cursed Lnd; "
            "did you mean 'Cursed Land'?",
        ),
        (
            "players: Ann, Bob\nsleeves: 1-9 Cursed Land top, 9-11 Fertile Soil top\n",
            2,
            "sleeves: sleeve 9 is described twice",
        ),
        (
            "players: Ann, Bob\nadvancement Odd: cost 3, 1 mana\n",
            2,
            "advancement Odd: give its level (level I, II, III or fertile soil)",
        ),
        (
            "players: Ann, Bob\nvale Odd: level I, cost 3, 2 vp\n",
            2,
            "vale Odd: a vale costs spirits (cost 2 green), not mana",
        ),
        (
            "players: Ann, Bob\nvale Odd: level I, cost 1 purple, 2 vp\n",
            2,
            "vale cost: a vale costs green, yellow, brown or any spirits, not 'purple' "
            "(purple is the wild spirit of the field)",
        ),
        (
            "players: Ann, Bob\nadvancement Odd: level I, cost 3, 1 mana, 2 mana\n",
            2,
            "advancement Odd: mana is given twice",
        ),
        (
            "players: Ann, Bob\ncards: no-such-file.toml\n",
            2,
            "card catalogue",
        ),
    ],
)
def test_setup_errors_name_the_header_line(text: str, line: int, message: str) -> None:
    outcome = play(text)
    assert isinstance(outcome.error, SetupError), outcome.error
    assert outcome.error.line == line
    assert outcome.error.message.startswith(message)


@pytest.mark.parametrize(
    "cost",
    ["cost 1 yellow, 1 any", "cost 1 yellow 1 any", "cost 1 yellow,1 any", "cost 1 any, 1 yellow"],
)
def test_a_vale_cost_list_reads_as_written(cost: str) -> None:
    text = header(extra=f"vale Fox Den: level I, {cost}, 3 vp\n") + "Ann: 1 pass\n"
    outcome = play(text)
    assert outcome.error is None, outcome.error
    fox = outcome.state.catalogue.vale("Fox Den")  # type: ignore[union-attr]
    assert fox is not None and (fox.cost, fox.vp) == ({"yellow": 1, "any": 1}, 3)


def test_a_vale_costing_yellow_and_any_is_paid_with_two_spirits() -> None:
    extra = (
        "advancement Sun Moth: level I, cost 2, 1 yellow\n"
        "vale Fox Den: level I, cost 1 yellow, 1 any, 3 vp\n"
    )
    # Sleeve 13 shows Sun Moth (yellow), 14 Leaf Warden (green): the green pays 'any'.
    prepare = both(sleeve("Sun Moth", (13, "top")), sleeve("Leaf Warden", (14, "top")))
    ok = play(header(extra=extra) + "Ann: 13 14 1 pass; buy vale Fox Den\n", prepare)
    assert ok.error is None, ok.error
    short = illegal(play(header(extra=extra) + "Ann: 13 1 2 pass; buy vale Fox Den\n", prepare))
    assert (
        short.message
        == "not enough spirits for Fox Den: 2 spirits needed in all, the field gives 1"
    )


@pytest.mark.parametrize(
    ("definition", "message"),
    [
        (
            "vale Fox Den: level I, cost 1 yellow, 1 purple",
            "vale cost: a vale costs green, yellow, brown or any spirits, not 'purple' "
            "(purple is the wild spirit of the field)",
        ),
        (
            "vale Fox Den: level I, cost 1 yellow, 3 vp, 1 any",
            "vale Fox Den: a vale shows a spirit cost and VP only, not any "
            "(a cost's spirits follow 'cost': cost 1 any, ...)",
        ),
        (
            "advancement Sun Moth: level I, cost 2, 1 any",
            "advancement Sun Moth: 'any' is a vale cost, not a symbol a card shows; "
            "name the colour (green, yellow, brown or purple)",
        ),
        (
            "advancement Sun Moth: level I, cost 1 yellow, 1 any",
            "advancement Sun Moth: an advancement costs mana (cost 3), not spirits",
        ),
    ],
)
def test_spirits_out_of_place_in_a_definition(definition: str, message: str) -> None:
    error = play(header(extra=definition + "\n") + "Ann: 1 pass\n").error
    assert isinstance(error, SetupError)
    assert (error.message, error.line) == (message, 13)


def test_a_mistyped_header_key_is_named_with_the_nearest_key() -> None:
    error = play(header() + "sleves: 1-3 Cursed Land top\nAnn: 1 pass\n").error
    assert isinstance(error, SetupError)
    assert (error.line, error.column) == (14, 1)
    assert error.message == "unknown header key 'sleves'; did you mean 'sleeves'?"
    assert error.facts[0] == (
        "the header keys of Mystic Vale: game, players, cards, market, vales, sleeves, "
        "advancement NAME, vale NAME, final, date, event, place, site, round, table, notes, note"
    )


def test_an_action_before_any_turn_is_a_notation_error() -> None:
    outcome = play(header() + "buy Dew Sprite top into 13\n")
    assert isinstance(outcome.error, NotationError)
    assert outcome.error.line == 14
    assert outcome.error.message.startswith("an action must follow the turn it belongs to")


def test_an_action_line_of_another_player_is_a_notation_error() -> None:
    outcome = play(header() + "Ann: 1 10 13 2 pass\nBob: buy Dew Sprite top into 13\n")
    assert isinstance(outcome.error, NotationError)
    assert outcome.error.line == 15
    assert "the turn above is Ann's" in outcome.error.message


def test_notation_is_forgiving_about_case_commas_and_quotes() -> None:
    text = header() + 'ANN: 1, 10, 13, 2 PASS; BUY "dew sprite" TOP INTO 13\n'
    outcome = play(text.replace("players: Ann, Bob", "players: ANN, Bob"))
    assert outcome.error is None
    assert outcome.state.players[0].slot(13, "top").name == "Dew Sprite"  # type: ignore[union-attr]


def test_a_turn_may_continue_on_lines_with_or_without_the_name() -> None:
    text = (
        header()
        + "Ann: 1 10 11 12 2 13 3 pass\n  buy Dew Sprite top into 13\n"
        + "Ann: buy Dew Sprite top into 11\n"
    )
    outcome = play(text)
    assert outcome.error is None
    log = GAME.parse(normalise(text))
    assert len(log.moves) == 1
    assert [a.line for a in log.moves[0].actions] == [15, 16]


def test_cheat_sheet_is_shipped() -> None:
    sheet = GAME.cheat_sheet()
    assert "Mystic Vale" in sheet and "spoil" in sheet and "refill" in sheet


def test_sample_replays_through_the_driver_with_events_per_turn() -> None:
    path = SAMPLES / "two_players.log"
    result = replay(GAME, path.read_text(encoding="utf-8"), str(path), keep_steps=True)
    first = result.steps[0]
    assert [e.text for e in first.events] == [
        "Ann plants 1, 10, 13, 2, 14 (on deck 3) and passes: 3 decay against 0 growth",
        "Ann harvests 3 mana",
        "Ann buys Sunlit Glade (Level I, top) for 3 mana, into sleeve 13",
    ]


def test_cheat_sheet_examples_parse() -> None:
    sheet = GAME.cheat_sheet()
    blocks = sheet.split("```")[1::2]
    first = blocks[0]
    log = GAME.parse(normalise(first))
    assert [m.player for m in log.moves] == ["Ann", "Bob", "Cid", "Ann"]
    for block in blocks[1:]:
        GAME.parse(normalise("players: Ann, Bob\n" + block))

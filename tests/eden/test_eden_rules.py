"""Every rule the Eden engine enforces, on short logs written inline: the exact line,
column and reason of each illegal move, and the exact effect of each legal one."""

from __future__ import annotations

import pytest
from eden_helpers import SAMPLES, THREE, illegal, legal, run

from gamelog.core.errors import IllegalMove
from gamelog.games.eden import rulebook as rb
from gamelog.games.eden.moves import Draw, Turn, TurnLine
from gamelog.games.eden.scoring import winners

# --- turn order ---------------------------------------------------------------------


def test_turns_go_in_the_order_of_the_players_line() -> None:
    error = illegal(
        """
        Ann: irrigate A1
        Cleo: irrigate G7
        """
    )
    assert (error.line, error.column) == (4, 1)
    assert error.message == "it is Ben's turn, not Cleo's"
    assert error.rule == rb.TURN_ORDER
    assert "the last turn was Ann's (from line 3)" in error.facts


def test_the_first_turn_is_the_first_players() -> None:
    error = illegal("Ben: irrigate A1\n")
    assert (error.line, error.message) == (3, "it is Ann's turn, not Ben's")


def test_a_stranger_cannot_play() -> None:
    error = illegal("Zed: pass\n")
    assert error.message == "Zed is not a player of this game; it is Ann's turn"
    assert error.facts == ["the players, in turn order: Ann, Ben, Cleo"]


def test_a_player_is_named_without_regard_to_case() -> None:
    result = legal(
        """
        ann: irrigate C3
        BEN: irrigate C4, attack c3 of ANN bid 10, ann 15, ben accepts
        Cleo: pass
        ANN: pass
        """
    )
    assert result.state.board["C4"].owner == "Ann"  # Ann's 15 won: she took C4
    assert result.state.players["Ann"].mana == 100 - 15
    assert result.state.turn is not None and result.state.turn.player == "Ann"


def test_an_unknown_name_gets_the_nearest_player() -> None:
    error = illegal("Anne: pass\n")
    assert (
        error.message == "Anne is not a player of this game (did you mean 'Ann'?); it is Ann's turn"
    )
    assert (error.line, error.column) == (3, 1)
    line = "Ben: irrigate C4, attack C3 bid 10, Anne 15, Ben accepts\n"
    error = illegal("Ann: irrigate C3\n" + line)
    assert error.message == "Anne is not a player of this game; did you mean 'Ann'?"
    assert (error.line, error.column, error.rule) == (4, line.index("Anne") + 1, rb.BIDDING_ORDER)
    line = "Ben: irrigate C4, attack C3 bid 10, Ann 15, Bne accepts\n"
    error = illegal("Ann: irrigate C3\n" + line)
    assert error.message == "Bne is not a player of this game; did you mean 'Ben'?"
    assert (error.column, error.rule) == (line.index("Bne") + 1, rb.ACCEPTANCE)
    line = "Ben: irrigate C4, attack C3 of Anne bid 10, Ann accepts\n"
    error = illegal("Ann: irrigate C3\n" + line)
    assert error.message == "Anne is not a player of this game; did you mean 'Ann'?"
    assert (error.column, error.rule) == (line.index("attack") + 1, rb.CONQUEST_TARGETS)


def test_a_turn_may_span_lines_until_the_draw() -> None:
    result = legal(
        """
        Ann: irrigate A1
        Ann: irrigate A2
        Ann: draws
        Ben: pass
        """
    )
    assert result.state.board.points("Ann") == 2
    error = illegal(
        """
        Ann: irrigate A1 A2, draws
        Ann: irrigate A3
        """
    )
    assert error.line == 4
    assert error.message == "Ann's turn ended with the draw at line 3; it is Ben's turn"


def test_nothing_follows_the_draw_on_the_same_line() -> None:
    error = illegal("Ann: irrigate A1 A2, draws, sell I2\n")
    assert (error.line, error.column) == (3, 29)
    assert error.message == "Ann already drew a card (line 3), which ends the turn"
    assert error.rule == rb.DRAW_ENDS_TURN


# --- income -------------------------------------------------------------------------


def test_income_is_paid_automatically_at_the_start_of_a_turn() -> None:
    result = legal(
        """
        Ann: irrigate A1 A2
        Ben: pass
        Cleo: pass
        Ann: cultivate I2 A1 A2
        Ben: pass
        Cleo: pass
        Ann: pass
        """
    )
    # 100 - 20 for the cultivation, + 2 red points x 5 at the start of the last turn.
    assert result.state.players["Ann"].mana == 90


def test_a_stated_income_is_checked() -> None:
    error = illegal(
        """
        Ann: irrigate A1 A2
        Ben: pass
        Cleo: pass
        Ann: cultivate I2 A1 A2
        Ben: pass
        Cleo: pass
        Ann: income 5, pass
        """
    )
    assert (error.line, error.column) == (9, 6)
    assert error.message == "Ann's income is 10 mana, not 5"
    assert error.rule == rb.INCOME
    assert error.facts == [
        "Ann has 2 red fertility points",
        "value 2 (red points 1 each): A1 and A2",
    ]


def test_a_forgotten_income_is_lost() -> None:
    result = legal(
        """
        Ann: irrigate A1 A2
        Ben: pass
        Cleo: pass
        Ann: cultivate I2 A1 A2
        Ben: pass
        Cleo: pass
        Ann: no income, pass
        """
    )
    assert result.state.players["Ann"].mana == 80


# Ann's A1 and A2 at value 2 (2 red points, an income of 10) from line 6 on; she has
# 100 - 20 = 80 mana after raising them.
TWO_RED = """
Ann: irrigate A1 A2
Ben: pass
Cleo: pass
Ann: cultivate I2 A1 A2
Ben: pass
Cleo: pass
"""


def test_the_income_may_be_declared_at_any_point_of_the_turn() -> None:
    result = legal(TWO_RED + "Ann: irrigate C1, income 10\n")
    # 80 + 10: the income as declared, after the irrigation card.
    assert result.state.players["Ann"].mana == 90
    result = legal(TWO_RED + "Ann: irrigate C1\nAnn: income 10, draws\n", header=THREE)
    assert result.state.players["Ann"].mana == 90
    assert result.moves_applied == 7  # lines 3-10: the last two are one turn


def test_a_late_income_is_what_the_start_of_the_turn_gave() -> None:
    """Raising A1 and A2 to 3 gives Ann 4 red points, but the income of this turn is
    the 2 red points she had when it began (line 9): 10 mana."""
    result = legal(TWO_RED + "Ann: cultivate I2 A1 A2, income 10\n")
    assert result.state.players["Ann"].mana == 80 - 20 + 10
    line = "Ann: cultivate I2 A1 A2, income 20"
    error = illegal(TWO_RED + line + "\n")
    assert (error.line, error.column) == (9, line.index("income") + 1)
    assert error.message == "Ann's income is 10 mana, not 20"
    assert error.rule == rb.INCOME
    assert error.facts == [
        "Ann had 2 red fertility points at the start of the turn (line 9)",
        "value 2 (red points 1 each): A1 and A2",
    ]


def test_the_mana_of_a_late_income_arrives_when_it_is_declared() -> None:
    """With 30 mana to start, Ann has 10 left after line 7. Raising A1 and A2 again
    costs 20: with the income of 10 first (or not written, so paid at the start) she
    can pay; declared after the cultivation, it comes too late for it."""
    header = THREE + "mana: 30\n"
    assert legal(TWO_RED + "Ann: income 10, cultivate I2 A1 A2\n", header)
    assert legal(TWO_RED + "Ann: cultivate I2 A1 A2\n", header)
    error = illegal(TWO_RED + "Ann: cultivate I2 A1 A2, income 10\n", header)
    assert (error.line, error.column) == (10, 6)
    assert error.message == "Ann cannot pay 20 mana to raise A1 and A2"
    assert error.facts == ["Ann has 10 mana", rb.MANA]


def test_the_income_is_received_once_a_turn() -> None:
    error = illegal("Ann: income 0, pass, income 0\n")
    assert (error.line, error.column) == (3, 22)
    assert error.message == "Ann already received the income of this turn (line 3)"
    assert error.rule == rb.INCOME
    error = illegal("Ann: no income, pass\nAnn: income 0\n")
    assert (error.line, error.column) == (4, 6)
    assert error.message == "Ann already declared the income of this turn forgotten (line 3)"


def test_an_income_after_the_turn_has_ended_is_lost() -> None:
    error = illegal("Ann: irrigate A1 A2, draws, income 0\n")
    assert (error.line, error.column) == (3, 29)
    assert error.message == (
        "Ann's turn ended with the draw at line 3; an income not received during the turn is lost"
    )
    assert (error.rule, error.facts) == (rb.INCOME, [])
    error = illegal("Ann: irrigate A1 A2, draws\nAnn: income 0\n")
    assert (error.line, error.column) == (4, 1)
    assert error.message.endswith("an income not received during the turn is lost")
    assert error.facts == ["it is Ben's turn"]


def test_a_forgotten_income_does_not_carry_to_the_next_turn() -> None:
    """Ann forgets her 10 on line 9; on line 12 her income is 10 again, not 20."""
    error = illegal(TWO_RED + "Ann: no income, pass\nBen: pass\nCleo: pass\nAnn: income 20\n")
    assert (error.line, error.column) == (12, 6)
    assert error.message == "Ann's income is 10 mana, not 20"
    assert error.facts == [
        "Ann has 2 red fertility points",
        "value 2 (red points 1 each): A1 and A2",
    ]


# --- the card action of a turn -------------------------------------------------------


def test_at_most_two_irrigation_cards() -> None:
    error = illegal("Ann: irrigate A1 A2, irrigate A3\n")
    assert (error.line, error.column) == (3, 22)
    assert error.message == "Ann already played 2 irrigation cards this turn"
    assert error.rule == rb.ONE_ACTION


def test_irrigation_and_cultivation_do_not_mix() -> None:
    error = illegal(
        """
        Ann: irrigate A1 A2
        Ben: pass
        Cleo: pass
        Ann: cultivate I2 A1 A2, irrigate A3
        """
    )
    assert (error.line, error.column) == (6, 26)
    assert error.message == (
        "Ann already played a cultivation card this turn; irrigation cannot follow"
    )


def test_a_pass_is_the_whole_card_action() -> None:
    error = illegal("Ann: irrigate A1, pass\n")
    assert error.message == "Ann already played irrigation this turn; a pass cannot follow"


# --- irrigation ------------------------------------------------------------------------


def test_irrigation_places_a_value_one_card_from_the_supply() -> None:
    result = legal("Ann: irrigate D4\n")
    tile = result.state.board["D4"]
    assert (tile.owner, tile.value) == ("Ann", 1)
    assert result.state.players["Ann"].one_two_left == 11


def test_irrigation_needs_a_one_two_card_left() -> None:
    header = THREE + "landscape: 1 1/2, 12 3/4\n"
    error = illegal(
        """
        Ann: irrigate A1
        Ben: pass
        Cleo: pass
        Ann: irrigate A2
        """,
        header,
    )
    assert (error.line, error.column) == (7, 6)
    assert error.message == "Ann has no 1/2 landscape card left to place on A2"
    assert error.rule == rb.SUPPLY


def test_a_recorded_hand_must_hold_the_card_played() -> None:
    header = THREE + "hand Ann: A1 A2 A3 A4 A5 I2\n"
    error = illegal("Ann: irrigate B1\n", header)
    assert (error.line, error.column) == (4, 6)
    assert error.message == "irrigation card B1 is not in Ann's hand"
    assert error.facts == ["Ann holds A1, A2, A3, A4, A5 and I2"]
    assert error.rule == rb.HAND


def test_an_irrigation_card_in_another_hand_cannot_be_played() -> None:
    header = THREE + "hand Ben: B1 B2 B3 B4 B5 I2\n"
    error = illegal("Ann: irrigate B3\n", header)
    assert error.message == (
        "Ann cannot play irrigation card B3: irrigation card B3 is in Ben's hand; "
        "each field has exactly one irrigation card"
    )


def test_a_player_without_cards_cannot_play() -> None:
    error = illegal(
        """
        Ann: sell I2, sell I3, sell L3, sell I4, sell O4, sell T4
        Ben: pass
        Cleo: pass
        Ann: irrigate A1 A2
        """
    )
    # Ann sold all six cards and drew one at the end of her turn: one irrigation only.
    assert (error.line, error.column) == (6, 18)
    assert error.message == "irrigation card A2 is not in Ann's hand"
    assert error.facts == ["Ann holds no cards"]


# --- land conquest ----------------------------------------------------------------------


def test_the_attacker_wins_pays_and_takes_the_cards() -> None:
    result = legal(
        """
        Ann: irrigate C3 C2
        Ben: irrigate D3 D2, attack C3 C2 with D2 D3 bid 20, Ann 25, Ben 30, Ann accepts
        """
    )
    state = result.state
    assert [state.board[f].owner for f in ("C2", "C3", "D2", "D3")] == ["Ben"] * 4
    assert state.players["Ben"].mana == 100 - 30 * 2
    assert state.players["Ann"].mana == 100 + 30 * 2
    assert state.players["Ann"].one_two_left == 12
    assert state.players["Ben"].one_two_left == 8


def test_the_defender_who_outbids_takes_the_attacking_cards() -> None:
    result = legal(
        """
        Ann: irrigate C3
        Ben: irrigate D3 D2, attack C3 with D3 D2 bid 10, Ann 15, Ben accepts
        """
    )
    state = result.state
    assert state.board["D3"].owner == "Ann" and state.board["D2"].owner == "Ann"
    assert state.board["C3"].owner == "Ann"
    # Ann's 15 per point of the two attacking cards: 30 mana to Ben.
    assert state.players["Ann"].mana == 70 and state.players["Ben"].mana == 130


def test_a_conquest_must_follow_an_irrigation_card_at_once() -> None:
    error = illegal(
        """
        Ann: irrigate C3
        Ben: irrigate C4, sell I2, attack C3 bid 10, Ann accepts
        """
    )
    assert (error.line, error.column) == (4, 28)
    assert error.message == "a land conquest must follow an irrigation card immediately"
    assert error.facts == ["the last irrigation card already had its chance to attack"]
    assert error.rule == rb.CONQUEST_TIMING
    error = illegal("Ann: attack C3 bid 10, Ben accepts\n")
    assert error.facts == ["no irrigation card was played this turn"]


def test_one_conquest_per_irrigation_card() -> None:
    error = illegal(
        """
        Ann: irrigate C3
        Ben: irrigate C4, attack C3 bid 10, Ann accepts, attack C3 bid 10, Ann accepts
        """
    )
    assert (error.line, error.column) == (4, 50)


def test_each_target_must_border_an_attacking_card() -> None:
    error = illegal(
        """
        Ann: irrigate C3 C2
        Ben: irrigate D3, attack C3 C2 bid 10, Ann accepts
        """
    )
    assert error.message == "C2 does not border the attacking card D3"
    assert error.rule == rb.CONQUEST_TARGETS


def test_only_one_opponent_at_a_time() -> None:
    error = illegal(
        """
        Ann: irrigate C3
        Ben: irrigate E3
        Cleo: irrigate D3, attack C3 E3 bid 10, Ann accepts
        """
    )
    assert error.message == (
        "the attacked cards belong to Ann and Ben; only one fellow player can be attacked at a time"
    )
    assert error.facts == ["C3 (Ann's 1)", "E3 (Ben's 1)"]


def test_the_named_opponent_must_own_the_targets() -> None:
    error = illegal(
        """
        Ann: irrigate C3
        Ben: irrigate C4, attack C3 of Cleo bid 10, Ann accepts
        """
    )
    assert error.message == "the attacked cards are Ann's, not Cleo's"


def test_targets_must_be_an_opponents_cards() -> None:
    error = illegal("Ann: irrigate C3 C4, attack C3 bid 10, Ann accepts\n")
    assert error.message == "C3 is Ann's own card"
    error = illegal("Ann: irrigate C4, attack C3 bid 10, Ben accepts\n")
    assert error.message == "C3 is empty: there is no landscape card to attack"


def test_the_second_attacking_card_must_border_the_placed_one() -> None:
    error = illegal(
        """
        Ann: irrigate C3
        Ben: irrigate A7 D3, attack C3 with D3 A7 bid 10, Ann accepts
        """
    )
    assert error.message == "A7 does not border D3, the card just placed"
    assert error.rule == rb.CONQUEST_CARDS


def test_the_attack_includes_the_card_just_placed() -> None:
    error = illegal(
        """
        Ann: irrigate C3
        Ben: irrigate D4 D3, attack C3 with D4 bid 10, Ann accepts
        """
    )
    assert error.message == "the attacking cards must include D3, the card just placed"


def test_bids_alternate_starting_with_the_attacker() -> None:
    error = illegal(
        """
        Ann: irrigate C3
        Ben: irrigate C4, attack C3 bid 10, Ben 15, Ann accepts
        """
    )
    assert (error.line, error.column) == (4, 37)
    assert error.message == (
        "Ben cannot bid again: after Ben's 10 it is Ann's turn to raise or accept"
    )
    assert error.rule == rb.BIDDING_ORDER


def test_only_the_other_side_can_accept_the_last_bid() -> None:
    error = illegal(
        """
        Ann: irrigate C3
        Ben: irrigate C4, attack C3 bid 10, Ann 15, Ann accepts
        """
    )
    assert (error.line, error.column) == (4, 45)
    assert error.message == "Ann made the last bid (15); only Ben can accept it"
    assert error.rule == rb.ACCEPTANCE
    error = illegal(
        """
        Ann: irrigate C3
        Ben: irrigate C4, attack C3 bid 10, Cleo accepts
        """
    )
    assert error.message == "Cleo takes no part in this land conquest between Ben and Ann"


def test_a_defenders_raise_must_be_payable_too() -> None:
    header = THREE + "mana: 40\n"
    error = illegal(
        """
        Ann: irrigate C3
        Ben: irrigate C4, attack C3 bid 10, Ann 15, Ben 20, Ann 25, Ben 30, Ann 45, Ben accepts
        """,
        header,
    )
    assert (error.line, error.column) == (5, 69)
    assert error.message == "Ann cannot pay a bid of 45: 45 x 1 point = 45 mana, but Ann has 40"


def test_the_winner_needs_landscape_cards_to_replace_the_taken_ones() -> None:
    header = THREE + "landscape: 1 1/2, 12 3/4\n"
    error = illegal(
        """
        Ann: irrigate C3
        Ben: irrigate C4, attack C3 bid 10, Ann accepts
        """,
        header,
    )
    assert error.message == "Ben has too few landscape cards left to replace C3"
    assert error.rule == rb.SUPPLY


# --- cultivation ---------------------------------------------------------------------------


OPENING = """
Ann: irrigate A1 A2
Ben: irrigate G1 G2
Cleo: irrigate D7
Ann: irrigate B1 B2
Ben: pass
Cleo: pass
"""


def test_cultivation_raises_the_lowest_fields_and_costs_ten_each() -> None:
    result = legal(
        OPENING
        + """
        Ann: cultivate I2 A1 A2
        Ben: pass
        Cleo: pass
        Ann: cultivate O4 A1 B1 A2 B2
        """.replace("        ", "")
    )
    state = result.state
    assert [state.board[f].value for f in ("A1", "A2", "B1", "B2")] == [2, 2, 2, 2]
    # 100 - 20 - 20 + income 10 (A1 and A2 at value 2)
    assert state.players["Ann"].mana == 70


def test_two_to_three_swaps_a_one_two_card_for_a_three_four_card() -> None:
    result = legal(
        OPENING
        + "Ann: cultivate O4 A1 B1 A2 B2\nBen: pass\nCleo: pass\n"
        + "Ann: cultivate I2 A1 B1\n"
    )
    ann = result.state.players["Ann"]
    assert result.state.board["A1"].value == 3
    assert (ann.one_two_left, ann.three_four_left) == (10, 10)


def test_the_named_fields_must_match_the_card_size() -> None:
    error = illegal(OPENING + "Ann: cultivate O4 A1 B1 A2\n")
    assert (error.line, error.column) == (9, 6)
    assert error.message == "O4 shows 4 fields, but 3 are named (A1, B1 and A2)"
    assert error.rule == rb.SHAPE


def test_a_field_named_twice_is_rejected() -> None:
    error = illegal(OPENING + "Ann: cultivate O4 A1 B1 A2 A2\n")
    assert error.message == "A2 named twice in the area of O4"


def test_the_raised_fields_must_all_be_named() -> None:
    error = illegal(OPENING + "Ann: cultivate O4 A1 B1 A2 B2 raising A1 B1\n")
    assert error.message == (
        "A2 and B2 must be raised too: every field of the lowest value (1) in the area is raised"
    )
    assert error.rule == rb.LOWEST_ONLY
    error = illegal(OPENING + "Ann: cultivate I2 A1 B1 raising A1 C1\n")
    assert error.message == "C1 is not in the area of the card (A1 and B1)"


def test_empty_fields_cannot_be_cultivated() -> None:
    error = illegal(OPENING + "Ann: cultivate O4 A2 B2 A3 B3\n")
    assert error.message == "A3 is empty; Ann may cultivate only their own landscape cards"
    assert error.rule == rb.OWN_FIELDS


def test_cultivation_must_be_paid_for() -> None:
    header = THREE + "mana: 30\n"
    error = illegal(OPENING + "Ann: cultivate O4 A1 B1 A2 B2\n", header)
    assert error.message == "Ann cannot pay 40 mana to raise A1, B1, A2 and B2"
    assert error.facts == ["Ann has 30 mana", rb.MANA]


def test_value_four_is_the_top() -> None:
    moves = OPENING + "".join(
        f"Ann: income {income}, cultivate I2 A1 B1\nBen: pass\nCleo: pass\n"
        for income in (0, 10, 20)
    )
    result = legal(moves)
    assert result.state.board["A1"].value == 4
    error = illegal(moves + "Ann: income 30, cultivate I2 A1 B1\n")
    assert error.message == "every field of the area already has value 4: nothing can be raised"


def test_raising_two_to_three_needs_three_four_cards() -> None:
    header = THREE + "landscape: 12 1/2, 1 3/4\n"
    error = illegal(
        OPENING + "Ann: cultivate O4 A1 B1 A2 B2\nBen: pass\nCleo: pass\nAnn: cultivate I2 A1 B1\n",
        header,
    )
    assert (
        error.message == "Ann has 1 3/4 landscape card left, too few to raise A1 and B1 from 2 to 3"
    )


def test_a_declared_cultivation_deck_limits_each_shape() -> None:
    header = THREE + "cultivation deck: I2 x1, O4 x16\n"
    error = illegal(
        """
        Ann: irrigate A1 A2
        Ben: sell I2
        Cleo: sell I2
        """,
        header,
    )
    assert (error.line, error.column) == (6, 7)
    assert error.message == (
        "Cleo cannot play cultivation card I2: the cultivation deck of the header holds 1 I2 "
        "card, and 1 has been seen already"
    )


# --- the bank --------------------------------------------------------------------------------


def test_selling_and_buying_prices() -> None:
    result = legal(
        """
        Ann: sell L4
        Ben: buy L4
        """
    )
    assert result.state.players["Ann"].mana == 140  # 10 per field shown
    assert result.state.players["Ben"].mana == 50  # 10 + 10 per field shown
    assert result.state.players["Ben"].hand.known["L4"] == 1


def test_only_face_up_cards_can_be_bought() -> None:
    error = illegal("Ann: sell L4\nBen: buy T4\n")
    assert (error.line, error.column) == (4, 6)
    assert error.message == "no T4 card lies face up at the bank"
    assert error.facts == ["face up at the bank: L4"]
    assert error.rule == rb.BUYING


def test_buying_needs_the_mana() -> None:
    header = THREE + "mana: 40\n"
    error = illegal("Ann: sell L4\nBen: buy L4\n", header)
    assert error.message == "Ben cannot pay 50 mana for L4"


def test_a_bought_card_can_be_played_at_once() -> None:
    result = legal(
        """
        Ann: irrigate A1 A2
        Ben: sell I2
        Cleo: pass
        Ann: buy I2, cultivate I2 A1 A2
        """
    )
    assert result.state.board["A1"].value == 2
    # 100 - 30 (buy) - 20 (two raised fields)
    assert result.state.players["Ann"].mana == 50


def test_a_card_bought_after_playing_a_card_cannot_be_played() -> None:
    error = illegal(
        """
        Ann: irrigate A1 A2
        Ben: sell I2
        Cleo: pass
        Ann: irrigate B1, buy I2, cultivate I2 A1 A2
        """
    )
    assert (error.line, error.column) == (6, 27)
    assert error.message == "Ann bought I2 this turn after playing a card already"
    assert error.rule == rb.BOUGHT_CARD


# --- the draw ------------------------------------------------------------------------------


def test_a_hand_of_five_does_not_draw() -> None:
    error = illegal("Ann: irrigate A1, draws\n")
    assert (error.line, error.column) == (3, 19)
    assert error.message == "Ann holds 5 cards and may not draw another"
    assert error.rule == rb.DRAWING


def test_drawn_cards_are_unique() -> None:
    error = illegal(
        """
        Ann: irrigate A1 A2, draws C3
        Ben: irrigate G1 G2, draws irrigation C3
        """
    )
    assert error.message == (
        "Ben cannot draw C3: irrigation card C3 is in Ann's hand; "
        "each field has exactly one irrigation card"
    )
    error = illegal(
        """
        Ann: irrigate A1 A2
        Ben: irrigate G1 G2, draws A1
        """
    )
    assert "irrigation card A1 is played at line 3" in error.message


def test_the_automatic_draw_fills_a_hand_below_five() -> None:
    result = legal(
        """
        Ann: irrigate A1 A2
        Ben: pass
        """
    )
    assert result.state.players["Ann"].hand.size == 5
    assert result.state.draw_pile == 66 - 18 - 1


def test_an_empty_draw_pile_cannot_be_drawn_from() -> None:
    # 66 cards minus 3 hands of 6 leave 48; no short log empties the pile, so empty it here.
    result = legal("Ann: irrigate A1 A2\n")
    result.state.draw_pile = 0
    line = TurnLine(line=4, column=1, player="Ann", actions=(Draw(column=6, card=None),))
    move = Turn(line=4, column=1, player="Ann", lines=(line,))
    with pytest.raises(IllegalMove) as caught:
        result.game.apply(result.state, move)
    assert caught.value.message == "the draw pile is empty"
    assert (caught.value.line, caught.value.column) == (4, 6)


# --- the end ---------------------------------------------------------------------------


def test_nothing_follows_the_win_on_the_same_line() -> None:
    text = (SAMPLES / "conquest_win.log").read_text(encoding="utf-8")
    assert winners(run(text, header="").state) == ["Ben"]
    lines = text.split("\n")
    lines[30] += ", draws"  # line 31, the conquest that gives Ben his 20th point
    error = illegal("\n".join(lines), header="")
    assert (error.line, error.column) == (31, lines[30].index("draws") + 1)
    assert error.message == (
        "the game is over: Ben reached 20 fertility points at line 31; nothing may follow"
    )
    assert error.rule == rb.GAME_END


def test_a_bid_that_costs_exactly_all_of_the_bidders_mana_is_legal() -> None:
    """Ben attacks Ann's C3 and C2 (2 fertility points) with D2 D3; a bid of 50 costs
    50 x 2 = 100 mana, all Ben has (rules: the highest bidder pays the offered mana
    times the other side's points to the opponent). Ann ends with 100 + 100."""
    result = legal(
        """
        Ann: irrigate C3 C2
        Ben: irrigate D3 D2, attack C3 C2 with D2 D3 bid 50, Ann accepts
        """
    )
    state = result.state
    assert state.players["Ben"].mana == 0 and state.players["Ann"].mana == 200
    assert state.board["C3"].owner == "Ben" and state.board["C2"].owner == "Ben"

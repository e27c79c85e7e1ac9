"""The header layer every game shares: keys, arguments, players, typos, order."""

from __future__ import annotations

import pytest

from gamelog.core.errors import IllegalMove, SetupError
from gamelog.core.header import HeaderKey, HeaderLines, read_header
from gamelog.core.suggest import distance, nearest, suggestion
from gamelog.core.turns import Roster, TurnOrder

KEYS = (
    HeaderKey("players", "the players", example="Ann (red), Bob (blue)"),
    HeaderKey("mana", "starting mana"),
    HeaderKey("cultivation deck", "the deck"),
    HeaderKey("hand", "a starting hand", argument="PLAYER"),
    HeaderKey("research", "a card", repeat=True),
    HeaderKey("final", "an end-game effect", repeat=True, anywhere=True),
)


def read(text: str, **options: object) -> HeaderLines:
    return read_header(text, KEYS, game_names=("demo",), title="Demo", **options)  # type: ignore[arg-type]


def refused(text: str, **options: object) -> SetupError:
    with pytest.raises(SetupError) as caught:
        read(text, **options)
    return caught.value


def test_keys_arguments_and_values_keep_their_places() -> None:
    header = read(
        "game: Demo\n# a comment\nhand  Ann : A1 A2  # hers\ncultivation   deck: I2 x2\n"
        "players: Ann (Red), Mary  Lee (blue)\n\nAnn: move\n"
    )
    hand = header.first("hand")
    assert hand is not None
    assert (hand.line, hand.argument, hand.argument_column) == (3, "Ann", 7)
    assert (hand.value, hand.value_column) == ("A1 A2", 13)
    assert header.first("cultivation deck").value == "I2 x2"  # type: ignore[union-attr]
    assert (header.line_of("cultivation deck"), header.line_of("mana")) == (4, 1)
    assert [(p.name, p.attribute, p.column) for p in header.players] == [
        ("Ann", "red", 10),
        ("Mary Lee", "blue", 21),
    ]
    assert header.body_line == 7
    assert header.body() == "\n" * 6 + "Ann: move\n"


def test_every_game_takes_the_information_keys() -> None:
    header = read("date: 2026-12-01\nevent: club night\nnotes: one\nnotes: two\n")
    assert [line.key for line in header.lines] == ["date", "event", "notes", "notes"]


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("gmae: demo\n", 1, 1, "unknown header key 'gmae'; did you mean 'game'?"),
        ("players: Ann, Bob\nmnaa: 100\n", 2, 1, "unknown header key 'mnaa'; did you mean 'mana'?"),
        ("colour: red\n", 1, 1, "unknown header key 'colour' (nothing like a key of Demo)"),
        ("mana: 5\nmana: 6\n", 2, 1, "a second 'mana:' line; the first is on line 1"),
        ("hand: A1\n", 1, 5, "'hand:' needs its PLAYER before the colon: 'hand PLAYER:'"),
        ("hand Ann: A1\nhand ann: A2\n", 2, 1, "a second 'hand ann:' line; the first is on line 1"),
        (
            "players: Ann, Bob\nAnn: move\nmana: 5\n",
            3,
            1,
            "the header line 'mana:' comes after the first move (line 2)",
        ),
        # Found in the moves however the key is written, in an ASCII log or not (an
        # ASCII one is first searched for the keys' words, lowered).
        (
            "players: Ann, Bob\nAnn: move\n  MANA: 5\n",
            3,
            3,
            "the header line 'mana:' comes after the first move (line 2)",
        ),
        (
            "players: Ann, Bob\nAnn: m\u00f6ve\nCultivation \t Deck: I2\n",
            3,
            1,
            "the header line 'cultivation deck:' comes after the first move (line 2)",
        ),
        ("game: other\n", 1, 7, "this log says 'game: other', but it is being read as Demo"),
        (
            "players: Ann, , Bob\n",
            1,
            15,
            "an empty entry in the players line (two commas in a row?)",
        ),
        ("players: Ann, ann\n", 1, 15, "ann is named twice in the players line"),
        (
            "players: Ann, Mana\n",
            1,
            15,
            "a player may not be called Mana: 'mana' starts a header line",
        ),
        (
            "players: Ann, Bob, Cid, Dee\n",
            1,
            10,
            "Demo is played by 2 or 3 players; the header names 4",
        ),
        ("players: Ann\n", 1, 10, "Demo is played by 2 or 3 players; the header names 1"),
    ],
)
def test_header_problems(text: str, line: int, column: int, message: str) -> None:
    error = refused(text, min_players=2, max_players=3)
    assert (error.line, error.column) == (line, column)
    assert error.message == message
    assert error.rule


def test_an_unknown_key_lists_the_known_ones() -> None:
    error = refused("stup: x\n")
    assert error.facts[0] == (
        "the header keys of Demo: game, players, mana, cultivation deck, hand PLAYER, research, "
        "final, date, event, place, site, round, table, notes, note"
    )


def test_once_the_players_are_known_an_unknown_name_starts_the_moves() -> None:
    """'Zed:' is no key and nothing like one: the rules will say Zed is not playing."""
    header = read("players: Ann, Bob\nZed: move\nAnne: move\n")
    assert header.body_line == 2


def test_a_name_nearer_a_player_than_a_key_is_a_move() -> None:
    assert read("players: Ann, Manu\nmanu: move\n").body_line == 2


def test_repeatable_and_anywhere_keys() -> None:
    header = read("research: a\nresearch: b\nplayers: Ann, Bob\nAnn: x\nfinal: Ann 3 vp\nBob: y\n")
    assert [line.value for line in header.every("research")] == ["a", "b"]
    assert [line.line for line in header.every("final")] == [5]
    assert header.body().split("\n") == ["", "", "", "Ann: x", "", "Bob: y", ""]


def test_fixed_movers_start_the_moves() -> None:
    """Terra Mystica's factions move without a players line."""
    header = read("witches: build E6\n", movers=("witches", "halflings"))
    assert header.body_line == 1
    assert read("witchs: build E6\n", movers=("witches",)).body_line == 1
    assert refused("gmae: tm\n", movers=("witches",)).message.startswith("unknown header key")


def test_a_hash_inside_quotes_is_no_comment() -> None:
    header = read('research: L1 "Card #1" red = 1  # note\n')
    assert header.first("research").value == 'L1 "Card #1" red = 1'  # type: ignore[union-attr]


def test_suggestions() -> None:
    assert distance("gmae", "game") == 1
    assert distance("irigate", "irrigate") == 1
    assert nearest("witchs", ["witches", "darklings"]) == ["witches"]
    assert nearest("Dew Sprit", ["Dew Sprite", "Sunlit Glade"]) == ["Dew Sprite"]
    assert nearest("zzz", ["game", "mode"]) == []
    assert suggestion("gmae", ["game", "mode"]) == "; did you mean 'game'?"
    assert suggestion("Dew Sprit", ["Dew Sprite"], quote='"') == '; did you mean "Dew Sprite"?'
    assert suggestion("zzz", ["game", "mode"]) == ""


def test_roster_and_turn_order() -> None:
    roster = Roster(["Ann", "Mary Lee"])
    assert roster.get("mary  lee") == "Mary Lee"
    with pytest.raises(IllegalMove) as caught:
        roster.resolve("Anne")
    assert caught.value.message == "Anne is not a player of this game; did you mean 'Ann'?"
    turns = TurnOrder(["Ann", "Bob"], labels=["Ann (red)", "Bob (blue)"])
    assert turns.check("ANN") == "Ann"
    turns.advance()
    with pytest.raises(IllegalMove) as caught:
        turns.check("ann", facts=["Ann played last"])
    assert caught.value.message == "it is Bob's turn, not Ann's"
    assert caught.value.facts == ["turn order: Ann (red), Bob (blue)", "Ann played last"]
    assert turns.advance() == "Ann" and turns.after("Bob") == "Ann"


def test_a_header_entry_naming_a_stranger_is_a_setup_error() -> None:
    roster = Roster(["Ann", "Bob"])
    assert roster.named_in_header("bob", "hand of bob, who is not playing", line=3) == "Bob"
    with pytest.raises(SetupError) as caught:
        roster.named_in_header("Anne", "hand of Anne, who is not playing", line=3, column=6)
    error = caught.value
    assert error.message == "hand of Anne, who is not playing; did you mean 'Ann'?"
    assert (error.line, error.column, error.rule, error.facts) == (3, 6, None, [])
    with pytest.raises(SetupError) as caught:
        roster.named_in_header("Zed", "hand of Zed, who is not playing", line=3)
    assert caught.value.message == "hand of Zed, who is not playing"

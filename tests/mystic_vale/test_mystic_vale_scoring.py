"""Where each point of a Mystic Vale score came from: every cell lists the lines that
gave its points (``gamelog explain``, the JSON ``trail``). The expectations are the
hand tally written at the end of each sample."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from gamelog.cli import main

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "mystic_vale"
TWO = str(SAMPLES / "two_players.log")


def _trail(path: str, player: str) -> dict[str, list[tuple[int, int]]]:
    out = CliRunner().invoke(main, ["score", path, "--format", "json"]).stdout
    (entry,) = [p for p in json.loads(out)["players"] if p["name"] == player]
    return {
        category: [(source["line"], source["points"]) for source in sources]
        for category, sources in entry["trail"].items()
    }


def test_bobs_points_come_from_his_harvests_his_purchases_and_his_vale() -> None:
    """two_players.log: Bob's VP tokens 1 + 6 + 10 (the harvests of lines 20, 25, 32);
    grey VP Crown of the Vale 2 (bought on line 21) + Heartwood 4 (line 33); the vale
    Mossy Steps 1 (line 33). Total 24."""
    assert _trail(TWO, "Bob") == {
        "VP tokens (pool)": [(20, 1), (25, 6), (32, 10)],
        "grey VP on cards": [(21, 2), (33, 4)],
        "vale VP": [(33, 1)],
    }


def test_anns_points_come_from_her_harvests_her_purchases_and_her_vale() -> None:
    """Ann: VP tokens 2 + 4 (lines 19 and 26); grey Crown of the Vale 2 (line 28) and
    Leaf Warden 1 (line 30); the vale Amber Hollow 2 (line 27). Total 11."""
    assert _trail(TWO, "Ann") == {
        "VP tokens (pool)": [(19, 2), (26, 4)],
        "grey VP on cards": [(28, 2), (30, 1)],
        "vale VP": [(27, 2)],
    }


def test_explain_shows_each_line_as_written() -> None:
    out = CliRunner().invoke(main, ["explain", TWO, "--player", "bob"]).stdout
    assert "line 21: buy Crown of the Vale top into 8  +2" in out
    assert "line 25: Bob: 3 8 13 14 15 16 4 5 6 18 7 9 pass; buy Sunspire top into 4  +6" in out
    assert "line 33: buy Heartwood top into 5; buy vale Mossy Steps  +1" in out  # the vale


def test_a_final_effect_and_tokens_from_the_box_have_their_lines() -> None:
    """names_in_any_case_and_a_final_effect.log: 'final: Ann 4 vp from Crown of the
    Vale' on line 34. three_players_mid_round.log: Cid's last turn (line 47) takes 2 VP
    from the box, the pool being empty."""
    final = _trail(str(SAMPLES / "names_in_any_case_and_a_final_effect.log"), "Ann")
    assert final["end-game effects"] == [(34, 4)]
    cid = _trail(str(SAMPLES / "three_players_mid_round.log"), "Cid")
    assert cid["VP tokens (box)"] == [(47, 2)]


def test_every_cell_with_points_has_sources_that_add_up() -> None:
    for path in sorted(SAMPLES.glob("*.log")):
        out = CliRunner().invoke(main, ["score", str(path), "--format", "json"]).stdout
        if not out.strip():
            continue
        for entry in json.loads(out).get("players", []):
            for category, points in entry["breakdown"].items():
                sources = entry["trail"].get(category, [])
                assert sum(s["points"] for s in sources) == points, (path.name, category)


def _score(path: Path) -> dict[str, int]:
    out = CliRunner().invoke(main, ["score", str(path), "--format", "json"]).stdout
    return {p["name"]: p["total"] for p in json.loads(out)["players"]}


def test_sleeves_named_by_a_card_score_as_the_same_sleeves_by_number(tmp_path: Path) -> None:
    """sleeves_named_by_card.log names Ann's sleeve 13 by its Sunlit Glade and 15 by its
    Beast Hollow (each the one field card holding it); written with the numbers, the log
    scores the same (Ann 11, Bob 24)."""
    named = SAMPLES / "sleeves_named_by_card.log"
    text = named.read_text(encoding="utf-8")
    numbered = text.replace("into Sunlit Glade", "into 13").replace("into Beast Hollow", "into 15")
    assert numbered != text
    copy = tmp_path / "numbered.log"
    copy.write_text(
        numbered.replace("cards: catalogue.toml", f"cards: {SAMPLES / 'catalogue.toml'}")
    )
    assert _score(named) == _score(copy) == {"Ann": 11, "Bob": 24}


def test_a_bought_card_is_described_with_its_catalogue_ability(tmp_path: Path) -> None:
    """The catalogue's ``ability`` (a note the rules read none of, e.g. a card learnt at
    the table) is shown where the purchase is described: the replay's event."""
    (tmp_path / "c.toml").write_text(
        '[[advancement]]\nname = "Owl Tree"\nlevel = "I"\ncost = 1\n'
        'ability = "gain 1 mana when a guardian is in the field"\n'
    )
    log = tmp_path / "g.log"
    log.write_text(
        "game: mystic-vale\nplayers: Ann, Bob\ncards: c.toml\n\n"
        "Ann: 1 10 13 pass; buy Owl Tree middle into 10\n"
    )
    out = CliRunner().invoke(main, ["replay", str(log)]).stdout
    assert (
        "Ann buys Owl Tree (Level I, middle) for 1 mana, into sleeve 10 "
        "(ability: gain 1 mana when a guardian is in the field)"
    ) in out


def test_a_card_s_ability_is_shown_where_explain_and_moves_describe_it(tmp_path: Path) -> None:
    """The ability (a note) goes with the card wherever the card is described: the line
    that bought it in `gamelog explain`'s trail of grey VP, and the purchase offered
    by `gamelog moves`."""
    (tmp_path / "c.toml").write_text(
        '[[advancement]]\nname = "Owl Tree"\nlevel = "I"\ncost = 1\ngrey = 2\n'
        'ability = "gain 1 mana when a guardian is in the field"\n'
    )
    log = tmp_path / "g.log"
    log.write_text(
        "game: mystic-vale\nplayers: Ann, Bob\ncards: c.toml\n\n"
        "Ann: 1 10 13 pass; buy Owl Tree middle into 10\n"
    )
    out = CliRunner().invoke(main, ["explain", str(log), "--player", "Ann"]).stdout
    assert (
        "line 5: Ann: 1 10 13 pass; buy Owl Tree middle into 10 "
        "(ability: gain 1 mana when a guardian is in the field)  +2"
    ) in out
    log.write_text("game: mystic-vale\nplayers: Ann, Bob\ncards: c.toml\n\nAnn: 1 10 13 pass\n")
    listed = CliRunner().invoke(main, ["moves", str(log), "--format", "json"]).stdout
    notes = [
        move["note"]
        for group in json.loads(listed)["groups"]
        for move in group["moves"]
        if move["line"] == "Ann: buy Owl Tree middle into 10"
    ]
    assert notes == [
        "Level I, cost 1; 2 grey (ability: gain 1 mana when a guardian is in the field)"
    ]

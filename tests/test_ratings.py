"""``gamelog ratings`` for every game: seasons built from each game's own samples (the
players renamed), rated by the command and checked against ratings worked out by
hand from the method's rule; the formats, ``--as-of``, the history and bad input.

The hand working, for the pairwise rule (expected result 1 / (1 + 10^(-d/400)), a
pair's sides each gaining stake x (actual - expected), pass k staking 16 / k^2):

Season S (``--passes 2 --min-games 2``): g1 Ann beats Bob, g2 Ann beats Bob, g3 Cid
beats Ann. Ann (3 games) and Bob (2) are established, Cid (1) has a shadow rating.
  pass 1 (stake 16): g1 d=0, E=0.5: Ann 1008, Bob 992; g2 d=16, E(Ann)=0.523010:
  Ann 1015.631847, Bob 984.368153; g3 Cid 1000 vs Ann 1015.631847, E(Cid)=0.477502:
  Cid 1008.359694, Ann unmoved (Cid is not established).
  pass 2 (stake 4): the same three pairs again: Ann 1019.252108, Bob 980.747892,
  Cid 1010.422375.
Season T (the same, a tie): g1 Ann beats Bob, g2 Ann and Bob share first place.
  pass 1: g1 Ann 1008, Bob 992; g2 E(Ann)=0.523010, actual 1/2: Ann 1007.631847,
  Bob 992.368153. pass 2 (stake 4): Ann 1009.434269, Bob 990.565731.
"""

from __future__ import annotations

import json
import re
import shutil
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from gamelog import games
from gamelog.cli import main

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"

#: Games the seasons of renamed two-player samples cannot rate, with why.
OPT_OUT = {
    "terra-mystica": "its players are factions and the site rates no game of fewer than "
    "3 factions: tests/terra_mystica/test_terra_mystica_ratings.py rates its own seasons",
}
SEASON_S = {"Ann": 1019.252108, "Bob": 980.747892, "Cid": 1010.422375}
SEASON_T = {"Ann": 1009.434269, "Bob": 990.565731}


def ratings(*args: str, code: tuple[int, ...] = (0, 1)) -> dict:
    result = CliRunner().invoke(main, ["ratings", *args, "--format", "json", "--jobs", "1"])
    assert result.exit_code in code, result.output
    return json.loads(result.stdout)


@cache
def outcomes(package: str) -> list[tuple[Path, dict]]:
    """Each sample of the game with its record (``score --format json``)."""
    found = []
    for path in sorted((SAMPLES / package).iterdir()):
        if path.suffix not in (".log", ".txt"):
            continue
        result = CliRunner().invoke(main, ["score", str(path), "--format", "json"])
        found.append((path, json.loads(result.stdout)))
    return found


def two_player(package: str, *, tie: bool) -> tuple[Path, str, str] | None:
    """A finished legal two-player sample: decisive (winner, loser), or a shared first
    place (both), whichever is asked for."""
    for path, rec in outcomes(package):
        if rec["status"] != "ok" or not rec["finished"] or len(rec["players"]) != 2:
            continue
        ranks = [p["rank"] for p in rec["players"]]
        if (ranks == [1, 1]) == tie:
            first, second = (p["name"] for p in rec["players"])
            return path, first, second
    return None


def renamed(sample: Path, names: dict[str, str], target: Path) -> None:
    """The sample with its players renamed (every whole-word mention)."""
    text = sample.read_text(encoding="utf-8")
    text = re.sub(r"^# expect:.*$", "", text, flags=re.M)
    marks = {old: f"\x00{i}\x00" for i, old in enumerate(names)}
    for old, mark in marks.items():
        text = re.sub(rf"\b{re.escape(old)}\b", mark, text, flags=re.IGNORECASE)
    for old, mark in marks.items():
        text = text.replace(mark, names[old])
    target.write_text(text, encoding="utf-8")


def season_folder(tmp_path: Path, package: str) -> Path:
    folder = tmp_path / package
    folder.mkdir()
    for extra in (SAMPLES / package).iterdir():  # what the logs read beside them
        if extra.suffix not in (".log", ".txt"):
            shutil.copy(extra, folder / extra.name)
    return folder


def packages() -> list[str]:
    return [name for name in games.package_names() if games.load(name).name not in OPT_OUT]


@pytest.mark.parametrize("package", packages())
def test_a_season_of_each_game_rated_by_hand(tmp_path: Path, package: str) -> None:
    """Season S (see the module's docstring), with an illegal log and an unfinished one
    left out, each with its reason and place."""
    found = two_player(package, tie=False)
    assert found is not None, f"{package} has no decisive two-player sample"
    sample, winner, loser = found
    folder = season_folder(tmp_path, package)
    renamed(sample, {winner: "Ann", loser: "Bob"}, folder / "g1.log")
    renamed(sample, {winner: "Ann", loser: "Bob"}, folder / "g2.log")
    renamed(sample, {winner: "Cid", loser: "Ann"}, folder / "g3.log")
    illegal = next(p for p, rec in outcomes(package) if rec["status"] == "illegal")
    shutil.copy(illegal, folder / "x-illegal.log")
    lines = (folder / "g1.log").read_text().split("\n")
    (folder / "y-unfinished.log").write_text("\n".join(lines[: len(lines) // 2]) + "\n")
    result = ratings(str(folder), "--passes", "2", "--min-games", "2", code=(1,))
    assert result["game"] == games.load(package).name
    assert result["games"] == 3
    assert "factions" not in result
    assert result["parameters"] == {
        "start": 1000,
        "passes": 2,
        "pot": 16,
        "decay": 2,
        "min_games": 2,
        "scale": 400,
    }
    got = {p["name"]: p for p in result["players"]}
    assert {name: p["rating"] for name, p in got.items()} == pytest.approx(SEASON_S, abs=1e-6)
    assert [(p["name"], p["games"], p["shadow"]) for p in result["players"]] == [
        ("Ann", 3, False),
        ("Bob", 2, False),
        ("Cid", 1, True),
    ]
    left = {Path(x["file"]).name: x for x in result["left_out"]}
    assert set(left) == {"x-illegal.log", "y-unfinished.log"}
    rec = dict(outcomes(package))[illegal]
    assert left["x-illegal.log"]["line"] == rec["error"]["line"]
    assert left["x-illegal.log"]["reason"] == f"illegal: {rec['error']['message']}"
    assert left["y-unfinished.log"]["reason"] == "the game is not finished"


@pytest.mark.parametrize("package", [p for p in packages() if two_player(p, tie=True) is not None])
def test_a_shared_first_place_is_half_a_win(tmp_path: Path, package: str) -> None:
    """Season T (see the module's docstring)."""
    decisive = two_player(package, tie=False)
    shared = two_player(package, tie=True)
    assert decisive is not None and shared is not None
    folder = season_folder(tmp_path, package)
    renamed(decisive[0], {decisive[1]: "Ann", decisive[2]: "Bob"}, folder / "g1.log")
    renamed(shared[0], {shared[1]: "Ann", shared[2]: "Bob"}, folder / "g2.log")
    result = ratings(str(folder), "--passes", "2", "--min-games", "2", code=(0,))
    got = {p["name"]: p["rating"] for p in result["players"]}
    assert got == pytest.approx(SEASON_T, abs=1e-6)


def test_a_tie_broken_by_the_rules_is_a_win(tmp_path: Path) -> None:
    """Seikatsu's tie-2p: Bob and Cid both score 49, Cid wins by the tie-break (last in
    turn order): for the ratings Cid beat Bob, E=0.5, Cid 1008, Bob 992 (one pass)."""
    folder = season_folder(tmp_path, "seikatsu")
    shutil.copy(SAMPLES / "seikatsu" / "tie-2p.log", folder)
    result = ratings(str(folder), "--passes", "1", "--min-games", "0", code=(0,))
    assert {p["name"]: p["rating"] for p in result["players"]} == {"Cid": 1008, "Bob": 992}


def dated_season(tmp_path: Path) -> Path:
    """Three Seikatsu games whose file names run against their dates."""
    folder = season_folder(tmp_path, "seikatsu")
    sample = SAMPLES / "seikatsu" / "complete-2p.log"
    winner, loser = "Cid", "Jun"  # complete-2p: Cid 55, Jun 54
    for file, date, names in (
        ("a.log", "2024-03-03", {winner: "Cid", loser: "Ann"}),
        ("b.log", "2024-03-01 20:00", {winner: "Ann", loser: "Bob"}),
        ("c.log", "2024-03-02", {winner: "Bob", loser: "Cid"}),
    ):
        renamed(sample, names, folder / file)
        (folder / file).write_text(with_date((folder / file).read_text(), date))
    return folder


def with_date(text: str, date: str) -> str:
    """The log with its date: line saying ``date`` (added below game: if it has none)."""
    if re.search(r"^date:", text, flags=re.M):
        return re.sub(r"^date:.*$", f"date: {date}", text, flags=re.M)
    return re.sub(r"^(game:.*)$", rf"\1\ndate: {date}", text, count=1, flags=re.M)


def test_games_go_in_the_order_of_their_dates(tmp_path: Path) -> None:
    """b (Ann beats Bob), c (Bob beats Cid), a (Cid beats Ann), one pass, nobody under
    --min-games 0: b Ann 1008 Bob 992; c d=-8, E(Bob)=0.488489, Bob 1000.184174,
    Cid 991.815826; a d=-16.184174, E(Cid)=0.476726, Cid 1000.188211, Ann 999.627615.
    In file-name order (a, b, c) they would end otherwise."""
    folder = dated_season(tmp_path)
    result = ratings(str(folder), "--passes", "1", "--min-games", "0", code=(0,))
    assert result["order"] == "by the date: line, then file name"
    got = {p["name"]: p["rating"] for p in result["players"]}
    assert got == pytest.approx(
        {"Ann": 999.627615, "Bob": 1000.184174, "Cid": 1000.188211}, abs=1e-6
    )


def test_as_of_rates_the_games_up_to_that_day(tmp_path: Path) -> None:
    """--as-of 2024-03-02: b and c only (the first two steps above); a is listed as
    played after it."""
    folder = dated_season(tmp_path)
    result = ratings(
        str(folder), "--passes", "1", "--min-games", "0", "--as-of", "2024-03-02", code=(0,)
    )
    assert result["as_of"] == "2024-03-02"
    got = {p["name"]: p["rating"] for p in result["players"]}
    assert got == pytest.approx({"Ann": 1008, "Bob": 1000.184174, "Cid": 991.815826}, abs=1e-6)
    assert [(Path(x["file"]).name, x["reason"]) for x in result["left_out"]] == [
        ("a.log", "played after 2024-03-02 (--as-of)")
    ]


def test_the_history_is_the_as_of_ratings_after_every_game(tmp_path: Path) -> None:
    """The page's chart and gains come from the ratings rerun after each game: each point
    equals ``--as-of`` that game's date."""
    from gamelog.core.ratings import Parameters, Season, history

    folder = dated_season(tmp_path)
    season = Season()
    record = ratings(str(folder), "--passes", "2", "--min-games", "0", code=(0,))
    # the same logs through the library (entries as the workers make them)
    from gamelog.core.audit import run_audit
    from gamelog.core.ratings import entry

    run_audit([str(p) for p in sorted(folder.glob("*.log"))], on_done=season.add, shape=entry)
    (result,) = season.ratings(Parameters(passes=2, min_games=0))
    kept = history(result)
    assert kept.every == 1 and kept.points == [0, 1, 2, 3]
    for point, day in ((1, "2024-03-01"), (2, "2024-03-02"), (3, "2024-03-03")):
        as_of = ratings(str(folder), "--passes", "2", "--min-games", "0", "--as-of", day)
        expected = {p["name"]: p["rating"] for p in as_of["players"]}
        assert {k: v for k, v in kept.ratings[point].items() if k in expected} == expected
    assert kept.ratings[-1] == {p["name"]: p["rating"] for p in record["players"]}
    assert kept.ratings[0] == dict.fromkeys(kept.players, 1000.0)
    assert [g.change for g in kept.gains] == sorted((g.change for g in kept.gains), reverse=True)
    for gain in kept.gains:  # a player's rise from the game before to this one
        before, after = (
            kept.ratings[gain.game - 1][gain.player],
            kept.ratings[gain.game][gain.player],
        )
        assert (gain.before, gain.after, gain.change) == (before, after, after - before)
    assert {(g.player, g.game) for g in kept.gains} == {("Ann", 1), ("Bob", 2), ("Cid", 3)}
    upset = kept.upsets[0]
    assert (upset.winner, upset.loser, upset.game) == ("Cid", "Ann", 3)


def test_the_formats_say_the_same(tmp_path: Path) -> None:
    folder = dated_season(tmp_path)
    runner = CliRunner()
    record = ratings(str(folder), code=(0,))
    table = runner.invoke(main, ["ratings", str(folder)]).stdout
    assert table.startswith(
        "Seikatsu ratings: 3 games, 0 players rated (pairwise Elo in passes; start 1000, "
        "passes 3, pot 16, decay 2, min games 5, scale 400; games in order by the date: "
        "line, then file name)"
    )
    for p in record["players"]:
        assert f"{p['name']}  {p['rating']:.1f}  {p['games']}" in re.sub(r" +", "  ", table)
    markdown = runner.invoke(main, ["ratings", str(folder), "--format", "markdown"]).stdout
    assert markdown.startswith("## Seikatsu ratings: 3 games")
    assert "### shadow ratings (fewer than 5 games" in markdown
    rows = runner.invoke(main, ["ratings", str(folder), "--format", "csv"]).stdout.splitlines()
    assert rows[0] == "game,kind,rank,name,map,rating,games,shadow"
    csv_ratings = {row.split(",")[3]: float(row.split(",")[5]) for row in rows[1:]}
    assert csv_ratings == {p["name"]: p["rating"] for p in record["players"]}
    page = runner.invoke(main, ["ratings", str(folder), "--format", "html"]).stdout
    assert page.startswith("<!doctype html>") and "rating after each game" in page
    for p in record["players"]:
        assert f'<td>{p["name"]}</td><td class="num">{p["rating"]:.1f}</td>' in page
    assert "Biggest upsets" in page


def test_bad_input(tmp_path: Path) -> None:
    runner = CliRunner()
    folder = dated_season(tmp_path)
    for args in (["--as-of", "March 3rd"], ["--passes", "0"], ["--pot", "-1"]):
        bad = runner.invoke(main, ["ratings", str(folder), *args])
        assert bad.exit_code == 2, args
        assert "Traceback" not in bad.output
    assert "is not a date" in runner.invoke(main, ["ratings", str(folder), "--as-of", "x"]).stderr
    assert runner.invoke(main, ["ratings", str(tmp_path / "none")]).exit_code == 2
    text = (folder / "a.log").read_text()
    (folder / "a.log").write_text(re.sub(r"^date:.*$", "date: 3rd of March", text, flags=re.M))
    line = next(i for i, t in enumerate(text.split("\n"), start=1) if t.startswith("date:"))
    result = ratings(str(folder), code=(1,))
    (left,) = result["left_out"]
    assert (left["line"], left["column"]) == (line, 7)
    assert left["reason"] == (
        "the date '3rd of March' is not a date (YYYY-MM-DD, optionally with a time: "
        "YYYY-MM-DD HH:MM)"
    )
    shown = runner.invoke(main, ["ratings", str(folder)])
    assert f"{folder / 'a.log'}:{line}:7: the date '3rd of March'" in shown.stdout
    assert shown.exit_code == 1

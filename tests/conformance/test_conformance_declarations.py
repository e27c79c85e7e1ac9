"""Every game folder declares what the conformance suite needs of it, and opts out of a
check only there, with its reason: a game added under gamelog/games/ without a
``conformance.py`` fails here, and is in every other check at once."""

from __future__ import annotations

import pytest
from declared import CHECKS, SAMPLES, declared, game, packages, samples

from gamelog import games
from gamelog.core.audit import audit_file


def test_every_game_of_the_registry_is_in_the_suite() -> None:
    assert packages(), "no game folder found"
    assert [game(package).name for package in packages()] == [g.name for g in games.all_games()]


@pytest.mark.parametrize("package", packages())
def test_every_game_folder_declares_its_conformance(package: str) -> None:
    declaration = declared(package)
    assert callable(declaration.pieces)
    assert declaration.playthroughs >= 1 and declaration.max_lines > 0


@pytest.mark.parametrize("package", packages())
def test_an_opt_out_names_a_check_and_says_why(package: str) -> None:
    for check, reason in declared(package).opt_outs.items():
        assert check in CHECKS, f"{package} opts out of {check!r}, which is no check"
        assert len(reason.split()) >= 5, f"{package} opts out of {check} without a reason"


@pytest.mark.parametrize("package", packages())
def test_every_game_has_samples_and_the_ones_it_names(package: str) -> None:
    assert samples(package), f"no samples in samples/{package}/"
    declaration = declared(package)
    showcase = audit_file(str(SAMPLES / package / declaration.showcase))
    assert showcase["status"] == "ok" and showcase["finished"], declaration.showcase
    at_the_table = audit_file(str(SAMPLES / package / declaration.at_the_table))
    assert at_the_table["status"] == "illegal" and at_the_table["moves"] > 0


@pytest.mark.parametrize("package", packages())
def test_every_game_is_named_by_its_folder(package: str) -> None:
    """The suite finds a game's samples by its folder: the folder is the game's name."""
    assert game(package).name.replace("-", "_") == package

"""The game interface is declared: a game's optional roles are named in its ``Parts``
and checked when its class is made, so a misspelt or missing role is an error on
import, not a feature silently off."""

from __future__ import annotations

import types
from typing import Any, ClassVar

import pytest

from gamelog import games
from gamelog.core.game import OPTIONAL, REQUIRED, Parts, RoleError, TemplateGame


def _module(name: str, **functions: Any) -> types.ModuleType:
    module = types.ModuleType(f"gamelog.games.example.{name}")
    module.__file__ = f"/nowhere/example/{name}.py"
    for function, value in functions.items():
        setattr(module, function, value)
    return module


def _roles(**extra: Any) -> dict[str, types.ModuleType]:
    """A folder of modules with every required function of its role."""
    modules = {
        role: _module(role, **dict.fromkeys(names, lambda *args: None))
        for role, names in REQUIRED.items()
        if role not in ("lines", "ratings")
    }
    for role, functions in extra.items():
        for name, value in functions.items():
            setattr(modules[role], name, value)
    return modules


def test_a_folder_that_follows_the_template_is_wired() -> None:
    modules = _roles(rules={"end_facts": lambda state: ["over"]})
    parts = Parts(**modules, end_facts=modules["rules"].end_facts)
    assert parts.end_facts is not None and parts.end_facts(None) == ["over"]


def test_a_required_function_missing_is_an_error() -> None:
    modules = _roles()
    del modules["rules"].is_finished
    with pytest.raises(RoleError, match=r"gamelog.games.example.rules has no is_finished"):
        Parts(**modules)


def test_an_optional_role_defined_and_not_declared_is_an_error() -> None:
    """A game that writes ``end_facts`` and forgets to declare it would report a move
    after the end without saying why the game is over."""
    modules = _roles(rules={"end_facts": lambda state: []})
    with pytest.raises(RoleError, match=r"rules.end_facts is defined but not declared"):
        Parts(**modules)


def test_a_misspelt_role_is_an_error() -> None:
    modules = _roles()
    with pytest.raises(TypeError, match="end_fact"):
        Parts(**modules, end_fact=lambda state: [])  # type: ignore[call-arg]
    with pytest.raises(AttributeError, match="end_fact"):
        Parts(**modules, end_facts=modules["rules"].end_fact)


def test_steps_and_key_go_together() -> None:
    modules = _roles(legal={"steps": lambda move: [move]})
    with pytest.raises(RoleError, match="steps and key are declared together"):
        Parts(**modules, steps=modules["legal"].steps)


def test_a_game_class_without_its_meta_or_parts_is_an_error() -> None:
    wired = Parts(**_roles())
    with pytest.raises(RoleError, match="declares no meta"):

        class NoMeta(TemplateGame[Any, Any, Any]):
            parts: ClassVar[Parts] = wired

    with pytest.raises(RoleError, match="declares no parts"):

        class NoParts(TemplateGame[Any, Any, Any]):
            meta = games.meta(games.package_names()[0])


@pytest.mark.parametrize("package", games.package_names())
def test_every_game_declares_every_optional_role_it_has(package: str) -> None:
    """What the engine answers through the interface is its declared role's."""
    game = games.load(package)
    parts: Parts = game.parts  # type: ignore[attr-defined]
    for role, home in OPTIONAL.items():
        module = getattr(parts, home)
        assert getattr(parts, role) is (getattr(module, role, None) if module else None), role
    assert game.lists_actions == (parts.steps is not None)

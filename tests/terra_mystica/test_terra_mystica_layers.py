"""Terra Mystica's modules depend in one direction (docs/ARCHITECTURE.md, Terra Mystica).

The layers, from the bottom:

0. data: ``records``, ``compiled``, ``components``, ``rulebook``, ``randomize``,
   ``board``, ``sniff`` -- the box and the rule texts, knowing nothing of a game;
1. ``notation/``: a log read into moves (header, players line, commands, grammar
   transformer, rewrites, line cache, moves) -- the data only, never the state or
   the rules;
2. ``ledger``: the row model the rules write;
3. ``state``: a position;
4. ``ledger_file`` (the rows exported and a ledger log checked) and ``people`` (who
   plays each seat) -- reading a state;
5. ``rules/``: the rules, inside it pending obligations at the bottom, then
   abilities, resources, towns, leech, the turn, the actions, the phase machine,
   and ``rules/__init__`` (apply, feed) on top;
6. the roles every game has on top: ``scoring``, ``render``, ``lines``, ``legal``,
   ``ratings``, ``invariants``, ``conformance``, ``game``.

A module imports only from its own layer or below, the graph of every import --
at module level, under ``TYPE_CHECKING`` and inside functions -- has no circle,
and no game module is imported inside a function (the old way to dodge a circle).
A new module fails here until it is given its layer.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "gamelog" / "games" / "terra_mystica"
PACKAGE = "gamelog.games.terra_mystica"

LAYERS = {
    **dict.fromkeys(
        ("records", "compiled", "components", "rulebook", "randomize", "board", "meta"), 0
    ),
    "notation": 1,
    "ledger": 2,
    "state": 3,
    "ledger_file": 4,
    "people": 4,
    "rules": 5,
    **dict.fromkeys(
        (
            "scoring",
            "render",
            "lines",
            "legal",
            "ratings",
            "invariants",
            "conformance",
            "game",
            "__init__",
        ),
        6,
    ),
}


def _modules() -> dict[str, Path]:
    """Every module of the game by its dotted name below the package (``rules.turn``,
    ``notation``, ``__init__`` for the package itself)."""
    found: dict[str, Path] = {}
    for path in sorted(GAME.rglob("*.py")):
        parts = list(path.relative_to(GAME).with_suffix("").parts)
        if parts[-1] == "__init__" and len(parts) > 1:
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _target(name: str) -> str | None:
    """The game module an absolute import name points at (a module, or the module
    a name is imported from), or None outside the game."""
    if name == PACKAGE:
        return "__init__"
    if not name.startswith(PACKAGE + "."):
        return None
    inner = name[len(PACKAGE) + 1 :]
    while inner and inner not in MODULES:
        inner = inner.rpartition(".")[0]
    return inner or None


def _imports(module: str) -> list[tuple[str, bool, int]]:
    """(imported game module, inside a function, line) for every import of ``module``."""
    tree = ast.parse(MODULES[module].read_text())
    in_function = {
        id(node)
        for function in ast.walk(tree)
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef))
        for node in ast.walk(function)
    }
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{module}: a relative import (the house writes them whole)"
            base = node.module or ""
            names = [f"{base}.{alias.name}" for alias in node.names]
        for name in names:
            target = _target(name)
            if target is not None and target != module:
                found.append((target, id(node) in in_function, node.lineno))
    return found


GRAPH = {module: _imports(module) for module in MODULES}


def _layer(module: str) -> int:
    head = module.split(".")[0]
    assert head in LAYERS, f"{module} has no layer: give it one in LAYERS and the docs"
    return LAYERS[head]


def test_every_import_goes_to_the_same_layer_or_below() -> None:
    upward = [
        f"{module}:{line} imports {target}"
        for module, edges in GRAPH.items()
        for target, _, line in edges
        if _layer(target) > _layer(module)
    ]
    assert upward == []


def test_no_game_module_is_imported_inside_a_function() -> None:
    inside = [
        f"{module}:{line} imports {target} in a function"
        for module, edges in GRAPH.items()
        for target, in_function, line in edges
        if in_function
    ]
    assert inside == []


def test_the_import_graph_has_no_circle() -> None:
    """Depth-first search over every edge; a back edge is a circle, reported whole."""
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return None
        path.append(module)
        for target, _, _ in GRAPH[module]:
            circle = visit(target)
            if circle:
                return circle
        path.pop()
        done.add(module)
        return None

    for module in sorted(GRAPH):
        circle = visit(module)
        assert circle is None, " -> ".join(circle)


def test_the_notation_does_not_import_the_rules_or_the_state() -> None:
    reached = [
        f"{module}:{line} imports {target}"
        for module, edges in GRAPH.items()
        if module.split(".")[0] == "notation"
        for target, _, line in edges
        if target.split(".")[0] in ("rules", "state", "ledger", "ledger_file", "people")
    ]
    assert reached == []


def test_the_graph_is_read_from_the_real_modules() -> None:
    """The test sees the re-layered folder: the sub-packages and their edges are there
    (a test of an empty graph would pass whatever the code did)."""
    assert {"notation.moves", "rules.turn", "rules.pending", "rules.phases"} <= set(MODULES)
    assert ("rules.pending", False) in {(t, f) for t, f, _ in GRAPH["rules.turn"]}
    assert ("notation.moves", False) in {(t, f) for t, f, _ in GRAPH["state"]}

"""The map of docs/ARCHITECTURE.md, held by the code: every module of gamelog/ is on
the map, and the imports keep its layers (read from the source with ``ast``, module-
and function-level imports alike, so an import moved into a function to dodge a
circle is still one):

- the core imports no game (only the registry, ``gamelog.games``, which finds them);
- the command line imports no module of a game folder: it reaches the games through
  the registry, which reads their ``meta.py`` and loads an engine only to replay;
- a game's ``meta.py`` imports nothing of its folder, only ``gamelog.core.meta``;
- inside a game folder the roles depend only downward in the order of ``ROLE_ORDER``,
  and the other modules (rule modules, domain modules) never import the rules or a
  role above them;
- no import circle anywhere in gamelog/ (imports made only for type checking, under
  ``if TYPE_CHECKING:``, are not run and do not count).

Everything is found, nothing listed: a new game folder is checked as it is added.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from gamelog import games

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "gamelog"
MAP = ROOT / "docs" / "ARCHITECTURE.md"

#: The roles of a game folder, from the top down: a role imports only those after it
#: (docs/ARCHITECTURE.md, "Dependencies run one way").
ROLE_ORDER = (
    "conformance",
    "invariants",
    "game",
    "ratings",
    "legal",
    "lines",
    "render",
    "rules",
    "scoring",
    "state",
    "header",
    "moves",
    "rulebook",
    "components",
    "meta",
)
#: The roles a module that is not one of them (a rule module, a domain module) never
#: imports: the rules and everything above them.
ABOVE_THE_RULE_MODULES = ROLE_ORDER[: ROLE_ORDER.index("rules") + 1]

#: Game folders whose imports are known not to keep the layers yet, with why: the one
#: place such a folder is let off, as an expected failure (strict: once the folder is
#: mended the mark fails, and goes).
TANGLED: dict[str, str] = {}


#: Documents the code may cite that are not in the repository, with why.
OUTSIDE = {
    "NOTATION.md": "the reference folder's text of Terra Mystica's online notation, "
    "cited by section for people; nothing reads it",
}


@dataclass(frozen=True)
class Import:
    source: str
    target: str
    line: int
    #: Under ``if TYPE_CHECKING:``: never run.
    type_only: bool


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    """Every module of gamelog/, by its dotted name."""
    return {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _type_only(tree: ast.AST) -> set[int]:
    hidden: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                hidden.update(id(inner) for inner in ast.walk(child))
    return hidden


def _imports_of(name: str, path: Path) -> Iterator[Import]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    hidden = _type_only(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    known = modules()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            # ``from package import module`` imports the module (and runs the package,
            # as every import of a submodule does); ``from module import name``, the module.
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                for alias in node.names
            ]
        for target in targets:
            if target in known and target != name:
                yield Import(name, target, node.lineno, id(node) in hidden)


@cache
def imports() -> tuple[Import, ...]:
    return tuple(found for name, path in modules().items() for found in _imports_of(name, path))


def _shown(found: list[Import]) -> str:
    return "\n".join(
        f"{modules()[i.source].relative_to(ROOT)}:{i.line}: imports {i.target}" for i in found
    )


def _role(name: str) -> str | None:
    """The role of a module of a game folder (its file name, at the folder's top), or
    None for the folder's other modules."""
    parts = name.split(".")
    return parts[3] if len(parts) == 4 and parts[3] in ROLE_ORDER else None


def _tangled(package: str) -> list[pytest.MarkDecorator]:
    reason = TANGLED.get(package)
    return [pytest.mark.xfail(reason=reason, strict=True)] if reason else []


def _game_params() -> list[object]:
    return [pytest.param(p, id=p, marks=_tangled(p)) for p in games.package_names()]


# --- the rules of the layers ------------------------------------------------------


def test_the_core_imports_no_game() -> None:
    found = [
        i
        for i in imports()
        if i.source.startswith("gamelog.core") and i.target.startswith("gamelog.games.")
    ]
    assert not found, _shown(found)


def test_the_command_line_imports_no_module_of_a_game_folder() -> None:
    found = [
        i
        for i in imports()
        if i.source.startswith("gamelog.cli") and i.target.startswith("gamelog.games.")
    ]
    assert not found, _shown(found)


@pytest.mark.parametrize("package", games.package_names())
def test_a_games_meta_imports_nothing_but_the_cores_meta_types(package: str) -> None:
    source = f"gamelog.games.{package}.meta"
    assert source in modules(), f"gamelog/games/{package}/meta.py is missing"
    found = [i for i in imports() if i.source == source and i.target != "gamelog.core.meta"]
    assert not found, _shown(found)


@pytest.mark.parametrize("package", _game_params())
def test_a_games_roles_depend_only_downward(package: str) -> None:
    inside = f"gamelog.games.{package}."
    wrong = []
    for i in imports():
        if not (i.source.startswith(inside) and i.target.startswith(inside)):
            continue
        source, target = _role(i.source), _role(i.target)
        if target is None:
            continue
        if source is None:
            if target in ABOVE_THE_RULE_MODULES:
                wrong.append(i)
        elif ROLE_ORDER.index(target) <= ROLE_ORDER.index(source):
            wrong.append(i)
    assert not wrong, _shown(wrong)


def _circles() -> list[list[str]]:
    """The import circles of gamelog/ (strongly connected modules, Tarjan's way),
    type-only imports left out."""
    graph: dict[str, set[str]] = {name: set() for name in modules()}
    for i in imports():
        if not i.type_only:
            graph[i.source].add(i.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            circle = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                circle.append(top)
                if top == node:
                    break
            if len(circle) > 1:
                found.append(sorted(circle))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _areas() -> list[object]:
    """Where a circle may lie: the core, the command line, the registry and each game
    folder (a circle through several areas counts in each)."""
    return [
        pytest.param("gamelog.core", id="core"),
        pytest.param("gamelog.cli", id="cli"),
        pytest.param("gamelog", id="registry and package"),
        *(
            pytest.param(f"gamelog.games.{p}", id=p, marks=_tangled(p))
            for p in games.package_names()
        ),
    ]


def _in_area(name: str, area: str) -> bool:
    if area == "gamelog":
        return name in ("gamelog", "gamelog.__main__", "gamelog.games")
    return name == area or name.startswith(area + ".")


@pytest.mark.parametrize("area", _areas())
def test_no_import_circle(area: str) -> None:
    circles = [c for c in _circles() if any(_in_area(name, area) for name in c)]
    assert not circles, "\n".join(" -> ".join(c) for c in circles)


# --- the map names every module -----------------------------------------------------


def _sections(text: str) -> dict[str, str]:
    """The map's top-level sections by heading."""
    found: dict[str, str] = {}
    heading = ""
    for line in text.splitlines():
        if line.startswith("## "):
            heading = line[3:].strip()
        found[heading] = found.get(heading, "") + line + "\n"
    return found


def _named(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w/]){re.escape(name)}(?!\w)", text) is not None


def test_the_map_names_every_module() -> None:
    """A module is on the map by its path under gamelog/ (``core/standings.py``,
    ``eden/shapes.py``), or by its file name in the table of its own part: the core's,
    the command line's, the game template's (a role), or a game's own section."""
    text = MAP.read_text(encoding="utf-8")
    sections = _sections(text)
    titles = {games.meta(p).title: p for p in games.package_names()}
    own = {titles[h]: body for h, body in sections.items() if h in titles}
    template = sections.get("The game template", "")
    missing = []
    for path in modules().values():
        relative = path.relative_to(PACKAGE).as_posix()
        if _named(text, relative) or _named(text, f"gamelog/{relative}"):
            continue
        parts = relative.split("/")
        if parts[0] == "core" and _named(sections.get("The core", ""), parts[-1]):
            continue
        if parts[0] == "cli" and _named(sections.get("The command line", ""), parts[-1]):
            continue
        if parts[0] == "lsp" and _named(sections.get("The language server", ""), parts[-1]):
            continue
        game = parts[1] if parts[0] == "games" and len(parts) > 2 else None
        if game is not None:
            inner = "/".join(parts[2:])
            if _named(text, f"{game}/{inner}"):
                continue
            if len(parts) == 3 and _named(template, parts[-1]):
                continue  # a role of the template (or the package's __init__.py)
            if game in own and (_named(own[game], inner) or _named(own[game], parts[-1])):
                continue
        missing.append(relative)
    assert not missing, "docs/ARCHITECTURE.md does not name: " + ", ".join(missing)


def test_the_map_points_at_files_that_exist() -> None:
    """Every ``core/x.py``-style path the map names is a file of the package, and no
    module points at a design document the repository does not hold."""
    text = MAP.read_text(encoding="utf-8")
    absent = [
        path
        for path in re.findall(r"`((?:core|cli|games)/[\w/]+\.py)`", text)
        if not (PACKAGE / path).is_file()
    ]
    assert not absent, absent
    for path in [*PACKAGE.rglob("*.py"), *(ROOT / "grammars").glob("*.lark")]:
        for document in re.findall(r"\b([A-Z][A-Z_]+\.md)\b", path.read_text(encoding="utf-8")):
            if document in OUTSIDE:
                continue
            assert (ROOT / "docs" / document).is_file() or (ROOT / document).is_file(), (
                f"{path.relative_to(ROOT)} points at {document}, which is not in the repository"
            )


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def test_no_game_is_named_in_the_core_or_the_command_line() -> None:
    """No string of the core's or the command line's code (prose aside: docstrings and
    comments may take a game as their example) is a game's name, title, alias or file
    suffix: what differs between games is in their meta."""
    words = {w for m in games.all_meta() for w in (m.name, m.title, *m.aliases, *m.suffixes)}
    pattern = re.compile(
        "|".join(rf"(?<![\w.-]){re.escape(w)}(?![\w-])" for w in sorted(words, key=len)[::-1]),
        re.IGNORECASE,
    )
    found = []
    for path in sorted([*PACKAGE.glob("core/*.py"), *PACKAGE.glob("cli/*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        prose = _docstrings(tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in prose
                and (hit := pattern.search(node.value))
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {hit.group(0)!r}")
    assert not found, "\n".join(found)

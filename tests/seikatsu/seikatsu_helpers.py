"""Shared helpers for the Seikatsu tests (a plain module, not a conftest, because
several games' test folders share one pytest run)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from gamelog.core.replay import Replay, replay
from gamelog.games.seikatsu import GAME

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "samples" / "seikatsu"
HERE = Path(__file__).resolve().parent

HEADER_2P = "game: seikatsu\nplayers: Ann (pink), Bob (blue)\nsetup: GK at D3, RB at E4\n"


def run(text: str, path: str = "<test>") -> Replay:
    return replay(GAME, text, path)


def run_sample(name: str) -> Replay:
    path = SAMPLES / name
    return replay(GAME, path.read_text(encoding="utf-8"), str(path))


def sample_text(name: str) -> str:
    return (SAMPLES / name).read_text(encoding="utf-8")


def generator() -> ModuleType:
    """benchmarks/generate_seikatsu.py, imported by path (benchmarks is no package)."""
    name = "generate_seikatsu"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, REPO / "benchmarks" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module

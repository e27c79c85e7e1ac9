"""A game's component data: the TOML files in its ``data/`` folder, read from the
installed package (so they are found from any working directory)."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any


def read_toml(package: str, *path: str) -> dict[str, Any]:
    """``data/<path>`` of ``package`` (a game package's ``__package__``), parsed."""
    text = resources.files(package).joinpath("data", *path).read_text(encoding="utf-8")
    return tomllib.loads(text)

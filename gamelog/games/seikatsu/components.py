"""What is in the Seikatsu box, and the figures that depend on the player count (turns,
setup tiles, tournament koi), read once from ``data/components.toml``."""

from __future__ import annotations

from typing import Any

from gamelog.core.data import read_toml

COMPONENTS: dict[str, Any] = read_toml(__package__, "components.toml")

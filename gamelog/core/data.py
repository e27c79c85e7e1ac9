"""A game's component data: the TOML files in its ``data/`` folder, read from the
installed package (so they are found from any working directory).

Each file is parsed once per install: its parsed value is kept in the user's cache
(``cache.built``, as plain values), keyed by the file's bytes, so that a one-shot
command reads it back instead of importing and running a TOML parser."""

from __future__ import annotations

import os
import sys
from typing import Any

from gamelog.core.cache import built


def read_toml(package: str, *path: str) -> dict[str, Any]:
    """``data/<path>`` of ``package`` (a game package's ``__package__``), parsed."""
    raw = _read(package, ("data", *path))
    return built(
        f"toml-{package.rsplit('.', 1)[-1]}-{'-'.join(path)}",
        raw,
        lambda: _parse(raw),
        valid=dict,
        plain=True,
    )


def _parse(raw: bytes) -> dict[str, Any]:
    import tomllib  # only when the file has changed, or nothing can be cached

    return tomllib.loads(raw.decode("utf-8"))


def _read(package: str, parts: tuple[str, ...]) -> bytes:
    """The bytes of a file of ``package``: from its folder, or (a package in a zip)
    through importlib.resources."""
    module = sys.modules.get(package)
    folder = os.path.dirname(getattr(module, "__file__", None) or "")
    if folder:
        try:
            with open(os.path.join(folder, *parts), "rb") as handle:
                return handle.read()
        except OSError:
            pass
    from importlib import resources

    return resources.files(package).joinpath(*parts).read_bytes()

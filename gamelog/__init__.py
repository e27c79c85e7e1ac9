"""gamelog: parse, replay, check and score plain-text logs of tabletop games."""

__version__ = "0.1.0"

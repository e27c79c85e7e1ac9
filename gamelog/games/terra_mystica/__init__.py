"""Terra Mystica: command logs and ledgers of the online site, replayed exactly."""

from gamelog.games import engine_attribute

# ``GAME`` (the engine, in game.py) is imported on first use, so that recognising
# a log's game (sniff.py) stays cheap.
__getattr__ = engine_attribute(__name__)

"""Eden: irrigation and cultivation cards on a 7x7 board, land conquest by auction,
first to 20 fertility points (rules: Gal Zuckerman, Kosmos 2001)."""

from gamelog.games.eden.game import Eden

GAME = Eden()

__all__ = ["GAME", "Eden"]

"""Terra Mystica: command logs and ledgers of the online site, replayed exactly."""

from gamelog.games.terra_mystica.game import TerraMystica

GAME = TerraMystica()

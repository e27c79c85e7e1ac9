"""Terra Mystica's notation: a log read into moves, before any rule is applied.

The header (header.py, with its players line: players.py), the commands a line holds
(commands.py, the grammar's tree turned into them: transformer.py, old spellings
rewritten: rewrites.py), the lines and ledger rows of a log (moves.py) and the cache
of lines already parsed (line_cache.py). It depends on the data modules (records,
components, sniff) and the core only: nothing here imports the state or the rules.
"""

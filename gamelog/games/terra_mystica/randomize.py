"""``randomize v1|v2 seed SEED``: the online site's deterministic random setup.

The site seeds a Mersenne Twister (MT19937, ``init_by_array``) with the first
five 32-bit little-endian words of SHA-1(seed) and draws uniform numbers as
``genrand_int32 / 2**32``. A shuffle draws one number per item, in the order
given, and sorts by (number, item). With it the site picks the six round
scoring tiles (SCORE1 never in rounds 5 or 6), removes bonus tiles down to
players + 3, shuffles the seat order (unless ``maintain-player-order``) and,
with ``fire-and-ice-final-scoring``, picks a final scoring tile.
"""

from __future__ import annotations

import hashlib
import random
import re
import struct

_N = 624


def _state_by_array(key: list[int]) -> list[int]:
    """MT19937 ``init_by_array``: the 624-word state a key seeds."""
    mt = [0] * _N
    mt[0] = 19650218
    for i in range(1, _N):
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & 0xFFFFFFFF
    i, j = 1, 0
    for _ in range(max(_N, len(key))):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & 0xFFFFFFFF
        i += 1
        j += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
        if j >= len(key):
            j = 0
    for _ in range(_N - 1):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
        i += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
    mt[0] = 0x80000000
    return mt


class SiteRandom:
    """The site's generator: MT19937 seeded by an array, uniform draws in [0, 1)."""

    def __init__(self, key: list[int]) -> None:
        self._mt = random.Random()
        self._mt.setstate((3, (*_state_by_array(key), _N), None))

    @classmethod
    def for_seed(cls, seed: str) -> SiteRandom:
        digest = hashlib.sha1(seed.encode()).digest()
        return cls(list(struct.unpack("<5I", digest)))

    def draw(self) -> float:
        return self._mt.getrandbits(32) / 2**32

    def shuffle(self, items: list[str]) -> list[str]:
        keyed = [(self.draw(), item) for item in items]
        return [item for _, item in sorted(keyed)]


def natural_key(text: str) -> list[object]:
    """``SCORE2`` before ``SCORE10``."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]

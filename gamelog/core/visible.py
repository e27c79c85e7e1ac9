"""Text from a log, shown so that what is displayed is what is written.

The bidirectional controls of Unicode (U+202E RIGHT-TO-LEFT OVERRIDE and its kin)
are invisible and turn the text after them around: in a card name, a comment or a
file name they can make a line read as something else (``Ann: pass`` showing where
another move is written). Wherever gamelog shows text (pages, pictures, the
terminal, files), each control is written as its escape, ``\\u202e``: seen as what
it is, and in JSON the very same data (JSON reads that escape as the control).
"""

from __future__ import annotations

import re

#: The controls that change the direction of the text around them.
BIDI_CONTROLS = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_CONTROL = re.compile(f"[{BIDI_CONTROLS}]")


def visible(text: str) -> str:
    """``text`` with each bidirectional control written as its escape (``\\u202e``)."""
    if not _CONTROL.search(text):
        return text
    return _CONTROL.sub(lambda found: f"\\u{ord(found.group()):04x}", text)

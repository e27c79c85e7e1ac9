"""Mutated logs never crash the replay: every outcome is a success or a GamelogError
with a line number (and, for illegal moves, a rule and a message)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mystical_seeds_helpers import SAMPLES

from gamelog.core.errors import GamelogError
from gamelog.core.replay import replay
from gamelog.games.mystical_seeds import GAME
from gamelog.games.mystical_seeds.catalogue import tile_kinds

VALID = [
    (SAMPLES / name).read_text(encoding="utf-8")
    for name in (
        "two_player_game.log",
        "three_player_game.log",
        "four_player_fewest_sources.log",
        "tiles_sun_swap_thrift.log",
        "tiles_xtokens_harvest.log",
    )
]
#: Characters a typo is likely to bring in: digits, colours, keywords' letters, punctuation.
ALPHABET = '0123456789 +-=,;:()"#abcdefgilnoprstuwxyIL\t\u00e9'


@st.composite
def mutated(draw: st.DrawFn) -> str:
    lines = draw(st.sampled_from(VALID)).split("\n")
    for _ in range(draw(st.integers(1, 3))):
        if not lines:
            break
        index = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["drop", "duplicate", "swap", "change", "truncate", "insert"]))
        if kind == "drop":
            del lines[index]
        elif kind == "duplicate":
            lines.insert(index, lines[index])
        elif kind == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[index], lines[other] = lines[other], lines[index]
        elif kind == "truncate":
            lines = lines[:index]
        else:
            line = lines[index]
            at = draw(st.integers(0, len(line)))
            char = draw(st.text(ALPHABET, min_size=1, max_size=3))
            if kind == "change":
                lines[index] = line[:at] + char + line[at + 1 :]
            else:
                lines[index] = line[:at] + char + line[at:]
    return "\n".join(lines)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_logs_end_in_success_or_a_placed_error(text: str) -> None:
    result = replay(GAME, text, "<mutated>")
    if result.error is not None:
        assert isinstance(result.error, GamelogError)
        assert isinstance(result.error.line, int) and result.error.line >= 1
        assert isinstance(result.error.column, int) and result.error.column >= 1
        assert result.error.message
        if result.error.kind == "illegal":
            assert result.error.rule
    else:
        GAME.score(result.state)
        GAME.render_position(result.state)


@settings(max_examples=60, deadline=None)
@given(st.text(ALPHABET + "\n", max_size=200))
def test_garbage_after_a_valid_header_never_crashes(tail: str) -> None:
    header = VALID[0].split("\nAnn:", 1)[0] + "\n"
    result = replay(GAME, header + "Ann: " + tail, "<garbage>")
    assert result.error is None or result.error.line is not None


CIRCLE = st.integers(0, 8).map(str)
COLOUR = st.sampled_from(["red", "yellow", "blue", "orange", "green", "purple", "brown"])
TRACK = st.sampled_from(["red", "yellow", "blue"])
SLOT = st.sampled_from(["I1", "I2", "I3", "I4", "II1", "II2", "II3", "II4"])
CARD = st.sampled_from(['"Moon Fern"', '"Elder Rose"', '"Star Vine"', '"Nowhere"'])
TILE = st.sampled_from(sorted(tile_kinds()))
CLAUSE = st.one_of(
    st.builds(
        "collect {}{}".format,
        st.sampled_from(["duplicate", "upgrade", "graft"]),
        st.sampled_from(["", " keep 1", " keep 5 6"]),
    ),
    st.builds("duplicate {} to {}".format, CIRCLE, CIRCLE),
    st.builds("upgrade {} to {}".format, CIRCLE, COLOUR),
    st.builds(
        "graft {}{}+{} at {}".format,
        st.sampled_from(["", "gather at 2 ", "study red "]),
        CIRCLE,
        CIRCLE,
        CIRCLE,
    ),
    st.builds("fairy to {}".format, TRACK),
    st.builds("potion upgrade {} to {}".format, CIRCLE, COLOUR),
    st.builds("exchange {} {} {} for {} at {}".format, CIRCLE, CIRCLE, CIRCLE, TRACK, CIRCLE),
    st.builds("sun {}".format, COLOUR),
    st.builds("move x {} to {} pay {} to {}".format, CARD, CARD, CIRCLE, CIRCLE),
    st.builds("cultivate {} with {} {} advance {}".format, CARD, CIRCLE, CIRCLE, TRACK),
    st.builds("cultivate top L2 {} brown = 3 with {}".format, CARD, CIRCLE),
    st.builds("scholar {}".format, TRACK),
    st.builds("harvest {} at {}".format, COLOUR, CIRCLE),
    st.builds("take {}".format, TILE),
    st.builds("take twoseeds {} at {} green at {}".format, COLOUR, CIRCLE, CIRCLE),
    st.builds("take bundle {} at {} advance {}".format, COLOUR, CIRCLE, TRACK),
    st.builds("take swap back {} forward {}".format, TRACK, TRACK),
    st.builds("take draw drew {} {}".format, TILE, TILE),
    st.builds("reveal L1 {} red = 1".format, CARD),
    st.just("reveal none"),
    st.builds("refill {} {}".format, SLOT, st.one_of(TILE, st.just("none"))),
)


@st.composite
def spliced(draw: st.DrawFn) -> str:
    """A sample game cut after a random turn, with one clause of that turn replaced or
    a clause inserted: the engine meets it deep into a real position."""
    lines = draw(st.sampled_from(VALID)).split("\n")
    # turn lines start with a capitalised player name; header keys are lower case
    turns = [n for n, line in enumerate(lines) if line[:1].isupper() and ": " in line]
    index = draw(st.sampled_from(turns))
    player, rest = lines[index].split(": ", 1)
    parts = rest.split("; ")
    at = draw(st.integers(0, len(parts)))
    new = draw(CLAUSE)
    if draw(st.booleans()) and at < len(parts):
        parts[at] = new
    else:
        parts.insert(at, new)
    lines[index] = f"{player}: {'; '.join(parts)}"
    return "\n".join(lines[: index + 1]) + "\n"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spliced())
def test_a_clause_spliced_into_a_real_game_never_crashes(text: str) -> None:
    result = replay(GAME, text, "<spliced>")
    if result.error is not None:
        assert isinstance(result.error, GamelogError)
        assert result.error.line is not None and result.error.column is not None
        assert result.error.message
    else:
        GAME.score(result.state)

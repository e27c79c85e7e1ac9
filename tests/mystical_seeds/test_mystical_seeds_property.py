"""Mutated logs never crash the replay: every outcome is a success or a GamelogError
with a line number (and, for illegal moves, a rule and a message)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mutations import assert_located, assert_position_usable, mutated_logs
from mystical_seeds_helpers import SAMPLES

from gamelog.core.replay import replay
from gamelog.games.mystical_seeds import GAME
from gamelog.games.mystical_seeds.components import TILE_KINDS

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


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_logs(VALID, ALPHABET))
def test_mutated_logs_end_in_success_or_a_placed_error(text: str) -> None:
    result = replay(GAME, text, "<mutated>")
    assert_located(result)
    assert_position_usable(GAME, result)


@settings(max_examples=60, deadline=None)
@given(st.text(ALPHABET + "\n", max_size=200))
def test_garbage_after_a_valid_header_never_crashes(tail: str) -> None:
    header = VALID[0].split("\nAnn:", 1)[0] + "\n"
    assert_located(replay(GAME, header + "Ann: " + tail, "<garbage>"))


CIRCLE = st.integers(0, 8).map(str)
COLOUR = st.sampled_from(["red", "yellow", "blue", "orange", "green", "purple", "brown"])
TRACK = st.sampled_from(["red", "yellow", "blue"])
SLOT = st.sampled_from(["I1", "I2", "I3", "I4", "II1", "II2", "II3", "II4"])
CARD = st.sampled_from(['"Moon Fern"', '"Elder Rose"', '"Star Vine"', '"Nowhere"'])
TILE = st.sampled_from(sorted(TILE_KINDS))
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
    assert_located(result)
    assert_position_usable(GAME, result)

"""inline.collapse is HTML's whitespace collapsing: each run of ASCII whitespace
(space, tab, line feed, carriage return, form feed, vertical tab) becomes one space,
and nothing else changes (a no-break space and the other Unicode spaces stay)."""
import random
import re

from webgist_host.engine.blocks.inline import collapse

# The definition, as one pattern (what collapse did until session 24).
_RUN = re.compile(r"[ \t\n\r\f\v]+")
# Every ASCII whitespace character, letters, and characters str.split would take for
# white space but HTML does not (no-break, em and ideographic spaces, \x1c, \x85).
_ALPHABET = " \t\n\r\f\vab\u00a0\u2003\u3000\x1c\x85\x00"


def test_collapse_makes_each_whitespace_run_one_space_and_changes_nothing_else():
    rng = random.Random(24)
    for _ in range(20_000):
        text = "".join(rng.choice(_ALPHABET) for _ in range(rng.randint(0, 16)))
        assert collapse(text) == _RUN.sub(" ", text), repr(text)


def test_collapse_examples():
    assert collapse("a \t\n b") == "a b"
    assert collapse("a\vb\fc\rd\ne") == "a b c d e"
    assert collapse("  lead and trail\n") == " lead and trail "
    assert collapse("no\u00a0break \u2003 em") == "no\u00a0break \u2003 em"
    assert collapse("single spaces only") == "single spaces only"

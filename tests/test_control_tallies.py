"""Counts drawn beside a control (a post's votes, claps, replies) leave the text;
numbers that are the author's stay."""
from __future__ import annotations

import pytest

from webgist_host import convert

TEXT = "".join(f"<p>{n} Nurse bees feed the larvae and keep the brood warm through the spring weeks.</p>"
               for n in ("First.", "Second.", "Third."))


def texts(box: str) -> list[str]:
    html = f"<html><body><main><article>{box}{TEXT}</article></main></body></html>"
    return [b.text for b in convert(html, scope="main").blocks
            if b.text and not b.text.endswith("weeks.")]


UP = '<button aria-label="Up vote"><svg width="18" height="18"><path d="M1 12h16L9 4z"></path></svg></button>'
DOWN = '<button aria-label="Down vote">▼</button>'


@pytest.mark.parametrize("box", [
    f'<div class="votes">{UP}<div class="count">6612</div>{DOWN}</div>',          # between vote buttons
    f'<div class="votes">{UP}<div class="count">-1</div>{DOWN}</div>',            # a score below zero
    '<div><a href="/signin?vote=1"><svg aria-label="clap"></svg></a><div><p><span>1.2K</span></p></div></div>',
    '<button aria-label="responses"><svg></svg><p><span>34</span></p></button>',  # in the button
])
def test_a_count_beside_a_control_goes(box):
    assert texts(box) == []


@pytest.mark.parametrize("box, kept", [
    # a review's score beside a button with words
    ('<div><div class="score"><span>9.0</span></div><button>Track price</button></div>', ["9.0"]),
    # a product card's "more colours" beside its swatch links
    ('<div><a href="/p/1"><img src="a.png" alt="Blue"></a><div>+8</div></div>', ["Blue", "+8"]),
    # a result beside a team's linked name
    ('<div><a href="/team/arsenal">Arsenal</a> <div>3</div></div>', ["Arsenal", "3"]),
    # a statistic beside its icon
    ('<div><div><svg></svg><span>500</span></div><p>happy clients</p></div>', ["500", "happy clients"]),
])
def test_numbers_that_are_the_authors_stay(box, kept):
    assert texts(box) == kept

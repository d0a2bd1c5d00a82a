"""A "read also" box of one or two headlines between a dated story's paragraphs."""
from __future__ import annotations

import pytest

from webgist_host import convert

DATED = '<meta property="article:published_time" content="2025-03-01T08:00:00Z">'
PARAGRAPHS = [f"{n} " + " ".join(["Nurse bees feed the larvae and keep the brood warm in spring."] * 3)
              for n in ("First.", "Second.", "Third.")]
HEADLINE = "Beekeepers count fewer hives after a wet winter"


def story(box: str, head: str = DATED) -> str:
    first, second, third = (f"<p>{p}</p>" for p in PARAGRAPHS)
    return f"""<html><head>{head}</head><body><article><h1>Bees</h1>
      <div class="text">{first}{second}{box}{third}</div></article></body></html>"""


def texts(html: str) -> list[str]:
    return [b.text for b in convert(html, scope="main").blocks]


@pytest.mark.parametrize("box", [
    f'<div class="inject"><div>Read also</div><a href="/hives">{HEADLINE}</a></div>',
    f'<div class="x"><p>Lesen Sie auch</p><ul><li><a href="/a">{HEADLINE}</a></li>'
    f'<li><a href="/b">Queen bees live longer than anyone thought</a></li></ul></div>',
])
def test_a_labelled_box_of_one_or_two_headlines_goes(box):
    assert texts(story(box)) == ["Bees", *PARAGRAPHS]


LONG = " ".join(["a linked line far longer than any headline"] * 3)


@pytest.mark.parametrize("box, head", [
    (f'<div class="inject"><div>Read also</div><a href="/hives">{HEADLINE}</a></div>', ""),
    (f'<div class="x"><a href="/hives">{HEADLINE}</a></div>', DATED),          # no label
    (f'<div class="x"><div>Source</div><a href="/r">{LONG}</a></div>', DATED),  # no headline
    (f'<div class="x"><div>Read also</div><p>A line of its own in the box.</p>'
     f'<a href="/hives">{HEADLINE}</a></div>', DATED),                           # more than a box
    (f'<p>Read also</p><p><a href="/hives">{HEADLINE}</a></p>', DATED),          # in the text itself
])
def test_other_short_links_between_the_paragraphs_stay(box, head):
    kept = texts(story(box, head))
    assert any(HEADLINE in t or LONG in t for t in kept)

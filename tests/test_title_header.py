"""The story's headline in a band named "header" beside its text comes back."""
from __future__ import annotations

import pytest

from webgist_host import convert

PARAGRAPHS = [f"{n} " + " ".join(["Nurse bees feed the larvae and keep the brood warm in spring."] * 3)
              for n in ("First.", "Second.", "Third.")]
HEADLINE = "Beekeepers count fewer hives after a wet winter"


def page(header: str, title: str = f"{HEADLINE} - Bee News") -> str:
    text = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
    return f"""<html><head><title>{title}</title></head><body>
      <div class="story">{header}<div class="story-text">{text}</div></div></body></html>"""


def texts(html: str) -> list[str]:
    return [b.text for b in convert(html, scope="main").blocks]


@pytest.mark.parametrize("band", ["read__header", "art-header"])
def test_the_headline_in_a_header_named_band_beside_the_text_stays(band):
    assert texts(page(f'<div class="{band}"><h1>{HEADLINE}</h1></div>')) == [HEADLINE, *PARAGRAPHS]


MENU = '<ul><li><a href="/a">Hives</a></li><li><a href="/b">Honey</a></li></ul>'


@pytest.mark.parametrize("header, title", [
    ('<div class="site-header"><h1>Bee News</h1></div>', f"{HEADLINE} - Bee News"),  # a logo
    (f'<div class="read__header"><h1>{HEADLINE}</h1></div>', "Wasps in the attic"),  # not the title
    (f'<div class="header"><h1>{HEADLINE}</h1>{MENU}</div>', f"{HEADLINE} - Bee News"),  # a menu
])
def test_other_h1s_in_header_bands_stay_out(header, title):
    assert texts(page(header, title)) == PARAGRAPHS

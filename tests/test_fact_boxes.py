"""An <aside> of facts between a story's paragraphs is the story's own."""
from __future__ import annotations

import pytest

from webgist_host import convert

PARAGRAPHS = [f"{n} " + " ".join(["Nurse bees feed the larvae and keep the brood warm in spring."] * 3)
              for n in ("First.", "Second.", "Third.")]
FACTS = ("<h3>The colony in figures</h3><ul><li>About 50,000 workers in summer</li>"
         "<li>One queen laying up to 2,000 eggs a day</li><li>Up to 25 kg of honey a year</li></ul>")


def story(box: str, *, after_last: bool = False, head: str = "") -> str:
    first, second, third = (f"<p>{p}</p>" for p in PARAGRAPHS)
    inside = f"{first}{second}{third}{box}" if after_last else f"{first}{box}{second}{third}"
    return f"""<html><head>{head}</head><body><article><h1>Bees</h1>
      <div class="text">{inside}</div></article>
      <aside class="rail"><p>Five facts about wasps that everyone should know today.</p></aside>
      </body></html>"""


def texts(html: str) -> list[str]:
    return [b.text for b in convert(html, scope="main").blocks]


def test_an_aside_of_facts_between_the_paragraphs_is_the_storys():
    kept = texts(story(f'<aside class="factbox">{FACTS}</aside>'))
    assert kept[:3] == ["Bees", PARAGRAPHS[0], "The colony in figures"]
    assert "Up to 25 kg of honey a year" in kept
    assert "Five facts about wasps that everyone should know today." not in kept


LINKS = "".join(f'<li><a href="/n{n}">Beekeepers count fewer hives after winter {n}</a></li>'
                for n in range(3))
CARD = ('<a href="/metroid"><h4>The spectacular story of the hive, part two</h4></a>'
        '<p>This article continues the telling of how the colony survived the winter.</p>')
PRODUCT = '<script type="application/ld+json">{"@type": "Product", "name": "Hive"}</script>'


@pytest.mark.parametrize("box, after_last, head", [
    (f'<aside class="more"><h3>More on this story</h3><ul>{LINKS}</ul></aside>', False, ""),
    (f"<aside>{CARD}</aside>", False, ""),                                # a teaser card
    ('<aside class="ad"><p>Sponsor message</p></aside>', False, ""),     # too few words
    (f'<aside class="factbox">{FACTS}</aside>', True, ""),               # after the text
    (f'<aside class="factbox">{FACTS}</aside>', False, PRODUCT),         # a product page
])
def test_other_asides_stay_out(box, after_last, head):
    kept = texts(story(box, after_last=after_last, head=head))
    assert not any(t in kept for t in ("More on this story", "The colony in figures",
                                       "Sponsor message",
                                       "The spectacular story of the hive, part two"))


VERDICT = ("<h3>Pros</h3><ul><li>Quiet motor that never wakes the bees</li>"
           "<li>Frames slide out without tools</li></ul><p>Score: 8 out of 10</p>")
COMMENT = "<p>I bought one last spring and the bees moved in within a week.</p>" * 2


def test_a_box_named_review_inside_the_text_is_the_reviews_own():
    kept = texts(story(f'<div class="review-box">{VERDICT}</div>'))
    assert "Score: 8 out of 10" in kept and "Pros" in kept


def test_comments_after_the_text_stay_out():
    kept = texts(story(f'<div class="comments">{COMMENT}</div>', after_last=True))
    assert "I bought one last spring and the bees moved in within a week." not in kept

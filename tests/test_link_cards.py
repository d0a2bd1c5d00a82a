"""Teaser cards drawn as one link among a story's paragraphs (regions/link_cards.py)."""
from __future__ import annotations

from webgist_host import convert

_URL = "https://news.example/city/ferries-summer-1.481"
_SENTENCE = "The ferries return to their summer timetable with twelve more crossings a day."
_PARAGRAPHS = [f"{n} " + " ".join([_SENTENCE] * 3) for n in ("First.", "Second.", "Third.")]
_HEAD = ('<head><meta property="og:type" content="article">'
         '<meta property="article:published_time" content="2019-05-28T08:15:00Z"></head>')


def _page(card: str, head: str = _HEAD) -> str:
    rest = "".join(f"<p>{p}</p>" for p in _PARAGRAPHS[1:])
    return (f"<html>{head}<body><article><h1>Ferries</h1><p>{_PARAGRAPHS[0]}</p>{card}"
            f"{rest}</article></body></html>")


def _card(href: str) -> str:
    return (f'<figure><a href="{href}"><img src="/media/pier.jpg" alt="">'
            "<figcaption><div>Harbour works</div><div>The new pier will be ready by summer</div>"
            "</figcaption></a></figure>")


def _texts(html: str) -> str:
    return convert(html, url=_URL, scope="main").markdown


def test_a_card_linking_to_another_page_of_the_site_goes():
    texts = _texts(_page(_card("/city/pier-works-1.479")))
    assert "The new pier will be ready by summer" not in texts
    assert _PARAGRAPHS[2] in texts


def test_a_block_link_to_another_site_stays():
    assert "The new pier will be ready by summer" in _texts(
        _page(_card("https://harbour-authority.example/pier")))


def test_a_picture_linked_to_a_larger_copy_stays():
    assert "The new pier will be ready by summer" in _texts(
        _page(_card("/media/pier-large.jpg")))


def test_on_a_page_that_does_not_say_it_is_an_article_the_card_stays():
    assert "The new pier will be ready by summer" in _texts(
        _page(_card("/city/pier-works-1.479"), head="<head></head>"))


def test_on_an_undated_article_the_card_goes():
    undated = '<head><meta property="og:type" content="article"></head>'
    assert "The new pier will be ready by summer" not in _texts(
        _page(_card("/city/pier-works-1.479"), head=undated))


def test_a_grid_of_cards_as_long_as_the_story_stays():
    grid = "".join(_card(f"/city/story-{n}") for n in range(3))
    assert "The new pier will be ready by summer" in _texts(_page(grid))

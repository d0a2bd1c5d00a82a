"""A box promoting one other story between a dated story's paragraphs (regions/promo_boxes.py)."""
from __future__ import annotations

from webgist_host import convert

_DATED = '<meta property="article:published_time" content="2019-08-14T07:45:00Z">'
_SENTENCE = "Nurse bees feed the larvae and keep the brood warm in spring."
_PARAGRAPHS = [f"{n} " + " ".join([_SENTENCE] * 3)
               for n in ("First.", "Second.", "Third.", "Fourth.")]
_PROMO_LINE = "Why are wild bees leaving the farms?"
_URL = "https://bees.example/2019/story"


def _promo(href: str = "/2019/wild-bees", line_href: str | None = None, words: str = "") -> str:
    return (f'<div class="promo"><p><a href="{href}"><img src="/wild.jpg" alt="A wild bee"></a></p>'
            f'<p>{_PROMO_LINE}{words} <a href="{line_href or href}">Read more »</a></p></div>')


def _story(head: str, box: str) -> str:
    first = "".join(f"<p>{p}</p>" for p in _PARAGRAPHS[:2])
    rest = "".join(f"<p>{p}</p>" for p in _PARAGRAPHS[2:])
    return (f"<html><head>{head}</head><body><article><h1>Bees</h1>"
            f'<div class="text">{first}{box}{rest}</div></article></body></html>')


def _texts(html: str) -> list[str]:
    return [b.text for b in convert(html, scope="main", url=_URL).blocks]


def test_a_promo_of_one_story_between_a_dated_storys_paragraphs_goes():
    assert _texts(_story(_DATED, _promo())) == ["Bees", *_PARAGRAPHS]


def test_the_promo_stays_on_an_undated_page():
    assert any(_PROMO_LINE in t for t in _texts(_story("", _promo())))


def test_a_box_linking_to_two_places_stays():
    box = _promo(line_href="/2019/other-story")
    assert any(_PROMO_LINE in t for t in _texts(_story(_DATED, box)))


def test_a_box_linking_to_another_site_stays():
    box = _promo(href="https://shop.example/hive")
    assert any(_PROMO_LINE in t for t in _texts(_story(_DATED, box)))


def test_a_box_saying_more_than_a_teaser_stays():
    box = _promo(words=" " + " ".join([_SENTENCE] * 3))
    assert any(_PROMO_LINE in t for t in _texts(_story(_DATED, box)))


def test_promos_one_after_another_stay():
    box = _promo() + _promo("/2019/other-story")
    assert any(_PROMO_LINE in t for t in _texts(_story(_DATED, box)))


def test_the_storys_own_picture_with_a_credit_link_stays():
    box = ('<div class="figure"><p><img src="/hive.jpg" alt="A hive"></p>'
           '<p>A hive on a roof. Image: <a href="/people/ana">Ana Lima</a></p></div>')
    assert any("A hive on a roof" in t for t in _texts(_story(_DATED, box)))


def test_a_gallery_picture_whose_caption_is_all_link_stays():
    box = ('<div class="figure"><p><a href="/gallery/7"><img src="/hive.jpg" alt="A hive"></a></p>'
           '<p><a href="/gallery/7">A hive on a roof in the old town</a></p></div>')
    assert any("A hive on a roof" in t for t in _texts(_story(_DATED, box)))

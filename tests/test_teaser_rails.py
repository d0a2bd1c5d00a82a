"""A rail of teaser cards between a dated story's paragraphs (regions/teaser_rails.py)."""
from __future__ import annotations

from webgist_host import convert

_DATED = '<meta property="article:published_time" content="2019-08-14T07:45:00Z">'
_SENTENCE = "Nurse bees feed the larvae and keep the brood warm in spring."
_PARAGRAPHS = [f"{n} " + " ".join([_SENTENCE] * 3)
               for n in ("First.", "Second.", "Third.", "Fourth.")]
_TEASER = "A line about the story and why it matters."


def _card(n: int, href: str) -> str:
    return (f'<div class="card"><a href="{href}">Headline number {n} about the hives this week</a>'
            f"<p>{_TEASER}</p></div>")


def _story(head: str, rail: str) -> str:
    first = "".join(f"<p>{p}</p>" for p in _PARAGRAPHS[:2])
    rest = "".join(f"<p>{p}</p>" for p in _PARAGRAPHS[2:])
    return (f'<html><head>{head}</head><body><div class="page"><h1>Bees</h1>'
            f'<div class="text">{first}{rail}{rest}</div></div></body></html>')


def _rail(href: str = "/hives/{n}") -> str:
    cards = "".join(_card(n, href.format(n=n)) for n in range(1, 4))
    return f'<div class="box"><div class="label">Picked for you</div>{cards}</div>'


def _texts(html: str) -> list[str]:
    document = convert(html, scope="main", url="https://bees.example/2019/story")
    return [b.text for b in document.blocks]


def test_a_rail_of_teaser_cards_between_a_dated_storys_paragraphs_goes():
    assert _texts(_story(_DATED, _rail())) == ["Bees", *_PARAGRAPHS]


def test_the_rail_stays_on_an_undated_page():
    assert _TEASER in _texts(_story("", _rail()))


def test_cards_leading_to_other_sites_stay():
    # A shop list or an author's sources: not the site's own teasers.
    assert _TEASER in _texts(_story(_DATED, _rail("https://shop{n}.example/item")))


def test_cards_laid_in_the_texts_own_element_stay():
    cards = "".join(_card(n, f"/hives/{n}") for n in range(1, 4))
    assert _TEASER in _texts(_story(_DATED, cards))


def test_two_cards_are_no_rail():
    cards = "".join(_card(n, f"/hives/{n}") for n in range(1, 3))
    assert _TEASER in _texts(_story(_DATED, f'<div class="box">{cards}</div>'))


def test_a_rail_under_the_authors_own_heading_stays():
    # A buying guide's picks: cards of the site's own reviews under "Our picks".
    cards = "".join(_card(n, f"/reviews/{n}") for n in range(1, 4))
    texts = _texts(_story(_DATED, f'<div class="picks"><h2>Our picks</h2>{cards}</div>'))
    assert "Our picks" in texts and _TEASER in texts


def test_a_rail_under_a_furniture_heading_goes():
    cards = "".join(_card(n, f"/hives/{n}") for n in range(1, 4))
    html = _story(_DATED, f'<div class="box"><h2>Recommended stories</h2>{cards}</div>')
    assert _texts(html) == ["Bees", *_PARAGRAPHS]


# closing_cards: a story's "previous / next" cards after its last paragraph.

def _closing(head: str, box: str) -> str:
    text = "".join(f"<p>{p}</p>" for p in _PARAGRAPHS)
    return (f'<html><head>{head}</head><body><div class="page"><h1>Bees</h1>'
            f'<div class="text">{text}{box}</div></div></body></html>')


def _pager(href: str = "/hives/{n}", count: int = 2) -> str:
    cards = "".join(f'<div class="card"><p><a href="{href.format(n=n)}">Next</a></p>'
                    f'<h5><a href="{href.format(n=n)}">Headline number {n} about the hives</a></h5>'
                    f"<p>{_TEASER}</p></div>" for n in range(1, count + 1))
    return f'<div class="box">{cards}</div>'


def test_two_cards_after_a_dated_storys_last_paragraph_go():
    assert _texts(_closing(_DATED, _pager())) == ["Bees", *_PARAGRAPHS]


def test_the_closing_cards_stay_on_an_undated_page():
    assert _TEASER in _texts(_closing("", _pager()))


def test_closing_cards_leading_to_other_sites_stay():
    assert _TEASER in _texts(_closing(_DATED, _pager("https://shop{n}.example/item")))


def test_closing_cards_laid_in_the_texts_own_element_stay():
    cards = _pager()[len('<div class="box">'):-len("</div>")]
    assert _TEASER in _texts(_closing(_DATED, cards))


_LINE = "The hive keeps its queen warm in winter and the workers rotate to the cold edge."


def test_closing_cards_saying_more_than_a_teaser_stay():
    # Two lines of 16 words each: more than a teaser says (TEASER_CARD_MAX_WORDS), and
    # neither long enough to be read as one of the story's own paragraphs.
    long = _pager().replace(_TEASER, f"{_LINE}</p><p>{_LINE}")
    assert _LINE in _texts(_closing(_DATED, long))


def _headed(heading: str) -> str:
    return _pager().replace('<div class="box">', f'<div class="box"><h2>{heading}</h2>', 1)


def test_closing_cards_under_the_authors_own_heading_stay():
    texts = _texts(_closing(_DATED, _headed("Our picks")))
    assert "Our picks" in texts and _TEASER in texts


def test_closing_cards_under_a_furniture_heading_go():
    assert _texts(_closing(_DATED, _headed("More stories"))) == ["Bees", *_PARAGRAPHS]

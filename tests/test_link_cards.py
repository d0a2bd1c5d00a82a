"""Teaser cards drawn as one link among a story's paragraphs (regions/link_cards.py).

Each guard of the rule has a test here that fails when the guard is taken out."""
from __future__ import annotations

import pytest

from webgist_host import convert

_URL = "https://news.example/city/ferries-summer-1.481"
_SENTENCE = "The ferries return to their summer timetable with twelve more crossings a day."
_PARAGRAPHS = [f"{n} " + " ".join([_SENTENCE] * 3) for n in ("First.", "Second.", "Third.")]
_HEAD = ('<head><meta property="og:type" content="article">'
         '<meta property="article:published_time" content="2019-05-28T08:15:00Z"></head>')
_LINE = "The new pier will be ready by summer"
_PICTURE = "pier.jpg"


def _page(card: str, head: str = _HEAD) -> str:
    rest = "".join(f"<p>{p}</p>" for p in _PARAGRAPHS[1:])
    return (f"<html>{head}<body><article><h1>Ferries</h1><p>{_PARAGRAPHS[0]}</p>{card}"
            f"{rest}</article></body></html>")


def _card(href: str, picture: bool = True) -> str:
    image = f'<img src="/media/{_PICTURE}" alt="">' if picture else ""
    return (f'<figure><a href="{href}">{image}'
            f"<figcaption><div>Harbour works</div><div>{_LINE}</div>"
            "</figcaption></a></figure>")


def _texts(html: str, url: str | None = _URL) -> str:
    return convert(html, url=url, scope="main").markdown


def test_a_card_linking_to_another_page_of_the_site_goes_picture_and_lines():
    texts = _texts(_page(_card("/city/pier-works-1.479")))
    assert _LINE not in texts
    assert _PICTURE not in texts
    assert _PARAGRAPHS[2] in texts


def test_a_card_written_with_the_site_s_full_address_goes():
    assert _LINE not in _texts(_page(_card("https://www.news.example/city/pier-works-1.479")))


def test_a_block_link_to_another_site_stays():
    assert _LINE in _texts(_page(_card("https://harbour-authority.example/pier")))


@pytest.mark.parametrize("href", ["/media/pier-large.jpg", "/files/pier-plan.pdf",
                                  "/files/timetable.docx", "/files/timetable.xlsx",
                                  "/files/crossings.csv"])
def test_a_card_linking_to_a_file_stays(href):
    assert _LINE in _texts(_page(_card(href)))


@pytest.mark.parametrize("href", ["", "?photo=1", "/city/ferries-summer-1.481?photo=1",
                                  "/city/ferries-summer-1.481/", "#gallery",
                                  "/city/ferries-summer-1.481#gallery",
                                  "javascript:openGallery()", "mailto:desk@news.example",
                                  "tel:+441234567"])
def test_a_card_linking_to_this_page_or_no_page_stays(href):
    assert _LINE in _texts(_page(_card(href)))


def test_a_text_only_card_linking_to_another_page_of_the_site_goes():
    texts = _texts(_page(_card("/city/pier-works-1.479", picture=False)))
    assert _LINE not in texts


def test_a_picture_alone_linked_to_another_page_stays():
    card = ('<figure><a href="/city/pier-works-1.479"><img src="/media/pier.jpg" alt=""></a>'
            f"<figcaption>{_LINE}</figcaption></figure>")
    texts = _texts(_page(card))
    assert _PICTURE in texts
    assert _LINE in texts


def test_a_link_around_one_of_the_story_s_own_paragraphs_stays():
    own = f"Fourth. {' '.join([_SENTENCE] * 3)}"
    card = f'<a href="/city/pier-works-1.479"><img src="/media/pier.jpg" alt=""><p>{own}</p></a>'
    assert own in _texts(_page(card))


def test_a_linked_heading_over_the_story_s_own_paragraph_stays():
    own = f"Fourth. {' '.join([_SENTENCE] * 3)}"
    card = ('<a href="/towns/riva/"><img src="/media/riva.jpg" alt="">'
            f"<h2>Riva del Garda</h2></a><p>{own}</p>")
    texts = _texts(_page(card))
    assert "Riva del Garda" in texts
    assert own in texts


def test_on_a_page_that_does_not_say_it_is_an_article_the_card_stays():
    assert _LINE in _texts(_page(_card("/city/pier-works-1.479"), head="<head></head>"))


def test_on_an_undated_article_the_card_goes():
    undated = '<head><meta property="og:type" content="article"></head>'
    assert _LINE not in _texts(_page(_card("/city/pier-works-1.479"), head=undated))


def test_a_grid_of_cards_as_long_as_the_story_stays():
    grid = "".join(_card(f"/city/story-{n}") for n in range(3))
    assert _LINE in _texts(_page(grid))


def test_two_cards_beside_three_paragraphs_go():
    grid = "".join(_card(f"/city/story-{n}") for n in range(2))
    assert _LINE not in _texts(_page(grid))


def test_without_the_page_s_address_a_relative_card_goes():
    assert _LINE not in _texts(_page(_card("/city/pier-works-1.479")), url=None)


def test_without_the_page_s_address_a_card_to_any_host_stays():
    assert _LINE in _texts(_page(_card("https://harbour-authority.example/pier")), url=None)


@pytest.mark.parametrize("href", ["", "#gallery", "?photo=1", "javascript:openGallery()",
                                  "mailto:desk@news.example"])
def test_without_the_page_s_address_a_card_linking_to_no_other_page_stays(href):
    assert _LINE in _texts(_page(_card(href)), url=None)


# A related-stories grid whose cards each carry an excerpt long enough to read as prose
# (each part of the card an element of its own inside the one <a>), cut short by the
# template with an ellipsis.
_EXCERPT = ("The slow ferry calls at seven villages on its way round the islands, and each of "
            "them has a bakery, a bar or a beach worth the wait for the next boat this summer")


def _excerpt_card(n: int, end: str = "...") -> str:
    return (f'<a href="/city/story-{n}"><div><div>CITY</div><div>Harbour works {n}</div>'
            f"<div>{_LINE}</div><div>by Ana Ruiz</div><div>{_EXCERPT} {n}{end}</div></div></a>")


def _grid(count: int = 4, end: str = "...", intro: str = "") -> str:
    cards = "".join(_excerpt_card(n, end) for n in range(count))
    return f'<div class="related">{intro}{cards}</div>'


def _story(paragraphs: list[str], before: str = "", inside: str = "", after: str = "") -> str:
    text = "".join(f"<p>{p}</p>" for p in paragraphs)
    return (f"<html>{_HEAD}<body><div class='contents'>{before}<div class='text'><h1>Ferries</h1>"
            f"{text}{inside}</div>{after}</div></body></html>")


@pytest.mark.parametrize("end", ["...", "\u2026", " [\u2026]", " [...]", "&hellip;",
                                 " [&hellip;]"])
def test_a_grid_of_cut_short_excerpt_cards_after_the_story_and_outside_it_goes(end):
    texts = _texts(_story(_PARAGRAPHS, after=_grid(end=end)))
    assert _EXCERPT not in texts
    assert _LINE not in texts
    assert _PARAGRAPHS[2] in texts


@pytest.mark.parametrize("end", [".", "!", "\u3002", "... and more."])
def test_cards_whose_summaries_end_as_the_author_wrote_them_stay(end):
    # A roundup, a series index, a listicle, a live feed: each item a linked card with
    # a summary the author wrote in full. Only a cut-short excerpt marks a teaser.
    texts = _texts(_story(_PARAGRAPHS, after=_grid(end=end)))
    assert _EXCERPT in texts
    assert _LINE in texts


def test_one_card_written_in_full_keeps_only_itself_among_cut_short_ones():
    grid = ('<div class="related">' + _excerpt_card(0, ".")
            + "".join(_excerpt_card(n) for n in (1, 2, 3)) + "</div>")
    texts = _texts(_story(_PARAGRAPHS, after=grid))
    assert f"{_EXCERPT} 0." in texts
    assert f"{_EXCERPT} 1" not in texts


def test_a_card_whose_excerpt_runs_over_two_paragraphs_is_read_by_its_last():
    # A template clips the excerpt at so many words: the first paragraph whole, the
    # second cut short.
    def card(n: int, first_end: str, last_end: str) -> str:
        return (f'<a href="/city/story-{n}"><div><div>CITY</div><div>Harbour works {n}</div>'
                f"<div>{_LINE}</div><div>by Ana Ruiz</div>"
                f"<div>{_SENTENCE} {_EXCERPT} {n}{first_end}</div>"
                f"<div>{_EXCERPT} {n}{last_end}</div></div></a>")
    clipped = "".join(card(n, ".", "...") for n in range(3))
    assert _EXCERPT not in _texts(_story(_PARAGRAPHS, after=f"<div>{clipped}</div>"))
    whole = "".join(card(n, "...", ".") for n in range(3))
    assert _EXCERPT in _texts(_story(_PARAGRAPHS, after=f"<div>{whole}</div>"))


def test_the_grid_inside_the_element_that_holds_the_story_stays():
    assert _EXCERPT in _texts(_story(_PARAGRAPHS, inside=_grid()))


def test_the_grid_above_the_story_stays():
    assert _EXCERPT in _texts(_story(_PARAGRAPHS, before=_grid()))


def test_a_grid_in_a_sibling_whose_path_extends_the_story_s_goes():
    # The story in div[1], the grid in div[12]: "div[1]" is a prefix of "div[12]" as
    # text, not as an element.
    fillers = "".join("<div></div>" for _ in range(10))
    html = (f"<html>{_HEAD}<body><div class='contents'><div><h1>Ferries</h1>"
            + "".join(f"<p>{p}</p>" for p in _PARAGRAPHS)
            + f"</div>{fillers}{_grid()}</div></body></html>")
    texts = _texts(html)
    assert _EXCERPT not in texts
    assert _PARAGRAPHS[2] in texts


@pytest.mark.parametrize("intro", ["<h2>See also</h2>", "<h3>\u95a2\u9023\u9805\u76ee</h3>",
                                   "<p>The whole series, part by part:</p>",
                                   "<p>\u30b7\u30ea\u30fc\u30ba\uff1a</p>"])
def test_cut_short_cards_under_a_heading_or_a_lead_in_in_their_element_stay(intro):
    texts = _texts(_story(_PARAGRAPHS, after=_grid(intro=intro)))
    # Every card of the section, not only the first, which follows the title directly.
    assert all(f"{_EXCERPT} {n}..." in texts for n in range(4))


def test_a_lead_in_outside_the_cards_element_does_not_keep_them():
    # The story's last line ends in a colon, but in the story's element, not the grid's.
    last = _PARAGRAPHS[2] + " Read more below:"
    texts = _texts(_story(_PARAGRAPHS[:2] + [last], after=_grid()))
    assert _EXCERPT not in texts

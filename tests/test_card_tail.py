"""regions/card_tail.py: a tail of next-story cards after the article's text goes;
each guard keeps a tail that is not one. Variants of the fixture
news--single-next-story-card-after-text (German)."""
from __future__ import annotations

import json
from pathlib import Path

import webgist_host

PAGE = Path(__file__).parent / "pages" / "news--single-next-story-card-after-text"
OTHER = "https://www.sternblick.example/stars/schauspieler-heiratet-heimlich-4711.html"
CARD = "Schauspieler heiratet heimlich auf einer Insel"


def _convert(html: str) -> str:
    url = json.loads((PAGE / "options.json").read_text())["url"]
    return webgist_host.convert(html, url=url, scope="main").markdown


def _page() -> str:
    return (PAGE / "page.html").read_text(encoding="utf-8")


def test_the_card_after_the_text_goes():
    md = _convert(_page())
    assert CARD not in md and "Weiterlesen" not in md
    assert "baldiges Konzert in Deutschland" in md


def test_an_undeclared_page_keeps_the_card():
    # Not declared an article: a page of cards is what such a page may list.
    md = _convert(_page().replace('<meta property="og:type" content="article">', ""))
    assert CARD in md


def test_a_discussion_keeps_the_card():
    ld = ('<script type="application/ld+json">{"@context": "https://schema.org", '
          '"@type": "DiscussionForumPosting", "headline": "x"}</script>')
    md = _convert(_page().replace("</head>", ld + "</head>"))
    assert CARD in md


def test_a_heading_linking_to_another_site_stays():
    # A roundup's item names a shop or another site's page: what the text points to.
    md = _convert(_page().replace(OTHER, "https://www.anderer-laden.example/insel-hochzeit"))
    assert CARD in md


def test_a_heading_linking_to_the_page_itself_stays():
    url = json.loads((PAGE / "options.json").read_text())["url"]
    md = _convert(_page().replace(OTHER, url))
    assert CARD in md


def test_a_linked_section_with_two_paragraphs_stays():
    # Two lines of prose under the heading: a section of the text, not a card.
    second = ("<p>Die Trauung fand am Strand statt, danach feierten die Gäste bis in die "
              "Nacht in einem kleinen Restaurant am Hafen.</p>")
    md = _convert(_page().replace("</strong></a></p>", "</strong></a></p>" + second))
    assert CARD in md


def test_cards_without_a_text_above_them_stay():
    # Under TAIL_MIN_TEXT_WORDS words of paragraphs above: the cards are the page.
    html = _page()
    for start, end in (("<p>Nach", "</p>"), ("<p>Laut", "</p>"), ("<p>Ihre", "</p>")):
        a = html.index(start)
        b = html.index(end, a)
        html = html[:a] + "<p>Kurz notiert.</p>" + html[b + len(end):]
    md = _convert(html)
    assert CARD in md


def test_an_undated_page_keeps_the_card():
    md = _convert(_page().replace(
        '<meta property="article:published_time" content="2019-06-17T09:30:00+02:00">', ""))
    assert CARD in md


def test_a_linked_line_that_is_no_heading_stays():
    # Only a heading opens a card: a linked line with a note under it may be the
    # text's own source or reference.
    html = _page().replace(f'<h3><a href="{OTHER}">{CARD}</a></h3>', f'<p><a href="{OTHER}">{CARD}</a></p>')
    assert CARD in _convert(html)

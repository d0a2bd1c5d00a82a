"""Links drawn around blocks (regions/marks.py `linked_through`, belief.py): a
navigation mark whose links each hold <div>s is made of links, not of prose.

Each guard has a test here that fails when the guard is taken out."""
from __future__ import annotations

from webgist_host import convert

_URL = "https://tools.example/blog/keeping-receipts"
_SENTENCE = "Keep every receipt in one folder and the quarterly return takes half an hour."
_TEXT = "".join(f"<p>{n} {_SENTENCE} {_SENTENCE}</p>" for n in ("First.", "Second.", "Third."))
_OUTRO = f"<p>Last. {_SENTENCE} {_SENTENCE}</p>"


def _entry(n: int, teaser: str) -> str:
    return (f'<a href="/product/{n}"><div>Product {n}</div><div>{teaser}</div></a>')


def _page(nav: str) -> str:
    # The story's sections stand side by side under <body>: the container is <body>
    # and only the marks say what the menu is.
    return (f"<html><body>{nav}<section><h1>Receipts</h1></section>"
            f"<section>{_TEXT}</section><section>{_OUTRO}</section></body></html>")


def _md(html: str) -> str:
    return convert(html, url=_URL, scope="main").markdown


def test_menu_of_links_around_divs_goes():
    entries = "".join(_entry(n, "Sent and paid in a day") for n in range(1, 9))
    md = _md(_page(f'<nav class="menu-bar"><div>{entries}</div></nav>'))
    assert "Product 3" not in md and "Sent and paid" not in md
    assert "Last. Keep every receipt" in md and "First. Keep every receipt" in md


def test_cards_with_sentences_under_their_links_stay():
    # A box named as navigation whose links hold teaser sentences is a grid of
    # cards: the sentences stay prose, so the name is not believed.
    teaser = ("Our specialists review your books every quarter and file the return "
              "for you, so that no deadline and no deduction is missed.")
    entries = "".join(_entry(n, teaser) for n in range(1, 4))
    page = (f'<html><body><section>{_TEXT}</section>'
            f'<div class="services-nav"><div>{entries}</div></div></body></html>')
    md = _md(page)
    assert "Our specialists review your books" in md


def _cards_page(box: str, teaser: str) -> str:
    entries = "".join(_entry(n, teaser) for n in range(1, 4))
    return (f'<html><body><section>{_TEXT}</section>'
            f'<div class="{box}"><div>{entries}</div></div></body></html>')


_TEASER_12 = "Our specialists review your books every quarter and file the return for you"


def test_card_teaser_of_twelve_words_stays_with_its_title():
    md = _md(_cards_page("services-nav", _TEASER_12))
    assert "Our specialists review your books" in md
    assert "Product 1" in md and "Product 3" in md


def test_card_teaser_under_twelve_words_reads_as_a_menu_entry():
    # The known limit: a card is told from a menu entry by its teaser's length
    # alone, so cards with teasers of 6-11 words in a box named as navigation go
    # as a menu would (docs/rules/regions.md).
    for words in (6, 11):
        teaser = " ".join(_TEASER_12.split()[:words])
        md = _md(_cards_page("services-nav", teaser))
        assert "Product 1" not in md and teaser not in md, words


def test_heading_inside_a_link_makes_it_a_card():
    # A docs index's <a><h3>title</h3><div>line</div></a> in a navigation landmark:
    # the link is a card's, its blocks are not counted as a menu's.
    entries = "".join(f'<a href="/docs/{n}"><div><h3>Guide {n}</h3><div>Sent and paid in a day</div>'
                      f'</div></a>' for n in range(1, 9))
    md = _md(_page(f'<nav aria-label="Guides"><div>{entries}</div></nav>'))
    assert "Guide 3" in md and "Sent and paid" in md


def test_any_size_shortcut_keeps_the_plain_count():
    # Through-links count only where the mark is already small: a <nav> landmark
    # of link-wrapped entries holding most of the page is not navigation at any size.
    entries = "".join(_entry(n, "Sent and paid in a day") for n in range(1, 30))
    page = (f'<html><body><h1>Receipts</h1><p>{_SENTENCE}</p>'
            f'<nav class="menu-bar"><div>{entries}</div></nav></body></html>')
    assert "Product 12" in _md(page)


def test_half_the_page_in_a_nav_of_cards_and_links_stays():
    # Half the page's words in a <nav> landmark: a few plain links and a grid of
    # link-wrapped entries. Only the plain links count for the any-size shortcut.
    links = "".join(f'<a href="/t/{n}">Topic number {n} of this week</a> ' for n in range(1, 7))
    entries = "".join(_entry(n, "Sent and paid in a day") for n in range(1, 9))
    story = f"<p>{_SENTENCE} {_SENTENCE}</p>" * 2 + f"<p>{_SENTENCE}</p>"
    page = (f'<html><body><h1>Receipts</h1>{story}'
            f'<nav aria-label="Products"><div>{links}</div><div>{entries}</div></nav></body></html>')
    assert "Product 4" in _md(page)


def test_box_of_cards_named_for_another_kind_is_weighed_by_its_plain_links():
    # Through-links count for navigation marks only: a sidebar-named box holding
    # most of the page's prose outside links stays, link-wrapped or not.
    menu = "".join(f'<a href="/t/{n}">Topic number {n} of the week</a> ' for n in range(1, 10))
    entries = "".join(_entry(n, "Sent and paid in a day by the team") for n in range(1, 7))
    page = (f'<html><body><nav><div>{menu}</div></nav><h1>Receipts</h1>'
            f'<p>{_SENTENCE}</p><div class="sidebar"><div>{entries}</div></div></body></html>')
    assert "Product 4" in _md(page)


def test_words_inside_a_link_count_once():
    # A box named as navigation that holds a paragraph and four small link entries
    # (<a>label<div>sub</div></a>): the links' words are a third of it, not a menu.
    intro = ("Receipts for every purchase over fifty euros go into the shared folder before "
             "the end of the month, with the supplier, the amount and the project written "
             "on each one, so the quarterly return can be filled in from the folder alone.")
    entries = "".join(f'<li><a href="/p/{n}">Label<div>Short sub {n}</div></a></li>'
                      for n in range(1, 5))
    page = (f'<html><body><section>{_TEXT}</section><section>{_OUTRO}</section>'
            f'<div class="side-nav"><p>{intro}</p><ul>{entries}</ul></div></body></html>')
    assert "Receipts for every purchase" in _md(page)


def test_a_small_page_header_of_a_tagline_goes():
    # The linked share is a navigation mark's test only: a page header named as such
    # goes when small, however little of it is linked.
    header = ('<div class="site-header"><a href="/"><div>Ledgerly</div></a>'
              '<div>Bookkeeping for small shops in Leeds since 1998</div></div>')
    md = _md(_page(header))
    assert "Bookkeeping for small shops" not in md and "Ledgerly" not in md
    assert "First. Keep every receipt" in md

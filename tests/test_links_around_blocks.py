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

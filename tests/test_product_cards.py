"""Cards of other products after a product page's description (regions/product_cards.py)."""
from __future__ import annotations

from webgist_host import convert

_HEAD = ('<head><title>Lampe Atelier</title><script type="application/ld+json">'
         '{"@type": "Product", "name": "Lampe Atelier"}</script></head>')
_NO_PRODUCT_HEAD = "<head><title>Lampe Atelier</title></head>"
_TEXT = ("Une lampe de bureau en laiton brossé, au bras articulé en deux points, "
         "dont l'abat-jour se tourne d'une main sans outil.")
_MORE = ("Livrée avec une ampoule LED de huit watts, elle éclaire un plan de travail "
         "de soixante centimètres sans éblouir.")


def _texts(html: str) -> list[str]:
    return [b.text for b in convert(html, scope="main").blocks]


def _card(n: int, under: str = "<p>89,00 €</p>") -> str:
    return f'<div class="k"><a href="/p/{n}"><h3>Applique murale numéro {n}</h3></a>{under}</div>'


def _page(cards: str, head: str = _HEAD, label: str = "<h2>À associer</h2>",
          text: str = f"<p>{_TEXT}</p><p>{_MORE}</p>") -> str:
    return (f"<html>{head}<body><div class='w'><div class='d'><h1>Lampe Atelier</h1>{text}</div>"
            f"<div class='r'>{label}<div class='g'>{cards}</div></div></div></body></html>")


def test_other_products_after_the_description_go_with_their_label():
    texts = _texts(_page("".join(_card(n) for n in range(1, 4))))
    assert texts == ["Lampe Atelier", _TEXT, _MORE]


def test_two_cards_are_no_series_and_stay():
    texts = _texts(_page("".join(_card(n) for n in range(1, 3))))
    assert "Applique murale numéro 1" in texts and "À associer" in texts


def test_only_on_a_page_that_declares_a_product():
    texts = _texts(_page("".join(_card(n) for n in range(1, 4)), head=_NO_PRODUCT_HEAD))
    assert "Applique murale numéro 3" in texts


def test_cards_that_say_a_sentence_each_stay():
    """The shop's services or the product's features, each told in a sentence."""
    told = "".join(_card(n, f"<p>{_MORE}</p>") for n in range(1, 4))
    assert "Applique murale numéro 2" in _texts(_page(told, text=f"<p>{_TEXT}</p>" * 6))


def test_a_bare_list_of_links_stays():
    """Nothing under each title: a list the page makes (categories, features)."""
    bare = "".join(_card(n, "") for n in range(1, 4))
    assert "Applique murale numéro 2" in _texts(_page(bare))


def test_cards_that_are_most_of_the_page_stay():
    """A category grid that declares a product is mostly its cards."""
    grid = "".join(_card(n, "<p>89,00 €</p><p>En stock, expédiée sous deux jours</p>")
                   for n in range(1, 13))
    texts = _texts(_page(grid, text=""))
    assert "Applique murale numéro 12" in texts


def test_cards_of_many_lines_are_sections_and_stay():
    lines = "".join(f"<p>Ligne {k} de la fiche</p>" for k in range(7))
    sections = "".join(_card(n, lines) for n in range(1, 4))
    assert "Applique murale numéro 1" in _texts(_page(sections, text=f"<p>{_TEXT}</p>" * 12))

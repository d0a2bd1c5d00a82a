"""A product page's button lines (regions/button_lines.py)."""
from __future__ import annotations

from webgist_host import convert

_PRODUCT = ('<script type="application/ld+json">{"@context": "https://schema.org", '
            '"@type": "Product", "name": "Trail pack 25", "offers": {"@type": "Offer", '
            '"price": "99.00", "priceCurrency": "EUR"}}</script>')
_TEXT = [
    "The pack carries twenty-five litres on a ventilated back panel, with a hip belt "
    "that takes the weight off the shoulders on long climbs.",
    "Its fabric is recycled nylon with a water-repellent finish that keeps a light "
    "shower out, and every seam is taped at the bottom of the bag.",
    "A side pocket holds a bottle within reach, and a sleeve inside takes a bladder of "
    "up to three litres with a port for its hose on either strap.",
    "Each pack is checked by hand before it leaves the workshop, and we repair it for "
    "free for as long as you own it, wherever you bought it.",
]
_BUTTONS = ('<div class="variants"><button type="button"><p>Forest green, size M</p></button>'
            '<button type="button"><p>Slate grey, size L</p></button></div>')


def _texts(body: str, head: str = _PRODUCT) -> list[str]:
    html = f"<html><head><title>Trail pack 25</title>{head}</head><body><main>{body}</main></body></html>"
    return [b.text for b in convert(html, scope="main").blocks]


def _page(extra: str, paragraphs: list[str] = _TEXT) -> str:
    return "<h1>Trail pack 25</h1>" + extra + "".join(f"<p>{p}</p>" for p in paragraphs)


def test_a_product_pages_variant_buttons_go():
    assert _texts(_page(_BUTTONS)) == ["Trail pack 25", *_TEXT]


def test_buttons_stay_on_a_page_that_declares_no_product():
    texts = _texts(_page(_BUTTONS), head="")
    assert "Forest green, size M" in texts and "Slate grey, size L" in texts


def test_an_accordion_heading_in_a_button_stays():
    texts = _texts(_page('<button type="button"><h2>Materials</h2></button>'))
    assert "Materials" in texts


def test_buttons_stay_on_a_page_that_is_mostly_its_buy_box():
    texts = _texts(_page(_BUTTONS, paragraphs=_TEXT[:1]))
    assert "Forest green, size M" in texts

"""A product page's button lines (regions/button_lines.py)."""
from __future__ import annotations

from webgist_host import convert
from webgist_host.engine.model import Block, BlockKind
from webgist_host.engine.regions.button_lines import BUTTON_LINE_REASON, product_button_lines

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
# Enough description that the old rule's 10% share gate let it fire on each test's page.
_MORE = [
    "The lid rolls back on a two-way zip, so the main compartment opens wide enough to "
    "pack a jacket, a first-aid kit and lunch without taking everything out again.",
    "Two loops on the front take walking poles or an ice axe, and a bungee cord across "
    "the lid holds a wet shell apart from the dry things inside the pack.",
    "The shoulder straps are cut narrower for smaller frames in the short back length, "
    "and both lengths carry a sternum strap that slides up and down its rail.",
    "A rain cover sits folded in the base pocket, clipped to the frame so the wind cannot "
    "take it, and its bright colour makes the wearer easy to see in fog.",
    "The back panel is a mesh stretched over a curved frame: air moves between the pack "
    "and the walker, and the shirt underneath stays drier on a hot afternoon.",
    "Small hip-belt pockets hold a phone, a map and a snack, each closed by a zip that "
    "can be worked with gloves on, and one of them has a key clip inside.",
    "The whole pack weighs just over a kilogram, and the frame can be taken out for short "
    "trips or for a flight, where it then folds flat into a cabin bag.",
    "Every buckle is made from the same recycled nylon, so the pack can go back to us at "
    "the end of its life and its materials can be melted down together.",
]
_LONG = _TEXT + _MORE
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


def _long_page(extra: str) -> str:
    return _page(extra, paragraphs=_LONG)


def test_buttons_stay_on_a_page_that_is_mostly_its_buy_box():
    texts = _texts(_page(_BUTTONS, paragraphs=_TEXT[:1]))
    assert "Forest green, size M" in texts


def test_an_open_close_toggles_question_stays():
    # A plain FAQ question: a text-only button of 4+ words is a paragraph at .../button[1].
    faq = ('<div class="faq-item"><button class="faq-q" aria-expanded="false" aria-controls="a1">'
           'Can I put it in the dishwasher?</button>'
           '<div id="a1"><p>No: hot water and detergent lift the finish off the nylon. Wash it '
           'by hand in warm water with a little soap and hang it to dry.</p></div></div>')
    texts = _texts(_long_page(_BUTTONS + faq))
    assert "Can I put it in the dishwasher?" in texts
    assert "Forest green, size M" not in texts


def test_a_non_heading_accordion_toggle_stays():
    # The title in a <div> beside an icon, not a heading.
    toggle = ('<button type="button" aria-expanded="false" aria-controls="p1"><div>Shipping '
              '&amp; Returns</div><div aria-hidden="true" class="chevron"></div></button>'
              '<div id="p1"><p>We ship within two days and take returns for thirty days.</p></div>')
    texts = _texts(_long_page(_BUTTONS + toggle))
    assert "Shipping & Returns" in texts
    assert "Slate grey, size L" not in texts


def test_a_menu_buttons_label_goes():
    # aria-expanded with aria-haspopup: a size or colour menu, a buy box's control.
    menu = ('<button type="button" aria-haspopup="listbox" aria-expanded="false">'
            '<p>Choose your size</p></button>')
    assert _texts(_long_page(menu)) == ["Trail pack 25", *_LONG]


def test_a_long_line_in_a_button_stays():
    # A "read more" button round a paragraph (Spanish: no word of it is read).
    more = ("La mochila se cose a mano en nuestro taller de Valencia con hilo de poliéster "
            "reciclado, y cada costura de carga lleva un refuerzo doble que revisamos una a "
            "una antes de enviarla a casa del cliente.")
    texts = _texts(_long_page(f'<button type="button" class="read-more"><p>{more}</p></button>'))
    assert more in texts


def test_the_word_bound():
    twelve = "Forest green, size M, with the long straps and the wide belt"
    thirteen = "Forest green, size M, with the long straps and the wide hip belt"
    texts = _texts(_long_page(f'<button type="button"><p>{twelve}</p></button>'
                              f'<button type="button"><p>{thirteen}</p></button>'))
    assert twelve not in texts and thirteen in texts


def test_a_cards_lines_stay():
    # A feature tile drawn as a button: its heading and its text are one card.
    card = '<button type="button"><h3>Taped seams</h3><p>Dry in a shower</p></button>'
    texts = _texts(_long_page(_BUTTONS + card))
    assert "Taped seams" in texts and "Dry in a shower" in texts
    assert "Forest green, size M" not in texts


def test_a_custom_element_named_like_a_button_is_no_button():
    wrapped = '<buy-button><p>Gift wrapping available</p></buy-button>'
    assert "Gift wrapping available" in _texts(_long_page(wrapped))


def test_buttons_outside_the_main_content_are_not_this_rules():
    # A header's button is chrome: that is the reason the reader is given, not this rule's.
    html = (f"<html><head><title>Trail pack 25</title>{_PRODUCT}</head><body>"
            '<header><button type="button"><p>Sign in</p></button></header><main>'
            + _long_page("") + "</main></body></html>")
    reasons = [d.reason for d in convert(html, scope="main").decisions if d.text == "Sign in"]
    assert reasons and BUTTON_LINE_REASON not in reasons


def test_a_line_without_words_is_not_taken():
    # A line whose text has no words (an image drawn inline) is no label to drop.
    blocks = [Block(kind=BlockKind.PARAGRAPH, text="", rich_text="![](swatch.png)", tag="p",
                    xpath="/html[1]/body[1]/main[1]/button[1]/p[1]", dom_index=0),
              Block(kind=BlockKind.PARAGRAPH, text="Forest green", rich_text="Forest green",
                    tag="p", xpath="/html[1]/body[1]/main[1]/button[2]/p[1]", dom_index=1),
              Block(kind=BlockKind.PARAGRAPH, text=" ".join(_LONG), rich_text=" ".join(_LONG),
                    tag="p", xpath="/html[1]/body[1]/main[1]/p[1]", dom_index=2)]
    assert product_button_lines(blocks, [0, 2, 300], _NoElements()) == [1]


class _NoElements:
    """A page index that finds no element (so no button reads as a toggle)."""

    def elements_at(self, paths):
        return {}

"""Letters meeting across two elements drawn apart make two words only in scripts
written with spaces: Han and kana text runs on with no space between its boxes."""
from __future__ import annotations

import pytest

from webgist_host import convert
from webgist_host.engine.blocks.inline import letters_meet, runs_on


@pytest.mark.parametrize("before, after", [
    ("Weight", "118 g"), ("naïve", "Ärger"), ("Москва", "Київ"), ("한국어", "문장"),
    # scripts that space phrases: a spec row's two boxes are two phrases
    ("ระยะเวลา", "สามวันสองคืน"), ("ລາວ", "ພາສາ"), ("ខ្មែរ", "កម្ពុជា"),
])
def test_letters_of_spaced_scripts_meet(before, after):
    assert letters_meet(before, after)


@pytest.mark.parametrize("before, after", [
    ("日本の", "未来を考える"), ("東京", "2024年"), ("version", "日本語"),
    ("カタカナ", "ひらがな"), ("ｶﾀｶﾅ", "中文"), ("word ", "next"), ("end.", "Next"),
])
def test_letters_of_unspaced_scripts_or_not_letters_do_not_meet(before, after):
    assert not letters_meet(before, after)


@pytest.mark.parametrize("first, second, expected", [
    ("日本の", "未来を考える", "日本の未来を考える"),     # a headline set in two inline-block runs
    ("Weight", "118 g", "Weight 118 g"),                  # a spec row's two flex items
])
def test_two_classed_spans_without_a_page_measure_part_only_spaced_scripts(first, second,
                                                                           expected):
    html = (f'<html><body><main><p><span class="a">{first}</span><span class="b">{second}</span>'
            "</p></main></body></html>")
    assert convert(html, scope="main").blocks[0].text == expected


def _card(after_link: str, inside: str = '<span class="price">8,50 €</span>') -> str:
    html = ('<html><body><main><ul><li><a href="/p/1"><h2>Linden honey</h2>'
            f'{inside}</a>{after_link}</li></ul></main></body></html>')
    return convert(html, scope="main").blocks[-1].rich_text


@pytest.mark.parametrize("after_link, expected", [
    # a card link wrapping its title and price, the cart button right after it
    ('<a href="/cart?add=1">Add to cart</a>', "8,50 € [Add to cart](/cart?add=1)"),
    # words after the card link are another box's, linked or not
    ("<span>Sold out</span>", "8,50 € Sold out"),
    # punctuation closes the text before it
    ("<span>, each</span>", "8,50 €, each"),
    # an empty element between (a wishlist button's slot) writes nothing
    ('<span class="wishlist"></span><a href="/cart?add=1">Add to cart</a>',
     "8,50 € [Add to cart](/cart?add=1)"),
])
def test_a_run_leaving_a_link_that_wraps_blocks_starts_apart(after_link, expected):
    assert _card(after_link) == expected


def test_a_run_entering_a_link_that_wraps_blocks_starts_apart():
    """A badge written before the card link, the link's price first inside it."""
    html = ('<html><body><main><h1>Honey</h1><p>Bottled by hand in small batches every week.</p>'
            '<ul><li><span class="onsale">Sale!</span><a href="/p/1"><span class="price">8,50 €'
            '</span><h2>Linden honey</h2></a></li></ul></main></body></html>')
    assert "Sale! 8,50 €" in [b.text for b in convert(html, scope="main").blocks]


def test_a_run_leaving_a_span_that_wraps_blocks_runs_on():
    """Only a link wrapping blocks is a card's box of its own: an inline <span> around
    a block goes on in the line after it, as CSS lays it out ("Wort" + "teil")."""
    html = ('<html><body><main><div><span class="term"><h3>Glossar</h3>Wort</span>teil</div>'
            '</main></body></html>')
    assert convert(html, scope="main").blocks[-1].text == "Wortteil"


def test_a_run_leaving_a_card_link_in_an_unspaced_script_runs_on():
    assert _card('<a href="/cart">カートに入れる</a>', "<span>850円</span>") == "850円[カートに入れる](/cart)"


@pytest.mark.parametrize("inner, text", [
    ("<b>Wort</b>teil", "Wortteil"),                     # emphasis mid-word
    ('<a href="/wiki/Dog">Dog</a>s', "Dogs"),             # a link's trail
    ('@<a href="/u/ann">ann</a>', "@ann"),                # a handle
    ('8,50 €<a href="/cart">In den Warenkorb</a>', "8,50 €In den Warenkorb"),  # no card link
])
def test_inline_elements_outside_card_links_stay_as_written(inner, text):
    html = f"<html><body><main><p>{inner}</p></main></body></html>"
    assert convert(html, scope="main").blocks[0].text == text


@pytest.mark.parametrize("inner, text", [
    # two links to different pages side by side: a row's items
    ('<a href="/tag/wax">Beeswax</a><a href="/tag/hand">Handmade</a>', "Beeswax Handmade"),
    # one link's address written as two elements: one word
    ('<a href="/wax">Bees</a><a href="/wax">wax</a>', "Beeswax"),
    # unspaced scripts run on
    ('<a href="/a">日本の</a><a href="/b">未来</a>', "日本の未来"),
    ('<a href="/a">ภาษากลุ่มไท</a><a href="/b">ตะวันตกเฉียงใต้</a>', "ภาษากลุ่มไทตะวันตกเฉียงใต้"),  # Thai
    ('<a href="/a">ພາສາທາງການ</a><a href="/b">ຂອງລາວ</a>', "ພາສາທາງການຂອງລາວ"),  # Lao
    ('<a href="/a">ភាសាផ្លូវការ</a><a href="/b">កម្ពុជា</a>', "ភាសាផ្លូវការកម្ពុជា"),  # Khmer
    ('<a href="/a">ပထမ</a><a href="/b">ဘာသာစကား</a>', "ပထမဘာသာစကား"),  # Myanmar
    ('<a href="/a">བོད</a><a href="/b">ཡིག</a>', "བོདཡིག"),  # Tibetan
])
def test_links_side_by_side_part_only_spaced_scripts(inner, text):
    html = f"<html><body><main><p>Tags: {inner}</p></main></body></html>"
    assert convert(html, scope="main").blocks[0].text == f"Tags: {text}"


@pytest.mark.parametrize("before, after, expected", [
    ("12,90 €", "In den Warenkorb", True), ("Weight", "118 g", True),
    ("(", "see", False), ("@", "ann", False), ("co-", "op", False), ("word ", "next", False),
    ("end", ".", False), ("東京", "Tower", False), ("price", "", False),
])
def test_runs_on(before, after, expected):
    assert runs_on(before, after) is expected


@pytest.mark.parametrize("first, second, expected", [
    ("ระยะเวลา", "สามวันสองคืน", "ระยะเวลา สามวันสองคืน"),     # Thai: a spec row's label and value
    ("ພາສາ", "ລາວ", "ພາສາ ລາວ"),                              # Lao
])
def test_classed_spans_in_scripts_that_space_phrases_are_parted(first, second, expected):
    html = (f'<html><body><main><p><span class="a">{first}</span><span class="b">{second}</span>'
            "</p></main></body></html>")
    assert convert(html, scope="main").blocks[0].text == expected

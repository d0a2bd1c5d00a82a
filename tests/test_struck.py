"""A struck old price and the new price right after it are parted by a space where
the inline run is joined (blocks/struck.py)."""
from __future__ import annotations

import lxml.html
import pytest

from webgist_host import convert
from webgist_host.engine.blocks.struck import ends_struck_number, is_number


def markdown(body: str) -> str:
    return convert(f"<html><body>{body}</body></html>", scope="page").markdown.strip()


@pytest.mark.parametrize("body, expected", [
    ("<p>Now <s>$129.00</s>$99.00 only</p>", "Now ~~$129.00~~ $99.00 only"),          # a tail
    ("<p>Now <b><s>$129.00</s>$99.00</b> only</p>", "Now **~~$129.00~~ $99.00** only"),  # inside one
    ('<div><span><s class="a">$129.00</s></span><span class="sr-only">Sale price</span>'
     '<span class="b">$99.00</span></div>', "~~$129.00~~ $99.00"),                  # a run's pieces
    ('<p>Was <span><del>129,00 €</del></span><span class="b">99,00 €</span></p>',
     "Was ~~129,00 €~~ 99,00 €"),                                                   # inside a paragraph
    ("<p>Was <strike>USD 12</strike>9 today</p>", "Was ~~USD 12~~ 9 today"),
    ("<p>Tilbud <s>kr 1 299,-</s>999,- i dag</p>", "Tilbud ~~kr 1 299,-~~ 999,- i dag"),  # a whole price
    ("<p>Preis <s>299.–</s>199.– heute</p>", "Preis ~~299.–~~ 199.– heute"),
    ("<p>Rabatt <s>20%</s>30% heute</p>", "Rabatt ~~20%~~ 30% heute"),                  # a share
    ("<p>Now <s>$10–$20</s>$5–$15 each</p>", "Now ~~$10–$20~~ $5–$15 each"),            # a range
    ("<p>UVP <s>€129</s><sup>1</sup>€99 heute</p>", "UVP ~~€129~~<sup>1</sup> €99 heute"),  # past a mark
    ("<p>UVP <b><s>€129</s><sup>1</sup>€99</b> heute</p>", "UVP **~~€129~~<sup>1</sup> €99** heute"),
    ("<p>Was <s>$129</s><b>$99</b> now</p>", "Was ~~$129~~ **$99** now"),               # an element
    ("<p>Now <b><s>$129.00</s><span>$99.00</span></b> only</p>",
     "Now **~~$129.00~~ $99.00** only"),                                                # ...inside one
    ("<p>Was <span><span><span><s>$129</s></span></span></span>$99 now</p>",
     "Was ~~$129~~ $99 now"),                                                           # three wrappers
    ("<p>Nu <del>1 299:-</del>999:- i dag</p>", "Nu ~~1 299:-~~ 999:- i dag"),          # Nordic whole price
    ("<p>UVP <s>€129</s><sub>*</sub>€99 heute</p>", "UVP ~~€129~~* €99 heute"),  # a low mark
    ('<div>UVP <s>€129</s><sub>*</sub><span class="b">€99</span></div>', "UVP ~~€129~~* €99"),
    # The next price's own sign set high (pricing tables): its price, not a mark.
    ("<p>Was <s>$129.99</s><sup>$</sup>99<sup>99</sup> now</p>", "Was ~~$129.99~~ $99<sup>99</sup> now"),
    ("<div>Was <del>$49</del><sup>$</sup>25<span>/m</span></div>", "Was ~~$49~~ $25/m"),
    ("<p>Was <b><del>$49</del><sup>$</sup>25</b>/m</p>", "Was **~~$49~~ $25**/m"),    # ...inside one
])
def test_a_struck_price_and_the_next_are_parted(body, expected):
    assert markdown(body) == expected


@pytest.mark.parametrize("body, expected", [
    ("<p>H<s>2</s>3 is no price</p>", "H~~2~~3 is no price"),               # a word's part
    ("<p><b>H<s>2</s>3</b> is none</p>", "**H~~2~~3** is none"),            # ...inside an element
    ("<p>The <s>old</s>2 models</p>", "The ~~old~~2 models"),              # struck words
    ("<p>A <s>$20</s>off sticker</p>", "A ~~$20~~off sticker"),            # a word after
    ("<p>A <span><s>$20</s> now</span>15 left</p>", "A ~~$20~~ now15 left"),  # words after it
    ("<p><code>a</code><s>12</s>3 x</p>", "`a`~~12~~3 x"),                 # glued to code
    ("<p>The fee was <s>$20</s><sup>1</sup> waived.</p>", "The fee was ~~$20~~<sup>1</sup> waived."),
    ("<p>Was <s>$129</s> now<b>5</b> left</p>", "Was ~~$129~~ now**5** left"),         # words between
    ("<p>Now <b><s>$129</s> was<span>5</span></b> x</p>", "Now **~~$129~~ was5** x"),  # ...inside one
])
def test_other_struck_text_is_left_as_written(body, expected):
    assert markdown(body) == expected


@pytest.mark.parametrize("text, number", [
    ("$129.00", True), ("129,00 €", True), ("1 299 kr", True), ("R$ 12", True), ("¥99", True),
    ("20%", True), ("1 299,-", True), ("1 299:-", True),
    ("12 items", False), ("old", False), ("$", False), ("v2.0-beta", False),
])
def test_what_counts_as_a_number(text, number):
    assert is_number(text) is number


# How far down the last children the walk looks (_STRUCK_MAX_DEPTH): three wrappers
# around the struck price, not four.
@pytest.mark.parametrize("wrappers, found", [(3, True), (4, False)])
def test_the_walk_down_the_last_children_is_bounded(wrappers, found):
    html = "<span>" * wrappers + "<s>$129</s>" + "</span>" * wrappers
    assert ends_struck_number(lxml.html.fragment_fromstring(html)) is found

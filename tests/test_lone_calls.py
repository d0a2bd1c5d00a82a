"""Lone calls to action on pages that declare no product (regions/lone_calls.py)."""
from __future__ import annotations

import pytest

from webgist_host import convert

_TEXT = ("Our fitters survey the roof, size the inverter and register the panels with the "
         "grid operator, all in one price agreed before the work starts.")
_MORE = ("The panels carry a twenty-five year product warranty and the fitting a ten year "
         "one, and a fitter calls back within two working days.")


def _texts(html: str) -> list[str]:
    return [b.text for b in convert(html, scope="main").blocks]


def _page(line: str, head: str = "<head><title>Solar</title></head>") -> str:
    return (f"<html>{head}<body><main><h1>Solar panels</h1><p>{_TEXT}</p>{line}"
            f"<p>{_MORE}</p></main></body></html>")


def test_a_short_lone_link_goes():
    assert _texts(_page('<p><a href="/quote">Ask for a quote</a></p>')) == [
        "Solar panels", _TEXT, _MORE]


@pytest.mark.parametrize("line, kept", [
    # a list's entry
    ('<ul><li><a href="/lesson-1">Surveying the roof</a></li></ul>', "Surveying the roof"),
    # several links on one line: downloads, not a call
    ('<p><a href="/warranty">Warranty</a> <a href="/upkeep">Upkeep</a></p>', "Warranty Upkeep"),
    # an address shown as the link's text
    ('<p><a href="mailto:help@solar.example">help@solar.example</a></p>', "help@solar.example"),
    ('<p><a href="https://solar.example/">https://solar.example/</a></p>', "https://solar.example/"),
    # a label introducing the text after it
    ('<p><a href="/terms">Warranty terms:</a></p>', "Warranty terms:"),
    # a path shown as the link's text (a file in a repository)
    ('<p><a href="/blob/main/src/app.ts">src/app.ts</a></p>', "src/app.ts"),
    # a link set in bold names a term or an entry, as a heading would
    ('<p><strong><a href="/api/create">createItem(data)</a></strong></p>', "createItem(data)"),
    ('<p><a href="/api/create"><strong>createItem</strong></a></p>', "createItem"),
    # a host's name shown as the link's text
    ('<p><a href="https://www.solar.example">www.solar.example</a></p>', "www.solar.example"),
    # a quote's line
    ('<blockquote><p><a href="/q">Ask for a quote</a></p></blockquote>', "Ask for a quote"),
    # two link lines one under another: neither is lone
    ('<p><a href="/a">Warranty terms</a></p><p><a href="/b">Upkeep schedule</a></p>',
     "Warranty terms"),
    # a file: what the page offers
    ('<p><a href="/files/warranty-2026.pdf?v=2">Warranty terms</a></p>', "Warranty terms"),
    ('<p><a href="/dl/solar-app-4.2.dmg">macOS 12 or later</a></p>', "macOS 12 or later"),
    # an answer: a definition list's description, a disclosure's body
    ('<dl><dt>Can I return it?</dt><dd><a href="/returns">Start a return</a></dd></dl>',
     "Start a return"),
    ('<details><summary>Terms?</summary><p><a href="/terms">Warranty terms</a></p></details>',
     "Warranty terms"),
    # introduced by the line above (Latin or full-width colon)
    ('<p>The terms are on one page:</p><p><a href="/terms">Warranty terms</a></p>',
     "Warranty terms"),
    ('<p>保証の条件はこちら：</p><p><a href="/terms">Warranty terms</a></p>', "Warranty terms"),
    # longer than a call: the author's sentence linked to its source
    ('<p><a href="/net">How net metering changes after 2027 for you</a></p>',
     "How net metering changes after 2027 for you"),
    ('<p><a href="/net">See how net metering works</a></p>', "See how net metering works"),
])
def test_lines_that_are_no_call_stay(line, kept):
    assert kept in _texts(_page(line))


def test_a_product_page_keeps_to_the_product_rule():
    head = ('<head><title>Panel</title><script type="application/ld+json">'
            '{"@type": "Product", "name": "Panel"}</script></head>')
    # the product rule (lone_links, which runs before) takes it there, unnarrowed: list
    # items too (lone_call_links' product_page guard only spares it a second pass)
    html = _page('<ul><li><a href="/lesson-1">Surveying the roof</a></li></ul>', head)
    assert "Surveying the roof" not in _texts(html)


def test_a_link_right_under_a_heading_stays():
    """A byline, a kicker or a section's first entry: no text above it to close."""
    html = (f'<html><head><title>Solar</title></head><body><main><h1>Solar panels</h1>'
            f'<p><a href="/people/ann">Ann Lee</a></p><p>{_TEXT}</p><p>{_MORE}</p>'
            f'</main></body></html>')
    assert "Ann Lee" in _texts(html)


def test_a_link_in_a_list_entrys_or_a_callouts_body_stays():
    entry = ('<ol><li><p>Put the rules next to the code.</p>'
             '<p><a href="/rules">RULES.md</a></p></li></ol>')
    assert "RULES.md" in _texts(_page(entry))
    callout = ('<div class="admonition seealso"><p class="admonition-title">See also</p>'
               '<p><a href="../install.html">Install</a></p></div>')
    assert "Install" in _texts(_page(callout))


def test_a_link_opening_the_main_content_stays():
    """No line above it to close."""
    html = (f'<html><head><title>S</title></head><body><main><p><a href="/news">Solar news</a></p>'
            f'<h1>Solar panels</h1><p>{_TEXT}</p><p>{_MORE}</p></main></body></html>')
    assert "Solar news" in _texts(html)


def test_a_footnotes_line_stays():
    html = (f'<html><head><title>S</title></head><body><main><h1>Solar panels</h1>'
            f'<p>{_TEXT}<sup id="fnref1"><a href="#fn1">1</a></sup></p><p>{_MORE}</p>'
            f'<div class="footnotes"><hr><ol><li id="fn1"><p><a href="https://ex.org/r">Source</a> '
            f'<a href="#fnref1" class="footnote-backref">↩</a></p></li></ol></div></main></body></html>')
    assert "Source" in _texts(html)


def test_a_card_title_stays_and_a_call_over_a_short_line_goes():
    """A link that opens its container, a paragraph under it there: a card's title. A
    short line under a call (a caption, a note) does not make it a card."""
    card = ('<div class="event"><div class="title"><a href="/e/1">Spring choir concert</a></div>'
            '<p>Saturday 12 April, 7 pm. The town choir sings the Requiem with the orchestra.</p>'
            '</div>')
    assert "Spring choir concert" in _texts(_page(card))
    call = ('<div class="cta"><p><a href="/quote">Ask for a quote</a></p>'
            '<p>No fee, no obligation.</p></div>')
    assert "Ask for a quote" not in _texts(_page(call))
    # nor does a list under it: the card's text is a paragraph
    listed = ('<div class="cta"><p><a href="/quote">Ask for a quote</a></p><ul><li>No fee and '
              'no obligation, and a fitter calls you back within two days.</li></ul></div>')
    assert "Ask for a quote" not in _texts(_page(listed))


def test_a_link_to_a_picture_goes():
    """A larger copy of a figure is no download the page offers."""
    assert "View this figure" not in _texts(_page('<p><a href="/f/1.png">View this figure</a></p>'))


def test_a_linked_sentence_in_a_script_without_spaces_stays():
    """Myanmar writes a sentence without spaces: one "word" of many characters."""
    sentence = "သုတေသနအဖွဲ့သည်သုံးနှစ်တာကာလအတွင်းစာကလေးနှစ်ရာကိုမှတ်တမ်းတင်ခဲ့သည်"
    assert sentence in _texts(_page(f'<p><a href="/paper">{sentence}</a></p>'))

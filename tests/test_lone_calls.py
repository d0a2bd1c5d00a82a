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
    ('<p><a href="/a.pdf">Warranty</a> <a href="/b.pdf">Upkeep</a></p>', "Warranty Upkeep"),
    # an address shown as the link's text
    ('<p><a href="mailto:help@solar.example">help@solar.example</a></p>', "help@solar.example"),
    ('<p><a href="https://solar.example/">https://solar.example/</a></p>', "https://solar.example/"),
    # a label introducing the text after it
    ('<p><a href="/terms">Warranty terms:</a></p>', "Warranty terms:"),
    # a path shown as the link's text (a file in a repository)
    ('<p><a href="/blob/main/src/app.ts">src/app.ts</a></p>', "src/app.ts"),
    # a link set in bold names a term or an entry, as a heading would
    ('<p><strong><a href="/api/create">createItem(data)</a></strong></p>', "createItem(data)"),
    # longer than a call: the author's sentence linked to its source
    ('<p><a href="/net">How net metering changes after 2027 for you</a></p>',
     "How net metering changes after 2027 for you"),
])
def test_lines_that_are_no_call_stay(line, kept):
    assert kept in _texts(_page(line))


def test_a_product_page_keeps_to_the_product_rule():
    head = ('<head><title>Panel</title><script type="application/ld+json">'
            '{"@type": "Product", "name": "Panel"}</script></head>')
    # the product rule (lone_links) takes it there, unnarrowed: list items too
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

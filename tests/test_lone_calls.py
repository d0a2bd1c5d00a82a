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


def _cards(lines: list[str]) -> str:
    """Three event cards, each a date, `lines[n]` and a sentence, after the page's text."""
    cards = "".join(
        f'<article class="event"><h2>Talk {n}</h2><p>Monday {n} May, 7 pm</p>{line}'
        f'<p>The speaker talks about the harbour, the mills and the first houses.</p></article>'
        for n, line in enumerate(lines, 1))
    return _page(f'<section class="events">{cards}</section>')


def test_a_cards_value_stays_when_a_sibling_card_says_another():
    """A venue under each event's date: the line at its place in the next card names
    another venue, linked or not."""
    linked = _texts(_cards(['<p><a href="/v/hall">Town hall</a></p>',
                            '<p><a href="/v/library">Library</a></p>',
                            '<p><a href="/v/hall">Town hall</a></p>']))
    assert linked.count("Town hall") == 2 and "Library" in linked
    mixed = _texts(_cards(['<p><a href="/v/hall">Town hall</a></p>',
                           '<p><a href="/v/hall">Town hall</a></p>', '<p>Online</p>']))
    assert mixed.count("Town hall") == 2 and "Online" in mixed


def test_a_call_saying_the_same_in_every_card_goes():
    calls = _texts(_cards(['<p><a href="/book/1">Book a seat</a></p>',
                           '<p><a href="/book/2">Book a seat</a></p>',
                           '<p><a href="/book/3">Book a seat</a></p>']))
    assert "Book a seat" not in calls
    # a sibling card's long line at that place is no value: a card's text
    long_line = _texts(_cards(['<p><a href="/book/1">Book a seat</a></p>',
                               '<p>Seats are free, but the hall holds only forty people.</p>',
                               '<p><a href="/book/3">Book a seat</a></p>']))
    assert "Book a seat" not in long_line


def test_calls_to_each_cards_own_page_go_though_a_sibling_says_another_text():
    """The same words linking each card to its own page are calls ("Get tickets" to
    each event's booking), whatever one card says instead: a venue repeated links to
    its one page."""
    sold_out = _texts(_cards(['<p><a href="/tickets/1">Get tickets</a></p>',
                              '<p><a href="/tickets/2">Get tickets</a></p>', '<p>Sold out</p>']))
    assert "Get tickets" not in sold_out and "Sold out" in sold_out
    waiting = _texts(_cards(['<p><a href="/enrol/1">Enrol now</a></p>',
                             '<p><a href="/waitlist/2">Join the waiting list</a></p>',
                             '<p><a href="/enrol/3">Enrol now</a></p>']))
    assert "Enrol now" not in waiting and "Join the waiting list" not in waiting


def test_calls_closing_sibling_cards_go_though_they_say_different_words():
    """A landing page's sections, each closed by its own call: no line of the card
    under the call, so it is no value of the card."""
    sections = "".join(
        f'<section class="feature"><h2>{title}</h2><p>{_TEXT}</p>'
        f'<p><a href="/{n}">{call}</a></p></section>'
        for n, (title, call) in enumerate([("Retirement", "Open an account"),
                                           ("Advice", "See advice offers")]))
    kept = _texts(_page(sections))
    assert "Open an account" not in kept and "See advice offers" not in kept


def _offers(cards: list[tuple[str, str, str]], tail: str = f"<p>{_MORE}</p>") -> str:
    """A landing page's offers, each `(above, call, below)` lines in its own card."""
    body = "".join(f'<div class="offer">{above}{call}{below}</div>' for above, call, below in cards)
    return (f"<html><head><title>Solar</title></head><body><main><h1>Solar panels</h1>"
            f"<p>{_TEXT}</p>{body}{tail}</main></body></html>")


def test_a_call_closing_a_sentence_goes_though_its_card_goes_on_under_it():
    """LONE_CALL_CARD_ABOVE_MAX_WORDS: a call under its card's sentence, a picture's
    caption under it, is no value beside a sibling card's other call."""
    kept = _texts(_offers([
        ("<p>Panels on your roof pay back their cost in about nine years.</p>",
         '<p><a href="/quote">Ask for a quote</a></p>', "<p>Photo: a roof in Leeds</p>"),
        ("<p>A battery keeps the noon sun for your evening kettle and lights.</p>",
         '<p><a href="/battery">See the batteries</a></p>', "<p>Photo: a garage wall</p>")]))
    assert "Ask for a quote" not in kept and "See the batteries" not in kept


@pytest.mark.parametrize("tail", [f"<p>{_MORE}</p>", ""])
def test_calls_closing_their_cards_go_though_they_say_different_words(tail):
    """A call is its card's last line: the next line is another card's, or none (the
    page's last line)."""
    kept = _texts(_offers([("<p>From 5 € a month</p>", '<p><a href="/a">Open an account</a></p>', ""),
                           ("<p>First call free</p>", '<p><a href="/b">See advice offers</a></p>', "")],
                          tail))
    assert "Open an account" not in kept and "See advice offers" not in kept


def test_a_call_opening_its_card_goes_though_the_line_above_is_short():
    """The line above the second card's call is the first card's: the call stands
    among no short lines of its own card."""
    kept = _texts(_offers([("", '<p><a href="/a">Open an account</a></p>', "<p>No fees, no forms.</p>"),
                           ("", '<p><a href="/b">See advice offers</a></p>', "<p>First call free.</p>")]))
    assert "See advice offers" not in kept


def _deep_cards(lines: list[str], depth: int) -> str:
    """Event cards as a page builder writes them: a date, `lines[n]` and a sentence,
    inside `depth` wrappers (card, card-body, meta...)."""
    cards = "".join(
        f'<article class="event">{"<div>" * depth}<h2>Talk {n}</h2><p>Monday {n} May, 7 pm</p>'
        f'{line}<p>The speaker talks about the harbour, the mills and the first houses.</p>'
        f'{"</div>" * depth}</article>' for n, line in enumerate(lines, 1))
    return _page(f'<section class="events">{cards}</section>')


def test_a_cards_value_stays_four_steps_inside_its_card():
    """LONE_CALL_CARD_STEPS: article > div.card > div.card-body > div.meta > p."""
    kept = _texts(_deep_cards(['<p><a href="/v/hall">Town hall</a></p>',
                               '<p><a href="/v/library">Library</a></p>', "<p>Online</p>"], 3))
    assert "Town hall" in kept and "Library" in kept


def test_calls_closing_sections_five_steps_down_go():
    """A landing page's sections nest their text deeper than a card's: their closing
    calls, each over its section's short line, are no values of the sections."""
    sections = "".join(
        f'<section class="feature"><div class="container"><div class="row"><div class="col">'
        f'<div class="text"><p>{above}</p><p><a href="/{n}">{call}</a></p></div></div>'
        f'<div class="col"><p>{caption}</p></div></div></div></section>'
        for n, (above, call, caption) in enumerate([
            ("From 5 € a month", "Open an account", "Photo: a bank in Leeds"),
            ("First call free", "See advice offers", "Photo: an adviser")]))
    kept = _texts(_page(sections))
    assert "Open an account" not in kept and "See advice offers" not in kept


def test_a_figures_view_link_beside_its_other_links_goes():
    """A figure's anchor, its picture's link, its caption, then "View this figure"
    (figure[1]/a[3]): the link's place is its own, not the figure's, where the anchor
    says another text."""
    figure = ('<figure><a name="figure{n}">\u200e</a><a href="/f/{n}.png"><img src="/f/{n}.png" alt="">'
              '</a><figcaption>Figure {n}. Enrollment flow.</figcaption>'
              '<a href="/f/{n}.png">View this figure</a></figure>')
    kept = _texts(_page(figure.format(n=1) + f"<p>{_MORE}</p>" + figure.format(n=2)))
    assert "View this figure" not in kept

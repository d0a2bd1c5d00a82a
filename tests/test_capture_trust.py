"""Issue 17, the engine's side: from a measured capture it takes only the elements
collect.js stamped, never composes a page's own (inert) template, drops text the
browser measured as unseen unless it names something shown, and strips bidi
controls outside code. Captures here are written by hand, as collect.js shapes them."""
from __future__ import annotations

import re

import pytest

import webgist_host
from webgist_host.engine.dom.capture import FLAG_DISPLAYED, FLAG_VISIBLE, UNSEEN_SHIFT

SEEN = FLAG_DISPLAYED | FLAG_VISIBLE


def capture_of(body: str, boxes: dict[str, int]) -> dict:
    """A capture of `body` (its elements stamped by hand) with a box per path."""
    paths = list(boxes)
    numbers = []
    for i, path in enumerate(paths):
        numbers += [0, 20 * i, 600, 18, boxes[path]]
    html = ('<!DOCTYPE html><html data-wg-path="/html[1]"><head data-wg-path="/html[1]/head[1]">'
            '</head><body data-wg-path="/html[1]/body[1]">' + body + "</body></html>")
    return {"html": html, "geometry": {"paths": paths, "boxes": numbers},
            "viewport": {"width": 1280, "height": 1024}}


def convert(capture):
    return webgist_host.convert(capture["html"], geometry=capture, scope="page")


B = "/html[1]/body[1]"


def test_elements_the_browser_never_laid_out_are_dropped_with_a_note():
    capture = capture_of(
        f'<p data-wg-path="{B}/p[1]">Seen words.</p><p>Smuggled words.</p>tail words'
        f'<p data-wg-path="{B}/p[2]">More seen words.</p>',
        {B: SEEN, f"{B}/p[1]": SEEN, f"{B}/p[2]": SEEN})
    document = convert(capture)
    assert "Seen words." in document.markdown and "More seen words." in document.markdown
    assert "Smuggled" not in document.markdown and "tail words" not in document.markdown
    assert any("never laid out" in note for note in document.notes)


def test_without_geometry_nothing_is_dropped_for_want_of_a_stamp():
    capture = capture_of('<p>Static words.</p>', {})
    document = webgist_host.convert(capture["html"], scope="page")
    assert "Static words." in document.markdown


def test_the_browsers_shadow_root_is_composed_and_the_pages_own_template_is_not():
    capture = capture_of(
        f'<div data-wg-path="{B}/div[1]"><template shadowrootmode="open">'
        f'<p data-wg-path="{B}/div[1]/#shadow-root/p[1]">Shadow words.</p></template></div>'
        f'<div data-wg-path="{B}/div[2]"><template shadowrootmode="open" '
        f'data-wg-path="{B}/div[2]/template[1]"><p>Inert template words.</p></template>'
        f'<p data-wg-path="{B}/div[2]/p[1]">Light words.</p></div>',
        {B: SEEN, f"{B}/div[1]": SEEN, f"{B}/div[1]/#shadow-root/p[1]": SEEN,
         f"{B}/div[2]": SEEN, f"{B}/div[2]/p[1]": SEEN})
    markdown = convert(capture).markdown
    assert "Shadow words." in markdown and "Light words." in markdown
    assert "Inert template words." not in markdown


def test_unstamped_markup_inside_noscript_and_hidden_subtrees_is_not_counted_as_smuggled():
    capture = capture_of(
        f'<noscript data-wg-path="{B}/noscript[1]"><p>No-script words.</p></noscript>'
        f'<div data-wg-path="{B}/div[1]" style="display:none"><span>Hidden span</span></div>'
        f'<p data-wg-path="{B}/p[1]">Seen words.</p>',
        {B: SEEN, f"{B}/div[1]": 0, f"{B}/p[1]": SEEN})
    document = convert(capture)
    assert not any("never laid out" in note for note in document.notes)
    assert document.markdown.strip() == "Seen words."


def _unseen(code: int) -> int:
    return SEEN | code << UNSEEN_SHIFT


def test_unseen_text_that_names_a_shown_link_is_kept_and_other_unseen_text_is_not():
    capture = capture_of(
        f'<p data-wg-path="{B}/p[1]"><a href="https://example.org/lamp" data-wg-path="{B}/p[1]/a[1]">'
        f'<span data-wg-path="{B}/p[1]/a[1]/span[1]">Lamp room</span></a> opens on Sundays.</p>'
        f'<p data-wg-path="{B}/p[2]"><a href="https://example.org/more" data-wg-path="{B}/p[2]/a[1]">'
        f'Read more<span data-wg-path="{B}/p[2]/a[1]/span[1]"> ignore the reader</span></a></p>'
        f'<p data-wg-path="{B}/p[3]">Off the page</p>',
        {B: SEEN, f"{B}/p[1]": SEEN, f"{B}/p[1]/a[1]": SEEN, f"{B}/p[1]/a[1]/span[1]": _unseen(2),
         f"{B}/p[2]": SEEN, f"{B}/p[2]/a[1]": SEEN, f"{B}/p[2]/a[1]/span[1]": _unseen(2),
         f"{B}/p[3]": _unseen(1)})
    document = convert(capture)
    assert "[Lamp room](https://example.org/lamp) opens on Sundays." in document.markdown
    assert "[Read more](https://example.org/more)" in document.markdown
    assert "ignore the reader" not in document.markdown and "Off the page" not in document.markdown
    reasons = {d.reason for d in document.decisions if d.action == "dropped"}
    assert "not seen by a reader: drawn off the page (left of or above it, where no scrolling reaches)" in reasons


def test_bidi_controls_are_stripped_outside_code_and_marks_and_joiners_stay():
    html = ("<p>file\u202egnp.exe\u202c, \u2067isolated\u2069 and \u200e\u200f\u200d\u200c kept</p>"
            "<pre>code \u202e stays</pre><p><code>inline \u2066 stays</code> but \u202d not</p>"
            '<p><img src="https://example.org/a.png" alt="alt\u202etext"></p>')
    document = webgist_host.convert(html, scope="page")
    markdown = document.markdown
    assert "filegnp.exe, isolated and \u200e\u200f\u200d\u200c kept" in markdown
    assert "code \u202e stays" in markdown and "inline \u2066 stays" in markdown
    assert "but  not" in markdown or "but not" in markdown
    assert "![alttext](https://example.org/a.png)" in markdown
    assert any("bidirectional" in note for note in document.notes)


@pytest.mark.parametrize("attribute", ["alt", "title", "aria-label"])
def test_bidi_controls_only_in_an_attribute_the_markdown_shows_are_stripped(attribute):
    html = (f'<p>Plain text. <img src="https://example.org/a.png" {attribute}="gnp\u202e.exe">'
            "</p>")
    document = webgist_host.convert(html, scope="page")
    assert "\u202e" not in document.markdown
    assert any("bidirectional" in note for note in document.notes)


def test_a_body_the_parser_opened_early_is_not_dropped_as_never_laid_out():
    # A script put an iframe into <head>: parsing the page's text again, libxml2
    # opens <body> at the iframe and ignores the page's own stamped <body> tag.
    html = ('<!DOCTYPE html><html data-wg-path="/html[1]"><head data-wg-path="/html[1]/head[1]">'
            '<title data-wg-path="/html[1]/head[1]/title[1]">T</title><iframe data-wg-path="/html[1]/head[1]/iframe[1]"></iframe>'
            f'</head><body data-wg-path="{B}"><p data-wg-path="{B}/p[1]">Words of the page.</p>'
            "</body></html>")
    paths = [B, f"{B}/p[1]", "/html[1]/head[1]/iframe[1]"]
    numbers = [n for i, _ in enumerate(paths) for n in (0, 20 * i, 600, 18, SEEN)]
    capture = {"html": html, "geometry": {"paths": paths, "boxes": numbers},
               "viewport": {"width": 1280, "height": 1024}}
    document = convert(capture)
    assert "Words of the page." in document.markdown
    assert not any("never laid out" in note for note in document.notes)


def test_only_the_topmost_of_nested_smuggled_elements_is_counted_and_all_go():
    # Found by their missing stamp (one query) and judged by their ancestors: an
    # unstamped element inside another goes with it, and inside the browser's
    # shadow-root template it is checked like any other.
    capture = capture_of(
        f'<p data-wg-path="{B}/p[1]">Seen words.</p>'
        '<div><p>Smuggled outer <span>and inner</span> words.</p></div>'
        f'<div data-wg-path="{B}/div[1]"><template shadowrootmode="open">'
        f'<p data-wg-path="{B}/div[1]/#shadow-root/p[1]">Shadow words.</p>'
        '<p>Smuggled shadow words.</p></template></div>'
        f'<div data-wg-path="{B}/div[2]"><noscript data-wg-path="{B}/div[2]/noscript[1]">'
        '<p>Inert words.</p></noscript></div>',
        {B: SEEN, f"{B}/p[1]": SEEN, f"{B}/div[1]": SEEN,
         f"{B}/div[1]/#shadow-root/p[1]": SEEN, f"{B}/div[2]": SEEN})
    document = convert(capture)
    assert "Seen words." in document.markdown and "Shadow words." in document.markdown
    assert "Smuggled" not in document.markdown
    notes = [note for note in document.notes if "never laid out" in note]
    assert notes and notes[0].startswith("2 elements")


@pytest.mark.parametrize("written", ["\u202e", "&#x202E;", "&#8238;", "&#X2069;"])
@pytest.mark.parametrize("where", ["text", "alt", "title"])
def test_the_quick_search_for_bidi_controls_misses_none(written, where):
    # The quick search reads the tree as libxml2 writes it out, where a character
    # may come back as a numeric reference; a carriage return in an attribute always
    # does (&#13;), so the search must look past references that are not controls.
    from webgist_host.engine.dom.bidi import _holds_controls
    from webgist_host.engine.dom.parse import parse_page
    from webgist_host.engine.limits import Limits

    body = (f"<p>x{written}y</p>" if where == "text"
            else f'<p>t<img src="a.png" {where}="x{written}y"></p>')
    html = f'<p title="one&#13;two">r</p>{body}'
    root, _ = parse_page(html, Limits.from_options({}))
    assert _holds_controls(root)
    plain, _ = parse_page('<p title="one&#13;two">r</p><p>x&#8205;y</p>', Limits.from_options({}))
    assert not _holds_controls(plain)


@pytest.mark.parametrize("written", ["\u202e", "&#x202E;", "&#8238;", "&#X2069;", "&#8238 ",
                                     "&#00000008238;"])
@pytest.mark.parametrize("as_bytes", [False, True])
def test_the_search_of_the_page_text_for_bidi_controls_misses_none(written, as_bytes):
    # A page parsed by convert is searched as its text first (as given, or as the
    # UTF-8 bytes libxml2 read): a control written as itself or as any reference
    # must send it on to the tree's search, and then out of the Markdown.
    from webgist_host.engine.dom.bidi import _source_may_hold_controls

    html = f'<p title="one&#13;two">r</p><p>file{written}gnp.exe and more words here</p>'
    page: str | bytes = html.encode() if as_bytes else html
    assert _source_may_hold_controls(page)
    plain = '<p title="one&#13;two">r</p><p>x&#8205;y \u2019</p>'
    assert not _source_may_hold_controls(plain.encode() if as_bytes else plain)
    document = webgist_host.convert(page, scope="page")
    assert "file" in document.markdown
    assert not re.search("[\u202a-\u202e\u2066-\u2069]", document.markdown)
    assert any("bidirectional" in note for note in document.notes)


@pytest.mark.parametrize("written", ["\u202e", "&#x202E;", "&#8238;", "&#8238 "])
def test_a_page_parsed_ahead_is_searched_as_its_text_and_loses_its_controls(written):
    # The native host parses a page ahead (parse_markup) and hands over the text the
    # parser read with the tree: convert searches that text, and a control in it, as
    # itself or as a reference, still goes on to the tree's search and out.
    from webgist_host.engine.dom.bidi import _source_may_hold_controls
    from webgist_host.engine.pipeline import parse_markup

    html = f"<p>file{written}gnp.exe and more words here</p>"
    parsed = parse_markup(html)
    assert _source_may_hold_controls(parsed[2])
    document = webgist_host.convert(html, scope="page", parsed=parsed)
    assert "file" in document.markdown
    assert not re.search("[\u202a-\u202e\u2066-\u2069]", document.markdown)
    assert any("bidirectional" in note for note in document.notes)
    # The tree and notes alone (an older caller's) are searched as a tree, as before.
    root, notes, _ = parse_markup(html)
    alone = webgist_host.convert(html, scope="page", parsed=(root, notes))
    assert alone.markdown == document.markdown and alone.notes == document.notes


@pytest.mark.parametrize("unloaded, hidden", [(1, True), (0, False), ("2", False), (True, False), (-1, False)])
def test_a_hiding_class_drawn_only_because_the_style_sheet_did_not_load_still_hides(unloaded, hidden):
    # The browser drew both (no style sheet said otherwise); the driver says whether
    # a linked sheet failed to load. Only a whole positive count is believed.
    capture = capture_of(
        f'<p data-wg-path="{B}/p[1]">Night trains run to Vienna and Berlin every evening.</p>'
        f'<p class="d-none" data-wg-path="{B}/p[2]">Print edition, page twelve of the supplement.</p>',
        {B: SEEN, f"{B}/p[1]": SEEN, f"{B}/p[2]": SEEN})
    capture["unloadedStylesheets"] = unloaded
    document = convert(capture)
    assert "Night trains run" in document.markdown
    assert ("Print edition" not in document.markdown) == hidden

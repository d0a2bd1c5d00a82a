"""The block model (seed 000): what each construct becomes, read from small pages."""
from __future__ import annotations


import pytest
from lxml import etree

from webgist_host.engine.blocks import extract_blocks
from webgist_host.engine.blocks.code import code_language
from webgist_host.engine.blocks.inline import escape_text
from webgist_host.engine.blocks.tables import is_layout_table
from webgist_host.engine.blocks.tuning import LONG_CELL_CHARS, NO_LANGUAGE_WORDS
from webgist_host.engine.dom.capture import FLAG_DISPLAYED, FLAG_FLOAT, FLAG_VISIBLE, Capture, read_capture
from webgist_host.engine.dom.parse import parse_html
from webgist_host.engine.model import BlockKind

SHOWN = FLAG_DISPLAYED | FLAG_VISIBLE


def blocks_of(html: str, capture: Capture | None = None):
    return extract_blocks(parse_html(html), capture or Capture())


def kinds(blocks):
    return [b.kind for b in blocks]


def capture_of(boxes: dict[str, tuple]) -> Capture:
    numbers = [n for box in boxes.values() for n in box]
    return read_capture({"paths": list(boxes), "boxes": numbers})


def test_inline_elements_make_one_paragraph():
    blocks, _ = blocks_of("<p>a <a href='/b'>b</a> <em>c</em></p>")
    assert len(blocks) == 1
    assert blocks[0].text == "a b c"
    assert blocks[0].rich_text == "a [b](/b) *c*"


def test_heading_level_and_permalinks_removed():
    blocks, _ = blocks_of("<h3>Setup <a class='headerlink' href='#setup'>¶</a>"
                          "<a href='#s2'>🔗</a><span class='mw-editsection'>[edit]</span></h3>")
    assert (blocks[0].kind, blocks[0].level, blocks[0].text) == ("heading", 3, "Setup")


def test_single_br_is_hard_break_and_double_br_splits():
    blocks, _ = blocks_of("<p>one<br>two<br><br>three</p>")
    assert [b.rich_text for b in blocks] == ["one  \ntwo", "three"]


def test_list_items_carry_depth_order_and_number():
    blocks, _ = blocks_of("<ol start='5'><li>a<ul><li>b</li></ul></li>"
                          "<li value='9'>c</li><li>d</li></ol>")
    items = [(b.text, b.level, b.ordered, b.number) for b in blocks]
    assert items == [("a", 1, True, 5), ("b", 2, False, None),
                     ("c", 1, True, 9), ("d", 1, True, 10)]


def test_reversed_list_counts_down():
    # CommonMark numbers a list upwards from its first item, so a countdown is written
    # as bullets that carry the page's numbers (blocks/list_labels.py).
    blocks, _ = blocks_of("<ol reversed><li>x</li><li>y</li><li>z</li></ol>")
    assert [(b.ordered, b.rich_text) for b in blocks] == [
        (False, "3\\. x"), (False, "2\\. y"), (False, "1\\. z")]


def test_item_with_several_paragraphs_continues_under_the_item():
    blocks, _ = blocks_of("<ul><li><p>first</p><p>second</p></li></ul>")
    item, more = blocks
    assert item.kind == "list-item" and item.text == "first" and item.tag == "li"
    assert more.kind == "paragraph" and more.body_of == item.xpath


def test_definition_terms_and_multi_paragraph_definitions():
    blocks, _ = blocks_of("<dl><dt>Term</dt><dd><p>one</p><p>two</p></dd></dl>")
    assert [(b.kind, b.tag, b.text) for b in blocks] == [
        ("paragraph", "dt", "Term"), ("paragraph", "dd", "one"), ("paragraph", "p", "two")]
    assert blocks[2].body_of == blocks[1].xpath


def test_orphan_text_is_flushed_in_position():
    blocks, _ = blocks_of("<body>before<p>middle</p>after <b>bold</b></body>")
    assert [b.text for b in blocks] == ["before", "middle", "after bold"]
    assert [b.dom_index for b in blocks] == sorted(b.dom_index for b in blocks)


def test_table_rows_keep_links_in_rich_cells():
    blocks, _ = blocks_of("<table><tr><th>Name</th><th>Link</th></tr>"
                          "<tr><td>Docs</td><td><a href='/d'>read</a></td></tr></table>")
    table = blocks[0]
    assert table.kind == "table" and table.table_html is None
    assert table.rows == (("Name", "Link"), ("Docs", "read"))
    assert table.rich_rows[1] == ("Docs", "[read](/d)")


def test_spanning_table_keeps_cleaned_markup_with_breaks():
    blocks, _ = blocks_of("<table class='t'><tr><th colspan='2' style='x'>H</th></tr>"
                          "<tr><td>a<br>b</td><td><p>c</p><p>d</p></td></tr></table>")
    html = blocks[0].table_html
    assert '<th colspan="2">H</th>' in html
    assert "<td>a<br>b</td><td>c<br>d</td>" in html
    assert "class" not in html and "style" not in html


def test_layout_table_is_read_as_paragraphs():
    html = ("<table><tr><td>" + "word " * (LONG_CELL_CHARS // 4) + "</td>"
            "<td>side</td></tr><tr><td>x</td><td>y</td></tr></table>")
    blocks, _ = blocks_of(html)
    assert "table" not in kinds(blocks)
    assert blocks[1].text == "side"


def test_is_layout_table_rules():
    def table(html):
        return parse_html(html).find(".//table")
    assert is_layout_table(table("<table><tr><td>only row</td><td>x</td></tr></table>"))
    assert is_layout_table(table("<table><tr><td>a</td></tr><tr><td>b</td></tr></table>"))
    assert is_layout_table(table("<table><tr><td>a</td><td>b</td></tr><tr><td></td><td></td></tr>"
                                 "<tr><td>c</td><td>d</td></tr></table>"))
    assert is_layout_table(table("<table><tr><td><h2>T</h2></td><td>b</td></tr>"
                                 "<tr><td>c</td><td>d</td></tr></table>"))
    assert not is_layout_table(table("<table><tr><td>a</td><td>b</td></tr>"
                                     "<tr><td>c</td><td>d</td></tr></table>"))
    # a header makes even a one-row table data
    assert not is_layout_table(table("<table><tr><th>a</th><th>b</th></tr></table>"))


def test_code_is_verbatim_with_language():
    blocks, _ = blocks_of("<pre class='language-js'>\n  if (a) {\n\treturn 1;\n  }\n</pre>")
    code = blocks[0]
    assert code.kind == "code" and code.language == "js"
    assert code.text == "  if (a) {\n\treturn 1;\n  }"


def test_code_language_sources_and_non_languages():
    def lang(html):
        return code_language(parse_html(html).find(".//pre"))
    assert lang("<pre class='brush: ruby; gutter: false'>x</pre>") == "ruby"
    assert lang("<pre data-language='go'>x</pre>") == "go"
    assert lang("<pre><code class='lang-rust'>x</code></pre>") == "rust"
    assert lang("<div class='highlight-c'><div class='highlight'><pre>x</pre></div></div>") == "c"
    for word in NO_LANGUAGE_WORDS:
        assert lang(f"<pre class='language-{word}'>x</pre>") is None


def test_a_bare_language_class_counts_on_the_pre_or_its_code_only():
    def lang(html):
        return code_language(parse_html(html).find(".//pre"))
    assert lang("<pre class='r'><code>x</code></pre>") == "r"
    assert lang("<pre><code class='go'>x</code></pre>") == "go"
    # A wrapper's one class word names a box, not a language, with or without a <code>.
    assert lang("<div class='basic'><pre>x</pre></div>") is None
    assert lang("<div class='go'><div><pre><code>x</code></pre></div></div>") is None
    assert lang("<pre class='wide dark'><code>x</code></pre>") is None


def test_prose_blockquote_is_one_quote_structured_is_walked():
    blocks, _ = blocks_of("<blockquote><p>Just prose.</p></blockquote>"
                          "<blockquote><p>a</p><p>b</p></blockquote>")
    assert [(b.kind, b.quoted) for b in blocks] == [
        ("quote", False), ("paragraph", True), ("paragraph", True)]


def test_image_sources_in_order_of_preference():
    # A lazy loader's attribute beats src: until its script runs, src is the
    # placeholder (grey.gif, placeholder.svg); once it has run, the two agree.
    blocks, _ = blocks_of("<img src='a.png' data-src='b.png'>"
                          "<img data-src='c.png'><img srcset='d.png 1x, e.png 2x'>")
    assert [b.href for b in blocks] == ["b.png", "c.png", "d.png"]


def test_tracking_pixel_dropped_with_decision():
    blocks, decisions = blocks_of("<p>text</p><img src='t.gif' width='1' height='1'>")
    assert kinds(blocks) == ["paragraph"]
    assert any(d.stage == "blocks" and "tracking" in d.reason for d in decisions)


def test_measured_pixel_is_small_both_ways_but_a_broken_image_is_not_a_pixel():
    from webgist_host.engine.dom.capture import FLAG_DISPLAYED, FLAG_VISIBLE, Box
    from webgist_host.engine.model import Rect
    shown = FLAG_DISPLAYED | FLAG_VISIBLE
    html = ("<html><body><img src='pixel.gif' data-wg-path='/p'>"
            "<img src='broken.jpg' alt='Quay at dawn' data-wg-path='/b'></body></html>")
    capture = Capture(boxes={"/p": Box(Rect(0, 0, 1, 1), shown),
                             # Chromium draws an image that did not load as its alt
                             # text: one 18 px line, as wide as the words.
                             "/b": Box(Rect(0, 10, 92, 18), shown)})
    blocks, _ = blocks_of(html, capture)
    assert [b.href for b in blocks] == ["broken.jpg"]


def test_linked_image_keeps_link():
    blocks, _ = blocks_of("<a href='/full'><img src='thumb.jpg' alt='Cat'></a>")
    assert (blocks[0].kind, blocks[0].link, blocks[0].alt) == ("image", "/full", "Cat")


def test_media_and_rule_blocks():
    blocks, _ = blocks_of("<video src='v.mp4'></video><hr><iframe src='https://e.x/1'></iframe>")
    assert kinds(blocks) == ["media", "rule", "media"]
    assert blocks[0].href == "v.mp4"


def test_svg_labels_make_a_paragraph_but_icons_do_not():
    blocks, _ = blocks_of("<svg><text>North</text><text>South</text></svg>"
                          "<svg><text>x</text></svg><svg><text>three word label</text></svg>")
    assert [b.text for b in blocks] == ["North · South", "three word label"]


def test_hidden_and_non_content_elements_are_skipped():
    blocks, decisions = blocks_of(
        "<p hidden>a</p><p aria-hidden='true'>b</p><p style='DISPLAY : none'>c</p>"
        "<script>d()</script><noscript>e</noscript><p>kept</p>")
    assert [b.text for b in blocks] == ["kept"]
    assert len([d for d in decisions if d.action == "dropped"]) == 3


def test_geometry_hides_elements_and_fills_rects():
    html = ("<body data-wg-path='/html[1]/body[1]'><p data-wg-path='P1'>shown</p>"
            "<p data-wg-path='P2'>not displayed</p><p data-wg-path='P3'>invisible</p></body>")
    capture = capture_of({"/html[1]/body[1]": (0, 0, 800, 600, SHOWN),
                          "P1": (10, 20, 300, 40, SHOWN), "P2": (0, 0, 0, 0, 0),
                          "P3": (0, 0, 300, 40, FLAG_DISPLAYED)})
    blocks, decisions = blocks_of(html, capture)
    assert [b.text for b in blocks] == ["shown"]
    assert blocks[0].xpath == "P1" and blocks[0].rect.y == 20
    assert {d.xpath for d in decisions if d.stage == "blocks"} == {"P2", "P3"}


def test_rule_without_box_dropped_when_measured():
    html = "<body><p data-wg-path='P'>x</p><hr data-wg-path='HR'></body>"
    blocks, decisions = blocks_of(html, capture_of({"P": (0, 0, 100, 20, SHOWN)}))
    assert kinds(blocks) == ["paragraph"]
    assert any(d.xpath == "HR" for d in decisions)


def test_float_of_from_attribute_and_from_box_flag():
    html = ("<div data-wg-float='' data-wg-path='F'><p data-wg-path='A'>aside</p></div>"
            "<div data-wg-path='G'><p data-wg-path='B'>boxed</p></div><p data-wg-path='C'>c</p>")
    capture = capture_of({"F": (0, 0, 100, 50, SHOWN), "A": (0, 0, 100, 20, SHOWN),
                          "G": (0, 0, 100, 50, SHOWN | FLAG_FLOAT),
                          "B": (0, 0, 100, 20, SHOWN), "C": (0, 0, 100, 20, SHOWN)})
    blocks, _ = blocks_of(html, capture)
    assert [b.float_of for b in blocks] == ["F", "G", None]


def test_xpath_computed_without_stamp_and_dom_index_in_order():
    blocks, _ = blocks_of("<div><p>a</p><p>b</p></div><p>c</p>")
    assert [b.xpath for b in blocks] == ["/html[1]/body[1]/div[1]/p[1]",
                                         "/html[1]/body[1]/div[1]/p[2]", "/html[1]/body[1]/p[1]"]
    assert [b.dom_index for b in blocks] == sorted({b.dom_index for b in blocks})


def test_unsafe_links_keep_only_their_text():
    blocks, _ = blocks_of("<p><a href='javascript:x()'>go</a> <a href='vbscript:y'>on</a> "
                          "<a href='data:text/html,hi'>now</a></p>")
    assert blocks[0].rich_text == "go on now"


def test_code_span_fence_outgrows_backticks_inside():
    blocks, _ = blocks_of("<p><code>a``b</code></p>")
    assert blocks[0].rich_text == "```a``b```"


def test_escaping_is_by_context():
    assert escape_text("snake_case and 5 * 3") == "snake_case and 5 * 3"
    assert escape_text("_private *ptr") == "\\_private \\*ptr"
    assert escape_text("a <b> tag & &amp;") == "a \\<b> tag & \\&amp;"


def test_a_tag_or_entity_completed_by_the_next_text_node_is_escaped():
    # "&lt;" and "b" are two text nodes around an empty <span>: joined, they would
    # open a tag; "&am" and "p;" would read as the entity for "&".
    blocks, _ = blocks_of("<p>&lt;<span></span>b and &amp;am<span>p;</span></p>")
    assert blocks[0].rich_text == "\\<b and \\&amp;"


def test_extraction_does_not_change_the_tree():
    root = parse_html("<div><p>a<br><br>b</p><ul><li><p>x</p><p>y</p></li></ul></div>")
    before = etree.tostring(root)
    extract_blocks(root, Capture())
    assert etree.tostring(root) == before


# --- images ---------------------------------------------------------------------

def test_image_address_order_lazy_attributes_then_src_then_srcset():
    blocks, _ = blocks_of(
        "<img src='data:image/gif;base64,R0l=' data-src='a.jpg' alt='a'>"
        "<img class='lazy' data-original='b.jpg' alt='b'>"
        "<img src='/grey.gif' data-lazy-src='c.jpg' alt='c'>"
        "<img srcset='https://cdn.x/w_100,h_50/d.jpg 1x, e.jpg 2x' alt='d'>"
        "<img data-srcset='f.jpg 480w' src='data:image/png;base64,AA' alt='f'>"
        "<img src='data:image/png;base64,AAAA' alt='only'>")
    assert [b.href for b in blocks] == ["a.jpg", "b.jpg", "c.jpg",
                                        "https://cdn.x/w_100,h_50/d.jpg", "f.jpg",
                                        "data:image/png;base64,AAAA"]


def test_first_srcset_url_keeps_commas_inside_the_url():
    from webgist_host.engine.blocks.images import first_srcset_url
    assert first_srcset_url(" a,b.jpg 1x, c.jpg 2x") == "a,b.jpg"
    assert first_srcset_url("x.jpg, y.jpg 2x") == "x.jpg"
    assert first_srcset_url("  ") is None


@pytest.mark.parametrize("url, shows_nothing", [
    # Lazy loaders' stand-ins: an SVG with no element (viewBox only), 1x1 GIF and PNG.
    ("data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%20800%20450'%3E%3C/svg%3E", True),
    ("data:image/svg+xml;charset=utf-8,<svg xmlns='http://www.w3.org/2000/svg' width='4' height='3'/>", True),
    ("data:image/svg+xml;base64,PHN2ZyB4bWxucz0naHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmcnLz4=", True),
    ("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' width='69' height='69'><rect width='69' height='69' fill-opacity=\"0\"/></svg>", True),
    ("data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", True),
    ("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", True),
    # Pictures: an SVG that draws, a 40x40 PNG; and what cannot be read is kept.
    ("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'><circle r='4'/></svg>", False),
    ("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'><rect width='9' height='9' fill-opacity='0' stroke='red'/></svg>", False),
    ("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'><rect width='9' height='9' fill='none'/><text>A</text></svg>", False),
    ("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACgAAAAoCAIAAAADnC86AAAAL0lEQVR4", False),
    ("data:image/jpeg;base64,/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMC", False),
    ("data:image/png;base64,not*base64", False),
    ("data:text/html,<p>hi</p>", False),
    ("https://example.org/pixel.gif", False),
])
def test_data_image_placeholders_show_nothing(url, shows_nothing):
    from webgist_host.engine.blocks.images import shows_nothing as placeholder
    assert placeholder(url) is shows_nothing


def test_noscript_twin_of_a_placeholder_is_used_once():
    blocks, _ = blocks_of("<p><img class='lazyload' src='data:image/gif;base64,R0l='>"
                          "<noscript><img src='real.jpg' alt='Real'></noscript></p>")
    assert [(b.kind, b.href, b.alt) for b in blocks] == [("image", "real.jpg", "Real")]


def test_noscript_twin_beside_a_lazy_image_is_not_doubled_but_a_lone_one_is_read():
    blocks, _ = blocks_of("<img src='data:,' data-lazy-src='x.jpg' alt='X'>"
                          "<noscript><img src='x.jpg' alt='X'></noscript>"
                          "<p>text</p><noscript><img src='other.jpg' alt='O'></noscript>")
    assert [b.href for b in blocks if b.kind == "image"] == ["x.jpg", "other.jpg"]


def test_noscript_images_are_not_read_when_the_browser_measured_the_page():
    html = ("<body data-wg-path='B'><p data-wg-path='P'>t</p>"
            "<noscript><img src='x.jpg' alt='X'></noscript></body>")
    capture = capture_of({"B": (0, 0, 800, 600, SHOWN), "P": (0, 0, 100, 20, SHOWN)})
    blocks, _ = blocks_of(html, capture)
    assert kinds(blocks) == ["paragraph"]


def test_measured_current_src_wins():
    html = ("<body data-wg-path='B'><img data-wg-path='I' src='small.jpg' "
            "srcset='big.jpg 2x' data-wg-src='https://e.x/big.jpg' alt='p'></body>")
    capture = capture_of({"B": (0, 0, 800, 600, SHOWN), "I": (0, 0, 400, 300, SHOWN)})
    blocks, _ = blocks_of(html, capture)
    assert blocks[0].href == "https://e.x/big.jpg"


def test_picture_source_does_not_swallow_its_image():
    blocks, _ = blocks_of("<figure><picture><source srcset='a.webp'><img srcset='b.jpg 800w'"
                          " alt='B'></picture><figcaption>c</figcaption></figure>")
    assert [(b.kind, b.href) for b in blocks] == [("image", "b.jpg"), ("figure-caption", None)]


def test_relative_images_and_links_made_absolute_against_the_page_and_base_href():
    html = "<p><a href='next.html'>next</a></p><img src='i/p.png' alt='p'>"
    blocks, _ = extract_blocks(parse_html(html), Capture(), base_url="https://e.x/a/b.html")
    assert blocks[0].rich_text == "[next](https://e.x/a/next.html)"
    assert blocks[1].href == "https://e.x/a/i/p.png"
    based = "<head><base href='/root/'></head><body>" + html + "</body>"
    blocks, _ = extract_blocks(parse_html(based), Capture(), base_url="https://e.x/a/b.html")
    assert blocks[1].href == "https://e.x/root/i/p.png"
    blocks, _ = extract_blocks(parse_html(html), Capture(url="https://c.x/d/"))
    assert blocks[1].href == "https://c.x/d/i/p.png"


def test_without_any_url_relative_addresses_stay_as_written():
    blocks, _ = blocks_of("<p><a href='../x'>x</a></p>")
    assert blocks[0].rich_text == "[x](../x)"


# --- links ------------------------------------------------------------------------

def test_data_and_local_file_links_keep_only_their_text():
    html = ("<p><a href='data:image/png;base64,AA'>img</a> <a href='file:///etc/passwd'>f</a>"
            " <a href=' java\tscript:x'>j</a> <a href='mailto:a@b.c'>m</a></p>")
    blocks, _ = extract_blocks(parse_html(html), Capture(), base_url="https://e.x/")
    assert blocks[0].rich_text == "img f j [m](mailto:a@b.c)"
    blocks, _ = extract_blocks(parse_html(html), Capture(), base_url="file:///home/me/p.html")
    assert blocks[0].rich_text == "img [f](file:///etc/passwd) j [m](mailto:a@b.c)"


# --- code ---------------------------------------------------------------------------

def test_element_the_browser_drew_as_code_is_a_code_block():
    from webgist_host.engine.dom.capture import FLAG_CODE
    html = ("<body data-wg-path='B'><p data-wg-path='P'>Run:</p>"
            "<div class='lang-sh' data-wg-path='C'><div data-wg-path='L1'>make  all</div>"
            "<div data-wg-path='L2'>make *install*</div></div></body>")
    capture = capture_of({"B": (0, 0, 800, 600, SHOWN), "P": (0, 0, 100, 20, SHOWN),
                          "C": (0, 20, 400, 40, SHOWN | FLAG_CODE),
                          "L1": (0, 20, 400, 20, SHOWN | FLAG_CODE),
                          "L2": (0, 40, 400, 20, SHOWN | FLAG_CODE)})
    blocks, _ = blocks_of(html, capture)
    assert [(b.kind, b.text, b.language) for b in blocks] == [
        ("paragraph", "Run:", None), ("code", "make  all\nmake *install*", "sh")]


def test_inline_or_custom_element_the_browser_drew_as_code_is_a_code_block():
    # A <span> or a custom element styled white-space:pre and display:block: neither
    # tag starts a block by itself, only its box's FLAG_CODE does.
    from webgist_host.engine.dom.capture import FLAG_CODE
    html = ("<body data-wg-path='B'><p data-wg-path='P'>Run:</p>"
            "<span class='mono' data-wg-path='S'>def f(x):\n    return x</span>"
            "<code-view data-wg-path='V'>for i in r:\n    print(i)</code-view></body>")
    capture = capture_of({"B": (0, 0, 800, 600, SHOWN), "P": (0, 0, 100, 20, SHOWN),
                          "S": (0, 20, 400, 40, SHOWN | FLAG_CODE),
                          "V": (0, 60, 400, 40, SHOWN | FLAG_CODE)})
    blocks, _ = blocks_of(html, capture)
    assert [(b.kind, b.text) for b in blocks] == [
        ("paragraph", "Run:"), ("code", "def f(x):\n    return x"),
        ("code", "for i in r:\n    print(i)")]


def test_code_flag_on_an_element_holding_a_page_is_ignored():
    from webgist_host.engine.dom.capture import FLAG_CODE
    html = "<body data-wg-path='B'><h1 data-wg-path='H'>T</h1><p data-wg-path='P'>x</p></body>"
    capture = capture_of({"B": (0, 0, 800, 600, SHOWN | FLAG_CODE),
                          "H": (0, 0, 100, 20, SHOWN | FLAG_CODE),
                          "P": (0, 0, 100, 20, SHOWN | FLAG_CODE)})
    assert kinds(blocks_of(html, capture)[0]) == ["heading", "code"]


def test_pre_with_a_div_per_line_keeps_the_lines():
    blocks, _ = blocks_of("<pre><div>a</div><div><br></div><div>b</div></pre>")
    assert blocks[0].text == "a\n\nb"


def test_language_aliases():
    blocks, _ = blocks_of("<pre class='lang-py'><code>x</code></pre>")
    assert blocks[0].language == "python"


def test_copy_strip_with_a_button_is_consumed_and_logged():
    blocks, decisions = blocks_of(
        "<div class='code-example'><div class='example-header'><span>js</span>"
        "<button>Copy</button></div><pre class='brush: js'>let a;</pre></div>")
    assert [(b.kind, b.text) for b in blocks] == [("code", "let a;")]
    assert any("copy-button strip" in d.reason for d in decisions)


def test_label_only_strip_is_consumed_but_not_a_title_or_a_sentence():
    blocks, _ = blocks_of("<div><span>Python</span> <span>Copy code</span></div>"
                          "<div class='highlight'><pre>x = 1</pre></div>")
    assert kinds(blocks) == ["code"]
    blocks, _ = blocks_of("<div class='title'>main.py</div><pre>x = 1</pre>")
    assert [b.text for b in blocks] == ["main.py", "x = 1"]
    blocks, _ = blocks_of("<p>For example, this program</p><pre>print(1)</pre>")
    assert [b.text for b in blocks] == ["For example, this program", "print(1)"]
    blocks, _ = blocks_of("<p>js</p><pre class='language-js'>a</pre>")
    assert [b.text for b in blocks] == ["js", "a"]         # a <p> is prose, never a strip
    blocks, _ = blocks_of("<div>Click here to copy it <button>Copy</button></div><pre>a</pre>")
    assert [b.text for b in blocks] == ["Click here to copy it Copy", "a"]


def test_a_lone_button_is_a_control_but_a_button_in_a_paragraph_is_kept():
    blocks, _ = blocks_of("<pre>run()</pre><button>Run</button>"
                          "<p><button>Download CSV</button></p>")
    assert [b.text for b in blocks] == ["run()", "Download CSV"]


def test_double_break_inside_a_font_wrapper_splits_paragraphs():
    blocks, _ = blocks_of("<body><font face='Courier'>one<br><br>two <b>bold<br><br>b</b></font>"
                          "</body>")
    assert [b.text for b in blocks] == ["one", "two bold b"]


# --- escaping ---------------------------------------------------------------------------

def test_escaping_leaves_what_markdown_would_not_read():
    assert escape_text("tp_fan a _ b 5 * 3 1. x # y a|b <3 x>y") == \
        "tp_fan a _ b 5 * 3 1. x # y a|b <3 x>y"


def test_escaping_what_markdown_would_read():
    assert escape_text("_a_ *b* <div> `c` &amp; ~~d~~") == \
        "\\_a\\_ \\*b\\* \\<div> \\`c\\` \\&amp; \\~\\~d\\~\\~"
    assert escape_text("see [1] and [x](y)") == "see \\[1] and \\[x](y)"
    assert escape_text("a [ lone bracket") == "a [ lone bracket"


def test_line_start_escapes_only_at_the_start():
    blocks, _ = blocks_of("<p># not a heading</p><p>1. not a list</p><p>a # b 1. c</p>"
                          "<p>+ plus</p><p>> quote</p>")
    assert [b.rich_text for b in blocks] == ["\\# not a heading", "1\\. not a list",
                                             "a # b 1. c", "\\+ plus", "\\> quote"]


def test_brackets_split_across_text_nodes_still_escaped():
    blocks, _ = blocks_of("<p>fact<sup><a href='#c1'><span>[</span>1<span>]</span></a></sup>"
                          " more</p>")
    assert blocks[0].rich_text == "fact\\[1] more"


def test_code_spans_and_links_are_never_escaped_inside():
    blocks, _ = blocks_of("<p><code>a_b *c* [d]</code> <a href='/x_[1]'>t_x</a></p>")
    assert blocks[0].rich_text == "`a_b *c* [d]` [t_x](/x_[1])"


def test_escaped_paragraph_renders_back_to_its_text():
    from markdown_it import MarkdownIt
    text = "Use _private and *ptr, [note] <b> 2*3 `tick` ~~x~~ &amp; \\* end"
    blocks, _ = blocks_of(f"<p>{text.replace('&', '&amp;').replace('<', '&lt;')}</p>")
    rendered = MarkdownIt("commonmark").enable("strikethrough").render(blocks[0].rich_text)
    import html as html_lib
    assert html_lib.unescape(rendered.strip().removeprefix("<p>").removesuffix("</p>")) == text


# --- collect.js in real Chromium: code drawn without <pre>, and currentSrc -----------

ONE_PIXEL_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
    "0000000d49444154789c6360f8cfc0f01f0005000201a5d6f7a20000000049454e44ae426082")
CODE_AND_IMAGES_PAGE = """<!DOCTYPE html><html lang="en"><head><title>Code</title>
<style>.code { white-space: pre; font-family: "DejaVu Sans Mono", monospace; }
.wrap { white-space: pre-wrap; font-family: Georgia, serif; }</style></head><body>
<p>Install:</p>
<div class="code">make
make install</div>
<div class="wrap">not   code</div>
<span class="code">inline</span>
<pre>real pre</pre>
<img src="small.png" srcset="big.png 1x" alt="pic" width="100" height="100">
<img src="same.png" alt="same" width="100" height="100" data-wg-src="the page's own">
</body></html>"""


@pytest.mark.browser
def test_collect_flags_code_and_stamps_current_src_leaving_the_page_unchanged(
        chromium, server, site_dir):
    from webgist_host.cli.browser import run_collect, set_viewport
    from webgist_host.engine.dom.capture import FLAG_CODE
    from webgist_host.engine.dom.stamps import expand_stamps
    (site_dir / "blocks--code-and-images.html").write_text(CODE_AND_IMAGES_PAGE)
    for name in ("small.png", "big.png", "same.png"):     # loaded, so drawn 100px square
        (site_dir / name).write_bytes(ONE_PIXEL_PNG)
    set_viewport(chromium)
    chromium.get(f"{server}/blocks--code-and-images.html")
    snapshot = "return document.documentElement.outerHTML"
    before = chromium.execute_script(snapshot)
    capture = run_collect(chromium)
    assert chromium.execute_script(snapshot) == before
    flags = {path: box.flags for path, box in read_capture(capture).boxes.items()}
    body = "/html[1]/body[1]"
    assert flags[f"{body}/div[1]"] & FLAG_CODE
    assert not flags[f"{body}/div[2]"] & FLAG_CODE         # pre-wrap in a serif font
    assert not flags[f"{body}/span[1]"] & FLAG_CODE        # inline: a code span's business
    assert not flags[f"{body}/pre[1]"] & FLAG_CODE         # a <pre> needs no flag
    assert f'data-wg-src="{server}/big.png"' in capture["html"]
    assert "the page's own" not in capture["html"]         # overwritten in the copy ...
    assert chromium.execute_script(                        # ... and left on the page
        "return document.images[1].getAttribute('data-wg-src')") == "the page's own"
    measured = read_capture(capture)
    blocks, _ = extract_blocks(expand_stamps(parse_html(capture["html"]), measured), measured)
    assert [(b.kind, b.text) for b in blocks if b.kind == "code"] == [
        ("code", "make\nmake install"), ("code", "real pre")]
    assert [b.href for b in blocks if b.kind == "image"] == [
        f"{server}/big.png", f"{server}/same.png"]


def test_table_caption_takes_the_tables_place_and_is_not_doubled_in_kept_html():
    blocks, _ = blocks_of("<table><caption>Cap</caption><tr><th>a</th><th>b</th></tr>"
                          "<tr><td>1</td><td>2</td></tr></table>")
    assert [b.kind for b in sorted(blocks, key=lambda b: b.dom_index)] == [
        "figure-caption", "table"]
    blocks, _ = blocks_of("<table><caption>Cap</caption><tr><th colspan='2'>a</th></tr>"
                          "<tr><td>1</td><td>2</td></tr></table>")
    assert kinds(blocks) == ["table"] and "<caption>Cap</caption>" in blocks[0].table_html


def test_an_empty_tree_gives_no_blocks_and_no_markdown():
    # A page that is only a comment parses (when it parses) to a bare root.
    from webgist_host.engine.render.markdown import render_markdown
    from webgist_host.engine.model import Metadata
    blocks, decisions = extract_blocks(etree.Element("html"), read_capture(None))
    assert blocks == [] and decisions == []
    assert render_markdown(blocks, Metadata()) == ""


def test_a_numbered_pre_standing_alone_is_code_not_a_gutter():
    blocks, _ = blocks_of("<table><tr><td><pre>1\n2</pre></td><td>two</td></tr></table>")
    assert [b.kind for b in blocks] == ["code", "paragraph"]


def test_a_long_in_page_link_to_a_list_item_is_not_a_footnote():
    blocks, _ = blocks_of('<p>See <a href="#step">the second step of the method</a>.</p>'
                       '<ol><li>one</li><li id="step">two</li></ol>')
    assert blocks[0].rich_text == "See the second step of the method."
    assert [b.rich_text for b in blocks[1:]] == ["one", "two"]


TABS = """<main><ul role="tablist">
  <li><button role="tab" {first}>Overview</button></li>
  <li><button role="tab" {second}>Sizes</button></li></ul>
  <div role="tabpanel" id="p1"><p>A waxed cotton jacket with a corduroy collar.</p></div>
  <div role="tabpanel" id="p2" hidden><p>Small, medium and large.</p></div></main>"""


def test_a_tab_strip_naming_its_panels_goes_and_each_panel_carries_its_tabs_name():
    blocks, decisions = blocks_of(TABS.format(first='aria-controls="p1"',
                                              second='aria-controls="p2"'))
    assert [b.text for b in blocks] == ["Overview", "A waxed cotton jacket with a corduroy collar.",
                                        "Sizes", "Small, medium and large."]
    assert any(d.reason.startswith("a tab strip") for d in decisions)


def test_a_tab_strip_that_names_no_panel_stays():
    blocks, _ = blocks_of(TABS.format(first="", second='aria-controls="p2"'))
    assert [b.text for b in blocks][:2] == ["Overview", "Sizes"]


def test_a_tablist_that_holds_the_content_itself_is_no_strip():
    page = ('<main><div role="tablist"><button role="tab" aria-controls="p1">Favourites</button>'
            '<div role="tabpanel" id="p1"><p>Frozen waffles, oat milk and a rye loaf from the '
            'bakery on the corner, all gluten free.</p></div></div></main>')
    blocks, _ = blocks_of(page)
    assert any("rye loaf" in b.text for b in blocks)


def test_a_br_in_an_inline_code_span_is_a_space_and_nested_markup_keeps_its_order():
    found, _ = blocks_of(
        "<p>Use <code>USING ( <i>join_column</i> [, ...] ) [ AS <i>alias</i> ]</code> or "
        "<code>a<br>b</code>.</p>")
    assert [b.rich_text for b in found] == [
        "Use `USING ( join_column [, ...] ) [ AS alias ]` or `a b`."]


def test_a_github_diff_table_is_no_code_listing():
    # Its rows are a line removed and a line added: as one listing they would read as
    # code that never existed. (A file view's rows, td.blob-code alone, are one.)
    html = ('<main><p>The change in the first line of the settings, as the review showed it.</p>'
            '<table><tr><td class="blob-num blob-num-deletion" data-line-number="1"></td>'
            '<td class="blob-code blob-code-deletion">x = 1</td></tr>'
            '<tr><td class="blob-num blob-num-addition" data-line-number="1"></td>'
            '<td class="blob-code blob-code-addition">x = 2</td></tr></table></main>')
    kinds = [b.kind for b in extract_blocks(parse_html(html), Capture())[0]]
    assert BlockKind.CODE not in kinds and BlockKind.TABLE in kinds


@pytest.mark.parametrize("html", [
    # The link opens with a block, after an empty icon span.
    '<div>Words before the card <a href="/story"><span class="icon"></span>'
    '<div>Card headline here</div></a></div>',
    # The words before the link end on a line break; the link opens with words.
    '<div>Words before the card<br><a href="/story"><span>Card</span>'
    '<div>Card headline here</div></a></div>',
])
def test_words_before_a_link_wrapping_blocks_are_not_its_text(html):
    rich = [b.rich_text for b in blocks_of(f"<main>{html}</main>")[0]]
    assert "Words before the card" in rich
    assert not any("Words before" in r and "](" in r for r in rich)


def test_words_a_link_holds_after_its_picture_are_its_text():
    html = ('<main><div class="card"><a href="/story"><img src="/p.jpg">'
            '<span>Card headline here</span></a></div></main>')
    rich = [b.rich_text for b in blocks_of(html)[0]]
    assert rich[-1] == "[Card headline here](/story)"


def test_an_excerpt_after_a_linked_heading_in_the_same_link_is_not_linked_again():
    # A blog card built as one link around its heading and excerpt: the heading is the
    # link, the excerpt a line of its own, not a second link to the same place.
    html = ('<main><a href="/posts/1"><h2>Notes from the garden</h2>'
            'We planted tomatoes and beans along the fence in April.</a></main>')
    rich = [b.rich_text for b in blocks_of(html)[0]]
    assert rich == ["[Notes from the garden](/posts/1)",
                    "We planted tomatoes and beans along the fence in April."]


def test_words_after_the_link_keep_its_words_in_one_unlinked_line():
    # A card's price after its linked name: one line, as before, not a link.
    html = ('<main><div class="box"><a href="/shoe"><img src="/s.jpg"><span>Black Tie</span></a> '
            '<span>Rental price $30.00</span></div></main>')
    rich = [b.rich_text for b in blocks_of(html)[0]]
    assert rich[-1] == "Black Tie Rental price $30.00"


def test_a_footnote_link_spelling_the_pages_own_address_is_in_page():
    from webgist_host.engine.pipeline import convert
    page = "https://pub.example/p/post"
    html = (f'<html><head><link rel="canonical" href="{page}"></head><body><article>'
            f'<p>A claim.<a class="footnote-anchor" id="footnote-anchor-1" href="{page}#footnote-1">1</a>'
            f' And <a href="https://other.example/p/post#footnote-1">a link</a>.</p>'
            f'<div class="footnote"><a id="footnote-1" href="{page}#footnote-anchor-1" '
            f'class="footnote-number">1</a><div class="footnote-content"><p>The note.</p></div>'
            '</div></article></body></html>')
    for url in (None, page):         # a saved page names its address as canonical
        markdown = convert(html, url=url).markdown
        assert "A claim.[^1] And [a link](https://other.example/p/post#footnote-1)." in markdown
        assert markdown.rstrip().endswith("[^1]: The note.")

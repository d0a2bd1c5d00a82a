"""The block model (seed 000): what each construct becomes, read from small pages."""
from __future__ import annotations


from lxml import etree

from webgist_host.blocks import extract_blocks
from webgist_host.blocks_code import NO_LANGUAGE_WORDS, code_language
from webgist_host.blocks_inline import escape_text
from webgist_host.blocks_tables import LONG_CELL_CHARS, is_layout_table
from webgist_host.geometry import FLAG_DISPLAYED, FLAG_FLOAT, FLAG_VISIBLE, Capture, read_capture
from webgist_host.parse import parse_html

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
    blocks, _ = blocks_of("<ol reversed><li>x</li><li>y</li><li>z</li></ol>")
    assert [b.number for b in blocks] == [3, 2, 1]


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


def test_prose_blockquote_is_one_quote_structured_is_walked():
    blocks, _ = blocks_of("<blockquote><p>Just prose.</p></blockquote>"
                          "<blockquote><p>a</p><p>b</p></blockquote>")
    assert [(b.kind, b.quoted) for b in blocks] == [
        ("quote", False), ("paragraph", True), ("paragraph", True)]


def test_image_sources_in_order_of_preference():
    blocks, _ = blocks_of("<img src='a.png' data-src='b.png'>"
                          "<img data-src='c.png'><img srcset='d.png 1x, e.png 2x'>")
    assert [b.href for b in blocks] == ["a.png", "c.png", "d.png"]


def test_tracking_pixel_dropped_with_decision():
    blocks, decisions = blocks_of("<p>text</p><img src='t.gif' width='1' height='1'>")
    assert kinds(blocks) == ["paragraph"]
    assert any(d.stage == "blocks" and "tracking" in d.reason for d in decisions)


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


def test_extraction_does_not_change_the_tree():
    root = parse_html("<div><p>a<br><br>b</p><ul><li><p>x</p><p>y</p></li></ul></div>")
    before = etree.tostring(root)
    extract_blocks(root, Capture())
    assert etree.tostring(root) == before

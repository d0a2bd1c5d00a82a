"""Blocks to Markdown: one rendering per kind, options, and the joins between blocks."""
from __future__ import annotations

from webgist_host.engine.render.markdown import render_markdown
from webgist_host.engine.model import Block, Metadata

META = Metadata(title='He said "hi": a story', url="https://example.com/a")


def block(kind="paragraph", text="x", rich=None, **fields):
    fields.setdefault("tag", "p")
    fields.setdefault("xpath", f"/x{id(fields)}")
    return Block(kind=kind, text=text, rich_text=text if rich is None else rich,
                 dom_index=0, **fields)


def md(blocks, **options):
    return render_markdown(blocks, META, options)


def test_heading_is_atx_and_output_ends_with_one_newline():
    assert md([block("heading", "Title", level=2)]) == "## Title\n"


def test_paragraphs_are_separated_by_blank_lines():
    assert md([block(text="a"), block(text="b")]) == "a\n\nb\n"


def test_empty_input_renders_empty():
    assert md([]) == ""


def test_nested_list_items_indent_to_parent_content_column():
    items = [block("list-item", "one", tag="li", level=1, ordered=True, number=1),
             block("list-item", "sub", tag="li", level=2),
             block("list-item", "two", tag="li", level=1, ordered=True, number=2)]
    assert md(items) == "1. one\n   - sub\n2. two\n"


def test_continuation_paragraph_indented_under_its_item():
    items = [block("list-item", "item", tag="li", level=1, xpath="/li1"),
             block(text="more", body_of="/li1")]
    assert md(items) == "- item\n\n  more\n"


def test_definition_list_rendering():
    # GFM has no definition lists: the term (styled by the block stage) and its
    # definition are paragraphs, and a definition's continuation is not indented
    # into a code block.
    out = md([block(text="**Term**", tag="dt"), block(text="Means", tag="dd", xpath="/dd"),
              block(text="More", body_of="/dd")])
    assert out == "**Term**\n\nMeans\n\nMore\n"


def test_definition_inside_a_list_item_keeps_the_item_column():
    out = md([block("list-item", "a", tag="li", level=1, xpath="/li"),
              block(text="**Term**", tag="dt", body_of="/li"),
              block(text="Means", tag="dd", xpath="/dd", body_of="/li"),
              block(text="More", body_of="/dd")])
    assert out == "- a\n\n  **Term**\n\n  Means\n\n  More\n"


def test_quote_inside_a_walked_quote_nests():
    outer = dict(quoted=True, quote_of="/bq")
    out = md([block(text="First level.", **outer), block("quote", "Nested.", **outer),
              block(text="Back.", **outer)])
    assert out == "> First level.\n>\n> > Nested.\n>\n> Back.\n"


def test_admonition_is_a_gfm_alert_and_adjacent_quotes_stay_apart():
    note = dict(quoted=True, quote_of="/div[1]", callout="[!NOTE]")
    seealso = dict(quoted=True, quote_of="/div[2]", callout="**See also**")
    out = md([block(text="One.", **note), block(text="Two.", **note),
              block(text="[Install](i.html)", **seealso)])
    assert out == ("> [!NOTE]\n> One.\n>\n> Two.\n\n"
                   "> **See also**\n>\n> [Install](i.html)\n")


def test_alert_marker_stands_apart_from_a_table_or_numbered_item():
    warn = dict(quoted=True, quote_of="/div", callout="[!WARNING]")
    table = block("table", "a", rows=(("a",),), rich_rows=(("a",),), **warn)
    assert md([table]) == "> [!WARNING]\n>\n> | a |\n> |---|\n"
    item = block("list-item", "x", tag="li", level=1, ordered=True, number=3, **warn)
    assert md([item]) == "> [!WARNING]\n>\n> 3. x\n"


def test_quote_inside_a_list_item_is_indented_to_the_item():
    out = md([block("list-item", "a", tag="li", level=1, xpath="/li"),
              block(text="Careful.", body_of="/li", quoted=True, quote_of="/li/div",
                    callout="[!CAUTION]")])
    # GitHub draws alerts only at the top level: inside an item, the name in bold.
    assert out == "- a\n\n  > **Caution**\n  >\n  > Careful.\n"


def test_table_promotes_first_row_escapes_pipes_and_pads():
    table = block("table", "t", rows=(("A", "B"), ("1|2",)), rich_rows=(("A", "B"), ("1|2",)))
    assert md([table]) == "| A | B |\n|---|---|\n| 1\\|2 |  |\n"


def test_table_html_is_emitted_as_is():
    html = "<table>\n<tr><td colspan=\"2\">x</td></tr>\n</table>"
    assert md([block("table", "x", rows=(("x",),), table_html=html)]) == html + "\n"


def test_code_fence_longer_than_backticks_inside_with_language():
    code = block("code", "a ```` b", language="py")
    assert md([code]) == "`````py\na ```` b\n`````\n"


def test_quote_and_quoted_blocks_share_one_quote():
    assert md([block("quote", "wise words")]) == "> wise words\n"
    out = md([block(text="intro", quoted=True),
              block("list-item", "a", tag="li", level=1, quoted=True),
              block("list-item", "b", tag="li", level=1, quoted=True)])
    assert out == "> intro\n>\n> - a\n> - b\n"


def test_image_modes_and_link():
    img = block("image", "Cat", href="cat 1.png", alt="Cat", link="/cats")
    assert md([img]) == "[![Cat](cat%201.png)](/cats)\n"
    assert md([img], images="drop") == ""
    assert md([img], images="link") == "[Cat](cat%201.png)\n"


def test_media_rule_and_caption():
    out = md([block("media", "Clip", rich="Video: Clip"), block("rule", "", rich="---"),
              block("figure-caption", "Caption")])
    assert out == "*[Video: Clip]*\n\n---\n\n_Caption_\n"


def test_front_matter_quotes_values():
    out = md([block(text="body")], front_matter=True)
    assert out == ('---\ntitle: "He said \\"hi\\": a story"\nurl: "https://example.com/a"\n'
                   "---\n\nbody\n")


def test_reference_links_number_each_url_once():
    out = md([block(text="a b", rich="[a](/x) and [b](/y)"), block(text="c", rich="[c](/x)")],
             link_style="reference")
    assert out == "[a][1] and [b][2]\n\n[c][1]\n\n[1]: /x\n[2]: /y\n"


def test_reference_style_leaves_images_inline():
    out = md([block(text="p", rich="see ![i](/i.png) and [l](/l)")], link_style="reference")
    assert out.startswith("see ![i](/i.png) and [l][1]\n")


def test_hard_breaks_in_list_items_stay_inside_the_item():
    out = md([block("list-item", "a b", rich="a  \nb", tag="li", level=1)])
    assert out == "- a  \n  b\n"


def test_display_math_between_dollar_lines_never_escaped():
    out = md([block("math", "a_1 * b", tag="span"), block(text="after")], link_style="reference")
    assert out == "$$\na_1 * b\n$$\n\nafter\n"


def test_code_fence_is_verbatim_and_outgrows_a_fence_inside():
    code = "```\n*not emphasis* [x](y) # no heading\n````"
    out = md([block("code", code, tag="pre", language="md")])
    assert out == "`````md\n" + code + "\n`````\n"


def test_front_matter_has_all_fields_and_the_reading_order_method():
    meta = Metadata(title="A: b", url="https://e.x/a", author='Jo "JJ" Marsh',
                    published="2024-09-14", lang="en-GB")
    out = render_markdown([block(text="body")], meta,
                          {"front_matter": True, "reading_order_method": "geometric-xy-cut"})
    assert out == ('---\ntitle: "A: b"\nurl: "https://e.x/a"\nauthor: "Jo \\"JJ\\" Marsh"\n'
                   'date: "2024-09-14"\nlanguage: "en-GB"\n'
                   'reading_order_method: "geometric-xy-cut"\n---\n\nbody\n')


def test_front_matter_escapes_newlines_controls_and_separators():
    meta = Metadata(title="one\ntwo\u2028three\x85\\end\tx")
    out = render_markdown([], meta, {"front_matter": True})
    assert out == '---\ntitle: "one\\ntwo\\u2028three\\u0085\\\\end\\tx"\n---\n'
    # A YAML double-quoted scalar with these escapes is also a JSON string.
    import json
    assert json.loads(out.split("title: ", 1)[1].split("\n", 1)[0]) == meta.title


def test_front_matter_leaves_out_what_the_page_did_not_say():
    out = render_markdown([], Metadata(title=""), {"front_matter": True})
    assert out == '---\ntitle: ""\n---\n'

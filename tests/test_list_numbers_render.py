"""Ordered lists whose numbers Markdown cannot count are written so that a CommonMark
parser draws what the browser draws. Markdown counts up from a list's first number:
a list whose numbers go down (<ol reversed>, a countdown set with value=) is written
as bullets that carry their numbers, escaped so that "3." does not open a list inside
the bullet. Inline CSS wins over the type attribute, as in the browser. The oracle is
markdown-it-py (CommonMark)."""
from __future__ import annotations

import pytest
from markdown_it import MarkdownIt

import webgist_host

CASES = [
    # (the list's HTML, its exact Markdown, the HTML markdown-it renders)
    ("<ol reversed><li>third place</li><li>second place</li><li>first place</li></ol>",
     "- 3\\. third place\n- 2\\. second place\n- 1\\. first place",
     "<ul>\n<li>3. third place</li>\n<li>2. second place</li>\n<li>1. first place</li>\n</ul>"),
    ("<ol><li value='10'>ten</li><li value='9'>nine</li></ol>",
     "- 10\\. ten\n- 9\\. nine",
     "<ul>\n<li>10. ten</li>\n<li>9. nine</li>\n</ul>"),
    ("<ol start='3'><li>three</li><li>four</li></ol>",       # counting up: Markdown's own
     "3. three\n4. four",
     '<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>'),
    ("<ol type='a' style='list-style-type: decimal'><li>one</li><li>two</li></ol>",
     "1. one\n2. two",
     "<ol>\n<li>one</li>\n<li>two</li>\n</ol>"),
    ("<ol style='list-style: disc'><li>socks</li><li>kit</li></ol>",
     "- socks\n- kit",
     "<ul>\n<li>socks</li>\n<li>kit</li>\n</ul>"),
    ("<ol style='list-style-type: lower-greek'><li>wax</li><li>soles</li></ol>",
     "- α. wax\n- β. soles",
     "<ul>\n<li>α. wax</li>\n<li>β. soles</li>\n</ul>"),
]


@pytest.mark.parametrize("html, markdown, rendered", CASES, ids=[c[0] for c in CASES])
def test_list_numbers(html, markdown, rendered):
    page = (f"<html><body><article><h1>T</h1><p>The list below is the one under test "
            f"here, after a sentence.</p>{html}</article></body></html>")
    written = webgist_host.convert(page, scope="main").markdown
    body = written.split("\n\n", 2)[2].strip()
    assert body == markdown
    assert MarkdownIt("commonmark").render(body).strip() == rendered

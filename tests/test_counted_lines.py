"""Listings of rows named by their generator's classes (blocks/counted_lines.py): the
guards no real page in tests/pages reaches."""
from __future__ import annotations

from webgist_host import convert

LATEXML = """<html><head><title>Listing</title></head><body><article>
<h1>Listing</h1><p>The code, with a line the page hides:</p>
<div class="ltx_listing ltx_lstlisting">
<div class="ltx_listingline"><span class="ltx_text">x = 1</span></div>
<div class="ltx_listingline" style="display:none"><span class="ltx_text">secret = 2</span></div>
<div class="ltx_listingline"><span class="ltx_text">y = 3</span></div>
</div></article></body></html>"""


def code_blocks(html: str) -> list[str]:
    return [b.text for b in convert(html, scope="page").blocks if b.kind.value == "code"]


def test_a_hidden_latexml_row_is_no_line_of_the_listing():
    assert code_blocks(LATEXML) == ["x = 1\ny = 3"]


def test_a_latexml_box_of_rows_alone_is_the_listing():
    """No download arrow, no numbers: the two classes still say what it is."""
    html = LATEXML.replace(' style="display:none"', "")
    assert code_blocks(html) == ["x = 1\nsecret = 2\ny = 3"]


def test_blank_rows_at_either_end_are_no_lines_of_the_listing():
    html = LATEXML.replace(' style="display:none"><span class="ltx_text">secret = 2</span>', ">")
    html = html.replace('<div class="ltx_listing ltx_lstlisting">',
                        '<div class="ltx_listing ltx_lstlisting"><div class="ltx_listingline"> </div>')
    html = html.replace("</div></article>", '<div class="ltx_listingline"></div></div></article>')
    assert code_blocks(html) == ["x = 1\n\ny = 3"]


def test_a_listing_class_on_a_box_without_rows_reads_it_the_usual_way():
    html = LATEXML.replace('<div class="ltx_listing ltx_lstlisting">',
                           '<div class="ltx_lstlisting">print(1)</div><div class="ltx_listing">')
    assert "print(1)" in convert(html, scope="page").markdown


def test_a_table_without_rows_keeps_its_caption():
    html = """<html><head><title>Runs</title></head><body><main><h1>Runs</h1>
    <p>The runs of the week, one table per machine, as the log wrote them.</p>
    <table><caption>Results of the run</caption></table></main></body></html>"""
    assert "Results of the run" in convert(html, scope="page").markdown

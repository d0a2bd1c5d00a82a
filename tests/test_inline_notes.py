"""Notes written inside their sentence (LaTeXML), notes opened by their number
(Substack), and code in a textarea: the guards of each, one negative case apiece
(rev-fixM2 found mutants of these guards that no test killed)."""
from __future__ import annotations

import re

from webgist_host.engine.blocks import extract_blocks
from webgist_host.engine.dom.capture import Capture
from webgist_host.engine.dom.parse import parse_html
from webgist_host.engine.model import BlockKind
from webgist_host.engine.pipeline import convert


def markdown_of(body: str) -> str:
    return convert(f"<html><body><main>{body}</main></body></html>").markdown


def note(mark: str, words: str, classes: str = "ltx_note ltx_role_footnote") -> str:
    return (f'<span class="{classes}"><sup class="ltx_note_mark">{mark}</sup>'
            f'<span class="ltx_note_outer"><span class="ltx_note_content">'
            f'<sup class="ltx_note_mark">{mark}</sup>{words}</span></span></span>')


def test_an_inline_note_is_written_after_its_paragraph():
    md = markdown_of(f"<p>Kernels compare graphs.{note('2', 'Walks or paths.')} They differ.</p>")
    assert "Kernels compare graphs.[^2] They differ.\n\n[^2]: Walks or paths." in md


def test_notes_with_the_same_words_keep_their_own_labels():
    # The words alone cannot say two notes are one ("Ibid." after two citations):
    # each keeps its label and its definition, before de-duplication and after it.
    html = (f"<p>Smith.{note('1', 'Ibid.')} Jones.{note('2', 'Ibid.')}</p>")
    assert [b.rich_text for b in _blocks(html)] == ["Smith.[^1] Jones.[^2]",
                                                   "[^1]: Ibid.", "[^2]: Ibid."]
    md = markdown_of(html)
    assert "[^1]: Ibid." in md and "[^2]: Ibid." in md


def test_notes_with_the_same_words_but_other_links_stay_apart():
    one = note("1", 'See <a href="https://a.example/">here</a>.')
    two = note("2", 'See <a href="https://b.example/">here</a>.')
    md = markdown_of(f"<p>Code.{one} Data.{two}</p>")
    assert "Code.[^1] Data.[^2]" in md
    assert "[^1]: See [here](https://a.example/)." in md
    assert "[^2]: See [here](https://b.example/)." in md


def test_a_box_restating_only_the_mark_is_no_note():
    md = markdown_of('<p>Word<span class="fn-note"><sup>1</sup><span>1</span></span> more.</p>')
    assert "[^" not in md


def test_words_before_the_mark_inside_the_span_make_no_note():
    md = markdown_of('<p>Word<span class="fn-note">see <sup>1</sup><span>the appendix</span>'
                     '</span> more.</p>')
    assert "[^" not in md and "the appendix" in md


def test_a_word_in_the_sup_is_no_mark():
    md = markdown_of('<p>Word<span class="fn-note"><sup>Remark</sup><span>the appendix text'
                     '</span></span> more.</p>')
    assert "[^" not in md and "the appendix text" in md


def test_a_hidden_inline_note_is_not_written():
    md = markdown_of('<p>Word<span class="fn-note" hidden><sup>1</sup>'
                     '<span>hidden note text</span></span> more.</p>')
    assert "[^" not in md and "hidden note text" not in md


def test_an_html_table_keeps_its_notes_words_in_the_cell():
    md = markdown_of('<table><tr><th rowspan="2">Model</th><th colspan="2">Accuracy</th></tr>'
                     '<tr><th>Dev</th><th>Test</th></tr>'
                     f'<tr><td>Ours{note("3", "Best of five seeds.")}</td><td>91.2</td>'
                     '<td>90.8</td></tr></table><p>The gap is small on both sets.</p>')
    assert "[^" not in md
    assert md.count("Best of five seeds.") == 1


def test_an_anchor_opening_a_list_item_is_a_bookmark_not_a_note():
    # The link points at the <a> first in an <li>: list items are notes only when
    # targeted themselves (Wikipedia's ol.references), not through a bookmark.
    md = markdown_of('<p>Open it first<sup><a href="#s3">3</a></sup>.</p>'
                     '<ol><li>Close the tap.</li><li>Drain it.</li>'
                     '<li><a id="s3"></a>Open the valve slowly.</li></ol>')
    assert "[^" not in md


def test_a_number_inside_a_notes_text_does_not_open_it():
    # Substack's number opens its div.footnote; a number met inside a note's text
    # (after words) is not that note's own number.
    md = markdown_of('<p>A claim.<a href="#n2">2</a></p>'
                     '<div class="footnote">Intro words <a id="n2">2</a> more words.</div>')
    assert "[^" not in md


def _blocks(body: str):
    return extract_blocks(parse_html(f"<html><body><main>{body}</main></body></html>"),
                          Capture())[0]


def test_a_class_word_holding_code_inside_it_is_no_code():
    blocks = _blocks('<p>Scan the card.</p><textarea class="barcode-field">4006381333931'
                     '</textarea>')
    assert BlockKind.CODE not in [b.kind for b in blocks]


def test_a_textareas_first_newline_is_the_markups():
    blocks = _blocks('<textarea class="code">\nline1\nline2</textarea>')
    assert [b.text for b in blocks if b.kind == BlockKind.CODE] == ["line1\nline2"]


def test_embed_and_licence_boxes_are_no_code():
    blocks = _blocks('<p>Embed:</p><textarea class="code" readonly>&lt;iframe '
                     'src="https://player.example.com/v/1"&gt;&lt;/iframe&gt;</textarea>'
                     '<textarea class="embed-code">&lt;div&gt;a&lt;/div&gt;&lt;p&gt;b&lt;/p&gt;'
                     '</textarea>'
                     '<textarea class="license-code" readonly>ACME-PRO-7731-XQ</textarea>')
    assert BlockKind.CODE not in [b.kind for b in blocks]


def test_markup_of_several_elements_is_code():
    blocks = _blocks('<textarea class="code">&lt;p&gt;One.&lt;/p&gt;\n&lt;p&gt;Two.&lt;/p&gt;'
                     '</textarea>')
    assert [b.text for b in blocks if b.kind == BlockKind.CODE] == ["<p>One.</p>\n<p>Two.</p>"]


def test_a_callout_is_written_once_around_a_quote_inside_it():
    md = markdown_of('<div class="admonition note"><p class="admonition-title">Note</p>'
                     '<p>First.</p><blockquote><p>Quoted.</p><p>Again.</p></blockquote><p>After.</p></div>')
    assert md.count("[!NOTE]") == 1


def test_a_quote_opening_a_list_item_does_not_become_the_item_inside_the_quote():
    # (Its quote may not take the item's frame: the item would be written inside it.)
    md = markdown_of("<p>Two replies:</p><ul><li><blockquote><p>First reply, quoted.</p>"
                     "<p>Its second line.</p></blockquote></li><li>Plain item.</li></ul>")
    assert "> - First reply" not in md and "> First reply, quoted." in md


def test_a_pandoc_note_with_an_inline_notes_words_keeps_its_definition():
    # De-duplication keys a definition on its label: neither copy of the words goes.
    md = markdown_of(
        '<p>Pandoc prose.<sup><a href="#fn1" class="footnote-ref" id="fnref1" '
        'role="doc-noteref">1</a></sup></p>'
        f"<p>Inline prose.{note('1', 'The same words in both notes.')}</p>"
        '<section class="footnotes" role="doc-endnotes"><hr><ol><li id="fn1">'
        '<p>The same words in both notes.<a href="#fnref1" class="footnote-back" '
        'role="doc-backlink">↩︎</a></p></li></ol></section>')
    labels = re.findall(r"\[\^([^\]]+)\](?!:)", md)
    assert len(labels) == 2 and all(f"[^{label}]: The same words" in md for label in labels), md


def test_a_textarea_holding_one_embed_element_is_a_copy_box():
    # A void embed (no closing tag) and a closed iframe are boxes to copy; one <img>
    # alone is a lesson's example.
    void = _blocks('<textarea class="code" readonly>&lt;embed src="https://v.example/1.swf"&gt;'
                   '</textarea>')
    closed = _blocks('<textarea class="code">&lt;iframe src="https://v.example/1"&gt;'
                     '&lt;/iframe&gt;</textarea>')
    image = _blocks('<textarea class="code">&lt;img src="cat.jpg" alt="A cat"&gt;</textarea>')
    assert not void and not closed
    assert [b.kind for b in image] == [BlockKind.CODE]

"""Code editors in the page become one code block: lines in order, furniture out."""
from __future__ import annotations

from webgist_host.engine.blocks import extract_blocks
from webgist_host.engine.dom.capture import Capture
from webgist_host.engine.render.markdown import render_markdown
from webgist_host.engine.model import Metadata
from webgist_host.engine.dom.parse import parse_html


def code_blocks(html: str):
    return [b for b in extract_blocks(parse_html(html), Capture())[0] if b.kind == "code"]


def test_codemirror5_lines_without_gutters_or_measure():
    html = ('<div class="CodeMirror cm-s-default"><div class="CodeMirror-measure"><pre>'
            'xx</pre></div><div class="CodeMirror-code"><div><div class="CodeMirror-gutter-'
            'wrapper"><div class="CodeMirror-linenumber">1</div></div><pre class="CodeMirror-'
            'line"><span><span class="cm-keyword">let</span> a = 1;</span></pre></div><div>'
            '<pre class="CodeMirror-line"><span><span cm-text="">\u200b</span></span></pre>'
            '</div><div><pre class="CodeMirror-line"><span>a++;</span></pre></div></div></div>')
    [block] = code_blocks(html)
    assert block.text == "let a = 1;\n\na++;"
    assert block.language is None            # cm-s-default is a theme, not a language


def test_codemirror6_lines_and_data_language():
    html = ('<div class="cm-editor"><div class="cm-scroller"><div class="cm-gutters">'
            '<div class="cm-gutterElement">1</div></div><div class="cm-content" '
            'data-language="python"><div class="cm-line">def f():</div><div class="cm-line">'
            '    return 1</div><div class="cm-line"><br></div></div><div class="cm-layer '
            'cm-cursorLayer"><div class="cm-cursor"></div></div></div></div>')
    [block] = code_blocks(html)
    assert (block.text, block.language) == ("def f():\n    return 1", "python")


def test_monaco_lines_ordered_by_top_with_nbsp_as_spaces():
    html = ('<div class="monaco-editor" data-mode-id="typescript"><div class="margin">'
            '<div class="line-numbers">1</div></div><div class="view-lines">'
            '<div class="view-line" style="top:38px;height:19px;"><span>}</span></div>'
            '<div class="view-line" style="top:0px;height:19px;"><span>if&nbsp;(x)&nbsp;{'
            '</span></div><div class="view-line" style="top:19px;height:19px;"><span>'
            '&nbsp;&nbsp;go();</span></div></div><div class="cursors-layer"><div '
            'class="cursor"></div></div></div>')
    [block] = code_blocks(html)
    assert (block.text, block.language) == ("if (x) {\n  go();\n}", "typescript")


def test_ace_text_layer_only():
    html = ('<div class="ace_editor ace-tm"><div class="ace_gutter"><div class='
            '"ace_gutter-cell">1</div></div><div class="ace_scroller"><div class="ace_content">'
            '<div class="ace_layer ace_text-layer"><div class="ace_line"><span class='
            '"ace_keyword">var</span> a;</div><div class="ace_line">a = 2;</div></div>'
            '<div class="ace_layer ace_cursor-layer"><div class="ace_cursor"></div></div>'
            '</div></div></div>')
    [block] = code_blocks(html)
    assert block.text == "var a;\na = 2;"


def test_viewport_editor_completed_from_hidden_textarea():
    html = ('<textarea style="display:none" class="language-js">one();\ntwo();\nthree();'
            '</textarea><div class="CodeMirror"><div class="CodeMirror-code"><pre class='
            '"CodeMirror-line">one();</pre><pre class="CodeMirror-line">two();</pre></div>'
            '</div>')
    [block] = code_blocks(html)
    assert (block.text, block.language) == ("one();\ntwo();\nthree();", "js")


def test_hidden_pre_that_lacks_drawn_lines_is_not_preferred():
    html = ('<div class="cm-editor"><div class="cm-content"><div class="cm-line">edited()'
            '</div></div></div><pre hidden>original()</pre>')
    [block] = code_blocks(html)
    assert block.text == "edited()"


def test_hidden_pre_beside_editor_is_read_once():
    html = ('<div class="cm-editor"><div class="cm-content"><div class="cm-line">a()</div>'
            '</div></div><pre class="source">a()\nb()</pre>')
    assert [b.text for b in code_blocks(html)] == ["a()\nb()"]


def test_editor_renders_as_fenced_code():
    html = ('<p>Try it:</p><div class="cm-editor"><div class="cm-content" data-language='
            '"js"><div class="cm-line">let s = `x`;</div></div></div><button>Run</button>')
    assert render_markdown(extract_blocks(parse_html(html), Capture())[0], Metadata(), {}) == "Try it:\n\n```js\nlet s = `x`;\n```\n"

"""Math: TeX from MathML annotations, MathJax scripts and KaTeX; rendered copies dropped."""
from __future__ import annotations

from webgist_host.engine.blocks import extract_blocks
from webgist_host.engine.dom.capture import Capture
from webgist_host.engine.render.markdown import render_markdown
from webgist_host.engine.model import Metadata
from webgist_host.engine.dom.parse import parse_html

KATEX_INLINE = (
    '<span class="katex"><span class="katex-mathml"><math><semantics><mrow><mi>x</mi>'
    '</mrow><annotation encoding="application/x-tex">x^2</annotation></semantics></math>'
    '</span><span class="katex-html" aria-hidden="true"><span class="base">x2</span></span></span>')
KATEX_DISPLAY = (
    '<span class="katex-display"><span class="katex"><span class="katex-mathml"><math '
    'display="block"><semantics><mi>E</mi><annotation encoding="application/x-tex">'
    'E = mc^2</annotation></semantics></math></span><span class="katex-html">E=mc2</span>'
    '</span></span>')


def blocks_of(html: str):
    return extract_blocks(parse_html(html), Capture())[0]


def md(html: str) -> str:
    return render_markdown(blocks_of(html), Metadata(), {})


def test_katex_inline_math_joins_the_paragraph_once():
    blocks = blocks_of(f"<p>Square {KATEX_INLINE} twice.</p>")
    assert [(b.kind, b.text, b.rich_text) for b in blocks] == [
        ("paragraph", "Square x^2 twice.", "Square $x^2$ twice.")]


def test_katex_display_math_is_its_own_block_between_the_prose():
    blocks = blocks_of(f"<p>So {KATEX_DISPLAY} holds.</p>")
    assert [(b.kind, b.text) for b in blocks] == [
        ("paragraph", "So"), ("math", "E = mc^2"), ("paragraph", "holds.")]
    assert md(f"<p>So {KATEX_DISPLAY} holds.</p>") == "So\n\n$$\nE = mc^2\n$$\n\nholds.\n"


def test_mathjax2_scripts_give_the_tex_and_the_rendered_copies_go():
    html = ('<p>Mean <span class="MathJax_Preview"></span><span class="MathJax" '
            'id="MathJax-Element-1-Frame"><span>x̄</span></span>'
            '<script type="math/tex" id="MathJax-Element-1">\\bar{x}</script> and</p>'
            '<div class="MathJax_Display"><span class="MathJax">s2=...</span></div>'
            '<script type="math/tex; mode=display">s^2 = \\frac{1}{n}</script><p>end</p>')
    assert md(html) == "Mean $\\bar{x}$ and\n\n$$\ns^2 = \\frac{1}{n}\n$$\n\nend\n"


def test_mathjax2_copy_without_its_script_is_kept():
    blocks = blocks_of('<p>See <span class="MathJax">x+1</span> here</p>')
    assert blocks[0].text == "See x+1 here"


def test_mathml_annotation_and_display_attribute():
    html = ('<p>Let <math><semantics><mi>a</mi><annotation encoding="application/x-tex">'
            '\\alpha</annotation></semantics></math>.</p><math display="block"><semantics>'
            '<mi>b</mi><annotation encoding="application/x-tex">\\beta + 1</annotation>'
            '</semantics></math>')
    assert md(html) == "Let $\\alpha$.\n\n$$\n\\beta + 1\n$$\n"


def test_mathml_without_tex_keeps_its_words_and_drops_other_annotations():
    blocks = blocks_of('<p>Value <math><semantics><mi>y</mi><annotation encoding="StarMath">'
                       'y_star</annotation></semantics></math> here</p>')
    assert blocks[0].rich_text == "Value y here"


def test_wikipedia_math_reads_hidden_mathml_and_drops_the_fallback_image():
    html = ('<p>Period <span class="mwe-math-element"><span class="mwe-math-mathml-inline '
            'mwe-math-mathml-a11y" style="display: none;"><math alttext="{\\displaystyle T}">'
            '<semantics><mi>T</mi><annotation encoding="application/x-tex">{\\displaystyle T}'
            '</annotation></semantics></math></span><img src="https://w.example/t.svg" '
            'class="mwe-math-fallback-image-inline" alt="{\\displaystyle T}" width="40" '
            'height="40"></span> is short.</p>')
    blocks = blocks_of(html)
    assert [(b.kind, b.rich_text) for b in blocks] == [
        ("paragraph", "Period ${\\displaystyle T}$ is short.")]


def test_mathjax3_container_display():
    html = ('<mjx-container class="MathJax" jax="CHTML" display="true"><mjx-math></mjx-math>'
            '<mjx-assistive-mml><math display="block"><semantics><mi>z</mi><annotation '
            'encoding="application/x-tex">z</annotation></semantics></math></mjx-assistive-mml>'
            '</mjx-container>')
    assert [(b.kind, b.text) for b in blocks_of(html)] == [("math", "z")]


def test_tex_is_never_escaped():
    blocks = blocks_of('<p><script type="math/tex">a_1 * b_2 [c]</script></p>')
    assert blocks[0].rich_text == "$a_1 * b_2 [c]$"


def test_reading_math_editors_and_lazy_images_leaves_the_tree_unchanged():
    from lxml import etree
    root = parse_html(f"<p>{KATEX_INLINE}</p>{KATEX_DISPLAY}"
                      "<script type='math/tex'>x</script><textarea hidden>a</textarea>"
                      "<div class='CodeMirror'><div class='CodeMirror-code'><pre "
                      "class='CodeMirror-line'>a</pre></div></div><img src='data:,' "
                      "data-src='i.png'><noscript><img src='i.png'></noscript>")
    before = etree.tostring(root)
    extract_blocks(root, Capture())
    assert etree.tostring(root) == before


def test_every_mathjax2_copy_class_passes_the_cheap_first_look():
    from webgist_host.engine.blocks.math import (MATHJAX2_COPY_CLASSES, MATHJAX2_COPY_STEMS,
                                          could_be_mathjax2_copy)
    for name in MATHJAX2_COPY_CLASSES:
        assert any(stem in name for stem in MATHJAX2_COPY_STEMS)
        assert could_be_mathjax2_copy(f"post {name} x")
    assert not could_be_mathjax2_copy("post-body entry-content")


def test_image_formulas_read_from_their_address():
    """An image with no TeX in its alt is a formula when its address carries one: a
    formula parameter (Google Charts' chl), the whole query (codecogs), or an escaped
    backslash in its last path segment. Any other address is an ordinary picture."""
    charts = '<p>Area <img src="https://chart.example/chart?cht=tx&amp;chl=x%5E2"> here.</p>'
    assert [b.rich_text for b in blocks_of(charts)] == ["Area $x^2$ here."]
    codecogs = '<p>So <img src="https://latex.example/svg.image?\\frac{a}{b}"> holds.</p>'
    assert [b.rich_text for b in blocks_of(codecogs)] == ["So $\\frac{a}{b}$ holds."]
    escaped = '<p>Let <img src="/render/%5Calpha"> be.</p>'
    assert [b.rich_text for b in blocks_of(escaped)] == ["Let $\\alpha$ be."]
    plain = '<p>A <img src="https://cdn.example/photos/cat.png?w=640&amp;text=1"> cat.</p>'
    assert [(b.kind, b.rich_text) for b in blocks_of(plain)] == [
        ("paragraph", "A"), ("image", "![](https://cdn.example/photos/cat.png?w=640&text=1)"),
        ("paragraph", "cat.")]

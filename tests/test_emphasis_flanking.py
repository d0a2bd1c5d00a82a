"""Emphasis is written so that a real CommonMark parser reads it as emphasis.

A "**" opens only when left-flanking and closes only when right-flanking (CommonMark
§6.2): punctuation just inside a marker with a letter just outside it ("**注意：**推导",
"使用**“引号”**的", "**Note:**text") leaves the asterisks as literal text. The engine
moves such punctuation outside the marker where it can (or the marker inside a link it
wraps), and writes the HTML element where it cannot; bold or italics around punctuation
alone is written plain. The oracle is markdown-it-py (CommonMark, with GFM's strikethrough).
"""
from __future__ import annotations

import re

import pytest
from markdown_it import MarkdownIt

import webgist_host

CASES = [
    # (inline HTML of one paragraph, how many <strong>, <em>, <del> it holds)
    ("<strong>注意：</strong>推导式过长时会降低可读性。", (1, 0, 0)),
    ("使用<strong>“引号”</strong>的形式", (1, 0, 0)),
    ("也可以<em>（括号）</em>注明", (0, 1, 0)),
    ("<b>Note:</b>text runs on", (1, 0, 0)),
    ("a<b>(</b>b", (0, 0, 0)),                       # punctuation alone: plain
    ("blocks<b>,</b> then <i>x</i><em>.</em>", (0, 1, 0)),
    ("build<del>,</del> layouts", (0, 0, 1)),         # a struck sign is an edit
    ("<b>one</b><b>two</b> and <i>a</i><i>b</i>", (1, 1, 0)),   # side by side: one
    ("a<b>“x”</b><b>“y”</b>b", (1, 0, 0)),
    ("price<del>($20)</del>now", (0, 0, 1)),         # brackets stay inside: HTML
    ("x<strong><em>“both”</em></strong>y", (1, 1, 0)),
    ("The whole story is told at length, see<b><a href='https://example.com/a'>“this”</a></b>now and read it.", (1, 0, 0)),
    ("a <b>Note:</b> b, and <i>plain</i> words", (1, 1, 0)),
    ("<b>「重要」</b>です", (1, 0, 0)),
    ("Das ist<b>„wichtig“</b>jetzt", (1, 0, 0)),
    ("<b>Total:</b><i>“12”</i>items", (1, 1, 0)),
]


def _paragraph(markdown: str) -> str:
    html = MarkdownIt("commonmark").enable("strikethrough").render(markdown)
    return html


@pytest.mark.parametrize("inline, counts", CASES, ids=[c[0] for c in CASES])
def test_emphasis_renders_as_emphasis(inline, counts):
    page = f"<html><body><article><h1>Title</h1><p>{inline}</p></article></body></html>"
    markdown = webgist_host.convert(page, scope="main").markdown
    html = _paragraph(markdown)
    found = tuple(html.count(f"<{tag}>") for tag in ("strong", "em", "s"))
    # GFM's "~~" renders as <s>; a <del> written as HTML stays <del>.
    found = (found[0], found[1], found[2] + html.count("<del>"))
    assert found == counts, markdown
    assert "*" not in re.sub(r"<[^>]+>", "", html), markdown


def test_emphasis_that_needs_no_help_is_plain_markdown():
    page = ("<html><body><article><h1>T</h1><p>Some <b>bold</b> and <i>slanted</i> words, "
            "<b>Note:</b> then text.</p></article></body></html>")
    markdown = webgist_host.convert(page, scope="main").markdown
    assert "Some **bold** and *slanted* words, **Note:** then text." in markdown


EXACT = [
    # (inline HTML of one paragraph, its exact Markdown, the HTML markdown-it renders)
    # Bold around a whole link after a letter goes inside the link's text.
    ("The story is told at length, see<b><a href='/a'>“this”</a></b>now and read it.",
     "The story is told at length, see[**“this”**](/a)now and read it.",
     '<p>The story is told at length, see<a href="/a"><strong>“this”</strong></a>now and read it.</p>'),
    # A "!" right before a link's "[" is escaped, or the link would be an image: after
    # plain text, after a bold "!" written plain, and before a link holding the bold.
    ("today!<a href='/shop'>Shop</a> now",
     "today\\![Shop](/shop) now",
     '<p>today!<a href="/shop">Shop</a> now</p>'),
    ("today<b>!</b><a href='/shop'>Shop</a> now",
     "today\\![Shop](/shop) now",
     '<p>today!<a href="/shop">Shop</a> now</p>'),
    ("Warning<em>!</em><a href='/docs'>docs</a> now",
     "Warning\\![docs](/docs) now",
     '<p>Warning!<a href="/docs">docs</a> now</p>'),
    ("Big news for all, hooray!<b><a href='/post'>Read it</a></b>now and tell friends.",
     "Big news for all, hooray\\![**Read it**](/post)now and tell friends.",
     '<p>Big news for all, hooray!<a href="/post"><strong>Read it</strong></a>now and tell friends.</p>'),
    ("The price was high, now<b>cut!</b><b><a href='/u'>see it</a></b> today and more.",
     "The price was high, now**cut\\![see it](/u)** today and more.",
     '<p>The price was high, now<strong>cut!<a href="/u">see it</a></strong> today and more.</p>'),
    ("yes!<span><a href='/n'>nested</a></span> end",
     "yes\\![nested](/n) end",
     '<p>yes!<a href="/n">nested</a> end</p>'),
    # A closing quotation mark moved out of the emphasis takes its opening mark along,
    # so the emphasis is not drawn from one mark only ("**“Done**”").
    ("The column shows ✅<b>“Done”</b>for each finished task.",
     "The column shows ✅“**Done**”for each finished task.",
     "<p>The column shows ✅“<strong>Done</strong>”for each finished task.</p>"),
    ("He said<b>\"yes\"</b>loudly, then <i>'no'</i>quietly.",
     "He said\"**yes**\"loudly, then '*no*'quietly.",
     "<p>He said&quot;<strong>yes</strong>&quot;loudly, then '<em>no</em>'quietly.</p>"),
    ("Das ist<b>„wichtig!“</b>jetzt, sagt er.",
     "Das ist„**wichtig!**“jetzt, sagt er.",
     "<p>Das ist„<strong>wichtig!</strong>“jetzt, sagt er.</p>"),
    # A "!" not right before a link, and an image, stay as they are.
    ("Wow! <a href='/x'>spaced</a> and done!",
     "Wow! [spaced](/x) and done!",
     '<p>Wow! <a href="/x">spaced</a> and done!</p>'),
]


@pytest.mark.parametrize("inline, markdown, html", EXACT, ids=[c[0] for c in EXACT])
def test_exact_markdown(inline, markdown, html):
    page = f"<html><body><article><h1>T</h1><p>{inline}</p></article></body></html>"
    written = webgist_host.convert(page, scope="main").markdown
    body = written.split("\n\n", 1)[1].strip()
    assert body == markdown
    assert _paragraph(body).strip() == html

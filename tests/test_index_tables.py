"""The tables read once per page in place of walks and attribute reads: each answers
what the walk or the read it replaces answered."""
from __future__ import annotations

from webgist_host.engine.blocks.page_index import PageIndex
from webgist_host.engine.dom.capture import Capture
from webgist_host.engine.dom.nodes import GATHERED_TAGS, ElementsByTag
from webgist_host.engine.dom.parse import parse_html
from webgist_host.engine.regions.marks import _Names
from webgist_host.engine.regions.vocabulary import ATTRIBUTES_BUT_ID, NAMING_ATTRIBUTES, naming_words

_PAGE = """<!doctype html><html><head><title>One</title><meta name="a" content="b">
<link rel="canonical" href="/x"><script type="application/ld+json">{}</script><base href="/b/">
</head><body class="Page hasNav" id="top"><!-- <a href="#no"> --><h1 id="mainTitle">Head</h1>
<svg><title>icon</title></svg><nav role="navigation" class="site-nav" name="menu">
<a href="/1" class="">one</a><a>no href</a></nav><form name="f"><input type="radio" name="r"
id="r1"><input name="q" class="search-field" id=""><button class="Buttons ctas">Go</button>
</form><div itemprop="articleBody" role="" id="post-12-body"><h1>Second</h1><p>text</p></div>
</body></html><html><body><a href="/after">after the end</a></body></html>"""


def test_elements_by_tag_are_each_tags_walk():
    root = parse_html(_PAGE)
    tagged = ElementsByTag(root)
    for tag in GATHERED_TAGS:
        assert tagged(tag) == list(root.iter(tag)), tag


def test_naming_words_from_the_index_are_those_read_from_the_element():
    root = parse_html(_PAGE)
    names = _Names(PageIndex(root, Capture()))
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        for attributes in (NAMING_ATTRIBUTES, ATTRIBUTES_BUT_ID, ("class",)):
            made = names.of(el, attributes)
            read = naming_words(el, {}, attributes)
            assert made == read and list(made) == list(read), (el.tag, attributes)

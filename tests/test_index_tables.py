"""The tables read once per page in place of walks and attribute reads: each answers
what the walk or the read it replaces answered."""
from __future__ import annotations

from webgist_host.engine.blocks.page_index import PageIndex
from webgist_host.engine.bylines import elements_by_itemprop
from webgist_host.engine.blocks.visibility import HIDDEN_BY_TAG, Visibility
from webgist_host.engine.dom.capture import (
    FLAG_DISPLAYED, FLAG_VISIBLE, UNSEEN_SHIFT, UNSEEN_ZERO_SIZE_CLIP, Box, Capture,
)
from webgist_host.engine.dom.nodes import GATHERED_TAGS, PATH_ATTR, ElementsByTag
from webgist_host.engine.dom.parse import parse_html
from webgist_host.engine.model import Rect
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


_MICRODATA = """<html><body itemscope itemtype="https://schema.org/WebPage">
<div itemprop="mainEntity" itemscope itemtype=" http://schema.org/Product/ "><span
itemprop="name">One</span><span itemprop="">empty</span><!-- itemprop="name" -->
<svg itemprop="image"><title itemprop="name">icon</title></svg><p itemtype="x">no scope</p>
<div itemprop="review" itemscope itemtype="https://schema.org/Review"><b itemprop="name">Two
</b></div></div><p data-itemprop="name">not one</p></body></html>"""


def test_microdata_from_the_index_is_what_the_attribute_walks_read():
    root = parse_html(_MICRODATA)
    index = PageIndex(root, Capture())
    by_walk = elements_by_itemprop(root)
    assert list(by_walk) == ["mainEntity", "name", "", "image", "review"]
    from_index = elements_by_itemprop(root, index.itemprop_values)
    assert list(from_index) == list(by_walk)
    for prop, elements in by_walk.items():
        assert from_index[prop] == elements, prop
    assert list(index.itemtype_values.values()) == [
        str(value) for value in root.xpath("//@itemtype")]


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


# A measured page: boxes of every kind collect.js writes (drawn and seen, not laid
# out, invisible, seen by no reader), elements without a box, and the attributes,
# classes and tags that hide an element whatever its box.
_MEASURED = """<!doctype html><html><body><main><h1>Title</h1>
<p class="lead">Drawn <b>and</b> seen <span role="note">here</span>.</p>
<div aria-controls="x"><p>gone</p><p>invisible</p><p>off the page</p><p>clipped</p></div>
<p style="display:none">styled away</p><p hidden>hidden</p><p aria-hidden="true">aria</p>
<div popover>pop</div><dialog>closed</dialog><span class="sr-only">skip to</span>
<p>no box <i>inside</i></p><wbr>after</main></body></html>"""


def _measured_capture(root) -> Capture:
    """A box for each element but the last paragraph and its child, its flags by
    the element's place: the <div>'s paragraphs not laid out, invisible, and seen
    by no reader (two UNSEEN codes)."""
    paths = PageIndex(root, Capture()).real_path
    rect = Rect(0, 0, 100, 20)
    drawn = FLAG_DISPLAYED | FLAG_VISIBLE
    gone, invisible, off, clipped = root.find(".//div[@aria-controls]")
    flags = {gone: 0, invisible: FLAG_DISPLAYED, off: drawn | 1 << UNSEEN_SHIFT,
             clipped: drawn | UNSEEN_ZERO_SIZE_CLIP << UNSEEN_SHIFT}
    unboxed = root.findall(".//main/p")[-1]
    return Capture(boxes={paths(el): Box(rect, flags.get(el, drawn)) for el in root.iter()
                          if isinstance(el.tag, str) and el not in (unboxed, unboxed[0])})


def test_each_elements_box_is_the_box_of_its_stamp():
    """As collect.js stamps a page: every element carries a path stamp (not its real
    path), and the capture's boxes are keyed by stamp. The index keeps each stamp as
    the element's path and finds its box by it; an unboxed element has none."""
    root = parse_html(_MEASURED)
    unboxed = root.findall(".//main/p")[-1]
    stamps = {}
    for number, el in enumerate(el for el in root.iter() if isinstance(el.tag, str)):
        stamps[el] = f"w{number}"
        el.set(PATH_ATTR, stamps[el])
    boxes = _measured_capture(root).boxes
    assert set(boxes).isdisjoint(stamps.values())       # real paths, not stamps
    real = PageIndex(root, Capture()).real_path
    capture = Capture(boxes={stamps[el]: boxes[real(el)] for el in stamps
                             if el not in (unboxed, unboxed[0])})
    index = PageIndex(root, capture)
    for el, stamp in stamps.items():
        assert index.path(el) == stamp, el.tag
        assert index.box(el) is capture.boxes.get(stamp), el.tag
        assert (index.box(el) is None) == (el in (unboxed, unboxed[0])), el.tag


def test_only_the_elements_visibility_may_hide_are_hidden():
    """Outside `may_hide`, with no hiding class and no hiding tag, no element is
    hidden: the walker answers those without asking (on both paths)."""
    for measured in (True, False):
        root = parse_html(_MEASURED)
        visibility = Visibility(PageIndex(root, _measured_capture(root) if measured
                                          else Capture()))
        may_hide = visibility.may_hide()
        hidden = set()
        for el in root.iter():
            if not isinstance(el.tag, str) or visibility.hidden_reason(el) is None:
                continue
            hidden.add(el.text)
            assert (el in may_hide or el.tag in HIDDEN_BY_TAG
                    or visibility.class_may_hide(el.get("class") or "")), el.text
        expected = {"styled away", "hidden", "aria", "pop", "closed", "skip to"}
        if measured:
            expected |= {"gone", "invisible", "off the page", "clipped"}
        assert hidden == expected, measured

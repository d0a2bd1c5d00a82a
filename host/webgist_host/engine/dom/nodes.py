"""Small helpers for reading an lxml tree without changing it."""
from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, Protocol

# collect.js stamps every element with its XPath in the live DOM under this name, so a
# block keeps its box whatever the engine later skips or removes (seed 001).
PATH_ATTR = "data-wg-path"
FLOAT_ATTR = "data-wg-float"


# Names lxml's HTML parser gives most elements, lower-case and without a namespace:
# tag_of returns these after one set lookup (it runs for every element in every
# stage's walk). Any other name takes the general path below.
_PLAIN_TAGS = frozenset("""
    a abbr address area article aside audio b bdi bdo blockquote body br button canvas
    caption center cite code col colgroup data datalist dd del details dfn dialog div dl
    dt em embed fieldset figcaption figure font footer form g h1 h2 h3 h4 h5 h6 head
    header hgroup hr html i iframe img input ins kbd label legend li link main map mark
    menu meta meter nav noscript object ol optgroup option output p param path picture
    pre progress q rp rt ruby s samp script search section select slot small source span
    strong style sub summary sup svg table tbody td template textarea tfoot th thead time
    title tr track u ul use var video wbr
""".split())


def tag_of(el) -> str:
    """Lower-case local tag name, or "" for comments and processing instructions."""
    tag = el.tag
    if tag in _PLAIN_TAGS:
        return tag
    if type(tag) is not str:       # comments and PIs carry a function here
        return ""
    if tag[0] == "{":
        tag = tag.rsplit("}", 1)[1]
    # lxml's HTML parser already lower-cases; only foreign (SVG) names need it.
    return tag if tag.islower() else tag.lower()


# The tags whose elements several stages look for over the whole page (the page's
# metadata, <base>, radio tabs, sign-up fields): `ElementsByTag` lists them all in one
# pass.
GATHERED_TAGS = ("a", "base", "button", "h1", "input", "link", "meta", "script", "title")


class ElementsByTag:
    """The page's elements of each of GATHERED_TAGS, in document order, as
    `root.iter(tag)` gives them, from one such walk for all of them: each walk
    visits every node of the tree in lxml, whatever it looks for."""

    __slots__ = ("_lists",)

    def __init__(self, root: Any):
        lists: dict[Any, list] = {tag: [] for tag in GATHERED_TAGS}
        for el in root.iter(*GATHERED_TAGS):
            lists[el.tag].append(el)
        self._lists = lists

    def __call__(self, tag: str) -> list:
        """The elements of `tag` (one of GATHERED_TAGS), in document order."""
        return self._lists[tag]


class TreeIndex(Protocol):
    """What one pass over a page's tree recorded (the block stage's PageIndex), read
    again by a later stage instead of walking every element a second time."""

    root: Any
    tags: dict              # element -> tag_of(element), comments ""
    class_values: dict      # element -> its class value, when it has one
    roles: dict             # element -> its role value, when it has one
    id_values: dict         # element -> its id value, when it has one
    name_values: dict       # element -> its name value, when it has one
    itemprop_values: dict   # element -> its itemprop value, when it has one
    bare: set               # elements without any attribute
    links: list             # <a href> elements in document order
    tagged: ElementsByTag   # the page's elements of GATHERED_TAGS

    def real_path(self, el: Any) -> str:
        """The element's path by position (an index on every step), not its stamp."""

    def elements_at(self, paths: Collection[str]) -> dict[str, list]:
        """The elements each of `paths` names (the stamp, else the real path), in
        document order."""


def text_with_breaks(el, br: str, skip: Callable[[object], bool]) -> str:
    """The text under `el` in source order (not its own tail), each <br> written as
    `br`; comments and the elements `skip` accepts are left out, not their tails.
    Iterative, so that a deeply nested page cannot exhaust Python's stack."""
    parts: list[str] = []
    stack = [(el, False)]
    while stack:
        node, done = stack.pop()
        if done:
            if node is not el and node.tail:
                parts.append(node.tail)
            continue
        if node is not el and (not isinstance(node.tag, str) or skip(node)):
            if node.tail:
                parts.append(node.tail)
            continue
        if tag_of(node) == "br":
            parts.append(br)
        elif node.text:
            parts.append(node.text)
        stack.append((node, True))
        stack.extend((child, False) for child in reversed(node))
    return "".join(parts)

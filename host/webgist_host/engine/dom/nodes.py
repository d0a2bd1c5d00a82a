"""Small helpers for reading an lxml tree without changing it."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

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


def walk_with_paths(root: Any) -> Iterator[tuple[Any, str, list[tuple[Any, str]]]]:
    """Yield (element, real path, ancestors) in document order, without recursion.

    `ancestors` is the list of (element, real path) pairs from the root down to the
    parent; it is shared and changes as the walk moves on, so copy what you keep.
    Real paths are built incrementally, so the walk is linear in the tree's size.
    The order is lxml's own iteration (in C); the parent chain is kept by popping
    the stack until its top is the element's parent.
    """
    ancestors: list[tuple[Any, str]] = []
    counts: list[dict[str, int] | None] = []    # per ancestor: its children's tags so far
    for el in root.iter():
        name = tag_of(el)
        if not name:
            continue                            # comments and PIs have no path
        if el is root:
            path = f"/{name}[1]"
        else:
            parent = el.getparent()
            while ancestors[-1][0] is not parent:
                ancestors.pop()
                counts.pop()
            seen = counts[-1]
            if seen is None:                    # the parent's first child: most have none
                seen = counts[-1] = {}
            n = seen[name] = seen.get(name, 0) + 1
            path = f"{ancestors[-1][1]}/{name}[{n}]"
        yield el, path, ancestors
        ancestors.append((el, path))
        counts.append(None)

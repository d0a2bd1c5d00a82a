"""Small helpers for reading an lxml tree without changing it."""
from __future__ import annotations

# collect.js stamps every element with its XPath in the live DOM under this name, so a
# block keeps its box whatever the engine later skips or removes (seed 001).
PATH_ATTR = "data-wg-path"
FLOAT_ATTR = "data-wg-float"


def tag_of(el) -> str:
    """Lower-case local tag name, or "" for comments and processing instructions."""
    tag = el.tag
    if type(tag) is not str:       # comments and PIs carry a function here
        return ""
    if tag[0] == "{":
        tag = tag.rsplit("}", 1)[1]
    # lxml's HTML parser already lower-cases; only foreign (SVG) names need it.
    return tag if tag.islower() else tag.lower()


def walk_with_paths(root):
    """Yield (element, real path, ancestors) in document order, without recursion.

    `ancestors` is the list of (element, real path) pairs from the root down to the
    parent; it is shared and changes as the walk moves on, so copy what you keep.
    Real paths are built incrementally, so the walk is linear in the tree's size.
    """
    ancestors: list[tuple[object, str]] = []
    root_path = f"/{tag_of(root)}[1]"
    stack = [(root, root_path, 0)]
    while stack:
        el, path, depth = stack.pop()
        del ancestors[depth:]
        yield el, path, ancestors
        ancestors.append((el, path))
        counts: dict[str, int] = {}
        children = []
        for child in el.iterchildren():
            name = tag_of(child)
            if not name:
                continue
            counts[name] = counts.get(name, 0) + 1
            children.append((child, f"{path}/{name}[{counts[name]}]", depth + 1))
        stack.extend(reversed(children))

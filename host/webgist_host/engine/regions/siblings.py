"""Article text the container walk left beside the container.

The walk goes down into a child while it holds most of the page's weight, so the
text of a sibling beside that child is cut off when the article is split over
several boxes. Here: the article goes on in the container's twins: editors that cut a story into
sections write each as the same box (same tag, same class list), with a wide
picture or a pull quote between them. This is read from the page's shape.
"""
from __future__ import annotations

from ..dom.nodes import TreeIndex


def container_twins(tree: TreeIndex, container: str | None,
                    lineage: list[tuple[str, ...]]) -> frozenset[str]:
    """Paths of the container's siblings that hold blocks and are built as it is:
    the same tag and the same (non-empty) class list."""
    if container is None or "/" not in container:
        return frozenset()
    parent = container.rsplit("/", 1)[0]
    depth = parent.count("/") - 1      # the parent's place in a lineage ("/html[1]" is 0)
    siblings = set()
    for chain in lineage:
        if len(chain) > depth + 1 and chain[depth] == parent and chain[depth + 1] != container:
            siblings.add(chain[depth + 1])
    if not siblings:
        return frozenset()
    found = tree.elements_at(siblings | {container})
    own = found.get(container)
    if not own:
        return frozenset()
    tag, classes = tree.tags.get(own[-1]), tree.class_values.get(own[-1])
    if not classes or not classes.strip():
        return frozenset()
    return frozenset(path for path in siblings
                     if any(tree.tags.get(el) == tag and tree.class_values.get(el) == classes
                            for el in found.get(path, ())))


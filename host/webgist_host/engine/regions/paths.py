"""Element paths (`/html[1]/body[1]/div[2]`) as the regions stage compares them."""
from __future__ import annotations

from bisect import bisect_left


def nested(a: str, b: str) -> bool:
    """Whether two element paths are one element, or one holds the other."""
    return a == b or a.startswith(b + "/") or b.startswith(a + "/")


def step_tag(step: str) -> str:
    """The tag of one path step: `li[3]` -> `li`."""
    return step.split("[", 1)[0]


def shared_ancestor(a: str, b: str) -> str:
    """The path of the deepest element that holds both paths' elements (or is one)."""
    steps, others = a.split("/"), b.split("/")
    n = 0
    while n < min(len(steps), len(others)) and steps[n] == others[n]:
        n += 1
    return "/".join(steps[:n])


class BlocksByPath:
    """Blocks (by index) sorted by their paths, so that those inside an element are
    found by halving, not by a scan of every block: the paths of an element's
    descendants sort together. A page of many small series (a thousand lists of
    teasers) asks for each list's blocks."""

    def __init__(self, paths: list[str], indices: list[int]):
        """`paths[n]` is the path of block `indices[n]`."""
        self._sorted = sorted(zip(paths, indices))
        self._paths = [path for path, _ in self._sorted]

    def by_child(self, parent: str) -> dict[str, list[int]]:
        """The blocks inside `parent` (a path with its closing "/"), by the step of
        `parent`'s child that holds each; each child's blocks in index order."""
        start = len(parent)
        by_child: dict[str, list[int]] = {}
        for path, i in self._within(parent):
            end = path.find("/", start)
            by_child.setdefault(path[start:] if end < 0 else path[start:end], []).append(i)
        for within in by_child.values():
            within.sort()
        return by_child

    def inside(self, element: str) -> list[int]:
        """The blocks inside `element` (a path with its closing "/"), in index order."""
        return sorted(i for _, i in self._within(element))

    def _within(self, element: str) -> list[tuple[str, int]]:
        # The paths starting with `element` sort from `element` up to `element` with
        # its "/" turned to "0", the character after it.
        low = bisect_left(self._paths, element)
        return self._sorted[low:bisect_left(self._paths, element[:-1] + "0", low)]


def enclosing_elements(paths: list[str]) -> frozenset[str]:
    """Every element that holds one of the blocks at `paths`, as a path with its
    closing "/": `path.startswith(e)` for one of `paths` becomes `e in` the set."""
    return frozenset(element for path in paths for element in _enclosing(path))


def inside_any(path: str, elements: frozenset[str]) -> bool:
    """Whether the block at `path` lies inside one of `elements` (paths with their
    closing "/"): its own ancestors looked up, one per step, so that a page of a
    thousand teaser lists costs no more per block than a page of one."""
    return bool(elements) and any(element in elements for element in _enclosing(path))


def _enclosing(path: str):
    """The elements holding the block at `path`, outermost first, each with its "/"."""
    at = path.find("/")
    while at >= 0:
        yield path[:at + 1]
        at = path.find("/", at + 1)

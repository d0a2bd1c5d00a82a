"""regions/paths.py: finding the blocks inside an element by their paths."""
from __future__ import annotations

import random

from webgist_host.engine.regions.paths import BlocksByPath, enclosing_elements


def _scanned(paths: list[str], indices: list[int], parent: str) -> dict[str, list[int]]:
    """What BlocksByPath.by_child answers, by a scan of every block."""
    found: dict[str, list[int]] = {}
    for path, i in sorted(zip(paths, indices), key=lambda pair: pair[1]):
        if path.startswith(parent):
            found.setdefault(path[len(parent):].split("/", 1)[0], []).append(i)
    return found


def test_blocks_by_child_as_a_scan_finds_them():
    rng = random.Random(7)
    steps = ["div[1]", "div[10]", "div[2]", "li[1]", "li[3]", "p[1]", "ul[1]", "日[1]", "a-b[1]",
             "div[1]0", ""]
    paths = ["/html[1]/body[1]/" + "/".join(rng.choice(steps) for _ in range(rng.randint(0, 5)))
             for _ in range(400)]
    indices = rng.sample(range(1000), len(paths))
    blocks = BlocksByPath(paths, indices)
    parents = {path[:end + 1] for path in paths for end in range(len(path)) if path[end] == "/"}
    for parent in sorted(parents) + ["/html[1]/body[1]/div[1]/", "/nowhere/"]:
        assert blocks.by_child(parent) == _scanned(paths, indices, parent), parent


def test_a_sibling_whose_step_starts_alike_is_not_inside():
    paths = ["/b[1]/div[1]/p[1]", "/b[1]/div[10]/p[1]", "/b[1]/div[1]", "/b[1]/div[1]/p[2]"]
    blocks = BlocksByPath(paths, [0, 1, 2, 3])
    assert blocks.by_child("/b[1]/div[1]/") == {"p[1]": [0], "p[2]": [3]}


def test_inside_finds_the_blocks_a_scan_finds():
    paths = ["/html/body/div[1]/p[1]", "/html/body/div[10]/p[1]", "/html/body/div[1]/ul/li[2]",
             "/html/body/div[1]", "/html/body/div[2]/p[1]", "/html/body/div[1]/ul/li[10]/p"]
    indices = [5, 3, 0, 9, 4, 7]
    by_path = BlocksByPath(paths, indices)
    for element in ("/html/body/div[1]/", "/html/body/div[1]/ul/", "/html/body/", "/html/body/div[3]/"):
        assert by_path.inside(element) == sorted(i for p, i in zip(paths, indices) if p.startswith(element))


def test_enclosing_elements_answer_as_startswith():
    paths = ["/html/body/div[1]/p[1]", "/html/body/main/div[2]/p[3]"]
    enclosing = enclosing_elements(paths)
    for element in ("/html/", "/html/body/div[1]/", "/html/body/main/div[2]/", "/html/body/div[1]/p[1]/",
                    "/html/body/div[2]/", "/html/body/main/div[2]/p[3]/"):
        assert (element in enclosing) == any(p.startswith(element) for p in paths), element

"""Element paths (`/html[1]/body[1]/div[2]`) as the regions stage compares them."""
from __future__ import annotations


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

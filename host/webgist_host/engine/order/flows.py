"""Text the page's styles lay out other than in lines across the page.

Multi-column text (`column-count`, `columns`) runs down the first column, then the
next, in source order; its boxes do not show that. A paragraph broken across two
columns is measured as the union of its pieces, a box that starts at the top of the
second column and covers the paragraph before it, and the gutter (1-2 em) is
narrower than a page's line when its paragraphs are long, so the cut either puts the
broken paragraph first or reads across the columns line by line. The browser knows
which boxes are multi-column containers: each is read as one unit, in source order.

Vertical text (`writing-mode: vertical-rl`, Japanese and Chinese set upright) puts
each paragraph in a tall column, and the columns are read right to left: a region
whose blocks are all set so is read as a right-to-left page is.
"""
from __future__ import annotations

from ..model import Block, TextFlows


def multicolumn_keys(blocks: list[Block], flows: TextFlows) -> list[str | None]:
    """Per block, the outermost multi-column container it sits in (its XPath), or
    None; an empty list when the page has none."""
    containers = flows.columns
    if not containers:
        return []
    return [_outermost(block.xpath, containers) for block in blocks]


def vertical_rl_marks(blocks: list[Block], flows: TextFlows) -> list[bool]:
    """Per block, whether it is set in vertical lines read right to left; an empty
    list when the page has none."""
    vertical = flows.vertical_rl
    if not vertical:
        return []
    return [block.xpath in vertical for block in blocks]


def _outermost(xpath: str, containers: frozenset[str]) -> str | None:
    """The shortest path among `containers` that is `xpath` or an ancestor of it."""
    end = xpath.find("/", 1)
    while end != -1:
        if xpath[:end] in containers:
            return xpath[:end]
        end = xpath.find("/", end + 1)
    return xpath if xpath in containers else None

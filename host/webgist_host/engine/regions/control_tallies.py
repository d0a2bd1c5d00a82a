"""Tallies beside controls: a post's votes, claps and reply counts.

Q&A sites draw a post's score between its up and down vote buttons; blogging
platforms draw the claps and responses beside the clap and reply buttons, in the
toolbar under the byline. Read as text, each is a line holding only a number ("6612",
"1.2K", or "--" before any vote), and the markup says what it is in any language: the
number stands, with nothing else to read, in a box that holds a control (a button, an
element whose role is button, a link drawn as an icon), or in a box beside a control
drawn as an icon or a glyph (▲ ▼). A number beside a link or a button that has words
("Arsenal 3", a review's score beside "Track price") or beside a picture alone (a
statistic's icon) is the author's.
"""
from __future__ import annotations

import re

from ..dom.nodes import TreeIndex
from ..model import Block, BlockKind
from .tuning import TALLY_CELL_MAX_DEPTH, TALLY_CELL_MAX_SIBLINGS

CONTROL_TALLY_REASON = ("a count drawn beside a control (a post's votes, claps or replies "
                        "between its buttons), not content")

# A count alone: digits with separators and maybe a thousand or million suffix
# ("6,612", "1.2K", "27.6k", a score's "-1"), or the dashes a count shows before any
# vote. Not "+8": a product card's "more colours" beside its swatches.
_COUNT = re.compile(r"[\-−]?\d[\d.,\u00a0\u202f]*[kKmM]?|[-–—]{1,2}")
_CONTROL_TAGS = frozenset({"button"})
_CONTROL_ROLES = frozenset({"button", "tab", "switch"})


def control_tallies(blocks: list[Block], tree: TreeIndex) -> list[int]:
    """Indices of the main content's paragraphs that are a count alone, standing in
    a box that holds or stands beside a control (`tree`: the block stage's index of
    the page)."""
    lines = [i for i, block in enumerate(blocks)
             if block.in_main and block.kind is BlockKind.PARAGRAPH and len(block.text) <= 8
             and _COUNT.fullmatch(block.text.strip())]
    if not lines:
        return []
    elements = tree.elements_at({blocks[i].xpath for i in lines})
    return [i for i in lines
            if any(_beside_control(tree, el, blocks[i].text.strip())
                   for el in elements.get(blocks[i].xpath, ()))]


def _beside_control(tree: TreeIndex, element, count: str) -> bool:
    """Whether the count's cell (its highest ancestor, up to TALLY_CELL_MAX_DEPTH
    steps, whose words are the count's alone) holds a control, or a sibling of the
    cell is one."""
    cell = element
    for _ in range(TALLY_CELL_MAX_DEPTH):
        parent = cell.getparent()
        if parent is None or not _only_count(parent, count):
            break
        cell = parent
    if any(_control(tree, node) for node in cell.iter()):
        return True
    # A control beside the cell counts when it is drawn as an icon or a glyph (▲ ▼):
    # a button with words ("Track price" beside a review's score) is an action on
    # what the number rates, not the number's control.
    # (A toolbar's or a vote column's neighbours are few: a box of more children is
    # a list, and reading its children for every number in it would cost their
    # product.)
    parent = cell.getparent()
    return parent is not None and len(parent) <= TALLY_CELL_MAX_SIBLINGS and any(
        sibling is not cell and _control(tree, sibling) and not _has_words(sibling)
        for sibling in parent)


def _only_count(el, count: str) -> bool:
    """Whether `el`'s letters and digits are the count's alone (icons and glyphs
    such as ▲ ▼ may stand beside it); stops reading at the first other word."""
    wanted = "".join(ch for ch in count if ch.isalnum())
    seen = ""
    for text in el.itertext():
        seen += "".join(ch for ch in text if ch.isalnum())
        if len(seen) > len(wanted):
            return False
    return seen == wanted


def _control(tree: TreeIndex, node) -> bool:
    """A button, an element with a button's role, or a link drawn as an icon (no
    words of its own)."""
    tag = tree.tags.get(node)
    if not tag:
        return False
    if tag in _CONTROL_TAGS or tree.roles.get(node) in _CONTROL_ROLES:
        return True
    return tag == "a" and node.get("href") is not None and not _has_words(node)


def _has_words(node) -> bool:
    return any(ch.isalnum() for ch in node.text_content())

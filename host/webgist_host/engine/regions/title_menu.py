"""A menu of links standing above the page's title inside the main content, by shape.

When no landmark or class name marks a site's menu (a header drawn with bare `<div>`s,
a mega-menu, a market ticker), the container walk can keep it: the page's `<h1>` then
comes after a run of short links. The title opens what the page says; links of a few
words each above it, five or more of them, are the site's ways elsewhere. Read by
shape, in any language: only lines that are mostly one or more links of a few words
go; a sentence, a picture, a heading or a short unlinked line above the title stays
(a lead, a section of the page, a kicker, a date), and nothing goes when the main
content has no `<h1>`.
"""
from __future__ import annotations

from ..model import Block, BlockKind
from .sections import is_title
from .tuning import HEADLINE_MIN_LINKED, MENU_ITEM_MAX_WORDS, MENU_MIN_ITEMS, WEIGHTLESS_KINDS

_HEADING = BlockKind.HEADING
# A heading above the title names a section of the page (a service's offers, linked),
# not a place in the site's menu; pictures and rules are nobody's menu items.
_NOT_ITEMS = WEIGHTLESS_KINDS | {_HEADING}


def menu_above_title(blocks: list[Block], words: list[int], linked: list[int]) -> list[int]:
    """Indices of the main-content lines above the first main-content `<h1>` that are
    menu items (MENU_ITEM_MAX_WORDS or fewer words, mostly linked), when there are
    MENU_MIN_ITEMS or more of them."""
    kept = [i for i, block in enumerate(blocks) if block.in_main]
    title = next((i for i in kept if is_title(blocks[i])), None)
    if title is None:
        return []
    items = [i for i in kept if i < title and blocks[i].kind not in _NOT_ITEMS
             and 0 < words[i] <= MENU_ITEM_MAX_WORDS
             and linked[i] >= HEADLINE_MIN_LINKED * words[i]]
    return items if len(items) >= MENU_MIN_ITEMS else []

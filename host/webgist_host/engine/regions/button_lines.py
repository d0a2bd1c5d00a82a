"""A product page's button lines: text drawn inside a <button>.

On a shop's product page the buy box and the panels around it are drawn as buttons:
"Add to cart", the variants to pick ("Standard Casters Black", "iPhone 16 Pro"), the
store or delivery to choose ("Buy from our EU Store", "Pickup"), "Add to comparison".
Each is a control, not a word of the product's description. The markup says so, in
any language: the line's block stands in a <button>. Only on a page whose metadata
declares a product (elsewhere a button's text is an FAQ's question or a tab's label),
never a heading (an accordion's toggle names the panel under it), and not on a page
that is mostly its buy box (the controls are then what the page shows).
"""
from __future__ import annotations

from ..model import Block, BlockKind
from .tuning import BUTTON_LINES_MAX_SHARE

BUTTON_LINE_REASON = ("a button's text on a product page (a buy box's control: a variant, a "
                      "store or delivery choice, a cart action)")

_LINE_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM})
# A block in a button: its element is the button or stands inside one (xpath steps).
_BUTTON_STEP = "/button["


def product_button_lines(blocks: list[Block], words: list[int]) -> list[int]:
    """Indices of the main content's lines with words (paragraphs and list items)
    whose block stands in a <button>, when they hold at most BUTTON_LINES_MAX_SHARE of
    the main content's words (`words`, each block's word count)."""
    found = [i for i, block in enumerate(blocks)
             if block.in_main and words[i] > 0 and block.kind in _LINE_KINDS
             and _BUTTON_STEP in block.xpath]
    total = sum(words[i] for i, block in enumerate(blocks) if block.in_main)
    if sum(words[i] for i in found) > BUTTON_LINES_MAX_SHARE * total:
        return []
    return found

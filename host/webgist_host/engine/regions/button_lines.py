"""A product page's button lines: text drawn inside a <button>.

On a shop's product page the buy box and the panels around it are drawn as buttons:
"Add to cart", the variants to pick ("Standard Casters Black", "iPhone 16 Pro"), the
store or delivery to choose ("Buy from our EU Store", "Pickup"), "Add to comparison".
Each is a control, not a word of the product's description. The markup says so, in
any language: the line's block stands in a <button>. Only on a page whose metadata
declares a product (elsewhere a button's text is an FAQ's question or a tab's label),
and only a control's short label: never a heading, nor a line in a button that also
holds a heading (a feature card drawn as a button), nor a line of more than a few words
(a "read more" button holding the text it opens), nor the text of an open/close toggle
(aria-expanded without aria-haspopup: an FAQ's question or an accordion's title,
which names the panel under it; a menu or a listbox says it has a popup). Not on a
page that is mostly its buy box either: the controls are then what the page shows.
"""
from __future__ import annotations

from typing import Any

from ..dom.nodes import TreeIndex
from ..model import Block, BlockKind
from .tuning import BUTTON_LINE_MAX_WORDS, BUTTON_LINES_MAX_SHARE

BUTTON_LINE_REASON = ("a button's text on a product page (a buy box's control: a variant, a "
                      "store or delivery choice, a cart action)")

_LINE_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM})
# A block in a button: its element is the button or stands inside one (xpath steps).
_BUTTON_STEP = "/button["


def product_button_lines(blocks: list[Block], words: list[int], tree: TreeIndex) -> list[int]:
    """Indices of the main content's lines of 1 to BUTTON_LINE_MAX_WORDS words
    (paragraphs and list items; `words`, each block's word count) whose block stands
    in a <button> that is no open/close toggle and holds no heading (`tree`: the block
    stage's index of the page), when they hold at most BUTTON_LINES_MAX_SHARE of the
    main content's words."""
    button_of = {i: _button_path(block.xpath) for i, block in enumerate(blocks)
                 if block.in_main and _BUTTON_STEP in block.xpath}
    lines = [i for i in button_of
             if blocks[i].kind in _LINE_KINDS and 0 < words[i] <= BUTTON_LINE_MAX_WORDS]
    if not lines:
        return []
    cards = {button_of[i] for i in button_of if blocks[i].kind is BlockKind.HEADING}
    buttons = {button_of[i] for i in lines} - cards
    toggles = {path for path, found in tree.elements_at(buttons).items()
               if found and _toggle(found[0])}
    found = [i for i in lines if button_of[i] in buttons and button_of[i] not in toggles]
    total = sum(words[i] for i, block in enumerate(blocks) if block.in_main)
    if sum(words[i] for i in found) > BUTTON_LINES_MAX_SHARE * total:
        return []
    return found


def _button_path(xpath: str) -> str:
    """The path of the <button> a block's path runs through (its last button step)."""
    end = xpath.find("]", xpath.rindex(_BUTTON_STEP))
    return xpath[:end + 1]


def _toggle(button: Any) -> bool:
    """Whether a button opens and closes a panel in place (an FAQ's question, an
    accordion's title) rather than a menu or a listbox (aria-haspopup)."""
    return button.get("aria-expanded") is not None and button.get("aria-haspopup") is None

"""What a product page's main content holds above the product's name, by position.

A shop's product page names its product in the page's `<h1>` and describes it below.
What the main-content box holds above that heading is the shop's furniture drawn
inside the same box: promotion and delivery bars, account and cart lines, "ask an
expert" phone lines, "report this item", stock notices, leftovers of a buy box
whose controls script draws. Only on a page whose metadata declares a product, and
only when the product's name stands in the first part of the page (a page that
names its product late holds its description above the name). Pictures stay: the
product's photos often come first.
"""
from __future__ import annotations

from ..model import Block
from .sections import is_title
from .tuning import PRODUCT_NAME_MAX_WORDS_ABOVE_SHARE, WEIGHTLESS_KINDS



def above_product_name(blocks: list[Block], words: list[int]) -> list[int]:
    """Indices of the main-content blocks with words that come before the first
    main-content `<h1>`, when they hold at most PRODUCT_NAME_MAX_WORDS_ABOVE_SHARE of
    the main content's words (`words`, each block's word count)."""
    kept = [i for i, block in enumerate(blocks) if block.in_main]
    name = next((i for i in kept if is_title(blocks[i])), None)
    if name is None:
        return []
    above = [i for i in kept if i < name and words[i] > 0
             and blocks[i].kind not in WEIGHTLESS_KINDS]
    total = sum(words[i] for i in kept)
    if not above or sum(words[i] for i in above) > PRODUCT_NAME_MAX_WORDS_ABOVE_SHARE * total:
        return []
    return above

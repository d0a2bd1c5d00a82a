"""Cards of other products on a product page, by shape.

A shop's product page describes one product under its name (the page's `<h1>`) and
then offers others: "You may also like", "Customers also viewed", "Complete the
look", the series' other titles. Each offer is a card titled by a heading that
links to the other product's page, and the cards are siblings built alike (their
paths differ in one step's position only). Such a series, standing after the
product's name and holding less of the main content than the product's own lines,
is the shop's furniture: the cards go, and the short heading right above them
(the series' label, in whatever language). Only on a page whose metadata declares
a product; a grid that declares a product (a category page) is mostly its cards
and keeps them.
"""
from __future__ import annotations

from ..model import Block, BlockKind
from .paths import step_tag
from .sections import is_title
from .vocabulary import MARKDOWN_LINK_PATTERN
from .tuning import (CARD_TITLE_MIN_LINKED, PRODUCT_CARDS_LABEL_MAX_WORDS,
                     PRODUCT_CARDS_MAX_SHARE, PRODUCT_CARDS_MIN, SENTENCE_MIN_WORDS)

_HEADING = BlockKind.HEADING


def other_product_cards(blocks: list[Block], words: list[int], linked: list[int]) -> list[int]:
    """Indices of the main-content blocks inside a series of PRODUCT_CARDS_MIN or more
    sibling cards titled by linked headings, after the page's first `<h1>`, when the
    cards hold at most PRODUCT_CARDS_MAX_SHARE of the main content's words; and the
    short heading right above each such series."""
    kept = [i for i, block in enumerate(blocks) if block.in_main]
    name = next((i for i in kept if is_title(blocks[i])), None)
    if name is None:
        return []
    titles = [i for i in kept if i > name and blocks[i].kind == _HEADING
              and _linked_title(blocks[i], words[i], linked[i])]
    if len(titles) < PRODUCT_CARDS_MIN:
        return []
    # Each title's card: its path up to the step whose position alone sets it apart
    # from the other titles of its series.
    series: dict[tuple[int, str, str, str], list[int]] = {}
    for i in titles:
        steps = blocks[i].xpath.split("/")
        for k in range(1, len(steps)):
            key = (k, "/".join(steps[:k]), step_tag(steps[k]), "/".join(steps[k + 1:]))
            series.setdefault(key, []).append(i)
    cards: set[str] = set()
    for (k, _, _, _), members in series.items():
        if len(members) < PRODUCT_CARDS_MIN:
            continue
        own = {"/".join(blocks[i].xpath.split("/")[:k + 1]) for i in members}
        # Cards that say a sentence each are the shop's services or the product's
        # features ("Visit our showrooms to see ..."), not offers of other products.
        told = {card for card in own for i in kept
                if _within(blocks[i].xpath, card)
                and words[i] - linked[i] >= SENTENCE_MIN_WORDS}
        if len(told) * 2 < len(own):
            cards |= own
    if not cards:
        return []
    inside = [i for i in kept if any(_within(blocks[i].xpath, card) for card in cards)]
    if any(_within(blocks[name].xpath, card) for card in cards):
        return []
    total = sum(words[i] for i in kept)
    if sum(words[i] for i in inside) > PRODUCT_CARDS_MAX_SHARE * total:
        return []
    gone = set(inside)
    for i in inside:
        before = kept.index(i) - 1
        if before >= 0 and kept[before] not in gone:
            label = kept[before]
            if (blocks[label].kind == _HEADING and not is_title(blocks[label])
                    and words[label] <= PRODUCT_CARDS_LABEL_MAX_WORDS):
                gone.add(label)
    return sorted(gone)


def _linked_title(block: Block, words: int, linked: int) -> bool:
    """Whether a heading is mostly a link's words. A link drawn around the heading
    from outside (`<a><h3>..</h3></a>`, as card grids write their titles) counts no
    linked words in the block stage; the heading's Markdown is then one whole link."""
    return (linked >= CARD_TITLE_MIN_LINKED * words > 0
            or MARKDOWN_LINK_PATTERN.fullmatch(block.rich_text.strip()) is not None)


def _within(path: str, card: str) -> bool:
    return path == card or path.startswith(card + "/")

"""Cards of other products on a product page, by shape.

A shop's product page describes one product under its name (the page's `<h1>`) and
then offers others: "You may also like", "Customers also viewed", "Complete the
look", the seller's other items, buyers' feedback on other items. Each offer is a
card whose title is a line that links to the other product's page (a heading, a
paragraph or a list item that is one link), with a price, a rating or a date under
it; the cards are siblings built alike (their titles' paths differ in one step's
position only). Such a series, after the product's name and holding at most half of
the main content's words, is the shop's furniture: the cards go, and the short
heading right above them (the series' label, in whatever language).

What stays: cards that each say a sentence of their own (the shop's services, the
product's features), a bare list of links (features, categories: nothing under
each title), and the cards of a page made mostly of them (a category grid that
declares a product). Only on a page whose metadata declares a product.
"""
from __future__ import annotations

from collections import Counter

from ..model import Block, BlockKind
from .paths import step_tag
from .sections import is_title
from .tuning import (CARD_TITLE_MIN_LINKED, PRODUCT_CARD_MAX_LINES, PRODUCT_CARDS_LABEL_MAX_WORDS,
                     PRODUCT_CARDS_MAX_SHARE, PRODUCT_CARDS_MIN, SENTENCE_MIN_WORDS,
                     WEIGHTLESS_KINDS)
from .vocabulary import MARKDOWN_LINK_PATTERN

_HEADING = BlockKind.HEADING
# The kinds of line a card's title is written as.
_TITLE_KINDS = frozenset({BlockKind.HEADING, BlockKind.PARAGRAPH, BlockKind.LIST_ITEM})


def other_product_cards(blocks: list[Block], words: list[int], linked: list[int]) -> list[int]:
    """Indices of the main-content blocks inside a series of PRODUCT_CARDS_MIN or more
    sibling cards after the page's first `<h1>`, each titled by a line that is a link,
    most of them holding a line with words besides the title and few of them a
    sentence (SENTENCE_MIN_WORDS outside links), when all such cards hold at most
    PRODUCT_CARDS_MAX_SHARE of the main content's words; and the short heading right
    above each run of them."""
    kept = [i for i, block in enumerate(blocks) if block.in_main]
    name = next((i for i in kept if is_title(blocks[i])), None)
    if name is None:
        return []
    titles = [i for i in kept if i > name and blocks[i].kind in _TITLE_KINDS
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
    candidates = []
    for (k, _, _, _), members in series.items():
        if len(members) < PRODUCT_CARDS_MIN:
            continue
        series_cards = {"/".join(blocks[i].xpath.split("/")[:k + 1]) for i in members}
        if len(series_cards) >= PRODUCT_CARDS_MIN:  # cards, not titles: loose runs share a path
            candidates.append(series_cards)
    if not candidates:
        return []
    every_card = set().union(*candidates)
    # One pass over the main content: the blocks in each card, its lines with words
    # and its sentences.
    inside: dict[int, list[str]] = {}
    lines: Counter[str] = Counter()
    sentences: Counter[str] = Counter()
    for i in kept:
        holders = [card for card in _prefixes(blocks[i].xpath) if card in every_card]
        if not holders:
            continue
        inside[i] = holders
        if words[i] and blocks[i].kind not in WEIGHTLESS_KINDS:
            lines.update(holders)
            if words[i] - linked[i] >= SENTENCE_MIN_WORDS:
                sentences.update(holders)
    cards: set[str] = set()
    for own in candidates:
        # A card holds more than its title (a price, a rating, a date), and not much
        # more: a bare list of links is a list the page makes, and "cards" of many
        # lines are the page's sections. Cards that say a sentence each are the
        # shop's services or the product's features, not offers of other products.
        filled = sum(1 for card in own if 2 <= lines[card] <= PRODUCT_CARD_MAX_LINES)
        told = sum(1 for card in own if sentences[card])
        if filled * 2 >= len(own) and told * 2 < len(own):
            cards |= own
    if not cards or any(card in cards for card in inside.get(name, ())):
        return []
    gone = [i for i, holders in inside.items() if any(card in cards for card in holders)]
    if sum(words[i] for i in gone) > PRODUCT_CARDS_MAX_SHARE * sum(words[i] for i in kept):
        return []
    # The series' label: a short heading right before a run of card blocks.
    taken = set(gone)
    for n in range(1, len(kept)):
        label, first = kept[n - 1], kept[n]
        if (first in taken and label not in taken and blocks[label].kind == _HEADING
                and not is_title(blocks[label])
                and words[label] <= PRODUCT_CARDS_LABEL_MAX_WORDS):
            gone.append(label)
    return sorted(gone)


def _linked_title(block: Block, words: int, linked: int) -> bool:
    """Whether a line is mostly a link's words. A link drawn around a heading from
    outside (`<a><h3>..</h3></a>`, as card grids write their titles) counts no
    linked words in the block stage; the heading's Markdown is then one whole link."""
    return (linked >= CARD_TITLE_MIN_LINKED * words > 0
            or MARKDOWN_LINK_PATTERN.fullmatch(block.rich_text.strip()) is not None)


def _prefixes(path: str) -> list[str]:
    """The paths of the element at `path` and of every element above it."""
    ends = [n for n, char in enumerate(path) if char == "/" and n > 0]
    return [path[:n] for n in ends] + [path]

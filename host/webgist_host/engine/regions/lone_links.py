"""Lone links on a product page: a line that is only a link, standing among text.

A shop's product page sets single links between the lines of its description and
buy box: "Seller's other items", "Visit store", "Bundle info", "Add to Watchlist",
"Report this item", a link to the shop's guide. Each is a control or a way to
another page, not a word about the product. A run of such lines is a list the page
makes (features, categories, a spec sheet's links) and stays; so do links repeated
at one place (each card's title in a grid of products, set apart by its price), and
every link on a page made mostly of links (a grid that declares a product).
Only on a page whose metadata declares a product.
"""
from __future__ import annotations

import re
from collections import Counter

from ..model import Block
from .sections import is_title
from .tuning import (LONE_LINK_GRID_MIN, LONE_LINK_MIN_LINKED, LONE_LINKS_MAX_PAGE_SHARE,
                     WEIGHTLESS_KINDS)

_STEP_INDEX = re.compile(r"\[\d+\]")


def lone_links(blocks: list[Block], words: list[int], linked: list[int]) -> list[int]:
    """Indices of the main-content blocks that are mostly one link's words (at least
    LONE_LINK_MIN_LINKED of their words linked) whose nearest neighbours with words
    are not such lines; none when such lines hold more than LONE_LINKS_MAX_PAGE_SHARE
    of the main content's words."""
    lines = main_lines(blocks, words)
    is_link = [linked[i] >= LONE_LINK_MIN_LINKED * words[i] for i in lines]
    link_words = sum(words[i] for i, link in zip(lines, is_link) if link)
    if link_words > LONE_LINKS_MAX_PAGE_SHARE * sum(words[i] for i in lines):
        return []
    # The product's name (the page's <h1>) may link to its own page: it stays.
    lone = [i for n, i in enumerate(lines)
            if is_link[n] and not is_title(blocks[i])
            and not (n > 0 and is_link[n - 1])
            and not (n + 1 < len(lines) and is_link[n + 1])]
    # A grid's cards repeat their title link at one place (its path without
    # positions): so many lone links at one place are a grid's or a list's items.
    places = Counter(_STEP_INDEX.sub("", blocks[i].xpath) for i in lone)
    return [i for i in lone if places[_STEP_INDEX.sub("", blocks[i].xpath)] < LONE_LINK_GRID_MIN]


def main_lines(blocks: list[Block], words: list[int]) -> list[int]:
    """Indices of the main content's lines with words, in order: what a lone link's
    neighbours are."""
    return [i for i, block in enumerate(blocks)
            if block.in_main and words[i] > 0 and block.kind not in WEIGHTLESS_KINDS]

"""A series of teasers set inside the article's own element, after its text.

Many themes write the "related posts", "read next" or "more from the blog" list into
the same element as the story's paragraphs (a flat layout, or a box among the
paragraphs' siblings), where trailing_series (sections.py) takes it for a list the
author wrote into the text and leaves it. Shapes tell the site's list from the
author's, in any language (no words are read):

- it follows the article's last paragraph of its own, and holds fewer words outside
  links than the main content before it (an author's listicle is the bulk of the
  text: its items are the article);
- its items lead to the site's other pages, most of them by a headline
  (HEADLINE_MIN_WORDS or more linked words): an author's closing list cites sources,
  shops or channels on other sites, or places on this page (footnotes, a table of
  contents), and a docs page's "next steps" are short names;
- headings leading its items rank below the article's own section headings: items
  headed as the sections are sections (a roundup of the site's own posts);
- it is not a bare list standing in the text's own element (a "see also" list under a
  line of the text): the site's list comes in a box of its own or as a run of cards;
- on a page without a published date, each item is a card (a picture or a teaser line
  beside its headline): an undated page's bare lists of links are its guides' and
  documentation's own.
"""
from __future__ import annotations

from itertools import accumulate

from ..model import Block, BlockKind
from ..words import word_count
from .paths import BlocksByPath, step_tag
from .sections import article_text_apart, led_series
from .site_links import host_of, links_within
from .tuning import (DATED_TEASER_SERIES_MIN_ITEMS, HEADLINE_MIN_WORDS, TEASER_LEAD_MIN_LINKED,
                     TEASER_SERIES_MIN_ITEMS, TEASER_SERIES_MIN_LED)
from .vocabulary import MARKDOWN_LINK_PATTERN

_HEADING = BlockKind.HEADING
_IMAGE = BlockKind.IMAGE
_LIST_TAGS = frozenset({"ul", "ol"})
_NO_SECTION = 99        # above any heading level: no section heading


def site_series_in_text(blocks: list[Block], words: list[int], weights: list[int],
                        linked: list[int], dated: bool, address: str | None) -> list[int]:
    """Indices of the main-content blocks of each such series, from its first item (and
    the headings right above it, its label) to its last. A series is
    TEASER_SERIES_MIN_ITEMS (DATED_TEASER_SERIES_MIN_ITEMS on a `dated` page) or more
    sibling elements each led by a link to another page of the site of `address`,
    TEASER_SERIES_MIN_LED of them headlines; from the first of them on,
    TEASER_SERIES_MIN_LED of the parent's elements are such items."""
    kept = [i for i, block in enumerate(blocks) if block.in_main]
    site = host_of(address or "")
    min_items = DATED_TEASER_SERIES_MIN_ITEMS if dated else TEASER_SERIES_MIN_ITEMS
    qualified: dict[str, list[str]] = {}     # series parent -> its items
    leads: dict[str, list[int]] = {}         # series parent -> its items' headlines
    held: dict[str, list[list[int]]] = {}    # series parent -> its items' kept blocks
    children: dict[str, dict[str, list[int]]] = {}  # parent -> its kept blocks by child
    by_path: BlocksByPath | None = None
    series = led_series(blocks, kept, words, lambda i, count: _leads_within(
        blocks[i].rich_text, count, linked[i], site))
    for (parent, _, _), items in series.items():
        if len(items) < min_items:
            continue
        first = min(items.values())
        by_child = children.get(parent)
        if by_child is None:
            by_path = by_path or BlocksByPath([blocks[i].xpath for i in kept], kept)
            by_child = children[parent] = by_path.by_child(parent + "/")
        after = [step for step, within in by_child.items()
                 if any(i >= first and (blocks[i].text.strip() or blocks[i].kind == _IMAGE)
                        for i in within)]
        headlines = sum(1 for i in items.values() if _is_headline(blocks[i].rich_text))
        if (len(items) >= TEASER_SERIES_MIN_LED * len(after)
                and headlines >= TEASER_SERIES_MIN_LED * len(items)):
            qualified[parent + "/"] = [f"{parent}/{step}/" for step in items]
            leads[parent + "/"] = list(items.values())
            held[parent + "/"] = [by_child.get(step, []) for step in items]
    apart = article_text_apart(blocks, kept, weights, qualified)
    if apart is None:
        return []
    own, text = apart
    position = {i: n for n, i in enumerate(kept)}
    # What comes before each kept block (by its place in `kept`), summed once: the
    # blocks' weight, and the highest rank of a section heading (the lowest level).
    weight_before = list(accumulate((weights[i] for i in kept), initial=0))
    sections_before = list(accumulate((_section_level(blocks[i]) for i in kept), min,
                                      initial=_NO_SECTION))
    found: list[int] = []
    for parent in qualified:
        if not parent.startswith(text) or _bare_list_in(parent, text):
            continue
        members = [member for member in held[parent] if member and member[0] > own[-1]]
        if len(members) < min_items:
            continue                # the part of the series after the text is too short
        inside = sorted(i for member in members for i in member)
        start = position[inside[0]]         # the kept blocks before the series: kept[:start]
        if (sum(weights[i] for i in inside) >= weight_before[start]
                or _heads_sections(blocks, leads[parent], sections_before[start])
                or not (dated or all(_is_card(blocks, member) for member in members))):
            continue
        first, last = position[inside[0]], position[inside[-1]]
        while first > 0 and kept[first - 1] > own[-1] and blocks[kept[first - 1]].kind == _HEADING:
            first -= 1
        found.extend(kept[first:last + 1])
    return sorted(set(found))


def _leads_within(rich_text: str, words: int, linked_words: int, site: str) -> bool:
    """Whether a line leads a teaser: mostly link words, or opening with a link, the
    link to another page of the site."""
    return ((linked_words >= TEASER_LEAD_MIN_LINKED * words
             or rich_text.lstrip("*_ ").startswith("["))
            and links_within(rich_text, site))


def _is_headline(rich_text: str) -> bool:
    """Whether a teaser's leading link is a headline (HEADLINE_MIN_WORDS or more words),
    not a name, a number or a label."""
    link = MARKDOWN_LINK_PATTERN.search(rich_text)
    return link is not None and word_count(link[1].strip("*_# ")) >= HEADLINE_MIN_WORDS


def _section_level(block: Block) -> int:
    """A section heading's level (an <h1> titles the page, not a section), else
    _NO_SECTION."""
    return block.level if block.kind == _HEADING and block.level > 1 else _NO_SECTION


def _heads_sections(blocks: list[Block], leads: list[int], sections: int) -> bool:
    """Whether the series' headlines are headings ranked as high as the article's own
    section headings before it (`sections`: their lowest level, or _NO_SECTION): then
    its items are sections of the article (a roundup of the site's own posts)."""
    levels = [blocks[i].level for i in leads if blocks[i].kind == _HEADING]
    return bool(levels) and sections != _NO_SECTION and min(levels) <= sections


def _is_card(blocks: list[Block], member: list[int]) -> bool:
    """Whether an item is a card: a picture, or a line that is not a link, beside its
    headline (the item's first line with words)."""
    lead = next((i for i in member if blocks[i].text.strip()), None)
    return any(blocks[i].kind == _IMAGE
               or (i != lead and blocks[i].text.strip()
                   and not blocks[i].rich_text.lstrip("*_# ").startswith("["))
               for i in member)


def _bare_list_in(parent: str, text: str) -> bool:
    """Whether the series' parent is a bare list standing in the text's own element: a
    "see also" list the author wrote under a line of the text."""
    inner = parent[len(text):].rstrip("/")
    return "/" not in inner and step_tag(inner) in _LIST_TAGS

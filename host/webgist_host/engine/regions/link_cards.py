"""Teaser cards drawn as one link, among or after a story's text.

News templates build a teaser as a single `<a>` around the whole card: the picture,
a kicker, the headline and a teaser line, each in an element of its own inside the
link (a "block link"). Rendered, its lines carry no link of their own, so the rules
that read linked headlines (headline_boxes, teaser_rails, the series rules) cannot see
the card; its text reads as a caption or a short paragraph of the story. Read by
structure, in any language (no words are read): on a page with the article's own
text (story_text), the main-content blocks nested inside one `<a>` whose address is
another page of the site go, when one of them is a line of words (not only a picture)
and none is one of the article's own paragraphs. A story's own figure links its
picture to a larger copy of it or to nothing, and its caption stands outside the
link; an author's link around a paragraph leads to another site. A page with as many
such cards as the story has paragraphs is a grid of them (a landing or docs page's
feature cards, a blog's front page): they stay. The caller asks only on a page that
says it is an article (og:type, JSON-LD), dated or not.
"""
from __future__ import annotations

import re

from ..dom.nodes import TreeIndex
from ..model import Block, BlockKind
from .sections import story_text
from .site_links import host_of
from .vocabulary import PICTURE_EXTENSIONS

LINK_CARD_REASON = "in a teaser card drawn as one link to another page of the site"
# The innermost <a> a block's path passes through: "…/figure[1]/a[1]/div[1]/…".
_ANCHOR_STEP = re.compile(r"/a\[\d+\]/")
# A link to a picture or a file is a larger copy or a download, not another page.
_FILE_SUFFIX = re.compile(r"\.(%s|pdf|mp[34]|zip)$" % "|".join(sorted(PICTURE_EXTENSIONS)), re.I)


def link_cards(blocks: list[Block], weights: list[int], tree: TreeIndex,
               address: str | None) -> list[int]:
    """Indices of the main-content blocks inside teaser cards drawn as one link."""
    story = story_text(blocks, weights)
    if story is None:
        return []
    own = set(story.own)
    anchors: dict[str, list[int]] = {}
    for i in story.kept:
        last = None
        for last in _ANCHOR_STEP.finditer(blocks[i].xpath):
            pass
        if last is not None:
            anchors.setdefault(blocks[i].xpath[:last.end() - 1], []).append(i)
    cards = {path: inside for path, inside in anchors.items()
             if own.isdisjoint(inside)
             and any(blocks[i].kind != BlockKind.IMAGE and weights[i] > 0 for i in inside)}
    if not cards:
        return []
    site = host_of(address or "")
    page = (address or "").split("#", 1)[0]
    linking: dict[str, list[int]] = {}
    for path, elements in tree.elements_at(set(cards)).items():
        href = (elements[-1].get("href") or "").strip() if elements else ""
        target = href.split("#", 1)[0].split("?", 1)[0]
        if (not target or href.startswith("#") or target == page.split("?", 1)[0]
                or _FILE_SUFFIX.search(target)
                or (host_of(href) and site and host_of(href) != site)
                or href.lower().startswith(("javascript:", "mailto:", "tel:"))):
            continue
        linking[path] = cards[path]
    # As many cards as the story has paragraphs: a grid of them is what the page lists.
    if len(linking) >= len(own):
        return []
    return sorted(i for inside in linking.values() for i in inside)

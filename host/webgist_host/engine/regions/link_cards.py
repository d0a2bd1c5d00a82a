"""Teaser cards drawn as one link, among or after a story's text.

News templates build a teaser as a single `<a>` around the whole card: the picture,
a kicker, the headline and a teaser line, each in an element of its own inside the
link (a "block link"). Rendered, its lines carry no link of their own, so the rules
that read linked headlines (headline_boxes, teaser_rails, the series rules) cannot see
the card; its text reads as a caption or a short paragraph of the story. Read by
structure, in any language (no words are read): on a page with the article's own
text (story_text), the main-content blocks nested inside one `<a>` go when the link
holds a line of words, none of them one of the article's own paragraphs, and leads
to another page of the same site. A picture is not required: text-only teaser cards
(kicker, headline, teaser line) are as common. What stays:
- a story's own figure: it links its picture to a larger copy or to nothing;
- a linked heading over the section it heads (a listicle's "1. Porthleven" linking
  to the town's page): the story's own paragraph follows it directly;
- an author's link to a source on another site, or to a file (a report, a sheet);
- on a page whose address is unknown, any link written with a host: which site is
  "the same" cannot be told, and a card to another site is the author's source;
- a grid of cards (a landing or docs page's features, a blog's front page): as many
  cards as the story has paragraphs, or more, the paragraphs counted with any card
  excerpts read as paragraphs (so this never keeps the excerpt cards below).
A card whose excerpt reads as one of the story's paragraphs (an element of its own,
long enough) is kept as the story's, with one exception: a teaser clipped by its
template. It goes when all of these hold:
- the whole card stands after the story and outside the element that holds it, the
  story here read without the text inside links (a magazine's grid of twelve cards,
  each with a 40-word excerpt, under a story of seven paragraphs: read with the
  excerpts, a story of nineteen, the cards among them);
- the card's last paragraph-like line ends in an ellipsis ("...", "…", "[…]"): the
  template cut another page's text short. A summary the author wrote in full (a
  roundup's or a listicle's items, a series index, a live blog's posts) ends as a
  sentence does, in any language, and stays;
- no heading or line ending in a colon introduces it in its own element (the
  nearest block before it outside any link): that is the author's section ("See
  also", "our inquiry:"), kept with its cards.
The caller asks only on a page that says it is an article (og:type, JSON-LD).
"""
from __future__ import annotations

import re
from typing import Callable
from urllib.parse import urljoin, urlsplit

from ..dom.nodes import TreeIndex
from ..model import Block, BlockKind
from .sections import StoryText, story_text
from .site_links import host_of
from .vocabulary import PICTURE_EXTENSIONS

LINK_CARD_REASON = "in a teaser card drawn as one link to another page of the site"
# The innermost <a> a block's path passes through: "…/figure[1]/a[1]/div[1]/…".
_ANCHOR_STEP = "/a["
# How a template marks an excerpt it cut short, in any language: an ellipsis, as three
# dots or one character, bare or in WordPress's brackets ("[…]", "[...]").
_CUT_SHORT = ("...", "\u2026", "[\u2026]", "[...]")
# How a line introduces what follows it: a colon, ASCII or full-width (CJK).
_LEAD_IN = (":", "\uff1a")
# A link to a picture or a file is a larger copy or a download, not another page.
_FILE_SUFFIX = re.compile(
    r"\.(%s|pdf|mp[34]|zip|docx?|xlsx?|pptx?|odt|ods|odp|csv|epub|txt|rtf)$"
    % "|".join(sorted(PICTURE_EXTENSIONS)), re.I)


def link_cards(blocks: list[Block], weights: list[int], tree: TreeIndex,
               address: str | None) -> list[int]:
    """Indices of the main-content blocks inside teaser cards drawn as one link."""
    story = story_text(blocks, weights)
    if story is None:
        return []
    own = set(story.own)
    anchors: dict[str, list[int]] = {}
    for i in story.kept:
        xpath = blocks[i].xpath
        step = xpath.rfind(_ANCHOR_STEP)
        if step >= 0:
            end = xpath.find("/", step + 1)
            anchors.setdefault(xpath if end < 0 else xpath[:end], []).append(i)
    if not anchors:
        return []
    after = _after_story(blocks, story_text(blocks, [0 if _ANCHOR_STEP in block.xpath else w
                                                     for block, w in zip(blocks, weights)]))
    cards = {path: inside for path, inside in anchors.items()
             if (own.isdisjoint(inside)
                 or (all(map(after, inside))
                     and _cut_short(blocks[[i for i in inside if i in own][-1]].text)
                     and not _introduced(blocks, path, inside, story.kept, story.position)))
             and not _heads_own_text(blocks, inside, story.kept, story.position, own)
             and any(blocks[i].kind != BlockKind.IMAGE and weights[i] > 0 for i in inside)}
    if not cards:
        return []
    linking: dict[str, list[int]] = {}
    for path, elements in tree.elements_at(set(cards)).items():
        anchor = elements[-1] if elements else None
        if anchor is not None and _other_page_of_site(anchor.get("href") or "", address):
            linking[path] = cards[path]
    # As many cards as the story has paragraphs: a grid of them is what the page lists.
    if not linking or len(linking) >= len(own):
        return []
    return sorted(i for inside in linking.values() for i in inside)


def _after_story(blocks: list[Block], plain: StoryText | None) -> Callable[[int], bool]:
    """A test of whether a block stands after the last paragraph of `plain` (the story
    read without the text inside links) and outside the element that holds its
    paragraphs; false throughout when there is no such story."""
    if plain is None:
        return lambda i: False
    last = plain.position[plain.own[-1]]
    inside_text = plain.text + "/"
    return lambda i: plain.position[i] > last and not blocks[i].xpath.startswith(inside_text)


def _cut_short(text: str) -> bool:
    """Whether a card's excerpt ends in an ellipsis: the first words of another page's
    text, clipped by the template, not a summary the author wrote for this one."""
    return text.rstrip().endswith(_CUT_SHORT)


def _introduced(blocks: list[Block], path: str, inside: list[int], kept: list[int],
                position: dict[int, int]) -> bool:
    """Whether the nearest block before the card that is not inside a link is a heading
    or a line ending in a colon, in the element that holds the card: the author's
    title or lead-in for a section of cards ("See also", "our inquiry:")."""
    parent = path[:path.rfind("/") + 1]
    before = position[inside[0]] - 1
    while before >= 0 and _ANCHOR_STEP in blocks[kept[before]].xpath:
        before -= 1
    if before < 0:
        return False
    block = blocks[kept[before]]
    return (block.xpath.startswith(parent)
            and (block.kind == BlockKind.HEADING or block.text.rstrip().endswith(_LEAD_IN)))


def _heads_own_text(blocks: list[Block], inside: list[int], kept: list[int],
                    position: dict[int, int], own: set[int]) -> bool:
    """Whether the card ends in a heading directly followed by one of the story's own
    paragraphs: the link is the heading of a section of the story."""
    after = position[inside[-1]] + 1
    return (blocks[inside[-1]].kind == BlockKind.HEADING
            and after < len(kept) and kept[after] in own)


def _other_page_of_site(href: str, address: str | None) -> bool:
    """Whether `href`, resolved against the page's address, is another page of the
    page's own site. Without an address only a relative link is known to stay on the
    site. A fragment ("#gallery") or a query ("?photo=1") resolves to this page's own
    path; a script or a mail address ("javascript:", "mailto:") to no host."""
    href = href.strip()
    if address:
        page = urlsplit(address)
        target = urlsplit(urljoin(address, href))
        if host_of(target.geturl()) != host_of(address):
            return False
        same_page = target.path.rstrip("/") == page.path.rstrip("/")
    else:
        target = urlsplit(href)
        if target.scheme or target.netloc:
            return False
        same_page = not target.path
    return not same_page and not _FILE_SUFFIX.search(target.path)

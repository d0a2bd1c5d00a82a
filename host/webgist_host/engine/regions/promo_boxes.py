"""A promotion of one other story, set in a box of its own between a story's paragraphs.

Magazines drop a box into the text that sells one other story of the site: its
picture, linked, and one line, its headline or a line about it and "Read more »". The
headline boxes and teaser cards rules read a linked headline; here the headline is
plain text beside a "Read more" link, so the box is read by where its links lead: the
picture and the line both to one page of the site that is not this one. The story's
own pictures link to nothing, to a larger copy or to a gallery whose caption is all
link, or carry a credit line; a forum post's avatar box and a listing's cards hold
more lines; a box of the author's points elsewhere or to several places. Only on a
dated page (an article): on a listing a card is what the page lists. A run of such
boxes is a list the article makes, and stays.
"""
from __future__ import annotations

import re

from ..model import Block, BlockKind
from .sections import story_text
from .site_links import host_of
from .tuning import TEASER_CARD_MAX_WORDS

# A Markdown link's target; a picture's own source ("![alt](src)") is not a link.
_LINK_TARGET = re.compile(r"(?<!!)\[(?:[^\[\]]|!\[[^\]]*\]\([^)]*\))*\]\(<?([^\s)>]+)")


def promo_boxes(blocks: list[Block], weights: list[int], linked: list[int],
                address: str | None = None) -> list[int]:
    """Indices of the main-content blocks of each box between two of the article's own
    paragraphs, apart from them, that promotes one other page of the site
    (`_promotes_one`: a linked picture and a line of words with a link, both to it)."""
    if not any(block.in_main and block.kind == BlockKind.IMAGE and block.rich_text.startswith("[")
               for block in blocks):
        return []           # no linked picture: no promotion (and no need to read the text)
    story = story_text(blocks, weights)
    if story is None:
        return []
    kept, own, own_paths, text, position = story
    # Without the page's address any page link counts as the site's (site_links.py).
    site, here = host_of(address or ""), _page(address or "")
    # Every element holding one of the text's paragraphs, so that the box around a
    # picture is found by climbing, not by testing each paragraph at each step.
    holding = {path[:end] for path in own_paths for end in _slashes(path)} | set(own_paths)
    boxes: dict[str, list[int]] = {}
    for i in kept[position[own[0]] + 1:position[own[-1]]]:
        if blocks[i].kind != BlockKind.IMAGE or not blocks[i].rich_text.startswith("["):
            continue        # a promotion shows its picture, linked
        box = blocks[i].xpath.rsplit("/", 1)[0]
        while "/" in box.lstrip("/") and box.rsplit("/", 1)[0] not in holding:
            box = box.rsplit("/", 1)[0]
        if box.startswith(text + "/"):
            boxes.setdefault(box, [])
    found: list[list[int]] = []
    for box in boxes:
        inside = [j for j in kept if blocks[j].xpath.startswith(box + "/")]
        if _promotes_one(blocks, weights, linked, inside, site, here):
            found.append(inside)
    # Boxes that follow one another are a list the article makes.
    found.sort()
    taken: list[int] = []
    for n, card in enumerate(found):
        before, after = position[card[0]] - 1, position[card[-1]] + 1
        neighbours = {kept[before]} | ({kept[after]} if after < len(kept) else set())
        if not any(neighbours & set(other) for m, other in enumerate(found) if m != n):
            taken.extend(card)
    return sorted(taken)


def _promotes_one(blocks: list[Block], weights: list[int], linked: list[int],
                  inside: list[int], site: str, here: str) -> bool:
    """Whether the blocks `inside` a box are one picture and one line, the picture a
    link to a page of the site other than `here` and the line some words of its own
    (at most TEASER_CARD_MAX_WORDS) and a link to that same page. A story's own
    picture links to nothing or to itself, or its caption is all link (a gallery);
    a forum post's avatar box and a listing's card hold more lines."""
    pictures = [j for j in inside if blocks[j].kind == BlockKind.IMAGE]
    lines = [j for j in inside if j not in pictures]
    if len(pictures) != 1 or len(lines) != 1:
        return False
    line = lines[0]
    if not 0 < weights[line] <= TEASER_CARD_MAX_WORDS or not linked[line]:
        return False
    targets = {_page(t) for j in inside for t in _LINK_TARGET.findall(blocks[j].rich_text)}
    picture_targets = {_page(t) for t in _LINK_TARGET.findall(blocks[pictures[0]].rich_text)}
    if len(targets) != 1 or targets != picture_targets or here in targets:
        return False
    return not site or host_of(next(iter(targets))) in ("", site)


def _slashes(path: str) -> list[int]:
    """Where each "/" after the first character of `path` stands."""
    found, at = [], path.find("/", 1)
    while at != -1:
        found.append(at)
        at = path.find("/", at + 1)
    return found


def _page(target: str) -> str:
    """A link's page: its address without the fragment and a closing slash."""
    return target.split("#", 1)[0].rstrip("/")

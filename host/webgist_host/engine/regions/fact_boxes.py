"""Boxes set between an article's own paragraphs, in its text, that are its own.

News and blog CMSes mark the box of figures, a timeline or a "Background" note inside a
story as `<aside>` ("Das Konzept in Zahlen", "Key facts"), which the landmark rule reads
as page chrome. Standing inside the element that holds the story's paragraphs, with
paragraphs of the story before and after it, and made of words rather than links, such
an aside is the article's own; a box of links there ("More on this story") stays out,
and so does an aside named as a widget (related, newsletter, share). Not on a page that
declares a discussion (a thread's asides quote earlier posts) or a product (its asides
offer other products). The same holds for a box named as comments or reviews: readers'
comments follow the text, and such a box inside it is a critic's verdict, score, pros
and cons (`review_boxes`).
"""
from __future__ import annotations

from ..model import Block, BlockKind
from .belief import Placement
from .sections import article_paragraphs, common_element
from .tuning import FACT_BOX_MAX_LINKED_SHARE, FACT_BOX_MIN_WORDS, HEADLINE_MIN_LINKED
from .vocabulary import MARKDOWN_LINK_PATTERN

_ASIDE_STEP = "/aside["


def fact_boxes(blocks: list[Block], placements: list[Placement], chrome_aside: list[bool],
               weights: list[int], words: list[int], linked: list[int]) -> list[int]:
    """Indices of the blocks of each `<aside>` (blocks whose only reason to be out is
    that landmark: `chrome_aside`) set between two of the article's own paragraphs inside
    the aside's parent element, at most FACT_BOX_MAX_LINKED_SHARE of its words linked,
    at least FACT_BOX_MIN_WORDS outside links, and its first line with words (pictures
    aside) no link (HEADLINE_MIN_LINKED of its words linked: a teaser card's title)."""
    kept = [i for i, block in enumerate(blocks) if block.in_main]
    own = article_paragraphs(blocks, kept, weights)
    if len(own) < 2:
        return []
    boxes: dict[str, list[int]] = {}
    for i, block in enumerate(blocks):
        if chrome_aside[i] and placements[i].widget is None:
            at = block.xpath.rfind(_ASIDE_STEP)
            if at > 0:
                boxes.setdefault(block.xpath[:block.xpath.index("]", at) + 1], []).append(i)
    found: list[int] = []
    for aside, inside in boxes.items():
        if _in_text(blocks, own, aside, inside, words, linked):
            found.extend(inside)
    return found


def review_boxes(blocks: list[Block], in_comments: list[bool], weights: list[int],
                 words: list[int], linked: list[int]) -> list[int]:
    """Indices of the blocks of each run named as comments or reviews (`in_comments`:
    blocks whose only reason to be out is that name) that stands, as a box, between two
    of the article's own paragraphs inside the box's parent element, under the fact
    box's guards. Readers' comments follow the text; a box named "review" inside it is
    a critic's score, pros and cons or verdict, on a page that declares nothing."""
    kept = [i for i, block in enumerate(blocks) if block.in_main]
    own = article_paragraphs(blocks, kept, weights)
    if len(own) < 2:
        return []
    runs: list[list[int]] = []
    for i, flagged in enumerate(in_comments):
        if flagged:
            if runs and runs[-1][-1] == i - 1:
                runs[-1].append(i)
            else:
                runs.append([i])
    found: list[int] = []
    for run in runs:
        box = common_element(blocks[i].xpath for i in run)
        if _in_text(blocks, own, box, run, words, linked):
            found.extend(run)
    return found


def _in_text(blocks: list[Block], own: list[int], box: str, inside: list[int],
             words: list[int], linked: list[int]) -> bool:
    """Whether the box at `box` holding the blocks `inside` stands between two of the
    article's own paragraphs (`own`) inside its parent element, and is made of words."""
    parent = box.rsplit("/", 1)[0] + "/"
    if any(blocks[i].xpath.startswith(box + "/") for i in own):
        return False
    before = any(i < inside[0] and blocks[i].xpath.startswith(parent) for i in own)
    after = any(i > inside[-1] and blocks[i].xpath.startswith(parent) for i in own)
    held = sum(words[i] for i in inside)
    in_links = sum(linked[i] for i in inside)
    first = next((i for i in inside if words[i] and blocks[i].kind != BlockKind.IMAGE), None)
    teaser = first is not None and _link_line(blocks[first], words[first], linked[first])
    return (before and after and not teaser and held - in_links >= FACT_BOX_MIN_WORDS
            and in_links <= FACT_BOX_MAX_LINKED_SHARE * held)


def _link_line(block: Block, words: int, linked: int) -> bool:
    """Whether a line is a link: most of its words linked and a link in its Markdown (a
    heading's permalink to itself is not written), or (a link drawn around a heading
    from outside, `<a><h4>..</h4></a>`, counts no linked words in the block stage) its
    Markdown one whole link."""
    rich = block.rich_text.strip()
    return (linked >= HEADLINE_MIN_LINKED * words > 0 and MARKDOWN_LINK_PATTERN.search(rich)
            is not None or MARKDOWN_LINK_PATTERN.fullmatch(rich) is not None)

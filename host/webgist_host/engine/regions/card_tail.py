"""A tail of next-story cards closing the main content of a story.

After the article's text the main content may end in cards for other stories of the
site: each a heading that is one link to another page of the site, a picture, at most
one line about that story and a short "read more" link. When everything from such a
heading to the end of the main content is cards like it, the tail goes. The series
rules (sections.py, teaser_rails.py) read three cards, or a pair inside the text's
element; this reads one card or more, but only as the very end of the main content
of a page that says it is a dated article (see stage.py). The shapes are in tuning.py.
"""
from __future__ import annotations

from ..model import Block, BlockKind
from .site_links import host_of, links_within
from .tuning import CARD_LINE_MAX_WORDS, TAIL_MIN_TEXT_WORDS
from .vocabulary import MARKDOWN_LINK_PATTERN

# Emphasis and spaces around a heading that is one link as a whole ("**[Headline](…)**").
_EDGES = "*_ "
_PICTURES = frozenset({BlockKind.IMAGE, BlockKind.MEDIA, BlockKind.FIGURE_CAPTION})


def card_tail(blocks: list[Block], words: list[int], address: str | None) -> list[int]:
    """Indices of the main-content blocks from the first card heading after at least
    TAIL_MIN_TEXT_WORDS words of paragraphs to the end, when all of them are cards:
    a heading that is one link to another page of the site (not this page), then
    pictures, lines of at most CARD_LINE_MAX_WORDS words and at most one paragraph.
    One pass from the end: a second paragraph under a heading, or any other block,
    ends the tail there."""
    kept = [i for i, b in enumerate(blocks) if b.in_main]
    site = host_of(address or "")
    own = _page(address or "")
    above = [0] * (len(kept) + 1)     # paragraph words above each kept block
    for at, i in enumerate(kept):
        above[at + 1] = above[at] + (words[i] if blocks[i].kind == BlockKind.PARAGRAPH else 0)
    start, lines = None, 0
    for at in range(len(kept) - 1, -1, -1):
        i = kept[at]
        block = blocks[i]
        if _card_heading(block, site, own):
            if above[at] >= TAIL_MIN_TEXT_WORDS:
                start = at
            lines = 0
        elif block.kind in _PICTURES or words[i] <= CARD_LINE_MAX_WORDS:
            continue
        elif block.kind == BlockKind.PARAGRAPH and lines == 0:
            lines = 1
        else:
            break
    return [] if start is None else kept[start:]


def _card_heading(block: Block, site: str, own: str) -> bool:
    if block.kind != BlockKind.HEADING:
        return False
    link = MARKDOWN_LINK_PATTERN.fullmatch(block.rich_text.strip(_EDGES))
    return (link is not None and links_within(block.rich_text, site)
            and _page(link[2]) != own)


def _page(address: str) -> str:
    return address.split("#", 1)[0].rstrip("/")
